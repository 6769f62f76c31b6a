"""Printouts in three languages (issue 23): every PDF in English, Traditional and Simplified
Chinese embeds the product's own CJK font (a subset) and gives its Chinese back as text; a host
whose fontconfig knows no CJK font still prints Chinese; the bilingual score card; the slips' QR
codes open the page in the slip's language; the download's ``?language=``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from django.urls import reverse

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tests.tournament.printing.pdf_reading import needs_poppler, page_count, qr_codes, text
from tournament.printing import fonts
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.printing.errors import NothingToPrint

pytestmark = [pytest.mark.django_db, needs_poppler, pytest.mark.slow]  # every printout x3
BASE = "https://zj.example.org"
ROOT = Path(__file__).resolve().parents[3]

# What each printout says in each language: its title or heading, read back with pdftotext.
SAYS = {
    "zh-hant": {
        "blank-scorecards": ["計分表 · 第 1 輪 · 第 1 桌", "各局合計", "總分"],
        "scorecards": ["計分表 · 第 1 輪 · 第 1 桌", "自摸", "出銃"],
        "seating": ["第 1 輪 · 按桌排列的座位表", "第 1 桌"],
        "slips": ["掃描二維碼查看你的頁面和成績。", "門風"],
        "standings": ["選手", "總分", "同分選手名次相同。"],
        "aid-card": ["計分輔助卡", "九蓮寶燈", "斷么九", "Nine Gates"],
        "awards": ["獎狀", "尚無獎項有得主"],
    },
    "zh-hans": {
        "blank-scorecards": ["计分表 · 第 1 轮 · 第 1 桌", "各局合计", "总分"],
        "scorecards": ["计分表 · 第 1 轮 · 第 1 桌", "自摸", "点炮"],
        "seating": ["第 1 轮 · 按桌排列的座位表", "第 1 桌"],
        "slips": ["扫描二维码查看你的页面和成绩。", "门风"],
        "standings": ["选手", "总分", "同分选手名次相同。"],
        "aid-card": ["计分辅助卡", "九莲宝灯", "断幺九", "Nine Gates"],
        "awards": ["奖状", "尚无奖项有得主"],
    },
    "en": {
        "blank-scorecards": ["Score record card · Round 1 · Table 1"],
        "scorecards": ["Score record card · Round 1 · Table 1"],
        "seating": ["Round 1 · seating by table"],
        "slips": ["Scan the code for your page and scores."],
        "standings": ["Tied players share a rank."],
        "aid-card": ["Scoring aid card", "Nine Gates", "九蓮寶燈"],  # the Chinese column
        "awards": ["Award certificates", "No award has a winner yet"],
    },
}


def render(identifier, tournament, language, **fields):
    document = DOCUMENTS[identifier]
    round_ = tournament.rounds.get(number=1) if document.needs_round else None
    if identifier.endswith("scorecards"):
        fields.setdefault("table", 1)
    request = PrintRequest(
        tournament=tournament,
        round=round_,
        base_url=BASE,
        official=True,
        language=language,
        **fields,
    )
    return document.render(request)


def squeezed(words: str) -> str:
    """The text without its white space (pdftotext spaces Chinese as it likes)."""
    return "".join(words.split())


def embedded_fonts(data: bytes) -> list[list[str]]:
    """pdffonts' rows: name, type..., emb, sub, uni, object, generation."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(data)
        file.flush()
        listing = subprocess.run(
            ["pdffonts", file.name], capture_output=True, text=True, check=True
        ).stdout
    return [line.split() for line in listing.splitlines()[2:]]


def assert_our_cjk_font_is_embedded_and_subset(data: bytes):
    rows = [row for row in embedded_fonts(data) if "ZJ-Noto-Sans-CJK" in row[0]]
    assert rows, "the shipped CJK font is not in the PDF"
    for row in rows:
        emb, sub = row[-5], row[-4]
        assert (emb, sub) == ("yes", "yes"), row
        assert row[0][6] == "+", row  # a subset's name: ABCDEF+ZJ-Noto-Sans-CJK


def test_every_printout_is_said_in_every_language():
    assert {language: set(words) for language, words in SAYS.items()} == {
        language: set(DOCUMENTS) for language in SAYS
    }


