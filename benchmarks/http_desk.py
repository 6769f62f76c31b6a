"""The judges' desk over real HTTP: a gunicorn server and judges driving it from threads.

Shared by the concurrency and fault tests (``tests/tournament/desk/test_http_desk.py``, 100
hands in ``make test``) and ``make bench-load`` (1,000 hands, plus locust).

Vocabulary
----------
server          `Server`: gunicorn with N workers on 127.0.0.1 and a free port, over the same
                database as the caller (``DATABASE_URL``); `kill()` sends SIGKILL to all of it.
judge           `Judge`: one official's browser: cookies, CSRF token, log-in; no redirects
                followed, so a 302 after a save *is* the acknowledgement.
table plan      `TablePlan`: a session's sheet address and its players by starting wind.
acknowledged    a save answered 302: the desk told the judge "saved". Every acknowledged save
                must be in the database once; every refusal must be clear (`Outcome.kind`).
pace            seconds from one save's start to the next (``fill_tables(pace=...)``): 0 is as
                fast as the server answers; a human judge reading a slip and typing it takes
                several seconds (``make bench-live``).
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SMALL = "123m 456p 789s 234s 5m"
BIG = "123m 123m 456m 789m 5m"
NUMBER = re.compile(r'name="number" value="(\d+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url(settings_dict: dict) -> str:
    """The ``DATABASE_URL`` of a Django connection's settings (SQLite file or PostgreSQL)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return "sqlite:///" + str(Path(settings_dict["NAME"]).resolve())
    user = urllib.parse.quote(settings_dict.get("USER") or "")
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{urllib.parse.quote(password)}@" if password else f"{user}@"
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


class Server:
    """gunicorn serving the site; use as a context manager."""

    def __init__(self, database: str, *, workers: int = 4, settings: str = "tests.settings"):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = dict(
            os.environ,
            DATABASE_URL=database,
            DJANGO_SETTINGS_MODULE=settings,
            DJANGO_SECRET_KEY=os.environ.get("DJANGO_SECRET_KEY", "http-desk-secret-" + "x" * 40),
            DJANGO_SECURE_SSL_REDIRECT="0",
            DJANGO_PLAIN_STATIC="1",
            DJANGO_LOGIN_FAILURES="1000",
        )
        self.env.pop("DJANGO_DEBUG", None)
        self.workers = workers
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        return [sys.executable, "-m", "gunicorn", "tournament.wsgi",
                "--workers", str(self.workers), "--bind", f"127.0.0.1:{self.port}",
                "--timeout", "60", "--graceful-timeout", "5",
                "--access-logfile", "-" if os.environ.get("HTTP_DESK_LOG") else "/dev/null",
                "--error-logfile", "-"]  # fmt: skip

    def start(self) -> Server:
        self.process = subprocess.Popen(
            self.command(),
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE if not os.environ.get("HTTP_DESK_LOG") else None,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn stopped: {self._stderr()}")
            try:
                with urllib.request.urlopen(self.base + "/calculator/", timeout=5) as answer:
                    if answer.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("gunicorn did not answer within 60 s")

    def _stderr(self) -> str:
        if self.process and self.process.stderr:
            return self.process.stderr.read().decode(errors="replace")[-3000:]
        return ""

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: no clean shutdown at all."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class _InsecureCookiesAllowed(http.cookiejar.DefaultCookiePolicy):
    """The server sets Secure cookies (debug off); the harness talks plain HTTP on loopback."""

    def return_ok_secure(self, cookie, request):
        return True

    def set_ok(self, cookie, request):
        return True


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass
class Answer:
    status: int
    body: str
    location: str = ""


class Judge:
    def __init__(self, base: str, username: str, password: str):
        self.base, self.username, self.password = base, username, password
        self.jar = http.cookiejar.CookieJar(policy=_InsecureCookiesAllowed())
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def request(self, path: str, data: dict | None = None) -> Answer:
        body = None
        headers = {"Referer": self.base + path}
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
            headers["X-CSRFToken"] = self.csrf()
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=60) as answer:
                return Answer(answer.status, answer.read().decode(errors="replace"))
        except urllib.error.HTTPError as answer:
            return Answer(
                answer.code,
                answer.read().decode(errors="replace"),
                answer.headers.get("Location", ""),
            )

    def csrf(self) -> str:
        for cookie in self.jar:
            if cookie.name == "csrftoken":
                return cookie.value
        return ""

    def log_in(self) -> None:
        self.request("/login/")
        answer = self.request(
            "/login/", {"username": self.username, "password": self.password, "next": "/"}
        )
        if answer.status != 302:
            raise RuntimeError(f"{self.username} could not log in ({answer.status})")


