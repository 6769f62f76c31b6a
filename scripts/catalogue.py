"""Fill the Chinese catalogues from a table of translations, and report what is left.

    python scripts/catalogue.py fill TABLE.json     # {"msgid": ["繁體", "简体"], ...}
    python scripts/catalogue.py missing             # untranslated or fuzzy entries, per language

A table's key is the English text exactly as marked, preceded by its context and "\u0004"
when it has one (``pgettext``), as gettext itself keys them (a plural entry is keyed by its singular
and gives ``[[繁 singular, 繁 plural], [简 singular, 简 plural]]``; Chinese has one form, so
both are usually the same). Entries already translated are overwritten only when the table
gives something else. Run ``make messages`` first, so that the catalogues hold every marked
string.
"""

import json
import sys
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ("zh_Hant", "zh_Hans")
HEADER = {
    "Project-Id-Version": "zj-tournament",
    "Language-Team": "ZJ tournament team",
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
    "Plural-Forms": "nplurals=1; plural=0;",
}


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(
        str(LOCALE / language / "LC_MESSAGES" / "django.po"), wrapwidth=0
    )  # unwrapped, as `make messages` writes them


def fill(table_path: str) -> None:
    table = json.loads(Path(table_path).read_text(encoding="utf-8"))
    for index, language in enumerate(LANGUAGES):
        po = catalogue(language)
        po.metadata.update(HEADER | {"Language": language.replace("_", "-")})
        po.header = "Translations of the ZJ tournament site."
        po.metadata_is_fuzzy = False
        for entry in po:
            key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
            if key not in table:
                continue
            text = table[key][index]
            if entry.msgid_plural:
                forms = text if isinstance(text, list) else [text, text]
                entry.msgstr_plural = {0: forms[0]}
            else:
                entry.msgstr = text
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
            entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
        po.save()


def missing() -> int:
    left = 0
    for language in LANGUAGES:
        po = catalogue(language)
        for entry in po.untranslated_entries() + po.fuzzy_entries():
            left += 1
            context = f" (context {entry.msgctxt!r})" if entry.msgctxt else ""
            print(f"{language}: {entry.msgid!r}{context}")
    return left


if __name__ == "__main__":
    if sys.argv[1:2] == ["fill"]:
        fill(sys.argv[2])
    elif sys.argv[1:2] == ["missing"]:
        sys.exit(1 if missing() else 0)
    else:
        sys.exit(__doc__)
