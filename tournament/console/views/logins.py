"""The console's *Log-in locks* page: an organiser sees which log-ins are locked now and lifts
one (a confirmation first, then an audited POST). Locks and their vocabulary are
`tournament.logins`; an organiser of one tournament sees its officials' locks, a global organiser
(superuser or "Organisers" group) every lock.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...logins import current_locks, lock_lift
from ...roles import is_global_organiser
from .common import console_page


def _page(request, tournament, confirm=None):
    everything = is_global_organiser(request.user)
    context = {
        "tournament": tournament,
        "locks": current_locks(tournament, everything=everything),
        "confirm": confirm,
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "cooloff_minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
    }
    response = render(request, "tournament/console/login_locks.html", context)
    response["Cache-Control"] = "no-store"
    return response


@console_page()
def login_locks(request, tournament):
    return _page(request, tournament)


@console_page()
@require_POST
def login_lock_lift(request, tournament):
    throttled = request.POST.get("throttled", "")
    everything = is_global_organiser(request.user)
    if request.POST.get("confirm") != "yes":
        lock = next(
            (
                lock
                for lock in current_locks(tournament, everything=everything)
                if lock.throttled == throttled
            ),
            None,
        )
        if lock is not None:
            return _page(request, tournament, confirm=lock)
    else:
        lock = lock_lift(
            tournament=tournament, throttled=throttled, user=request.user, everything=everything
        )
        if lock is not None:
            messages.success(
                request, _("The log-in lock on %(user)s is lifted.") % {"user": lock.username}
            )
            return redirect("console:login_locks", slug=tournament.slug)
    messages.error(request, _("That log-in is not locked now (the lock may have ended)."))
    return redirect("console:login_locks", slug=tournament.slug)
