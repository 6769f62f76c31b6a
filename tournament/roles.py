"""Who may do what: the one place that decides, for every view, template and service.

Vocabulary
----------
organiser       a superuser or a member of the "Organisers" group: runs the event (seating,
                players, settings) and may do everything a head judge may.
head judge      a member of "Head judges" (or an organiser): also resolves double-entry
                mismatches, reopens closed sessions and edits the tournament settings.
judge           a member of "Judges" (or a head judge): enters, previews and corrects hands of
                open sessions, records penalties, reconciles.
of a tournament the roles above come either from a global group (everywhere) or from a
                `TournamentOfficial` row (that tournament only): a judge of one event is
                refused, with the reason, on another event's desk. Pass ``tournament`` to ask
                about one event; without it the question is "in any tournament".
official        anyone with one of the roles above. Officials see everything that is not yet
                released to the public (see `tournament.release`), except an unconfirmed hand.
unconfirmed     under double entry, a hand awaiting its blind second entry: only the official
                who entered it and head judges see its tiles, value and payments
                (`may_see_unconfirmed_hand`); the others see that it awaits a second entry.
anonymous       sees only the public pages and the hand calculator; the desk and the organiser
                pages send them to the log-in page. A logged-in user without the role gets a 403
                page that says which role the action needs.

Views ask through `tournament_page(role)` (which also loads the tournament once and hands it
to the view; the console and the desk name it `console_page` and `desk_page`) or, for a page
outside any tournament, `role_required(role)`; templates read the ``roles`` context (see
`roles_context`); services that refuse an action raise ``PermissionDenied`` with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404

from .models import Tournament, TournamentOfficial

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


def _role_facts(user) -> None:
    """Read the user's groups and their role per tournament id (`TournamentOfficial`) together,
    in one query (a few groups by a few tournaments), and keep them on the user object."""
    if getattr(user, "_role_groups", None) is not None:
        return
    groups: set[str] = set()
    held: dict[int, str] = {}
    rows = (
        get_user_model()
        .objects.filter(pk=user.pk)
        .values_list("groups__name", "official_roles__tournament_id", "official_roles__role")
    )
    for group, tournament_id, role in rows:
        if group is not None:
            groups.add(group)
        if tournament_id is not None:
            held[tournament_id] = role
    user._role_groups, user._tournament_roles = groups, held


def _groups(user) -> set[str]:
    _role_facts(user)
    return user._role_groups


def _tournament_roles(user) -> dict[int, str]:
    """The user's role per tournament id, from `TournamentOfficial` (read with its groups)."""
    _role_facts(user)
    return user._tournament_roles


def _has_tournament_role(user, tournament, roles: tuple[str, ...]) -> bool:
    held = _tournament_roles(user)
    if tournament is None:
        return any(role in roles for role in held.values())
    return held.get(getattr(tournament, "pk", tournament)) in roles


def _active(user) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


_ORGANISER_ROLES = (TournamentOfficial.Role.ORGANISER,)
_HEAD_ROLES = _ORGANISER_ROLES + (TournamentOfficial.Role.HEAD_JUDGE,)
_JUDGE_ROLES = _HEAD_ROLES + (TournamentOfficial.Role.JUDGE,)


def is_organiser(user, tournament=None) -> bool:
    return _active(user) and (
        user.is_superuser
        or ORGANISER_GROUP in _groups(user)
        or _has_tournament_role(user, tournament, _ORGANISER_ROLES)
    )


def is_head_judge(user, tournament=None) -> bool:
    return is_organiser(user, tournament) or (
        _active(user)
        and (
            HEAD_JUDGE_GROUP in _groups(user) or _has_tournament_role(user, tournament, _HEAD_ROLES)
        )
    )


def is_judge(user, tournament=None) -> bool:
    return is_head_judge(user, tournament) or (
        _active(user)
        and (JUDGE_GROUP in _groups(user) or _has_tournament_role(user, tournament, _JUDGE_ROLES))
    )


def is_official(user, tournament=None) -> bool:
    """Judges, head judges and organisers: they see what the public does not yet see."""
    return is_judge(user, tournament)


def is_global_organiser(user) -> bool:
    """Superusers and the "Organisers" group: they create tournaments."""
    return _active(user) and (user.is_superuser or ORGANISER_GROUP in _groups(user))


def may_see_unconfirmed_hand(user, entered_by_id: int | None, tournament=None) -> bool:
    """Double entry is blind: an unconfirmed hand is shown only to the official who entered it
    and to head judges (of its tournament), so that the second official enters it from the
    slip, not the screen."""
    return is_head_judge(user, tournament) or (_active(user) and user.pk == entered_by_id)


@dataclass(frozen=True)
class Roles:
    """What a template may ask: ``{% if roles.head_judge %}``."""

    judge: bool
    head_judge: bool
    organiser: bool
    creates_tournaments: bool = False

    @property
    def official(self) -> bool:
        return self.judge


def roles_of(user, tournament=None) -> Roles:
    return Roles(
        judge=is_judge(user, tournament),
        head_judge=is_head_judge(user, tournament),
        organiser=is_organiser(user, tournament),
        creates_tournaments=is_global_organiser(user),
    )


def _refusal(user, role: str, tournament) -> str:
    """Why a logged-in user may not: the role needed, and where they do hold one."""
    if tournament is None:
        return f"Only {role} may do this."
    reason = f"Only {role} of {tournament.name} may do this."
    held = _tournament_roles(user)
    elsewhere = sorted(
        TournamentOfficial.objects.filter(user=user, tournament_id__in=held)
        .exclude(tournament=tournament)
        .values_list("tournament__name", flat=True)
    )
    if elsewhere:
        reason += f" You are an official of {', '.join(elsewhere)} only."
    return reason


@dataclass(frozen=True)
class Role:
    """A role a page needs: who holds it (``check(user, tournament)``) and how a refusal names
    it ("Only an organiser of ... may do this.")."""

    check: Callable[..., bool]
    name: str


JUDGE = Role(is_judge, "a judge")
HEAD_JUDGE = Role(is_head_judge, "a head judge")
ORGANISER = Role(is_organiser, "an organiser")
# Creating tournaments: an organiser of one tournament runs that event, not the site.
GLOBAL_ORGANISER = Role(
    lambda user, tournament=None: is_global_organiser(user),
    "a superuser or a member of the Organisers group",
)


def role_check(user, role: Role, tournament) -> None:
    """Refuse (403, with the reason) a logged-in user who does not hold ``role`` in
    ``tournament``."""
    if not role.check(user, tournament):
        raise PermissionDenied(_refusal(user, role.name, tournament))


def role_required(role: Role):
    """A decorator for an officials' page that belongs to no tournament (creating one)."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not role.check(request.user, None):
                raise PermissionDenied(_refusal(request.user, role.name, None))
            return view(request, *args, **kwargs)

        wrapped.role = role
        return wrapped

    return decorator


def tournament_page(role: Role):
    """The officials' loader: load the tournament of the URL's ``slug`` once (404 when there is
    none), check ``role`` in it (the log-in page for anonymous visitors, a 403 with the reason
    for the rest), then call ``view(request, tournament, **rest)``. The console's
    `console_page` and the desk's `desk_page` are this decorator, named for their audience."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, slug, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            tournament = Tournament.objects.filter(slug=slug).first()
            if tournament is None:
                raise Http404("No such tournament.")
            role_check(request.user, role, tournament)
            request.page_tournament = tournament  # the menu's, read once (`context_processors`)
            return view(request, tournament, **kwargs)

        wrapped.role = role
        return wrapped

    return decorator


global_organiser_required = role_required(GLOBAL_ORGANISER)
