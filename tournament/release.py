"""What the public may see: the one place that decides, declared by every public page.

Vocabulary
----------
rule            what guards a public page (`Rule`): ``ALWAYS`` (nothing to hide: the
                tournament's name, its rounds and tables, the calculator), ``SEATING`` (a
                round's seating, shown once the organiser publishes it), ``RESULTS`` (scores of
                rounds and players, shown while the tournament's results are public) or
                ``STANDINGS`` (the ranking, the country view and the exports, shown while the
                standings are public); ``OFFICIALS`` guards only printouts (filled score
                cards). Seating, results and standings are released apart.
official        see `tournament.roles`: officials see everything, released or not, so that a
                judge and a head judge always see the same page.
released        visible to the public under the page's rule.
hidden          `Tournament.hidden`: every public page of the tournament answers 404 to anyone
                but its officials, and public lists leave it out (a tournament played by
                mistake, which cannot be deleted); its results and standings are not released
                either, so a player's private link shows their seats only.
silent rounds   a tournament setting: the last N *played* rounds (rounds with kept session
                scores) are left out of the public standings and player pages; officials still
                see them. `counted_round_limit` gives the last round the viewer may count.
held results    a tournament setting: a round's results stay hidden from the public until every
                session of the round with hands is reconciled.
validator       every public page of a tournament sends ``ETag`` and ``Last-Modified`` derived
                from `Tournament.last_write` (its version, `tournament.web.live.version_of`,
                moved on by every audited write, see `tournament.audit`) and whether the viewer
                is an official; a conditional GET that still matches (``If-None-Match``, or
                ``If-Modified-Since`` when no tag is sent: Django's
                ``get_conditional_response``) is answered ``304`` before the view runs, so the
                standings are never built for it. Anonymous answers say
                ``Cache-Control: public`` with a short max-age so a reverse proxy or CDN may
                serve them, except a live page's fragment (an htmx request), which must be
                asked for again each time; officials' answers are private.
kept page       a spectator's page or API answer (not logged in, no session or messages) is
                built once per version and kept in the site's cache (`tournament.web.pagecache`)
                until a write moves the version on, or the first open appeal window closes by
                the clock. Only the query parameters the view declares (``query``, a list of
                `pagecache.Param`) reach it and its key; the others are dropped first.

Every public view is wrapped in `public_page(rule)`, the public's loader: it loads the
tournament once and hands it to the view, refuses (404 with the reason, `rule_refusal`) what
the rule holds back, records the rule on the view (a test walks the URL conf and checks that
each public page declares one) and adds the validators; a view asks the ``*_visible``
functions only for what it shows round by round. Printouts declare their audience as a rule.
The live stream, an asynchronous view, wears `public_stream` (the same 404s).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from enum import StrEnum
from functools import wraps

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db.models import Min
from django.http import Http404, HttpRequest
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date, quote_etag
from django.utils.translation import gettext as _

from .models import Round, Session, SessionScore, Tournament
from .roles import is_official
from .web import live
from .web.pagecache import (
    KEEP_SECONDS,
    Param,
    canonical_query,
    page_cached,
    page_key,
    query_replace,
)

PUBLIC_MAX_AGE = 15  # seconds a proxy may serve a public page without asking again


class Rule(StrEnum):
    ALWAYS = "always"
    SEATING = "seating"
    RESULTS = "results"
    STANDINGS = "standings"
    OFFICIALS = "officials"  # printouts only (filled score cards): no public page has it


def rule_refusal(rule: Rule, user, tournament, round_: Round | None = None) -> str | None:
    """Why ``user`` may not see what ``rule`` guards in ``tournament`` (the reason, for a 404
    or the printouts page), or None when they may. ``SEATING`` is judged per round: without a
    round nothing is refused. ``RESULTS`` with a round also judges that round's results
    (`round_results_visible`: silent rounds, results held until reconciled)."""
    if rule == Rule.OFFICIALS and not is_official(user, tournament):
        return _("Only officials may see this.")
    if rule == Rule.SEATING and round_ is not None and not seating_visible(user, round_):
        return _("The seating of round %(number)s is not published yet.") % {
            "number": round_.number
        }
    if rule == Rule.RESULTS and not results_visible(user, tournament):
        return _("The results of this tournament are not public yet.")
    if rule == Rule.RESULTS and round_ is not None and not round_results_visible(user, round_):
        return _("The results of round %(number)s are not public yet.") % {"number": round_.number}
    if rule == Rule.STANDINGS and not standings_visible(user, tournament):
        return _("The standings of this tournament are not public yet.")
    return None


def public_page(
    rule: Rule,
    *,
    per_round: bool = False,
    validators: bool = True,
    query: Iterable[Param] = (),
    key_extra: Callable[[HttpRequest], str] | None = None,
):
    """The public's loader: load the URL's tournament once (404 when there is none, or when it
    is hidden from the viewer), enforce ``rule`` (404 with the reason), answer conditional GETs
    cheaply, then call ``view(request, tournament, **rest)``, or serve a spectator the kept
    answer (`tournament.web.pagecache`).

    ``per_round``: the view judges the rule round by round and says on the page what is not
    public yet (a round's results) instead of a 404. ``validators=False``: no ``ETag`` (the
    printouts, made afresh on every request and never cached). ``query``: the query parameters
    the view reads (the only ones a spectator's answer is built from and kept under).
    ``key_extra(request)``: what else the answer depends on (the API's origin and media type).
    A page without a ``slug`` (the home page, the calculator) is called as it is.
    """
    known = tuple(query)

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if "slug" not in kwargs:
                return view(request, *args, **kwargs)
            tournament, official = viewed_tournament(request.user, kwargs.pop("slug"))
            request.page_tournament = tournament  # the menu's, read once (`context_processors`)
            refusal = None if per_round else rule_refusal(rule, request.user, tournament)
            if refusal:
                raise Http404(refusal)
            last_write = tournament.last_write
            if not validators or request.method not in ("GET", "HEAD") or last_write is None:
                return view(request, tournament, *args, **kwargs)
            version, fragment = _page_version(request, last_write, official)
            etag = quote_etag(version)
            response = get_conditional_response(
                request, etag=etag, last_modified=int(last_write.timestamp())
            )
            if response is None:  # not a 304 (nor a 412 for an If-Match that fails)
                response = _answer(
                    request,
                    lambda: view(request, tournament, *args, **kwargs),
                    tournament,
                    official,
                    version,
                    known=known,
                    key_extra=key_extra,
                )
                if response.status_code != 200:
                    return response
            _validators_set(response, etag, last_write)
            _cache_control(response, official=official, fragment=fragment)
            return response

        wrapped.release_rule = Rule(rule)
        return wrapped

    return decorator


def _page_version(request, last_write, official: bool) -> tuple[str, bool]:
    """The version of the page this viewer is answered (its ``ETag``'s value), and whether
    htmx asked for the page's fragment."""
    fragment = bool(request.headers.get("HX-Request"))
    variant = ("o" if official else "p") + ("h" if fragment else "")
    # The language is part of the version: a page read in English is not "not modified"
    # for the same browser once it has switched to Chinese.
    return f"{live.version_of(last_write)}-{variant}-{translation.get_language()}", fragment


def _answer(request, build, tournament, official: bool, version: str, *, known, key_extra):
    """The page built by ``build()``, or for a spectator the kept answer of its canonical
    query (`tournament.web.pagecache`), built on the first request of its version."""
    kept_query, keepable = canonical_query(request.META.get("QUERY_STRING", ""), known)
    if not (keepable and _spectator(request, official)):
        return build()
    query_replace(request, kept_query)
    extra = key_extra(request) if key_extra else ""
    return page_cached(
        page_key(tournament.pk, version, request.path, kept_query, extra),
        build,
        seconds=lambda: _keep_seconds(tournament),
    )


def _validators_set(response, etag: str, last_write) -> None:
    """The page's ``ETag`` and ``Last-Modified`` (see *validator*), on a 304 as on a page."""
    response["ETag"] = etag
    response["Last-Modified"] = http_date(last_write.timestamp())


def _cache_control(response, *, official: bool, fragment: bool) -> None:
    """Who may keep the answer, and for how long."""
    if official:
        patch_cache_control(response, private=True, no_cache=True)
    elif fragment:
        # A live page fetches its fragment when the version moves (`tournament.web.live`):
        # a browser or proxy must ask again each time (a 304 while nothing changed).
        patch_cache_control(response, public=True, no_cache=True)
    else:
        patch_cache_control(response, public=True, max_age=PUBLIC_MAX_AGE)
    patch_vary_headers(response, ["Cookie", "HX-Request"])


def viewed_tournament(user, slug: str) -> tuple[Tournament, bool]:
    """The tournament of ``slug`` as ``user`` may see it, and whether they are one of its
    officials: 404 when there is none, or when it is hidden from them."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise Http404(_("No such tournament."))
    official = is_official(user, tournament)
    if tournament.hidden and not official:
        raise Http404(_("No such tournament."))
    return tournament, official


def public_stream(view):
    """The public's loader for an asynchronous view that shows nothing but the tournament's
    version (the live stream, `tournament.web.live`): the same 404s as `public_page` (missing,
    or hidden from the viewer), then ``await view(request, tournament, **rest)``. Its rule is
    ``ALWAYS``: a version tells only that something changed."""

    @wraps(view)
    async def wrapped(request, *args, slug, **kwargs):
        user = await request.auser()
        tournament, _ = await sync_to_async(viewed_tournament)(user, slug)
        return await view(request, tournament, *args, **kwargs)

    wrapped.release_rule = Rule.ALWAYS
    return wrapped


def _spectator(request, official: bool) -> bool:
    """A viewer whose page is the same for everyone: not logged in, and carrying no session
    or messages that the page could show. Only their pages are kept (`tournament.web.pagecache`)."""
    return (
        not official
        and not request.user.is_authenticated
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def _keep_seconds(tournament: Tournament) -> float:
    """How long a public page of ``tournament`` may be kept: until the first open appeal window
    closes by the clock (its "provisional until" marks change with no write), at most
    `KEEP_SECONDS`."""
    if not tournament.appeal_window_minutes:
        return KEEP_SECONDS
    now = timezone.now()
    window = dt.timedelta(minutes=tournament.appeal_window_minutes)
    first = Session.objects.filter(
        round__tournament=tournament,
        status=Session.Status.RECONCILED,
        reconciled_at__gt=now - window,
        appeal_closed_at__isnull=True,
    ).aggregate(first=Min("reconciled_at"))["first"]
    if first is None:
        return KEEP_SECONDS
    return max(0.0, min(KEEP_SECONDS, (first + window - now).total_seconds()))


def seating_visible(user, round_) -> bool:
    """A round's seating: once published, or to officials of its tournament."""
    return seating_seen(round_, official=is_official(user, round_.tournament_id))


def seating_seen(round_, *, official: bool) -> bool:
    """A round's seating as an official (who sees it before it is published) or the public."""
    return official or bool(round_.seating_published)


def results_visible(user, tournament) -> bool:
    """Scores of rounds and players: while the results are public (and the tournament is not
    hidden: the public sees nothing of it, not even from a private link), or to officials."""
    return (bool(tournament.results_public) and not tournament.hidden) or is_official(
        user, tournament
    )


def player_page_visible(user, tournament) -> bool:
    """A player's page (their scores, with their seats): while the results are public, or to
    officials. Every list that names players links to the page only when this says so, so no
    link answers 404."""
    return results_visible(user, tournament)


def standings_visible(user, tournament) -> bool:
    """The standings, the country view and the exports: while public (and the tournament is
    not hidden), or to officials."""
    return (bool(tournament.standings_public) and not tournament.hidden) or is_official(
        user, tournament
    )


def counted_round_limit(user, tournament) -> int | None:
    """The last round number the viewer may count (silent rounds), or None for every round."""
    return None if is_official(user, tournament) else public_round_limit(tournament)


def public_round_limit(tournament) -> int | None:
    """The last round number the public may count (silent rounds), or None for every round."""
    if not tournament.silent_rounds:
        return None
    played = sorted(
        set(
            SessionScore.objects.filter(tournament=tournament)
            .order_by()
            .values_list("round_number", flat=True)
            .distinct()
        )
    )
    hidden = played[-tournament.silent_rounds :]
    return hidden[0] - 1 if hidden else None


def round_results_visible(user, round_: Round) -> bool:
    """A round's results: released results, not a silent round, not held for reconciliation."""
    tournament = round_.tournament
    if is_official(user, tournament):
        return True
    if not results_visible(user, tournament):
        return False
    limit = counted_round_limit(user, tournament)
    if limit is not None and round_.number > limit:
        return False
    if tournament.hold_unreconciled_results:
        unreconciled = (
            Session.objects.filter(round=round_, scores__isnull=False)
            .exclude(status=Session.Status.RECONCILED)
            .exists()
        )
        return not unreconciled
    return True


def release_note(user, tournament) -> str:
    """What an official sees that the public does not (shown on the pages), or ""."""
    if not is_official(user, tournament):
        return ""
    hidden = []
    if not tournament.standings_public:
        hidden.append(_("the standings"))
    if not tournament.results_public:
        hidden.append(_("the results"))
    if tournament.silent_rounds:
        hidden.append(
            _("the last %(count)s played round(s) (silent)") % {"count": tournament.silent_rounds}
        )
    if tournament.hold_unreconciled_results:
        hidden.append(_("results of rounds not fully reconciled"))
    if not hidden:
        return ""
    # Translators: the list separator of "the public does not see A, B, C".
    return _("Officials' view: the public does not see %(what)s.") % {"what": _(", ").join(hidden)}
