"""``{% desk_url session "name" key=value %}``: the address of a session's desk page.

A session is addressed by round and table, and by its half after a round's table change
(`tournament.models.Session.desk_url`); templates use this tag instead of spelling the
address out, so that second-half sessions get theirs.
"""

from django import template

register = template.Library()


@register.simple_tag
def desk_url(session, name: str = "session_sheet", **extra) -> str:
    return session.desk_url(name, **extra)
