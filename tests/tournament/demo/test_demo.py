"""The demo event: believable, idempotent, and reset on demand."""

from tournament.demo.event import DEMO_SLUG, demo_load
from tournament.models import Player, Round, Seat, Tournament
from tournament.seating.services import tournament_seating_report


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
    again, created = demo_load()
    assert not created and again.pk == demo.pk
    assert Tournament.objects.filter(slug=DEMO_SLUG).count() == 1


def test_demo_reset_starts_over(demo):
    Round.objects.filter(tournament=demo, number=4).delete()
    fresh, created = demo_load(reset=True)
    assert created and fresh.pk != demo.pk
    assert fresh.rounds.count() == 4
    assert Player.objects.count() == 32  # the old demo players are gone
