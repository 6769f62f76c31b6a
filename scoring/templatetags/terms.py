"""Filters that say the game's words and the engine's messages in the reader's language
(``{% load terms %}``).

Vocabulary
----------
term
    A word or name kept in English in the data: a pattern name (``pattern.name``), a wind name
    (``"East"``). ``{{ pattern.name|translate_term }}`` is ``gettext(name)``: the catalogue's
    word once it holds one, the English name until then.
message
    What the scoring engine or a desk module says, a ``scoring.engine.messages.Message``:
    ``{{ problem|engine_message }}`` fills its translated template with its translated params
    (``scoring.translation.translate_message``).
"""

from __future__ import annotations

from django import template

from scoring.translation import translate_message, translate_term

register = template.Library()


@register.filter(name="translate_term")
def translate_term_filter(term) -> str:
    return translate_term(term)


@register.filter(name="engine_message")
def engine_message_filter(message) -> str:
    return translate_message(message)
