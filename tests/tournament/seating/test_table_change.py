"""A round whose players change tables after hand 8 of 16, built through the services: the
organiser declares the change, the engine seats both halves, judges enter hands 1-8 and 9-16
at the right tables, every card is reconciled on its own, and the standings, the printouts and
the archive follow.

Vocabulary: a *card* is one session, the play of one table in one half; "independent" totals
are summed straight from the saved payments and the penalties as recorded, without the kept
session scores or the ranking.
"""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import SMALL, entry, make_players, make_tournament, make_user
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.event.services.settings import tournament_settings_update
from tournament.exports.archive.checks import archive_problems
from tournament.exports.archive.text import archive_dumps
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services.importing import tournament_import
from tournament.models import Payment, Round, Seat, Session
from tournament.play.health.report import health_report
from tournament.play.selectors.sessions import session_next_number
from tournament.play.services.hands import HandNumberRefused, hand_preview, hand_save
from tournament.play.services.penalties import penalty_record
from tournament.play.services.sessions import session_reconcile
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.seating.report import quality_report
from tournament.seating.request import repeat_lower_bound
from tournament.seating.selectors import round_seatings, seating_players
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.seats import seating_publish
from tournament.seating.services.table_change import round_table_change_set
from tournament.standings.selectors.board import board, standings

pytestmark = pytest.mark.django_db
HANDS, AFTER = 16, 8


def event_with_a_change(players: int, *, rounds: int = 1, time_limit: float = 20.0):
    tournament = make_tournament(hands_per_session=HANDS)
    make_players(tournament, players)
    seating_generate(tournament=tournament, total_rounds=rounds, seed=7, time_limit=time_limit)
    first = tournament.rounds.get(number=1)
    first.tournament = tournament
    plan = round_table_change_set(round_=first, after_hand=AFTER, time_limit=time_limit)
    assert plan is not None
    return tournament


def cards(round_: Round) -> list[Session]:
    sessions = round_.sessions.select_related("round__tournament", "table")
    return list(sessions.order_by("half", "table__number"))


def play_round(round_: Round, judge, rng: random.Random) -> dict[int, int]:
    """Enter every hand of every card (wins, self-draws, draws) and a zero-sum penalty on
    each second-half card; returns the penalty points per player as recorded."""
    penalties: dict[int, int] = defaultdict(int)
    for session in cards(round_):
        for number in session.hand_numbers():
            roll = rng.random()
            winner = rng.choice("ESWN")
            if roll < 0.15:
                data = entry(session, number, outcome="draw", tiles="", winning_tile="")
            elif roll < 0.45:
                data = entry(session, number, winner=winner, win_type="self_draw", tiles=SMALL)
            else:
                other = rng.choice([w for w in "ESWN" if w != winner])
                data = entry(session, number, winner=winner, discarder=other, tiles=SMALL)
            hand_save(session=session, entry=data, user=judge)
        if session.half == 2:
            offender = session.seats_by_wind()["N"].player_id
            penalty_record(
                session=session,
                player_id=offender,
                amount=30,
                mode="zero_sum",
                reason="talking",
                user=judge,
                hand_number=session.hand_numbers()[-1],
            )
            for seat in session.seats_by_wind().values():
                penalties[seat.player_id] += -30 if seat.player_id == offender else 10
    return penalties


def reconcile_cards(round_: Round, penalties: dict[int, int], judge) -> None:
    """Reconcile every card of ``round_`` (played by `play_round`) with its own totals: its
    payments, plus the penalties on the second-half cards."""
    for session in cards(round_):
        totals = Counter()
        for player_id, amount in Payment.objects.filter(hand__session=session).values_list(
            "player_id", "amount"
        ):
            totals[player_id] += amount
        seated = [seat.player_id for seat in session.seats_by_wind().values()]
        if session.half == 2:
            for player_id in seated:
                totals[player_id] += penalties[player_id]
        result = session_reconcile(
            session=session, card_totals={pid: totals[pid] for pid in seated}, user=judge
        )
        assert result.problems == [], result.problems
    assert set(round_.sessions.values_list("status", flat=True)) == {"reconciled"}


