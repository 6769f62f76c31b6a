"""Django admin for the tournament data: list columns, filters and search for every model.

Vocabulary
----------
side door       any write that skips the services, hence the audit log, the version counter
                and the checks. The admin must not be one:
                - only active superusers may use it (`tournament.apps.SuperuserAdminSite`);
                  officials (judges, head judges, organisers by group) have no admin rights;
                - play records (hands, payments, sessions, penalties, second entries, the audit
                  log) and the seating (rounds, seats) are read-only for everyone, superusers
                  included (`ReadOnlyAdmin`): a repair goes through the desk or the seating
                  pages, whose services audit it;
                - a tournament's desk settings (`services.settings.SETTINGS_FIELDS`) are set when
                  it is created and changed afterwards only on the desk's settings page, which
                  audits the change.
names           a player's names are checked as everywhere else (`PlayerAdminForm`,
                `tournament.name_characters`).
last write      what stays editable here (tournaments, players, registrations, tables) moves
                the tournament's last write on (`KeepsLastWrite`), so public pages revalidate.
"""

from django import forms
from django.contrib import admin
from django.db import transaction

from scoring.translation import translate_message

from .audit import tournament_touch
from .event.services.settings import SETTINGS_FIELDS
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
from .name_characters import name_problems


def _tournament_ids(obj) -> set[int]:
    if isinstance(obj, Tournament):
        return {obj.pk}
    if isinstance(obj, Player):
        return set(obj.registrations.values_list("tournament_id", flat=True))
    return {obj.tournament_id} if getattr(obj, "tournament_id", None) else set()


class KeepsLastWrite:
    """Mixed into the editable admins: see the module docstring."""

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            for pk in _tournament_ids(obj):
                tournament_touch(pk)

    def delete_model(self, request, obj):
        tournaments = _tournament_ids(obj)
        with transaction.atomic():
            super().delete_model(request, obj)
            for pk in tournaments:
                tournament_touch(pk)


class ReadOnlyAdmin(admin.ModelAdmin):
    """A record that only the services write: listed and searchable, never added, changed or
    deleted here, not even by a superuser."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(KeepsLastWrite, admin.ModelAdmin):
    list_display = [
        "name",
        "start_date",
        "end_date",
        "venue",
        "minimum_points",
        "payoff_scheme",
        "results_public",
    ]
    list_filter = ["minimum_points", "payoff_scheme", "results_public", "hidden"]
    search_fields = ["name", "venue", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "start_date"

    def get_readonly_fields(self, request, obj=None):
        # Settings of an existing tournament change on the desk's audited settings page, and
        # hiding it on the organiser's audited "Delete or hide" page.
        return list(SETTINGS_FIELDS) + ["hidden"] if obj is not None else []

    def has_delete_permission(self, request, obj=None):
        # Deleting a tournament would take its hands and audit log with it, unaudited.
        return False


class PlayerAdminForm(forms.ModelForm):
    """A player's names under the rules they have everywhere else (`name_characters`)."""

    def clean(self):
        data = super().clean()
        for field, problem in name_problems(data).items():
            self.add_error(field, translate_message(problem))
        return data


@admin.register(Player)
class PlayerAdmin(KeepsLastWrite, admin.ModelAdmin):
    form = PlayerAdminForm
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
class RegistrationAdmin(KeepsLastWrite, admin.ModelAdmin):
    list_display = ["number", "player", "tournament", "status", "is_substitute"]
    list_filter = ["tournament", "status", "is_substitute"]
    search_fields = ["player__name", "player__external_id"]
    autocomplete_fields = ["player"]
    list_select_related = ["player", "tournament"]


class SeatInline(ReadOnlyInline):
    model = Seat


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "number", "status", "seating_published"]
    list_filter = ["tournament", "status", "seating_published"]
    inlines = [SeatInline]


@admin.register(Table)
class TableAdmin(KeepsLastWrite, admin.ModelAdmin):
    list_display = ["tournament", "number", "label"]
    list_filter = ["tournament"]
    search_fields = ["label"]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["round", "table", "wind", "player"]
    list_filter = ["round__tournament", "round__number", "wind"]
    search_fields = ["player__name"]
    list_select_related = ["round", "table", "player"]


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ["number", "outcome", "winner", "win_type", "value", "version"]
    show_change_link = True


@admin.register(Session)
class SessionAdmin(ReadOnlyAdmin):
    list_display = ["round", "table", "status"]
    list_filter = ["round__tournament", "round__number", "status"]
    inlines = [HandInline]
    list_select_related = ["round", "table"]


class PaymentInline(ReadOnlyInline):
    model = Payment


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
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
    inlines = [PaymentInline]
    list_select_related = ["session__round", "session__table", "winner", "entered_by"]


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    list_display = ["hand", "player", "amount"]
    list_filter = ["hand__session__round__tournament"]
    search_fields = ["player__name"]
    list_select_related = ["hand__session__round", "hand__session__table", "player"]


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ["player", "tournament", "amount", "mode", "reason", "created_by", "created_at"]
    list_filter = ["tournament", "mode"]
    search_fields = ["player__name", "reason"]


@admin.register(HandEntry)
class HandEntryAdmin(ReadOnlyAdmin):
    list_display = ["hand", "entered_by", "entered_at", "hand_version"]
    list_filter = ["hand__session__round__tournament"]
    search_fields = ["entered_by__username"]
    list_select_related = ["hand__session__round", "hand__session__table", "entered_by"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
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
