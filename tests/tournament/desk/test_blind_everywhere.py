"""Blind double entry on every path (issue 19, point 7): while hand 1 awaits its second entry,
nothing of the first entry - its tiles, value, payments or winner - reaches another judge by
any desk page, htmx partial, audit log, health page, printout (PDF read back), public page or
export; the official who entered it and a head judge see it.

The first entry: a discard win of 140 (Pure One-Suit...) by the player who started South, from
the one who started West; under the formal scheme every other player pays 140 (+420).
"""

import re

import pytest
from django.urls import reverse

from tests.tournament.builders import BIG, entry, make_session, make_user, seat_players
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.models import Hand, Round
from tournament.play.selectors.sheet import session_totals
from tournament.play.services.hands import hand_save
from tournament.play.services.sessions import session_reconcile

pytestmark = pytest.mark.django_db


@pytest.fixture
def pending():
    session = make_session(double_entry=True, results_public=True, standings_public=True)
    Round.objects.filter(pk=session.round_id).update(seating_published=True)
    first = make_user("judge", name="ann")
    hand_save(session=session, entry=entry(session, 1, tiles=BIG), user=first)
    hand = Hand.objects.get(session=session, number=1)
    assert hand.value == 140 and not hand.confirmed
    # The first judge tries to reconcile: the attempt is in the session's audit log.
    totals = session_totals(session)
    card = {pid: totals.get(pid, 0) for pid in seat_players(session).values()}
    assert not session_reconcile(session=session, card_totals=card, user=first).matches
    return session, first


def addresses(session) -> list[str]:
    slug, number, table = session.round.tournament.slug, session.round.number, session.table.number
    desk = [slug, number, table]
    players = seat_players(session).values()
    return [
        reverse("desk:home", args=[slug]),
        reverse("desk:round_desk", args=[slug, number]),
        reverse("desk:session_sheet", args=desk),
        reverse("desk:session_reconcile", args=desk),
        reverse("desk:session_audit", args=desk),
        reverse("desk:tournament_audit", args=[slug]),
        reverse("desk:tournament_health", args=[slug]),
        reverse("desk:hand_confirm", args=[*desk, 1]),
        reverse("desk:hand_edit", args=[*desk, 1]),
        reverse("desk:hand_delete", args=[*desk, 1]),
        reverse("desk:hand_resolve", args=[*desk, 1]),
        reverse("desk:penalty_record", args=desk),
        reverse("public:tournament_detail", args=[slug]),
        reverse("public:standings", args=[slug]),
        reverse("public:round_results", args=[slug, number]),
        reverse("public:projector_standings", args=[slug]),
        *(reverse("public:player_detail", args=[slug, pid]) for pid in players),
        reverse("exports:standings_export", args=[slug, "csv"]),
        reverse("exports:ema_export", args=[slug]),
        reverse("printing:printout_download", args=[slug, "standings"]),
        reverse("printing:printout_download", args=[slug, "scorecards"]) + f"?round={number}",
        reverse("printing:printout_download", args=[slug, "scorecards"])
        + f"?round={number}&table={table}",
    ]


def readable(response) -> str:
    if response["Content-Type"].startswith("application/pdf"):
        return text(response.content)
    return response.getvalue().decode()  # a CSV is streamed


def first_entry_traces(session, page: str) -> list[str]:
    """What of the first entry a page gives away: tiles, patterns, value, payments, winner."""
    winner = session.round.tournament.registrations.get(player_id=seat_players(session)["S"])
    name = re.escape(winner.player.name)
    found = []
    for label, pattern in {
        "tiles": r"456m 789m|\d{8,}m|Pure One-Suit|Nine-Tile",
        "value": r"(?<![\w.#/-])140(?![\w.])",
        "payments": r"(?<![\w.#/-])\+?420(?![\w.])",
        "winner": rf"Win by {name}|{name}\s*·\s*discard",
    }.items():
        if re.search(pattern, page):
            found.append(label)
    return found


def post_reconcile(client, session):
    ids = seat_players(session).values()
    desk = [session.round.tournament.slug, session.round.number, session.table.number]
    return client.post(reverse("desk:session_reconcile", args=desk), {f"p{pid}": 0 for pid in ids})


def post_preview(client, session):
    desk = [session.round.tournament.slug, session.round.number, session.table.number]
    data = {"number": 1, "outcome": "draw"}
    return client.post(reverse("desk:hand_preview", args=desk), data, HTTP_HX_REQUEST="true")


@needs_poppler
def test_nothing_of_the_first_entry_reaches_the_second_judge(client, pending):
    session, _ = pending
    client.force_login(make_user("judge", name="bob"))
    leaks = {}
    for address in addresses(session):
        response = client.get(address, follow=True)
        assert response.status_code in (200, 403), (address, response.status_code)
        found = first_entry_traces(session, readable(response))
        if found:
            leaks[address] = found
    for response in (post_reconcile(client, session), post_preview(client, session)):
        found = first_entry_traces(session, readable(response))
        if found:
            leaks[response.request["PATH_INFO"]] = found
    assert leaks == {}


@needs_poppler
@pytest.mark.parametrize("who", ["entrant", "head judge"])
def test_the_entrant_and_a_head_judge_see_the_first_entry(client, pending, who):
    session, first = pending
    client.force_login(first if who == "entrant" else make_user("head", name="hilda"))
    slug, number, table = session.round.tournament.slug, session.round.number, session.table.number
    desk = [slug, number, table]
    sheet = client.get(reverse("desk:session_sheet", args=desk)).content.decode()
    assert {"value", "payments", "winner"} <= set(first_entry_traces(session, sheet))
    audit = client.get(reverse("desk:session_audit", args=desk)).content.decode()
    assert {"tiles", "value", "winner"} <= set(first_entry_traces(session, audit))
    card = client.get(
        reverse("printing:printout_download", args=[slug, "scorecards"]),
        {"round": number, "table": table},
    )
    assert {"value", "payments"} <= set(first_entry_traces(session, readable(card)))
