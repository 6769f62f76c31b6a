"""The award certificates print one page per winner, in the organiser's language or bilingual,
with the best hand's tiles; with no award defined, one page says so."""

from __future__ import annotations

import pytest

from tests.kept import kept, kept_value
from tests.tournament.printing.pdf_reading import needs_poppler, page_count, text
from tests.tournament.statistics.events import make_stats_event
from tournament.models import Player, Tournament
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.statistics.selectors.awards import award_lines
from tournament.statistics.selectors.event import statistics_forget
from tournament.statistics.services.awards import award_save

pytestmark = [needs_poppler]

certificates_kept = kept("certificates_kept", make_stats_event)


@pytest.fixture
def event(certificates_kept, db):
    return Tournament.objects.get(pk=kept_value(certificates_kept, "stats event"))


def _print(event, language="en"):
    request = PrintRequest(tournament=event, official=True, language=language)
    return DOCUMENTS["awards"].render(request)


def _squeezed(data, page=None) -> str:
    return "".join(text(data, page).split()) if page else "".join(text(data).split())


def test_one_certificate_per_winner_with_the_figure(event):
    award_save(tournament=event, kind="best_hand", title="Best hand of the Open")
    award_save(tournament=event, kind="most_wins", title="Most hands won")
    lines = award_lines(event, published_only=False)
    winners = [c for line in lines for c in line.result.winners]
    printout = _print(event)
    assert printout.filename == f"{event.slug}-awards.pdf"
    data = printout.content
    assert page_count(data) == len(winners)
    first = _squeezed(data, 1)
    best = lines[0].result.winners[0]
    assert "Certificate" in first and "BesthandoftheOpen" in first
    assert "".join(best.name.split()) in first
    assert f"ahandof{best.line.largest}points" in first


def test_a_bilingual_certificate_says_both_languages_and_the_chinese_name(event):
    award_save(tournament=event, kind="most_wins", title="Most hands won")
    winner = award_lines(event, published_only=False)[0].result.winners[0]
    Player.objects.filter(pk=winner.player_id).update(chinese_name="陳大文")
    statistics_forget()  # a name changed behind the services' back: no write moved the version
    page = _squeezed(_print(event, "en+zh-hant").content)
    assert "Certificate" in page and "獎狀" in page and "頒發給" in page
    assert "陳大文" in page and "".join(winner.name.split()) in page


def test_with_no_award_the_printout_says_where_to_define_them(event):
    page = _squeezed(_print(event, "zh-hans").content)
    assert "奖状" in page
