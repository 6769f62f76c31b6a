"""Reads for the printouts: rows loaded in a fixed number of queries, handed over as plain
objects (`cards.CardSession`, `SeatingList`, `Slip`, `StandingsSheet`).

Vocabulary
----------
address         an absolute web address printed as a QR code: ``base_url`` (the site, e.g.
                ``https://zj.example.org``) joined with a path from ``reverse``.
bye             an active player with no seat in a seated round they were registered for
                (a player registered after the round was seated was *not yet registered*:
                `models.event.registered_after`).
seated round    a round with at least one seat; printouts of a round that is not seated stop
                with `NothingToPrint`.
round points    a player's hand payments in one round plus the penalties of that round's
                sessions (the standings PDF's per-round columns); penalties outside any
                session only count in the total.
table change    a round whose players move after hand N: each half has its own cards (the
                second numbered on from N + 1), the first card says where each player goes and
                the second where each came from; seating lists and slips give both places.
provisional     a card with a hand awaiting confirmation; standings as the standings board
                says (`standings.selectors.Provisional`).
name            a player's ``name`` on a card heading, a seating list or a slip is the romanised
                label (`names.Names.romanised`) in every language; the Chinese name travels
                apart (``chinese_name``) and the template prints it once, first on a Chinese
                printout. A line of text that names a player (a penalty, a table change) holds
                the label in the printout's language (`names.Names.label`).
released        what a public printout is made from, as the public may see it
                (`printout_released`): a digest of those rows alone (the seats of the published
                rounds, the players, the tables, the tournament's settings; the public
                standings), so that a judge's save that changes nothing the public sees leaves
                it as it was (`tournament.jobs`, *released*).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from django.core.cache import cache
from django.forms.models import model_to_dict
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ..event.selectors.links import link_path
from ..languages import LANGUAGE_PARAMETER
from ..live import version_of
from ..models import Hand, Penalty, Registration, Round, Seat, Session, Tournament
from ..names import PERSON_FIELDS, player_names, registrations_of
from ..standings import selectors as standings_selectors
from ..winds import WIND_NAMES, wind_order
from . import monospace
from .cards import CardHand, CardPenalty, CardPlayer, CardSession
from .errors import NothingToPrint
from .figures import Block, Column, figures_block


def wind_name(wind: str) -> str:
    """The wind's name in the active language ("East", "東")."""
    return _(WIND_NAMES[wind])


def absolute(base_url: str, path: str) -> str:
    return base_url.rstrip("/") + path


def seated_rounds(tournament: Tournament) -> list[Round]:
    """Rounds with at least one seat, in order."""
    return list(tournament.rounds.filter(seats__isnull=False).distinct().order_by("number"))


def _numbers(tournament: Tournament) -> dict[int, Registration]:
    return {
        reg.player_id: reg
        for reg in Registration.objects.filter(tournament=tournament).select_related("player")
    }


def _require_seated(round_: Round, seats) -> None:
    if not seats:
        raise NothingToPrint(
            _("Round %(number)s is not seated yet: seat it on the Seating page first.")
            % {"number": round_.number}
        )


# --- score record cards -----------------------------------------------------------------------


