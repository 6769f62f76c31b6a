"""Small builders for the app tests: tournaments with players and seated rounds, a seated
one-table session, officials, and hand entries as the hand form would make them.

Vocabulary: in a session, players are named by their *starting* wind ("E", "S", "W", "N");
`entry()` takes those letters and returns a `HandEntryData` with player ids. A *scored event*
(`make_scored_event`) is a whole played event written in bulk rows whose every hand re-scores,
so that its archive imports: the archive tests and ``benchmarks/scale_archive.py`` use it.
"""

from __future__ import annotations

import datetime
import itertools
from dataclasses import dataclass

from django.contrib.auth import get_user_model

from tournament.event.services.admission import RosterEntry
from tournament.event.services.registrations import tournament_register
from tournament.models import Round, Seat, Session, Tournament
from tournament.play.entry.hand_entry import HandEntryData
from tournament.roles import roles_ensure
from tournament.seating.services.seats import round_seat

_counter = itertools.count(1)
_users = itertools.count(1)

SMALL = "123m 456p 789s 234s 5m"  # + 5m: All Sequences + Concealed Hand = 10
BIG = "123m 123m 456m 789m 5m"  # + 5m: 140 (Pure One-Suit, Nine-Tile Straight...)
CHICKEN = "123m 444p 78s 11s [234s]"  # + 9s: a Chicken Hand, 1 point


def make_tournament(**fields) -> Tournament:
    n = next(_counter)
    defaults = {
        "name": f"Test Open {n}",
        "slug": f"test-open-{n}",
        "start_date": datetime.date(2026, 5, 1),
        "end_date": datetime.date(2026, 5, 2),
    }
    defaults.update(fields)
    return Tournament.objects.create(**defaults)


def make_players(tournament: Tournament, count: int = 8, **fields):
    roster = [
        RosterEntry(name=f"Player {tournament.pk}-{i}", country=fields.get("country", ""))
        for i in range(1, count + 1)
    ]
    return [reg.player for reg in tournament_register(tournament=tournament, roster=roster)]


