"""What the desk's views share: loading a session from its address, its URLs, its page context.

Vocabulary
----------
desk page       a desk view addressed by tournament slug: `desk_page(role)` (judges by default)
                checks the role in that tournament, loads it once and calls
                ``view(request, tournament, **rest)`` (`tournament.roles.tournament_page`).
session page    a desk view addressed by tournament slug, round number and table number (and
                ``half/2/`` for the play after a round's table change):
                `session_page(role)` does the same and loads the session (or 404), which
                carries the loaded tournament, and calls ``view(request, session, **rest)``.
conflict        a correction or deletion that started from a stale version of the hand: the
                form comes back re-based on the hand as it now stands (`rebase_on_current`), so
                that a second submit overwrites knowingly.
gone            the hand was deleted by someone else meanwhile: the page says who deleted it
                and why (from the audit log, `deletion_message`), never "Page not found".
closed page     what a change page (correct, delete, enter again, reconcile) shows when it is
                opened for a session that is not open: its state, who reconciled it, and that
                a head judge can reopen it - no form (`closed_session_page`). A form posted
                after the session closed still comes back with what was typed and the reason.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scoring.translation import translate_message

from ...audit import audit_entries
from ...models import AuditEntry, Hand, Session
from ...play.labels import session_label
from ...play.selectors.sessions import session_at
from ...roles import JUDGE, Role, may_see_unconfirmed_hand, role_check, tournament_page


def desk_page(role: Role = JUDGE):
    """The desk's loader for a tournament's pages (see the module's vocabulary)."""
    return tournament_page(role)


def session_page(role: Role = JUDGE):
    """The desk's loader for a session's pages (see the module's vocabulary): the session is
    read with its tournament in one query, then the role checked in that tournament; without
    a session, the tournament's page answers as `tournament_page` does (404 or 403), then 404.
    """

    def decorator(view):
        @tournament_page(role)
        def missing(request, tournament, **kwargs):
            raise Http404(_("No session for this round and table."))

        @wraps(view)
        def wrapped(request, slug, round_number, table_number, half=1, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            session = session_at(
                slug, round_number=round_number, table_number=table_number, half=half
            )
            if session is None:
                return missing(request, slug)
            role_check(request.user, role, session.round.tournament)
            return view(request, session, **kwargs)

        wrapped.role = role
        return wrapped

    return decorator


def session_url(session: Session, name: str = "session_sheet", **extra) -> str:
    return session.desk_url(name, **extra)


def session_context(session: Session, **extra) -> dict:
    return {"tournament": session.round.tournament, "session": session, **extra}


def closed_session_page(request, session: Session, what: str):
    """The answer to opening a change page of a closed session, or None when it is open."""
    if session.status == Session.Status.OPEN or request.method == "POST":
        return None
    context = session_context(session, what=what)
    return render(request, "tournament/desk/session_closed.html", context, status=409)


def hand_or_none(session: Session, number: int) -> Hand | None:
    return session.hands.select_related("entered_by").filter(number=number).first()


def hand_or_404(session: Session, number: int) -> Hand:
    hand = hand_or_none(session, number)
    if hand is None:
        raise Http404(
            _("Hand %(number)s of %(session)s has not been entered.")
            % {"number": number, "session": session_label(session)}
        )
    return hand


def visible_hand_or_403(request, hand: Hand) -> Hand:
    """Refuse to show an unconfirmed hand to an official who may not see it (blind double
    entry): correcting or deleting it would show the first entry."""
    tournament = hand.session.round.tournament
    if not hand.confirmed and not may_see_unconfirmed_hand(
        request.user, hand.entered_by_id, tournament
    ):
        raise PermissionDenied(
            _(
                "Hand %(number)s awaits a second entry: enter it again from the score slip "
                "(Enter again), or ask the official who entered it or a head judge to change it."
            )
            % {"number": hand.number}
        )
    return hand


def errors_onto(form, evaluation) -> None:
    """Put an evaluation's problems onto the form's fields (or the form, for the rest); an
    illegal win (under the minimum, not a winning hand) is said at the top of the form, where
    a judge who pressed Enter looks, not only in the preview."""
    for name, message in evaluation.errors:
        form.add_error(name if name in form.fields else None, translate_message(message))
    if evaluation.illegal and not evaluation.errors:
        reason = translate_message(evaluation.illegal)
        form.add_error(None, _("Nothing was saved. %(reason)s") % {"reason": reason})


def deletion_message(session: Session, number: int) -> str:
    """Who deleted hand ``number`` and why, for an official whose change lost to it."""
    gone = (
        audit_entries(session=session)
        .filter(action=AuditEntry.Action.DELETE, hand_number=number)
        .first()
    )
    who = gone.user if gone is not None and gone.user else None
    why = gone.reason if gone is not None and gone.reason else None
    values = {"number": number, "who": who, "why": why}
    if who and why:
        text = _(
            "Hand %(number)s was deleted by %(who)s (reason: %(why)s) while you were changing "
            "it. Nothing was saved."
        )
    elif who:
        text = _(
            "Hand %(number)s was deleted by %(who)s while you were changing it. Nothing was saved."
        )
    elif why:
        text = _(
            "Hand %(number)s was deleted (reason: %(why)s) while you were changing it. Nothing "
            "was saved."
        )
    else:
        text = _("Hand %(number)s was deleted while you were changing it. Nothing was saved.")
    return text % values


def rebase_on_current(request, session: Session, number: int, error, make_form):
    """The answer to a stale version, shared by correction and deletion.

    Returns (None, the hand now, the posted form carrying its version) so the page shows the
    other change; or (a redirect with the reason, None, None) when someone deleted the hand in
    the meantime.
    """
    hand = hand_or_none(session, number)
    if hand is None:
        messages.warning(request, deletion_message(session, number))
        return redirect(session_url(session)), None, None
    data = request.POST.copy()
    data["version"] = hand.version
    form = make_form(data)
    form.is_valid()
    return None, hand, form
