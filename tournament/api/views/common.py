"""The API's loader and what every endpoint shares: its answers to refusals, its pages of rows.

Vocabulary
----------
endpoint        a read-only address of the API (GET and HEAD; OPTIONS describes it; any other
                method is 405), made by `api_page(rule)` from a plain view function.
loader          `api_page` is the public's loader (`tournament.release.public_page`) inside
                Django REST framework: the same tournament lookup, the same refusals (404 with
                the reason, ``{"detail": ...}``), the same validators (``ETag``,
                ``Last-Modified``, ``304`` before the view runs, ``Cache-Control``) and the
                same release rule recorded on the endpoint. Before it, the framework has read
                the site log-in and counted the request against the anonymous throttle
                (`tournament.api.access`), so a client over its rate gets 429 even for a 304,
                and for a kept answer too.
kept answer     an anonymous client's answer is rendered once (JSON bytes, with its content
                type) and kept as the pages' are (`tournament.web.pagecache`): per version,
                language, known query parameters (``query``: paging, a search), the origin
                its links name and the negotiated media type. A hit runs none of the view's
                queries; the validators are added to it as to a fresh answer.
pages           `Pages`: a long list a page at a time (``?page=2&page_size=50``); a page past
                the end is a 404, a ``page_size`` that is not a positive number gives the
                endpoint's own size, and none is larger than `Pages.max_page_size`.
"""

from __future__ import annotations

import inspect
from functools import wraps

from django.http import Http404, HttpResponse
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.decorators import api_view
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from ...models import Round
from ...release import Rule, public_page
from ...web.pagecache import Param, origin_note
from ..serializers import Problem

REFUSED = OpenApiResponse(Problem, description="Unknown, hidden or not public yet: the reason.")
THROTTLED = OpenApiResponse(
    Problem, description="Too many requests from this address: wait `Retry-After` seconds."
)
NOT_MODIFIED = OpenApiResponse(description="Unchanged since the `ETag` sent in If-None-Match.")
ADDRESS = {  # the path parameters, described once
    "slug": OpenApiParameter(
        "slug", str, OpenApiParameter.PATH, description="The tournament's short name."
    ),
    "number": OpenApiParameter(
        "number", int, OpenApiParameter.PATH, description="The round's number."
    ),
    "player_id": OpenApiParameter(
        "player_id", int, OpenApiParameter.PATH, description="The player's id (`player_id`)."
    ),
}
PAGING = [
    OpenApiParameter("page", int, description="The page, from 1."),
    OpenApiParameter("page_size", int, description="Rows per page (at most 500)."),
]


def api_page(rule: Rule, *, response, parameters=(), query=()):
    """Make ``view(request, tournament, ...)`` (or ``view(request)``, for what belongs to no
    tournament) an endpoint answering ``response`` (a serializer) under ``rule``: see the
    module docstring. ``query``: the query parameters it reads (`pagecache.Param`). Its schema
    names it as the view, tags it with the view's module and lists its refusals (304, 404)
    when it loads a tournament."""

    def decorator(view):
        loaded = public_page(rule, query=query, key_extra=_answer_variant)(_rendered(view))
        endpoint = api_view(["GET", "HEAD"])(loaded)
        named = set(inspect.signature(view).parameters)
        per_tournament = "tournament" in named
        responses = {200: response, 429: THROTTLED}
        if per_tournament:
            named.add("slug")
            responses |= {304: NOT_MODIFIED, 404: REFUSED}
        endpoint = extend_schema(
            operation_id=view.__name__,
            tags=[view.__module__.rsplit(".", 1)[-1]],
            responses=responses,
            parameters=[ADDRESS[name] for name in ADDRESS if name in named] + list(parameters),
            methods=["GET"],
        )(endpoint)
        endpoint.release_rule = loaded.release_rule
        return endpoint

    return decorator


def _rendered(view):
    """``view`` answering bytes: its REST framework answer rendered at once with the
    negotiated renderer, as a plain answer that can be kept and served again without the
    framework (the endpoint still adds its headers and the validators)."""

    @wraps(view)
    def rendered(request, *args, **kwargs):
        answer = view(request, *args, **kwargs)
        if not isinstance(answer, Response) or answer.is_rendered:
            return answer
        answer.accepted_renderer = request.accepted_renderer
        answer.accepted_media_type = request.accepted_media_type
        answer.renderer_context = request.parser_context["view"].get_renderer_context()
        answer.render()
        origin_note(f"{request.scheme}://{request.get_host()}")
        return HttpResponse(
            answer.content, status=answer.status_code, content_type=answer["Content-Type"]
        )

    return rendered


def _answer_variant(request) -> str:
    """What a kept answer depends on besides the page's key: the origin its absolute links
    name and the media type it was rendered to."""
    return f"{request.scheme}://{request.get_host()} {request.accepted_media_type}"


def round_of(tournament, number: int) -> Round:
    """Round ``number`` of the loaded tournament (which it carries, so it is not read again)."""
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is None:
        raise Http404(gettext("No such round."))
    round_.tournament = tournament
    return round_


class Pages(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 500

    def __init__(self, page_size: int):
        self.page_size = page_size

    def envelope(self, rows, request, **extra) -> dict:
        """This page of ``rows`` in the page envelope (`serializers.page_of`)."""
        results = self.paginate_queryset(rows, request)
        return {
            **extra,
            "count": self.page.paginator.count,
            "next": self.get_next_link(),
            "previous": self.get_previous_link(),
            "results": results,
        }


PAGE_MOST = 10_000  # a page number above it is the first page
PAGING_QUERY = (
    Param("page", most=PAGE_MOST, choices=frozenset(Pages.last_page_strings)),
    Param("page_size", most=Pages.max_page_size, clamp=True),
)
SEARCH_QUERY = (Param("q", search=True),)
