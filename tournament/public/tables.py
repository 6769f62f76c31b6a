"""django-tables2 tables for the long lists: players and standings, and their pagination.

Vocabulary: *paging* is the query string's ``page`` and ``per_page``; `table_paginate` takes
them from the request but never trusts them (a negative, zero or huge ``per_page`` falls back
to the page's default instead of reaching the paginator). A *player line* (`PlayerLine`) is
one row of the players list as plain values, each column's cell one attribute of it.
"""

from dataclasses import dataclass
from html import escape
from operator import attrgetter

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_tables2 import RequestConfig
from django_tables2.data import TableListData
from django_tables2.utils import OrderBy

from ..models import Registration
from ..names import page_name
from ..web.pagecache import Param, sort_param

HIDE_ON_PHONES = {"th": {"class": "hide-sm"}, "td": {"class": "hide-sm"}}
STATUS_NAMES = dict(Registration.Status.choices)


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A registered player as the players list shows them (see the module docstring)."""

    player_id: int
    number: int
    label: str
    family_order: tuple
    chinese_name: str
    country_name: str
    club: str
    status: str  # as stored, the order of the Status column
    status_name: str  # as shown


class Records(TableListData):
    """A table's rows as plain objects, sorted by plain attribute look-ups: django-tables2's
    list sort resolved every column's accessor at each comparison, which cost more than
    building the standings. The order is the same: each column's own ordering, the first
    alias most significant, the rest breaking its ties."""

    def order_by(self, aliases):
        accessors: list[OrderBy] = []
        for alias in aliases:
            column = self.table.columns[OrderBy(alias).bare]
            # As django-tables2: the column's current order, or its opposite when asked.
            flip = alias[0] != column.order_by_alias[0]
            accessors += column.order_by.opposite if flip else column.order_by
        for accessor in reversed(accessors):  # stable sorts, least significant first
            key = attrgetter(accessor.bare.replace("__", "."))
            self.data.sort(key=key, reverse=accessor.is_descending)


class RegistrationTable(tables.Table):
    """The registered players, in family-name order; each name is the player's label
    (`event.names`), a link to their page when the viewer may open it (`tournament.release`).

    Rows are `PlayerLine`s, drawn by ``_player_table.html`` from `body_rows` (the header, sorting
    and pages stay django-tables2's): django-tables2's own row drawing looked every cell up
    through its accessor, the render method's signature and the column's attributes, which
    cost more than the rest of the page.
    """

    number = tables.Column(verbose_name=gettext_lazy("No."))
    player = tables.Column(
        accessor="label", verbose_name=gettext_lazy("Name"), order_by="family_order"
    )
    chinese_name = tables.Column(verbose_name=gettext_lazy("Chinese name"), attrs=HIDE_ON_PHONES)
    country = tables.Column(accessor="country_name", verbose_name=gettext_lazy("Country"))
    club = tables.Column(verbose_name=gettext_lazy("Club"), attrs=HIDE_ON_PHONES)
    status = tables.Column(
        accessor="status_name", verbose_name=gettext_lazy("Status"), order_by="status"
    )

    class Meta:
        attrs = {"class": "table"}
        template_name = "tournament/public/_player_table.html"

    def __init__(self, data, *, slug: str, link_players: bool, **kwargs):
        self.player_url_prefix = reverse("public:player_list", args=[slug])
        self.link_players = link_players
        super().__init__(Records(list(data)), **kwargs)

    @staticmethod
    def rows(roster, names, country_names: dict[str, str]) -> list[PlayerLine]:
        """The players list's lines in family order. ``roster`` gives (player id, number, name,
        Chinese name, country code, club, status) per registration (`public_roster`);
        ``country_names`` is made once per page (code -> name)."""
        lines = [
            PlayerLine(
                player_id=player_id,
                number=number,
                label=names.label(player_id, name),
                family_order=names.name_key(player_id),
                chinese_name=chinese_name,
                country_name=country_names.get(country or "", ""),
                club=club,
                status=status,
                status_name=STATUS_NAMES.get(status, status),
            )
            for player_id, number, name, chinese_name, country, club, status in roster
        ]
        return sorted(lines, key=attrgetter("family_order"))

    def render_player(self, value, record):
        if not self.link_players:
            return value
        return player_link(self.player_url_prefix, record.player_id, value)

    def body_rows(self) -> list[tuple[str, list[tuple[str, object]]]]:
        """The current page's rows for ``_player_table.html``: each row's attributes, and its
        cells in the columns' order as (the column's cell attributes, the value), as
        django-tables2 would draw them (an empty value shows the column's default, the name
        goes through `render_player`). The columns are read once a page, each value straight
        from its line."""
        columns = [
            (
                attrgetter(column.accessor.replace("__", ".")),
                column.attrs["td"].as_html(),
                column.column.empty_values,
                column.default,
                getattr(self, f"render_{column.name}", None),
            )
            for column in self.columns
        ]
        rows = []
        for bound in self.paginated_rows:
            record, cells = bound.record, []
            for value_of, attrs, empty, default, render in columns:
                value = value_of(record)
                if value in empty:
                    value = default
                elif render is not None:
                    value = render(value=value, record=record)
                cells.append((attrs, value))
            rows.append((bound.attrs.as_html(), cells))
        return rows


class StandingsTable(tables.Table):
    """The standings as people read them: sortable by any column, rank fixed by the ranking.
    In a tournament played in stages, a *Carried* column shows what each player brought from
    the previous stage, and the players cut are marked "out after round N" below the others.

    Rows are drawn by ``_standings_table.html`` straight from the ranked records.
    """

    rank = tables.Column(
        verbose_name=gettext_lazy("Rank"), order_by=("place",), attrs={"td": {"class": "rank"}}
    )
    name = tables.Column(verbose_name=gettext_lazy("Player"), order_by=("entrant__order",))
    country = tables.Column(
        accessor="entrant__country", verbose_name=gettext_lazy("Country"), attrs=HIDE_ON_PHONES
    )
    club = tables.Column(
        accessor="entrant__club", verbose_name=gettext_lazy("Club"), attrs=HIDE_ON_PHONES
    )
    sessions_played = tables.Column(
        verbose_name=gettext_lazy("Sessions"),
        attrs={"th": {"class": "num hide-sm"}, "td": {"class": "num hide-sm"}},
    )
    match_points = tables.Column(
        verbose_name=gettext_lazy("Match pts"),
        attrs={"th": {"class": "num"}, "td": {"class": "num"}},
    )
    hand_points = tables.Column(
        verbose_name=gettext_lazy("Hands"),
        attrs={"th": {"class": "num hide-sm"}, "td": {"class": "num hide-sm"}},
    )
    penalty_points = tables.Column(
        verbose_name=gettext_lazy("Penalties"),
        attrs={"th": {"class": "num hide-sm"}, "td": {"class": "num hide-sm"}},
    )
    carried = tables.Column(
        verbose_name=gettext_lazy("Carried"), attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    total = tables.Column(
        verbose_name=gettext_lazy("Total"),
        attrs={"th": {"class": "num"}, "td": {"class": "num strong"}},
    )

    class Meta:
        attrs = {"class": "table standings"}
        template_name = "tournament/public/_standings_table.html"

    def __init__(
        self,
        data,
        *,
        slug: str,
        match_points: bool,
        link_players: bool,
        provisional=None,
        carried: bool = False,
        **kwargs,
    ):
        self.uses_match_points = match_points
        self.provisional = provisional  # `selectors.provisional.Provisional`: marks its rows
        self.shows_carried = carried  # a tournament in stages, once a cut carried points
        self.player_url_prefix = reverse("public:player_list", args=[slug])
        self.link_players = link_players  # `release.player_page_visible`: no link to a 404
        exclude = (() if match_points else ("match_points",)) + (() if carried else ("carried",))
        super().__init__(Records(list(data)), exclude=exclude, **kwargs)

    def body_html(self):
        """The rows of the current page, in the column order above (escaped).

        Drawn with `html.escape` on plain strings: `format_html` checked every argument for a
        lazy translation, which cost more than the rest of the page."""
        rows = []
        words = (_("withdrawn"), _("substitute"))  # translated once, not once per row
        cut_words = _("out after round %(round)s")
        for bound in self.page.object_list:
            row = bound.record
            entrant = row.entrant
            classes = ' class="withdrawn"' if entrant.withdrawn else ""
            if not classes and row.cut_after_round:
                classes = ' class="cut"'
            match = (
                f'<td class="num">{row.match_points_text}</td>' if self.uses_match_points else ""
            )
            carried = (
                f'<td class="num">{"" if row.cut_after_round else row.carried}</td>'
                if self.shows_carried
                else ""
            )
            rows.append(
                f'<tr{classes}><td class="rank">{escape(row.rank)}</td>'
                f"<td>{self._name(row)}{self._marks(row, words, cut_words)}</td>"
                f'<td class="hide-sm">{escape(entrant.country)}</td>'
                f'<td class="hide-sm">{escape(entrant.club)}</td>'
                f'<td class="num hide-sm">{row.sessions_played}</td>{match}'
                f'<td class="num hide-sm">{row.hand_points}</td>'
                f'<td class="num hide-sm">{row.penalty_points}</td>{carried}'
                f'<td class="num strong">{row.total}</td></tr>'
            )
        return mark_safe("\n".join(rows))

    def _name(self, row) -> str:
        """The player's shown name (`names.page_name`), escaped, a link to their page when it
        opens."""
        name = escape(page_name(row.label, row.entrant.chinese_name))
        if not self.link_players:
            return name
        return f'<a href="{self.player_url_prefix}{row.player_id}/">{name}</a>'

    def _marks(self, row, words: tuple[str, str], cut_words: str) -> str:
        """The badges after a player's name (HTML): withdrawn, substitute (``words``, the two
        badges' words), provisional (why), and cut after a round (``cut_words``)."""
        withdrawn, substitute = words
        note = self.provisional.row_note(row.player_id) if self.provisional else ""
        marks = "".join(
            f' <span class="badge{extra}">{escape(mark)}</span>'
            for mark, on, extra in (
                (withdrawn, row.entrant.withdrawn, ""),
                (substitute, row.entrant.substitute, ""),
                (note, bool(note), " warn provisional"),
            )
            if on
        )
        if row.cut_after_round:
            text = escape(cut_words % {"round": row.cut_after_round})
            marks += f' <span class="badge cut">{text}</span>'
        return marks


def player_link(prefix: str, player_id: int, text):
    """A player's name as a link to their page (``prefix`` is the players list's address)."""
    return format_html('<a href="{}{}/">{}</a>', prefix, player_id, text)


PER_PAGE_MAX = 500
PAGE_MOST = 10_000  # a page number above it is the first page


def table_query(table_class) -> tuple[Param, ...]:
    """The query parameters a page with a ``table_class`` table and a search reads (see
    `tournament.web.pagecache`): paging, sorting by a column, and ``q``."""
    return (
        Param("page", most=PAGE_MOST),
        Param("per_page", most=PER_PAGE_MAX),
        sort_param(table_class.base_columns),
        Param("q", search=True),
    )


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
