"""The scale-out layout on one machine's loopback ports (docs/deploy.md), and ``make bench-live``'s
way of starting it.

Vocabulary
----------
layout      `Layout`: how many processes of each kind, the proxy's port and the environment
            they all share (the database, Redis, the secret key...). Every process reads its
            settings from that environment and nothing else: they are stateless and
            interchangeable within their pool.
pool        the web processes one kind of request goes to: *public* (gunicorn: public pages,
            their fragments, the API, the health probe), *officials* (gunicorn: the desk, the
            console, the printouts, log-in, the admin), *streams* (uvicorn: the live updates'
            Server-Sent Events). Each pool is a set of single-process servers on ports of
            their own, so the proxy balances over them as it would over machines.
worker      ``manage.py db_worker``: makes the long PDFs and archives (the queue is a table of
            the database).
proxy       nginx with `render_nginx`'s configuration (``docs/deployment/scale-out.nginx.conf``
            filled in), run from a folder of its own; the only address clients use.
redis       a ``redis-server`` of the layout's own on a free port, without persistence, when
            the environment names no ``REDIS_URL``.
static      the site's static files (CSS, htmx, ``live.js``...), collected by ``manage.py
            collectstatic`` with the production storage (hashed names, compressed copies) into a
            folder of the layout's own (`static_collect`; ``DJANGO_STATIC_ROOT`` in every
            process), kept between runs under the temporary folder for as long as the static
            sources and the installed packages are the same. Debug is off, so WhiteNoise serves
            only that folder; the proxy keeps what it answers like any public answer. The
            launcher says it is ready only once the stylesheet, htmx and ``live.js`` answer 200
            through the proxy at the addresses the pages name (`STATIC_CHECKED`).
ports       the proxy's (``--port``), each web process's and Redis's: free ones chosen by the
            system, or, with ``--first-port N``, N (the proxy), N + 1, ... in the order public,
            officials, streams, Redis.
open files  every open live page holds a socket in uvicorn and two in nginx: the processes are
            started with the soft limit of open files raised to the hard one (`files_allow`).
yield       on one machine the pools share its cores: the spectators' processes (public,
            streams) and the workers run at a lower priority (`Layout.spectators_nice`, 5;
            ``nice``), so that when the cores are full a judge's save is served first. With
            the pools on machines of their own it does nothing.

Run (PostgreSQL named by ``DATABASE_URL``; migrated first)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/zj DJANGO_SECRET_KEY=... \\
        python scripts/scale_out.py --port 8080 --public 2 --officials 1 --streams 1 --workers 1

It prints the proxy's address and the processes, and stops them all on Ctrl-C.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import itertools
import json
import os
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "docs" / "deployment" / "scale-out.nginx.conf"
NGINX = os.environ.get("NGINX", shutil.which("nginx") or "/usr/sbin/nginx")
# The static files the launcher asks for through the proxy before it says it is ready: every
# page's stylesheet, htmx and the live pages' script (see *static*).
STATIC_CHECKED = ("css/site.css", "django_htmx/htmx-2.min.js", "tournament/live.js")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Layout:
    """The processes to start and the environment they share (see the vocabulary)."""

    port: int = 0  # the proxy's; 0: a free one (or first_port)
    first_port: int = 0  # 0: free ports; else first_port, first_port + 1, ... (see *ports*)
    public: int = 2
    officials: int = 1
    streams: int = 1
    workers: int = 1
    spectators_nice: int = 5  # see *yield*; 0: every process at the same priority
    env: dict = field(default_factory=dict)
    host: str = "127.0.0.1"
    ports: dict = field(default_factory=dict)  # pool -> ports, filled by `assign_ports`
    static_root: str = ""  # a folder already collected; "": the layout collects its own

    def assign_ports(self) -> None:
        following = (port for port in itertools.count(self.first_port) if port != self.port)
        take = (lambda: next(following)) if self.first_port else free_port
        self.port = self.port or take()
        for pool in ("public", "officials", "streams"):
            self.ports[pool] = [take() for _ in range(getattr(self, pool))]
        self.ports["redis"] = [take()]

    @property
    def base(self) -> str:
        return f"http://{self.host}:{self.port}"


def site_env(extra: dict | None = None) -> dict:
    """The environment of every process: the caller's, with what a loopback layout needs."""
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    env.setdefault("DJANGO_SECRET_KEY", "scale-out-" + secrets.token_urlsafe(40))
    env.setdefault("DJANGO_TRUSTED_PROXY_COUNT", "1")
    env.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")  # loopback: no HTTPS in front
    # The production storage (hashed names), served from the collected folder (see *static*).
    env.pop("DJANGO_PLAIN_STATIC", None)
    env.setdefault("DJANGO_DB_POOL", "4")
    env.pop("DJANGO_DEBUG", None)
    env.update(extra or {})
    return env