def independent_totals(tournament, penalties: dict[int, int]) -> dict[int, int]:
    totals: dict[int, int] = Counter()
    for player_id, amount in Payment.objects.filter(
        hand__session__round__tournament=tournament
    ).values_list("player_id", "amount"):
        totals[player_id] += amount
    for player_id, points in penalties.items():
        totals[player_id] += points
    return dict(totals)


def assert_seated_once_per_half(round_: Round, count: int):
    for half in (1, 2):
        seated = Counter(
            Seat.objects.filter(round=round_, half=half).values_list("player_id", flat=True)
        )
        assert len(seated) == count and set(seated.values()) == {1}


def assert_no_avoidable_repeats(tournament):
    players = seating_players(tournament)
    seatings = round_seatings(list(tournament.rounds.all()))
    engine_rounds = len(seatings)
    report = quality_report(players, seatings)
    # The engine's own goal: no more repeat meetings than the lower bound forces.
    assert report.repeat_meetings == repeat_lower_bound(len(players), engine_rounds) == 0


def test_a_sixteen_hand_round_in_two_halves_from_declaration_to_standings():
    tournament = event_with_a_change(16, rounds=2)
    round_ = tournament.rounds.get(number=1)
    round_.tournament = tournament
    assert round_.table_change_after == AFTER
    assert_seated_once_per_half(round_, 16)
    assert [(s.half, s.hand_numbers()) for s in cards(round_)] == [
        *[(1, range(1, 9))] * 4,
        *[(2, range(9, 17))] * 4,
    ]
    # Round 2 was seated before the change: generating again counts both halves.
    seating_generate(tournament=tournament, total_rounds=2, seed=7)
    round_.refresh_from_db()
    assert round_.table_change_after == AFTER
    assert_seated_once_per_half(round_, 16)
    assert_no_avoidable_repeats(tournament)

    judge = make_user("judge")
    first, second = cards(round_)[0], cards(round_)[4]
    # The desk: the first card takes hands 1-8, the second card 9-16, each at its own table.
    assert session_next_number(first) == 1 and session_next_number(second) == 9
    refused = hand_preview(session=second, entry=entry(second, 1))
    assert refused.field_errors()["number"] == ["Hand numbers run from 9 to 16 (RULINGS R15)."]
    with pytest.raises(HandNumberRefused, match="the next hand of Round 1, Table 1 is hand 1"):
        hand_save(session=first, entry=entry(first, 9), user=judge)
    east = second.seats_by_wind()["E"].player
    assert second.dealer(9) == east  # hand 9 is dealt by the second table's East (R14)

    penalties = play_round(round_, judge, random.Random(5))
    expected = independent_totals(tournament, penalties)
    rows = {row.player_id: row for row in standings(tournament)}
    assert {pid: row.total for pid, row in rows.items()} == expected
    assert all(row.sessions_played == 2 for row in rows.values())
    tables = {(p.half, p.table_number) for p in rows[east.pk].sessions}
    assert (2, second.table.number) in tables and len(tables) == 2

    # Reconciliation per card: each card's own totals close it.
    reconcile_cards(round_, penalties, judge)
    assert not board(tournament).provisional.active

    # The archive carries the change; the copy ranks the same.
    archive = tournament_archive(tournament)
    assert archive_problems(archive) == []
    assert archive["rounds"][0]["table_change_after"] == AFTER
    assert {s["half"] for s in archive["sessions"]} == {1, 2}
    copy_ = tournament_import(archive=json.loads(archive_dumps(archive)), slug="copy")
    again = tournament_archive(copy_)
    again["tournament"]["slug"] = tournament.slug
    assert archive_dumps(again) == archive_dumps(archive)
    assert [(r.rank, r.name, r.total) for r in standings(copy_)] == [
        (r.rank, r.name, r.total) for r in standings(tournament)
    ]


