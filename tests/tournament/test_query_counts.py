"""Every page's SQL query count stays the same as the event grows: at 2 and 10 rounds, and at 32
and 100 players, from before the seating to the last round played.

Vocabulary
----------
event       a tournament built through the services (`event_build`) in one of four `STATES`:
            players registered and the rounds created but not seated; every round seated and
            published (*before play*); then one hand saved per session by the hand service
            in round 1 only or in every round, with one penalty recorded.
size        (players, rounds): the small event is 32 x 2; the grown ones 32 x 10 (rounds) and
            100 x 2 (players).
page        an address from `PAGES`, asked by its lowest role (public, judge, head judge,
            organiser); PDFs are left to the printing tests. The public API's endpoints count
            as pages (``api:``), their long lists asked for their first page.
"""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import entry, make_user
from tournament.event.services.admission import RosterEntry
from tournament.event.services.registrations import tournament_register
from tournament.models import Registration, Round, Session, Tournament
from tournament.play.services import hands as hand_services
from tournament.play.services import penalties as penalty_services
from tournament.seating.services.seats import round_seat, seating_publish

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # every page, two event sizes

SMALL, MORE_ROUNDS, MORE_PLAYERS = (32, 2), (32, 10), (100, 2)
STATES = ["rounds not seated", "before play", "round 1 played", "every round played"]

# (url name, role, argument names): "slug", "round", "table", "hand", "player", "format".
PAGES = [
    ("public:tournament_detail", "public", ()),
    ("public:player_list", "public", ()),
    ("public:round_list", "public", ()),
    ("public:round_detail", "public", ("round",)),
    ("public:seating_by_player", "public", ("round",)),
    ("public:table_list", "public", ()),
    ("public:standings", "public", ()),
    ("public:country_list", "public", ()),
    ("public:player_detail", "public", ("player",)),
    ("public:round_results", "public", ("round",)),
    ("public:projector_standings", "public", ()),
    ("public:projector_seating", "public", ("round",)),
    ("public:statistics", "public", ()),
    ("public:projector_statistics", "public", ()),
    ("public:overlay_standings", "public", ()),
    ("public:overlay_table", "public", ("round", "table")),
    ("api:tournament_detail", "public", ()),
    ("api:player_list", "public", ()),
    ("api:player_detail", "public", ("player",)),
    ("api:round_list", "public", ()),
    ("api:round_detail", "public", ("round",)),
    ("api:round_results", "public", ("round",)),
    ("api:standings", "public", ()),
    ("api:statistics", "public", ()),
    ("exports:standings_export", "public", ("csv",)),
    ("exports:standings_export", "public", ("xlsx",)),
    ("exports:ema_export", "public", ()),
    ("desk:home", "judge", ()),
    ("desk:round_desk", "judge", ("round",)),
    ("desk:session_sheet", "judge", ("round", "table")),
    ("desk:session_audit", "judge", ("round", "table")),
    ("desk:tournament_audit", "judge", ()),
    ("desk:tournament_health", "judge", ()),
    ("desk:tournament_settings_update", "head", ()),
    ("console:dashboard", "organiser", ()),
    ("console:roster", "organiser", ()),
    ("console:checkin", "organiser", ()),
    ("console:rounds", "organiser", ()),
    ("console:officials", "organiser", ()),
    ("console:seating_overview", "organiser", ()),
    ("console:seating_round", "organiser", ("number",)),
    ("console:printouts", "organiser", ()),
]


