"""Who may do what at the judges' desk, checked on the server for every desk view.

Vocabulary
----------
judge           a member of the "Judges" group (or of "Head judges", or a superuser): enters,
                previews and corrects hands of open sessions, records penalties, reconciles.
head judge      a member of "Head judges" (or a superuser): also resolves double-entry
                mismatches, reopens closed sessions and edits the tournament settings.
anonymous       sees only the public pages and the hand calculator; desk views send them to the
                log-in page. A logged-in user without the role gets 403 Forbidden.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from .services import HEAD_JUDGE_GROUP, JUDGE_GROUP


def _groups(user) -> set[str]:
    cached = getattr(user, "_desk_groups", None)
    if cached is None:
        cached = set(user.groups.values_list("name", flat=True))
        user._desk_groups = cached
    return cached


def is_head_judge(user) -> bool:
    if not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or HEAD_JUDGE_GROUP in _groups(user)


def is_judge(user) -> bool:
    if not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or bool({JUDGE_GROUP, HEAD_JUDGE_GROUP} & _groups(user))


def _role_required(check, role: str):
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not check(request.user):
                raise PermissionDenied(f"Only a {role} may do this.")
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


judge_required = _role_required(is_judge, "judge")
head_judge_required = _role_required(is_head_judge, "head judge")
