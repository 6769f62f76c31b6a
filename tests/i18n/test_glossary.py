"""The catalogues say exactly the glossary's words (docs/glossary.md): the 44 pattern names,
the winds and the win types. The glossary's English cell is the msgid; its two Chinese cells
the translations. Every pattern name must be in the catalogues (the engine marks them); a wind
or win type is checked where the site marks it (present in the catalogue)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from scoring.engine import PATTERNS

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
CATALOGUES = {
    language: ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    for language in ("zh_Hant", "zh_Hans")
}
CHECKED = ("Winds and dragons", "How a hand ends (win types)", "The 44 patterns of Zung Jung v3.3")


def glossary_tables() -> dict[str, list[tuple[str, str, str]]]:
    """Each ``## section``'s table as (English, zh-Hant, zh-Hans) rows."""
    tables: dict[str, list[tuple[str, str, str]]] = {}
    section = ""
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            continue
        if not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] in ("English", "No.") or set(cells[0]) <= set("-"):
            continue
        if re.fullmatch(r"\d+(\.\d+)*", cells[0]):  # the patterns' table: No. first
            cells = cells[1:]
        tables.setdefault(section, []).append((cells[0], cells[1], cells[2]))
    return tables


def translations(language: str) -> dict[str, set[str]]:
    """Each msgid's translations in the catalogue, under any context (``pgettext("win type",
    "Draw")`` must say the glossary's word too)."""
    said: dict[str, set[str]] = {}
    for entry in polib.pofile(str(CATALOGUES[language])):
        if entry.msgstr and not entry.obsolete:
            said.setdefault(entry.msgid, set()).add(entry.msgstr)
    return said


def test_the_glossary_lists_the_engines_44_patterns_by_their_english_names():
    patterns = glossary_tables()["The 44 patterns of Zung Jung v3.3"]
    assert [english for english, _, _ in patterns] == [pattern.name for pattern in PATTERNS]
    assert len(patterns) == 44


@pytest.mark.parametrize(("language", "column"), [("zh_Hant", 1), ("zh_Hans", 2)])
def test_the_catalogues_give_the_glossarys_words(language, column):
    said = translations(language)
    tables = glossary_tables()
    wrong = []
    for section in CHECKED:
        for row in tables[section]:
            english, expected = row[0], row[column]
            if section.startswith("The 44 patterns"):
                assert english in said, f"pattern {english!r} is not in the {language} catalogue"
            if english in said and said[english] != {expected}:
                wrong.append((english, sorted(said[english]), expected))
    assert wrong == [], f"{language} differs from docs/glossary.md: {wrong}"


#: A word of the glossary and the other words a translation must not use for it.
ONE_WORD = {"zh_Hant": {"階段": ("賽段",)}, "zh_Hans": {"阶段": ("赛段",)}}


@pytest.mark.parametrize("language", ["zh_Hant", "zh_Hans"])
def test_a_stage_is_one_word_everywhere(language):
    """ "Stage" is 階段 / 阶段 (the glossary's word) on every page, never also 賽段 / 赛段."""
    ((word, others),) = ONE_WORD[language].items()
    rows = glossary_tables()["The tournament"]
    column = 1 if language == "zh_Hant" else 2
    assert [row[column] for row in rows if row[0].startswith("stage")] == [word]
    found = [
        (msgid, msgstr)
        for msgid, said in translations(language).items()
        for msgstr in said
        if any(other in msgstr for other in others)
    ]
    assert found == []
