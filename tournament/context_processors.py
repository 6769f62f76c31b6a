"""Template context shared by every page."""

from .models import Tournament


def site(request):
    """The tournament shown in the navigation: the newest one, if any."""
    return {"current_tournament": Tournament.objects.order_by("-start_date", "-pk").first()}
