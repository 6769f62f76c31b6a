"""Reads of the event: tournaments, their players, and a round's tables with their seats."""

import datetime

from django.utils import timezone

from ..models import Registration, Round, Seat, Tournament
from ..winds import wind_order


def public_tournaments():
    return Tournament.objects.order_by("-start_date", "name")


def round_tables(round_: Round) -> list[dict]:
    """The round's tables in order, each with its seats sorted by starting wind."""
    tables: dict[int, dict] = {}
    seats = Seat.objects.filter(round=round_).select_related("table", "player")
    for seat in sorted(seats, key=lambda s: (s.table.number, wind_order(s.wind))):
        entry = tables.setdefault(seat.table.number, {"table": seat.table, "seats": []})
        entry["seats"].append(seat)
    return list(tables.values())


def current_tournament(today: datetime.date | None = None):
    """The tournament the site's menu follows: the one running now, if any.

    Running means, in this order: a round being played (the most recently started event
    first); else today between its first and last day; else the newest by date.
    """
    tournaments = Tournament.objects.order_by("-start_date", "-pk")
    playing = tournaments.filter(rounds__status=Round.Status.PLAYING).first()
    if playing is not None:
        return playing
    today = today or timezone.localdate()
    on_now = tournaments.filter(start_date__lte=today, end_date__gte=today).first()
    return on_now or tournaments.first()


def active_player_count(tournament: Tournament) -> int:
    return tournament.registrations.filter(status=Registration.Status.ACTIVE).count()
