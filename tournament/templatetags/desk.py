"""``{% desk_url session "name" key=value %}``: the address of a session's desk page.

A session is addressed by round and table, and by its half after a round's table change
(`tournament.models.Session.desk_url`); templates use this tag instead of spelling the
address out, so that second-half sessions get theirs. ``{% problem_url %}`` does the same for
a problem of the health page (`tournament.play.health.Problem`). ``{{ session|status_word }}``
is a session's status in the reader's language; ``{{ session|session_label }}`` ("Round 1,
Table 2") and ``{{ table|table_label }}`` ("Table 2") say a place in it (the models' ``__str__``
stays English, `tournament.play.labels`); ``{{ penalty|penalty_reason }}`` is a penalty's
stored reason in it (a preset's words translated, `tournament.play.penalties.reason_message`).
"""

from django import template
from django.urls import reverse

from scoring.translation import translate_message

from ..play import labels
from ..play.penalties import reason_message, shipped_word

register = template.Library()


@register.simple_tag
def desk_url(session, name: str = "session_sheet", **extra) -> str:
    return session.desk_url(name, **extra)


@register.simple_tag
def problem_url(tournament, problem, name: str = "session_sheet") -> str:
    """The desk page ``name`` of a health problem's session (its hand's, for ``hand_...``
    pages), in the problem's half: ``{% problem_url tournament p "session_reconcile" %}``."""
    kwargs = {
        "slug": tournament.slug,
        "round_number": problem.round_number,
        "table_number": problem.table_number,
        **({"half": problem.half} if problem.half != 1 else {}),
        **({"number": problem.hand_number} if name.startswith("hand_") else {}),
    }
    return reverse(f"desk:{name}", kwargs=kwargs)


@register.filter
def status_word(session) -> str:
    """``{{ session|status_word }}``: the session's status in the reader's language."""
    return labels.SESSION_STATUS_WORDS.get(session.status) or session.get_status_display()


@register.filter
def session_label(session) -> str:
    """``{{ session|session_label }}``: "Round 1, Table 2" in the reader's language."""
    return labels.session_label(session)


@register.filter
def table_label(table) -> str:
    """``{{ table|table_label }}``: "Table 2" (with the organiser's label) in the reader's
    language."""
    return labels.table_label(table)


@register.filter
def preset_word(text: str) -> str:
    """``{{ preset.name|preset_word }}``: a shipped preset's name or unit in the reader's
    language (`play.penalties.shipped_word`); an organiser's own words as typed."""
    return translate_message(shipped_word(text or ""))


@register.filter
def penalty_reason(penalty) -> str:
    """``{{ penalty|penalty_reason }}``: the stored reason, a preset's words in the reader's
    language (the preset's name, unit and the judge's note as typed)."""
    name = penalty.preset.name if penalty.preset_id else None
    return translate_message(reason_message(penalty.reason, name))
