"""The demo event: believable, idempotent, and reset on demand."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.tournament.builders import make_tournament
from tournament.demo.event import DEMO_ACCOUNTS, DEMO_SLUG, demo_load
from tournament.models import Player, Round, Seat, Tournament
from tournament.seating.selectors import tournament_seating_report


def test_demo_event_is_believable_and_idempotent(demo):
    assert demo.registrations.count() == 32
    assert Player.objects.values("country").distinct().count() >= 8
    assert demo.tables.count() == 8
    rounds = list(demo.rounds.all())
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    for round_ in rounds:
        seats = Seat.objects.filter(round=round_)
        assert seats.count() == 32
        assert seats.values("player").distinct().count() == 32
    report = tournament_seating_report(demo)
    assert (report.repeat_meetings, report.same_club_meetings) == (0, 0)
    assert report.max_wind_spread <= 1
    presets = demo.penalty_presets.order_by("position")
    assert [(p.name, p.points, p.warning_first) for p in presets][:2] == [
        ("Late arrival", 30, False),
        ("Talking", 30, True),
    ]
    again, created = demo_load()
    assert not created and again.pk == demo.pk
    assert Tournament.objects.filter(slug=DEMO_SLUG).count() == 1


def test_demo_reset_starts_over(demo):
    Round.objects.filter(tournament=demo, number=4).delete()
    fresh, created = demo_load(reset=True)
    assert created and fresh.pk != demo.pk
    assert fresh.rounds.count() == 4
    assert Player.objects.count() == 32  # the old demo players are gone


def _load_demo(*args):
    out = io.StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_load_demo_refuses_with_debug_off(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="Debug mode is off"):
        _load_demo()
    assert not Tournament.objects.exists()
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_load_demo_refuses_beside_a_real_tournament(settings):
    settings.DEBUG = True
    make_tournament(slug="spring-open")
    with pytest.raises(CommandError, match="spring-open"):
        _load_demo()
    assert not Tournament.objects.filter(slug=DEMO_SLUG).exists()


@pytest.mark.django_db
def test_load_demo_forced_with_debug_off_never_uses_a_known_password(settings):
    settings.DEBUG = False
    output = _load_demo("--force")
    organiser = get_user_model().objects.get(username="organiser")
    for username, known, _ in DEMO_ACCOUNTS:
        user = get_user_model().objects.get(username=username)
        assert not user.check_password(known)
        assert known not in output
    printed = next(line.split()[1] for line in output.splitlines() if "organiser" in line)
    assert organiser.check_password(printed)


@pytest.mark.django_db
def test_load_demo_in_debug_uses_the_readme_passwords(settings):
    settings.DEBUG = True
    _load_demo()
    assert get_user_model().objects.get(username="judge").check_password("demo-judge")
