"""A round's seating and its results by table (see `common` for the vocabulary)."""

from __future__ import annotations

from rest_framework import serializers

from ...release import seating_seen
from .common import (
    ROUND_STATUS,
    SEATING_METHOD,
    SESSION_STATUS,
    WIND,
    Link,
    MatchPoints,
    page_of,
)

METHOD_HELP = (
    "How the round's tables are filled: random (no repeat meeting while one can be avoided), "
    "standings (ranks 1-4 at table 1, 5-8 at table 2) or swiss (near ranks together, few "
    "repeats)."
)


def seating_link(round_, context):
    """A round's seating, once published (officials: always)."""
    seen = seating_seen(round_, official=context["official"])
    return [round_.tournament.slug, round_.number] if seen else None


def results_link(round_, context):
    """A round's results, while the tournament's results are public to the viewer (a silent
    round or one held for reconciliation still answers 404 with the reason)."""
    return [round_.tournament.slug, round_.number] if context["results"] else None


class RoundSummary(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ROUND_STATUS)
    seating_published = serializers.BooleanField()
    seating_method = serializers.ChoiceField(choices=SEATING_METHOD, help_text=METHOD_HELP)
    url = Link("api:round_detail", seating_link, allow_null=True)
    results = Link("api:round_results", results_link, allow_null=True)
    page = Link("public:round_detail", lambda r, _: [r.tournament.slug, r.number])


RoundList = page_of(RoundSummary, "RoundList")


class Clock(serializers.Serializer):
    state = serializers.ChoiceField(choices=["idle", "running", "paused"])
    ends_at = serializers.DateTimeField(
        source="table_ends_at", allow_null=True, help_text="When a running clock reaches 0."
    )
    paused_left = serializers.IntegerField(
        allow_null=True, help_text="Seconds left on a paused clock."
    )


class Seat(serializers.Serializer):
    wind = serializers.ChoiceField(choices=WIND)
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="label")
    rank = serializers.CharField(
        allow_null=True,
        help_text="In a round seated by the standings (or Swiss), the player's rank going into "
        "it ('=3'), while the standings are public; null otherwise.",
    )


class SeatedTable(serializers.Serializer):
    number = serializers.IntegerField(source="table.number")
    label = serializers.CharField(source="table.label")
    half = serializers.IntegerField()
    seats = Seat(many=True)


class Bye(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="label")


class Round(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ROUND_STATUS)
    seating_published = serializers.BooleanField(
        help_text="Always true for the public; officials also see unpublished seating."
    )
    table_change_after = serializers.IntegerField(
        allow_null=True, help_text="The hand after which players change tables (half 2), or null."
    )
    seating_method = serializers.ChoiceField(choices=SEATING_METHOD, help_text=METHOD_HELP)
    clock = Clock()
    tables = SeatedTable(many=True)
    byes = Bye(many=True, help_text="Players sitting this round out.")
    results = Link("api:round_results", results_link, allow_null=True)
    page = Link("public:round_detail", lambda r, _: [r.tournament.slug, r.number])


class TableScore(serializers.Serializer):
    wind = serializers.CharField(help_text="Starting wind; empty for a penalty-only line.")
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    score = serializers.IntegerField(help_text="Hand points plus penalties in this session.")
    place = serializers.FloatField(help_text="1 to 4; tied players share (1.5).")
    match_points = MatchPoints()

    def to_representation(self, instance):
        wind, player_id, name, score, place, match_points = instance
        row = {
            "wind": wind,
            "player_id": player_id,
            "name": name,
            "score": score,
            "place": place,
            "match_points": match_points,
        }
        return super().to_representation(row)


class TableResult(serializers.Serializer):
    number = serializers.IntegerField(source="table_number")
    half = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=SESSION_STATUS, help_text="The session's score card: reconciled or not."
    )
    players = TableScore(many=True)


class RoundResults(serializers.Serializer):
    number = serializers.IntegerField(source="round.number")
    status = serializers.ChoiceField(choices=ROUND_STATUS, source="round.status")
    unreconciled_tables = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Tables whose score card is not reconciled yet: their scores are provisional.",
    )
    tables = TableResult(many=True)
    page = Link(
        "public:round_results", lambda d, _: [d["round"].tournament.slug, d["round"].number]
    )
