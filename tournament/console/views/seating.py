"""The organiser's seating pages: the overview (generate the event's seating, its quality
report), one round's seating (swap two players) and publishing it. Writes:
`seating.services`; the overview's rows are `seating.selectors.seating_overview`. The public's
seating lists are in `tournament.public`."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event.selectors.seats import round_byes, round_tables
from ...models import Round
from ...play.selectors.rounds import round_is_opened
from ...seating.preview_selectors import round_preview
from ...seating.selectors import seating_overview as overview_rows
from ...seating.services import seats as seats_services
from ...seating.services.cut_wait import cut_pending_round
from ...seating.services.generation import seating_generate
from ...seating.services.seats import seating_swap
from ...seating.services.table_change import round_table_change_set
from ...web.form_errors import service_error_onto
from ...web.writes import service_write
from ...winds import WIND_NAMES, WINDS
from ..forms.seating import GenerateSeatingForm, SwapSeatsForm, TableChangeForm
from .common import console_page


def _seat_rows(tables: list[dict], names, preview) -> list[tuple[object, int, list, object]]:
    """Each table with its half (2 after the round's table change), its seats in wind order
    (None where nobody sits) and its preview (`seating.preview_selectors.PreviewTable`: the
    pairs who met before, the pairs kept apart). Each seat carries ``number``, its player's
    number (the numbers the swap form asks for), and ``rank``, their rank going into a round
    seated by the standings."""
    ranks = {seat.player_id: seat.rank for table in preview.tables for seat in table.seats}
    previews = {(table.half, table.number): table for table in preview.tables}
    rows = []
    for entry in tables:
        by_wind = {seat.wind: seat for seat in entry["seats"]}
        for seat in entry["seats"]:
            person = names.people.get(seat.player_id)
            seat.number = person.number if person else None
            seat.rank = ranks.get(seat.player_id, "")
        seats = [by_wind.get(wind) for wind in WINDS]
        key = (entry["half"], entry["table"].number)
        rows.append((entry["table"], entry["half"], seats, previews.get(key)))
    return rows


def _round(tournament, number: int) -> Round:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    return round_


@console_page()
def seating_overview(request, tournament):
    form = GenerateSeatingForm(request.POST or None, initial={"seed": 0})
    cut_round = None  # the round of the cut a refused generation waits for
    if request.method == "POST" and form.is_valid():
        try:
            plan = seating_generate(tournament=tournament, **form.cleaned_data)
        except ValidationError as error:
            service_error_onto(form, error)
            cut_round = cut_pending_round(error)
        else:
            messages.success(request, plan.describe())
            return redirect("console:seating_overview", slug=tournament.slug)
    overview = overview_rows(tournament)
    form.initial["total_rounds"] = max(len(overview.rounds), 1)  # the rounds read once
    context = {
        "tournament": tournament,
        "form": form,
        "cut_round": cut_round,
        **_fields(overview),
        **_lines(overview),
    }
    return render(request, "tournament/console/seating_overview.html", context)


def _lines(overview) -> dict:
    """The overview's two lists of sentences, each list worded from one translation: a
    translation per line cost more than the rest of the page."""
    spread = _("%(name)s: spread %(spread)s")
    again = _("Round %(number)s: %(name)s again at table %(table)s")
    return {
        "wind_spread_lines": [
            spread % {"name": name, "spread": value} for name, value in overview.wind_spread_over_1
        ],
        "same_table_lines": [
            again % {"number": number, "name": name, "table": table}
            for number, name, table in overview.same_table_repeats
        ],
    }


def _fields(rows) -> dict:
    """A dataclass's fields as a dict, values as they are (`dataclasses.asdict` would copy
    the rounds and the reports deeply)."""
    return {name: getattr(rows, name) for name in rows.__dataclass_fields__}


@console_page()
def seating_round(request, tournament, number):
    round_ = _round(tournament, number)
    form = SwapSeatsForm(request.POST or None, round_=round_)
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: seating_swap(round_=round_, **form.cleaned_data),
            form=form,
            done=lambda value: _swapped(form),
            then=_round_url(tournament, number),
        )
        if answer is not None:
            return answer
    names = form.names
    preview = round_preview(round_)
    context = {
        "tournament": tournament,
        "round": round_,
        "played": round_is_opened(round_),
        "preview": preview,
        "tables": _seat_rows(round_tables(round_, names), names, preview),
        "winds": [WIND_NAMES[wind] for wind in WINDS],
        "byes": round_byes(round_, names),
        "form": form,
        "change_form": TableChangeForm(initial={"after_hand": round_.table_change_after}),
    }
    return render(request, "tournament/console/seating_round.html", context)


def _swapped(form) -> str:
    first, second = (form.label_of(form.cleaned_data[key]) for key in ("first", "second"))
    return _("Swapped %(first)s and %(second)s. Publish again when ready.") % {
        "first": first,
        "second": second,
    }


def _round_url(tournament, number: int) -> str:
    return reverse("console:seating_round", args=[tournament.slug, number])


@console_page()
@require_POST
def seating_table_change(request, tournament, number):
    """Declare (or remove) the round's table change; the second half is seated at once."""
    round_ = _round(tournament, number)
    form = TableChangeForm(request.POST)
    if not form.is_valid():
        messages.error(request, "; ".join(e for errors in form.errors.values() for e in errors))
        return redirect(_round_url(tournament, number))
    after = form.cleaned_data["after_hand"]

    def table_change_done(plan) -> str:
        if after is None:
            return _("Round %(number)s: no table change; one seat per player.") % {"number": number}
        seated = plan.describe() if plan else _("Seat the round to seat both halves.")
        changed = _("Round %(number)s: players change tables after hand %(after)s.") % {
            "number": number,
            "after": after,
        }
        return f"{changed} {seated}"

    return service_write(
        request,
        lambda: round_table_change_set(round_=round_, after_hand=after, user=request.user),
        done=table_change_done,
        then=_round_url(tournament, number),
    )


@console_page()
@require_POST
def seating_publish(request, tournament, number):
    round_ = _round(tournament, number)
    publish = request.POST.get("publish") == "1"
    if publish:
        done = _("Round %(number)s seating published.")
    else:
        done = _("Round %(number)s seating withdrawn from the public pages.")
    return service_write(
        request,
        lambda: seats_services.seating_publish(round_=round_, published=publish),
        done=done % {"number": round_.number},
        then=_round_url(tournament, number),
    )
