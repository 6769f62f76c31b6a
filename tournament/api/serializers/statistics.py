"""The statistics' answers: a player's figures beside the event's (inside a player's answer) and
the event's statistics (`tournament.statistics.figures`, read through the same selectors as the
pages).

Vocabulary
----------
rate            a count per hand played, from 0 to 1 (0.25: one hand in four), or null when
                nothing was played; the *event's* rate counts every player's hands.
deal-in         a won hand whose winning tile the player discarded (robbing a kong: whose kong
                was robbed); ``deal_in_cost`` is what they paid on those hands, as a positive
                number of points.
big hand        a won hand of 100 points or more; a *limit* hand is worth 320 or more (RULINGS
                R6).
"""

from __future__ import annotations

from rest_framework import serializers

from .common import Link


def _rate(**kwargs):
    return serializers.FloatField(allow_null=True, min_value=0, max_value=1, **kwargs)


class Rates(serializers.Serializer):
    """Counts per hand played (see *rate*), from a player's figures or the event's."""

    wins = _rate(source="win_rate")
    self_drawn = _rate(source="self_drawn_rate")
    on_discard = _rate(source="on_discard_rate")
    robbing_kong = _rate(source="robbing_kong_rate")
    deal_ins = _rate(source="deal_in_rate")
    false_wins = _rate(source="false_win_rate")
    draws = _rate(source="draw_rate")
    average_hand_won = serializers.FloatField(
        source="average_won", allow_null=True, help_text="Points per hand won, or null."
    )
    average_deal_in_cost = serializers.FloatField(
        source="average_cost", allow_null=True, help_text="Points paid per deal-in, or null."
    )


class PatternCount(serializers.Serializer):
    name = serializers.CharField(help_text="The pattern's English name (the scorer's catalogue).")
    count = serializers.IntegerField(help_text="Hands won that counted it.")


class RankAfterRound(serializers.Serializer):
    round = serializers.IntegerField()
    place = serializers.IntegerField(help_text="The place in the standings after that round.")


class PlayerStatistics(serializers.Serializer):
    """One player's figures, counting the released hands (silent rounds and hands awaiting a
    second entry left out), with the event's rates beside them."""

    hands_played = serializers.IntegerField(source="line.hands")
    wins = serializers.IntegerField(source="line.wins")
    wins_self_drawn = serializers.IntegerField(source="line.self_drawn")
    wins_on_discard = serializers.IntegerField(source="line.on_discard")
    wins_robbing_kong = serializers.IntegerField(source="line.robbing_kong")
    deal_ins = serializers.IntegerField(source="line.deal_ins")
    deal_in_cost = serializers.IntegerField(source="line.deal_in_cost")
    false_wins = serializers.IntegerField(source="line.false_wins")
    draws = serializers.IntegerField(source="line.draws", help_text="Draws at the player's table.")
    largest_hand_won = serializers.IntegerField(source="line.largest")
    rates = Rates(source="line")
    event_rates = Rates(source="average", help_text="The same rates over every player's hands.")
    patterns = PatternCount(many=True, help_text="The player's patterns, the most counted first.")
    ranks = RankAfterRound(
        many=True,
        help_text="The place after each counted round; empty while the standings are not public.",
    )


def player_statistics_data(stats) -> dict:
    """What `PlayerStatistics` reads, from a `statistics.figures.PlayerStatistics`."""
    return {
        "line": stats.line,
        "average": stats.average,
        "patterns": [
            {"name": name, "count": count} for name, count in stats.line.patterns_by_count()
        ],
        "ranks": [{"round": number, "place": place} for number, place in stats.ranks],
    }


class RoundCounts(serializers.Serializer):
    number = serializers.IntegerField()
    hands = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    false_wins = serializers.IntegerField()


class ValueBin(serializers.Serializer):
    low = serializers.IntegerField(help_text="The lowest value counted in this bin.")
    high = serializers.IntegerField(
        allow_null=True, help_text="The highest value counted, or null: and above."
    )
    count = serializers.IntegerField(help_text="Hands won worth a value in the bin.")


class PatternShare(serializers.Serializer):
    name = serializers.CharField(help_text="The pattern's English name (the scorer's catalogue).")
    count = serializers.IntegerField(help_text="Hands won that counted it.")
    share = serializers.FloatField(min_value=0, max_value=1, help_text="Its share of hands won.")


class ScoredPattern(serializers.Serializer):
    name = serializers.CharField()
    points = serializers.IntegerField()


class BigHand(serializers.Serializer):
    round = serializers.IntegerField(source="round_number")
    table = serializers.IntegerField(source="table_number")
    hand = serializers.IntegerField(source="number")
    player_id = serializers.IntegerField()
    name = serializers.CharField(help_text="The winner's name as the pages show it.")
    value = serializers.IntegerField()
    limit = serializers.BooleanField(help_text="Worth the limit (320) or more.")
    win_type = serializers.CharField(help_text="self_draw, discard or robbing_kong.")
    concealed = serializers.CharField(help_text="The concealed tiles before the winning tile.")
    melds = serializers.CharField(
        help_text="Declared sets: exposed in [ ], concealed kongs in ( )."
    )
    winning_tile = serializers.CharField()
    patterns = ScoredPattern(many=True)


class CountryFigures(serializers.Serializer):
    country = serializers.CharField()
    players = serializers.IntegerField()
    hands_played = serializers.IntegerField(source="hands")
    wins = serializers.IntegerField()
    win_rate = _rate()
    deal_in_rate = _rate()
    average_hand_won = serializers.FloatField(source="average_won", allow_null=True)
    largest_hand_won = serializers.IntegerField(source="largest")


class EventStatistics(serializers.Serializer):
    """The event's figures from its released hands, as the Statistics page shows them."""

    counted_rounds = serializers.IntegerField(
        source="figures.round_limit",
        allow_null=True,
        help_text="The last round counted (silent rounds), or null for all.",
    )
    hands = serializers.IntegerField(source="figures.hands")
    wins = serializers.IntegerField(source="figures.wins")
    draws = serializers.IntegerField(source="figures.draws")
    false_wins = serializers.IntegerField(source="figures.false_wins")
    largest_hand_won = serializers.IntegerField(source="average.largest")
    event_rates = Rates(source="average", help_text="Rates over every player's hands.")
    rounds = RoundCounts(many=True, source="figures.rounds")
    hand_values = ValueBin(many=True, source="figures.values")
    patterns = PatternShare(many=True, source="figures.patterns")
    big_hands = BigHand(many=True, help_text="Hands won worth 100 or more, the largest first.")
    countries = CountryFigures(many=True, source="figures.countries")
    page = Link("public:statistics", lambda data, context: [context["slug"]])


def event_statistics_data(figures) -> dict:
    """What `EventStatistics` reads, from a `statistics.figures.EventFigures`."""
    return {
        "figures": figures,
        "average": figures.average,
        "big_hands": [
            big.row._asdict()
            | {
                "name": figures.names.get(big.row.player_id, ""),
                "limit": big.limit,
                "patterns": [{"name": name, "points": points} for name, points in big.row.patterns],
            }
            for big in figures.big_hands
        ],
    }
