"""Fixed tables: a player seated at one table number in the rounds where it is set.

Vocabulary: a *fixed table* (`models.FixedTable`) holds a player at table ``table`` from
``first_round`` to ``last_round`` (empty: no bound on that side); one per player per tournament.
Two fixed tables *overlap* when a round lies in both; a table seats four, so at most four
players may be fixed to one table in any round. Every change is audited as a change of the
seating rules and moves the tournament's last write (`tournament.audit.public_write`).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...audit import audit_record, public_write
from ...models import AuditEntry, FixedTable, Player, Registration, Tournament

TABLE_SEATS = 4


def _registration(tournament: Tournament, player: Player, field: str = "player") -> Registration:
    """The player's registration in ``tournament``; refused (on ``field``) when there is none."""
    registration = Registration.objects.filter(tournament=tournament, player=player).first()
    if registration is None:
        raise ValidationError(
            {
                field: gettext(
                    "%(player)s is not registered in this tournament: register them first."
                )
                % {"player": player.name}
            }
        )
    return registration


def _player_text(registration: Registration) -> str:
    """How the audit log names a player: their name and number (English, as stored)."""
    return f"{registration.player.name} (#{registration.number})"


def _rounds_text(first: int | None, last: int | None) -> str:
    """The rounds a rule holds in, in the audit log's English."""
    if first is None and last is None:
        return "every round"
    if last is None:
        return f"from round {first}"
    if first is None:
        return f"up to round {last}"
    return f"rounds {first}-{last}"


def _rules_audit(tournament: Tournament, user, after: str, before: str | None = None) -> None:
    """One line of the audit log for a change of the seating rules (summaries in English)."""
    audit_record(
        session=None,
        tournament=tournament,
        action=AuditEntry.Action.SEATING_RULES,
        user=user,
        before=None if before is None else {"summary": before},
        after={"summary": after},
    )


def _check_rounds(first_round: int | None, last_round: int | None) -> None:
    for field, value in (("first_round", first_round), ("last_round", last_round)):
        if value is not None and value < 1:
            raise ValidationError({field: gettext("Rounds are numbered from 1.")})
    if first_round is not None and last_round is not None and first_round > last_round:
        raise ValidationError(
            {
                "last_round": gettext(
                    "The first round (%(first)s) comes after the last round (%(last)s): give a "
                    "last round from %(first)s on, or leave it empty for every round after."
                )
                % {"first": first_round, "last": last_round}
            }
        )


def _overlap_full(tournament: Tournament, table: int, first: int | None, last: int | None):
    """A round in which four players are fixed to ``table`` already, within ``first`` to
    ``last`` (None when there is room in every round)."""
    others = list(
        FixedTable.objects.filter(tournament=tournament, table=table).values_list(
            "first_round", "last_round"
        )
    )
    low, high = first or 1, last
    starts = {max(low, other_first or 1) for other_first, _ in others}
    for start in sorted(starts):
        if high is not None and start > high:
            continue
        holding = sum(
            1
            for other_first, other_last in others
            if (other_first or 1) <= start and (other_last is None or start <= other_last)
        )
        if holding >= TABLE_SEATS:
            return start
    return None


@public_write
def fixed_table_add(
    *,
    tournament: Tournament,
    player: Player,
    table: int,
    first_round: int | None = None,
    last_round: int | None = None,
    user=None,
) -> FixedTable:
    """Seat ``player`` at table ``table`` in rounds ``first_round`` to ``last_round`` (None: no
    bound). Refused, saying what to change, for a player not registered here or with a fixed
    table already, a table below 1, rounds out of order, or a table that four players hold
    already in one of those rounds."""
    registration = _registration(tournament, player)
    if table < 1:
        raise ValidationError({"table": gettext("Tables are numbered from 1.")})
    _check_rounds(first_round, last_round)
    held = FixedTable.objects.filter(tournament=tournament, player=player).first()
    if held is not None:
        raise ValidationError(
            {
                "player": gettext(
                    "%(player)s already has a fixed table (table %(table)s): remove it first to "
                    "give another."
                )
                % {"player": player.name, "table": held.table}
            }
        )
    full = _overlap_full(tournament, table, first_round, last_round)
    if full is not None:
        raise ValidationError(
            {
                "table": gettext(
                    "Four players are already fixed to table %(table)s in round %(round)s: "
                    "choose another table, or other rounds."
                )
                % {"table": table, "round": full}
            }
        )
    fixed = FixedTable.objects.create(
        tournament=tournament,
        player=player,
        table=table,
        first_round=first_round,
        last_round=last_round,
    )
    _rules_audit(
        tournament,
        user,
        f"{_player_text(registration)} fixed to table {table}, "
        + _rounds_text(first_round, last_round),
    )
    return fixed


@public_write
def fixed_table_remove(*, tournament: Tournament, player: Player, user=None) -> None:
    """Let ``player`` sit at any table again; refused when they have no fixed table."""
    registration = _registration(tournament, player)
    fixed = FixedTable.objects.filter(tournament=tournament, player=player).first()
    if fixed is None:
        raise ValidationError(
            {
                "player": gettext("%(player)s has no fixed table: nothing to remove.")
                % {"player": player.name}
            }
        )
    summary = f"{_player_text(registration)} fixed to table {fixed.table}, " + _rounds_text(
        fixed.first_round, fixed.last_round
    )
    fixed.delete()
    _rules_audit(tournament, user, f"{_player_text(registration)}: no fixed table", summary)
