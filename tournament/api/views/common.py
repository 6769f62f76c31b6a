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
                (`tournament.api.access`), so a client over its rate gets 429 even for a 304.
pages           `Pages`: a long list a page at a time (``?page=2&page_size=50``); a page past
                the end is a 404, a ``page_size`` that is not a positive number gives the
                endpoint's own size, and none is larger than `Pages.max_page_size`.
"""

from __future__ import annotations

import inspect

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.decorators import api_view
from rest_framework.pagination import PageNumberPagination

from ...models import Round
from ...release import Rule, public_page
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


def api_page(rule: Rule, *, response, parameters=()):
    """Make ``view(request, tournament, ...)`` (or ``view(request)``, for what belongs to no
    tournament) an endpoint answering ``response`` (a serializer) under ``rule``: see the
    module docstring. Its schema names it as the view, tags it with the view's module and
    lists its refusals (304, 404) when it loads a tournament."""

    def decorator(view):
        loaded = public_page(rule)(view)
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
