"""Locust users for ``make bench-load`` (see ``bench_load.py``, which sets ``ZJ_LOAD_*``) and
``make bench-live`` (``bench_live.py``: the phones, ``ZJ_LIVE_*``). Each bench names the classes
it runs.

Vocabulary: a *visitor* reads the public standings and the players' list (the player page);
a *judge* logs in once and previews hands at the desk as they type; the *static* task fetches
the site's stylesheet from the same server, the floor every request is compared with.

A *phone* (`StandingsPhone`, `ProjectorPhone`) is a spectator's open live page, as
``static/tournament/live.js`` drives it: it loads the page, holds the tournament's stream
(``/t/<slug>/live/?page=``: the fragment's address, as the script sends it) open, and when a
``version`` event differs from the version its fragment was drawn at, waits a moment drawn
between 0 and ``SPREAD`` seconds, as the script does, and fetches the fragment again
(``HX-Request``, the ``ETag`` it has and, as the script does while its stream is open,
``X-Live-Version``: the version heard); versions heard while it waits or fetches are answered
by the fetch under way or the next one. Now and then it reloads the whole page (a
refresh). Each version heard is *recorded*: the wall-clock time it was heard, the version,
and when the fragment fetched after it arrived; so is each page or fragment asked for (when it
was asked, its name, its milliseconds), so the bench can take the figures of a time window.
At the end the records are written as JSON to ``ZJ_LIVE_RECORDS`` plus ``.<pid>`` (one file a
process: the bench runs locust's ``--processes``), and ``ZJ_LIVE_READY`` is created once every
phone has started.
"""

import json
import os
import random
import re
import socket
import time
from pathlib import Path
from urllib.parse import quote

import gevent
from locust import FastHttpUser, HttpUser, between, events, task
from locust.runners import WorkerRunner

SLUG = os.environ.get("ZJ_LOAD_SLUG", "load-open")
SHEET = os.environ.get("ZJ_LOAD_SHEET", f"/t/{SLUG}/desk/round/1/table/1/")
JUDGE = os.environ.get("ZJ_LOAD_JUDGE", "load-judge")
HAND = {
    "number": "1",
    "outcome": "win",
    "win_type": "discard",
    "tiles": "123m 456p 789s 234s 5m",
    "winning_tile": "5m",
}


class Visitor(HttpUser):
    weight = 3
    wait_time = between(0.05, 0.2)

    @task(3)
    def standings(self):
        self.client.get(f"/t/{SLUG}/standings/", name="standings")

    @task(2)
    def player_page(self):
        self.client.get(f"/t/{SLUG}/players/?q=Player", name="player page")

    @task(2)
    def static_file(self):
        self.client.get("/static/css/site.css", name="static file")


