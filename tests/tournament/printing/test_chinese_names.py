"""A player's Chinese name is printed once: on a Chinese slip, score card or seating list the
Chinese name comes first and the romanised label beside it ("王偉 Wei Wang"), never the Chinese
name twice ("王偉 王偉 Wei Wang"); the bilingual card puts it under the romanised name, once.

Read back from the PDFs with pdftotext; the Chinese is compared without white space
(pdftotext spaces Chinese as it likes)."""

from __future__ import annotations

import pytest

from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.models import Registration
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS

pytestmark = [pytest.mark.django_db, needs_poppler]
BASE = "https://zj.example.org"


def render(identifier, tournament, language, **fields) -> str:
    document = DOCUMENTS[identifier]
    round_ = tournament.rounds.get(number=1) if document.needs_round else None
    request = PrintRequest(
        tournament=tournament,
        round=round_,
        base_url=BASE,
        official=True,
        language=language,
        **fields,
    )
    return "".join(text(document.render(request).content).split())


def chinese_players(tournament) -> dict[str, str]:
    """{Chinese name: romanised name} of the players who have one (each name once)."""
    rows = Registration.objects.filter(tournament=tournament).exclude(player__chinese_name="")
    named = dict(rows.values_list("player__chinese_name", "player__name"))
    assert len(named) >= 3 and len(named) == rows.count()  # the demo: several, all different
    return named


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans", "en"])
def test_each_slip_names_its_player_once(demo, language):
    printed = render("slips", demo, language)
    for chinese, name in chinese_players(demo).items():
        assert printed.count(chinese) == 1, (language, chinese)
        assert printed.count("".join(name.split())) == 1, (language, name)
        if language != "en":  # the Chinese name first, the romanised one beside it
            assert chinese + "".join(name.split()) in printed, (language, chinese)


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en+zh-hant", "en+zh-hans"])
def test_the_score_card_names_each_player_once(demo, language):
    seat = (
        demo.rounds.get(number=1)
        .seats.exclude(player__chinese_name="")
        .select_related("player", "table")
        .order_by("table__number", "wind")
        .first()
    )
    for identifier in ("scorecards", "blank-scorecards"):
        printed = render(identifier, demo, language, table=seat.table.number)
        assert printed.count(seat.player.chinese_name) == 1, (identifier, language)
        assert printed.count("".join(seat.player.name.split())) == 1, (identifier, language)


def test_the_seating_list_names_each_player_once_a_list(demo):
    printed = render("seating", demo, "zh-hant")
    for chinese in chinese_players(demo):
        assert printed.count(chinese) == 2, chinese  # by table, then by player
