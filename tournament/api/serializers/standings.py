"""The standings and a player's page (see `common` for the vocabulary)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .common import MATCH_POINTS, PENALTY_MODE, RANK_BY, WIND, Link, MatchPoints, page_of


class Standing(serializers.Serializer):
    rank = serializers.CharField(help_text="'3', or '=3' when shared.")
    place = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="label")
    country = serializers.CharField(source="entrant.country")
    club = serializers.CharField(source="entrant.club")
    sessions = serializers.IntegerField(source="sessions_played")
    hand_points = serializers.IntegerField()
    penalty_points = serializers.IntegerField()
    match_points = MatchPoints()
    carried = serializers.IntegerField(help_text="Points carried from the previous stage.")
    total = serializers.IntegerField()
    withdrawn = serializers.BooleanField(source="entrant.withdrawn")
    substitute = serializers.BooleanField(source="entrant.substitute")
    cut_after_round = serializers.IntegerField(
        allow_null=True, help_text="Out after the cut following this round, or null."
    )
    provisional = serializers.SerializerMethodField(
        help_text="Why this row may still change (an appeal window, a hand query), or ''."
    )
    url = Link(
        "api:player_detail",
        lambda s, c: [c["slug"], s.player_id] if c["link_players"] else None,
        allow_null=True,
    )

    def get_provisional(self, standing) -> str:
        return self.context["board"].provisional.row_note(standing.player_id)


class ProvisionalNote(serializers.Serializer):
    active = serializers.BooleanField(help_text="Something in the counted rounds is not final.")
    summary = serializers.CharField(help_text="What, in one sentence ('' when final).")


StandingsPage = page_of(
    Standing,
    "StandingsPage",
    stage=serializers.IntegerField(help_text="The stage being played (1 without stages)."),
    stages=serializers.IntegerField(),
    counted_rounds=serializers.IntegerField(
        allow_null=True,
        help_text="The last round counted (silent rounds are left out), or null for all.",
    ),
    ranked_by=serializers.ChoiceField(choices=RANK_BY),
    match_points=serializers.ChoiceField(choices=MATCH_POINTS),
    provisional=ProvisionalNote(),
    page=serializers.URLField(),
)


class LaterPlace(serializers.Serializer):
    table = serializers.IntegerField()
    wind = serializers.ChoiceField(choices=WIND)
    from_hand = serializers.IntegerField(help_text="The first hand played there.")


class Place(serializers.Serializer):
    """Where the player sits in one seated round: a table and wind, a bye, withdrawn, or not
    yet registered (the round was seated before the player registered)."""

    round = serializers.IntegerField(source="round_number")
    table = serializers.IntegerField(
        allow_null=True, help_text="null: a bye, withdrawn or not yet registered."
    )
    table_label = serializers.CharField()
    wind = serializers.CharField(help_text="Starting wind, '' without a table.")
    bye = serializers.SerializerMethodField()
    withdrawn = serializers.BooleanField()
    not_registered = serializers.BooleanField(
        source="unregistered",
        help_text="The round was seated before the player registered: no seat, and no bye.",
    )
    later = serializers.SerializerMethodField(help_text="After the round's table change.")

    def get_bye(self, place) -> bool:
        return place.table is None and not place.withdrawn and not place.unregistered

    @extend_schema_field(LaterPlace(allow_null=True))
    def get_later(self, place):
        if place.later is None:
            return None
        return {
            "table": place.later.table,
            "wind": place.later.wind,
            "from_hand": place.change_after + 1,
        }


class SessionLine(serializers.Serializer):
    table = serializers.IntegerField(source="table_number")
    half = serializers.IntegerField()
    wind = serializers.CharField()
    score = serializers.IntegerField()
    place = serializers.FloatField()
    match_points = MatchPoints()


class HandLine(serializers.Serializer):
    table = serializers.IntegerField(source="table_number")
    number = serializers.IntegerField(help_text="The hand's number in the session.")
    outcome = serializers.SerializerMethodField()
    value = serializers.IntegerField(allow_null=True, help_text="The hand's value in points.")
    points = serializers.IntegerField(source="amount", help_text="What the player got (+) or paid.")
    confirmed = serializers.BooleanField()

    def get_outcome(self, hand) -> str:
        """'won', 'false_win' (a false win: its offender pays the others) or 'paid'."""
        if hand.won:
            return "won"
        return "false_win" if hand.outcome == "false_win" else "paid"


class PlayerRound(serializers.Serializer):
    number = serializers.IntegerField()
    sessions = SessionLine(many=True)
    hands = HandLine(many=True, help_text="Every hand the player won or paid on.")


class PenaltyLine(serializers.Serializer):
    round = serializers.IntegerField(source="session.round.number", allow_null=True, default=None)
    table = serializers.IntegerField(source="session.table.number", allow_null=True, default=None)
    points = serializers.SerializerMethodField()
    mode = serializers.ChoiceField(choices=PENALTY_MODE)
    warning = serializers.BooleanField()
    reason = serializers.CharField()

    def get_points(self, penalty) -> int:
        return -penalty.amount


class Player(serializers.Serializer):
    """One player's page: their standing, seats, sessions, hands and penalties."""

    player_id = serializers.IntegerField(source="standing.player_id")
    name = serializers.CharField(source="standing.label")
    country = serializers.CharField(source="standing.entrant.country")
    club = serializers.CharField(source="standing.entrant.club")
    ema_number = serializers.CharField(source="standing.entrant.ema_number")
    withdrawn = serializers.BooleanField(source="standing.entrant.withdrawn")
    substitute = serializers.BooleanField(source="standing.entrant.substitute")
    rank = serializers.CharField(
        allow_null=True, help_text="'3' or '=3'; null while the standings are not public."
    )
    total = serializers.IntegerField(source="standing.total")
    hand_points = serializers.IntegerField(source="standing.hand_points")
    penalty_points = serializers.IntegerField(source="standing.penalty_points")
    carried = serializers.IntegerField(source="standing.carried")
    match_points = MatchPoints(source="standing.match_points")
    sessions_played = serializers.IntegerField(source="standing.sessions_played")
    hands_won = serializers.IntegerField(source="standing.hands_won")
    largest_hand = serializers.IntegerField(source="standing.largest_hand")
    provisional = serializers.CharField(help_text="Why this may still change, or ''.")
    counted_rounds = serializers.IntegerField(
        allow_null=True, help_text="The last round counted (silent rounds), or null for all."
    )
    seats = Place(many=True, help_text="The player's seat in each round published.")
    rounds = PlayerRound(many=True, help_text="Each counted round the player played.")
    penalties = PenaltyLine(many=True)
    statistics = Link(
        "api:player_statistics",
        lambda d, c: [c["slug"], d["standing"].player_id],
        help_text="The player's figures from the released hands, beside the event's.",
    )
    page = Link("public:player_detail", lambda d, c: [c["slug"], d["standing"].player_id])