class Judge(HttpUser):
    weight = 1
    wait_time = between(0.05, 0.2)

    def on_start(self):
        self.client.get("/login/", name="log-in")
        for cookie in self.client.cookies:
            cookie.secure = False
        self.client.post(
            "/login/",
            {"username": JUDGE, "password": "pw"},
            headers={"X-CSRFToken": self.client.cookies.get("csrftoken", "")},
            name="log-in",
            allow_redirects=False,
        )
        # The server marks its cookies Secure (debug off); this run is plain HTTP on loopback.
        for cookie in self.client.cookies:
            cookie.secure = False
        self.hand = dict(HAND, winner=os.environ["ZJ_LOAD_WINNER"],
                         discarder=os.environ["ZJ_LOAD_DISCARDER"])  # fmt: skip

    @task
    def preview(self):
        with self.client.post(
            SHEET + "preview/",
            self.hand,
            headers={"X-CSRFToken": self.client.cookies.get("csrftoken", ""), "HX-Request": "true"},
            name="hand preview",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code != 200 or "data-preview-state" not in response.text:
                response.failure(f"not a preview: {response.status_code}")


LIVE_SLUG = os.environ.get("ZJ_LIVE_SLUG", "live-400")
DRAWN_AT = re.compile(r'data-version="([0-9a-f]+)"')
VERSION_EVENT = re.compile(rb"event: version\ndata: ([0-9a-f]+)\n")
RECORDS: list[dict] = []
SPREAD = 1.0  # seconds: static/tournament/live.js's SPREAD_MS


class _Phone(FastHttpUser):
    """One open live page (see the vocabulary); subclasses name the page."""

    abstract = True
    page = ""
    page_name = ""
    wait_time = between(30, 60)  # between two reloads of the whole page
    network_timeout = 30.0
    connection_timeout = 10.0

    def on_start(self):
        self.etag = ""
        self.drawn_at = ""
        self.heard_last = ""
        self.fetching = False
        self.waiting: list[list] = []  # records heard while a fetch was under way
        self.heard: list[list] = []  # [heard at, version, fetched at]
        self.asked: list[list] = []  # [asked at, name, ms]
        RECORDS.append({"page": self.page, "heard": self.heard, "asked": self.asked})
        self.load(self.page_name)
        self.listener = gevent.spawn(self.listen)

    def on_stop(self):
        self.listener.kill(block=False)

    @task
    def reload(self):
        self.load(self.page_name)

    def load(self, name: str, fragment: bool = False) -> None:
        headers = {"HX-Request": "true", "X-Live-Version": self.heard_last} if fragment else {}
        if fragment and self.etag:
            headers["If-None-Match"] = self.etag
        asked_at, started = time.time(), time.perf_counter()
        with self.client.get(self.page, headers=headers, name=name, catch_response=True) as got:
            self.asked.append([asked_at, name, (time.perf_counter() - started) * 1000])
            if got.status_code == 304:
                got.success()
                return
            if got.status_code != 200:
                got.failure(f"{got.status_code}")
                return
            found = DRAWN_AT.search(got.text[:4000] if fragment else got.text)
            if found is None:
                got.failure("no data-version")
                return
            self.drawn_at = found.group(1)
            self.etag = got.headers.get("ETag", "") if fragment else ""

    def listen(self) -> None:
        """Hold the stream open (HTTP/1.0: the events come unchunked), reconnect when it ends."""
        host, port = self.host.removeprefix("http://").rstrip("/").split(":")
        while True:
            started = time.perf_counter()
            try:
                stream = socket.create_connection((host, int(port)), timeout=60)
                stream.sendall(
                    f"GET /t/{LIVE_SLUG}/live/?page={quote(self.page, safe='')} HTTP/1.0\r\n"
                    f"Host: {host}\r\n"
                    "Accept: text/event-stream\r\n\r\n".encode()
                )
                buffer = b""
                while b"\r\n\r\n" not in buffer:
                    chunk = stream.recv(4096)
                    if not chunk:
                        raise ConnectionError("closed before the headers")
                    buffer += chunk
                head, buffer = buffer.split(b"\r\n\r\n", 1)
                status = head.split(b" ", 2)[1]
                self.environment.events.request.fire(
                    request_type="GET",
                    name="live stream (open)",
                    context={},
                    response_time=(time.perf_counter() - started) * 1000,
                    response_length=0,
                    exception=None if status == b"200" else ConnectionError(status.decode()),
                    response=None,
                )
                if status != b"200":
                    gevent.sleep(5)
                    continue
                while True:
                    for found in VERSION_EVENT.finditer(buffer):
                        self.heard_version(found.group(1).decode())
                    buffer = buffer[buffer.rfind(b"\n\n") + 2 :] if b"\n\n" in buffer else buffer
                    chunk = stream.recv(4096)
                    if not chunk:
                        break  # the stream's lifetime ended: reconnect, as a browser does
                    buffer += chunk
                stream.close()
            except OSError as error:
                self.environment.events.request.fire(
                    request_type="GET",
                    name="live stream (open)",
                    context={},
                    response_time=(time.perf_counter() - started) * 1000,
                    response_length=0,
                    exception=error,
                    response=None,
                )
                gevent.sleep(5)

    def heard_version(self, version: str) -> None:
        record = [time.time(), version, None]
        self.heard.append(record)
        self.heard_last = version
        if version == self.drawn_at:
            record[2] = record[0]  # nothing to fetch: the page already shows it
            return
        self.waiting.append(record)
        if not self.fetching:
            gevent.spawn(self.fetch)

    def fetch(self) -> None:
        """Wait the spread, then fetch until no version heard is left waiting; each fetch
        answers those heard before it started."""
        self.fetching = True
        try:
            gevent.sleep(random.uniform(0, SPREAD))
            while self.waiting:
                answered, self.waiting = self.waiting, []
                self.load(self.page_name + " fragment", fragment=True)
                for record in answered:
                    record[2] = time.time()
        finally:
            self.fetching = False


class StandingsPhone(_Phone):
    weight = 99
    page = f"/t/{LIVE_SLUG}/standings/"
    page_name = "standings"


class ProjectorPhone(_Phone):
    weight = 1
    page = f"/t/{LIVE_SLUG}/projector/standings/"
    page_name = "projector"


@events.spawning_complete.add_listener
def _all_started(user_count, **kwargs):
    # With --processes the workers spawn their share; the master hears when all have.
    if os.environ.get("ZJ_LIVE_READY") and not isinstance(_runner(), WorkerRunner):
        Path(os.environ["ZJ_LIVE_READY"]).write_text(str(user_count))


@events.quitting.add_listener
def _records_write(environment, **kwargs):
    # One file a process (--processes: each worker holds its own phones).
    if os.environ.get("ZJ_LIVE_RECORDS") and RECORDS:
        Path(f"{os.environ['ZJ_LIVE_RECORDS']}.{os.getpid()}").write_text(json.dumps(RECORDS))


_environment = []


@events.init.add_listener
def _environment_note(environment, **kwargs):
    _environment.append(environment)


def _runner():
    return _environment[0].runner if _environment else None
