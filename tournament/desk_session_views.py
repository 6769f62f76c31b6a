"""Judges' desk pages around a session: double entry, penalties, reconciliation, reopening,
the audit log and the tournament settings.

Vocabulary: see `tournament.hand_services` (double entry, mismatch) and
`tournament.session_services` (penalty, card totals, reconcile, reopen). Judges reach all of
these except `hand_resolve`, `session_reopen_view` and `desk_settings` (head judges only).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render

from . import desk_selectors as sel
from .desk_forms import (
    CardForm,
    HandForm,
    PenaltyForm,
    ReasonForm,
    SettingsForm,
    optional_int,
)
from .desk_views import _errors_onto, _hand_or_404, preview_context, session_or_404, session_url
from .hand_scoring import HandEntryData
from .hand_services import EntryRejected, hand_confirm, hand_preview, hand_resolve
from .models import HandEntry, Session, Tournament
from .permissions import head_judge_required, judge_required
from .session_services import (
    SETTINGS_FIELDS,
    penalty_record,
    session_reconcile,
    session_reopen,
    tournament_settings_update,
)


@judge_required
def hand_confirm_view(request, slug, round_number, table_number, number):
    """Double entry: a second official enters the hand again without seeing the first entry."""
    session = session_or_404(slug, round_number, table_number)
    hand = _hand_or_404(session, number)
    seating = sel.seating_of(session)
    if hand.entered_by_id == request.user.pk:
        raise PermissionDenied("You entered this hand: another official must confirm it.")
    if hand.confirmed:
        messages.info(request, f"Hand {number} is already confirmed.")
        return redirect(session_url(session))
    initial = {"number": number, "outcome": "win", "win_type": "discard"}
    form = HandForm(request.POST or None, initial=initial, seating=seating, number=number)
    if request.method == "POST" and form.is_valid():
        try:
            mismatch = hand_confirm(hand=hand, entry=form.entry(), user=request.user)
        except EntryRejected as error:
            _errors_onto(form, error.evaluation)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if mismatch is None:
                messages.success(request, f"Hand {number} confirmed: both entries agree.")
            else:
                messages.warning(
                    request,
                    f"Hand {number}: your entry differs from the first one. "
                    "A head judge will compare them.",
                )
            return redirect(session_url(session))
    context = {
        "tournament": session.round.tournament,
        "session": session,
        "hand": hand,
        "preview_url": session_url(session, "desk_preview"),
        **preview_context(form, None, seating),
    }
    return render(request, "tournament/desk/hand_confirm.html", context)


@head_judge_required
def hand_resolve_view(request, slug, round_number, table_number, number):
    """A mismatch side by side; the head judge keeps one entry."""
    session = session_or_404(slug, round_number, table_number)
    hand = _hand_or_404(session, number)
    second = HandEntry.objects.filter(hand=hand).select_related("entered_by").first()
    if second is None:
        messages.info(request, f"Hand {number} has no mismatch to resolve.")
        return redirect(session_url(session))
    if request.method == "POST":
        try:
            hand_resolve(
                hand=hand,
                second=second,
                keep=request.POST.get("keep", ""),
                user=request.user,
                version=optional_int(request.POST.get("version")) or 0,
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, f"Hand {number} resolved and confirmed.")
            return redirect(session_url(session))
    seating = sel.seating_of(session)
    first = hand_preview(session=session, entry=HandEntryData.from_hand(hand))
    other = hand_preview(session=session, entry=HandEntryData.from_data(second.data))
    context = {
        "tournament": session.round.tournament,
        "session": session,
        "hand": hand,
        "second": second,
        "sides": [
            ("first", hand.entered_by, preview_context(None, first, seating)),
            ("second", second.entered_by, preview_context(None, other, seating)),
        ],
    }
    return render(request, "tournament/desk/hand_resolve.html", context)


@judge_required
def penalty_new(request, slug, round_number, table_number):
    session = session_or_404(slug, round_number, table_number)
    seating = sel.seating_of(session)
    form = PenaltyForm(request.POST or None, seating=seating)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            penalty_record(
                session=session,
                player_id=data["player"],
                amount=data["amount"],
                mode=data["mode"],
                reason=data["reason"],
                hand_number=data["hand_number"],
                user=request.user,
            )
        except ValidationError as error:
            if hasattr(error, "error_dict"):
                for field, errors in error.error_dict.items():
                    form.add_error(field if field in form.fields else None, errors)
            else:
                form.add_error(None, error)
        else:
            messages.success(request, "Penalty recorded (RULINGS R13).")
            return redirect(session_url(session))
    context = {"tournament": session.round.tournament, "session": session, "form": form}
    return render(request, "tournament/desk/penalty.html", context)


@judge_required
def session_reconcile_view(request, slug, round_number, table_number):
    session = session_or_404(slug, round_number, table_number)
    seating = sel.seating_of(session)
    form = CardForm(request.POST or None, seating=seating)
    result = None
    if request.method == "POST" and form.is_valid():
        try:
            result = session_reconcile(
                session=session, card_totals=form.card_totals(), user=request.user
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if result.matches:
                messages.success(request, f"{session} reconciled and closed.")
                return redirect(session_url(session))
    context = {
        "tournament": session.round.tournament,
        "session": session,
        "form": form,
        "result": result,
        "sheet": sel.session_sheet(session),
    }
    return render(request, "tournament/desk/reconcile.html", context, status=200)


@head_judge_required
def session_reopen_view(request, slug, round_number, table_number):
    session = session_or_404(slug, round_number, table_number)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            session_reopen(session=session, user=request.user, reason=form.cleaned_data["reason"])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, f"{session} reopened.")
            return redirect(session_url(session))
    context = {"tournament": session.round.tournament, "session": session, "form": form}
    return render(request, "tournament/desk/reopen.html", context)


@judge_required
def session_audit(request, slug, round_number, table_number):
    session = session_or_404(slug, round_number, table_number)
    context = {
        "tournament": session.round.tournament,
        "session": session,
        "entries": sel.audit_entries(session=session)[:500],
    }
    return render(request, "tournament/desk/audit.html", context)


@judge_required
def tournament_audit(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    page = Paginator(sel.audit_entries(tournament=tournament), 100).get_page(
        request.GET.get("page")
    )
    context = {"tournament": tournament, "entries": page, "page": page}
    return render(request, "tournament/desk/audit.html", context)


@head_judge_required
def desk_settings(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    form = SettingsForm(request.POST or None, instance=Tournament.objects.get(pk=tournament.pk))
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in SETTINGS_FIELDS}
        try:
            tournament_settings_update(tournament=tournament, changes=changes, user=request.user)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, "Tournament settings saved.")
            return redirect("desk_home", slug=slug)
    closed = Session.objects.filter(round__tournament=tournament).exclude(status="open").count()
    context = {"tournament": tournament, "form": form, "closed_sessions": closed}
    return render(request, "tournament/desk/settings.html", context)
