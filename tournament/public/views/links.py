"""A player's private page, opened from their link (``/p/<token>/``) with no log-in, and the
hand query they send from it.

Vocabulary
----------
link page       a view addressed by a private link's token: `link_page` turns the token into
                the registration (`event.selectors.links.registration_of_link`) and calls
                ``view(request, registration)``; an unknown token gets a 404 page, a revoked
                or expired one a 410 page, each with one sentence and nothing else (no menu,
                no tournament name). The page links to no official page and to no other
                player's private page; it is never cached and never sends its address to
                another site (``same-origin``: ``no-referrer`` would also drop the ``Origin``
                of its own form, which Django's CSRF check then refuses).
guessing        every unknown token counts against the client's address (`logins.client_address`)
                in Django's cache: after `GUESSES_ALLOWED` misses within `GUESS_WINDOW` seconds,
                further unknown tokens from that address are answered 429 with ``Retry-After``
                until the window ends. The count is one atomic step of the cache
                (``cache.add`` starts a window, ``cache.incr`` counts in it: Redis's INCR,
                the local cache's lock), never read, incremented and written back, so clients
                guessing at once from one address get no more than `GUESSES_ALLOWED` misses
                between them. A known token is looked up first and always opens: a
                venue's phones share one address (one Wi-Fi), and one player's typos must not
                lock the others out. What keeps a token from being found by trying is its
                158 random bits (`event.selectors.links.TOKEN_ALPHABET`); the throttle tells a
                script to slow down.
forgiving       a token typed from a slip opens its link in any case and with 0 for O, 1 for l
                or I (`event.selectors.links.registration_of_link`).
answered        a query the head judge has upheld or dismissed: the top of the page says so and
                links to the answer (``#query-<id>``), and the hand's own line says which.
release         the page follows what the public may see (`tournament.release`): seats of
                published rounds, scores while results are public and not in a silent round,
                the rank while standings are public; with results held until reconciliation,
                only the player's reconciled sessions.
"""

from __future__ import annotations

import time
from functools import wraps

from django.contrib import messages
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ... import release
from ...event.selectors.links import LinkRefused, LinkUnknown, registration_of_link
from ...event.selectors.seats import player_places
from ...logins import client_address
from ...models import HandQuery, Round
from ...play.selectors.players import player_penalties, player_rounds_done, player_table_sessions
from ...play.selectors.queries import hand_queries
from ...play.selectors.sessions import session_of
from ...play.services.queries import hand_query_raise
from ...release import Rule
from ...standings.selectors.board import board_seen
from ...statistics.selectors.player import player_statistics_seen
from ...web.form_errors import error_text
from ..forms import HandQueryForm
from .statistics import statistics_context

GUESSES_ALLOWED = 20
GUESS_WINDOW = 600  # seconds
_GUESS_KEY = "zj-link-guesses:{}"  # the misses counted in the address's window
_SINCE_KEY = "zj-link-guesses-since:{}"  # when that window began


def _guess_counted(request) -> tuple[int, int]:
    """Count one unknown token against the client's address, atomically (see *guessing*):
    the misses counted in the window so far, this one included, and the window's seconds left.
    A cache that does not answer (Redis down) counts nothing: no throttle, as before."""
    address = client_address(request) or "unknown"
    key, since_key = _GUESS_KEY.format(address), _SINCE_KEY.format(address)
    now = time.time()
    count = None
    for _attempt in range(2):  # the count may expire between its add and its incr: once more
        cache.add(key, 0, GUESS_WINDOW)  # the window's first miss starts its count ...
        try:
            count = cache.incr(key)
        except ValueError:
            continue
        break
    cache.add(since_key, now, GUESS_WINDOW)  # ... and its clock, which outlives the count
    since = cache.get(since_key)
    left = int((since if since is not None else now) + GUESS_WINDOW - now)
    return count or 0, left


