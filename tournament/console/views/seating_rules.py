"""The organiser's pages for seating the final rounds: the seating rules (fixed tables and pairs
kept apart: list, add, remove after a confirmation) and seating one round by a method (at
random, by standings, Swiss) from the seating overview. Writes: `seating.services.fixed_tables`,
`seating.services.kept_apart`, `seating.services.method` and `seating.services.one_round`;
reads: `seating.rule_selectors.seating_rules`.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...models import Player
from ...seating.rule_selectors import seating_rules as rules_of
from ...seating.services.fixed_tables import fixed_table_add, fixed_table_remove
from ...seating.services.kept_apart import kept_apart_add, kept_apart_remove
from ...seating.services.method import round_seating_method_set
from ...seating.services.one_round import seating_round_generate
from ...web.writes import service_write
from ..forms.seating_rules import FixedTableForm, KeptApartForm, SeatByMethodForm
from .common import console_page


def _rules_url(tournament) -> str:
    return reverse("console:seating_rules", args=[tournament.slug])


@console_page()
def seating_rules(request, tournament):
    """The fixed tables and pairs kept apart, with a form to add each (``kind`` says which
    form was sent)."""
    kind = request.POST.get("kind") if request.method == "POST" else None
    fixed_form = FixedTableForm(
        request.POST if kind == "fixed" else None, tournament=tournament, prefix="fixed"
    )
    apart_form = KeptApartForm(
        request.POST if kind == "apart" else None, tournament=tournament, prefix="apart"
    )
    adds = {
        "fixed": (
            fixed_form,
            fixed_table_add,
            lambda data: (
                _("%(player)s now sits at table %(table)s in the rounds set.")
                % {"player": data["player"].name, "table": data["table"]}
            ),
        ),
        "apart": (
            apart_form,
            kept_apart_add,
            lambda data: (
                _("%(first)s and %(second)s are kept apart.")
                % {"first": data["player_a"].name, "second": data["player_b"].name}
            ),
        ),
    }
    if request.method == "POST" and kind not in adds:
        messages.error(
            request,
            _("Send one of the two forms on this page: a fixed table, or a pair kept apart."),
        )
        return redirect(_rules_url(tournament))
    if kind in adds:
        form, add, done = adds[kind]
        if form.is_valid():
            data = form.cleaned_data
            answer = service_write(
                request,
                lambda: add(tournament=tournament, user=request.user, **data),
                form=form,
                done=done(data),
                then=_rules_url(tournament),
            )
            if answer is not None:
                return answer
    context = {
        "tournament": tournament,
        "rules": rules_of(tournament),
        "fixed_form": fixed_form,
        "apart_form": apart_form,
    }
    return render(request, "tournament/console/seating_rules.html", context)


@console_page()
@require_POST
def seating_rule_remove(request, tournament):
    """Remove a fixed table (``player``) or a pair kept apart (``player_a``, ``player_b``);
    the page asked for a confirmation first."""
    players = {
        key: get_object_or_404(Player, pk=request.POST[key])
        for key in ("player", "player_a", "player_b")
        if request.POST.get(key, "").isdigit()
    }
    if "player" in players:
        player = players["player"]
        return service_write(
            request,
            lambda: fixed_table_remove(tournament=tournament, player=player, user=request.user),
            done=_("%(player)s no longer has a fixed table.") % {"player": player.name},
            then=_rules_url(tournament),
        )
    first, second = players.get("player_a"), players.get("player_b")
    if first is None or second is None:
        messages.error(request, _("Choose the rule to remove from the list."))
        return redirect(_rules_url(tournament))
    return service_write(
        request,
        lambda: kept_apart_remove(
            tournament=tournament, player_a=first, player_b=second, user=request.user
        ),
        done=_("%(first)s and %(second)s may meet again.")
        % {"first": first.name, "second": second.name},
        then=_rules_url(tournament),
    )


@console_page()
def seating_by_method(request, tournament):
    """Seat one round by a method (the seating overview's form posts here): the method is
    kept for the round, then the round is seated; a refusal is shown on the form."""
    form = SeatByMethodForm(request.POST or None, initial={"number": _next_round(tournament)})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data

        def seat():
            with transaction.atomic():
                round_seating_method_set(
                    tournament=tournament,
                    number=data["number"],
                    method=data["method"],
                    repeat_limit=data["repeat_limit"],
                    user=request.user,
                )
                return seating_round_generate(
                    tournament=tournament,
                    number=data["number"],
                    seed=data["seed"],
                    odd_players=data["odd_players"],
                )

        answer = service_write(
            request,
            seat,
            form=form,
            done=lambda plan: plan.describe(),
            then=lambda plan: reverse(
                "console:seating_round", args=[tournament.slug, data["number"]]
            ),
        )
        if answer is not None:
            return answer
    return render(
        request,
        "tournament/console/seating_by_method.html",
        {"tournament": tournament, "form": form},
    )


def _next_round(tournament) -> int:
    """The first round with no published seating: the one a final round's seating is for."""
    published = tournament.rounds.filter(seating_published=True).order_by("-number").first()
    return published.number + 1 if published else 1
