"""The organiser's console: create and edit a tournament, its dashboard, the roster (add, edit,
withdraw, reinstate, substitute, import, export), the roll call before a round, officials, and
repairs of round status and penalties. Everything an organiser does on the morning of an event,
without the Django admin.

Views stay thin: forms check input, `services` write (roster changes that reseat go through
`tournament.seating.services`), `selectors` read; `tournament.roles` decides who may (the
decorators find the tournament from the ``slug`` keyword).
"""

from __future__ import annotations

import csv
import json

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from ..models import Penalty, Registration, Round, Session, Tournament, TournamentOfficial
from ..names import player_names
from ..play.selectors import round_is_played
from ..play.services import sessions as session_services
from ..roles import global_organiser_required, head_judge_required, organiser_required
from ..seating import services as seating_services
from . import removal, roster_bridge, selectors, services
from .forms import (
    ImportForm,
    OfficialForm,
    PenaltyDeleteForm,
    PlayerForm,
    RoundStatusForm,
    SeatRoundForm,
    TournamentCreateForm,
    TournamentDeleteForm,
    TournamentEditForm,
    TournamentHiddenForm,
    WithdrawForm,
)
from .roster_files import FileProblem, rows_from_bytes, rows_from_text
from .roster_import import RowsError
from .spreadsheet import row_escape
from .steps import STEP_LABELS, EventFacts, next_step

IMPORT_SESSION_KEY = "event_roster_import"
PREVIEW_LIMIT = 500  # rows shown in full on the preview page; every problem is always listed


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _errors(error: ValidationError) -> str:
    return " ".join(error.messages)


# --- tournament ---------------------------------------------------------------------------------


@global_organiser_required
def tournament_create(request):
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(user=request.user, **form.cleaned_data)
        except ValidationError as error:
            _onto_form(form, error)
        else:
            messages.success(request, f"{tournament.name} created. Next: register the players.")
            return redirect("event:dashboard", slug=tournament.slug)
    same_name = form.is_bound and (
        form.has_error("name", "same_name") or bool(request.POST.get("same_name_ok"))
    )
    context = {"form": form, "ask_same_name": same_name}
    return render(request, "tournament/event/tournament_create.html", context)


@organiser_required
def tournament_delete(request, slug):
    """Delete a tournament without hands (its name typed), or hide or show one."""
    tournament = _tournament(slug)
    played = removal.tournament_is_played(tournament)
    form = TournamentDeleteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            removal.tournament_delete(
                tournament=tournament, typed_name=form.cleaned_data["name"], user=request.user
            )
        except ValidationError as error:
            _onto_form(form, error)
        else:
            messages.success(request, f"{tournament.name} deleted.")
            return redirect("public:home")
    context = {
        "tournament": tournament,
        "form": form,
        "played": played,
        "player_count": tournament.registrations.count(),
        "round_count": tournament.rounds.count(),
    }
    return render(request, "tournament/event/tournament_delete.html", context)


@organiser_required
@require_POST
def tournament_hidden(request, slug):
    tournament = _tournament(slug)
    form = TournamentHiddenForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose to hide the tournament or to show it.")
        return redirect("event:tournament_delete", slug=slug)
    hidden = form.cleaned_data["hidden"]
    removal.tournament_hidden_set(tournament=tournament, hidden=hidden, user=request.user)
    if hidden:
        messages.success(
            request,
            f"{tournament.name} is hidden: its public pages answer 'not found' and the lists leave "
            "it out. Officials still see it.",
        )
    else:
        messages.success(request, f"{tournament.name} is shown on the public pages again.")
    return redirect("event:tournament_delete", slug=slug)


@organiser_required
def tournament_edit(request, slug):
    tournament = _tournament(slug)
    form = TournamentEditForm(
        request.POST or None, instance=Tournament.objects.get(pk=tournament.pk)
    )
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            services.tournament_update(tournament=tournament, changes=changes, user=request.user)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, "Tournament saved.")
            return redirect("event:dashboard", slug=slug)
    return render(
        request, "tournament/event/tournament_edit.html", {"tournament": tournament, "form": form}
    )


