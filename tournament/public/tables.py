"""django-tables2 tables for the long lists: players and standings."""

import django_tables2 as tables
from django.urls import reverse

from ..models import Registration

HIDE_ON_PHONES = {"th": {"class": "hide-sm"}, "td": {"class": "hide-sm"}}


class RegistrationTable(tables.Table):
    number = tables.Column(verbose_name="No.")
    player = tables.Column(accessor="player__name", verbose_name="Name", order_by="player__name")
    chinese_name = tables.Column(
        accessor="player__chinese_name", verbose_name="Chinese name", attrs=HIDE_ON_PHONES
    )
    country = tables.Column(accessor="player__country", verbose_name="Country")
    club = tables.Column(accessor="player__club", verbose_name="Club", attrs=HIDE_ON_PHONES)
    status = tables.Column()

    class Meta:
        model = Registration
        fields = ["number", "player", "chinese_name", "country", "club", "status"]
        attrs = {"class": "table"}


class StandingsTable(tables.Table):
    """The standings as people read them: sortable by any column, rank fixed by the ranking.

    Rows are drawn by ``_standings_table.html`` straight from the ranked records.
    """

    rank = tables.Column(order_by=("place",), attrs={"td": {"class": "rank"}})
    name = tables.Column(verbose_name="Player", order_by=("entrant__name",))
    country = tables.Column(accessor="entrant__country", attrs=HIDE_ON_PHONES)
    club = tables.Column(accessor="entrant__club", attrs=HIDE_ON_PHONES)
    sessions_played = tables.Column(
        verbose_name="Sessions",
        attrs={"th": {"class": "num hide-sm"}, "td": {"class": "num hide-sm"}},
    )
    match_points = tables.Column(
        verbose_name="Match pts", attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    hand_points = tables.Column(
        verbose_name="Hands",
        attrs={"th": {"class": "num hide-sm"}, "td": {"class": "num hide-sm"}},
    )
    penalty_points = tables.Column(
        verbose_name="Penalties",
        attrs={"th": {"class": "num hide-sm"}, "td": {"class": "num hide-sm"}},
    )
    total = tables.Column(attrs={"th": {"class": "num"}, "td": {"class": "num strong"}})

    class Meta:
        attrs = {"class": "table standings"}
        template_name = "tournament/public/_standings_table.html"

    def __init__(self, data, *, slug: str, match_points: bool, **kwargs):
        self.uses_match_points = match_points
        self.player_url_prefix = reverse("public:player_list", args=[slug])
        exclude = () if match_points else ("match_points",)
        super().__init__(data, exclude=exclude, **kwargs)
