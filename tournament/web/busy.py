"""Answers for a database that is busy rather than broken.

Vocabulary
----------
busy    SQLite's one write lock is held by another writer for longer than the connection's
        timeout (``DJANGO_SQLITE_TIMEOUT``): the write was not made, and trying again in a moment
        will work. `is_database_busy` recognises it; views that hold a typed form (the desk's
        hand save) catch it themselves to keep what was typed; `DatabaseBusyMiddleware` turns
        any other into a "busy, try again" page (status 503), never a 500.
"""

from __future__ import annotations

from django.db import OperationalError
from django.shortcuts import render
from django.utils.translation import gettext_lazy

BUSY_MESSAGE = gettext_lazy(
    "The database is busy with another change (for example a seating being saved). Nothing was "
    "saved: try again in a moment."
)


def is_database_busy(error: BaseException) -> bool:
    if not isinstance(error, OperationalError):
        return False
    text = str(error).lower()
    return "database is locked" in text or "database table is locked" in text


class DatabaseBusyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if is_database_busy(exception):
            response = render(request, "busy.html", {"message": BUSY_MESSAGE}, status=503)
            response["Retry-After"] = "5"
            return response
        return None
