"""Template context shared by every page: the tournament the menu follows, and the user's roles
in it (the tournament of the page's ``slug`` when it has one, else the newest). The loaders
(`roles.tournament_page`, `release.public_page`) leave the tournament they read on the request
as ``page_tournament``: it is not read a second time."""

from .event.selectors.tournaments import current_tournament, tournament_by_slug
from .roles import roles_of


def site(request):
    match = getattr(request, "resolver_match", None)
    slug = match.kwargs.get("slug") if match else None
    page_tournament = getattr(request, "page_tournament", None)
    if slug and (page_tournament is None or page_tournament.slug != slug):
        page_tournament = tournament_by_slug(slug)
    elif not slug:
        page_tournament = None
    menu_tournament = page_tournament or current_tournament()
    return {
        "current_tournament": menu_tournament,
        "roles": roles_of(request.user, menu_tournament),
    }