def round_card_sessions(
    round_: Round,
    *,
    base_url: str,
    filled: bool,
    table_number: int | None = None,
    half: int | None = None,
    withheld: frozenset[tuple[int, int]] = frozenset(),
) -> list[CardSession]:
    """Every session of the round (or one table's, or one half's) as a card's plain input, in
    table order.

    ``withheld``: (session id, hand number) of the hands the reader may not see (blind double
    entry): they are handed over with their number only."""
    tournament = round_.tournament
    seats = list(Seat.objects.filter(round=round_).select_related("player", "table"))
    _require_seated(round_, seats)
    sessions = (
        Session.objects.filter(round=round_)
        .select_related("table")
        .order_by("half", "table__number")
    )
    if table_number is not None:
        sessions = sessions.filter(table__number=table_number)
    if half is not None:
        sessions = sessions.filter(half=half)
    sessions = list(sessions)
    if not sessions:
        values = {"number": round_.number, "table": table_number}
        if half is not None:
            values["hands"] = round_.hand_range(half)
            if table_number is not None:
                reason = _("Round %(number)s has no table %(table)s for %(hands)s.")
            else:
                reason = _("Round %(number)s has no card for %(hands)s.")
        elif table_number is not None:
            reason = _("Round %(number)s has no table %(table)s.")
        else:
            reason = _("Round %(number)s has no card.")
        raise NothingToPrint(reason % values)
    registrations = _numbers(tournament)
    names = player_names(tournament)
    by_table: dict[tuple[int, int], dict[str, Seat]] = defaultdict(dict)
    for seat in seats:
        by_table[(seat.half, seat.table_id)][seat.wind] = seat
    changes = _table_changes(round_, seats, names)
    hands: dict[int, list[CardHand]] = defaultdict(list)
    penalties: dict[int, list[CardPenalty]] = defaultdict(list)
    if filled:
        ids = [s.pk for s in sessions]
        for session_id, hand in _hands(ids, by_table, sessions, withheld):
            hands[session_id].append(hand)
        table_of = {s.pk: (s.half, s.table_id) for s in sessions}
        for penalty in Penalty.objects.filter(session_id__in=ids).select_related("player", "hand"):
            winds = {
                seat.player_id: w for w, seat in by_table[table_of[penalty.session_id]].items()
            }
            penalties[penalty.session_id].append(
                CardPenalty(
                    wind=winds.get(penalty.player_id, "?"),
                    name=names.label(penalty.player_id, penalty.player.name),
                    amount=penalty.amount,
                    zero_sum=penalty.mode == Penalty.Mode.ZERO_SUM,
                    reason=penalty.reason,
                    hand_number=penalty.hand.number if penalty.hand else None,
                )
            )
    cards = []
    for session in sessions:
        seated = by_table[(session.half, session.table_id)]
        players = tuple(
            CardPlayer(
                wind=wind,
                name=names.romanised(seat.player_id, seat.player.name),
                number=getattr(registrations.get(seat.player_id), "number", None),
                chinese_name=seat.player.chinese_name,
            )
            for wind, seat in sorted(seated.items(), key=lambda item: wind_order(item[0]))
        )
        session.round = round_
        numbers = session.hand_numbers()
        path = session.desk_url()
        cards.append(
            CardSession(
                tournament=tournament.name,
                round_number=round_.number,
                table_number=session.table.number,
                table_label=session.table.label,
                players=players,
                hands_per_session=numbers[-1],
                first_hand=numbers[0],
                address=absolute(base_url, path),
                table_address=absolute(base_url, session.desk_url("table_page")),
                hands=tuple(sorted(hands[session.pk], key=lambda h: h.number)),
                penalties=tuple(penalties[session.pk]),
                change=tuple(changes.get((session.half, session.table_id), ())),
            )
        )
    return cards


def _table_changes(round_: Round, seats, names) -> dict[tuple[int, int], list[str]]:
    """The lines each card prints about the round's table change, by (half, table id): where
    each player of a first-half table goes, where each of a second-half table comes from."""
    if round_.table_change_after is None:
        return {}
    after = round_.table_change_after
    place = {(seat.half, seat.player_id): seat for seat in seats}
    lines: dict[tuple[int, int], list[str]] = defaultdict(list)
    for seat in sorted(seats, key=lambda s: (s.half, s.table.number, wind_order(s.wind))):
        other = place.get((3 - seat.half, seat.player_id))
        if other is None:
            continue
        values = {
            "wind": seat.wind,
            "name": names.label(seat.player_id, seat.player.name),
            "after": after,
            "table": other.table.number,
            "wind_name": wind_name(other.wind),
        }
        lines[(seat.half, seat.table_id)].append(
            _("%(wind)s %(name)s: after hand %(after)s moves to table %(table)s, %(wind_name)s")
            % values
            if seat.half == 1
            else _("%(wind)s %(name)s: played hands 1-%(after)s at table %(table)s, %(wind_name)s")
            % values
        )
    return lines


