"""django-tables2 tables for the long lists: players and standings, and their pagination.

Vocabulary: *paging* is the query string's ``page`` and ``per_page``; `table_paginate` takes
them from the request but never trusts them (a negative, zero or huge ``per_page`` falls back
to the page's default instead of reaching the paginator).
"""

import django_tables2 as tables
from django_tables2 import RequestConfig

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
    rank = tables.Column(orderable=False)
    name = tables.Column(orderable=False, verbose_name="Player")
    country = tables.Column(orderable=False, attrs=HIDE_ON_PHONES)
    hand_points = tables.Column(
        orderable=False,
        verbose_name="Hands",
        attrs={"th": {"class": "hide-sm"}, "td": {"class": "num hide-sm"}},
    )
    penalty_points = tables.Column(
        orderable=False,
        verbose_name="Penalties",
        attrs={"th": {"class": "hide-sm"}, "td": {"class": "num hide-sm"}},
    )
    total = tables.Column(
        orderable=False, attrs={"th": {"class": "num"}, "td": {"class": "num strong"}}
    )

    class Meta:
        attrs = {"class": "table"}


PER_PAGE_MAX = 500


def table_paginate(request, table, *, per_page: int) -> None:
    """Sort and paginate ``table`` from the request, with ``per_page`` kept within bounds."""
    field = table.prefixed_per_page_field
    asked = request.GET.get(field)
    if asked is not None:
        try:
            valid = 1 <= int(asked) <= PER_PAGE_MAX
        except ValueError:
            valid = False
        if not valid:
            query = request.GET.copy()
            query[field] = str(per_page)
            request.GET = query
    RequestConfig(request, paginate={"per_page": per_page}).configure(table)
