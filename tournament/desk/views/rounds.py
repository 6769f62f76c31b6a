"""The desk's start: the round that is being played, and a round's tables with their state."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_POST

from ...models import Round, Session
from ...play import clock as play_clock
from ...play.selectors import desk as desk_selectors
from ...play.selectors.sessions import table_session_in_play
from ...play.services import clock as clock_services
from ...roles import HEAD_JUDGE
from ...web.writes import service_write
from ..cards import draw_cards
from .common import desk_page

#: The clock's actions in words, for the message after one (the form posts the English verb).
CLOCK_ACTION_WORDS = {
    "start": pgettext_lazy("round clock", "start"),
    "pause": pgettext_lazy("round clock", "pause"),
    "resume": pgettext_lazy("round clock", "resume"),
    "extend": pgettext_lazy("round clock", "extend"),
    "stop": pgettext_lazy("round clock", "stop"),
}


def _round(tournament, number: int) -> Round:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    return round_


@desk_page()
def home(request, tournament):
    """The first round with an open session, else the last round; before round 1 is seated, a
    page that says so and keeps the desk's settings, health and audit log within reach."""
    rounds = list(tournament.rounds.all())
    if not rounds:
        return render(request, "tournament/desk/no_rounds.html", {"tournament": tournament})
    open_round = (
        tournament.rounds.filter(sessions__status=Session.Status.OPEN)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    number = open_round if open_round is not None else rounds[-1].number
    return redirect("desk:round_desk", slug=tournament.slug, round_number=number)


@desk_page()
def round_desk(request, tournament, round_number):
    round_ = _round(tournament, round_number)
    table = request.GET.get("table", "").strip()
    if table:
        number = _whole_number(table)
        session = table_session_in_play(round_, number) if number else None
        if session is not None:
            session.round = round_
            return redirect(session.desk_url())
        messages.error(
            request,
            _("Round %(round)s has no table %(table)s.") % {"round": round_number, "table": table},
        )
    cards = desk_selectors.round_desk(round_, viewer=request.user)
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "rounds": round_.tournament.rounds.all(),
        "cards": cards,
        "cards_html": draw_cards(cards, table_change=round_.table_change_after is not None),
        "clock": play_clock.clock_of(round_),
    }
    if request.htmx:  # the live fragment: the tables' state, fetched again on every change
        return render(request, "tournament/desk/_session_grid.html", context)
    return render(request, "tournament/desk/round.html", context)


def _whole_number(text: str) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdecimal() and len(text) < 6 else None


@desk_page(HEAD_JUDGE)
@require_POST
def round_clock(request, tournament, round_number):
    """Start, pause, resume, extend (the round or one table) or stop the round clock."""
    round_ = _round(tournament, round_number)
    action = request.POST.get("action", "")
    minutes = _whole_number(request.POST.get("minutes", "")) or 0
    table = request.POST.get("table", "").strip()
    table_number = _whole_number(table)

    def control():
        if table and table_number is None:
            raise ValidationError(_("%(table)s is not a table number.") % {"table": repr(table)})
        clock_services.round_clock_control(
            round_=round_,
            action=action,
            minutes=minutes,
            table_number=table_number,
            user=request.user,
        )

    return service_write(
        request,
        control,
        done=_("Round %(round)s clock: %(action)s.")
        % {"round": round_number, "action": CLOCK_ACTION_WORDS.get(action, action)},
        then=reverse("desk:round_desk", args=[tournament.slug, round_number]),
    )