def _event_facts(tournament: Tournament) -> tuple[EventFacts, list[Round]]:
    rounds = list(tournament.rounds.all())
    played = [r for r in rounds if round_is_played(r)]
    last_played = played[-1] if played else None
    by_number = {r.number: r for r in rounds}
    players = selectors.active_player_count(tournament)
    # Once the last played round is done (all reconciled), the next round is the one to prepare.
    current = last_played
    sessions = {}
    if current is not None:
        sessions = {
            status: Session.objects.filter(round=current, status=status).count()
            for status in Session.Status.values
        }
        if not sessions[Session.Status.OPEN] and not sessions[Session.Status.CLOSED]:
            current = None
    number = current.number if current else (last_played.number + 1 if last_played else 1)
    upcoming = by_number.get(number)
    facts = EventFacts(
        players=players,
        next_round=number,
        checked_in=len(selectors.checked_in_player_ids(tournament, number)),
        next_round_seated=bool(upcoming and upcoming.seats.exists()),
        next_round_published=bool(upcoming and upcoming.seating_published),
        next_round_played=current is not None,
        open_sessions=sessions.get(Session.Status.OPEN, 0),
        unreconciled_sessions=sessions.get(Session.Status.CLOSED, 0),
    )
    return facts, rounds


@organiser_required
def dashboard(request, slug):
    tournament = _tournament(slug)
    facts, rounds = _event_facts(tournament)
    context = {
        "tournament": tournament,
        "facts": facts,
        "step": (step := next_step(facts)),
        "steps": [(label, key == step.key) for key, label in STEP_LABELS.items()],
        "rounds": rounds,
        "withdrawn": tournament.registrations.filter(status=Registration.Status.WITHDRAWN).count(),
        "officials": selectors.officials(tournament),
    }
    return render(request, "tournament/event/dashboard.html", context)


# --- roster -------------------------------------------------------------------------------------


@organiser_required
def roster(request, slug):
    tournament = _tournament(slug)
    query = request.GET.get("q", "").strip()
    page = Paginator(selectors.roster(tournament, query), 50).get_page(request.GET.get("page"))
    return render(
        request,
        "tournament/event/roster.html",
        {"tournament": tournament, "page": page, "query": query},
    )


def _player_values(data: dict) -> dict:
    return {key: value for key, value in data.items() if key != "number"}


@organiser_required
def player_add(request, slug):
    tournament = _tournament(slug)
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            registration = services.registration_add(
                tournament=tournament,
                number=form.cleaned_data["number"],
                **_player_values(form.cleaned_data),
            )
        except ValidationError as error:
            _onto_form(form, error)
        else:
            messages.success(request, f"Registered {registration}.")
            if "again" in request.POST:
                return redirect("event:player_add", slug=slug)
            return redirect("event:roster", slug=slug)
    return render(
        request,
        "tournament/event/player_form.html",
        {"tournament": tournament, "form": form, "title": "Add a player", "again": True},
    )


def _onto_form(form, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error)


def _registration(tournament: Tournament, number: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player", "tournament"),
        tournament=tournament,
        number=number,
    )


@organiser_required
def player_edit(request, slug, number):
    tournament = _tournament(slug)
    registration = _registration(tournament, number)
    player = registration.player
    initial = {
        "given_name": player.given_name,
        "family_name": player.family_name,
        "chinese_name": player.chinese_name,
        "country": player.country.code,
        "club": player.club,
        "external_id": player.external_id,
        "number": registration.number,
    }
    form = PlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        changes = dict(form.cleaned_data)
        if changes["number"] is None:
            changes["number"] = registration.number
        try:
            services.player_update(registration=registration, changes=changes)
        except ValidationError as error:
            _onto_form(form, error)
        else:
            messages.success(request, f"Saved {registration}.")
            return redirect("event:roster", slug=slug)
    context = {
        "tournament": tournament,
        "form": form,
        "registration": registration,
        "title": f"Edit {registration}",
        "withdraw_form": WithdrawForm(
            initial={"from_round": selectors.last_seated_round_number(tournament) or 1}
        ),
    }
    return render(request, "tournament/event/player_form.html", context)


