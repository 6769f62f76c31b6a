"""While a session's appeal window is open, the standings page, the CSV export and the
standings PDF mark its players' rows provisional with the window's end time; once it has
closed (here: reconciled long ago), nothing is marked."""

import datetime as dt

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import make_reconciled_session
from tests.tournament.printing.pdf_reading import text
from tournament.models import Session
from tournament.play.selectors.queries import session_appeal_window
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.standings.selectors.board import boards_forget
from tournament.web.languages import moment_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def reconciled():
    return make_reconciled_session(appeal_window_minutes=30)


def _end(session) -> str:
    """The window's end as the page says it (with its day when that is tomorrow)."""
    return moment_text(session_appeal_window(session).ends_at)


def _close_by_time(session):
    Session.objects.filter(pk=session.pk).update(
        reconciled_at=timezone.now() - dt.timedelta(hours=2)
    )
    # No write happened: the kept board and the kept pages are dropped by hand, as the clock
    # would have let the kept pages expire (`test_page_cache.py` checks that it does).
    boards_forget()
    cache.clear()


def test_the_page_marks_each_row_until_the_window_closes(client, reconciled):
    url = reverse("public:standings", args=[reconciled.round.tournament.slug])
    page = client.get(url).content.decode()
    assert page.count(f"provisional until {_end(reconciled)} (appeal window)") == 4
    assert "appeal window open until" in page
    _close_by_time(reconciled)
    page = client.get(url).content.decode()
    assert "provisional until" not in page and "appeal window" not in page


def test_the_export_marks_each_row(client, reconciled):
    url = reverse("exports:standings_export", args=[reconciled.round.tournament.slug, "csv"])
    body = client.get(url).getvalue().decode()
    assert body.count(f"provisional until {_end(reconciled)}") == 4


def test_the_pdf_marks_each_row(reconciled):
    tournament = reconciled.round.tournament
    request = PrintRequest(tournament=tournament, base_url="https://x.example", official=True)
    printed = " ".join(text(DOCUMENTS["standings"].render(request).content).split())
    assert printed.count(f"(provisional until {_end(reconciled)} (appeal window))") == 4