def _hands(session_ids, by_table, sessions, withheld=frozenset()):
    """(session id, CardHand) for every hand of these sessions, payments prefetched."""
    table_of = {s.pk: (s.half, s.table_id) for s in sessions}
    queryset = Hand.objects.filter(session_id__in=session_ids).prefetch_related("payments")
    for hand in queryset.order_by("session_id", "number"):
        if (hand.session_id, hand.number) in withheld:
            yield hand.session_id, CardHand(hand.number, "", confirmed=False, withheld=True)
            continue
        winds = {seat.player_id: w for w, seat in by_table[table_of[hand.session_id]].items()}
        yield (
            hand.session_id,
            CardHand(
                number=hand.number,
                outcome=hand.outcome,
                winner=winds.get(hand.winner_id, ""),
                win_type=hand.win_type,
                discarder=winds.get(hand.discarder_id, ""),
                value=hand.value,
                amounts={winds.get(p.player_id, "?"): p.amount for p in hand.payments.all()},
                confirmed=hand.confirmed,
            ),
        )


# --- seating lists ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatedPlayer:
    name: str
    number: int | None
    table: int
    wind: str
    chinese_name: str = ""
    later: SeatedPlayer | None = None  # the seat after the round's table change


@dataclass
class SeatingTable:
    number: int
    label: str
    seats: list[SeatedPlayer] = field(default_factory=list)  # E S W N
    from_hand: int | None = None  # a table after the round's table change: its first hand


@dataclass
class SeatingList:
    tournament: str
    round_number: int
    tables: list[SeatingTable]
    by_player: list[SeatedPlayer]
    byes: list[SeatedPlayer]  # table 0, wind ""


def round_seating(round_: Round) -> SeatingList:
    seats = list(Seat.objects.filter(round=round_).select_related("player", "table"))
    _require_seated(round_, seats)
    registrations = _numbers(round_.tournament)
    names = player_names(round_.tournament)
    tables: dict[tuple[int, int], SeatingTable] = {}
    listed = []
    later = {}
    change = round_.table_change_after
    for seat in sorted(seats, key=lambda seat: -seat.half):  # second half first: `later`
        reg = registrations.get(seat.player_id)
        player = SeatedPlayer(
            name=names.romanised(seat.player_id, seat.player.name),
            number=reg.number if reg else None,
            table=seat.table.number,
            wind=seat.wind,
            chinese_name=seat.player.chinese_name,
            later=later.get(seat.player_id),
        )
        from_hand = change + 1 if seat.half == 2 else None
        key = (seat.half, seat.table.number)
        tables.setdefault(key, SeatingTable(seat.table.number, seat.table.label, [], from_hand))
        tables[key].seats.append(player)
        if seat.half == 2:
            later[seat.player_id] = player
        else:
            listed.append((seat.player_id, player))
    for table in tables.values():
        table.seats.sort(key=lambda p: wind_order(p.wind))
    seated = {seat.player_id for seat in seats}
    byes = [
        (
            reg.player_id,
            SeatedPlayer(
                names.romanised(reg.player_id, reg.player.name),
                reg.number,
                0,
                "",
                reg.player.chinese_name,
            ),
        )
        for reg in registrations.values()
        if reg.status == Registration.Status.ACTIVE
        and reg.player_id not in seated
        and not reg.registered_after(round_)
    ]
    return SeatingList(
        tournament=round_.tournament.name,
        round_number=round_.number,
        tables=[tables[key] for key in sorted(tables)],
        by_player=[player for _, player in names.ordered(listed, player_id=lambda item: item[0])],
        byes=[player for _, player in names.ordered(byes, player_id=lambda item: item[0])],
    )


# --- player slips -----------------------------------------------------------------------------


