r"""What characters a player's name may hold, and the form in which two names are compared: the
one place of these rules, for the console's player form and every other way into the roster
(`event.services`), the roster import (`event.roster_import`) and the same-name labels
(`tournament.names.folded`). Pure Python: no Django, no models.

Vocabulary
----------
name field          a text a person is named by: ``given_name``, ``family_name``,
                    ``chinese_name``, and the ``club`` (`NAME_FIELDS`, with their words).
invisible character a character that takes no room where it is shown (`is_invisible`): the
                    zero-width space, joiner and non-joiner (U+200B to U+200D), the word
                    joiner (U+2060), the byte order mark (U+FEFF), the soft hyphen (U+00AD),
                    the direction controls, variation selectors, tag characters, fillers:
                    Unicode's "default ignorable" code points, and the blank Braille pattern
                    (U+2800).
direction control   an invisible character that reorders the text around it when shown
                    (`DIRECTION_CONTROLS`: U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F,
                    U+061C): "\u202egnaW ymA" is stored backwards but shows "Amy Wang", so that it
                    pretends to be another name and a search for "Amy" cannot find it.
control character   Unicode's category Cc: C0 controls, DEL and the C1 controls.
name problem        what is wrong with a name field, in words that say which field, which
                    character and what to do (`name_problem`, a `Message`): a direction control
                    or a control character anywhere, or nothing but invisible characters.
                    Other invisible characters are allowed inside a name with visible letters:
                    a zero-width joiner builds emoji (a family is "👨\u200d👩\u200d👧") and
                    some scripts' letters, and the non-joiner is part of Persian spelling.
compared form       `compared(text)`: the name without its invisible characters and with its
                    spacing made single, so that "Li W\u200dei" and "Li Wei" are one name to the
                    same-name labels; `tournament.names.folded` then ignores case and accents
                    (compatibility normalisation, as full-width "Ｌｉ" reads "Li").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from scoring.engine.messages import Message
from scoring.engine.messages import Message as _

NAME_FIELDS = {
    "given_name": _("given name"),
    "family_name": _("family name"),
    "chinese_name": _("Chinese name"),
    "club": _("club"),
}
RIGHT_TO_LEFT = frozenset("\u200f\u202b\u202e\u2067\u061c")
LEFT_TO_RIGHT = frozenset("\u200e\u202a\u202d\u2066")
DIRECTION_CONTROLS = RIGHT_TO_LEFT | LEFT_TO_RIGHT | frozenset("\u202c\u2068\u2069")
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), and U+2800.
_INVISIBLE_RANGES = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
INVISIBLE_PATTERN = re.compile(f"[{_INVISIBLE_RANGES}]")


def is_invisible(character: str) -> bool:
    return INVISIBLE_PATTERN.fullmatch(character) is not None


def compared(text: str) -> str:
    """``text`` without invisible characters, its spacing made single (see the vocabulary)."""
    if not text.isascii():
        text = INVISIBLE_PATTERN.sub("", text)
    return " ".join(text.split())


def _code(character: str) -> str:
    return f"U+{ord(character):04X}"


def name_problem(text: str, field: str) -> Message | None:
    """The first problem of ``text`` as the name field ``field`` (a key of `NAME_FIELDS`), or
    None when it may be saved."""
    if text.isascii() and text.isprintable():
        return None  # most names: nothing to look for
    label = NAME_FIELDS[field]
    for character in text:
        code = _code(character)
        if character in RIGHT_TO_LEFT:
            return _(
                "The %(field)s contains an invisible right-to-left control (%(code)s), which "
                "makes it show in a different order from how it is stored: retype the %(field)s "
                "without it.",
                field=label,
                code=code,
            )
        if character in DIRECTION_CONTROLS:
            return _(
                "The %(field)s contains an invisible text-direction control (%(code)s), which "
                "changes how it shows: retype the %(field)s without it.",
                field=label,
                code=code,
            )
        if unicodedata.category(character) == "Cc":
            return _(
                "The %(field)s contains an invisible control character (%(code)s), perhaps "
                "pasted from another program: retype the %(field)s without it.",
                field=label,
                code=code,
            )
    if text.strip() and not compared(text):
        codes = ", ".join(dict.fromkeys(_code(c) for c in text if not c.isspace()))
        return _(
            "The %(field)s is made only of invisible characters (%(codes)s): type it in "
            "visible letters.",
            field=label,
            codes=codes,
        )
    return None


def name_problems(values: Mapping[str, str]) -> dict[str, Message]:
    """{field: its problem} for every name field of ``values`` that has one."""
    problems = {}
    for field in NAME_FIELDS:
        problem = name_problem(values.get(field) or "", field)
        if problem is not None:
            problems[field] = problem
    return problems
