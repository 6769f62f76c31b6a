"""What every answer of the public API shares: links, match points, pages of rows, refusals,
and the choice sets (named in the schema by ``ENUM_NAME_OVERRIDES``, settings).

Vocabulary
----------
name            a player's label (`tournament.names`): the shown name, told apart from the same
                name by player number and country, exactly as on every page.
wind            a starting wind letter, ``E`` ``S`` ``W`` ``N`` (RULINGS R14).
half            ``1``, or ``2`` for the tables after a round's table change (the players move
                after hand ``table_change_after``; each half is a session of its own).
url             the API address of the thing, absolute; ``null`` where the viewer may not open
                it (a player's address while the results are not public), so that no link
                answers 404.
page            the public web page that shows the same thing.
page envelope   a long list comes a page at a time: ``count`` (all of them), ``next`` and
                ``previous`` (addresses, or ``null``) and ``results`` (`page_of`).
match points    a number (placings share points: 1.5, 2.33...), or ``null`` when the
                tournament does not use them.
"""

from __future__ import annotations

from fractions import Fraction

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ...models import Penalty, Registration, Round, Session, Tournament
from ...standings.ranking import rules as ranking_rules


@extend_schema_field(OpenApiTypes.URI)
class Link(serializers.Field):
    """The absolute address of URL ``name`` with the arguments ``args(obj, context)`` gives, or
    null when it gives None (the viewer may not open it)."""

    def __init__(self, name: str, args, **kwargs):
        self.name, self.args = name, args
        kwargs.update(source="*", read_only=True)
        super().__init__(**kwargs)

    def to_representation(self, value):
        args = self.args(value, self.context)
        if args is None:
            return None
        return self.context["request"].build_absolute_uri(reverse(self.name, args=args))


@extend_schema_field({"type": "number", "nullable": True, "example": 2.5})
class MatchPoints(serializers.Field):
    """Match points as a number (exact sums are fractions inside), null when the tournament
    does not use them (the context's ``match_points`` is false)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)

    def to_representation(self, value):
        if not self.context.get("match_points"):
            return None
        if isinstance(value, Fraction):
            return value.numerator if value.denominator == 1 else round(float(value), 4)
        return round(value, 4) if isinstance(value, float) else value


WIND = ["E", "S", "W", "N"]
ROUND_STATUS = Round.Status.values
SEATING_METHOD = Round.SeatingMethod.values
REGISTRATION_STATUS = Registration.Status.values
SESSION_STATUS = Session.Status.values
PENALTY_MODE = Penalty.Mode.values
PAYOFF_SCHEME = Tournament.Scheme.values
RANK_BY = list(ranking_rules.RANK_BY)
MATCH_POINTS = list(ranking_rules.MATCH_POINT_SCHEMES)


def page_of(item: type[serializers.Serializer], name: str, **extra) -> type:
    """The page envelope of ``item`` rows (see the vocabulary), with ``extra`` fields first."""
    fields = {
        **extra,
        "count": serializers.IntegerField(help_text="How many there are on all pages."),
        "next": serializers.URLField(allow_null=True, help_text="The next page, or null."),
        "previous": serializers.URLField(allow_null=True, help_text="The previous page, or null."),
        "results": item(many=True),
    }
    return type(name, (serializers.Serializer,), fields)


class Problem(serializers.Serializer):
    detail = serializers.CharField(
        help_text="Why: the same reason the public pages refuse with ('No such tournament.', "
        "'The standings of this tournament are not public yet.', ...), or how long to wait."
    )
