"""Reading a player file or pasted text into plain rows of text: csv, and openpyxl for XLSX.

Pure Python: no Django, no models. Vocabulary: *content* is the uploaded bytes or the pasted
text; *rows* are lists of strings, the header (if any) first; a `FileProblem` says what is wrong
with the content as a whole (too big, empty, binary, an encoding not recognised, unreadable), in
words an organiser can act on (a `Message` of `scoring.engine.messages`, translated where the
page shows it: `FileProblem.text`). A CSV or TSV file's *encoding* is found by `text_encodings`
(`file_rows` says which it read). Nothing here decides what the cells mean: see
`roster_import`.

*Limits* (`LIMITS_TEXT`): a file of at most 5 MB; an XLSX workbook is a zip archive whose parts
may unpack to far more than that (a "zip bomb"), so before anything is parsed the parts' declared
unpacked sizes must add up to at most 24 MB (zipfile never unpacks a part beyond its declared
size: a part that lies fails its checksum) and the first sheet's declared dimension must fit the
row limit; its rows are then streamed (openpyxl's read-only mode) with a hard stop one row past
the limit of 20,000 rows and 100 columns. A number cell whose format is all zeros (``00000000``,
as spreadsheets show EMA numbers) keeps its leading zeros.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import zipfile
import zlib
from dataclasses import dataclass

import openpyxl

from scoring.engine.messages import Message as _

from . import text_encodings

MAX_BYTES = 5 * 1024 * 1024  # 5 MB: about 50,000 players; refused before any parsing
MAX_ROWS = 20_000
MAX_COLUMNS = 100
MAX_UNPACKED = 24 * 1024 * 1024  # every part of a workbook together, unpacked
MAX_PARTS = 500
LIMITS_TEXT = _(
    "The limits are %(file_mb)s MB per file, %(unpacked_mb)s MB once an XLSX workbook is "
    "unpacked, %(rows)s rows and %(columns)s columns.",
    file_mb=MAX_BYTES // 1024 // 1024,
    unpacked_mb=MAX_UNPACKED // 1024 // 1024,
    rows=f"{MAX_ROWS:,}",
    columns=MAX_COLUMNS,
)
ZEROS_FORMAT = re.compile(r"^0+$")
ROW_TAG = re.compile(rb"<(?:\w+:)?row[\s/>]")
EMA_HEADERS = {"ema", "emanumber", "emaid", "emano", "emanr", "emaidnumber"}
EMA_DIGITS = 8

XLSX_MAGIC = b"PK\x03\x04"
XLS_MAGIC = b"\xd0\xcf\x11\xe0"


class FileProblem(ValueError):
    """The content cannot be read as rows; the message says what to do."""

    @property
    def text(self):
        """The message as raised (a `scoring.engine.messages.Message` the page translates)."""
        return self.args[0] if self.args else ""


def size_check(size: int) -> None:
    if size > MAX_BYTES:
        raise FileProblem(
            _(
                "The file is %(size_mb)s MB; the limit is %(limit_mb)s MB. Split it or remove "
                "other sheets and columns.",
                size_mb=f"{size / 1024 / 1024:.1f}",
                limit_mb=MAX_BYTES // 1024 // 1024,
            )
        )


@dataclass(frozen=True)
class FileRows:
    """The rows of a file, and the encoding its text was read in (`text_encodings`; empty for
    a workbook)."""

    rows: list[list[str]]
    encoding: str = ""

    def read_as(self):
        """What the preview says about the encoding (a `Message`), or "" for a workbook."""
        return text_encodings.read_as(self.encoding) if self.encoding else ""


def file_rows(content: bytes, filename: str = "") -> FileRows:
    """Rows of an uploaded CSV, TSV or XLSX file (told apart by content, then by name)."""
    size_check(len(content))
    if not content.strip():
        raise FileProblem(_("The file is empty."))
    if content.startswith(XLSX_MAGIC):
        return FileRows(_rows_from_xlsx(content))
    if content.startswith(XLS_MAGIC):
        raise FileProblem(
            _("This is an old Excel .xls file; save it as .xlsx (Excel workbook) or CSV UTF-8.")
        )
    read = _decode(content)
    return FileRows(_text_rows(read.text, filename), read.encoding)


def rows_from_bytes(content: bytes, filename: str = "") -> list[list[str]]:
    """The rows alone of `file_rows`."""
    return file_rows(content, filename).rows


def rows_from_text(text: str, filename: str = "") -> list[list[str]]:
    """Rows of pasted or decoded text: tab-separated when the first line has a tab, else commas
    (or semicolons, when the first line has those and no comma)."""
    size_check(len(text.encode("utf-8", "replace")))
    return _text_rows(text, filename)


def _text_rows(text: str, filename: str) -> list[list[str]]:
    """`rows_from_text` without the size check: a file's bytes were checked already (its text
    may take more bytes in UTF-8 than in GB18030 or Big5)."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise FileProblem(_("There are no rows: the text is empty."))
    first = text.strip("\r\n").splitlines()[0]
    if "\t" in first or filename.lower().endswith((".tsv", ".tab")):
        delimiter = "\t"
    elif ";" in first and "," not in first:
        delimiter = ";"
    else:
        delimiter = ","
    try:
        rows = _csv_rows(text, delimiter)
    except _RaggedRows:
        raise FileProblem(_ragged_line(text, delimiter)) from None
    except csv.Error as error:
        raise FileProblem(
            _("The text cannot be read as rows: %(error)s.", error=str(error))
        ) from None
    return _limited(rows)


