"""Judges' desk pages: a round's tables, a session's hand entry with live preview, corrections.

Vocabulary: see `tournament.hand_services` (entry, preview, correction) and
`tournament.desk_selectors` (sheet, next number). Every view here checks the desk role on the
server (`tournament.permissions`); views parse forms, call one service and render.
"""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from . import desk_selectors as sel
from .desk_forms import CorrectionForm, DeleteForm, HandForm
from .hand_scoring import HandEntryData
from .hand_services import (
    EntryRejected,
    HandNumberTaken,
    StaleHandError,
    hand_correct,
    hand_delete,
    hand_preview,
    hand_save,
)
from .models import Round, Session, Tournament
from .permissions import is_head_judge, judge_required


def session_or_404(slug: str, round_number: int, table_number: int) -> Session:
    session = sel.session_get(slug=slug, round_number=round_number, table_number=table_number)
    if session is None:
        raise Http404("No session for this round and table.")
    return session


def session_url(session: Session, name: str = "desk_session", **extra) -> str:
    kwargs = {
        "slug": session.round.tournament.slug,
        "round_number": session.round.number,
        "table_number": session.table.number,
        **extra,
    }
    return reverse(name, kwargs=kwargs)


def payment_rows(evaluation, seating, number: int) -> list[tuple[str, str, int | None]]:
    """(seat wind in this hand, name, payment) in seat order, dealer first (RULINGS R14)."""
    if len(seating.players) != 4:
        return []
    return [
        (wind, seating.names[pid], evaluation.payments.get(pid) if evaluation else None)
        for wind, pid in seating.in_hand_order(number)
    ]


def error_links(form, evaluation) -> list[tuple[str, str, str]]:
    """(field id, field label, message) for each problem, so the preview can point at it."""

    def link(name):
        if form is not None and name in form.fields:
            label = form.fields[name].label or name.replace("_", " ").capitalize()
            return form[name].id_for_label, label
        return "", ""

    if form is not None and form.errors:
        pairs = [(name, msg) for name, msgs in form.errors.items() for msg in msgs]
    elif evaluation is not None:
        pairs = list(evaluation.errors)
    else:
        pairs = []
    return [(*link(name if name != "__all__" else ""), message) for name, message in pairs]


def preview_context(form, evaluation, seating) -> dict:
    number = evaluation.entry.number if evaluation else 1
    return {
        "form": form,
        "evaluation": evaluation,
        "error_links": error_links(form, evaluation),
        "payment_rows": payment_rows(evaluation, seating, number),
    }


def _evaluate_into(form, session, *, as_false_win=False):
    """Preview a bound, valid form; errors go onto the form's fields."""
    entry = form.entry()
    if as_false_win:
        entry = replace(entry, outcome="false_win")
    evaluation = hand_preview(session=session, entry=entry)
    return entry, evaluation


def _errors_onto(form, evaluation) -> None:
    for name, message in evaluation.errors:
        form.add_error(name if name in form.fields else None, message)


@judge_required
def desk_home(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    rounds = list(tournament.rounds.all())
    if not rounds:
        messages.warning(request, "This tournament has no rounds yet.")
        return redirect("tournament_detail", slug=slug)
    open_rounds = [r for r in rounds if r.sessions.filter(status=Session.Status.OPEN).exists()]
    current = open_rounds[0] if open_rounds else rounds[-1]
    return redirect("desk_round", slug=slug, round_number=current.number)


@judge_required
def desk_round(request, slug, round_number):
    round_ = get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=round_number
    )
    table = request.GET.get("table", "").strip()
    if table:
        if table.isdecimal() and round_.sessions.filter(table__number=int(table)).exists():
            return redirect(
                "desk_session", slug=slug, round_number=round_number, table_number=int(table)
            )
        messages.error(request, f"Round {round_number} has no table {table}.")
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "rounds": round_.tournament.rounds.all(),
        "cards": sel.round_desk(round_),
        "is_head_judge": is_head_judge(request.user),
    }
    return render(request, "tournament/desk/round.html", context)


def _session_page(request, session, form, evaluation, status=200):
    sheet = sel.session_sheet(session)
    next_number = sel.session_next_number(session)
    number = next_number
    if form.is_bound and form.is_valid():
        number = form.cleaned_data["number"]
    context = {
        "tournament": session.round.tournament,
        "session": session,
        "sheet": sheet,
        "next_number": next_number,
        "hand_number": number,
        "dealer": sheet.seating.names.get(sheet.seating.dealer(number))
        if number and len(sheet.seating.players) == 4
        else "",
        "preview_url": session_url(session, "desk_preview"),
        "is_head_judge": is_head_judge(request.user),
        **preview_context(form, evaluation, sheet.seating),
    }
    return render(request, "tournament/desk/session.html", context, status=status)