@dataclass
class Slip:
    name: str
    number: int
    chinese_name: str
    address: str
    places: list[tuple[int, int, str]]  # (round, table, wind); table 0 = bye
    # After a round's table change: round -> (table, wind, first hand at that table).
    later: dict[int, tuple[int, str, int]] = field(default_factory=dict)
    # Rounds printed for officials before their seating is published: marked on the slip, so
    # that a slip handed out early does not pass for the seating players may rely on.
    provisional_rounds: tuple[int, ...] = ()
    private: bool = False  # the address is the player's private link (printed by an official)
    # Rounds seated before the player registered: "not yet registered" on the slip, not a bye.
    unregistered_rounds: tuple[int, ...] = ()

    @property
    def place_lines(self) -> list[str]:
        """The places as lines of monospaced type (a table costs WeasyPrint far more), under the
        heading `SLIP_HEADING`; a provisional round ends with `PROVISIONAL_MARK`. A table change
        takes two lines, "from hand 9:" then the table and wind, so that no line is longer than
        a round's: a longer line would run under the QR code when it is printed beside it."""
        lines = []
        bye = monospace.rjust(_("bye"), 5)
        for number, table, wind in self.places:
            line = f"{number:>5}  {table:>5}  {wind_name(wind)}" if table else f"{number:>5}  {bye}"
            if number in self.unregistered_rounds:
                line = f"{number:>5}  {_('not yet registered')}"
            if number in self.provisional_rounds:
                line = f"{monospace.ljust(line, 19)} {PROVISIONAL_MARK}"
            lines.append(line)
            if number in self.later:
                table, wind, first = self.later[number]
                lines.append(f"{'':>5}  " + _("from hand %(number)s:") % {"number": first})
                lines.append(f"{'':>5}  {table:>5}  {wind_name(wind)}")
        return lines

    @property
    def many_lines(self) -> bool:
        """Printed in smaller type, to fit the slip."""
        return len(self.place_lines) > 8

    @property
    def provisional_note(self) -> str:
        return _(PROVISIONAL_NOTE) if self.provisional_rounds else ""

    @property
    def address_lines(self) -> tuple[str, str]:
        """The address written out in two lines that fit a slip: the site and the rest (the
        private link's token, which a player may have to type)."""
        site, slash, rest = self.address.partition("//")
        host, _, path = rest.partition("/")
        return f"{site}{slash}{host}/", path


SLIP_HEADING = gettext_noop("Round  Table  Wind")
PROVISIONAL_MARK = "*"
PROVISIONAL_NOTE = gettext_noop("* Provisional — not yet published: this seating may still change.")


def player_address(tournament: Tournament, registration: Registration) -> str:
    """The player's public page (every session, hand and penalty)."""
    return reverse(
        "public:player_detail",
        kwargs={"slug": tournament.slug, "player_id": registration.player_id},
    )


def player_slips(
    tournament: Tournament,
    rounds: list[Round],
    *,
    base_url: str,
    links: dict[int, str] | None = None,
    language: str = "en",
) -> list[Slip]:
    """One slip per registered player (withdrawn players left out), in player-number order.
    ``links``: the tokens of the players' private links by registration id (only officials
    print them); a player with one gets it as the slip's address, the others their public
    page. A Chinese slip's address (its QR code) opens the page in its ``language``."""
    links = links or {}
    if not rounds:
        raise NothingToPrint(_("No round is seated (or published) yet: there is nothing to print."))
    registrations = [
        reg
        for reg in sorted(_numbers(tournament).values(), key=lambda r: r.number)
        if reg.status == Registration.Status.ACTIVE
    ]
    if not registrations:
        raise NothingToPrint(_("This tournament has no players yet."))
    names = player_names(tournament)
    query = f"?{LANGUAGE_PARAMETER}={language}" if language.startswith("zh") else ""
    unpublished = tuple(r.number for r in rounds if not r.seating_published)
    places: dict[int, dict[int, tuple[int, str]]] = defaultdict(dict)
    later: dict[int, dict[int, tuple[int, str, int]]] = defaultdict(dict)
    for seat in Seat.objects.filter(round__in=rounds).select_related("table", "round"):
        if seat.half == 1:
            places[seat.player_id][seat.round.number] = (seat.table.number, seat.wind)
        else:
            first = seat.round.table_change_after + 1
            place = (seat.table.number, seat.wind, first)
            later[seat.player_id][seat.round.number] = place
    return [
        Slip(
            name=names.romanised(reg.player_id, reg.player.name),
            number=reg.number,
            chinese_name=reg.player.chinese_name,
            address=absolute(
                base_url,
                link_path(links[reg.pk]) if reg.pk in links else player_address(tournament, reg),
            )
            + query,
            places=[(r.number, *places[reg.player_id].get(r.number, (0, ""))) for r in rounds],
            later=later[reg.player_id],
            provisional_rounds=unpublished,
            private=reg.pk in links,
            unregistered_rounds=tuple(r.number for r in rounds if reg.registered_after(r)),
        )
        for reg in registrations
    ]


