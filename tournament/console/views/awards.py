"""The organiser's awards page: define the event's awards from the list of kinds, preview each
one's winners with the figures behind them, publish it to the projector (or take it off) and
remove it. Writes: `statistics.services.awards`; reads: `statistics.selectors.awards`. The
certificates print from the printouts page (*Award certificates*).
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ... import release
from ...statistics.selectors.awards import award_lines
from ...statistics.services.awards import award_delete, award_publish, award_save
from ...web.writes import service_write
from ..forms.awards import AwardForm
from .common import console_page


def _awards_url(tournament) -> str:
    return reverse("console:awards", args=[tournament.slug])


@console_page()
def awards(request, tournament):
    """The awards with their winners, and the form that adds one."""
    form = AwardForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        answer = service_write(
            request,
            lambda: award_save(tournament=tournament, user=request.user, **data),
            form=form,
            done=_("The award “%(title)s” is added: check its winners, then publish it.")
            % {"title": data["title"]},
            then=_awards_url(tournament),
        )
        if answer is not None:
            return answer
    context = {
        "tournament": tournament,
        "lines": award_lines(tournament, published_only=False),
        "form": form,
        "round_limit": release.public_round_limit(tournament),
    }
    return render(request, "tournament/console/awards.html", context)


def _award_id(request) -> int | None:
    value = request.POST.get("award", "")
    return int(value) if value.isdigit() else None


@console_page()
@require_POST
def award_publish_toggle(request, tournament):
    """Publish an award (``published=1``) or take it off the projector."""
    award_id = _award_id(request)
    if award_id is None:
        messages.error(request, _("Choose the award from the list."))
        return redirect(_awards_url(tournament))
    published = request.POST.get("published") == "1"
    return service_write(
        request,
        lambda: award_publish(
            tournament=tournament, award_id=award_id, published=published, user=request.user
        ),
        done=_("The award is on the projector.") if published else _("The award is withdrawn."),
        then=_awards_url(tournament),
    )


@console_page()
@require_POST
def award_remove(request, tournament):
    """Remove an award (the page asked for a confirmation first)."""
    award_id = _award_id(request)
    if award_id is None:
        messages.error(request, _("Choose the award from the list."))
        return redirect(_awards_url(tournament))
    return service_write(
        request,
        lambda: award_delete(tournament=tournament, award_id=award_id, user=request.user),
        done=_("The award is removed."),
        then=_awards_url(tournament),
    )
