"""The API's front door, its tournaments and their players (see `common` for the vocabulary)."""

from __future__ import annotations

from rest_framework import serializers

from .common import MATCH_POINTS, PAYOFF_SCHEME, RANK_BY, REGISTRATION_STATUS, Link, page_of
from .rounds import RoundSummary

# --- The API's front door ------------------------------------------------------------------


class Root(serializers.Serializer):
    tournaments = serializers.URLField()
    schema = serializers.URLField(help_text="The OpenAPI 3 schema of this API.")
    docs = serializers.URLField(help_text="The schema as browsable documentation.")


# --- Tournaments ---------------------------------------------------------------------------


class TournamentSummary(serializers.Serializer):
    slug = serializers.SlugField(help_text="The tournament's short name in every address.")
    name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    venue = serializers.CharField()
    url = Link("api:tournament_detail", lambda t, _: [t.slug])
    page = Link("public:tournament_detail", lambda t, _: [t.slug])


TournamentPage = page_of(TournamentSummary, "TournamentPage")


class Rules(serializers.Serializer):
    """The rules a tournament is played and ranked by, as its page lists them; the ranking's
    part as the standings apply it (``ranking``: `standings.selectors.inputs.ranking_rules`)."""

    minimum_points = serializers.IntegerField(help_text="Points a hand needs to win.")
    hand_cap = serializers.IntegerField(allow_null=True, help_text="Most a hand is worth.")
    payoff_scheme = serializers.ChoiceField(choices=PAYOFF_SCHEME)
    standard_value = serializers.IntegerField()
    hands_per_session = serializers.IntegerField()
    false_win_penalty = serializers.IntegerField()
    match_points = serializers.ChoiceField(
        choices=MATCH_POINTS,
        source="ranking.match_points",
        help_text="'placing' (by the table below), 'sqrt' (the sign-kept square root of each "
        "session score) or 'none'.",
    )
    match_points_table = serializers.ListField(
        child=serializers.IntegerField(),
        source="ranking.placing_table",
        help_text="Match points for 1st to 4th place in a session (used by 'placing').",
    )
    rank_by = serializers.ChoiceField(choices=RANK_BY, source="ranking.rank_by")
    tie_breaks = serializers.ListField(child=serializers.CharField(), source="ranking.tie_breaks")


class Released(serializers.Serializer):
    """What the viewer may see now (officials see everything)."""

    results = serializers.BooleanField(help_text="Round results and players' pages.")
    standings = serializers.BooleanField(help_text="The standings.")


class TournamentLinks(serializers.Serializer):
    players = Link("api:player_list", lambda t, _: [t.slug])
    rounds = Link("api:round_list", lambda t, _: [t.slug])
    standings = Link(
        "api:standings", lambda t, _: [t.slug] if t.released["standings"] else None, allow_null=True
    )


class Tournament(TournamentSummary):
    players = serializers.IntegerField(
        source="player_count", help_text="Players still playing (not withdrawn)."
    )
    tables = serializers.IntegerField(source="table_count")
    rules = Rules(source="*")
    released = Released()
    rounds = RoundSummary(many=True, source="round_list")
    links = TournamentLinks(source="*")


# --- Players -------------------------------------------------------------------------------


class Registration(serializers.Serializer):
    """A registered player as the public players list shows them."""

    player_id = serializers.IntegerField()
    number = serializers.IntegerField(help_text="The player's number in this tournament.")
    name = serializers.CharField(source="label")
    chinese_name = serializers.CharField(source="player.chinese_name")
    country = serializers.CharField(source="player.country.code", allow_null=True)
    country_name = serializers.CharField()
    club = serializers.CharField(source="player.club")
    status = serializers.ChoiceField(choices=REGISTRATION_STATUS)
    substitute = serializers.BooleanField(source="is_substitute")
    url = Link(
        "api:player_detail",
        lambda r, c: [c["slug"], r.player_id] if c["link_players"] else None,
        allow_null=True,
    )


PlayerPage = page_of(Registration, "PlayerPage")