@dataclass(frozen=True)
class TablePlan:
    path: str  # the session sheet
    players: dict[str, int]  # starting wind -> player id

    def hand(self, number: int) -> dict:
        """A valid hand for ``number``: mostly small wins, every fifth a draw, every seventh big."""
        if number % 5 == 0:
            return {"number": number, "outcome": "draw"}
        tiles = BIG if number % 7 == 0 else SMALL
        return {
            "number": number,
            "outcome": "win",
            "winner": self.players["S"],
            "win_type": "discard",
            "discarder": self.players["W"],
            "tiles": tiles,
            "winning_tile": "5m",
        }


@dataclass
class Outcome:
    """What one judge saw."""

    acknowledged: list[tuple[str, int]] = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)
    unclear: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    saved_at: list[tuple[float, float]] = field(default_factory=list)  # wall clock: sent, answered
    lost: str = ""  # the server went away (only the kill test expects it)


def classify(answer: Answer) -> str:
    if answer.status == 302:
        return "saved"
    if answer.status == 422 and "has already been saved" in answer.body:
        return "refused: number taken"
    if answer.status == 422 and ("was reconciled" in answer.body or "was closed" in answer.body):
        return "refused: session closed"
    if answer.status == 503 and "try again" in answer.body:
        return "refused: busy"
    return "unclear"


def fill_tables(
    judge: Judge, plans: list[TablePlan], outcome: Outcome, stop=None, pace: float = 0.0
) -> None:
    """Enter hands at these tables until each sheet offers no next hand (or ``stop`` is set,
    or the server goes away), one save every ``pace`` seconds at most."""
    try:
        _fill(judge, plans, outcome, stop, pace)
    except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
        outcome.kinds["connection lost"] += 1
        outcome.lost = f"{type(error).__name__}: {error}"


def _fill(judge: Judge, plans: list[TablePlan], outcome: Outcome, stop, pace: float) -> None:
    for plan in plans:
        while stop is None or not stop.is_set():
            sheet = judge.request(plan.path)
            if sheet.status != 200:
                outcome.unclear.append(f"GET {plan.path}: {sheet.status}")
                break
            found = NUMBER.search(sheet.body)
            if found is None:
                break  # the session is full or closed
            number = int(found.group(1))
            sent = time.time()
            started = time.perf_counter()
            answer = judge.request(plan.path, plan.hand(number))
            outcome.seconds.append(time.perf_counter() - started)
            kind = classify(answer)
            outcome.kinds[kind] += 1
            if kind == "saved":
                outcome.acknowledged.append((plan.path, number))
                outcome.saved_at.append((sent, time.time()))
            elif kind == "unclear":
                outcome.unclear.append(f"POST {plan.path} #{number}: {answer.status}")
                break  # a server fault: report it rather than retry forever
            elif kind == "refused: session closed":
                break
            rest = pace - (time.perf_counter() - started)
            if rest > 0 and (stop.wait(rest) if stop is not None else time.sleep(rest)):
                return


def run_judges(judges: list[Judge], work) -> list[Outcome]:
    """Run ``work(judge, outcome)`` in one thread per judge; return their outcomes."""
    outcomes = [Outcome() for _ in judges]
    threads = [
        threading.Thread(target=work, args=(judge, outcome))
        for judge, outcome in zip(judges, outcomes, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def correction_race(judges: list[Judge], edit_path: str, data: dict) -> list[Answer]:
    """Every judge opens the same hand's edit page, then all post a correction at once."""
    versions = []
    for judge in judges:
        page = judge.request(edit_path)
        versions.append(VERSION.search(page.body).group(1))
    barrier = threading.Barrier(len(judges))
    answers: list[Answer | None] = [None] * len(judges)

    def post(index):
        barrier.wait()
        payload = dict(data, version=versions[index], reason=f"race {index}")
        answers[index] = judges[index].request(edit_path, payload)

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(judges))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
