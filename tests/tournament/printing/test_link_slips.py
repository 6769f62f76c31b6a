"""Player slips carry each player's private link when an official prints them: the QR code
(read back from the PDF) and the address written beside it are the same link; the public's
slips keep the public player pages."""

import pytest
from django.urls import reverse

from tests.tournament.printing.pdf_reading import qr_codes, text
from tournament.event.links import player_links_issue_all
from tournament.event.selectors.links import link_tokens
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS

pytestmark = pytest.mark.django_db

BASE = "https://zj.example.org"


def _pdf(tournament, official):
    request = PrintRequest(tournament=tournament, base_url=BASE, official=official)
    return DOCUMENTS["slips"].render(request).content


def test_official_slips_print_the_private_links_as_qr_and_text(demo):
    player_links_issue_all(tournament=demo, user=None)
    tokens = link_tokens(demo)
    first_eight = demo.registrations.order_by("number")[:8]
    expected = {
        BASE + reverse("public:player_link", kwargs={"token": tokens[reg.pk]})
        for reg in first_eight
    }
    data = _pdf(demo, official=True)
    assert set(qr_codes(data, page=1)) == expected
    printed = text(data, 1)  # the site on one line, the rest (to type) on the next
    assert printed.count(BASE + "/") == 8
    for reg in first_eight:
        assert f"p/{tokens[reg.pk]}/" in printed


def test_public_slips_never_carry_a_private_link(demo):
    player_links_issue_all(tournament=demo, user=None)
    data = _pdf(demo, official=False)
    codes = qr_codes(data, page=1)
    assert codes and all("/p/" not in code for code in codes)
    assert "/p/" not in text(data, 1)
