"""Events built once and kept for the tests of a module, instead of rebuilt for each test.

Vocabulary
----------
kept build   rows written once by a *build* function, inside a transaction left open around
             the tests of one module (of one xdist worker). Each test's own transaction
             (pytest-django's ``db``) nests inside it as a savepoint, so whatever a test writes
             is rolled back and the next test finds the build as it was. The transaction is
             rolled back when the module ends, and before any transactional test
             (``transactional_db``, ``live_server``), which needs a committed, empty database.
kept(...)    makes a module-scoped fixture of a build; the build returns plain values (primary
             keys, names), never model instances, which a test could change in memory. A
             transactional test cannot use one (its commits would land in the open
             transaction): it builds its own, e.g. ``demo_committed``.

A test reads a kept build through a function-scoped fixture that also asks for ``db`` and loads
fresh instances, e.g. ``demo`` in ``tests/tournament/conftest.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction

_open: list[KeptBuild] = []
NAMES: set[str] = set()  # the kept fixtures' names


class KeptBuild:
    """One build in its open transaction; `drop` rolls it back (once)."""

    def __init__(self, build: Callable[[], Any], blocker):
        self._blocker = blocker
        with blocker.unblock():
            self._atomic = transaction.atomic()
            self._atomic.__enter__()
            try:
                self.value = build()
            except BaseException:
                self._atomic.__exit__(*sys.exc_info())  # rolled back: nothing kept
                raise
        _open.append(self)

    @property
    def alive(self) -> bool:
        return self in _open

    def drop(self) -> None:
        if self not in _open:
            return
        _open.remove(self)
        with self._blocker.unblock():
            transaction.set_rollback(True)
            self._atomic.__exit__(None, None, None)


def drop_all() -> None:
    """Roll back every open build, newest first (before a transactional test)."""
    for build in reversed(list(_open)):
        build.drop()


def kept(name: str, build: Callable[[], Any]):
    """A module-scoped fixture ``name`` whose value is ``build()``'s, written once per module."""
    NAMES.add(name)

    @pytest.fixture(scope="module", name=name)
    def fixture(django_db_setup, django_db_blocker):
        held = KeptBuild(build, django_db_blocker)
        yield held
        held.drop()

    return fixture


def kept_value(held: KeptBuild, name: str):
    """The value of a kept build that is still open, or a failure that says why not."""
    if not held.alive:
        pytest.fail(
            f"the kept {name} was rolled back by a transactional test that ran before this "
            "one in the same module: run the suite with pytest-django's order (db tests first)"
        )
    return held.value
