"""The organiser's console in Traditional and Simplified Chinese: the pages, the dashboard's next
step (written by the pure `event.steps`), the roster import's errors with their line and column,
the roll call's sentences for the keyboard, and the services' refusals; English stays as it was."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from scoring.engine.messages import Message, MessageList
from scoring.translation import translate_message
from tests.tournament.builders import make_players, make_tournament, make_user
from tournament.event import roster_bridge
from tournament.event.roster_columns import RowsError, columns_from_header
from tournament.event.roster_files import FileProblem, rows_from_bytes
from tournament.event.roster_import import plan_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    client.force_login(make_user("superuser"))


def url(name, tournament, language, **kwargs):
    address = reverse(f"console:{name}", kwargs={"slug": tournament.slug, **kwargs})
    return f"{address}?lang={language}"


def test_a_text_is_its_english_and_translates_with_its_values():
    inner = Message("name and country")
    text = Message("Existing player, matched by %(how)s.", how=inner)
    assert text == "Existing player, matched by name and country."
    both = MessageList(
        [text, Message("The file's number %(number)s is ignored.", number=7)], separator=" "
    )
    assert both == "Existing player, matched by name and country. The file's number 7 is ignored."
    with translation.override("zh-hant"):
        chinese = translate_message(text)
        assert "Existing" not in chinese and "matched" not in chinese
        assert translate_message(inner) in chinese
        assert translate_message(both).startswith(chinese)


@pytest.mark.parametrize(
    ("language", "heading", "step", "nav"),
    [
        ("zh-hant", "下一步：", "為 4 名參賽選手點名。", "罰分預設"),
        ("zh-hans", "下一步：", "为 4 名参赛选手点名。", "罚分预设"),
    ],
)
def test_the_dashboard_speaks_chinese(client, organiser, language, heading, step, nav):
    tournament = make_tournament()
    make_players(tournament, 4)
    page = client.get(url("dashboard", tournament, language)).content.decode()
    assert heading in page and step in page and nav in page
    assert "Take the roll call" not in page and "Penalty presets" not in page


def test_the_dashboard_in_english_is_unchanged(client, organiser):
    tournament = make_tournament()
    make_players(tournament, 4)
    page = client.get(url("dashboard", tournament, "en")).content.decode()
    assert "Next: Check players in for round 1" in page
    assert "Take the roll call of the 4 active players." in page


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "zh-hant",
            [
                "第 2 行：無法識別的國家/地區 &#x27;Atlantis&#x27;",
                "第 2 行：編號 &#x27;abc&#x27; 不是 1 或以上的整數。",
                "第 3 行：&#x27;Bob&#x27; 缺少姓氏。",
                "第 4 行：編號 &#x27;5&#x27; 重複：第 3 行也有。",
            ],
        ),
        (
            "zh-hans",
            [
                "第 2 行：无法识别的国家/地区 &#x27;Atlantis&#x27;",
                "第 2 行：编号 &#x27;abc&#x27; 不是 1 或以上的整数。",
                "第 3 行：&#x27;Bob&#x27; 缺少姓氏。",
                "第 4 行：编号 &#x27;5&#x27; 重复：第 3 行也有。",
            ],
        ),
    ],
)
def test_a_bad_file_is_explained_row_by_row_in_chinese(client, organiser, language, expected):
    tournament = make_tournament()
    content = "given name,family name,country,number\nAnn,Lee,Atlantis,abc\nBob,,HK,5\nCy,Wu,HK,5\n"
    upload = SimpleUploadedFile("players.csv", content.encode(), content_type="text/csv")
    page = client.post(
        url("roster_import", tournament, language), {"file": upload, "header": "auto"}
    ).content.decode()
    for message in expected:
        assert message in page
    assert "Unknown country" not in page and "Missing family name" not in page


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("zh-hant", "第 4 欄（&#x27;nickname&#x27;）不是可識別的欄名"),
        ("zh-hans", "第 4 列（&#x27;nickname&#x27;）不是可识别的列名"),
    ],
)
def test_an_unknown_column_is_named_in_chinese(client, organiser, language, expected):
    tournament = make_tournament()
    content = "given name,family name,country,nickname\nAnn,Lee,HK,x\n"
    upload = SimpleUploadedFile("players.csv", content.encode(), content_type="text/csv")
    page = client.post(
        url("roster_import", tournament, language), {"file": upload, "header": "auto"}
    ).content.decode()
    assert expected in page


def test_a_file_in_an_encoding_not_recognised_is_explained_in_chinese(client, organiser):
    tournament = make_tournament()
    upload = SimpleUploadedFile(
        "players.csv", "given name,family name\nСергей,Иванов\n".encode("cp1251")
    )
    page = client.post(
        url("roster_import", tournament, "zh-hans"), {"file": upload, "header": "auto"}
    ).content.decode()
    assert "文件不是 UTF-8 编码，也无法识别其编码：第 2 行有字节 0xd1。" in page
    assert "另存为“CSV UTF-8”" in page


def test_the_import_messages_stay_english_outside_a_chinese_page():
    with pytest.raises(FileProblem) as problem:
        rows_from_bytes("given name,family name\nСергей,Иванов\n".encode("cp1251"))
    assert str(problem.value).startswith(
        "The file is not UTF-8 and its encoding cannot be recognised: line 2 has byte 0xd1."
    )
    with pytest.raises(RowsError) as error:
        columns_from_header(["given name", "nickname"])
    assert "Column 2 ('nickname') is not a known column." in str(error.value)
    with translation.override("zh-hant"):
        assert roster_bridge.shown(error.value.text).startswith("第 2 欄（'nickname'）")
    plan = plan_import([["Ann", ""]], columns=["given_name", "family_name"], countries={})
    assert plan.problem_messages() == ["Line 2: Missing family name for 'Ann'."]


def test_the_roll_call_gives_its_keyboard_sentences_in_chinese(client, organiser):
    tournament = make_tournament()
    make_players(tournament, 4)
    page = client.get(url("checkin", tournament, "zh-hant")).content.decode()
    assert 'data-said-unknown="本比賽沒有編號 {number} 的選手。"' in page
    assert "第 1 輪報到" in page and "儲存點名" in page


def test_a_service_refusal_reaches_the_organiser_in_chinese(client, organiser):
    tournament = make_tournament()
    page = client.post(
        url("officials", tournament, "zh-hans"), {"username": "nobody", "role": "judge"}
    ).content.decode()
    assert "没有账号 &#x27;nobody&#x27;；请勾选“新账号”以创建。" in page
