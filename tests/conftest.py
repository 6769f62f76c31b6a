"""Set-up shared by the whole suite.

Vocabulary
----------
expected skip   a test marked ``only_on(vendor, reason)`` run on the other database: the SQLite
                pass leaves out what needs PostgreSQL's two connections at once, the PostgreSQL
                pass what is about SQLite's file and write lock. No other skip is expected.
CI              ``CI=true`` in the environment (``.ci/run``): there an unexpected skip (a missing
                browser, poppler, font, nginx, Redis...) fails its test, since coverage lost in
                silence is a failure; every run ends with the count of each kind of skip.
kept build      an event built once for a module's tests (``tests/kept.py``): a test sees one
                only when it asks for it, and never in a transactional test.

The translation catalogues are compiled before any test runs when a ``.po`` file is newer than
its ``.mo`` (``make test`` compiles them too; this covers ``pytest`` run on its own after a
catalogue changed).
"""

import os
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

from tests import kept

LOCALE = Path(__file__).resolve().parent.parent / "locale"
CI = os.environ.get("CI", "").lower() == "true"
DATABASES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
EXPECTED = "expected on this database: only on "


def pytest_configure(config):
    if hasattr(config, "workerinput"):  # an xdist worker: the controller compiled them
        return
    for source in LOCALE.glob("*/LC_MESSAGES/*.po"):
        compiled = source.with_suffix(".mo")
        if not compiled.exists() or compiled.stat().st_mtime < source.stat().st_mtime:
            subprocess.run(
                ["msgfmt", "--check-format", "-o", str(compiled), str(source)], check=True
            )


def _transactional(item) -> bool:
    """Whether pytest-django gives ``item`` a committed database (as it decides itself)."""
    from pytest_django.plugin import validate_django_db

    marker = item.get_closest_marker("django_db")
    if marker:
        transaction, reset_sequences, *_ = validate_django_db(marker)
        if transaction or reset_sequences:
            return True
    names = getattr(item, "fixturenames", ())
    return "transactional_db" in names or "live_server" in names


def _wants_kept(item) -> bool:
    return bool(kept.NAMES.intersection(getattr(item, "fixturenames", ())))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Within each run of a module's tests (pytest-django has put the transactional ones after
    the others), the tests that read a kept build come first: the build is then rolled back
    once, before the module's first test that does not ask for it, which finds the database
    without it whichever worker runs it."""
    runs, run, previous = {}, 0, None
    for item in items:
        if item.path != previous:
            run, previous = run + 1, item.path
        runs[item] = run
    items.sort(key=lambda item: (runs[item], not _wants_kept(item)))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    if not _wants_kept(item):
        kept.drop_all()  # a test sees a kept build only when it asks for one
    elif _transactional(item):  # its commits would land in the build's open transaction
        kept.drop_all()
        wanted = ", ".join(sorted(kept.NAMES.intersection(item.fixturenames)))
        pytest.fail(
            f"{item.nodeid} commits (a transactional test) and asks for the kept {wanted}: "
            "build a committed event instead (demo_committed)",
            pytrace=False,
        )
    marker = item.get_closest_marker("only_on")
    if marker is None:
        return
    vendor, reason = marker.args
    if vendor not in DATABASES:
        raise pytest.UsageError(f"only_on: {vendor!r} is not one of {sorted(DATABASES)}")
    from django.db import connection

    if connection.vendor != vendor:
        pytest.skip(f"{EXPECTED}{DATABASES[vendor]} ({reason})")


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def _expected(report) -> bool:
    return _skip_reason(report).removeprefix("Skipped: ").startswith(EXPECTED)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if CI and report.skipped and not hasattr(report, "wasxfail") and not _expected(report):
        report.outcome = "failed"
        report.longrepr = (
            f"{item.nodeid} was skipped under CI=true ({_skip_reason(report)}). Only a test "
            "marked only_on(...) may skip here: install what it needs (make browser) or fix it."
        )


def pytest_terminal_summary(terminalreporter):
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if not hasattr(r, "wasxfail")]
    expected = sum(1 for report in skipped if _expected(report))
    terminalreporter.write_line(
        f"skips: {expected} expected (the other database's tests), "
        f"{len(skipped) - expected} unexpected"
    )


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts and ends in the default language (English): a page asked for in
    Chinese leaves Chinese active in the thread, and a later test's lazy texts (model labels,
    validation messages) would otherwise be read in it."""
    translation.deactivate()
    yield
    translation.deactivate()
