"""Officials: users with a role in one tournament.

Vocabulary: an *official* is a user with a role (organiser, head judge or judge) in one
tournament (`TournamentOfficial`); a *new account* gets a generated password, shown once.
"""

import secrets

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ...models import Tournament, TournamentOfficial
from ...roles import roles_ensure


@transaction.atomic
def official_add(
    *, tournament: Tournament, role: str, username: str, create: bool = False
) -> tuple[TournamentOfficial, str | None]:
    """Give ``username`` a role in this tournament; with ``create`` a new account is made and
    its generated password returned (shown once, never stored in clear)."""
    roles_ensure()
    users = get_user_model()
    username = username.strip()
    if not username:
        raise ValidationError(_("Give a user name."))
    password = None
    if create:
        if users.objects.filter(username__iexact=username).exists():
            raise ValidationError(
                _("The user name %(username)s is taken; pick another.")
                % {"username": repr(username)}
            )
        password = secrets.token_urlsafe(9)
        user = users(username=username)
        user.set_password(password)
        user.full_clean(exclude=["password"])
        user.save()
    else:
        user = users.objects.filter(username__iexact=username).first()
        if user is None:
            raise ValidationError(
                _("No account %(username)s; tick 'new account' to create one.")
                % {"username": repr(username)}
            )
    if role not in TournamentOfficial.Role.values:
        raise ValidationError(_("Unknown role %(role)s.") % {"role": repr(role)})
    official, created = TournamentOfficial.objects.get_or_create(
        tournament=tournament, user=user, defaults={"role": role}
    )
    if not created and official.role != role:
        official.role = role
        official.save(update_fields=["role"])
    return official, password


@transaction.atomic
def official_remove(*, official: TournamentOfficial) -> None:
    official.delete()
