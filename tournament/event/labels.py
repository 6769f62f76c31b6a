"""The labels of the tournament's and the penalty presets' fields, in the reader's language, for
every form that shows them (the console's tournament edit and preset forms, the desk's settings
form): one place, so that the same field reads the same on every page.

Vocabulary
----------
label       a form field's name as a page shows it. The models keep the English names Django
            makes from the field names (a translated ``verbose_name`` would need a migration);
            the English labels here are those same words, so English pages do not change.
            Fields whose model has a ``verbose_name`` already (``hand_cap``,
            ``players_confirm_at_table``, ``appeal_window_minutes``, ``per``) take it.
help text   the model's help texts are translated already; `TOURNAMENT_HELP_TEXTS` only gives
            the tie-break order's as HTML, so that a translation can mark the codes typed in the
            field (``points``, ``match_points``...) as English (``<code lang="en">``): they are
            data, the same in every language. The English text is the model's, unchanged.
"""

from django.utils.functional import lazy
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..models.tournament import TIE_BREAKS

TOURNAMENT_LABELS = {
    "name": _("Name"),
    "start_date": _("Start date"),
    "end_date": _("End date"),
    "venue": _("Venue"),
    "seating_separate_by": _("Seating separate by"),
    "minimum_points": _("Minimum points"),
    "payoff_scheme": _("Payoff scheme"),
    "standard_value": _("Standard value"),
    "false_win_penalty": _("False win penalty"),
    "hands_per_session": _("Hands per session"),
    "double_entry": _("Double entry"),
    "use_match_points": _("Use match points"),
    "match_points_scheme": _("Match points scheme"),
    "match_points": _("Match points"),
    "rank_by": _("Rank by"),
    "tie_break_order": _("Tie break order"),
    "results_public": _("Results public"),
    "standings_public": _("Standings public"),
    "silent_rounds": _("Silent rounds"),
    "hold_unreconciled_results": _("Hold unreconciled results"),
    "hide_withdrawn": _("Hide withdrawn"),
}

TIE_BREAK_HELP = gettext_noop("Comma-separated, first applied first. Known: %(known)s.")


def _tie_break_help() -> SafeString:
    known = escape(", ".join(TIE_BREAKS))
    return mark_safe(gettext(TIE_BREAK_HELP) % {"known": known})


TOURNAMENT_HELP_TEXTS = {"tie_break_order": lazy(_tie_break_help, SafeString)()}

PRESET_LABELS = {
    "name": _("Name"),
    "points": _("Points"),
    "mode": _("Mode"),
    "warning_first": _("Warning first"),
}


def labels_for(labels: dict, fields) -> dict:
    """The labels of ``fields`` that `labels` holds (a form's ``Meta.labels``)."""
    return {name: labels[name] for name in fields if name in labels}
