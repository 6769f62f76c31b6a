"""The tournament's settings that officials may change during the event, audited.

Vocabulary: *settings* are the tournament's fields in `SETTINGS_FIELDS`; the *scoring rules*
among them (`SCORING_RULES`) are *frozen* once the tournament has a hand: changing them would
score the same hand two ways in one event. A *standings release* is a change to one of
`STANDINGS_RELEASE` while the standings are public: it warms the standings pages. The audit
line's *summary* is stored in English, whatever the judge's language.
"""

from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils import translation
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext as _

from ...audit import audit_record, public_write
from ...models import AuditEntry, Hand, Tournament
from ...web import pagewarm

SETTINGS_FIELDS = (
    "minimum_points",
    "hand_cap",
    "payoff_scheme",
    "standard_value",
    "false_win_penalty",
    "hands_per_session",
    "double_entry",
    "players_confirm_at_table",
    "use_match_points",
    "match_points_scheme",
    "match_points",
    "rank_by",
    "tie_break_order",
    "results_public",
    "standings_public",
    "silent_rounds",
    "hold_unreconciled_results",
    "hide_withdrawn",
    "appeal_window_minutes",
)


# The settings that release standings to the public (or more of them): a change to one of them,
# with the standings public, is a release, and warms the standings (`tournament.web.pagewarm`).
STANDINGS_RELEASE = {
    "standings_public",
    "results_public",
    "silent_rounds",
    "hold_unreconciled_results",
    "hide_withdrawn",
}


SCORING_RULES = (
    "minimum_points",
    "hand_cap",
    "payoff_scheme",
    "standard_value",
    "false_win_penalty",
)
FROZEN_REASON = gettext_noop(
    "Frozen: this tournament already has hands, and changing how hands score during the "
    "event would score the same hand two ways."
)


def tournament_has_hands(tournament: Tournament) -> bool:
    return Hand.objects.filter(session__round__tournament=tournament).exists()


def highest_hand_number(tournament: Tournament) -> int:
    """The highest hand number entered at any table of the tournament (0 without hands)."""
    found = Hand.objects.filter(session__round__tournament=tournament).aggregate(n=Max("number"))
    return found["n"] or 0


@translation.override("en")
def settings_summary(values: dict) -> str:
    """ "Standard value: 25; Double entry: yes" with the fields' own labels, for the audit log:
    stored, so always in English whatever the judge's language."""

    def shown(name, value):
        if name == "minimum_points":
            return f"{value} points" if value else "No minimum"
        if value is None:
            return "none"
        field = Tournament._meta.get_field(name)
        if field.choices:
            return dict(field.flatchoices).get(value, value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return value

    return "; ".join(
        f"{Tournament._meta.get_field(name).verbose_name.capitalize()}: {shown(name, value)}"
        for name, value in values.items()
    )


@public_write
def tournament_settings_update(*, tournament: Tournament, changes: dict, user) -> Tournament:
    """Change the desk-relevant settings of a tournament (head judges); audited.

    Refused, with the reason on each field, when it would change a scoring rule of a
    tournament that has hands, or leave fewer hands per session than a table already has.
    """
    unknown = set(changes) - set(SETTINGS_FIELDS)
    if unknown:
        raise ValidationError(
            _("Unknown settings: %(names)s.") % {"names": ", ".join(sorted(unknown))}
        )
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = {name: getattr(tournament, name) for name in changes}
    changed = {k: v for k, v in changes.items() if before[k] != v}
    errors = {}
    if tournament_has_hands(tournament):
        for name in SCORING_RULES:
            if name in changed:
                errors[name] = gettext(FROZEN_REASON)
    highest = highest_hand_number(tournament)
    if "hands_per_session" in changed and changed["hands_per_session"] < highest:
        errors["hands_per_session"] = _(
            "A table already has hand %(hand)s: hands per session cannot be fewer than %(hand)s."
        ) % {"hand": highest}
    change = tournament.rounds.aggregate(latest=Max("table_change_after"))["latest"]
    if "hands_per_session" in changed and change and changed["hands_per_session"] <= change:
        errors["hands_per_session"] = _(
            "A round changes tables after hand %(hand)s: hands per session must be more than "
            "%(hand)s (or remove that round's table change on its seating page first)."
        ) % {"hand": change}
    if errors:
        raise ValidationError(errors)
    for name, value in changes.items():
        setattr(tournament, name, value)
    tournament.full_clean()
    tournament.save()
    if set(changed) & STANDINGS_RELEASE and tournament.standings_public and not tournament.hidden:
        pagewarm.standings_warm_on_commit(tournament.slug)  # the phones ask at once
    if changed:
        old = {k: before[k] for k in changed}
        audit_record(
            session=None,
            tournament=tournament,
            action=AuditEntry.Action.SETTINGS,
            user=user,
            before={**old, "summary": settings_summary(old)},
            after={**changed, "summary": settings_summary(changed)},
        )
    return tournament
