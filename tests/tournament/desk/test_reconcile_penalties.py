"""Reconciliation with the signed score card when the session has penalties (issue 19, point 2).

The judge types the card's *Final total* row, which the printed card computes as *Hand totals*
plus *Penalties* (RULINGS R13): the desk compares with the same numbers, read here from the
filled score card PDF itself, in both penalty modes (zero-sum: paid to the other three;
deduction: only the offender loses, so the row adds up to minus the deduction).
"""

import re

import pytest
from django.urls import reverse

from tests.tournament.builders import BIG, entry, make_session, make_user, seat_players
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.models import AuditEntry, Session
from tournament.play.services.hands import hand_save
from tournament.play.services.penalties import penalty_record

pytestmark = pytest.mark.django_db

# (mode, amount, offender): a zero-sum penalty pays a third to each other player.
PENALTIES = {
    "zero_sum": ("zero_sum", 30, "E"),
    "deduction": ("deduction", 10, "N"),
}


def url(session, name):
    args = [session.round.tournament.slug, session.round.number, session.table.number]
    return reverse(f"desk:{name}", args=args)


def played_session(mode):
    """Two hands (a discard win of 140 by S from W, a self-draw by E) and one penalty."""
    session = make_session()
    judge = make_user()
    hand_save(session=session, entry=entry(session, 1, tiles=BIG), user=judge)
    hand_save(
        session=session, entry=entry(session, 2, winner="E", win_type="self_draw"), user=judge
    )
    kind, amount, offender = PENALTIES[mode]
    penalty_record(
        session=session,
        player_id=seat_players(session)[offender],
        amount=amount,
        mode=kind,
        reason="Wrong claim",
        user=judge,
    )
    return session, judge


def card_rows(client, session) -> dict[str, list[int]]:
    """The filled score card's three final rows as the PDF prints them, E S W N."""
    address = reverse(
        "printing:printout_download", args=[session.round.tournament.slug, "scorecards"]
    )
    pdf = client.get(address, {"round": 1, "table": 1})
    assert pdf.status_code == 200, pdf.content[:300]
    rows = {}
    for line in text(pdf.content).splitlines():
        found = re.match(r"\s*(Hand totals|Penalties|Final total)\s+(.*)$", line)
        if found:  # a rule reference after the label, "(R13)", is no number of the row
            numbers = re.sub(r"\([^)]*\)", "", found.group(2)).split()
            rows[found.group(1)] = [int(n) for n in numbers]
    return rows


def typed(session, numbers: list[int]) -> dict:
    ids = seat_players(session)
    return {f"p{ids[wind]}": number for wind, number in zip("ESWN", numbers, strict=True)}


@needs_poppler
@pytest.mark.parametrize("mode", ["zero_sum", "deduction"])
def test_the_card_final_row_closes_a_session_with_a_penalty(client, mode):
    session, judge = played_session(mode)
    client.force_login(judge)
    rows = card_rows(client, session)
    hands, penalties, final = rows["Hand totals"], rows["Penalties"], rows["Final total"]
    assert any(penalties) and final == [h + p for h, p in zip(hands, penalties, strict=True)]
    if mode == "deduction":
        assert sum(final) == -10  # only the offender loses: the row does not add up to 0
    # The judge types the hand totals (the penalties forgotten): one sentence says so.
    page = client.post(url(session, "session_reconcile"), typed(session, hands))
    html = page.content.decode()
    assert page.status_code == 200
    assert "The numbers typed are the hand totals without this session&#x27;s penalties" in html
    assert "type the card&#x27;s Final total row" in html
    assert Session.objects.get().status == "open"
    # The card's three rows, as the card prints them, E S W N.
    table = html[html.index('id="card-rows"') :]
    for label, numbers in (
        ("Hand totals", hands),
        ("Penalties", penalties),
        ("Final total", final),
    ):
        row = table[table.index(f"<th>{label}</th>") :].split("</tr>")[0]
        assert [int(n) for n in re.findall(r">(-?\d+)<", row)] == numbers
    # The card's Final total row closes it.
    done = client.post(url(session, "session_reconcile"), typed(session, final))
    assert done.status_code == 302
    assert Session.objects.get().status == "reconciled"
    log = AuditEntry.objects.filter(action="reconcile").get()
    assert "penalties" in log.after["summary"]


def test_a_deduction_does_not_make_the_card_look_unbalanced(client):
    session, judge = played_session("deduction")
    client.force_login(judge)
    page = client.get(url(session, "session_reconcile"))
    assert "Final total" in page.content.decode()
    # Totals adding up to 0 are wrong when 10 was deducted: the problem names both sums.
    ids = seat_players(session)
    zero = {f"p{pid}": 0 for pid in ids.values()}
    html = client.post(url(session, "session_reconcile"), zero).content.decode()
    assert "The card totals add up to +0, not -10 (the penalties deduct 10)" in html