def make_seated_round(tournament: Tournament, players, number: int = 1) -> Round:
    """Seat ``players`` four to a table in order, winds E S W N."""
    round_ = Round.objects.create(tournament=tournament, number=number)
    rows = [(index // 4 + 1, "ESWN"[index % 4], player) for index, player in enumerate(players)]
    round_seat(round_=round_, seat_rows=rows)
    return round_


def make_session(**tournament_fields) -> Session:
    tournament = make_tournament(**tournament_fields)
    players = make_players(tournament, 4)
    round_ = make_seated_round(tournament, players)
    return Session.objects.select_related("round__tournament", "table").get(round=round_)


def seat_players(session: Session) -> dict[str, int]:
    """Player ids by starting wind."""
    seats = Seat.objects.filter(
        round_id=session.round_id, table_id=session.table_id, half=session.half
    )
    return {seat.wind: seat.player_id for seat in seats}


def chinese_registration(tournament: Tournament):
    """The tournament's first registration (by number) of a player with a Chinese name."""
    from tournament.models import Registration

    return (
        Registration.objects.filter(tournament=tournament)
        .exclude(player__chinese_name="")
        .order_by("number")
        .first()
    )


def make_user(role: str = "judge", name: str | None = None):
    """role: "judge", "head", "superuser" or "plain" (logged in, no desk role)."""
    judges, heads = roles_ensure()
    user = get_user_model().objects.create_user(
        username=name or f"{role}{next(_users)}", password="pw"
    )
    if role == "judge":
        user.groups.add(judges)
    elif role == "head":
        user.groups.add(heads)
    elif role == "superuser":
        user.is_superuser = user.is_staff = True
        user.save()
    return user


def entry(session: Session, number: int = 1, **fields) -> HandEntryData:
    """A hand entry; ``winner``/``discarder``/``responsible`` are starting winds."""
    ids = seat_players(session)
    values = {"outcome": "win", "win_type": "discard", "tiles": SMALL, "winning_tile": "5m"}
    values.update(fields)
    for name in ("winner", "discarder", "responsible"):
        if isinstance(values.get(name), str):
            values[name] = ids[values[name]]
    if values["outcome"] == "win" and values["win_type"] != "self_draw":
        values.setdefault("discarder", ids["W"])
    if values["outcome"] != "draw":
        values.setdefault("winner", ids["S"])
    values["flags"] = tuple(sorted(values.get("flags", ())))
    return HandEntryData(number=number, **values)


def form_data(session: Session, number: int = 1, **fields) -> dict:
    """POST data for the hand form."""
    data = entry(session, number, **fields).as_data()
    post = {key: ("" if value is None else value) for key, value in data.items()}
    post["flags"] = list(data["flags"])
    return post


def make_reconciled_session(**tournament_fields) -> Session:
    """A one-table session whose hand 1 (South wins 10 on West's discard: S +30, others -10)
    is saved and whose score card is reconciled: its appeal window, if any, is open."""
    from tournament.play.services.hands import hand_save
    from tournament.play.services.sessions import session_reconcile

    session = make_session(**tournament_fields)
    judge = make_user()
    hand_save(session=session, entry=entry(session), user=judge)
    ids = seat_players(session)
    card = {ids["E"]: -10, ids["S"]: 30, ids["W"]: -10, ids["N"]: -10}
    assert session_reconcile(session=session, card_totals=card, user=judge).matches
    session.refresh_from_db()
    return session


def make_cut_event(share: str = "1/2", *, confirm_seed: int | None = None):
    """8 players, round 1 played and reconciled, a cut to 4 after it carrying ``share`` (and
    confirmed with ``confirm_seed`` when given).

    Table 1: South wins a 140-point hand on West's discard (+420; East and North -25, West
    -370). Table 2: an exhaustive draw, so its four players tie at 0 for the last three seats:
    the cut needs its draw. Returns (tournament, players, organiser)."""
    from tournament.play.services.hands import hand_save
    from tournament.play.services.sessions import session_reconcile
    from tournament.stages import share_parse
    from tournament.standings.services import cut_confirm, stages_set

    tournament = make_tournament()
    organiser = make_user("superuser")
    players = make_players(tournament, 8)
    stages_set(tournament=tournament, cuts=[(1, 4, share_parse(share))], user=organiser)
    round_ = make_seated_round(tournament, players)
    round_.seating_published = True
    round_.save(update_fields=["seating_published"])
    judge = make_user("judge")
    first, second = Session.objects.filter(round=round_).order_by("table__number")
    hand_save(session=first, entry=entry(first, tiles=BIG), user=judge)
    hand_save(
        session=second, entry=entry(second, outcome="draw", tiles="", winning_tile=""), user=judge
    )
    ids = seat_players(first)
    session_reconcile(
        session=first,
        card_totals={ids["E"]: -25, ids["S"]: 420, ids["W"]: -370, ids["N"]: -25},
        user=judge,
    )
    session_reconcile(
        session=second, card_totals=dict.fromkeys(seat_players(second).values(), 0), user=judge
    )
    if confirm_seed is not None:
        cut_confirm(tournament=tournament, stage=1, seed=confirm_seed, user=organiser)
    return tournament, players, organiser


def make_changing_round(players: int = 8, after: int = 8, rounds: int = 1) -> Round:
    """A published round of 16 hands whose players change tables after hand ``after``: the
    seating engine seats both halves. It is the last of ``rounds`` rounds; the rounds before
    it are seated in order, four to a table, and published."""
    from tournament.seating.services.generation import seating_generate
    from tournament.seating.services.seats import seating_publish
    from tournament.seating.services.table_change import round_table_change_set

    tournament = make_tournament(hands_per_session=16)
    seated = make_players(tournament, players)
    for number in range(1, rounds):
        seating_publish(round_=make_seated_round(tournament, seated, number))
    seating_generate(tournament=tournament, total_rounds=rounds, seed=7, time_limit=5.0)
    round_ = tournament.rounds.get(number=rounds)
    round_.tournament = tournament
    assert round_table_change_set(round_=round_, after_hand=after, time_limit=5.0) is not None
    seating_publish(round_=round_)
    round_.refresh_from_db()
    return round_


@dataclass
class PlayedEvent:
    """See `make_played_event`."""

    tournament: Tournament
    players: list
    first: Round  # published, played
    second: Round  # seated, not published
    winner: object  # the Player who won the 140-point hand: South at table 1 of round 1

    @property
    def slug(self) -> str:
        return self.tournament.slug


def make_played_event(**tournament_fields) -> PlayedEvent:
    """8 players with match points; round 1 published and played: at table 1 South wins a
    140-point hand on West's discard (E -25, S +420, W -370, N -25), North is penalised 10 and
    the card is reconciled; at table 2 South wins 10 (S +30, the others -10), not reconciled.
    Round 2 is seated (the players moved by four) but not published."""
    from tournament.play.services.hands import hand_save
    from tournament.play.services.penalties import penalty_record
    from tournament.play.services.sessions import session_reconcile
    from tournament.seating.services.seats import seating_publish

    tournament = make_tournament(use_match_points=True, **tournament_fields)
    players = make_players(tournament, 8)
    first = make_seated_round(tournament, players, 1)
    seating_publish(round_=first)
    second = make_seated_round(tournament, players[4:] + players[:4], 2)
    judge = make_user("judge")
    one, two = (
        Session.objects.filter(round=first)
        .select_related("round__tournament", "table")
        .order_by("table__number")
    )
    hand_save(session=one, entry=entry(one, tiles=BIG), user=judge)
    hand_save(session=two, entry=entry(two), user=judge)
    ids = seat_players(one)
    penalty_record(session=one, player_id=ids["N"], amount=10, reason="Slow play", user=judge)
    session_reconcile(
        session=one,
        card_totals={ids["E"]: -25, ids["S"]: 420, ids["W"]: -370, ids["N"]: -35},
        user=judge,
    )
    for row in (tournament, first, second):
        row.refresh_from_db()
    winner = next(p for p in players if p.pk == ids["S"])
    return PlayedEvent(tournament, players, first, second, winner)


def make_scored_event(players: int, rounds: int, hands: int, seed: int = 1) -> Tournament:
    """``players`` players (a multiple of 4) seated anew each of ``rounds`` rounds, every table
    playing ``hands`` hands, all written in bulk rows shaped as the hand service writes them:
    the demo's winning hands (some self-drawn, some under Same-Round Immunity) and draws, each
    scored by the engine with its four payments, an audit line with the desk's snapshot, a
    second entry for one hand in ten; a private link per player, a penalty at one table in
    25, every session reconciled with its card, and the kept session totals."""
    import random

    from django.utils import timezone

    from tournament.demo.hands import COMMON, HAND_PATTERNS
    from tournament.event.links import player_link_build
    from tournament.models import AuditEntry, Hand, HandEntry, Payment, Penalty, PlayerLink
    from tournament.play.entry.evaluation import evaluate, rules_for
    from tournament.play.entry.hand_entry import Seating
    from tournament.play.selectors.snapshots import hand_snapshot
    from tournament.play.services.hands import _apply
    from tournament.play.services.scores import session_scores_rebuild

    rng = random.Random(seed)
    tournament = make_tournament(
        name=f"Scored {players}", slug=f"scored-{players}-{next(_counter)}",
        hands_per_session=hands, use_match_points=True,
    )  # fmt: skip
    countries = ["DK", "FR", "DE", "JP", "HK", "SE", "PL", "US"]
    roster = [
        RosterEntry(
            given_name=f"Given{i}",
            family_name=f"Family {i:04d}",
            country=countries[i % len(countries)],
            club=f"Club {i % 40}",
        )  # fmt: skip
        for i in range(1, players + 1)
    ]
    registrations = tournament_register(tournament=tournament, roster=roster)
    people = [reg.player for reg in registrations]
    names = {person.pk: person.name for person in people}
    judges = [make_user("judge", name=f"{tournament.slug}-judge-{i}") for i in range(8)]
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(tournament=tournament, number=number, seating_published=True)
        order = people[:]
        rng.shuffle(order)
        rows = [(i // 4 + 1, "ESWN"[i % 4], person) for i, person in enumerate(order)]
        round_seat(round_=round_, seat_rows=rows)
    rules = rules_for(tournament)
    sessions = list(Session.objects.filter(round__tournament=tournament).order_by("pk"))
    seats: dict[tuple, dict[str, int]] = {}
    for seat in Seat.objects.filter(round__tournament=tournament):
        seats.setdefault((seat.round_id, seat.table_id), {})[seat.wind] = seat.player_id
    made, paid, seconds = [], [], []
    for session in sessions:
        by_wind = seats[(session.round_id, session.table_id)]
        seating = Seating(players=by_wind, names={pid: names[pid] for pid in by_wind.values()})
        totals = dict.fromkeys(by_wind.values(), 0)
        for number in range(1, hands + 1):
            played = _played_entry(rng, seating, number, HAND_PATTERNS, COMMON)
            evaluation = evaluate(played, seating=seating, rules=rules)
            if not evaluation.ok:
                draw = HandEntryData(number=number, outcome="draw")
                evaluation = evaluate(draw, seating=seating, rules=rules)
            hand = Hand(session=session, entered_by=rng.choice(judges), confirmed=True)
            _apply(hand, evaluation)
            made.append(hand)
            paid.append(evaluation.payments)
            for pid, amount in evaluation.payments.items():
                totals[pid] += amount
            if rng.random() < 0.1:
                seconds.append((hand, evaluation.entry.as_data()))
        session.status = Session.Status.RECONCILED
        session.card_totals = {str(pid): total for pid, total in totals.items()}
        session.reconciled_by = rng.choice(judges)
        session.reconciled_at = timezone.now()
    Session.objects.bulk_update(
        sessions, ["status", "card_totals", "reconciled_by", "reconciled_at"], batch_size=500
    )
    Hand.objects.bulk_create(made, batch_size=1000)
    Payment.objects.bulk_create(
        (
            Payment(hand=hand, player_id=pid, amount=amount)
            for hand, payments in zip(made, paid, strict=True)
            for pid, amount in sorted(payments.items())
        ),
        batch_size=2000,
    )
    HandEntry.objects.bulk_create(
        HandEntry(hand=hand, data=data, entered_by=rng.choice(judges), hand_version=1)
        for hand, data in seconds
    )
    AuditEntry.objects.bulk_create(
        (
            AuditEntry(
                tournament=tournament,
                session=hand.session,
                hand_number=hand.number,
                action=AuditEntry.Action.CREATE,
                user=hand.entered_by,
                after=hand_snapshot(hand, names, payments),
            )
            for hand, payments in zip(made, paid, strict=True)
        ),
        batch_size=1000,
    )
    now = timezone.now()
    PlayerLink.objects.bulk_create(player_link_build(reg.pk, now) for reg in registrations)
    for session in rng.sample(sessions, len(sessions) // 25):
        Penalty.objects.create(
            tournament=tournament,
            session=session,
            player_id=seats[(session.round_id, session.table_id)]["E"],
            amount=30,
            mode=rng.choice(["zero_sum", "deduction"]),
            reason="Slow play",
            created_by=rng.choice(judges),
        )
    session_scores_rebuild(tournament=tournament)
    return tournament


def _played_entry(rng, seating, number: int, patterns, common) -> HandEntryData:
    """A hand as a judge enters it: one of the demo's winning hands, or a draw."""
    players = list(seating.players.values())
    if rng.random() < 0.1:
        return HandEntryData(number=number, outcome="draw")
    index = rng.choice(common) if rng.random() < 0.8 else rng.randrange(len(patterns))
    tiles, winning, may_self_draw = patterns[index]
    winner = rng.choice(players)
    if may_self_draw and rng.random() < 0.3:
        return HandEntryData(
            number=number, winner=winner, win_type="self_draw", tiles=tiles, winning_tile=winning
        )
    others = [p for p in players if p != winner]
    discarder = rng.choice(others)
    immunity, responsible = "", None
    if rng.random() < 0.1:
        immunity = rng.choice(["other", "nobody"])
        if immunity == "other":
            responsible = rng.choice([p for p in others if p != discarder])
    return HandEntryData(
        number=number, winner=winner, win_type="discard", discarder=discarder,
        immunity=immunity, responsible=responsible, tiles=tiles, winning_tile=winning,
    )  # fmt: skip


def make_ranked_event(players: int = 8, **tournament_fields) -> Tournament:
    """``players`` players (a multiple of 4); round 1 seated in order, published, played and
    reconciled: at table 1 South wins a 140-point hand on West's discard (S +420, E and N -25,
    W -370), at every other table South wins 10 on West's discard (S +30, the others -10).
    So the standings after round 1 rank table 1's South first and its West last."""
    from tournament.models import Payment
    from tournament.play.services.hands import hand_save
    from tournament.play.services.sessions import session_reconcile
    from tournament.seating.services.seats import seating_publish

    tournament = make_tournament(**tournament_fields)
    first = make_seated_round(tournament, make_players(tournament, players), 1)
    seating_publish(round_=first)
    judge = make_user("judge")
    sessions = Session.objects.filter(round=first).select_related("round__tournament", "table")
    for session in sessions.order_by("table__number"):
        tiles = BIG if session.table.number == 1 else SMALL
        hand_save(session=session, entry=entry(session, tiles=tiles), user=judge)
        card = dict.fromkeys(seat_players(session).values(), 0)
        for player_id, amount in Payment.objects.filter(hand__session=session).values_list(
            "player_id", "amount"
        ):
            card[player_id] += amount
        assert session_reconcile(session=session, card_totals=card, user=judge).matches
    tournament.refresh_from_db()
    return tournament