@organiser_required
def player_withdraw(request, slug, number):
    tournament = _tournament(slug)
    registration = _registration(tournament, number)
    form = WithdrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            reseated = seating_services.roster_withdraw(
                registration=registration, from_round=form.cleaned_data["from_round"]
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            note = f" Reseated round(s) {', '.join(map(str, reseated))}." if reseated else ""
            messages.success(
                request,
                f"{registration.player} withdrawn from round {form.cleaned_data['from_round']} on."
                + note,
            )
            return redirect("event:roster", slug=slug)
    return render(
        request,
        "tournament/event/player_withdraw.html",
        {"tournament": tournament, "registration": registration, "form": form},
    )


@organiser_required
@require_POST
def player_reinstate(request, slug, number):
    tournament = _tournament(slug)
    registration = _registration(tournament, number)
    try:
        reseated = seating_services.roster_reinstate(registration=registration)
    except ValidationError as error:
        messages.error(request, _errors(error))
    else:
        note = f" Reseated round(s) {', '.join(map(str, reseated))}." if reseated else ""
        messages.success(request, f"{registration.player} is back in the event." + note)
    return redirect("event:roster", slug=slug)


@organiser_required
def substitute_add(request, slug):
    tournament = _tournament(slug)
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            registration = seating_services.roster_substitute(
                tournament=tournament,
                number=form.cleaned_data["number"],
                **_player_values(form.cleaned_data),
            )
        except ValidationError as error:
            _onto_form(form, error)
        else:
            messages.success(request, f"Substitute {registration} registered.")
            back = request.POST.get("next")
            if back == "checkin":
                return redirect("event:checkin", slug=slug)
            return redirect("event:roster", slug=slug)
    return render(
        request,
        "tournament/event/player_form.html",
        {"tournament": tournament, "form": form, "title": "Add a substitute", "substitute": True},
    )


@organiser_required
def roster_export(request, slug):
    """The roster as CSV; every cell goes through `spreadsheet.cell_escape` (formula injection)."""
    tournament = _tournament(slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-players.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 with a BOM
    writer = csv.writer(response)
    writer.writerow(
        [
            "number",
            "given name",
            "family name",
            "Chinese name",
            "country",
            "club",
            "external id",
            "status",
            "substitute",
        ]
    )
    for reg in selectors.roster(tournament):
        player = reg.player
        writer.writerow(
            row_escape(
                [
                    reg.number,
                    player.given_name,
                    player.family_name,
                    player.chinese_name,
                    player.country.code,
                    player.club,
                    player.external_id,
                    reg.status,
                    "yes" if reg.is_substitute else "",
                ]
            )
        )
    return response


# --- import -------------------------------------------------------------------------------------


def _import_source(form: ImportForm) -> roster_bridge.ImportSource:
    """Read the form's file or text with its header decision (`roster_bridge.import_source`)."""
    upload = form.cleaned_data.get("file")
    if upload is not None:
        rows = rows_from_bytes(upload.read(), filename=upload.name)
    else:
        rows = rows_from_text(form.cleaned_data["text"])
    return roster_bridge.import_source(
        rows, header=form.cleaned_data["header"], columns=form.chosen_columns()
    )


@organiser_required
def roster_import(request, slug):
    tournament = _tournament(slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    plan = None
    if request.method == "POST" and form.is_valid():
        try:
            source = _import_source(form)
        except (FileProblem, RowsError) as problem:
            form.add_error(None, str(problem))
        else:
            plan = roster_bridge.plan_source(tournament, source)
            request.session[IMPORT_SESSION_KEY] = {"tournament": tournament.pk, **source.as_data()}
    context = {
        "tournament": tournament,
        "form": form,
        "plan": plan,
        "shown": plan.lines[:PREVIEW_LIMIT] if plan else [],
        "hidden": max(0, len(plan.lines) - PREVIEW_LIMIT) if plan else 0,
        "counts": plan.counts() if plan else {},
        "summary": roster_bridge.import_summary(plan.counts()) if plan else "",
        "to_import": sum(n for a, n in plan.counts().items() if a != "skip") if plan else 0,
    }
    return render(request, "tournament/event/roster_import.html", context)


@organiser_required
@require_POST
def roster_import_confirm(request, slug):
    tournament = _tournament(slug)
    stored = request.session.get(IMPORT_SESSION_KEY)
    if not stored or stored.get("tournament") != tournament.pk:
        messages.error(request, "There is no import to confirm: upload the file again.")
        return redirect("event:roster_import", slug=slug)
    # Planned again against the roster as it is now: what is saved is what the rules allow now.
    plan = roster_bridge.plan_source(tournament, roster_bridge.ImportSource.from_data(stored))
    try:
        counts = services.roster_import(tournament=tournament, plan=plan)
    except ValidationError as error:
        messages.error(request, "Nothing was saved. " + _errors(error))
        return redirect("event:roster_import", slug=slug)
    del request.session[IMPORT_SESSION_KEY]
    messages.success(request, roster_bridge.imported_message(counts))
    return redirect("event:roster", slug=slug)


# --- roll call ------------------------------------------------------------------------------------


def _checkin_round(tournament: Tournament, request) -> int:
    facts, _ = _event_facts(tournament)
    number = facts.next_round if not facts.next_round_played else facts.next_round + 1
    try:
        return max(1, int(request.GET.get("round", number)))
    except ValueError:
        return number


def _counts(registrations) -> dict:
    present = sum(1 for r in registrations if r.present)
    return {
        "present": present,
        "absent": len(registrations) - present,
        "total": len(registrations),
        "remainder": present % 4,
        "missing": -present % 4,
    }


@organiser_required
def checkin(request, slug):
    tournament = _tournament(slug)
    number = _checkin_round(tournament, request)
    if request.method == "POST":
        present_ids = {int(pk) for pk in request.POST.getlist("present") if pk.isdecimal()}
        if request.POST.get("all_present"):
            present_ids = {reg.pk for reg in selectors.roll_call(tournament, number)}
        services.roll_call_save(tournament=tournament, round_number=number, present_ids=present_ids)
        messages.success(request, "Roll call saved.")
        return redirect(f"{request.path}?round={number}")
    registrations = selectors.roll_call(tournament, number)
    round_ = tournament.rounds.filter(number=number).first()
    context = {
        "tournament": tournament,
        "number": number,
        "registrations": registrations,
        "counts": _counts(registrations),
        "seat_form": SeatRoundForm(),
        "substitute_form": PlayerForm(),
        "round": round_,
        "played": bool(round_ and round_is_played(round_)),
        "withdrawn_numbers": selectors.withdrawn_numbers(tournament),
    }
    return render(request, "tournament/event/checkin.html", context)


@organiser_required
@require_POST
def checkin_toggle(request, slug):
    """One player present or absent (the page's keyboard toggles); answers the new counts."""
    tournament = _tournament(slug)
    try:
        data = json.loads(request.body or b"{}")
        number, registration_id = int(data["round"]), int(data["registration"])
        present = bool(data["present"])
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": "Send round, registration and present."}, status=400)
    services.checkin_set(
        tournament=tournament,
        round_number=number,
        registration_ids=[registration_id],
        present=present,
    )
    return JsonResponse(_counts(selectors.roll_call(tournament, number)))


@organiser_required
@require_POST
def round_seat(request, slug, number):
    """Seat one round with the players checked in for it (and the prepared rounds after it
    again, see `seating.services.round_seat_from_roll_call`)."""
    tournament = _tournament(slug)
    form = SeatRoundForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose what to do with players who do not fill a table.")
        return redirect(f"{_url('event:checkin', slug)}?round={number}")
    try:
        plan = seating_services.round_seat_from_roll_call(
            tournament=tournament,
            number=number,
            seed=form.cleaned_data["seed"] or 0,
            odd_players=form.cleaned_data["odd_players"],
        )
    except ValidationError as error:
        messages.error(request, _errors(error))
        return redirect(f"{_url('event:checkin', slug)}?round={number}")
    messages.success(request, plan.describe())
    return redirect("seating:seating_round", slug=slug, number=number)


def _url(name, slug):
    return reverse(name, kwargs={"slug": slug})


# --- officials ----------------------------------------------------------------------------------


@organiser_required
def officials(request, slug):
    tournament = _tournament(slug)
    form = OfficialForm(request.POST or None)
    password = None
    if request.method == "POST" and form.is_valid():
        try:
            official, password = services.official_add(tournament=tournament, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                f"{official.user.username} is now {official.get_role_display().lower()} "
                f"of {tournament.name}.",
            )
            if password is None:
                return redirect("event:officials", slug=slug)
            form = OfficialForm()
    context = {
        "tournament": tournament,
        "form": form,
        "officials": selectors.officials(tournament),
        "password": password,
        "new_username": request.POST.get("username", "") if password else "",
    }
    response = render(request, "tournament/event/officials.html", context)
    response["Cache-Control"] = "no-store"  # the generated password is shown once
    return response


@organiser_required
@require_POST
def official_remove(request, slug, pk):
    tournament = _tournament(slug)
    official = get_object_or_404(TournamentOfficial, tournament=tournament, pk=pk)
    services.official_remove(official=official)
    messages.success(request, f"{official.user.username} is no longer an official here.")
    return redirect("event:officials", slug=slug)


# --- rounds and penalties -----------------------------------------------------------------------


@head_judge_required
def rounds(request, slug):
    tournament = _tournament(slug)
    round_list = list(tournament.rounds.all())
    penalties = list(
        Penalty.objects.filter(tournament=tournament)
        .select_related("player", "session__table", "session__round")
        .order_by("-created_at")
    )
    names = player_names(tournament)
    for penalty in penalties:
        penalty.label = names.label(penalty.player_id, penalty.player.name)
    context = {
        "tournament": tournament,
        "rounds": [(r, RoundStatusForm(initial={"status": r.status})) for r in round_list],
        "penalties": penalties,
        "delete_form": PenaltyDeleteForm(),
    }
    return render(request, "tournament/event/rounds.html", context)


@head_judge_required
@require_POST
def round_status(request, slug, number):
    tournament = _tournament(slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    form = RoundStatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a known status.")
    else:
        try:
            services.round_status_set(
                round_=round_, status=form.cleaned_data["status"], user=request.user
            )
        except ValidationError as error:
            messages.error(request, _errors(error))
        else:
            messages.success(request, f"Round {number} is now {round_.get_status_display()}.")
    return redirect("event:rounds", slug=slug)


@head_judge_required
@require_POST
def penalty_delete(request, slug, pk):
    tournament = _tournament(slug)
    penalty = get_object_or_404(Penalty, tournament=tournament, pk=pk)
    form = PenaltyDeleteForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Say why the penalty is deleted; the reason goes in the audit log.")
    else:
        try:
            session_services.penalty_delete(
                penalty=penalty, user=request.user, reason=form.cleaned_data["reason"]
            )
        except ValidationError as error:
            messages.error(request, _errors(error))
        else:
            messages.success(request, "Penalty deleted; the audit log keeps it.")
    return redirect("event:rounds", slug=slug)
