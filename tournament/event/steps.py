"""The organiser's next thing to do, from plain facts about the event.

Pure Python. Vocabulary: the morning of an event runs through *steps* in order: register
players -> check in -> seat -> publish -> play -> reconcile -> standings, then the next round's
check-in; after the last round of a stage with a cut, the cut comes first (``cut_after``).
`EventFacts` are the counts the dashboard reads; `next_step` names the first step not yet
done, with the round it is about (``round`` 0 when none). Labels, titles and details are
`scoring.engine.messages.Message`: English, translated where the dashboard shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.messages import Message as _

STEP_LABELS = {
    "register": _("Register players"),
    "checkin": _("Check in"),
    "seat": _("Seat"),
    "publish": _("Publish"),
    "play": _("Play"),
    "reconcile": _("Reconcile"),
    "standings": _("Standings"),
    "cut": _("Cut"),
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
    """The first step not yet done: registering, finishing the round played, the cut, or
    preparing and playing the next round."""
    if facts.players < 4:
        return _register(facts)
    if facts.next_round_played:
        return _finishing(facts)
    if facts.cut_after is not None:
        return _cut(facts)
    return _preparing(facts)


def _register(facts: EventFacts) -> Step:
    return Step(
        "register",
        0,
        _("Register players"),
        _(
            "%(players)s player(s) registered: import a file or add players (a table needs four).",
            players=facts.players,
        ),
    )


def _finishing(facts: EventFacts) -> Step:
    """The round just played: its open tables, then its score cards, then the standings."""
    n = facts.next_round
    if facts.open_sessions:
        return Step(
            "play",
            n,
            _("Play round %(round)s", round=n),
            _(
                "%(tables)s table(s) still open at the judges' desk.",
                tables=facts.open_sessions,
            ),
        )
    if facts.unreconciled_sessions:
        return Step(
            "reconcile",
            n,
            _("Reconcile round %(round)s", round=n),
            _(
                "%(cards)s score card(s) to check against the desk.",
                cards=facts.unreconciled_sessions,
            ),
        )
    return Step(
        "standings",
        n,
        _("Publish the standings"),
        _(
            "Round %(round)s is done: check the standings, then check players in for round "
            "%(next)s.",
            round=n,
            next=n + 1,
        ),
    )


def _cut(facts: EventFacts) -> Step:
    n = facts.next_round
    return Step(
        "cut",
        facts.cut_after,
        _("Preview and confirm the cut after round %(round)s", round=facts.cut_after),
        _(
            "Round %(round)s ends its stage and every session is reconciled: only the "
            "players who continue are called and seated for round %(next)s.",
            round=facts.cut_after,
            next=n,
        ),
    )


def _preparing(facts: EventFacts) -> Step:
    """The next round: the roll call, the seating, publishing it, then playing it."""
    n = facts.next_round
    if not facts.next_round_seated:
        if facts.checked_in == 0:
            return Step(
                "checkin",
                n,
                _("Check players in for round %(round)s", round=n),
                _("Take the roll call of the %(players)s active players.", players=facts.players),
            )
        return Step(
            "seat",
            n,
            _("Seat round %(round)s", round=n),
            _(
                "%(checked_in)s of %(players)s players checked in.",
                checked_in=facts.checked_in,
                players=facts.players,
            ),
        )
    if not facts.next_round_published:
        return Step(
            "publish",
            n,
            _("Publish round %(round)s's seating", round=n),
            _("Check the tables, then publish them for the players."),
        )
    return Step(
        "play",
        n,
        _("Play round %(round)s", round=n),
        _("The seating is public: judges enter the hands at the desk."),
    )
