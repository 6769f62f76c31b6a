"""Live updates: an open page learns within a second or two that its tournament changed.

Vocabulary
----------
version     a tournament's ``last_write`` as text (`version_of`: microseconds, in hex), the
            same text that opens the public pages' ``ETag`` (`tournament.release`). Every
            public write moves it once (`tournament.audit`), so a new version means "fetch
            the page again"; it says nothing else, and it is no secret.
listener    one open stream of one tournament's versions: an asyncio queue that keeps only
            the newest version (`listening`).
watcher     one asyncio task per process (per event loop), started by the first listener and
            ended with the last: about once a `TICK` it reads the last write of every
            tournament that has listeners, in one query however many listeners there are,
            and hands each version that moved on to that tournament's listeners. It reads
            through a thread of its own (`sync_to_async` on one worker thread), so the open
            streams of a process hold one database connection between them, not one each.
wake        a write committed in this process wakes its watcher at once (`last_write_moved`,
            called on commit by `tournament.audit`), so a single process (the demo) does not wait
            for the tick; a write in another process (gunicorn's workers beside the ASGI
            server) is seen at the next tick.
warm        what a listener's page will ask for when it hears a new version (its fragment, in
            its language): a hashable callable the stream hands over (`tournament.web.pagewarm`'s
            `FragmentWarm`). When a tournament's version moves on, the watcher calls each
            distinct warm of its listeners once (the `WARM_MOST` most listened), in its
            thread, *before* it hands the version on: the fragment is then built and kept
            once, and a hall of phones that fetch it together all find it ready instead of
            waiting for one of them to build it (docs/deploy.md). A warm that fails is logged;
            the version is handed on all the same.

No Redis, no message broker: the database is the one place that says what changed, and the
watcher's single query is cheap. When the database does not answer, the watcher logs it and
tries again at the next tick; the listeners keep the version they have.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections import Counter
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

from asgiref.sync import sync_to_async
from django.db import close_old_connections, connections

from ..models import Tournament

logger = logging.getLogger(__name__)

#: Seconds between two reads of the watcher (the longest a write in another process waits):
#: one small query per tick and stream process, for a browser's update within 2 s (p95) of a
#: save (`make bench-live`), with the pages' half-second spread (`live.js`) after it.
TICK = 0.5
#: The most distinct warms run for one new version (the pages most listened to first).
WARM_MOST = 8

#: A warm (see the vocabulary): called with the new version, hashable, equal when it warms the
#: same.
Warm = Callable[[str], object]

_reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zj-live")


def version_of(last_write: dt.datetime | None) -> str:
    """A tournament's version (see the vocabulary); "0" before its first write."""
    if last_write is None:
        return "0"
    return f"{int(last_write.timestamp() * 1e6):x}"


def _versions_read(tournament_ids: list[int]) -> dict[int, str]:
    """One query: the version of each tournament still there (in the watcher's thread, whose
    connection follows ``CONN_MAX_AGE`` as a request's does)."""
    close_old_connections()
    rows = Tournament.objects.filter(pk__in=tournament_ids).values_list("pk", "last_write")
    return {pk: version_of(last_write) for pk, last_write in rows.order_by()}


def _reader_close() -> None:
    connections.close_all()


def _warms_run(warms: list[tuple[Warm, str]]) -> None:
    """Run each warm at its version in the watcher's thread (see the vocabulary); a failure is
    logged."""
    close_old_connections()
    for warm, version in warms:
        try:
            warm(version)
        except Exception:  # noqa: BLE001 - a page not warmed is built when asked for
            logger.warning("Live updates: warming %r failed", warm, exc_info=True)


class _Listener:
    """A queue that holds the newest version only: a slow reader skips versions, never lags."""

    def __init__(self, warm: Warm | None = None) -> None:
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        self.warm = warm

    def offer(self, version: str) -> None:
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(version)

    async def next(self, timeout: float) -> str | None:
        """The next version, or None when none came within ``timeout`` seconds."""
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None


