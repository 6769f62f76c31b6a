"""The standings PDF at world-championship scale (issue 22): what made it slow, pinned, and the
sheet read back. 400 players after 10 rounds were 6,800 table cells in an automatic table layout
shaded by an ``nth-child`` rule, 4-6x a plain document of the same pages; now a row is two
cells (the rank and name, the figures as one line of monospaced type), the table's layout is
fixed and its rows are shaded by class. ``make bench-pdf`` times it."""

import re
from pathlib import Path

import pytest
import tinycss2

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tests.tournament.printing.pdf_reading import needs_poppler, page_count, words
from tournament.demo.hands import demo_hands_fill
from tournament.printing.documents import base
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.printing.figures import Column, figures_block

pytestmark = pytest.mark.django_db
STYLESHEET = Path(__file__).resolve().parents[3] / "static" / "tournament" / "printing.css"
ROUNDS = 8


@pytest.fixture
def played():
    """Eight players after eight rounds, ranked with match points: 8 round columns."""
    tournament = make_tournament(hands_per_session=4, use_match_points=True)
    players = make_players(tournament, 8, country="DK")
    for number in range(1, ROUNDS + 1):
        make_seated_round(tournament, players[number % 8 :] + players[: number % 8], number)
    demo_hands_fill(tournament=tournament, judge=make_user("printing-judge"), rounds=ROUNDS)
    return tournament


def request_for(tournament):
    return PrintRequest(tournament=tournament, base_url="https://x.example", official=True)


def standings_html(tournament, monkeypatch) -> str:
    parts = []
    monkeypatch.setattr(base, "html_to_pdf", lambda html, **_: parts.extend(html) or b"")
    DOCUMENTS["standings"].render(request_for(tournament))
    (html,) = parts
    return html


def test_a_row_is_two_cells_whatever_the_rounds(played, monkeypatch):
    html = standings_html(played, monkeypatch)
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body)
    assert len(rows) == 8
    assert {len(re.findall(r"<td[ >]", row)) for row in rows} == {2}
    head = html[html.index("<thead>") : html.index("</thead>")]
    assert len(re.findall(r"<th[ >]", head)) == 2
    for heading in ["Rank", "Player", "Country", "Match pts", "Hands", "Penalties", "Total"]:
        assert heading in head
    assert all(f"Rd {number}" in head for number in range(1, ROUNDS + 1))


def _rules(selector_part: str):
    sheet = tinycss2.parse_stylesheet(
        STYLESHEET.read_text(encoding="utf-8"), skip_comments=True, skip_whitespace=True
    )
    for rule in sheet:
        if rule.type == "qualified-rule":
            prelude = tinycss2.serialize(rule.prelude).strip()
            if selector_part in prelude:
                yield prelude, tinycss2.serialize(rule.content)


def test_the_standings_table_is_laid_out_fixed_and_shaded_by_class():
    ranking = dict(_rules(".ranking"))
    assert "table-layout: fixed" in ranking[".ranking"]
    assert not [prelude for prelude in ranking if ":nth-" in prelude]
    assert "background" in ranking[".ranking tr.even"]


def lines_of(placed):
    """The words of a page grouped by line (tops within 3 pt: the fonts' ascents differ)."""
    lines = []
    for word, box in sorted(placed, key=lambda item: item[1][1]):
        if lines and box[1] - lines[-1][-1][1][1] < 3:
            lines[-1].append((word, box))
        else:
            lines.append([(word, box)])
    return lines


@needs_poppler
def test_every_figure_stands_under_its_heading(played):
    data = DOCUMENTS["standings"].render(request_for(played)).content
    lines = lines_of(words(data))
    heading = next(line for line in lines if "Rank" in [word for word, _ in line])
    rights = {str(n) for n in range(1, ROUNDS + 1)} | {"pts", "Hands", "Penalties", "Total"}
    # The right edge of every right-aligned heading ("Rd 1" ends with its "1").
    edges = {word: box[2] for word, box in heading if word in rights}
    assert len(edges) == ROUNDS + 4
    players = [line for line in lines if line is not heading and "Player" in dict(line)]
    assert len(players) == 8
    for line in players:
        ends = [box[2] for _, box in line]
        for name, edge in edges.items():
            assert any(abs(end - edge) < 0.2 for end in ends), f"nothing under {name}: {line}"


@needs_poppler
def test_the_sheet_keeps_as_many_rows_to_a_page():
    tournament = make_tournament()
    make_players(tournament, 200)
    data = DOCUMENTS["standings"].render(request_for(tournament)).content
    assert page_count(data) == 5  # A4 portrait: 44 rows under the title, then 46 a page


def test_figures_line_up_right_and_words_left():
    block = figures_block(
        [Column("Country", ["DK", ""], left=True), Column("Rd 1", ["-1370", "5"])]
    )
    assert block.heading == "  Country   Rd 1"
    assert block.lines == ("  DK       -1370", "               5")
    assert block.chars == 16 and block.last_chars == 5
    # One character to spare at the end; the band behind "-1370" and a character either side.
    assert block.col_style == (
        "width: 10.235em; background-image: linear-gradient(to left, #e6e6e6 4.214em, "
        "transparent 4.214em)"
    )
    with pytest.raises(ValueError, match="one entry per row"):
        figures_block([Column("A", ["1"]), Column("B", [])])
