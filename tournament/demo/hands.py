"""Demo hands for rounds 1 and 2, entered through the same services as the desk's hand form.

Vocabulary
----------
hand pattern    a legal winning hand as the judge types it (tiles, winning tile) plus whether it
                may be self-drawn; the winner, discarder and extras are chosen per hand by a
                seeded random generator, so the demo is the same on every run.
round 1         every table plays all its hands and is reconciled with its score card.
round 2         half the tables have finished, the others are still playing (fewer hands).

Variety on purpose: limit hands (Big Four Winds, All Terminals), Seven Pairs, Thirteen
Terminals, self-draws with Final Draw, a robbed kong, Same-Round Immunity (RULINGS R12) both
ways, draws, a false win (RULINGS R10, a Chicken Hand under R7) and a penalty (RULINGS R13).
"""

from __future__ import annotations

import random

from ..models import Round, Session, Tournament
from ..play.entry.hand_entry import HandEntryData
from ..play.selectors.sessions import seating_of
from ..play.selectors.sheet import session_totals
from ..play.services import hands as hand_services
from ..play.services import penalties as penalty_services
from ..play.services import sessions as session_services
from ..winds import WINDS

# tiles, winning tile, self-draw allowed
HAND_PATTERNS = [
    ("123m 456p 789s 234s 5m", "5m", True),
    ("234m 456p 678s 22s 34p", "5p", True),
    ("123m 123m 456m 789m 5m", "5m", True),
    ("123m 456p 78s EE [WhWhWh]", "9s", True),
    ("123m 456p 789s 2s (2222p)", "2s", True),
    ("22m 33p 44s 55s 66m 77p 8s", "8s", True),
    ("19m 19p 19s ESWN WhGrRd", "Rd", True),
    ("EEESSSWWWNN 11m", "N", True),
    ("123p 234p 345p 678p 9p", "9p", True),
    ("111m 999m 111p 99p 99s", "9s", False),
    ("RdRdRd GrGrGr 123m 45p 99s", "6p", True),
    ("345m 345p 345s 678m 8p", "8p", True),
    ("456s 456s 789s [123s] 5s", "5s", True),
    ("11m 22m 33m 44p 55p 66p 7s", "7s", True),
    ("234m 234p 234s 66s 78m", "9m", True),
]
COMMON = [0, 0, 1, 1, 3, 4, 11, 14, 2, 5, 12]  # most hands are small
CHICKEN = ("123m 444p 78s 11s [234s]", "9s")


def _entry(rng: random.Random, seating, number: int) -> HandEntryData:
    players = list(seating.players.values())
    if rng.random() < 0.12:
        return HandEntryData(number=number, outcome="draw")
    index = rng.choice(COMMON) if rng.random() < 0.8 else rng.randrange(len(HAND_PATTERNS))
    tiles, winning, may_self_draw = HAND_PATTERNS[index]
    winner = rng.choice(players)
    if may_self_draw and rng.random() < 0.3:
        flags = ("final_draw",) if number == 16 else ()
        return HandEntryData(
            number=number,
            winner=winner,
            win_type="self_draw",
            tiles=tiles,
            winning_tile=winning,
            flags=flags,
        )
    others = [p for p in players if p != winner]
    discarder = rng.choice(others)
    immunity, responsible = "", None
    if rng.random() < 0.1:
        immunity = rng.choice(["other", "nobody"])
        if immunity == "other":
            responsible = rng.choice([p for p in others if p != discarder])
    return HandEntryData(
        number=number,
        winner=winner,
        win_type="discard",
        discarder=discarder,
        immunity=immunity,
        responsible=responsible,
        tiles=tiles,
        winning_tile=winning,
    )


def _special(session: Session, number: int, seating) -> HandEntryData | None:
    """A few fixed hands so every kind of entry appears at table 1 of round 1."""
    if session.table.number != 1 or session.round.number != 1:
        return None
    east, south, west, north = (seating.players[w] for w in WINDS)
    if number == 3:  # a Chicken Hand declared under the 5-point minimum: a false win
        return HandEntryData(
            number=3, outcome="false_win", winner=west, tiles=CHICKEN[0], winning_tile=CHICKEN[1]
        )
    if number == 5:  # robbing a kong: the kong's declarer counts as the discarder
        return HandEntryData(
            number=5,
            winner=south,
            win_type="robbing_kong",
            discarder=north,
            tiles="123m 456p 789s 23s 55m",
            winning_tile="4s",
        )
    if number == 7:  # Same-Round Immunity: another player pays for the big hand
        return HandEntryData(
            number=7,
            winner=north,
            win_type="discard",
            discarder=east,
            immunity="other",
            responsible=south,
            tiles="123m 123m 456m 789m 5m",
            winning_tile="5m",
        )
    return None


def demo_hands_fill(*, tournament: Tournament, judge, rounds: int = 2) -> int:
    """Enter the demo hands of the first ``rounds`` rounds; returns how many were saved."""
    saved = 0
    hands = tournament.hands_per_session
    for round_ in tournament.rounds.filter(number__lte=rounds).order_by("number"):
        sessions = round_.sessions.select_related("table", "round__tournament")
        for session in sessions.order_by("table__number"):
            rng = random.Random(f"{round_.number}-{session.table.number}")
            seating = seating_of(session)
            finished = round_.number == 1 or session.table.number % 2 == 1
            last = hands if finished else rng.randint(hands // 3, hands - 3)
            for number in range(1, last + 1):
                data = _special(session, number, seating) or _entry(rng, seating, number)
                hand_services.hand_save(session=session, entry=data, user=judge)
                saved += 1
            if round_.number == 1 and session.table.number == 2:
                penalty_services.penalty_record(
                    session=session,
                    player_id=seating.players["S"],
                    amount=15,
                    mode="zero_sum",
                    reason="Wrong claim of a pung (demo)",
                    hand_number=4,
                    user=judge,
                )
            if round_.number == 1:
                session_services.session_reconcile(
                    session=session, card_totals=dict(session_totals(session)), user=judge
                )
        round_.status = Round.Status.FINISHED if round_.number == 1 else Round.Status.PLAYING
        round_.save(update_fields=["status"])
    return saved
