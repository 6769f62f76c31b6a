"""The head judge's queue of hand queries, and closing a session's appeal window early.

Vocabulary: the *queue* lists the players' open hand queries (each with its hand as entered, the
player and their text, and a link to correct that hand at the desk) above the answered ones, and
the sessions whose appeal window is open, each with its end time (`play.appeals`).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...models import HandQuery
from ...names import player_names
from ...play.labels import session_label
from ...play.selectors.queries import (
    hand_queries,
    hand_query_hands,
    open_appeal_windows,
    session_appeal_window,
)
from ...play.selectors.snapshots import hand_summary
from ...play.services import queries as query_services
from ...roles import HEAD_JUDGE
from ...web.writes import service_write
from ..forms import QueryAnswerForm
from .common import desk_page, session_context, session_page


@desk_page(HEAD_JUDGE)
def query_queue(request, tournament):
    queries = hand_queries(tournament)
    hands = hand_query_hands(queries)
    names = player_names(tournament)
    labels = {player_id: names.label(player_id) for player_id in names.people}
    for query in queries:
        query.session.round.tournament = tournament  # its desk address reads the slug
        hand = hands.get(query.pk)
        query.hand_text = hand_summary(hand, labels) if hand else _("(hand deleted)")
        query.patterns = [name for name, _ in hand.patterns] if hand else []
        query.form = QueryAnswerForm(prefix=f"q{query.pk}")
    context = {
        "tournament": tournament,
        "open_queries": [q for q in queries if q.status == HandQuery.Status.OPEN],
        "answered": [q for q in queries if q.status != HandQuery.Status.OPEN],
        "windows": open_appeal_windows(tournament, timezone.now()),
    }
    return render(request, "tournament/desk/queries.html", context)


@desk_page(HEAD_JUDGE)
@require_POST
def query_answer(request, tournament, query_id):
    query = HandQuery.objects.filter(pk=query_id, session__round__tournament=tournament).first()
    if query is None:
        raise Http404(_("No such hand query in this tournament."))
    form = QueryAnswerForm(request.POST, prefix=f"q{query.pk}")
    if not form.is_valid():
        messages.error(request, " ".join(m for ms in form.errors.values() for m in ms))
        return redirect("desk:query_queue", slug=tournament.slug)
    upheld = form.cleaned_data["decision"] == "upheld"
    return service_write(
        request,
        lambda: query_services.hand_query_answer(
            query=query, upheld=upheld, answer=form.cleaned_data["answer"], user=request.user
        ),
        done=lambda value: (
            _("Query on hand %(number)s answered: the player sees it on their link.")
            % {"number": query.hand_number}
            + (" " + _("Now correct the hand.") if upheld else "")
        ),
        then=reverse("desk:query_queue", args=[tournament.slug]),
    )


@session_page(HEAD_JUDGE)
def appeal_close(request, session):
    window = session_appeal_window(session)
    if request.method == "POST":
        return service_write(
            request,
            lambda: query_services.session_appeal_close(session=session, user=request.user),
            done=lambda value: (
                _("The appeal window of %(session)s is closed.")
                % {"session": session_label(session)}
            ),
            then=reverse("desk:query_queue", args=[session.round.tournament.slug]),
        )
    context = session_context(session, window=window, now=timezone.now())
    return render(request, "tournament/desk/appeal_close.html", context)
