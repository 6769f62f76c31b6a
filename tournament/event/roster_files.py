"""Reading a player file or pasted text into plain rows of text, with tablib (openpyxl for XLSX).

Pure Python: no Django, no models. Vocabulary: *content* is the uploaded bytes or the pasted
text; *rows* are lists of strings, the header (if any) first; a `FileProblem` says what is wrong
with the content as a whole (too big, empty, binary, wrong encoding, unreadable), in words an
organiser can act on. Nothing here decides what the cells mean: see `roster_import`.
"""

from __future__ import annotations

import csv
import datetime
import io

import tablib
from tablib.exceptions import InvalidDimensions

MAX_BYTES = 5 * 1024 * 1024  # 5 MB: about 50,000 players; refused before any parsing
MAX_ROWS = 20_000

XLSX_MAGIC = b"PK\x03\x04"
XLS_MAGIC = b"\xd0\xcf\x11\xe0"


class FileProblem(ValueError):
    """The content cannot be read as rows; the message says what to do."""


def size_check(size: int) -> None:
    if size > MAX_BYTES:
        raise FileProblem(
            f"The file is {size / 1024 / 1024:.1f} MB; the limit is "
            f"{MAX_BYTES // 1024 // 1024} MB. Split it or remove other sheets and columns."
        )


def rows_from_bytes(content: bytes, filename: str = "") -> list[list[str]]:
    """Rows of an uploaded CSV, TSV or XLSX file (told apart by content, then by name)."""
    size_check(len(content))
    if not content.strip():
        raise FileProblem("The file is empty.")
    if content.startswith(XLSX_MAGIC):
        return _rows_from_xlsx(content)
    if content.startswith(XLS_MAGIC):
        raise FileProblem(
            "This is an old Excel .xls file; save it as .xlsx (Excel workbook) or CSV UTF-8."
        )
    return rows_from_text(_decode(content), filename=filename)


def rows_from_text(text: str, filename: str = "") -> list[list[str]]:
    """Rows of pasted or decoded text: tab-separated when the first line has a tab, else commas
    (or semicolons, when the first line has those and no comma)."""
    size_check(len(text.encode("utf-8", "replace")))
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise FileProblem("There are no rows: the text is empty.")
    first = text.strip("\r\n").splitlines()[0]
    if "\t" in first or filename.lower().endswith((".tsv", ".tab")):
        delimiter = "\t"
    elif ";" in first and "," not in first:
        delimiter = ";"
    else:
        delimiter = ","
    data = tablib.Dataset()
    try:
        data.load(text, format="csv", headers=False, delimiter=delimiter)
    except InvalidDimensions:
        raise FileProblem(_ragged_line(text, delimiter)) from None
    except csv.Error as error:
        raise FileProblem(f"The text cannot be read as rows: {error}.") from None
    return _limited([[str(cell) for cell in row] for row in data])


def _decode(content: bytes) -> str:
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FileProblem(
            "The file is in UTF-16 (Excel's 'Unicode text'); save it as 'CSV UTF-8' instead."
        )
    sample = content[:4096]
    if b"\x00" in sample or sum(byte < 9 for byte in sample) > 0:
        raise FileProblem("This looks like a binary file, not a CSV, TSV or XLSX player list.")
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = content[: error.start].count(b"\n") + 1
        try:
            content.decode("cp1252")
            guess = "Windows-1252 (Western European)"
        except UnicodeDecodeError:
            guess = "a single-byte code page such as Latin-1"
        raise FileProblem(
            f"The file is not UTF-8: line {line} has byte 0x{content[error.start]:02x}, which "
            f"suggests {guess}. Save the file as 'CSV UTF-8' and upload it again."
        ) from None


def _rows_from_xlsx(content: bytes) -> list[list[str]]:
    data = tablib.Dataset()
    try:
        data.load(io.BytesIO(content), format="xlsx", headers=False)
    except InvalidDimensions:
        raise FileProblem(
            "The first sheet's rows have different lengths; remove cells outside the table."
        ) from None
    except Exception as error:  # openpyxl raises many kinds on a damaged workbook
        raise FileProblem(
            f"The file starts like an XLSX workbook but cannot be read ({type(error).__name__}); "
            "open and save it again, or save it as CSV UTF-8."
        ) from None
    return _limited([[_cell_text(cell) for cell in row] for row in data])


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return str(value)


def _limited(rows: list[list[str]]) -> list[list[str]]:
    rows = [row for row in rows if any(cell.strip() for cell in row)] and rows
    if not rows:
        raise FileProblem("There are no rows: the file (or its first sheet) is empty.")
    if len(rows) > MAX_ROWS:
        raise FileProblem(f"The file has {len(rows)} rows; at most {MAX_ROWS} can be imported.")
    return rows


def _ragged_line(text: str, delimiter: str) -> str:
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    width = None
    for number, row in enumerate(reader, start=1):
        if width is None:
            width = len(row)
        elif len(row) > width:
            return (
                f"Line {number} has {len(row)} cells but the first line has {width}: "
                "check for a stray separator or quote."
            )
    return "The rows have different numbers of cells."
