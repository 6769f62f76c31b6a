"""Chinese on the printouts' lines: a Chinese word of a heading never breaks inside (和牌者 on
one line, never "和 / 牌者"), a half's card keeps "hands 9-16" together, and Chinese in lines of
monospaced type is never letter-spaced ("局後累計", not "局 後 累 計") while its columns stay
aligned.

Read back from the PDFs: pdftotext's words with their boxes (a word split over two lines is two
words), and its layout text (letter-spaced characters come back with spaces between them)."""

from __future__ import annotations

import re

import pytest

from tests.tournament.builders import make_changing_round
from tests.tournament.printing.pdf_reading import needs_poppler, text, words
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.printing.monospace import WIDE_GAP_EM
from tournament.templatetags.printing import kept_words, monospaced

pytestmark = [pytest.mark.django_db, needs_poppler]

# The bilingual card's Chinese header words (the glossary's), and the QR code's caption.
HEADER_WORDS = {
    "en+zh-hant": ["和牌者", "出銃者", "分數", "和牌方式", "桌旁裁判"],
    "en+zh-hans": ["和牌者", "点炮者", "分数", "和牌方式", "桌旁裁判"],
}


def render(identifier, tournament, language, round_number=1, **fields) -> bytes:
    document = DOCUMENTS[identifier]
    request = PrintRequest(
        tournament=tournament,
        round=tournament.rounds.get(number=round_number) if document.needs_round else None,
        base_url="https://zj.example.org",
        official=True,
        language=language,
        **fields,
    )
    return document.render(request).content


def test_the_html_keeps_each_chinese_word_in_a_no_break_span():
    assert str(kept_words("Discarder 出銃者")) == 'Discarder <span class="unbroken">出銃者</span>'
    assert str(kept_words("Hand <b>")) == "Hand &lt;b&gt;"


@pytest.mark.parametrize("language", sorted(HEADER_WORDS))
def test_the_bilingual_cards_header_words_are_whole(demo, language):
    printed = [word for word, _box in words(render("scorecards", demo, language, table=1))]
    for word in HEADER_WORDS[language]:
        assert word in printed, (language, word, printed[:60])


def test_a_halfs_card_keeps_its_hand_range_on_one_line():
    round_ = make_changing_round()
    for language, before, after in (("en", "hands", None), ("zh-hant", "第", "局")):
        printed = words(render("blank-scorecards", round_.tournament, language, table=1, half=2))
        at = next(
            i
            for i, (word, _box) in enumerate(printed)
            if word == "9-16" and printed[i - 1][0] == before
        )
        kept = printed[at - 1 : at + 2] if after else printed[at - 1 : at + 1]
        if after:
            assert kept[-1][0] == after, (language, kept)
        middles = [(box[1] + box[3]) / 2 for _word, box in kept]
        assert max(middles) - min(middles) < 3, (language, kept)  # one line


def test_monospaced_chinese_is_padded_after_its_run_never_letter_spaced():
    html = str(monospaced("第 4 局後累計   640"))
    assert "letter-spacing" not in html
    assert f"padding-right: {4 * WIDE_GAP_EM:.4f}em" in html and "局後累計</span>" in html


@pytest.mark.parametrize("language", ["en+zh-hans", "zh-hans", "en+zh-hant"])
def test_a_running_total_is_one_word_and_its_figures_stay_in_their_columns(demo, language):
    data = render("scorecards", demo, language, table=1)
    phrase = "局后累计" if language.endswith("hans") else "局後累計"
    layout = text(data, 1)
    assert layout.count(phrase) == 3, layout  # after hands 4, 8 and 12
    # The figures of a running total end where the hands' figures end, column by column.
    printed = words(data)

    def figures_beside(label_box) -> list[float]:
        """The right ends of the last four figures on the label's row."""
        middle = (label_box[1] + label_box[3]) / 2
        row = [
            box
            for word, box in printed
            if re.fullmatch(r"[+-]?\d+", word)
            and box[0] > label_box[2]
            and abs((box[1] + box[3]) / 2 - middle) < 4
        ]
        return sorted(box[2] for box in row)[-4:]

    hand_one = next(box for word, box in printed if word == "1" and box[0] < 60)
    ends = figures_beside(hand_one)
    totals = [figures_beside(box) for word, box in printed if phrase in word]
    assert len(ends) == 4 and len(totals) == 3
    for total in totals:
        assert [round(end - hand, 1) for end, hand in zip(total, ends, strict=True)] == [0.0] * 4


def test_the_standings_headings_are_not_letter_spaced(demo):
    layout = text(render("standings", demo, "zh-hans"), 1)
    assert "国家" in layout and "罚分" in layout and "总分" in layout
