"""The seating printouts: the seating lists for the notice board and the player slips, each
from the round's (or every seated round's) seats; public once the seating is published.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ...event.selectors.links import link_tokens
from ...release import Rule, seating_seen, seating_visible
from ..selectors.common import seated_rounds
from ..selectors.seating import round_seating
from ..selectors.slips import SLIP_HEADING, player_slips
from ..wording import language_halves
from .base import Document, printout_filename, qr_data_uri


class SeatingLists(Document):
    identifier = "seating"
    name = gettext_noop("Seating lists")
    description = gettext_noop(
        "For the notice board, in large type: the round by table with winds, then "
        "alphabetical by player with table and wind; byes listed."
    )
    audience = Rule.SEATING
    needs_round = True
    template = "tournament/printing/seating.html"
    page_class = "seating"

    def items(self, request):
        return [round_seating(request.round)]

    def filename(self, request):
        return printout_filename(request, f"round-{request.round.number}-seating")


class PlayerSlips(Document):
    identifier = "slips"
    name = gettext_noop("Player slips")
    description = gettext_noop(
        "One slip per player with their table and wind in every seated round and a QR code "
        "to their page (printed by an official: their private link, written out beside it); "
        "eight to an A4 sheet with cut lines."
    )
    audience = Rule.SEATING
    template = "tournament/printing/slips.html"
    page_class = "slips"
    part_size = 8 * 4  # four sheets per part

    def refusal(self, user, tournament, round_):
        rounds = seated_rounds(tournament)
        if rounds and not any(seating_visible(user, r) for r in rounds):
            return _("No round's seating is published yet.")
        return super().refusal(user, tournament, round_)

    def items(self, request):
        rounds = [
            r
            for r in seated_rounds(request.tournament)
            if seating_seen(r, official=request.official)
        ]
        # Officials print the players' private links; the public gets the public pages.
        links = link_tokens(request.tournament) if request.official else {}
        slips = player_slips(
            request.tournament,
            rounds,
            base_url=request.base_url,
            links=links,
            language=language_halves(request.language)[0],
        )
        return [{"slip": slip, "qr": qr_data_uri(slip.address)} for slip in slips]

    def context(self, request):
        return {"slips_per_sheet": 8, "slip_heading": _(SLIP_HEADING)}

    def filename(self, request):
        return printout_filename(request, "player-slips")
