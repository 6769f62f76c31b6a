"""Awards: each kind's winners agree with an independent count (the recount of the hands and the
standings' own places), ties follow the stated rule, the organiser defines, previews, publishes
and removes them, the projector shows only the published ones, and every change moves the last
write."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.kept import kept, kept_value
from tests.tournament.builders import make_tournament, make_user
from tests.tournament.statistics.events import make_stats_event, recount
from tournament.models import AuditEntry, Award, Player, Registration, Tournament
from tournament.standings.selectors.board import board_build
from tournament.statistics import awards as a
from tournament.statistics.figures import EventFigures, PlayerLine
from tournament.statistics.selectors.awards import award_lines
from tournament.statistics.services.awards import award_delete, award_publish, award_save

awards_kept = kept("awards_kept", make_stats_event)


@pytest.fixture
def event(awards_kept, db):
    tournament = Tournament.objects.get(pk=kept_value(awards_kept, "stats event"))
    tournament.results_public = True
    tournament.standings_public = True
    tournament.save()
    return tournament


def _players(event) -> list[int]:
    return list(
        Registration.objects.filter(tournament=event)
        .order_by("number")
        .values_list("player_id", flat=True)
    )


def _winners(event, **fields) -> list[int]:
    award_save(tournament=event, title="Award", **fields)
    line = award_lines(event, published_only=False)[-1]
    return sorted(c.player_id for c in line.result.winners)


def _best(values: dict[int, float], *, highest: bool) -> list[int]:
    top = (max if highest else min)(values.values())
    return sorted(pid for pid, value in values.items() if value == top)


def test_best_hand_and_most_wins_agree_with_the_recount(event):
    players = recount(event, None)["players"]
    assert _winners(event, kind="best_hand") == _best(
        {pid: c["largest"] for pid, c in players.items() if c["largest"]}, highest=True
    )
    wins = {pid: c["self_draw"] + c["discard"] + c["robbing_kong"] for pid, c in players.items()}
    assert _winners(event, kind="most_wins") == _best(
        {pid: n for pid, n in wins.items() if n}, highest=True
    )


def test_fewest_deal_ins_counts_only_players_with_enough_sessions(event):
    players = recount(event, None)["players"]
    rates = {pid: c["deal_ins"] / c["hands"] for pid, c in players.items() if c["hands"]}
    assert _winners(event, kind="fewest_deal_ins") == _best(rates, highest=False)
    assert _winners(event, kind="fewest_deal_ins", min_sessions=4) == []  # 3 sessions at most
    line = award_lines(event, published_only=False)[0]
    assert line.result.winners[0].line.sessions == 3


def test_best_newcomer_and_best_of_a_country_follow_the_final_places(event):
    places = {row.player_id: row.place for row in board_build(event).rows}
    ids = _players(event)
    earlier = make_tournament(
        start_date=datetime.date(2025, 1, 1), end_date=datetime.date(2025, 1, 2)
    )
    for number, player_id in enumerate(ids[:4], start=1):
        Registration.objects.create(tournament=earlier, player_id=player_id, number=number)
    newcomers = {pid: places[pid] for pid in ids[4:]}
    assert _winners(event, kind="best_newcomer") == _best(newcomers, highest=False)
    Player.objects.filter(pk__in=[ids[0], ids[5]]).update(country="NL")
    dutch = {pid: places[pid] for pid in (ids[0], ids[5])}
    fields = {"category": "country", "category_value": " nl "}
    assert _winners(event, kind="best_of_category", **fields) == _best(dutch, highest=False)


def _figures(largest: dict[int, int]) -> EventFigures:
    return EventFigures(
        rounds=[], values=[], patterns=[], big_hands=[], countries=[],
        players={pid: PlayerLine(pid, hands=10, self_drawn=1, won_points=v, largest=v)
                 for pid, v in largest.items()},
        names={pid: f"P{pid}" for pid in largest},
    )  # fmt: skip


def test_a_tie_is_shared_or_goes_to_the_higher_place_as_stated():
    figures, places = _figures({1: 80, 2: 80, 3: 40}), {1: 3, 2: 1, 3: 2}
    shared = a.award_result(a.AwardRule("best_hand", "Best hand"), figures, {}, places)
    assert [c.player_id for c in shared.winners] == [2, 1]  # the higher place listed first
    assert [c.player_id for c in shared.runners_up] == [3]
    ranked = a.award_result(
        a.AwardRule("best_hand", "Best", tie_rule="standings"), figures, {}, places
    )
    assert [c.player_id for c in ranked.winners] == [2]
    level = _figures({1: 80, 2: 80})
    still = a.award_result(
        a.AwardRule("best_hand", "Best", tie_rule="standings"), level, {}, {1: 2, 2: 2}
    )
    assert sorted(c.player_id for c in still.winners) == [1, 2]  # still tied: shared


def test_a_category_award_needs_its_category_and_a_title_is_required(event):
    with pytest.raises(ValidationError) as refused:
        award_save(tournament=event, kind="best_of_category", title="Best Dane", category="country")
    assert "category_value" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        award_save(tournament=event, kind="most_wins", title="  ")
    assert "title" in refused.value.message_dict
    assert not Award.objects.filter(tournament=event).exists()


def test_changes_are_audited_and_move_the_last_write(event):
    before = event.last_write
    award = award_save(tournament=event, kind="most_wins", title="Most wins")
    award_save(tournament=event, award_id=award.pk, kind="most_wins", title="Most hands won")
    award_publish(tournament=event, award_id=award.pk, published=True)
    award_delete(tournament=event, award_id=award.pk)
    event.refresh_from_db()
    assert event.last_write > before
    summaries = [
        line["summary"]
        for line in AuditEntry.objects.filter(tournament=event, action="awards")
        .order_by("pk")
        .values_list("after", flat=True)
    ]
    assert summaries[0].startswith("Award added: Most wins")
    assert summaries[1].startswith("Award changed: Most hands won")
    assert summaries[2] == "Award published: Most hands won"
    assert summaries[3].startswith("Award removed")


def test_the_organiser_defines_previews_and_publishes_and_the_projector_shows_it(event):
    organiser = Client()
    organiser.force_login(make_user("superuser"))
    url = reverse("console:awards", args=[event.slug])
    answer = organiser.post(
        url,
        {
            "kind": "most_wins",
            "title": "Most hands won",
            "tie_rule": "shared",
            "min_sessions": "0",
            "category": "",
            "category_value": "",
        },
    )
    assert answer.status_code == 302
    award = Award.objects.get(tournament=event)
    page = organiser.get(url).content.decode()
    wins = {
        pid: c["self_draw"] + c["discard"] + c["robbing_kong"]
        for pid, c in recount(event, None)["players"].items()
    }
    top = max(wins.values())
    assert f"{top} hands won of" in page and "not published" in page
    projector = reverse("public:projector_awards", args=[event.slug])
    assert "Most hands won" not in Client().get(projector).content.decode()
    publish = reverse("console:award_publish_toggle", args=[event.slug])
    assert organiser.post(publish, {"award": award.pk, "published": "1"}).status_code == 302
    shown = Client().get(projector).content.decode()
    assert "Most hands won" in shown and f"{top} hands won of" in shown
    remove = reverse("console:award_remove", args=[event.slug])
    assert organiser.post(remove, {"award": award.pk}).status_code == 302
    assert not Award.objects.filter(tournament=event).exists()


def test_the_awards_page_is_the_organisers(event):
    url = reverse("console:awards", args=[event.slug])
    judge = Client()
    judge.force_login(make_user("judge"))
    assert judge.get(url).status_code == 403


def test_a_winner_is_named_in_chinese_on_a_chinese_page_and_certificate(event):
    award = award_save(tournament=event, kind="best_hand", title="Best hand")
    award_publish(tournament=event, award_id=award.pk, published=True)
    winner = award_lines(event, published_only=True)[0].result.winners[0].player_id
    Player.objects.filter(pk=winner).update(chinese_name="陳大文")
    award_save(tournament=event, award_id=award.pk, kind="best_hand", title="Best hand")
    url = reverse("public:projector_awards", args=[event.slug])
    assert "陳大文" in Client().get(url, {"lang": "zh-hant"}).content.decode()
    assert "陳大文" not in Client().get(url, {"lang": "en"}).content.decode()
    statistics = reverse("public:statistics", args=[event.slug])
    assert "陳大文" in Client().get(statistics, {"lang": "zh-hans"}).content.decode()
