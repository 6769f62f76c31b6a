"""Django admin for the tournament data: list columns, filters and search for every model.

Edits here bypass the services, so every model admin keeps what the services keep
(`KeepsStandings`): the tournament's last write moves on (public pages revalidate) and a
session's kept totals are refreshed when its hands, payments or penalties change.
"""

from django.contrib import admin
from django.db import transaction

from .audit import tournament_touch
from .models import (
    AuditEntry,
    Hand,
    HandEntry,
    Payment,
    Penalty,
    Player,
    Registration,
    Round,
    Seat,
    Session,
    Table,
    Tournament,
    TournamentOfficial,
)
from .play.services.scores import session_scores_refresh


def _tournament_ids(obj) -> set[int]:
    if isinstance(obj, Tournament):
        return {obj.pk}
    if isinstance(obj, Player):
        return set(obj.registrations.values_list("tournament_id", flat=True))
    for path in ("tournament_id", "round.tournament_id", "session.round.tournament_id"):
        value = obj
        try:
            for part in path.split("."):
                value = getattr(value, part)
        except (AttributeError, Session.DoesNotExist, Round.DoesNotExist):
            continue
        if value:
            return {value}
    if isinstance(obj, Payment | HandEntry):
        return _tournament_ids(obj.hand)
    return set()


def _session_of(obj):
    if isinstance(obj, Hand | Penalty):
        return obj.session if obj.session_id else None
    if isinstance(obj, Payment):
        return obj.hand.session
    return None


class KeepsStandings:
    """Mixed into every model admin: see the module docstring."""

    def _kept(self, obj, tournaments, session):
        for pk in tournaments:
            tournament_touch(pk)
        if session is not None:
            session_scores_refresh(session=session)

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            self._kept(obj, _tournament_ids(obj), _session_of(obj))

    def save_related(self, request, form, formsets, change):
        with transaction.atomic():
            super().save_related(request, form, formsets, change)
            self._kept(form.instance, _tournament_ids(form.instance), _session_of(form.instance))

    def delete_model(self, request, obj):
        tournaments, session = _tournament_ids(obj), _session_of(obj)
        with transaction.atomic():
            super().delete_model(request, obj)
            self._kept(obj, tournaments, session)

    def delete_queryset(self, request, queryset):
        kept = [(_tournament_ids(obj), _session_of(obj)) for obj in queryset]
        with transaction.atomic():
            super().delete_queryset(request, queryset)
            for tournaments, session in kept:
                self._kept(None, tournaments, session)


@admin.register(Tournament)
class TournamentAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = [
        "name",
        "start_date",
        "end_date",
        "venue",
        "minimum_points",
        "payoff_scheme",
        "results_public",
    ]
    list_filter = ["minimum_points", "payoff_scheme", "results_public"]
    search_fields = ["name", "venue", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "start_date"


@admin.register(Player)
class PlayerAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["name", "chinese_name", "country", "club", "external_id"]
    list_filter = ["country"]
    search_fields = ["name", "chinese_name", "club", "external_id"]
    fields = ["given_name", "family_name", "name", "chinese_name", "country", "club", "external_id"]
    readonly_fields = ["name"]  # derived from the given and family names on save


@admin.register(TournamentOfficial)
class TournamentOfficialAdmin(admin.ModelAdmin):
    list_display = ["user", "role", "tournament"]
    list_filter = ["tournament", "role"]
    search_fields = ["user__username"]
    list_select_related = ["user", "tournament"]


@admin.register(Registration)
class RegistrationAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["number", "player", "tournament", "status", "is_substitute"]
    list_filter = ["tournament", "status", "is_substitute"]
    search_fields = ["player__name", "player__external_id"]
    autocomplete_fields = ["player"]
    list_select_related = ["player", "tournament"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Round)
class RoundAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "seating_published"]
    list_filter = ["tournament", "status", "seating_published"]
    inlines = [SeatInline]


@admin.register(Table)
class TableAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["tournament", "number", "label"]
    list_filter = ["tournament"]
    search_fields = ["label"]


@admin.register(Seat)
class SeatAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["round", "table", "wind", "player"]
    list_filter = ["round__tournament", "round__number", "wind"]
    search_fields = ["player__name"]
    autocomplete_fields = ["player"]
    list_select_related = ["round", "table", "player"]


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    fields = ["number", "outcome", "winner", "win_type", "value", "version"]
    readonly_fields = fields
    show_change_link = True
    can_delete = False


@admin.register(Session)
class SessionAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["round", "table", "status"]
    list_filter = ["round__tournament", "round__number", "status"]
    inlines = [HandInline]
    list_select_related = ["round", "table"]


class PaymentInline(admin.TabularInline):
    model = Payment
    extra = 0


@admin.register(Hand)
class HandAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = [
        "session",
        "number",
        "outcome",
        "winner",
        "win_type",
        "value",
        "entered_by",
        "entered_at",
    ]
    list_filter = ["outcome", "win_type", "session__round__tournament", "session__round__number"]
    search_fields = ["winner__name", "concealed", "melds"]
    autocomplete_fields = ["winner", "discarder", "responsible"]
    readonly_fields = ["entered_at", "updated_at", "version"]
    inlines = [PaymentInline]
    list_select_related = ["session__round", "session__table", "winner", "entered_by"]


@admin.register(Payment)
class PaymentAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["hand", "player", "amount"]
    list_filter = ["hand__session__round__tournament"]
    search_fields = ["player__name"]
    list_select_related = ["hand__session__round", "hand__session__table", "player"]


@admin.register(Penalty)
class PenaltyAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["player", "tournament", "amount", "mode", "reason", "created_by", "created_at"]
    list_filter = ["tournament", "mode"]
    search_fields = ["player__name", "reason"]
    autocomplete_fields = ["player"]
    readonly_fields = ["created_at"]


@admin.register(HandEntry)
class HandEntryAdmin(KeepsStandings, admin.ModelAdmin):
    list_display = ["hand", "entered_by", "entered_at", "hand_version"]
    list_filter = ["hand__session__round__tournament"]
    search_fields = ["entered_by__username"]
    list_select_related = ["hand__session__round", "hand__session__table", "entered_by"]


@admin.register(AuditEntry)
class AuditEntryAdmin(KeepsStandings, admin.ModelAdmin):
    """The audit log is a record: it can be read and searched, never edited."""

    list_display = [
        "created_at",
        "tournament",
        "session",
        "hand_number",
        "action",
        "user",
        "reason",
    ]
    list_filter = ["tournament", "action"]
    search_fields = ["reason", "user__username"]
    list_select_related = ["tournament", "session__round", "session__table", "user"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
