"""``{% offline_config as config %}``: what the offline desk's script needs on a desk page, for
``{{ config|json_script:"offline-config" }}`` (`tournament.desk.views.offline`).

Vocabulary: see `tournament.play.services.offline` (offline entry, key). The config names the
user (each user's hands typed offline are kept in their own store in the browser), the
addresses of the service worker and of the sync, the desk's scope, and on a page with the
hand form where a hand typed offline belongs: its ``place`` (the desk's sheet or the table
page), round, table and half, and the session's label. ``strings`` are the script's words in
the page's language (no inline script: the CSP forbids it).
"""

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from ..play import labels

register = template.Library()

PLACES = {"session_sheet": "desk", "table_page": "table"}


def strings() -> dict[str, str]:
    return {
        "offline_one": _("Offline since %(time)s: 1 hand not sent"),
        "offline_many": _("Offline since %(time)s: %(count)s hands not sent"),
        "offline_none": _("Offline since %(time)s: every hand typed here is sent."),
        "sending": _("Back online: sending %(count)s hand(s) not sent…"),
        "refused": _("%(count)s hand(s) typed offline were refused: correct them below."),
        "login": _("Log in again to send the %(count)s hand(s) not sent."),
        "queue_title": _("Hands typed offline"),
        "not_sent": _("not sent"),
        "waiting": _("not sent: waits for the refused hand before it"),
        "refused_badge": _("refused"),
        "correcting": _("being corrected"),
        "typed": _("typed %(time)s"),
        "hand": _("Hand %(number)s"),
        "save_hand": _("Save hand %(number)s"),
        "save_table_hand": _("Save hand %(number)s from the table"),
        "correct": _("Correct"),
        "discard": _("Discard"),
        "discard_sure": _("Discard this typed hand? It was never saved."),
        "kept": _(
            "Hand %(number)s is kept in this browser, not sent: it will be saved when the "
            "connection is back."
        ),
        "preview_offline": _(
            "Offline: this hand cannot be scored now. Save keeps it in this browser; it will "
            "be scored when the connection is back."
        ),
        "sheet_row": _("not sent: kept in this browser"),
        "loaded": _("Hand %(number)s as you typed it is in the form: correct it and save it."),
        "saved_all": _("The hands typed offline are saved."),
        "not_kept": _(
            "You are offline and this page was not opened on this device before: it cannot be "
            "shown until the connection is back."
        ),
    }


@register.simple_tag(takes_context=True)
def offline_config(context) -> dict | None:
    request = context.get("request")
    tournament = context.get("tournament")
    user = getattr(request, "user", None)
    if tournament is None or user is None or not user.is_authenticated:
        return None
    scope = reverse("desk:home", args=[tournament.slug])
    config = {
        "user": user.get_username(),
        "worker": reverse("desk:offline_worker", args=[tournament.slug]),
        "scope": scope,
        "sync": reverse("desk:offline_sync", args=[tournament.slug]),
        "strings": strings(),
    }
    session = context.get("session")
    match = getattr(request, "resolver_match", None)
    place = PLACES.get(getattr(match, "url_name", ""))
    if session is not None and place:
        config.update(
            place=place,
            round=session.round.number,
            table=session.table.number,
            half=session.half,
            label=str(labels.session_label(session)),
        )
    return config