@judge_required
def desk_session(request, slug, round_number, table_number):
    session = session_or_404(slug, round_number, table_number)
    seating = sel.seating_of(session)
    next_number = sel.session_next_number(session)
    evaluation = None
    if request.method != "POST":
        initial = {"number": next_number, "outcome": "win", "win_type": "discard"}
        form = HandForm(initial=initial, seating=seating, number=next_number or 1)
        return _session_page(request, session, form, None)
    form = HandForm(request.POST, seating=seating, number=next_number or 1)
    if form.is_valid():
        entry, evaluation = _evaluate_into(
            form, session, as_false_win=bool(request.POST.get("as_false_win"))
        )
        try:
            hand = hand_save(session=session, entry=entry, user=request.user)
        except EntryRejected as error:
            _errors_onto(form, error.evaluation)
        except HandNumberTaken as error:
            form.add_error("number", error.messages[0])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            what = "a draw" if hand.outcome == "draw" else f"{hand.value or 0} points"
            if hand.outcome == "false_win":
                what = "a false win"
            pending = "" if hand.confirmed else " It awaits a second entry (double entry)."
            messages.success(request, f"Hand {hand.number} saved: {what}.{pending}")
            return redirect(session_url(session))
    return _session_page(request, session, form, evaluation, status=422)


@judge_required
@require_POST
def desk_preview(request, slug, round_number, table_number):
    """The htmx live preview: the parsed hand, arrangement, patterns, payments or the errors."""
    session = session_or_404(slug, round_number, table_number)
    seating = sel.seating_of(session)
    form = HandForm(request.POST, seating=seating, number=1)
    evaluation = _evaluate_into(form, session)[1] if form.is_valid() else None
    return render(
        request,
        "tournament/desk/_preview.html",
        {**preview_context(form, evaluation, seating), "offer_false_win": True},
    )


def _hand_or_404(session, number):
    return get_object_or_404(session.hands.select_related("entered_by"), number=number)


@judge_required
def hand_edit(request, slug, round_number, table_number, number):
    session = session_or_404(slug, round_number, table_number)
    hand = _hand_or_404(session, number)
    seating = sel.seating_of(session)
    conflict = None
    evaluation = None
    if request.method == "POST":
        form = CorrectionForm(request.POST, seating=seating, number=number)
        if form.is_valid():
            entry, evaluation = _evaluate_into(form, session)
            try:
                hand_correct(
                    hand=hand,
                    entry=entry,
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    version=form.cleaned_data["version"],
                )
            except StaleHandError as error:
                conflict = error
                hand = _hand_or_404(session, number)
                data = request.POST.copy()
                data["version"] = hand.version  # a second submit overwrites, knowingly
                form = CorrectionForm(data, seating=seating, number=number)
                form.is_valid()
            except EntryRejected as error:
                _errors_onto(form, error.evaluation)
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, f"Hand {number} corrected.")
                return redirect(session_url(session))
    else:
        initial = CorrectionForm.initial_from(HandEntryData.from_hand(hand))
        form = CorrectionForm(
            initial={**initial, "version": hand.version}, seating=seating, number=number
        )
    context = {
        "tournament": session.round.tournament,
        "session": session,
        "hand": hand,
        "conflict": conflict,
        "preview_url": session_url(session, "desk_preview"),
        **preview_context(form, evaluation, seating),
    }
    status = 409 if conflict else (422 if form.is_bound else 200)
    return render(request, "tournament/desk/hand_edit.html", context, status=status)


@judge_required
def hand_remove(request, slug, round_number, table_number, number):
    session = session_or_404(slug, round_number, table_number)
    hand = _hand_or_404(session, number)
    conflict = None
    if request.method == "POST":
        form = DeleteForm(request.POST)
        if form.is_valid():
            try:
                hand_delete(
                    hand=hand,
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    version=form.cleaned_data["version"],
                )
            except StaleHandError as error:
                conflict = error
                hand = session.hands.filter(number=number).first()
                if hand is None:
                    messages.warning(request, str(error.message))
                    return redirect(session_url(session))
                data = request.POST.copy()
                data["version"] = hand.version  # a second submit deletes, knowingly
                form = DeleteForm(data)
                form.is_valid()
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, f"Hand {number} deleted.")
                return redirect(session_url(session))
    else:
        form = DeleteForm(initial={"version": hand.version})
    context = {
        "tournament": session.round.tournament,
        "session": session,
        "hand": hand,
        "form": form,
        "conflict": conflict,
    }
    return render(
        request, "tournament/desk/hand_delete.html", context, status=409 if conflict else 200
    )