def _guessed(request, refusal):
    """The answer to an unknown token: its 404, or a 429 once the address has tried too many
    (see *guessing*); each one counts."""
    count, left = _guess_counted(request)
    if count > GUESSES_ALLOWED and left > 0:
        minutes = max(1, (left + 59) // 60)
        return _refused(
            request,
            429,
            _(
                "Too many unknown links were tried from your network. Wait %(minutes)s "
                "minute(s) and open your link again."
            )
            % {"minutes": minutes},
            retry_after=left,
        )
    return _refused(request, refusal.status, refusal.message)


def _refused(request, status: int, message: str, retry_after: int | None = None):
    response = render(request, "tournament/links/refused.html", {"message": message}, status=status)
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return _private(response)


def _private(response):
    response["Cache-Control"] = "private, no-store"
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def link_page(view):
    """The private link's loader (see the module's vocabulary)."""

    @wraps(view)
    def wrapped(request, token, *args, **kwargs):
        try:
            registration = registration_of_link(token)
        except LinkUnknown as refusal:
            return _guessed(request, refusal)
        except LinkRefused as refusal:
            return _refused(request, refusal.status, refusal.message)
        return _private(view(request, registration, *args, **kwargs))

    # Always reachable by its holder; what it shows follows the release rules (the vocabulary).
    wrapped.release_rule = Rule.ALWAYS
    return wrapped


def _page_context(registration) -> dict:
    tournament = registration.tournament
    public = AnonymousUser()
    rounds = [r for r in tournament.rounds.all() if r.seating_published]
    places = player_places(tournament, registration.player_id, rounds=rounds)
    done = {r.number for r in rounds if r.status == Round.Status.FINISHED}
    done |= player_rounds_done(registration)
    upcoming = next((p for p in places if p.round_number not in done and not p.unregistered), None)
    results = release.results_visible(public, tournament)
    limit = release.public_round_limit(tournament)
    queries = hand_queries(registration=registration)
    sessions = (
        player_table_sessions(
            registration,
            round_limit=limit,
            reconciled_only=tournament.hold_unreconciled_results,
            queried={(q.session_id, q.hand_number) for q in queries},
        )
        if results
        else []
    )
    _queries_onto(sessions, queries)
    board = board_seen(tournament, official=False) if results else None
    standing = (
        next((row for row in board.rows if row.player_id == registration.player_id), None)
        if board
        else None
    )
    return {
        "tournament": tournament,
        "registration": registration,
        "places": places,
        "next_place": upcoming,
        "sessions": sessions,
        "results_shown": results,
        "board": board,
        "standing": standing,
        "show_rank": release.standings_visible(public, tournament),
        "row_note": board.provisional.row_note(registration.player_id) if board else "",
        "penalties": player_penalties(registration, round_limit=limit),
        "queries": queries,
        "answered": [q for q in queries if q.status != HandQuery.Status.OPEN],
        "now": timezone.now(),
    } | statistics_context(
        player_statistics_seen(public, tournament, registration.player_id, registered=True)
        if results
        else None
    )


def _queries_onto(sessions, queries) -> None:
    """Each hand shown gets ``query``: the player's query of it, or None (its line says
    whether it waits or how it was answered, and links to the answer)."""
    by_hand = {(q.session_id, q.hand_number): q for q in queries}
    for table in sessions:
        for hand in table.hands:
            hand.query = by_hand.get((table.session.pk, hand.hand.number))


@link_page
def player_link(request, registration):
    return render(request, "tournament/links/player.html", _page_context(registration))


@require_POST
@link_page
def player_link_query(request, registration):
    form = HandQueryForm(request.POST)
    if form.is_valid():
        session = session_of(
            registration.tournament,
            round_number=form.cleaned_data["round_number"],
            table_number=form.cleaned_data["table_number"],
            half=form.cleaned_data["half"] or 1,
        )
        try:
            if session is None:
                raise ValidationError(
                    _("This hand is not one of your table's: open your link again.")
                )
            hand_query_raise(
                registration=registration,
                session=session,
                hand_number=form.cleaned_data["hand_number"],
                text=form.cleaned_data["text"],
            )
        except ValidationError as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(
                request,
                _(
                    "Your query of hand %(number)s was sent to the head judge. The answer will "
                    "show on this page."
                )
                % {"number": form.cleaned_data["hand_number"]},
            )
            return redirect("public:player_link", token=request.resolver_match.kwargs["token"])
    context = _page_context(registration)
    context["query_form"] = form
    return render(request, "tournament/links/player.html", context, status=400)
