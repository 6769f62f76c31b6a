"""The columns of a player file: which field each header cell names, and whether a row is a header.

Pure Python; no Django, no models. `roster_import` plans an import with these columns.

Vocabulary: a *field* is one thing we store about a player: ``given_name``, ``family_name``,
``name`` (a full name, split with the last word as the family name), ``chinese_name``,
``country``, ``club``, ``external_id`` (e.g. an EMA number) and ``number`` (registration number);
its *label* (`FIELD_LABELS`) is how messages name it and its *limit* (`MAX_LENGTHS`) how long it
may be. A *column* is a column of the file, named by its *header* cell (any of the *aliases*,
`COLUMN_ALIASES`, normalised: lower case, letters and digits only) or chosen on the page when
the file has no header. A `RowsError` says why the rows cannot be read at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scoring.engine.messages import Message as _
from scoring.engine.messages import MessageList

FIELDS = (
    "given_name",
    "family_name",
    "name",
    "chinese_name",
    "country",
    "club",
    "external_id",
    "number",
)


FIELD_LABELS = {
    "given_name": _("given name"),
    "family_name": _("family name"),
    "name": _("full name"),
    "chinese_name": _("Chinese name"),
    "country": _("country"),
    "club": _("club"),
    "external_id": _("external id"),
    "number": _("number"),
}


MAX_LENGTHS = {
    "given_name": 80,
    "family_name": 80,
    "chinese_name": 60,
    "club": 120,
    "external_id": 40,
}


# Header cells people use, normalised (lower case, letters and digits only).
COLUMN_ALIASES = {
    "givenname": "given_name",
    "firstname": "given_name",
    "forename": "given_name",
    "first": "given_name",
    "given": "given_name",
    "familyname": "family_name",
    "lastname": "family_name",
    "surname": "family_name",
    "last": "family_name",
    "family": "family_name",
    "name": "name",
    "fullname": "name",
    "player": "name",
    "playername": "name",
    "chinesename": "chinese_name",
    "chinese": "chinese_name",
    "中文名": "chinese_name",
    "country": "country",
    "countryregion": "country",
    "nation": "country",
    "nationality": "country",
    "countrycode": "country",
    "club": "club",
    "team": "club",
    "externalid": "external_id",
    "emanumber": "external_id",
    "ema": "external_id",
    "emaid": "external_id",
    "emano": "external_id",
    "id": "external_id",
    "number": "number",
    "no": "number",
    "nr": "number",
    "registrationnumber": "number",
    "playernumber": "number",
    "seatnumber": "number",
    # The same columns named in Chinese (Traditional and Simplified), as the Chinese pages say.
    "名字": "given_name",
    "名": "given_name",
    "姓氏": "family_name",
    "姓": "family_name",
    "全名": "name",
    "姓名": "name",
    "中文姓名": "chinese_name",
    "國家": "country",
    "国家": "country",
    "國家地區": "country",
    "国家地区": "country",
    "俱樂部": "club",
    "俱乐部": "club",
    "外部編號": "external_id",
    "外部编号": "external_id",
    "ema編號": "external_id",
    "ema编号": "external_id",
    "編號": "number",
    "编号": "number",
}


class RowsError(ValueError):
    """The rows cannot be read at all (no header, duplicate or unknown columns...)."""

    @property
    def text(self):
        """The message as raised (a `scoring.engine.messages.Message` the page translates)."""
        return self.args[0] if self.args else ""


def _normalise(header: str) -> str:
    return re.sub(r"[^0-9a-z\u4e00-\u9fff]", "", header.strip().lower())


def columns_from_header(header: Sequence[str]) -> list[str | None]:
    """The field of each header cell (None for an empty trailing cell).

    Raises `RowsError` naming every unknown and every duplicated column, with its position.
    """
    columns: list[str | None] = []
    problems = []
    seen: dict[str, int] = {}
    for position, cell in enumerate(header, start=1):
        text = (cell or "").strip()
        if not text:
            columns.append(None)
            continue
        found = COLUMN_ALIASES.get(_normalise(text))
        if found is None:
            problems.append(
                _(
                    "Column %(position)s (%(text)s) is not a known column. Known columns: given "
                    "name, family name (or a full name), Chinese name, country, club, external id "
                    "or EMA number, number.",
                    position=position,
                    text=repr(text),
                )
            )
        elif found in seen:
            problems.append(
                _(
                    "Columns %(first)s and %(second)s both give the %(field)s; keep one.",
                    first=seen[found],
                    second=position,
                    field=FIELD_LABELS[found],
                )
            )
        else:
            seen[found] = position
        columns.append(found)
    if not problems and not ({"family_name", "name"} & set(seen)):
        problems.append(
            _("No name column: the header needs a family name (last name) or a full name column.")
        )
    if problems:
        raise RowsError(MessageList(problems, separator=" "))
    return columns


def header_looks_like(row: Sequence[str]) -> bool:
    """Whether the first row names columns (at least one known header and no digits-only cell)."""
    known = [cell for cell in row if COLUMN_ALIASES.get(_normalise(cell or ""))]
    return bool(known) and len(known) * 2 >= len([c for c in row if (c or "").strip()])