def test_the_change_is_refused_once_published_or_outside_the_session():
    tournament = event_with_a_change(8)
    round_ = tournament.rounds.get(number=1)
    round_.tournament = tournament
    for bad in (0, HANDS, HANDS + 1):
        with pytest.raises(ValidationError, match="Give a hand from 1 to 15"):
            round_table_change_set(round_=round_, after_hand=bad)
    round_.refresh_from_db()
    assert round_.table_change_after == AFTER
    round_.seating_published = True
    round_.save()
    with pytest.raises(ValidationError, match="unpublish it first"):
        round_table_change_set(round_=round_, after_hand=4)
    round_.seating_published = False
    round_.save()
    assert round_table_change_set(round_=round_, after_hand=None) is None
    assert not Seat.objects.filter(round=round_, half=2).exists()
    assert set(round_.sessions.values_list("half", flat=True)) == {1}


@needs_poppler
def test_cards_slips_and_seating_lists_show_the_change():
    tournament = event_with_a_change(8)
    round_ = tournament.rounds.get(number=1)
    round_.tournament = tournament
    judge = make_user("judge")
    play_round(round_, judge, random.Random(2))
    assert_printouts_show_the_change(tournament, round_)


def assert_printouts_show_the_change(tournament, round_: Round) -> None:
    """The filled and blank score cards, the slips and the seating list of ``round_`` (played
    by `play_round`), read back from their PDFs, show its change after hand 8."""
    request = PrintRequest(
        tournament=tournament, round=round_, base_url="https://zj.example.org", official=True
    )
    seats = {
        (s.half, s.player_id): s
        for s in Seat.objects.filter(round=round_).select_related("table", "player")
    }
    mover = next(s for (half, _), s in seats.items() if half == 1)
    later = seats[(2, mover.player_id)]
    wind = {"E": "East", "S": "South", "W": "West", "N": "North"}[later.wind]

    printed = {}  # each printout rendered once (seconds each at 400 players)
    for identifier in ("scorecards", "blank-scorecards"):
        words = " ".join(text(DOCUMENTS[identifier].render(request).content).split())
        printed[identifier] = words
        assert "Table 1 · hands 1-8" in words and "Table 1 · hands 9-16" in words
        assert (
            f"{mover.wind} {mover.player.name}: after hand 8 moves to table "
            f"{later.table.number}, {wind}"
        ) in words
        assert f"played hands 1-8 at table {mover.table.number}" in words
    assert "talking" in printed["scorecards"]  # the second card's penalty is on the second card

    slips = " ".join(text(DOCUMENTS["slips"].render(request).content).split())
    assert f"from hand 9: {later.table.number} {wind}" in slips
    seating = " ".join(text(DOCUMENTS["seating"].render(request).content).split())
    assert "· from hand 9" in seating
    assert f"then table {later.table.number} {later.wind}" in seating


@pytest.mark.slow
def test_four_hundred_players_play_sixteen_hands_in_two_halves():
    tournament = event_with_a_change(400, time_limit=30.0)
    round_ = tournament.rounds.get(number=1)
    round_.tournament = tournament
    assert_seated_once_per_half(round_, 400)
    assert_no_avoidable_repeats(tournament)
    assert round_.sessions.count() == 200

    penalties = play_round(round_, make_user("judge"), random.Random(11))

    expected = independent_totals(tournament, penalties)
    rows = standings(tournament)
    assert {row.player_id: row.total for row in rows} == expected
    assert {row.sessions_played for row in rows} == {2}
    assert sum(expected.values()) == 0  # every hand and every zero-sum penalty sums to zero


def test_hands_per_session_cannot_shrink_below_a_declared_change():
    tournament = event_with_a_change(8)
    with pytest.raises(ValidationError, match="changes tables after hand 8"):
        tournament_settings_update(
            tournament=tournament, changes={"hands_per_session": 8}, user=make_user("head")
        )
    tournament.refresh_from_db()
    assert tournament.hands_per_session == HANDS


