"""Set-up shared by the whole suite: the translation catalogues are compiled before any test
runs when a ``.po`` file is newer than its ``.mo`` (``make test`` compiles them too; this covers
``pytest`` run on its own after a catalogue changed)."""

import subprocess
from pathlib import Path

import pytest
from django.utils import translation

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def pytest_configure(config):
    for source in LOCALE.glob("*/LC_MESSAGES/*.po"):
        compiled = source.with_suffix(".mo")
        if not compiled.exists() or compiled.stat().st_mtime < source.stat().st_mtime:
            subprocess.run(
                ["msgfmt", "--check-format", "-o", str(compiled), str(source)], check=True
            )


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts and ends in the default language (English): a page asked for in
    Chinese leaves Chinese active in the thread, and a later test's lazy texts (model labels,
    validation messages) would otherwise be read in it."""
    translation.deactivate()
    yield
    translation.deactivate()
