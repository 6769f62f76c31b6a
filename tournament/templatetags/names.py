"""``{% load names %}``: the ``player_name`` filter, a player's name in the page's language
(`tournament.names.page_name`, the one rule for Chinese names).

    {{ registration.player|player_name }}          陳大文 Chan Tai Man (on a Chinese page)
    {{ registration|player_name:"tight" }}         陳大文 (a narrow cell)

It takes a `Player`, or anything with a ``player`` (a `Registration`, a `Seat`), or anything
with ``name`` and ``chinese_name``. English pages get ``name`` unchanged. Lists that tell
same-named players apart use the labels of `tournament.names.Names` instead (already in the
page's language).
"""

from django import template

from ..names import page_name

register = template.Library()


@register.filter
def player_name(player, room: str = ""):
    player = getattr(player, "player", player)
    if player is None:
        return ""
    return page_name(
        getattr(player, "name", str(player)),
        getattr(player, "chinese_name", ""),
        tight=room == "tight",
    )
