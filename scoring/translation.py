"""The scoring engine's messages in the reader's language: the one place that translates them.

Vocabulary:
- *message*: what the engine (or a pure module of the desk) says, a `scoring.engine.messages.
  Message`: its English text, its template (marked for the catalogues) and its params.
- `translate_message(message)`: the message in the active language: the template through
  ``gettext``, then filled with its params, each param that is itself a message (a wind, a meld
  kind, a pattern name, a win type, a nested reason) translated the same way; tile notation,
  numbers and hand words stay as they are. A message marked as a *sentence* becomes one in its
  language: English capitalises and ends in a full stop, Chinese ends in 。.
- *term*: a single word or name kept in English in the data (a pattern name such as "Seven
  Pairs"): `translate_term` gives the catalogue's word, or the name itself when there is none.

English is the catalogues' source language, so an English reader gets ``str(message)``
exactly.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext, pgettext

from scoring.engine.messages import Message, MessageList

_CHINESE_STOPS = ("。", "！", "？")


def translate_message(message: object) -> str:
    """``message`` in the active language (see the vocabulary); a plain string is looked up as
    it is (it may be a marked text), anything else shown as ``str``."""
    if not isinstance(message, str):
        return str(message)
    if not _translating():
        return str(message)
    if isinstance(message, MessageList):
        separator = pgettext("between messages", "; ") if message.separator == "; " else None
        text = (separator or message.separator).join(translate_message(p) for p in message.parts)
    elif isinstance(message, Message):
        text = gettext(message.template) if message.template else ""
        if message.params:
            text = text % {name: _param(value) for name, value in message.params.items()}
    else:
        return gettext(message) if message else message
    return _as_sentence(text) if getattr(message, "sentence", False) else text


def translate_term(term: object) -> str:
    """A word or name of the game (a pattern name, a wind) in the active language."""
    if term is None or term == "":
        return ""
    return gettext(str(term))


def _param(value: object) -> object:
    return translate_message(value) if isinstance(value, Message) else value


def _translating() -> bool:
    language = translation.get_language() or "en"
    return not language.startswith("en")


def _as_sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    if _chinese():
        return text if text.endswith(_CHINESE_STOPS) else text.rstrip(".") + "。"
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def _chinese() -> bool:
    return (translation.get_language() or "").startswith("zh")
