"""Rosters saved by Chinese (and Western) Excel: a CSV in GB18030/GBK, Big5, UTF-16 or UTF-8 with
a byte order mark is read (`event.text_encodings`), through the import page and through
``import_players``, and the preview says which encoding it read; UTF-8 is never taken for
anything else; a file that cannot be read says how to save it. The files are real bytes made
with Python's codecs."""

import io
from io import StringIO

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.tournament.builders import make_tournament, make_user
from tournament.event.roster_files import FileProblem, file_rows
from tournament.event.text_encodings import decoded

# The header in Chinese (as the Chinese pages name the columns), then the players.
TRADITIONAL = "姓名,中文姓名,國家\nWei Wang,王偉,HK\nTai Man Chan,陳大文,HK\nKa Yan Lee,李嘉欣,TW\n"
SIMPLIFIED = "姓名,中文姓名,国家\nWei Wang,王伟,CN\nMing Zhang,张明,CN\nLi Liu,刘丽,CN\n"
WESTERN = "Given name,Family name,Country\nJürgen,Müller,DE\nFrançois,Lefèvre,FR\nJosé,García,ES\n"
READ_AS = {
    "gb18030": "Read as GB18030 (Simplified Chinese, as saved by Excel in mainland China).",
    "cp950": "Read as Big5 (Traditional Chinese, as saved by Excel in Taiwan and Hong Kong).",
    "utf-16": "Read as UTF-16 (Excel&#x27;s &#x27;Unicode text&#x27;).",
    "utf-8-sig": "Read as UTF-8 (Excel&#x27;s &#x27;CSV UTF-8&#x27;).",
    "cp1252": "Read as Windows-1252 (Western European).",
}
FILES = [
    pytest.param(SIMPLIFIED.encode("gb18030"), "gb18030", ["王伟", "张明", "刘丽"], id="gb18030"),
    pytest.param(
        TRADITIONAL.encode("gb18030"), "gb18030", ["王偉", "陳大文"], id="gbk-traditional"
    ),
    pytest.param(TRADITIONAL.encode("big5"), "cp950", ["王偉", "陳大文", "李嘉欣"], id="big5"),
    pytest.param(
        TRADITIONAL.replace(",", "\t").encode("utf-16"), "utf-16", ["王偉", "陳大文"], id="utf-16"
    ),
    pytest.param(SIMPLIFIED.encode("utf-8-sig"), "utf-8-sig", ["王伟", "张明"], id="utf-8-bom"),
    pytest.param(
        WESTERN.encode("latin-1"), "cp1252", ["Jürgen", "Lefèvre", "García"], id="latin-1"
    ),
]


@pytest.fixture
def organiser(client):
    client.force_login(make_user("superuser"))


def _preview(client, tournament, content, language="en"):
    upload = SimpleUploadedFile("players.csv", content, content_type="text/csv")
    address = reverse("console:roster_import", args=[tournament.slug])
    response = client.post(f"{address}?lang={language}", {"file": upload, "header": "auto"})
    assert response.status_code == 200
    return response


@pytest.mark.django_db
@pytest.mark.parametrize(("content", "encoding", "names"), FILES)
def test_the_import_page_reads_the_file_and_says_the_encoding(
    client, organiser, content, encoding, names
):
    tournament = make_tournament()
    response = _preview(client, tournament, content)
    page = response.content.decode()
    plan = response.context["plan"]
    assert plan is not None and plan.ok, page
    assert len(plan.lines) == 3
    for name in names:
        assert name in page
    assert READ_AS[encoding] in page