def static_digest(env: dict) -> str:
    """What the collected files depend on: the repository's static sources, every installed
    package's version (the admin's, htmx's, the API pages' files come from packages) and the
    settings module."""
    digest = hashlib.sha256(env.get("DJANGO_SETTINGS_MODULE", "").encode())
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    versions = sorted(  # a set: the project is found twice when its folder is on the path
        {
            f"{found.metadata['Name']}=={found.version}"
            for found in importlib.metadata.distributions()
        }
    )
    digest.update("\n".join(versions).encode())
    return digest.hexdigest()[:16]


def static_collect(env: dict, *, log=print) -> Path:
    """The layout's collected static files (see *static*): ``manage.py collectstatic`` with
    ``env`` into a new folder, renamed into place once complete (two launchers at once each
    collect, the first to finish is kept); an existing complete folder is used as it is."""
    kept = Path(tempfile.gettempdir()) / "zj-scale-out-static"
    folder = kept / static_digest(env)
    if (folder / "staticfiles.json").exists() or (folder / "css" / "site.css").exists():
        os.utime(folder)  # last used now: see the clearing below
        return folder
    kept.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix="collecting-", dir=kept))
    log(f"collecting the static files into {folder} (once per version of them)...")
    try:
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
            cwd=ROOT,
            env=dict(env, DJANGO_STATIC_ROOT=str(building)),
            check=True,
        )
        building.chmod(0o755)
        try:
            building.rename(folder)
        except OSError:  # another launcher's folder is there first: use it
            pass
    finally:
        shutil.rmtree(building, ignore_errors=True)
    for other in kept.iterdir():  # the folders of older static files, unused for a week
        if other != folder and time.time() - other.stat().st_mtime > 7 * 86400:
            shutil.rmtree(other, ignore_errors=True)
    return folder


def static_addresses(root: Path) -> list[str]:
    """The addresses the pages name for `STATIC_CHECKED` (hashed, from the collected manifest)."""
    manifest = root / "staticfiles.json"
    names = json.loads(manifest.read_text())["paths"] if manifest.exists() else {}
    return ["/static/" + names.get(name, name) for name in STATIC_CHECKED]


def render_nginx(layout: Layout, folder: Path) -> str:
    """The proxy's configuration for ``layout``, run from ``folder``."""

    def servers(pool: str) -> str:
        return "\n        ".join(
            f"server 127.0.0.1:{port} max_fails=0;" for port in layout.ports[pool]
        )

    text = TEMPLATE.read_text()
    for name, value in {
        "@FOLDER@": str(folder),
        "@HOST@": layout.host,
        "@PORT@": str(layout.port),
        "@PUBLIC_SERVERS@": servers("public"),
        "@OFFICIALS_SERVERS@": servers("officials"),
        "@STREAM_SERVERS@": servers("streams"),
    }.items():
        text = text.replace(name, value)
    return text


