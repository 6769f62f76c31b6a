"""The seating pages, the seating refusals, the models' validation messages and the stage
plan's words in Traditional and Simplified Chinese (issue 23), and unchanged in English."""

from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from tests.tournament.builders import make_players, make_tournament
from tournament.models import Tournament
from tournament.seating.services.generation import seating_generate
from tournament.stages import StagePlan, StageRule
from tournament.standings.selectors.cut_review import stage_description

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    tournament = make_tournament()
    make_players(tournament, 16)
    seating_generate(tournament=tournament, total_rounds=2, seed=1)
    user = get_user_model().objects.create_superuser("org", "org@example.org", "pw")
    client.force_login(user)
    return tournament


@pytest.mark.parametrize(
    ("language", "words", "east"),
    [
        ("zh-hant", ["座位表", "編排質素", "輪空"], "東"),
        ("zh-hans", ["座位表", "编排质量", "轮空"], "东"),
    ],
)
def test_the_seating_pages_speak_chinese(client, event, language, words, east):
    overview = client.get(
        reverse("console:seating_overview", args=[event.slug]), {"lang": language}
    ).content.decode()
    for word in words:
        assert word in overview
    assert "repeat meetings in the published rounds" not in overview
    seating = client.get(
        reverse("console:seating_round", args=[event.slug, 1]), {"lang": language}
    ).content.decode()
    assert f"<th>{east}</th>" in seating
    assert "第 1 桌" in seating
    assert "Swap two players" not in seating


def test_the_seating_pages_keep_their_english(client, event):
    seating = client.get(reverse("console:seating_round", args=[event.slug, 1])).content
    assert b"<th>East</th>" in seating
    assert b"<th>Table 1</th>" in seating
    assert b"Round 1 seating" in seating


def test_a_seating_refusal_is_in_the_readers_language(event):
    make_players(event, 1)  # 17 players: not a multiple of 4
    with translation.override("zh-hant"), pytest.raises(ValidationError) as refused:
        seating_generate(tournament=event, total_rounds=3, seed=1)
    assert "17 位選手不能剛好坐滿每桌 4 人" in refused.value.messages[0]
    with pytest.raises(ValidationError) as refused:
        seating_generate(tournament=event, total_rounds=3, seed=1)
    assert refused.value.messages == [
        "Cannot seat: 17 players do not fill tables of 4: add 3 substitute(s), or sit 1 "
        "player(s) out in turn each round (byes)."
    ]


def test_a_models_validation_message_is_in_the_readers_language():
    tournament = Tournament(tie_break_order="points,points", match_points="1,2")
    for language, expected in (
        ("zh-hans", "每种同分排序方法只能出现一次。"),
        ("zh-hant", "每種同分排序方法只可出現一次。"),
        ("en", "Each tie-break may appear only once."),
    ):
        with translation.override(language):
            with pytest.raises(ValidationError) as refused:
                tournament.clean_fields(exclude=["slug", "name", "start_date", "end_date"])
            assert refused.value.message_dict["tie_break_order"] == [expected]


def test_the_stage_plan_is_described_in_the_readers_language():
    plan = StagePlan((StageRule(1, 4, 64, Fraction(1, 4)), StageRule(2)))
    assert plan.describe(1) == (
        "Stage 1: rounds 1 to 4, then the top 64 continue, carrying 1/4 of their score."
    )
    assert stage_description(plan, 1) == plan.describe(1)
    with translation.override("zh-hans"):
        assert stage_description(plan, 1) == (
            "第 1 阶段：第 1 至 4 轮，之后前 64 名晋级，带入得分的 1/4。"
        )
        assert stage_description(plan, 2) == "第 2 阶段：第 5 轮起。"
