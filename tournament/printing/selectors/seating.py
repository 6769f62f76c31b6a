"""Reads for a round's seating list: the round by table with winds, the players in
alphabetical order with their table and wind, and the byes (`SeatingList`).

Vocabulary
----------
bye             an active player with no seat in a seated round they were registered for
                (a player registered after the round was seated was *not yet registered*:
                `models.players.registered_after`).
later           a player's seat after the round's table change (`SeatedPlayer.later`); a
                second-half table says the hand it starts from (`SeatingTable.from_hand`).
rank            for a round seated by the standings (or Swiss), a player's rank going into it
                (`SeatedPlayer.rank`, "=3"; see `seating.ranking_selectors.ranks_going_in`);
                empty in a random round.
name            a player's ``name`` is the romanised label (`names.Names.romanised`) in every
                language; the Chinese name travels apart (``chinese_name``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...models import Registration, Round, Seat
from ...names import player_names
from ...seating.ranking_selectors import ranks_going_in
from ...winds import wind_order
from .common import registrations_by_player, require_seated


@dataclass(frozen=True)
class SeatedPlayer:
    name: str
    number: int | None
    table: int
    wind: str
    chinese_name: str = ""
    later: SeatedPlayer | None = None  # the seat after the round's table change
    rank: str = ""  # rank going into a round seated by the standings


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
    method: str = ""  # how a round seated by the standings was seated, in the reader's words


def round_seating(round_: Round) -> SeatingList:
    seats = list(Seat.objects.filter(round=round_).select_related("player", "table"))
    require_seated(round_, seats)
    registrations = registrations_by_player(round_.tournament)
    names = player_names(round_.tournament)
    ranks = ranks_going_in(round_.tournament, round_.number) if round_.by_standings else {}
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
            rank=ranks.get(seat.player_id, ("", 0))[0],
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
        method=str(round_.get_seating_method_display()) if round_.by_standings else "",
    )
