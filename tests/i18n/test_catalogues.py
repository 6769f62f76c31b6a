"""The Chinese catalogues are whole: every marked string of the site is in them, translated,
and none is fuzzy; and no template shows English outside a translation tag."""

import shutil
from pathlib import Path

import polib
import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.i18n.template_text import findings

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ("zh_Hant", "zh_Hans")
SITE = ("tournament", "scoring", "templates")  # where the site's text is (the rest is ignored)


def _catalogue(base: Path, language: str) -> polib.POFile:
    return polib.pofile(str(base / language / "LC_MESSAGES" / "django.po"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    po = _catalogue(LOCALE, language)
    assert not po.metadata_is_fuzzy, f"{language}: the header is marked fuzzy"
    untranslated = [entry.msgid for entry in po.untranslated_entries()]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert not untranslated, f"{language}: untranslated: {untranslated[:20]}"
    assert not fuzzy, f"{language}: fuzzy (check the translation, then drop the flag): {fuzzy[:20]}"
    assert len(po) > 0


def test_the_catalogues_hold_every_marked_string(tmp_path, monkeypatch):
    """``make messages`` gathers the marked strings; run it on a copy of the site and its
    catalogues and compare: a string marked in the code but missing from the catalogues would
    show in English on a Chinese page."""
    root = LOCALE.parent
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    for folder in ("locale", *SITE):
        shutil.copytree(root / folder, tmp_path / folder, ignore=skip)
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command(
            "makemessages",
            locale=list(LANGUAGES),
            no_obsolete=True,
            no_location=True,
            verbosity=0,
        )
    for language in LANGUAGES:
        kept = {entry.msgid for entry in _catalogue(LOCALE, language) if not entry.obsolete}
        gathered = {
            entry.msgid for entry in _catalogue(tmp_path / "locale", language) if not entry.obsolete
        }
        assert not gathered - kept, (
            f"{language}: run `make messages` and translate: {sorted(gathered - kept)[:20]}"
        )
        assert not kept - gathered, (
            f"{language}: no longer marked anywhere: {sorted(kept - gathered)[:20]}"
        )


def test_no_template_shows_english_outside_a_translation_tag():
    left = findings()
    assert not left, f"{len(left)} pieces of English outside translation tags:\n" + "\n".join(
        left[:40]
    )
