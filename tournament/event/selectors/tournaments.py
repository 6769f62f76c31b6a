"""Finding tournaments: the home page's list, by name or address, the one running now, officials.

Vocabulary: a *hidden* tournament is listed only to its officials; the *current* tournament is
the one the site's menu follows (`current_tournament`); *officials* are users with a role in one
tournament.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from ...models import Round, Tournament, TournamentOfficial
from ...roles import is_official


def public_tournaments(user=None):
    """The tournaments listed on the home page: hidden ones only to their officials."""
    tournaments = Tournament.objects.order_by("-start_date", "name")
    unseen = [t.pk for t in tournaments.filter(hidden=True) if not is_official(user, t)]
    return tournaments.exclude(pk__in=unseen)


def tournaments_named(name: str):
    """Tournaments whose name is ``name`` but for case and surrounding spaces."""
    return Tournament.objects.filter(name__iexact=name.strip()).order_by("-start_date")


def current_tournament(today: datetime.date | None = None):
    """The tournament the site's menu follows: the one running now, if any.

    Running means, in this order: a round being played (the most recently started event
    first); else today between its first and last day; else the newest by date.
    """
    tournaments = Tournament.objects.filter(hidden=False).order_by("-start_date", "-pk")
    playing = tournaments.filter(rounds__status=Round.Status.PLAYING).first()
    if playing is not None:
        return playing
    today = today or timezone.localdate()
    on_now = tournaments.filter(start_date__lte=today, end_date__gte=today).first()
    return on_now or tournaments.first()


def tournament_by_slug(slug: str) -> Tournament | None:
    return Tournament.objects.filter(slug=slug).first()


def officials(tournament: Tournament):
    return TournamentOfficial.objects.filter(tournament=tournament).select_related("user")
