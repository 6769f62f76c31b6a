"""Who may do what: the one place that decides, for every view, template and service.

Vocabulary
----------
organiser       a superuser or a member of the "Organisers" group: runs the event (seating,
                players, settings) and may do everything a head judge may.
head judge      a member of "Head judges" (or an organiser): also resolves double-entry
                mismatches, reopens closed sessions and edits the tournament settings.
judge           a member of "Judges" (or a head judge): enters, previews and corrects hands of
                open sessions, records penalties, reconciles.
official        anyone with one of the roles above. Officials see everything that is not yet
                released to the public (see `tournament.release`).
anonymous       sees only the public pages and the hand calculator; the desk and the organiser
                pages send them to the log-in page. A logged-in user without the role gets a 403
                page that says which role the action needs.

Views ask through the ``*_required`` decorators; templates read the ``roles`` context (see
`roles_context`); services that refuse an action raise ``PermissionDenied`` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.models import Group
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

JUDGE_GROUP = "Judges"
HEAD_JUDGE_GROUP = "Head judges"
ORGANISER_GROUP = "Organisers"


def roles_ensure() -> tuple[Group, Group]:
    """Create the judge, head-judge and organiser groups (idempotent); return judges, heads.

    The groups carry no model permissions: officials work through the desk and the organiser
    pages, whose services audit every change; the Django admin is for superusers only and
    shows play records read-only (see `tournament.admin`). Permissions left over from older
    versions are removed here.
    """
    judges, _ = Group.objects.get_or_create(name=JUDGE_GROUP)
    heads, _ = Group.objects.get_or_create(name=HEAD_JUDGE_GROUP)
    organisers, _ = Group.objects.get_or_create(name=ORGANISER_GROUP)
    for group in (judges, heads, organisers):
        group.permissions.clear()
    return judges, heads


def _groups(user) -> set[str]:
    cached = getattr(user, "_role_groups", None)
    if cached is None:
        cached = set(user.groups.values_list("name", flat=True))
        user._role_groups = cached
    return cached


def _active(user) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


def is_organiser(user) -> bool:
    return _active(user) and (user.is_superuser or ORGANISER_GROUP in _groups(user))


def is_head_judge(user) -> bool:
    return is_organiser(user) or (_active(user) and HEAD_JUDGE_GROUP in _groups(user))


def is_judge(user) -> bool:
    return is_head_judge(user) or (_active(user) and JUDGE_GROUP in _groups(user))


def is_official(user) -> bool:
    """Judges, head judges and organisers: they see what the public does not yet see."""
    return is_judge(user)


@dataclass(frozen=True)
class Roles:
    """What a template may ask: ``{% if roles.head_judge %}``."""

    judge: bool
    head_judge: bool
    organiser: bool

    @property
    def official(self) -> bool:
        return self.judge


def roles_of(user) -> Roles:
    return Roles(judge=is_judge(user), head_judge=is_head_judge(user), organiser=is_organiser(user))


def _role_required(check, role: str):
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not check(request.user):
                raise PermissionDenied(f"Only {role} may do this.")
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


judge_required = _role_required(is_judge, "a judge")
head_judge_required = _role_required(is_head_judge, "a head judge")
organiser_required = _role_required(is_organiser, "an organiser")