def _queries_of_pages(players: int, client) -> dict[str, int]:
    """Queries per page of a round in two halves with a hand on every card."""
    tournament = event_with_a_change(players)
    round_ = tournament.rounds.get(number=1)
    round_.tournament = tournament
    seating_publish(round_=round_)
    judge = make_user("superuser")
    for session in cards(round_):
        hand_save(session=session, entry=entry(session, session.hand_numbers()[0]), user=judge)
    client.force_login(judge)
    second = cards(round_)[-1]
    player = second.seats_by_wind()["E"].player_id
    slug = tournament.slug
    pages = {
        "desk round": reverse("desk:round_desk", args=[slug, 1]),
        "second card": second.desk_url(),
        "console seating": reverse("console:seating_round", args=[slug, 1]),
        "round": reverse("public:round_detail", args=[slug, 1]),
        "by player": reverse("public:seating_by_player", args=[slug, 1]),
        "results": reverse("public:round_results", args=[slug, 1]),
        "player": reverse("public:player_detail", args=[slug, player]),
    }
    counts = {}
    for name, path in pages.items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path).status_code == 200, name
        counts[name] = len(queries)
    request = PrintRequest(tournament=tournament, round=round_, base_url="https://x", official=True)
    for name in ("scorecards", "slips", "seating"):
        with CaptureQueriesContext(connection) as queries:
            DOCUMENTS[name].items(request)
        counts[name] = len(queries)
    return counts


def test_pages_and_printouts_of_a_round_in_halves_read_a_fixed_number_of_queries(client):
    assert _queries_of_pages(8, client) == _queries_of_pages(32, client)


def test_the_archive_refuses_a_half_the_round_does_not_declare_and_reads_version_1():
    tournament = event_with_a_change(8)
    archive = tournament_archive(tournament)
    bad = json.loads(archive_dumps(archive))
    bad["rounds"][0]["table_change_after"] = None
    assert "Round 1, seat #9 is after a table change the round does not declare." in (
        archive_problems(bad)
    )
    bad["rounds"][0]["seats"][0]["half"] = 3
    assert "Round 1, seat #1: 'half' must be 1 or 2 (2: after the round's table change)." in (
        archive_problems(bad)
    )

    round_table_change_set(round_=tournament.rounds.get(number=1), after_hand=None)
    old = json.loads(archive_dumps(tournament_archive(tournament)))
    old["version"] = 1
    for round_ in old["rounds"]:
        del round_["table_change_after"]
        for seat in round_["seats"]:
            del seat["half"]
    for part in ("sessions", "penalties", "audit"):
        for record in old[part]:
            del record["half"]
    assert archive_problems(old) == []
    copy_ = tournament_import(archive=old, slug="version-1")
    assert set(copy_.rounds.values_list("table_change_after", flat=True)) == {None}
    assert copy_.rounds.get().seats.count() == 8


def test_the_health_page_counts_a_round_with_a_change_as_two_sessions():
    """A player who played both halves of round 1 and is missing from round 2 is short: two
    sessions are not enough for two rounds when one of them has a table change."""
    tournament = event_with_a_change(8, rounds=2)
    judge = make_user("judge")
    for session in cards(tournament.rounds.get(number=1)):
        hand_save(session=session, entry=entry(session, session.hand_numbers()[0]), user=judge)
    second = tournament.rounds.get(number=2)
    played, missing = second.sessions.select_related("round__tournament", "table").order_by(
        "table__number"
    )
    hand_save(session=played, entry=entry(played, 1), user=judge)
    short = health_report(tournament)["short"]
    absent = {seat.player_id for seat in missing.seats_by_wind().values()}
    assert {problem.player_id for problem in short} == absent
    assert all(
        "2 session(s) of 3 in 2 played round(s) (a table change makes two)." in problem.text
        for problem in short
    )
