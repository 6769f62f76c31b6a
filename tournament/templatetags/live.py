"""``{% live_fragment tournament url %}``: the attributes that make an element update itself.

A *live fragment* is a part of a page that is fetched again (htmx, ``url`` answered with the
fragment alone) when its tournament's version moves on: `static/tournament/live.js` listens to
the tournament's stream (`tournament.public.views.live`) and, when the version differs from
the one the fragment was drawn at (``data-version``), fires ``zj:changed`` on it. Without the
stream (blocked, a browser without EventSource) the script fetches every 20 s, and htmx's own
``every 60s`` stays as the last net. ``data-live-said`` is what a screen reader is told when the
fragment is fetched again (live.js: politely, at most once a minute).
"""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext

from ..web.live import version_of

register = template.Library()

TRIGGER = "zj:changed, every 60s"


@register.simple_tag
def live_fragment(tournament, url: str) -> str:
    return format_html(
        'hx-get="{}" hx-trigger="{}" hx-swap="outerHTML" data-live="{}" data-version="{}"'
        ' data-live-said="{}"',
        url,
        TRIGGER,
        reverse("public:live_stream", args=[tournament.slug]),
        version_of(tournament.last_write),
        gettext("This page was updated with the latest results."),
    )
