"""Reads for the player slips: one slip per registered player with their table and wind in
every seated round and the address of their page (`Slip`).

Vocabulary
----------
place           (round, table, wind) of a player in a round; table 0 is a bye.
later           after a round's table change: the player's table and wind from the hand after
                the change (`Slip.later`).
provisional     a round printed for officials before its seating is published: marked on the
                slip (`PROVISIONAL_MARK`, `PROVISIONAL_NOTE`), so that a slip handed out early
                does not pass for the seating players may rely on.
not yet registered  a round seated before the player registered: said on the slip, not a bye.
address         the player's public page, or their private link when an official prints the
                slips (`Slip.private`); a Chinese slip's address opens the page in Chinese.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ...event.selectors.links import link_path
from ...models import Registration, Round, Seat, Tournament
from ...names import player_names
from ...web.languages import LANGUAGE_PARAMETER
from .. import monospace
from ..errors import NothingToPrint
from .common import absolute, registrations_by_player, wind_name


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
        for reg in sorted(registrations_by_player(tournament).values(), key=lambda r: r.number)
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
