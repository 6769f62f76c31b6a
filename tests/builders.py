"""Small builders for app tests: a tournament with players, tables and a seated round."""

import datetime
import itertools

from tournament import services
from tournament.models import Round, Tournament

_counter = itertools.count(1)


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
        services.RosterEntry(name=f"Player {tournament.pk}-{i}", country=fields.get("country", ""))
        for i in range(1, count + 1)
    ]
    return [
        reg.player for reg in services.tournament_register(tournament=tournament, roster=roster)
    ]


def make_seated_round(tournament: Tournament, players, number: int = 1) -> Round:
    """Seat ``players`` four to a table in order, winds E S W N."""
    round_ = Round.objects.create(tournament=tournament, number=number)
    rows = [(index // 4 + 1, "ESWN"[index % 4], player) for index, player in enumerate(players)]
    services.round_seat(round_=round_, seat_rows=rows)
    return round_
