"""A round's seating method: random with no repeats, by standings, or Swiss.

Vocabulary: a round's *method* (`Round.seating_method`) says how its tables are filled:
``"random"`` (no repeat meeting while one can be avoided: the qualifying rounds), ``"standings"``
(ranks 1-4 at table 1, 5-8 at table 2: the *top tables*) or ``"swiss"`` (near ranks together,
at most ``repeat_limit`` repeat meetings in the round). The last two are *by standings*: seated
on their own, from the standings after the round before (`standings_wait`). A *kept* round
(published, or opened at the desk) keeps its method as it keeps its seating.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...audit import audit_record, public_write
from ...models import AuditEntry, Round, Tournament
from .bridge import _is_kept

#: How the audit log (English, as stored) names each method.
AUDIT_WORDS = {"random": "at random, no repeats", "standings": "by standings", "swiss": "Swiss"}


@public_write
def round_seating_method_set(
    *,
    tournament: Tournament,
    number: int,
    method: str,
    repeat_limit: int = 0,
    user=None,
) -> Round:
    """Seat round ``number`` by ``method`` from now on (the round is made when it does not exist
    yet); ``repeat_limit`` counts for Swiss only (0 for the others). Refused, saying what to
    change, for an unknown method, a negative limit, round 1 by standings, a round with a table
    change by standings, and a round published or opened at the desk. Its seating is left as it
    is: seat it again to apply the method."""
    _refuse_values(number, method, repeat_limit)
    round_ = Round.objects.select_for_update().filter(tournament=tournament, number=number).first()
    if round_ is None:
        round_ = Round.objects.create(tournament=tournament, number=number)
    round_.tournament = tournament
    if _is_kept(round_):
        raise ValidationError(
            gettext(
                "Round %(number)s is published or opened at the desk: its seating method can no "
                "longer change (unpublish it first if it is not opened)."
            )
            % {"number": number}
        )
    if method != Round.SeatingMethod.RANDOM and round_.table_change_after is not None:
        raise ValidationError(
            {
                "method": gettext(
                    "Round %(number)s changes tables after hand %(after)s: remove the table "
                    "change first, as a round seated by the standings is seated once, in one half."
                )
                % {"number": number, "after": round_.table_change_after}
            }
        )
    limit = repeat_limit if method == Round.SeatingMethod.SWISS else 0
    before = {"seating_method": round_.seating_method, "repeat_limit": round_.repeat_limit}
    after = {"seating_method": method, "repeat_limit": limit}
    if before == after:
        return round_
    round_.seating_method, round_.repeat_limit = method, limit
    round_.save(update_fields=["seating_method", "repeat_limit"])
    summary = f"Round {number}: seated {AUDIT_WORDS[method]}"
    if method == Round.SeatingMethod.SWISS:
        summary += f", at most {limit} repeat meeting(s)"
    audit_record(
        session=None,
        tournament=tournament,
        action=AuditEntry.Action.SEATING_RULES,
        user=user,
        before=before,
        after={**after, "summary": summary},
    )
    return round_


def _refuse_values(number: int, method: str, repeat_limit: int) -> None:
    """Refuse an unknown method, a negative limit, and round 1 by standings."""
    if method not in Round.SeatingMethod.values:
        raise ValidationError(
            {
                "method": gettext("Choose how to seat the round: %(choices)s.")
                % {"choices": ", ".join(str(label) for label in Round.SeatingMethod.labels)}
            }
        )
    if repeat_limit < 0:
        raise ValidationError(
            {"repeat_limit": gettext("Give 0 or more repeat meetings (0: none at all).")}
        )
    if number < 1:
        raise ValidationError({"number": gettext("Rounds are numbered from 1.")})
    if number == 1 and method != Round.SeatingMethod.RANDOM:
        raise ValidationError(
            {
                "method": gettext(
                    "Round 1 has no standings before it: seat it with the method “Random, no "
                    "repeats”."
                )
            }
        )
