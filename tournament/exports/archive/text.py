"""An archive's canonical text, written whole or piece by piece, and read back. Pure: no Django.

Vocabulary (and see `.format`)
----------
canonical text  `archive_dumps`: sorted keys, fixed indentation, one trailing newline; the same
                tournament always gives the same bytes (export -> import -> export is identical).
stream          a `Stream`: a top-level list of an archive given as an iterable that is read
                once, one item at a time (a world championship's sessions and audit log are
                most of its 30 MB). `archive_chunks` writes an archive whose lists may be
                streams piece by piece: joined, the pieces are exactly `archive_dumps` of the
                same archive with its streams as lists, and no more than one item is held.
reading         `archive_loads`: the text's size and count of values bounded before it is
                parsed; an older version upgraded (`.format.archive_upgrade`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping

from .format import FORMAT, MAX_BYTES, MAX_VALUES, READABLE, VERSION, ArchiveError, archive_upgrade

INDENT = 1  # spaces per level of the canonical text


class Stream:
    """A top-level list of an archive, read once, item by item (see the vocabulary)."""

    __slots__ = ("items",)

    def __init__(self, items: Iterable):
        self.items = items

    def __iter__(self) -> Iterator:
        return iter(self.items)


def archive_dumps(archive: dict) -> str:
    return json.dumps(archive, ensure_ascii=False, indent=INDENT, sort_keys=True) + "\n"


def _dumps(value, level: int) -> str:
    """``value``'s canonical text nested ``level`` deep: a JSON text holds no raw newline
    (one inside a string is escaped), so each of its newlines starts an indented line."""
    text = json.dumps(value, ensure_ascii=False, indent=INDENT, sort_keys=True)
    return text.replace("\n", "\n" + " " * (INDENT * level))


def archive_chunks(archive: Mapping) -> Iterator[str]:
    """`archive_dumps` piece by piece: a piece per top-level value, and per item of a `Stream`,
    each read only when its piece is asked for."""
    if not archive:
        yield archive_dumps({})
        return
    separator, inner = "{\n", " " * (2 * INDENT)
    for key in sorted(archive):
        head = separator + " " * INDENT + json.dumps(key, ensure_ascii=False) + ": "
        separator = ",\n"
        value = archive[key]
        if not isinstance(value, Stream):
            yield head + _dumps(value, 1)
            continue
        opening, empty = head + "[\n", True
        for item in value:
            yield opening + inner + _dumps(item, 2)
            opening, empty = ",\n", False
        yield head + "[]" if empty else "\n" + " " * INDENT + "]"
    yield "\n}\n"


def archive_loads(text: str | bytes) -> dict:
    """Read an archive's text; raises `ArchiveError` for what is not an archive at all."""
    if len(text) > MAX_BYTES:
        raise ArchiveError([f"The file is larger than {MAX_BYTES // (1024 * 1024)} MB."])
    separators = (b",", b":") if isinstance(text, bytes) else (",", ":")
    values = text.count(separators[0]) + text.count(separators[1])
    if values > MAX_VALUES:
        raise ArchiveError(
            [
                f"The file holds about {values:,} values; an archive holds at most "
                f"{MAX_VALUES:,} (and at most {MAX_BYTES // (1024 * 1024)} MB)."
            ]
        )
    try:
        archive = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ArchiveError([f"The file is not JSON ({error})."]) from None
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveError([f"The file is not a tournament archive (format {FORMAT!r})."])
    if archive.get("version") not in READABLE:
        raise ArchiveError(
            [f"Archive version {archive.get('version')!r} is not supported (this is {VERSION})."]
        )
    return archive_upgrade(archive)
