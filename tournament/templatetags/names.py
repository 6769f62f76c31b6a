"""``{% load names %}``: the ``player_name`` filter, a player's name in the page's language
(`tournament.names.page_name`, the one rule for Chinese names).

    {{ registration.player|player_name }}          陳大文 Chan Tai Man (on a Chinese page)
    {{ registration|player_name:"tight" }}         陳大文 (a narrow cell)

It takes a `Player`, or anything with a ``player`` (a `Registration`, a `Seat`), or anything
with ``name`` and ``chinese_name``, or a standings row (`standings.ranking.rows.Standing`, whose
label is romanised: the board is shared by every language). English pages get the name or
label unchanged. Lists that tell
same-named players apart use the labels of `tournament.names.Names` instead (already in the
page's language).
"""

from django import template

from ..names import page_name

register = template.Library()


@register.filter
def player_name(player, room: str = ""):
    tight = room == "tight"
    entrant = getattr(player, "entrant", None)
    if entrant is not None:  # a standings row: its romanised label (`standings.selectors.inputs`)
        return page_name(player.label, entrant.chinese_name, tight=tight)
    player = getattr(player, "player", player)
    if player is None:
        return ""
    return page_name(
        getattr(player, "name", str(player)), getattr(player, "chinese_name", ""), tight=tight
    )