class _Watcher:
    """The listeners of one event loop and the task that reads for them (see the vocabulary)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.listeners: dict[int, set[_Listener]] = {}
        self.versions: dict[int, str] = {}
        self.woken = asyncio.Event()
        self.task: asyncio.Task | None = None

    def add(self, tournament_id: int, listener: _Listener) -> None:
        # A new listener is not offered the version known here: the stream has just read a
        # fresher one, and the next read hands on any change after it.
        self.listeners.setdefault(tournament_id, set()).add(listener)
        if self.task is None:
            self.task = self.loop.create_task(self._run(), name="zj-live-watcher")

    def remove(self, tournament_id: int, listener: _Listener) -> None:
        listening = self.listeners.get(tournament_id)
        if listening is not None:
            listening.discard(listener)
            if not listening:
                del self.listeners[tournament_id]
                self.versions.pop(tournament_id, None)

    async def _run(self) -> None:
        read = sync_to_async(_versions_read, thread_sensitive=False, executor=_reader)
        warm = sync_to_async(_warms_run, thread_sensitive=False, executor=_reader)
        try:
            while self.listeners:
                try:
                    found = await read(list(self.listeners))
                except Exception:  # noqa: BLE001 - the database is away: try at the next tick
                    logger.warning("Live updates: the versions could not be read", exc_info=True)
                    found = {}
                moved = {
                    tournament_id: version
                    for tournament_id, version in found.items()
                    if self.versions.get(tournament_id) != version
                }
                warms = self._warms(
                    {pk: version for pk, version in moved.items() if pk in self.versions}
                )
                if warms:
                    await warm(warms)
                for tournament_id, version in moved.items():
                    self.versions[tournament_id] = version
                    for listener in self.listeners.get(tournament_id, ()):
                        listener.offer(version)
                self.woken.clear()
                try:
                    await asyncio.wait_for(self.woken.wait(), TICK)
                except TimeoutError:
                    pass
        finally:
            # No await between the last look at the listeners and this: a listener added
            # from now on starts a new task. The reader's connection is closed after the
            # reads already queued, whether the watcher ended or was cancelled.
            self.task = None
            if _watchers.get(self.loop) is self:
                del _watchers[self.loop]
            _reader.submit(_reader_close)

    def _warms(self, moved: dict[int, str]) -> list[tuple[Warm, str]]:
        """The distinct warms of the listeners of the tournaments whose version ``moved``, each
        with its new version, the most listened first, at most `WARM_MOST` (a tournament seen
        for the first time is not in ``moved``: its listeners were just given the version)."""
        counted = Counter(
            (listener.warm, version)
            for tournament_id, version in moved.items()
            for listener in self.listeners.get(tournament_id, ())
            if listener.warm is not None
        )
        return [pair for pair, _ in counted.most_common(WARM_MOST)]


_watchers: dict[asyncio.AbstractEventLoop, _Watcher] = {}


def _watcher() -> _Watcher:
    loop = asyncio.get_running_loop()
    watcher = _watchers.get(loop)
    if watcher is None:
        watcher = _watchers[loop] = _Watcher(loop)
    return watcher


@asynccontextmanager
async def listening(tournament_id: int, warm: Warm | None = None) -> AsyncIterator[_Listener]:
    """Listen to one tournament's versions while the block runs (see *listener*), warming
    ``warm`` before each new version is handed on (see *warm*)."""
    watcher = _watcher()
    listener = _Listener(warm)
    watcher.add(tournament_id, listener)
    try:
        yield listener
    finally:
        watcher.remove(tournament_id, listener)


def last_write_moved() -> None:
    """The stream's one entry point: a write that moved a tournament's last write was committed
    (`tournament.audit` calls this on commit). Wakes every watcher of this process (see
    *wake*); safe from any thread, and nearly free when nobody listens."""
    for loop, watcher in list(_watchers.items()):
        try:
            loop.call_soon_threadsafe(watcher.woken.set)
        except RuntimeError:  # the loop is closed
            _watchers.pop(loop, None)


def watched() -> dict[int, int]:
    """How many listeners each tournament has in this thread's event loop (for tests)."""
    watcher = _watchers.get(asyncio.get_running_loop())
    if watcher is None:
        return {}
    return {pk: len(listeners) for pk, listeners in watcher.listeners.items()}
