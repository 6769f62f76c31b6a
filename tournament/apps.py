"""Django app configuration for the tournament app, and the admin site it installs."""

from django.apps import AppConfig
from django.contrib.admin import AdminSite
from django.contrib.admin import apps as admin_apps


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Tournament"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from .logins import device_remember
        from .web.headers import official_session_limit

        user_logged_in.connect(official_session_limit, dispatch_uid="official_session_limit")
        user_logged_in.connect(device_remember, dispatch_uid="device_remember")


class TournamentAdminConfig(admin_apps.AdminConfig):
    """The Django admin with our site: superusers only, play records read-only."""

    default = False
    default_site = "tournament.apps.SuperuserAdminSite"

    def ready(self):
        # Before the admin imports any form (the log-in form included): every text field made
        # from now on refuses control characters (tournament.web.refusals).
        from .web.refusals import text_fields_guard

        text_fields_guard()
        super().ready()


class SuperuserAdminSite(AdminSite):
    """The admin for active superusers only: officials have no admin rights (see
    `tournament.admin` for what stays read-only even for superusers)."""

    site_header = "ZJ Tournament administration"

    def has_permission(self, request):
        user = request.user
        return bool(user.is_active and user.is_staff and user.is_superuser)