class _RaggedRows(ValueError):
    """A row has more cells than the first one."""


def _csv_rows(text: str, delimiter: str) -> list[list[str]]:
    """The rows of ``text`` read by the csv module: blank lines skipped, a row shorter than the
    first one filled with empty cells, a longer one refused (`_RaggedRows`)."""
    rows: list[list[str]] = []
    for index, row in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)):
        if not row:
            continue
        width = len(rows[0]) if rows else 0
        if index > 0 and len(row) < width:
            row += [""] * (width - len(row))
        if width and len(row) != width:
            raise _RaggedRows
        rows.append(row)
    return rows


def _decode(content: bytes) -> text_encodings.Decoded:
    """The file's text and encoding (`text_encodings`): UTF-8 first, then Chinese (GB18030,
    Big5) or Western European code pages, as spreadsheets save them."""
    if not content.startswith(tuple(bom for bom, _encoding in text_encodings.BOMS)):
        sample = content[:4096]
        if b"\x00" in sample or sum(byte < 9 for byte in sample) > 0:
            raise FileProblem(
                _("This looks like a binary file, not a CSV, TSV or XLSX player list.")
            )
    try:
        return text_encodings.decoded(content)
    except text_encodings.UnknownEncoding as unknown:
        raise FileProblem(
            _(
                "The file is not UTF-8 and its encoding cannot be recognised: line %(line)s has "
                "byte %(byte)s. Files in UTF-8, UTF-16, GB18030 or GBK (Simplified Chinese), "
                "Big5 (Traditional Chinese) and Windows-1252 (Western European) are read. Open "
                "the file in Excel, save it as 'CSV UTF-8' (File, Save As, CSV UTF-8) and upload "
                "it again.",
                line=unknown.line,
                byte=f"0x{unknown.byte:02x}",
            )
        ) from None


def _rows_from_xlsx(content: bytes) -> list[list[str]]:
    _unpacked_size_check(content)
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds on a damaged workbook
        raise _unreadable(error) from None
    try:
        sheet = workbook.active
        if sheet is None:
            raise FileProblem(_("There are no rows: the workbook has no sheet."))
        declared = sheet.max_row  # the sheet's <dimension>, read without reading the rows
        if declared is not None and declared > MAX_ROWS:
            raise FileProblem(
                _(
                    "The first sheet says it has %(declared)s rows; at most %(rows)s can be "
                    "imported. %(limits)s",
                    declared=f"{declared:,}",
                    rows=f"{MAX_ROWS:,}",
                    limits=LIMITS_TEXT,
                )
            )
        rows, numbers = [], []
        for row in sheet.iter_rows():
            if len(rows) == MAX_ROWS:
                raise FileProblem(
                    _(
                        "The file has more than %(rows)s rows. %(limits)s",
                        rows=f"{MAX_ROWS:,}",
                        limits=LIMITS_TEXT,
                    )
                )
            if len(row) > MAX_COLUMNS:
                raise FileProblem(
                    _(
                        "Row %(row)s has %(count)s columns; at most %(columns)s. Remove cells "
                        "outside the table.",
                        row=len(rows) + 1,
                        count=len(row),
                        columns=MAX_COLUMNS,
                    )
                )
            rows.append([_cell_text(cell) for cell in row])
            numbers.append({i for i, cell in enumerate(row) if _is_number(cell)})
    except FileProblem:
        raise
    except Exception as error:
        raise _unreadable(error) from None
    finally:
        workbook.close()
    width = max((len(row) for row in rows), default=0)
    rows = [row + [""] * (width - len(row)) for row in rows]
    _ema_zeros_restore(rows, numbers)
    return _limited(rows)


def _is_number(cell) -> bool:
    value = getattr(cell, "value", None)
    return isinstance(value, int | float) and not isinstance(value, bool)