# One test per printout and language: each renders a PDF with the CJK font's subset (seconds),
# so that the suite's workers share them out.
@pytest.mark.parametrize(
    "language, identifier",
    [(language, identifier) for language, words in SAYS.items() for identifier in words],
)
def test_every_printout_in_each_language_embeds_the_cjk_font_and_says_its_words(
    demo, language, identifier
):
    printout = render(identifier, demo, language)
    data = printout.content
    if language != "en" or identifier == "aid-card":  # English prints Chinese names only
        assert_our_cjk_font_is_embedded_and_subset(data)
    page = squeezed(text(data))
    for word in SAYS[language][identifier]:
        assert squeezed(word) in page, (identifier, language, word)
    if language != "en":
        assert printout.filename.endswith(f"-{language}.pdf")
    if language == "zh-hant" and identifier == "aid-card":
        assert "Scoringaidcard" not in page and "PureOne-Suit" in page  # English beside


def test_a_chinese_score_card_is_one_small_page(demo):
    data = render("blank-scorecards", demo, "zh-hant").content
    assert page_count(data) == 1
    assert len(data) < 400_000  # the font's subset, not the 19 MB collection


def test_the_bilingual_score_card_has_both_languages_side_by_side_on_one_page(demo):
    for language, chinese in (("en+zh-hant", "計分表"), ("en+zh-hans", "计分表")):
        data = render("scorecards", demo, language).content
        assert page_count(data) == 1
        page = squeezed(text(data))
        assert squeezed("Score record card · Round 1 · Table 1") in page and chinese in page
        assert "Finaltotal" in page and ("總分" in page or "总分" in page)
    with pytest.raises(NothingToPrint):  # only the score cards are bilingual
        render("seating", demo, "en+zh-hant")


def test_a_chinese_slip_opens_the_chinese_page(demo):
    data = render("slips", demo, "zh-hans").content
    (first, *_rest) = sorted(qr_codes(data, page=1))
    assert first.startswith(BASE) and first.endswith("?lang=zh-hans")
    english = render("slips", demo, "en").content
    assert all("lang=" not in code for code in qr_codes(english, page=1))


def test_the_download_takes_the_language_asked_or_the_askers(client):
    tournament = make_tournament()
    make_seated_round(tournament, make_players(tournament, 4))
    client.force_login(make_user("superuser"))
    url = reverse("printing:printout_download", args=[tournament.slug, "standings"])
    asked = client.get(url, {"language": "zh-hans"})
    assert asked.status_code == 200 and "同分选手名次相同" in squeezed(text(asked.content))
    theirs = client.get(url, {"lang": "zh-hant"})  # the site's language, from the middleware
    assert theirs.status_code == 200 and "同分選手名次相同" in squeezed(text(theirs.content))
    english = client.get(url, {"lang": "en"})
    assert "Tiedplayerssharearank." in squeezed(text(english.content))
    wrong = client.get(url, {"language": "fr"})
    assert wrong.status_code == 400 and "zh-hans" in wrong.content.decode()
    page = client.get(reverse("console:printouts", args=[tournament.slug]), {"language": "zh-hans"})
    assert 'name="language" value="zh-hans"' in page.content.decode()


SCRIPT = """
import django, json, os, sys
django.setup()
from tournament.models import Tournament
from tournament.printing import fonts
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
tournament = Tournament(name="Open", slug="open")
printout = DOCUMENTS["aid-card"].render(PrintRequest(tournament=tournament, language="zh-hant"))
open(sys.argv[1], "wb").write(printout.content)
print(json.dumps({"shipped": str(fonts.shipped_font_path())}))
"""


def test_a_host_whose_fontconfig_knows_no_cjk_font_still_prints_chinese(tmp_path):
    """A fresh process whose fontconfig sees DejaVu only (``FONTCONFIG_FILE``): the printout
    still embeds the shipped font and gives the Chinese back."""
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
        f"<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir>"
        f"<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )
    env = {**os.environ, "FONTCONFIG_FILE": str(config), "DJANGO_SETTINGS_MODULE": "tests.settings"}
    seen = subprocess.run(
        ["fc-list", ":lang=zh", "family"], capture_output=True, text=True, env=env, check=True
    )
    assert seen.stdout.strip() == ""  # the host's CJK fonts are out of sight
    pdf = tmp_path / "aid.pdf"
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(pdf)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1])["shipped"] != "None"
    data = pdf.read_bytes()
    assert_our_cjk_font_is_embedded_and_subset(data)
    page = text(data)
    assert "計分輔助卡" in page and "九蓮寶燈" in page and "清一色" in page
    assert not [row for row in embedded_fonts(data) if "WenQuanYi" in row[0]]


def test_the_shipped_font_is_the_pinned_package_and_named_by_a_file_url():
    path = fonts.shipped_font_path()
    assert path is not None and path.name == "NotoSansCJK-Regular.ttc"
    assert f'src: url("{path.as_uri()}")' in fonts.font_face_css()
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"noto-cjk-sans-otc==0.0.1"' in pyproject
