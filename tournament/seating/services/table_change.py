"""Declaring a round's table change and seating its second half.

Vocabulary: a *table change* (`round_table_change_set`) declares that a round's players move
after hand N: the round is then seated in two *halves* (`schedule` seats each half as a round of
its own); the first half is kept as it is and the second seated against every earlier round and
the first half.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...audit import audit_record, public_write
from ...models import AuditEntry, Player, Round
from ...play.selectors.rounds import round_is_opened
from ..schedule import seat_second_half
from ..selectors import round_seatings, rounds_seating_report, seating_players
from .bridge import _options, _seat_rows_of
from .plan import SeatingPlan
from .seats import round_seat


@public_write
def round_table_change_set(
    *,
    round_: Round,
    after_hand: int | None,
    user=None,
    seed: int = 0,
    time_limit: float = 10.0,
) -> SeatingPlan | None:
    """Declare that round ``round_``'s players change tables after hand ``after_hand`` (None:
    no change) and seat its second half, keeping its first half as it is.

    The second half is seated by the engine (`schedule.seat_second_half`) against every round
    before this one and the first half. Refused once the round is published or opened, and for
    a hand that does not leave hands on both sides. Returns the plan of the second half (None
    when the change is removed or the round is not seated yet).
    """
    tournament = round_.tournament
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    round_.tournament = tournament
    _refuse_change(round_, after_hand)
    _change_record(round_, after_hand, user)
    first_half = [s for s in round_seatings([round_]) if s.half == 1]
    if not first_half:
        return None
    by_id = Player.objects.in_bulk([p.player_id for p in first_half[0].placements])
    halves = first_half
    if after_hand is not None:
        halves = [first_half[0], _second_half(round_, first_half[0], seed, time_limit)]
    round_seat(round_=round_, **_seat_rows_of(halves, by_id))
    if after_hand is None:
        return None
    return SeatingPlan(
        seated_rounds=(round_.number,),
        report=rounds_seating_report(
            tournament, list(tournament.rounds.filter(number__lte=round_.number))
        ),
    )


def _refuse_change(round_: Round, after_hand: int | None) -> None:
    """Refuse a change to a published or opened round, or after a hand that leaves no hands
    after the change."""
    if round_.seating_published or round_is_opened(round_):
        raise ValidationError(
            gettext(
                "Round %(number)s is published or opened at the desk: its table change can no "
                "longer change (unpublish it first if it is not opened)."
            )
            % {"number": round_.number}
        )
    if after_hand is not None and round_.by_standings:
        raise ValidationError(
            {
                "after_hand": gettext(
                    "Round %(number)s is seated by the standings, once, in one half: set its "
                    "method to “Random, no repeats” before declaring a table change."
                )
                % {"number": round_.number}
            }
        )
    last = round_.tournament.hands_per_session
    if after_hand is not None and not 1 <= after_hand < last:
        raise ValidationError(
            {
                "after_hand": gettext(
                    "Give a hand from 1 to %(most)s: players change tables after it and play on "
                    "to hand %(last)s. Leave it empty for no change."
                )
                % {"most": last - 1, "last": last}
            }
        )


def _change_record(round_: Round, after_hand: int | None, user) -> None:
    """Save the round's table change, audited as a settings change."""
    before = round_.table_change_after
    round_.table_change_after = after_hand
    round_.save(update_fields=["table_change_after"])
    audit_record(
        session=None,
        tournament=round_.tournament,
        action=AuditEntry.Action.SETTINGS,
        user=user,
        reason=f"Round {round_.number}: "
        + ("no table change" if after_hand is None else f"tables change after hand {after_hand}"),
        before={"table_change_after": before},
        after={"table_change_after": after_hand},
    )


def _second_half(round_: Round, first_half, seed: int, time_limit: float):
    """The round's second half, seated against every earlier round and its first half."""
    tournament = round_.tournament
    earlier = round_seatings(list(tournament.rounds.filter(number__lt=round_.number)))
    return seat_second_half(
        seating_players(tournament, active_only=False),
        first_half,
        played=earlier,
        options=_options(tournament, seed, time_limit),
    )