def _ema_zeros_restore(rows: list[list[str]], numbers: list[set[int]]) -> None:
    """EMA numbers have 8 digits (``04010002``); a spreadsheet that stored one as a number
    dropped its leading zeros, which are put back in a column headed "EMA ..."."""
    if not rows:
        return
    header = [re.sub(r"[^0-9a-z]", "", cell.lower()) for cell in rows[0]]
    columns = [i for i, name in enumerate(header) if name in EMA_HEADERS]
    for row, numeric in zip(rows[1:], numbers[1:], strict=True):
        for i in columns:
            if i in numeric and row[i].isdigit() and len(row[i]) < EMA_DIGITS:
                row[i] = row[i].zfill(EMA_DIGITS)


def _unpacked_size_check(content: bytes) -> None:
    """Refuse a workbook whose parts would unpack beyond the limit, before parsing any."""
    try:
        parts = zipfile.ZipFile(io.BytesIO(content)).infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise _unreadable(error) from None
    unpacked = sum(part.file_size for part in parts)
    if unpacked > MAX_UNPACKED or len(parts) > MAX_PARTS:
        raise FileProblem(
            _(
                "The workbook is %(size_mb)s MB but unpacks to %(unpacked_mb)s MB in %(parts)s "
                "parts, far more than a player list needs. %(limits)s Save only the player list "
                "(CSV UTF-8 works too).",
                size_mb=f"{len(content) / 1024 / 1024:.1f}",
                unpacked_mb=f"{unpacked / 1024 / 1024:,.0f}",
                parts=len(parts),
                limits=LIMITS_TEXT,
            )
        )
    archive = zipfile.ZipFile(io.BytesIO(content))
    for part in parts:
        if part.filename.startswith("xl/worksheets/") and part.filename.endswith(".xml"):
            _sheet_rows_check(archive, part)


def _sheet_rows_check(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> None:
    """Count a sheet's rows as it unpacks, stopping one past the limit. openpyxl reads every
    sheet whole when opening a workbook if the sheet does not state its size, so this runs
    first; it also bounds what is actually unpacked, whatever the archive declares."""
    rows = unpacked = 0
    tail = b""
    try:
        with archive.open(part) as stream:
            while chunk := stream.read(1024 * 1024):
                unpacked += len(chunk)
                # A tag wholly inside the carried tail was counted with the previous chunk.
                rows += sum(1 for m in ROW_TAG.finditer(tail + chunk) if m.end() > len(tail))
                tail = chunk[-32:]
                if rows > MAX_ROWS or unpacked > MAX_UNPACKED:
                    raise FileProblem(
                        _(
                            "A sheet of the workbook has more than %(rows)s rows (or unpacks to "
                            "more than %(unpacked_mb)s MB). %(limits)s Save only the player list.",
                            rows=f"{MAX_ROWS:,}",
                            unpacked_mb=MAX_UNPACKED // 1024 // 1024,
                            limits=LIMITS_TEXT,
                        )
                    )
    except FileProblem:
        raise
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as error:
        raise _unreadable(error) from None


def _unreadable(error: Exception) -> FileProblem:
    return FileProblem(
        _(
            "The file starts like an XLSX workbook but cannot be read (%(error)s); open and save "
            "it again, or save it as CSV UTF-8.",
            error=type(error).__name__,
        )
    )


def _cell_text(cell) -> str:
    value = getattr(cell, "value", cell)
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float) and float(value).is_integer():
        text = str(int(value))
        number_format = getattr(cell, "number_format", None) or ""
        if ZEROS_FORMAT.match(number_format) and int(value) >= 0:
            text = text.zfill(len(number_format))  # 04010002 shown as "00000000" stays so
        return text
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return str(value)


def _limited(rows: list[list[str]]) -> list[list[str]]:
    rows = [row for row in rows if any(cell.strip() for cell in row)] and rows
    if not rows:
        raise FileProblem(_("There are no rows: the file (or its first sheet) is empty."))
    if len(rows) > MAX_ROWS:
        raise FileProblem(
            _(
                "The file has %(count)s rows; at most %(rows)s can be imported.",
                count=len(rows),
                rows=MAX_ROWS,
            )
        )
    return rows


def _ragged_line(text: str, delimiter: str) -> str:
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    width = None
    for number, row in enumerate(reader, start=1):
        if width is None:
            width = len(row)
        elif len(row) > width:
            return _(
                "Line %(line)s has %(count)s cells but the first line has %(width)s: check for "
                "a stray separator or quote.",
                line=number,
                count=len(row),
                width=width,
            )
    return _("The rows have different numbers of cells.")