def event_build(players: int, rounds: int, *, state: str) -> Tournament:
    """See the module docstring: through the roster, seating, hand and penalty services."""
    tournament = Tournament.objects.create(
        name=f"Counted {players}x{rounds}",
        slug=f"counted-{players}-{rounds}-{STATES.index(state)}",
        start_date=datetime.date(2026, 7, 1),
        end_date=datetime.date(2026, 7, 3),
        hands_per_session=4,
        use_match_points=True,
    )
    roster = [
        RosterEntry(name=f"Player {i:03d}", country="DK FR JP"[i % 3 * 3 :][:2])
        for i in range(players)
    ]
    people = [r.player for r in tournament_register(tournament=tournament, roster=roster)]
    judge = make_user("judge")
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(tournament=tournament, number=number)
        if state == "rounds not seated":
            continue
        shift = (number - 1) * 5 % players
        order = people[shift:] + people[:shift]
        round_seat(
            round_=round_, seat_rows=[(i // 4 + 1, "ESWN"[i % 4], p) for i, p in enumerate(order)]
        )
        seating_publish(round_=round_)
    if state in ("round 1 played", "every round played"):
        sessions = Session.objects.filter(round__tournament=tournament).select_related(
            "round__tournament", "table"
        )
        if state == "round 1 played":
            sessions = sessions.filter(round__number=1)
        for session in sessions:
            hand_services.hand_save(session=session, entry=entry(session), user=judge)
        first = sessions.first()
        penalty_services.penalty_record(
            session=first,
            player_id=first.round.seats.filter(table=first.table).first().player_id,
            amount=10,
            mode="deduction",
            reason="Counted",
            user=judge,
        )
    return tournament


def _address(name: str, args: tuple, tournament: Tournament) -> str:
    values = {
        "round": 1,
        "number": 1,
        "table": 1,
        "csv": "csv",
        "xlsx": "xlsx",
        "player": Registration.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("player_id", flat=True)[5],
    }
    return reverse(name, args=[tournament.slug, *(values[a] for a in args)])


def _clients() -> dict[str, Client]:
    clients = {"public": Client()}
    for role, kind in (("judge", "judge"), ("head", "head"), ("organiser", "superuser")):
        clients[role] = Client()
        clients[role].force_login(make_user(kind))
    return clients


def query_counts(tournament: Tournament) -> dict[str, int]:
    """Each page's query count (its status code beside it: a page that fails counts nothing)."""
    from tournament.standings.selectors.board import boards_forget
    from tournament.statistics.selectors.event import statistics_forget

    clients, counts = _clients(), {}
    for name, role, args in PAGES:
        url = _address(name, args, tournament)
        clients[role].get(url)  # the session and the log-in are settled before counting
        boards_forget()
        statistics_forget()
        with CaptureQueriesContext(connection) as queries:
            response = clients[role].get(url)
            if getattr(response, "streaming", False):
                b"".join(response.streaming_content)
        assert response.status_code in (200, 302, 404), (url, response.status_code)
        counts[f"{name} {' '.join(args)}".strip()] = (response.status_code, len(queries))
    return counts


@pytest.mark.parametrize("state", STATES)
def test_no_page_asks_more_queries_for_more_rounds_or_players(state):
    small = query_counts(event_build(*SMALL, state=state))
    rounds = query_counts(event_build(*MORE_ROUNDS, state=state))
    players = query_counts(event_build(*MORE_PLAYERS, state=state))
    grew = {
        page: (small[page], rounds[page], players[page])
        for page in small
        if not small[page] == rounds[page] == players[page]
    }
    assert grew == {}, "(status, queries) at 32x2, 32x10, 100x2"


def test_the_player_page_reads_hands_by_key_not_by_a_join_from_payments():
    """The player's payments are read by player, then their hands by primary key: a join from
    payments to hands let PostgreSQL scan the whole hand table (the page grew with the event's
    hands, not the player's)."""
    tournament = event_build(*SMALL, state="every round played")
    url = _address("public:player_detail", ("player",), tournament)
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url).status_code == 200
    reads = [q["sql"] for q in queries if 'FROM "tournament_payment"' in q["sql"]]
    assert len(reads) == 1 and 'JOIN "tournament_hand"' not in reads[0]
    assert '"tournament_payment"."player_id" =' in reads[0]
    hands = [q["sql"] for q in queries if 'FROM "tournament_hand"' in q["sql"]]
    assert any('"tournament_hand"."id" IN' in sql for sql in hands)