# --- standings --------------------------------------------------------------------------------


@dataclass
class StandingsSheet:
    tournament: str
    rows: list  # standings.ranking.Standing, in rank order
    rounds: list[int]  # counted rounds with scores: the per-round columns
    match_points: bool  # the tournament ranks with match points: they get a column
    provisional: list[str]  # what is not final yet, in words; empty when nothing is
    last_round: int | None
    row_notes: dict[int, str] = field(default_factory=dict)  # player id -> "provisional until"
    carried: bool = False  # a tournament in stages after a cut: the Carried column
    stage_text: str = ""  # "Stage 2 of 3" when the tournament has stages
    chinese_names: dict[int, str] = field(default_factory=dict)  # player id -> Chinese name

    WIDE_AFTER: ClassVar[int] = 6  # more round columns than this: printed on A4 landscape
    SMALL_AFTER: ClassVar[int] = 12  # and more than this: in smaller type

    @property
    def wide(self) -> bool:
        return len(self.rounds) > self.WIDE_AFTER

    @property
    def small(self) -> bool:
        return len(self.rounds) > self.SMALL_AFTER

    @property
    def lines(self) -> list[tuple[object, list[int]]]:
        """Each row with its round points in each of `rounds`, in rank order."""
        lines = []
        for row in self.rows:
            by_round = row.points_by_round()
            lines.append((row, [by_round.get(number, 0) for number in self.rounds]))
        return lines

    @property
    def noted_lines(self) -> list[tuple[object, list[int], str]]:
        """`lines`, each with why its row is provisional ("" when it is not)."""
        return [
            (row, by_round, self.row_notes.get(row.player_id, "")) for row, by_round in self.lines
        ]

    @cached_property
    def figures(self) -> Block:
        """Each row's figures as a line of monospaced type (`figures`), in rank order: country,
        the points of each round, match points, hands, penalties, what was carried and the
        total, the last on a band."""
        lines = self.lines
        columns = [
            Column(_("Country"), [str(row.entrant.country) for row, _rounds in lines], left=True)
        ]
        columns += [
            Column(
                _("Rd %(number)s") % {"number": number},
                [str(by_round[i]) for _row, by_round in lines],
            )
            for i, number in enumerate(self.rounds)
        ]
        if self.match_points:
            columns.append(
                Column(_("Match pts"), [row.match_points_text for row, _rounds in lines])
            )
        columns.append(Column(_("Hands"), [str(row.hand_points) for row, _rounds in lines]))
        columns.append(Column(_("Penalties"), [str(row.penalty_points) for row, _rounds in lines]))
        if self.carried:
            carried = ["" if row.cut_after_round else str(row.carried) for row, _rounds in lines]
            columns.append(Column(_("Carried"), carried))
        columns.append(Column(_("Total"), [str(row.total) for row, _rounds in lines]))
        return figures_block(columns)

    @property
    def printed_lines(self) -> list[tuple[object, str, str]]:
        """Each row with why it is provisional ("" when it is not) and its figures."""
        return [
            (row, self.row_notes.get(row.player_id, ""), figures)
            for row, figures in zip(self.rows, self.figures.lines, strict=True)
        ]


def standings_sheet(
    tournament: Tournament, *, official: bool, chinese: bool = False
) -> StandingsSheet:
    """The standings board as the asker may see it (`standings.selectors.board_seen`: silent
    rounds and hidden withdrawn players apply to the public), laid out for paper; ``chinese``:
    with the players' Chinese names (a Chinese printout shows them first)."""
    board = standings_selectors.board_seen(tournament, official=official)
    if not board.rows:
        raise NothingToPrint(_("This tournament has no players yet."))
    rounds = sorted({placing.round_number for row in board.rows for placing in row.sessions})
    return StandingsSheet(
        tournament=tournament.name,
        rows=list(board.rows),
        rounds=rounds,
        match_points=board.uses_match_points,
        provisional=board.provisional.lines(),
        last_round=rounds[-1] if rounds else None,
        row_notes={
            row.player_id: note
            for row in board.rows
            if (note := board.provisional.row_note(row.player_id))
        },
        carried=board.shows_carried,
        stage_text=board.stage_text,
        chinese_names=_chinese_names(tournament) if chinese else {},
    )