def commands(layout: Layout, folder: Path) -> list[tuple[str, list[str]]]:
    """Every process of the layout, named, as command lines (nginx last: it needs the rest)."""
    python = sys.executable
    found = []

    def gunicorn(port: int) -> list[str]:
        return [
            python,
            "-m",
            "gunicorn",
            "tournament.wsgi",
            "--workers",
            "1",
            "--bind",
            f"127.0.0.1:{port}",
            "--timeout",
            "60",
            "--graceful-timeout",
            "5",
            "--keep-alive",
            "30",
            "--access-logfile",
            "/dev/null",
            "--error-logfile",
            "-",
        ]

    def yielding(command: list[str]) -> list[str]:
        if not layout.spectators_nice:
            return command
        return ["nice", "-n", str(layout.spectators_nice), *command]

    for pool in ("public", "officials"):
        for index, port in enumerate(layout.ports[pool], 1):
            command = gunicorn(port)
            found.append(
                (
                    f"{pool} {index} (gunicorn :{port})",
                    command if pool == "officials" else yielding(command),
                )
            )
    for index, port in enumerate(layout.ports["streams"], 1):
        found.append(
            (
                f"streams {index} (uvicorn :{port})",
                yielding(
                    [
                        python,
                        "-m",
                        "uvicorn",
                        "tournament.asgi:application",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        str(port),
                        "--timeout-graceful-shutdown",
                        "2",
                        "--no-access-log",
                        "--backlog",
                        "4096",
                        "--timeout-keep-alive",
                        "30",
                    ]
                ),
            )
        )
    for index in range(1, layout.workers + 1):
        found.append(
            (
                f"worker {index} (db_worker)",
                yielding([python, "manage.py", "db_worker", "--no-reload", "--verbosity", "0"]),
            )
        )
    found.append(
        (
            f"proxy (nginx :{layout.port})",
            [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
        )
    )
    return found


def files_allow() -> int:
    """Raise this process's soft limit of open files to its hard limit (inherited by every
    process started after); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 65536
    if soft == resource.RLIM_INFINITY or soft >= hard:
        return soft
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


class Deployment:
    """The layout's processes, started together and stopped together (a context manager).

    Every process is the leader of its own process group, so `stop` ends it with whatever it
    started (gunicorn's worker, uvicorn's, nginx's); the folder (the proxy's configuration and
    logs, the jobs' files) is deleted afterwards."""

    def __init__(self, layout: Layout, *, log=print):
        self.layout = layout
        self.log = log
        self.folder = Path(tempfile.mkdtemp(prefix="zj-scale-out-"))
        self.processes: list[tuple[str, subprocess.Popen]] = []
        self.env: dict = {}

    def start(self) -> Deployment:
        layout = self.layout
        layout.assign_ports()
        self.open_files = files_allow()
        extra = dict(layout.env)
        extra.setdefault("DJANGO_MEDIA_ROOT", str(self.folder / "media"))
        # The streams warm a new version's fragments through the proxy (tournament.web.pagewarm).
        extra.setdefault("DJANGO_LIVE_WARM_URL", layout.base)
        self.static_root = Path(layout.static_root or static_collect(site_env(extra), log=self.log))
        extra["DJANGO_STATIC_ROOT"] = str(self.static_root)
        if not (extra.get("REDIS_URL") or os.environ.get("REDIS_URL")):
            extra["REDIS_URL"] = self._redis_start()
        self.env = site_env(extra)
        os.chmod(self.folder, 0o755)  # nginx's workers run as nobody when started by root
        (self.folder / "nginx.conf").write_text(render_nginx(layout, self.folder))
        try:
            for name, command in commands(layout, self.folder):
                if name.startswith("proxy"):
                    self._wait_for_pools()
                self._spawn(name, command)
            self._wait(layout.base + "/healthz/", "the proxy")
            self.static_check()
        except BaseException:
            self.stop()
            raise
        return self

    def _spawn(self, name: str, command: list[str]) -> subprocess.Popen:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=open(self.folder / f"{name.split(' (')[0].replace(' ', '-')}.log", "wb"),  # noqa: SIM115
            start_new_session=True,
        )
        self.processes.append((name, process))
        return process

    def static_check(self) -> None:
        """Every file of `STATIC_CHECKED` answers 200, not empty, through the proxy at the
        address the pages name; else the layout is not ready (see *static*)."""
        for address in static_addresses(self.static_root):
            try:
                with urllib.request.urlopen(self.layout.base + address, timeout=10) as answer:
                    if answer.status == 200 and answer.read(1):
                        continue
                    status = answer.status
            except urllib.error.HTTPError as error:
                status = error.code
            raise RuntimeError(
                f"the proxy answers {address} with {status}, not the file: are the static "
                f"files collected into {self.static_root}? (docs/deploy.md)"
            )

    def _redis_start(self) -> str:
        port = self.layout.ports["redis"][0]
        self._spawn(
            f"redis (:{port})",
            [
                "redis-server",
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--maxmemory",
                "256mb",
                "--maxmemory-policy",
                "allkeys-lru",
            ],
        )
        return f"redis://127.0.0.1:{port}/0"

    def _wait_for_pools(self) -> None:
        for pool in ("public", "officials", "streams"):
            for port in self.layout.ports[pool]:
                self._wait(f"http://127.0.0.1:{port}/healthz/", f"{pool} :{port}")

    def _wait(self, url: str, what: str, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for name, process in self.processes:
                if process.poll() is not None:
                    raise RuntimeError(f"{name} stopped: {self.log_tail(name)}")
            try:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
        raise RuntimeError(f"{what} did not answer {url} within {seconds:.0f} s")

    def log_tail(self, name: str) -> str:
        path = self.folder / f"{name.split(' (')[0].replace(' ', '-')}.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def stop(self) -> None:
        """SIGTERM every process group, newest first; SIGKILL what is left after 10 s."""
        for _, process in reversed(self.processes):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 10
        for _, process in reversed(self.processes):
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                process.wait(timeout=10)
        self.processes.clear()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Deployment:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def stop_on_sigterm() -> None:
    """A SIGTERM (or SIGHUP) ends the program as Ctrl-C does, through every ``finally``."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGHUP, interrupt)
    signal.signal(signal.SIGINT, interrupt)  # even when started with Ctrl-C ignored (``&``)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080, help="the proxy's port (8080)")
    parser.add_argument(
        "--first-port",
        type=int,
        default=0,
        help="the web processes' and Redis's ports from this one up (default: free ones)",
    )
    parser.add_argument(
        "--static-root",
        default="",
        help="serve this folder, collected already (default: collect into one of the layout's)",
    )
    parser.add_argument("--public", type=int, default=2, help="public web processes (2)")
    parser.add_argument("--officials", type=int, default=1, help="officials' web processes (1)")
    parser.add_argument("--streams", type=int, default=1, help="uvicorn processes (1)")
    parser.add_argument("--workers", type=int, default=1, help="db_worker processes (1)")
    parser.add_argument(
        "--spectators-nice",
        type=int,
        default=5,
        help="niceness of the public, streams and worker processes (5; 0: none)",
    )
    parser.add_argument("--print-config", action="store_true", help="print nginx.conf and stop")
    options = parser.parse_args()
    layout = Layout(
        port=options.port,
        first_port=options.first_port,
        static_root=options.static_root,
        public=options.public,
        officials=options.officials,
        streams=options.streams,
        workers=options.workers,
        spectators_nice=options.spectators_nice,
    )
    if options.print_config:
        layout.assign_ports()
        print(render_nginx(layout, Path(tempfile.gettempdir()) / "zj-scale-out"))
        return
    if "DATABASE_URL" not in os.environ:
        print("Set DATABASE_URL (PostgreSQL) first: docs/deploy.md.", file=sys.stderr)
        raise SystemExit(2)
    stop_on_sigterm()
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=site_env(),
        check=True,
    )
    with Deployment(layout) as deployment:
        print(f"Serving on {layout.base} (Ctrl-C to stop everything)")
        for name, process in deployment.processes:
            print(f"  pid {process.pid:>7}  {name}")
        try:
            while all(process.poll() is None for _, process in deployment.processes):
                time.sleep(1)
            print("A process stopped: stopping the rest.", file=sys.stderr)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
