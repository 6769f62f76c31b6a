"""Lines of monospaced type that may hold Chinese. Pure Python.

The score card's grid, the slips' places and the standings' figures are lines of monospaced
type padded with spaces (`grid`, `figures`). A Chinese character is as wide as two Latin ones
there (a *wide* character, Unicode's East Asian Width W or F): padding counts it twice, and each
run of wide characters is printed in a box exactly two columns a character wide (the CJK font's
ideographs are 1 em, two columns of DejaVu Sans Mono are 1.204 em): the run's characters stay
together and the gap is padding after its last character (`wide_padding_em`), never spacing
between the characters, which would print a Chinese word letter-spaced ("局 後 累 計"), nor
before the first, which would open a gap inside a phrase ("第 4   局後累計").

Vocabulary
----------
columns     a text's width in character cells (`columns`): 1 a Latin letter, 2 a wide one, 0 a
            combining mark (an accent typed apart, "e" + U+0301, sits on the letter before it).
            A text is counted composed (Unicode NFC): a decomposed "é" is one column, as the
            composed one.
run         a stretch of text that is all wide or all narrow (`runs`), so that a template can
            wrap the wide ones in a span of their own.
"""

from __future__ import annotations

import unicodedata

#: The advance of the monospaced type (DejaVu Sans Mono), in em of its size.
ADVANCE_EM = 1233 / 2048
#: What a wide character lacks to fill its two columns, in em: the CJK font's ideographs are 1 em.
WIDE_GAP_EM = 2 * ADVANCE_EM - 1


def is_wide(character: str) -> bool:
    return unicodedata.east_asian_width(character) in ("W", "F")


def character_columns(character: str) -> int:
    """0 a combining mark, 2 a wide character, 1 any other (see *columns*)."""
    if unicodedata.category(character) in ("Mn", "Me"):
        return 0
    return 2 if is_wide(character) else 1


def columns(text: str) -> int:
    return sum(character_columns(character) for character in unicodedata.normalize("NFC", text))


def cut(text: str, width: int) -> str:
    """The longest start of ``text`` (composed, NFC) at most ``width`` columns wide; a
    combining mark stays with the letter it sits on."""
    text = unicodedata.normalize("NFC", text)
    used = 0
    for index, character in enumerate(text):
        used += character_columns(character)
        if used > width:
            return text[:index]
    return text


def ljust(text: str, width: int) -> str:
    return text + " " * max(0, width - columns(text))


def rjust(text: str, width: int) -> str:
    return " " * max(0, width - columns(text)) + text


def center(text: str, width: int) -> str:
    """``str.center`` by columns: for Latin text the very same padding (an odd space goes where
    ``str.center`` puts it)."""
    room = width - columns(text)
    if room <= 0:
        return text
    left = room // 2 + (room & width & 1)
    return " " * left + text + " " * (room - left)


def runs(text: str) -> list[tuple[str, bool]]:
    """The text cut into (run, wide) pieces, in order."""
    pieces: list[tuple[str, bool]] = []
    for character in text:
        wide = is_wide(character)
        if pieces and pieces[-1][1] == wide:
            pieces[-1] = (pieces[-1][0] + character, wide)
        else:
            pieces.append((character, wide))
    return pieces


def wide_padding_em(run: str) -> float:
    """The padding after a run of wide characters, in em, that makes it two columns a
    character wide."""
    return len(run) * WIDE_GAP_EM