def _chinese_names(tournament: Tournament) -> dict[int, str]:
    registrations = Registration.objects.filter(tournament=tournament)
    return dict(
        registrations.exclude(player__chinese_name="").values_list(
            "player_id", "player__chinese_name"
        )
    )


def printout_counts(
    tournament: Tournament,
    round_: Round | None = None,
    *,
    table_number: int | None = None,
    half: int | None = None,
) -> tuple[int, int]:
    """(players, cards) that a printout's length follows, in two counts: the tournament's
    registrations, and the round's sessions (one table's, or one half's, when given; 0 without
    a round)."""
    players = Registration.objects.filter(tournament=tournament).count()
    if round_ is None:
        return players, 0
    sessions = Session.objects.filter(round=round_)
    if table_number is not None:
        sessions = sessions.filter(table__number=table_number)
    if half is not None:
        sessions = sessions.filter(half=half)
    return players, sessions.count()


# --- what a public printout is made from ------------------------------------------------------

#: How long a public standings digest is kept for one version of a tournament (a version is
#: never written again; the kept digest only spares the board's building to the next asker).
RELEASED_KEEP_SECONDS = 600


def _row(instance, *, leave_out=()) -> list:
    values = model_to_dict(instance)
    return sorted((name, repr(value)) for name, value in values.items() if name not in leave_out)


def _seating_rows(tournament: Tournament, rounds: list[Round]) -> list:
    """The rows a seating printout (seating list, slips, blank cards) of ``rounds`` is made
    from: the rounds, their seats, sessions and tables, the players and their names."""
    round_ids = [round_.pk for round_ in rounds]
    return [
        [_row(round_) for round_ in rounds],
        list(
            Seat.objects.filter(round_id__in=round_ids)
            .order_by("pk")
            .values_list("round_id", "half", "table__number", "table__label", "wind", "player_id")
        ),
        list(
            Session.objects.filter(round_id__in=round_ids)
            .order_by("pk")
            .values_list("pk", "round_id", "table__number", "half")
        ),
        list(
            Registration.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list(
                "pk",
                "player_id",
                "number",
                "status",
                "registered_at",
                "player__name",
                "player__chinese_name",
            )
        ),
        list(registrations_of(tournament).order_by("pk").values_list(*PERSON_FIELDS)),
    ]


def printout_released(
    tournament: Tournament,
    identifier: str,
    round_: Round | None,
    parameters: dict,
) -> str:
    """A digest of what the public printout ``identifier`` (of ``round_``, with the job's
    ``parameters``) is made from, as the public may see it (see *released*)."""
    parts: list = [identifier, sorted(parameters.items(), key=repr)]
    parts.append(_row(tournament, leave_out=("last_write",)))
    if identifier == "slips":
        rounds = [r for r in seated_rounds(tournament) if r.seating_published]
        parts.append(_seating_rows(tournament, rounds))
    elif identifier == "standings":
        parts.append(_standings_released(tournament))
    elif round_ is not None:
        parts.append(_seating_rows(tournament, [round_] if round_.seating_published else []))
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _standings_released(tournament: Tournament) -> str:
    """The public standings board as a digest, kept per version of the tournament."""
    key = f"printing:released-standings:{tournament.pk}:{version_of(tournament.last_write)}"
    try:
        kept = cache.get(key)
    except Exception:  # noqa: BLE001 - a cache that does not answer is a miss
        kept = None
    if kept:
        return kept
    board = standings_selectors.board_seen(tournament, official=False)
    text = repr([list(board.rows), board.provisional.lines(), board.stage_text])
    digest = hashlib.sha256(text.encode()).hexdigest()
    try:
        cache.set(key, digest, RELEASED_KEEP_SECONDS)
    except Exception:  # noqa: BLE001
        pass
    return digest
