"""Template context shared by every page: the tournament the menu follows, and the user's roles."""

from .event.selectors import current_tournament
from .roles import roles_of


def site(request):
    return {"current_tournament": current_tournament(), "roles": roles_of(request.user)}
