"""Django admin for the tournament data: list columns, filters and search for every model."""

from django.contrib import admin

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


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
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
class PlayerAdmin(admin.ModelAdmin):
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
class RegistrationAdmin(admin.ModelAdmin):
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
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "seating_published"]
    list_filter = ["tournament", "status", "seating_published"]
    inlines = [SeatInline]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "label"]
    list_filter = ["tournament"]
    search_fields = ["label"]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
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
class SessionAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "status"]
    list_filter = ["round__tournament", "round__number", "status"]
    inlines = [HandInline]
    list_select_related = ["round", "table"]


class PaymentInline(admin.TabularInline):
    model = Payment
    extra = 0


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
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
class PaymentAdmin(admin.ModelAdmin):
    list_display = ["hand", "player", "amount"]
    list_filter = ["hand__session__round__tournament"]
    search_fields = ["player__name"]
    list_select_related = ["hand__session__round", "hand__session__table", "player"]


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "amount", "mode", "reason", "created_by", "created_at"]
    list_filter = ["tournament", "mode"]
    search_fields = ["player__name", "reason"]
    autocomplete_fields = ["player"]
    readonly_fields = ["created_at"]


@admin.register(HandEntry)
class HandEntryAdmin(admin.ModelAdmin):
    list_display = ["hand", "entered_by", "entered_at", "hand_version"]
    list_filter = ["hand__session__round__tournament"]
    search_fields = ["entered_by__username"]
    list_select_related = ["hand__session__round", "hand__session__table", "entered_by"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
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
