"""Builders for the judges' desk tests: a seated one-table session, officials, hand entries.

Vocabulary: players are named by their *starting* wind ("E", "S", "W", "N"); `entry()` takes
those letters and returns a `HandEntryData` with player ids, as the hand form would.
"""

from __future__ import annotations

import itertools

from django.contrib.auth import get_user_model

from tests.builders import make_players, make_seated_round, make_tournament
from tournament import services
from tournament.hand_scoring import HandEntryData
from tournament.models import Seat, Session

_users = itertools.count(1)

SMALL = "123m 456p 789s 234s 5m"  # + 5m: All Sequences + Concealed Hand = 10
BIG = "123m 123m 456m 789m 5m"  # + 5m: 140 (Pure One-Suit, Nine-Tile Straight...)
CHICKEN = "123m 444p 78s 11s [234s]"  # + 9s: a Chicken Hand, 1 point


def make_session(**tournament_fields) -> Session:
    tournament = make_tournament(**tournament_fields)
    players = make_players(tournament, 4)
    round_ = make_seated_round(tournament, players)
    return Session.objects.select_related("round__tournament", "table").get(round=round_)


def seat_players(session: Session) -> dict[str, int]:
    """Player ids by starting wind."""
    seats = Seat.objects.filter(round_id=session.round_id, table_id=session.table_id)
    return {seat.wind: seat.player_id for seat in seats}


def make_user(role: str = "judge", name: str | None = None):
    """role: "judge", "head", "superuser" or "plain" (logged in, no desk role)."""
    judges, heads = services.roles_ensure()
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
