"""The organiser's awards: define one from the list of kinds, change it, remove it, publish it.

Vocabulary: see `models.Award`. Every change is one line of the audit log (its summary in
English, as stored) and moves the tournament's last write (`tournament.audit.public_write`):
a published award is on the projector, and its certificate prints from it.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.translation import gettext

from ...audit import audit_record, public_write
from ...models import AuditEntry, Award, Tournament

FIELDS = ("kind", "title", "tie_rule", "min_sessions", "category", "category_value")


def _audit(tournament: Tournament, user, after: str, before: str | None = None) -> None:
    audit_record(
        session=None,
        tournament=tournament,
        action=AuditEntry.Action.AWARDS,
        user=user,
        before=None if before is None else {"summary": before},
        after={"summary": after},
    )


def _summary(award: Award) -> str:
    published = "published" if award.published else "not published"
    return f"{award.title} ({award.kind}, ties {award.tie_rule}, {published})"


def _award(tournament: Tournament, award_id: int) -> Award:
    award = Award.objects.filter(tournament=tournament, pk=award_id).first()
    if award is None:
        raise ValidationError(gettext("No such award in this tournament."))
    return award


def _checked(values: dict) -> dict:
    """The award's fields, cleaned; refused (on the field) when they do not fit its kind."""
    values = dict(values)
    values["title"] = (values.get("title") or "").strip()
    values["category_value"] = (values.get("category_value") or "").strip()
    if not values["title"]:
        raise ValidationError({"title": gettext("Give the award a title.")})
    if values["kind"] == Award.Kind.BEST_OF_CATEGORY:
        if not values.get("category"):
            raise ValidationError({"category": gettext("Choose a country or a club.")})
        if not values["category_value"]:
            raise ValidationError(
                {"category_value": gettext("Name the country or the club, e.g. DK.")}
            )
    else:
        values["category"], values["category_value"] = "", ""
    if values["kind"] != Award.Kind.FEWEST_DEAL_INS:
        values["min_sessions"] = 0
    return values


@public_write
def award_save(
    *,
    tournament: Tournament,
    kind: str,
    title: str,
    tie_rule: str = Award.TieRule.SHARED,
    min_sessions: int = 0,
    category: str = "",
    category_value: str = "",
    award_id: int | None = None,
    user=None,
) -> Award:
    """Define an award (``award_id`` None: added last) or change one; published stays as it
    was."""
    values = _checked(
        {
            "kind": kind,
            "title": title,
            "tie_rule": tie_rule,
            "min_sessions": min_sessions or 0,
            "category": category,
            "category_value": category_value,
        }
    )
    if award_id is None:
        last = Award.objects.filter(tournament=tournament).aggregate(last=Max("position"))["last"]
        award = Award(tournament=tournament, position=(last or 0) + 1, **values)
        award.full_clean()
        award.save()
        _audit(tournament, user, f"Award added: {_summary(award)}")
        return award
    award = _award(tournament, award_id)
    before = _summary(award)
    for name, value in values.items():
        setattr(award, name, value)
    award.full_clean()
    award.save()
    _audit(tournament, user, f"Award changed: {_summary(award)}", before)
    return award


@public_write
def award_delete(*, tournament: Tournament, award_id: int, user=None) -> None:
    award = _award(tournament, award_id)
    summary = _summary(award)
    award.delete()
    _audit(tournament, user, f"Award removed: {summary}", summary)


@public_write
def award_publish(*, tournament: Tournament, award_id: int, published: bool, user=None) -> Award:
    """Show the award on the projector (``published``) or take it off."""
    award = _award(tournament, award_id)
    before = _summary(award)
    award.published = published
    award.save(update_fields=["published"])
    _audit(
        tournament,
        user,
        f"Award {'published' if published else 'withdrawn'}: {award.title}",
        before,
    )
    return award
