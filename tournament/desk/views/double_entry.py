"""Double entry: a second official enters a hand again, blind; a head judge resolves a mismatch.

Vocabulary: see `tournament.play.services.hands` (double entry, mismatch).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from ...models import HandEntry
from ...play.comparison import compare
from ...play.entry.hand_entry import HandEntryData
from ...play.forms import HandForm, optional_int
from ...play.preview import preview_context
from ...play.selectors.sessions import seating_of
from ...play.selectors.snapshots import entry_of_hand
from ...play.services import double_entry as double_entry_services
from ...play.services import hands as hand_services
from ...roles import HEAD_JUDGE
from .common import (
    closed_session_page,
    errors_onto,
    hand_or_404,
    session_context,
    session_page,
    session_url,
)


@session_page()
def hand_confirm(request, session, number):
    """Double entry: a second official enters the hand again without seeing the first entry."""
    hand = hand_or_404(session, number)
    seating = seating_of(session)
    if hand.entered_by_id == request.user.pk:
        raise PermissionDenied(_("You entered this hand: another official must confirm it."))
    if hand.confirmed:
        messages.info(request, _("Hand %(number)s is already confirmed.") % {"number": number})
        return redirect(session_url(session))
    closed = closed_session_page(
        request, session, _("Second entry of hand %(number)s") % {"number": number}
    )
    if closed:
        return closed
    initial = {"number": number, "outcome": "win", "win_type": "discard"}
    form = HandForm(request.POST or None, initial=initial, seating=seating, number=number)
    if request.method == "POST" and form.is_valid():
        try:
            mismatch = double_entry_services.hand_confirm(
                hand=hand, entry=form.entry(), user=request.user, seating=seating
            )
        except hand_services.EntryRejected as error:
            errors_onto(form, error.evaluation)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if mismatch is None:
                messages.success(
                    request,
                    _("Hand %(number)s confirmed: both entries agree.") % {"number": number},
                )
            else:
                messages.warning(
                    request,
                    _(
                        "Hand %(number)s: your entry differs from the first one. "
                        "A head judge will compare them."
                    )
                    % {"number": number},
                )
            return redirect(session_url(session))
    context = session_context(
        session,
        hand=hand,
        preview_url=session_url(session, "hand_preview"),
        **preview_context(form, None, seating),
    )
    return render(request, "tournament/desk/hand_confirm.html", context)


@session_page(HEAD_JUDGE)
def hand_resolve(request, session, number):
    """A mismatch side by side; the head judge keeps one entry."""
    hand = hand_or_404(session, number)
    second = HandEntry.objects.filter(hand=hand).select_related("entered_by").first()
    if second is None:
        messages.info(
            request, _("Hand %(number)s has no mismatch to resolve.") % {"number": number}
        )
        return redirect(session_url(session))
    if request.method == "POST":
        try:
            double_entry_services.hand_resolve(
                hand=hand,
                second=second,
                keep=request.POST.get("keep", ""),
                user=request.user,
                version=optional_int(request.POST.get("version")) or 0,
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request, _("Hand %(number)s resolved and confirmed.") % {"number": number}
            )
            return redirect(session_url(session))
    seating = seating_of(session)
    first = hand_services.hand_preview(session=session, entry=entry_of_hand(hand), seating=seating)
    other = hand_services.hand_preview(
        session=session, entry=HandEntryData.from_data(second.data), seating=seating
    )
    context = session_context(
        session,
        hand=hand,
        second=second,
        comparison=compare(first, other, seating),
        sides=[
            ("first", hand.entered_by, preview_context(None, first, seating)),
            ("second", second.entered_by, preview_context(None, other, seating)),
        ],
    )
    return render(request, "tournament/desk/hand_resolve.html", context)
