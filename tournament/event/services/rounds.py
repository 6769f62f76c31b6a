"""A tournament's tables and its rounds' status (organiser and head-judge repairs outside the desk).

Vocabulary: *tables* are numbered from 1 and made as a seating needs them; a round's *status*
is draft, seated, playing or finished.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ...audit import audit_record, public_write
from ...models import AuditEntry, Round, Table, Tournament


@public_write
def tables_ensure(*, tournament: Tournament, count: int) -> list[Table]:
    """Make sure tables 1..count exist; return them in order."""
    for number in range(1, count + 1):
        Table.objects.get_or_create(tournament=tournament, number=number)
    return list(tournament.tables.filter(number__lte=count).order_by("number"))


@public_write
def round_status_set(*, round_: Round, status: str, user) -> Round:
    """Mark a round draft, seated, playing or finished (audited as a settings change)."""
    if status not in Round.Status.values:
        raise ValidationError(_("Unknown round status %(status)s.") % {"status": repr(status)})
    if status != Round.Status.DRAFT and not round_.seats.exists():
        raise ValidationError(
            _("Round %(round)s has no seating yet; seat it first.") % {"round": round_.number}
        )
    before = round_.status
    if before == status:
        return round_
    round_.status = status
    round_.save(update_fields=["status"])
    audit_record(
        session=None,
        tournament=round_.tournament,
        action=AuditEntry.Action.SETTINGS,
        user=user,
        before={f"round {round_.number} status": before},
        after={f"round {round_.number} status": status},
    )
    return round_
