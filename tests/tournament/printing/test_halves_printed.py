"""Printing a round whose players change tables after hand 8 of 16: the player slip's "from
hand 9" line stays clear of the QR code, whatever round it is printed for, and the score card
of a half is printed on its own.

Vocabulary: a *card* is one session, the play of one table in one half.
"""

import html
import re

import pytest
from django.urls import reverse

from tests.tournament.builders import make_changing_round, make_user
from tests.tournament.printing.pdf_reading import needs_poppler, page_count, qr_boxes, text, words
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS

pytestmark = [pytest.mark.django_db, needs_poppler]


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_slip_line_from_hand_nine_is_whole_and_clear_of_the_qr_code():
    """Round 6 of 6 changes tables: its lines reach down beside the QR code."""
    round_ = make_changing_round(rounds=6)
    request = PrintRequest(tournament=round_.tournament, base_url="https://zj.example.org")
    data = DOCUMENTS["slips"].render(request).content
    printed = words(data, 1)
    assert text(data, 1).count("from hand 9") == 8
    codes = qr_boxes(data, 1)
    assert len(codes) == 8
    nines = [
        box
        for (word, box), (before, _) in zip(printed[1:], printed, strict=False)
        if before == "hand" and word.startswith("9")
    ]
    assert len(nines) == 8
    for box in nines:
        assert not any(_overlap(box, code) for code in codes), box


def _print_link(page: str) -> str:
    link = re.search(r'id="print-card" href="([^"]+)"', page).group(1)
    return html.unescape(link)


def test_the_desk_prints_the_card_of_the_half_it_shows(client):
    round_ = make_changing_round()
    client.force_login(make_user("judge"))
    for half, shown, other in ((1, "hands 1-8", "hands 9-16"), (2, "hands 9-16", "hands 1-8")):
        session = round_.sessions.get(half=half, table__number=1)
        page = client.get(session.desk_url()).content.decode()
        response = client.get(_print_link(page))
        assert response.status_code == 200
        printed = " ".join(text(response.content).split())
        assert f"Table 1 · {shown}" in printed
        assert f"Table 1 · {other}" not in printed
        assert page_count(response.content) == 1


@pytest.mark.parametrize("half", ["3", "x", "0"])
def test_a_half_the_round_does_not_have_is_refused_with_a_reason(client, half):
    round_ = make_changing_round()
    client.force_login(make_user("judge"))
    address = reverse("printing:printout_download", args=[round_.tournament.slug, "scorecards"])
    response = client.get(address, {"round": 1, "table": 1, "half": half})
    assert response.status_code == 400
    assert "give half=1 (hands 1-8) or half=2 (hands 9-16)" in response.content.decode()
