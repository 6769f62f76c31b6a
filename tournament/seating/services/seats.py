"""Writing one round's seats: saving a seating, swapping two players, publishing.

Vocabulary: *seat rows* are ``(table number, wind, player)`` triples for one round (or one
half: ``second_half_rows`` of `round_seat`); saving them opens one *session* per table of each
half. A round with a *table change* is seated in two halves of the same players. *Publishing*
shows a round's seating to the players; a swap unpublishes it.
"""

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext

from ...audit import public_write
from ...event.services.rounds import tables_ensure
from ...models import Player, Round, Seat, Session
from ...play.selectors.rounds import round_is_opened
from .cut_wait import _field_or_refuse


@public_write
def round_seat(
    *,
    round_: Round,
    seat_rows: Iterable[tuple[int, str, Player]],
    second_half_rows: Iterable[tuple[int, str, Player]] = (),
) -> list[Seat]:
    """Replace the round's seating with ``seat_rows`` and open one session per table; for a
    round with a table change, ``second_half_rows`` seat the same players after the change,
    with a session per table of that half too.

    Refused when the round already has hands: entered hands are never lost.
    """
    if round_is_opened(round_):
        raise ValidationError(
            gettext(
                "Round %(number)s has been opened at the desk (or has entered hands or "
                "penalties), so it cannot be reseated."
            )
            % {"number": round_.number}
        )
    halves = {1: list(seat_rows), 2: list(second_half_rows)}
    if not halves[2]:
        del halves[2]
    _check_halves(round_, halves)
    tables = {
        t.number: t
        for t in tables_ensure(
            tournament=round_.tournament,
            count=max(n for rows in halves.values() for n, _, _ in rows),
        )
    }
    per_table: dict[tuple[int, int], int] = {}
    for half, rows in halves.items():
        for number, _, _ in rows:
            per_table[(half, number)] = per_table.get((half, number), 0) + 1
    short = sorted({n for (_, n), count in per_table.items() if count != 4})
    if short:
        raise ValidationError(
            gettext("Every table needs exactly four players; check table(s) %(tables)s.")
            % {"tables": ", ".join(str(n) for n in short)}
        )
    Session.objects.filter(round=round_).delete()
    Seat.objects.filter(round=round_).delete()
    seats = Seat.objects.bulk_create(
        Seat(round=round_, table=tables[number], wind=wind, player=player, half=half)
        for half, rows in halves.items()
        for number, wind, player in rows
    )
    Session.objects.bulk_create(
        Session(round=round_, table=tables[number], half=half) for half, number in sorted(per_table)
    )
    round_.seated_at = timezone.now()  # players registered after it are not in this draw
    fields = ["seated_at"]
    if round_.status == Round.Status.DRAFT:
        round_.status = Round.Status.SEATED
        fields.append("status")
    round_.save(update_fields=fields)
    return seats


def _check_halves(round_: Round, halves: dict[int, list]) -> None:
    """Refuse a second half that the round does not declare, or that seats other players."""
    if 2 in halves and round_.table_change_after is None:
        raise ValidationError(
            gettext(
                "Round %(number)s has no table change: declare one before seating its second half."
            )
            % {"number": round_.number}
        )
    if round_.table_change_after is not None and 2 not in halves:
        raise ValidationError(
            gettext(
                "Round %(number)s changes tables after hand %(after)s: give the seats after the "
                "change too."
            )
            % {"number": round_.number, "after": round_.table_change_after}
        )
    if 2 in halves:
        first = sorted(player.pk for _, _, player in halves[1])
        if first != sorted(player.pk for _, _, player in halves[2]):
            raise ValidationError(
                gettext("The seats after the table change must seat the same players as before it.")
            )


@public_write
def seating_swap(*, round_: Round, first: Player, second: Player, half: int = 1) -> None:
    """Exchange the seats (table and wind) of two players in one half of an open round."""
    if first == second:
        raise ValidationError(gettext("Choose two different players to swap."))
    if round_is_opened(round_):
        raise ValidationError(
            gettext(
                "Round %(number)s has been opened at the desk (or has entered hands or "
                "penalties), so its seating cannot change."
            )
            % {"number": round_.number}
        )
    seats = {
        seat.player_id: seat
        for seat in Seat.objects.select_for_update().filter(
            round=round_, half=half, player__in=[first, second]
        )
    }
    missing = [player.name for player in (first, second) if player.pk not in seats]
    if missing:
        if len(missing) == 1:
            refusal = gettext("%(player)s has no seat in round %(number)s.") % {
                "player": missing[0],
                "number": round_.number,
            }
        else:
            refusal = gettext("%(first)s and %(second)s have no seat in round %(number)s.") % {
                "first": missing[0],
                "second": missing[1],
                "number": round_.number,
            }
        raise ValidationError(refusal)
    a, b = seats[first.pk], seats[second.pk]
    # Swap via a temporary delete: (round, player) and (round, table, wind) are both unique.
    a_place, b_place = (a.table_id, a.wind), (b.table_id, b.wind)
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=round_, half=half, player=first, table_id=b_place[0], wind=b_place[1]),
            Seat(round=round_, half=half, player=second, table_id=a_place[0], wind=a_place[1]),
        ]
    )
    round_.seating_published = False
    round_.save(update_fields=["seating_published"])


@public_write
def seating_publish(*, round_: Round, published: bool = True) -> None:
    if published and not round_.seats.exists():
        raise ValidationError(
            gettext("Round %(number)s has no seating to publish.") % {"number": round_.number}
        )
    if published:  # seated before its cut was added: the qualifiers are not known yet
        _field_or_refuse(round_.tournament, round_.number)
    round_.seating_published = published
    round_.save(update_fields=["seating_published"])