@pytest.mark.django_db
@pytest.mark.parametrize(("content", "encoding", "names"), FILES)
def test_import_players_reads_the_file_and_says_the_encoding(tmp_path, content, encoding, names):
    tournament = make_tournament()
    path = tmp_path / "players.csv"
    path.write_bytes(content)
    out = StringIO()
    call_command("import_players", "--tournament", tournament.slug, str(path), stdout=out)
    said = out.getvalue()
    assert READ_AS[encoding].replace("&#x27;", "'") in said
    assert "Imported: 3 new player(s)" in said
    stored = set(tournament.registrations.values_list("player__chinese_name", flat=True))
    stored |= set(tournament.registrations.values_list("player__given_name", flat=True))
    stored |= set(tournament.registrations.values_list("player__family_name", flat=True))
    assert set(names) <= stored


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "read_as", "name"),
    [
        ("zh-hans", "读取编码：GB18030（简体中文，中国大陆的 Excel 保存的编码）。", "王伟"),
        ("zh-hant", "讀取編碼：Big5（繁體中文，台灣及香港的 Excel 所存的編碼）。", "陳大文"),
    ],
)
def test_the_preview_says_the_encoding_in_chinese(client, organiser, language, read_as, name):
    content = SIMPLIFIED.encode("gb18030") if language == "zh-hans" else TRADITIONAL.encode("big5")
    page = _preview(client, make_tournament(), content, language).content.decode()
    assert read_as in page and name in page
    assert "CSV UTF-8" in page  # what to do if a name looks wrong


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        # One short name each: these bytes are valid Windows-1252 too (and the Big5 ones valid
        # GB18030): the Chinese reading that makes Chinese text wins.
        ("中文姓名,姓名\n李娜,Na Li\n", "gb18030"),
        ("中文姓名,姓名\n王偉,Wei Wang\n", "cp950"),
        ("中文姓名,姓名\n陳大文,Tai Man Chan\n", "cp950"),
        ("Family\n张\n", "gb18030"),
        ("Family,Club\nWong,香港麻雀會\n", "cp950"),
    ],
)
def test_short_chinese_files_are_read_as_chinese_not_as_a_western_code_page(text, encoding):
    content = text.encode(encoding)
    content.decode("cp1252")  # a Western code page would have read it, wrongly
    read = decoded(content)
    assert (read.text, read.encoding) == (text, encoding)


@pytest.mark.parametrize(
    "row",
    [
        "Jürgen,Müller",
        "Renée,Dubois",
        "Søren,Kierkegaard",
        "Ólafur,Þórsson",
        "Ève,Lœuvre",
        "Seán,O’Brien",
        "Iñaki,Núñez",
        "Björn,Ångström",
    ],
)
def test_western_files_with_accented_names_are_still_read(row):
    """These bytes are valid GB18030 (and some valid Big5), which would read "Renée" as
    "Ren閑": a Chinese character glued to Latin letters is not taken for Chinese text."""
    text = f"Given name,Family name\n{row}\n"
    read = decoded(text.encode("cp1252"))
    assert (read.text, read.encoding) == (text, "cp1252")


@given(st.text(max_size=200))
def test_utf8_is_never_read_as_anything_else(text):
    read = decoded(text.encode("utf-8"))
    assert read.encoding == ("utf-8-sig" if text.startswith("\ufeff") else "utf-8")
    assert read.text == text.removeprefix("\ufeff")


def test_an_xlsx_workbook_is_unaffected():
    book = openpyxl.Workbook()
    book.active.append(["Family name", "Chinese name"])
    book.active.append(["Wang", "王偉"])
    buffer = io.BytesIO()
    book.save(buffer)
    read = file_rows(buffer.getvalue(), "players.xlsx")
    assert read.rows == [["Family name", "Chinese name"], ["Wang", "王偉"]]
    assert (read.encoding, read.read_as()) == ("", "")


@pytest.mark.django_db
def test_a_file_that_cannot_be_read_says_how_to_save_it(client, organiser):
    content = "Given name,Family name\nСергей,Иванов\n".encode("cp1251")
    with pytest.raises(FileProblem, match="line 2 has byte 0xd1") as problem:
        file_rows(content, "players.csv")
    assert "save it as 'CSV UTF-8'" in str(problem.value)
    page = _preview(client, make_tournament(), content).content.decode()
    assert "encoding cannot be recognised" in page and "CSV UTF-8" in page
