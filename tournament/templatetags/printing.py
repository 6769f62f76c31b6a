"""Template filters of the printouts.

``monospaced``: a line of monospaced type (`printing.monospace`) as HTML, each run of wide
(Chinese) characters in a ``<span class="cjk-wide">`` padded at its end to two columns a
character (`monospace.wide_padding_em`), so that the padded columns stay aligned and the
characters of a word stay together.
``printed_wind``: a starting wind as the printout's language names it.
``job_title``: a background job's title in the reader's language (a printout's:
`printing.background.printout_title`; another kind's stored name, translated when it is a
msgid, as "Tournament archive" is).
``kept_words``: text whose Chinese words are kept together on a line (`printing.wording`: a
narrow header cell breaks "Discarder 出銃者" after "Discarder", never inside 出銃者).
"""

from django import template
from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from ..printing import background, monospace, wording
from ..winds import WIND_NAMES

register = template.Library()


@register.filter
def monospaced(text) -> str:
    text = str(text)
    if not any(monospace.is_wide(character) for character in text):
        return conditional_escape(text)
    return mark_safe(
        "".join(
            f'<span class="cjk-wide" style="padding-right: {monospace.wide_padding_em(run):.4f}em">'
            f"{conditional_escape(run)}</span>"
            if wide
            else conditional_escape(run)
            for run, wide in monospace.runs(text)
        )
    )


@register.filter
def job_title(job) -> str:
    if job.kind == background.KIND:
        return background.printout_title(job)
    return gettext(job.name)


@register.filter
def kept_words(text) -> str:
    return wording.kept_words(text)


@register.filter
def printed_wind(wind: str) -> str:
    """A starting wind as a printout names it: the letter (``E``) in English, the wind's name
    (``東``) in Chinese."""
    if not wind or not (translation.get_language() or "").startswith("zh"):
        return wind
    return gettext(WIND_NAMES.get(wind, wind))


@register.filter
def chinese_name_of(names: dict, player_id) -> str:
    """``names[player_id]``, or "" (a standings sheet's Chinese names by player id)."""
    return names.get(player_id, "")


@register.simple_tag
def print_command(document, tournament, language: str = "") -> str:
    """The ``print`` command writing ``document`` of ``tournament`` (a code, not words)."""
    command = f"python manage.py print {document.identifier} --tournament {tournament.slug}"
    if document.needs_round:
        command += " --round N"
    if language:
        command += f" --language {language}"
    return f"{command} -o {document.identifier}.pdf"


@register.simple_tag
def archive_command(tournament) -> str:
    """The command writing the tournament's archive (a code, not words)."""
    return f"python manage.py export_tournament {tournament.slug} -o {tournament.slug}.json"
