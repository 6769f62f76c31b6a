"""The organiser's next thing to do, from plain facts about the event.

Pure Python. Vocabulary: the morning of an event runs through *steps* in order: register
players -> check in -> seat -> publish -> play -> reconcile -> standings, then the next round's
check-in; after the last round of a stage with a cut, the cut comes first (``cut_after``).
`EventFacts` are the counts the dashboard reads; `next_step` names the first step not yet
done, with the round it is about (``round`` 0 when none).
"""

from __future__ import annotations

from dataclasses import dataclass

STEP_LABELS = {
    "register": "Register players",
    "checkin": "Check in",
    "seat": "Seat",
    "publish": "Publish",
    "play": "Play",
    "reconcile": "Reconcile",
    "standings": "Standings",
    "cut": "Cut",
}


@dataclass(frozen=True)
class EventFacts:
    players: int  # active registrations
    next_round: int  # the round to prepare: the one after the last played round
    checked_in: int  # players checked in for next_round
    next_round_seated: bool
    next_round_published: bool
    next_round_played: bool
    open_sessions: int  # in the last played round (or next_round once played)
    unreconciled_sessions: int  # closed but not reconciled, same round
    cut_after: int | None = None  # the round whose cut is still to confirm before next_round


@dataclass(frozen=True)
class Step:
    key: str
    round: int
    title: str
    detail: str


def next_step(facts: EventFacts) -> Step:
    n = facts.next_round
    if facts.players < 4:
        return Step(
            "register",
            0,
            "Register players",
            f"{facts.players} player(s) registered: import a file or add players (a table "
            "needs four).",
        )
    if facts.next_round_played:
        if facts.open_sessions:
            return Step(
                "play",
                n,
                f"Play round {n}",
                f"{facts.open_sessions} table(s) still open at the judges' desk.",
            )
        if facts.unreconciled_sessions:
            return Step(
                "reconcile",
                n,
                f"Reconcile round {n}",
                f"{facts.unreconciled_sessions} score card(s) to check against the desk.",
            )
        return Step(
            "standings",
            n,
            "Publish the standings",
            f"Round {n} is done: check the standings, then check players in for round {n + 1}.",
        )
    if facts.cut_after is not None:
        return Step(
            "cut",
            facts.cut_after,
            f"Preview and confirm the cut after round {facts.cut_after}",
            f"Round {facts.cut_after} ends its stage and every session is reconciled: only the "
            f"players who continue are called and seated for round {n}.",
        )
    if not facts.next_round_seated:
        if facts.checked_in == 0:
            return Step(
                "checkin",
                n,
                f"Check players in for round {n}",
                f"Take the roll call of the {facts.players} active players.",
            )
        return Step(
            "seat",
            n,
            f"Seat round {n}",
            f"{facts.checked_in} of {facts.players} players checked in.",
        )
    if not facts.next_round_published:
        return Step(
            "publish",
            n,
            f"Publish round {n}'s seating",
            "Check the tables, then publish them for the players.",
        )
    return Step(
        "play",
        n,
        f"Play round {n}",
        "The seating is public: judges enter the hands at the desk.",
    )
