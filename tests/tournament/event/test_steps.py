"""The dashboard's next thing to do (`event.steps.next_step`), along the morning of an event."""

from tournament.event.steps import EventFacts, next_step


def facts(**changes) -> EventFacts:
    values = dict(
        players=32,
        next_round=1,
        checked_in=0,
        next_round_seated=False,
        next_round_published=False,
        next_round_played=False,
        open_sessions=0,
        unreconciled_sessions=0,
    )
    values.update(changes)
    return EventFacts(**values)


def test_the_steps_follow_the_morning_in_order():
    assert next_step(facts(players=0)).key == "register"
    assert next_step(facts()).key == "checkin"
    assert next_step(facts(checked_in=30)).key == "seat"
    assert next_step(facts(checked_in=32, next_round_seated=True)).key == "publish"
    seated = dict(checked_in=32, next_round_seated=True, next_round_published=True)
    assert next_step(facts(**seated)).key == "play"
    played = dict(seated, next_round_played=True)
    assert next_step(facts(**played, open_sessions=3)).detail.startswith("3 table(s)")
    assert next_step(facts(**played, unreconciled_sessions=2)).key == "reconcile"
    step = next_step(facts(**played))
    assert (step.key, step.round) == ("standings", 1)
    assert "round 2" in step.detail
