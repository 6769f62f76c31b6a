"""The site under a real ASGI server for the tests that need one: the live stream holds its
connection open, which Django's test server (WSGI threads) cannot show.

Vocabulary: `AsgiServer` is uvicorn serving ``tournament.asgi`` on 127.0.0.1 and a free port,
over the caller's database (``DATABASE_URL`` of the test database), with the test settings;
`restart()` stops it and starts it again on the same port (every open stream is cut). A
browser that logs in reaches it as ``localhost`` (``AsgiServer("localhost")``).
"""

from __future__ import annotations

import sys

from django.db import connection

from benchmarks.http_desk import Server, database_url


class AsgiServer(Server):
    """uvicorn, one process; use as a context manager (`benchmarks.http_desk.Server`)."""

    def __init__(self, host: str = "127.0.0.1"):
        super().__init__(database_url(connection.settings_dict), workers=1)
        # Browsers keep the site's Secure cookies (debug is off) on http://localhost only.
        self.base = f"http://{host}:{self.port}"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "uvicorn", "tournament.asgi:application",
                "--host", "127.0.0.1", "--port", str(self.port), "--no-access-log",
                "--log-level", "warning", "--timeout-graceful-shutdown", "1"]  # fmt: skip

    def restart(self) -> None:
        self.stop()
        self.start()
