"""The engine's words to a judge, kept translatable without Django.

Vocabulary:
- *template*: the English text of a message with named placeholders, ``"the winner (%(winner)s)
  cannot be the discarder"``. Every template is written inside `gettext_noop(...)`, a no-op
  here, so that Django's ``makemessages`` finds it and the catalogues can translate it.
- *params*: the values of the placeholders. A value that is itself a `Message` is a word or a
  phrase to translate too (a wind, a meld kind, a pattern name, a win type); any other value
  (tile notation, a number, a hand word the judge types) is shown as it is.
- *message* (`Message`): a `str` equal to the English text, ``template % params``, so printing,
  joining and comparing behave as they always did; it also keeps `template` and `params` for the
  reader's language (`scoring.translation` does that, on the Django side).
- *sentence*: `as_sentence(message)` is the message as a sentence (capital first letter, one
  final full stop), still knowing its template, so that a translation is made a sentence in its
  own language's way.
- *message list* (`MessageList`): messages shown one after the other, joined by a separator.
- *quoted*: what a judge typed, shown in a message between single quotes by `quoted`, with
  any character that cannot be seen (a control, an invisible format character) named by its
  code point (``U+0000``) rather than escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def gettext_noop(text: str) -> str:
    """Mark ``text`` as a template for the catalogues (``makemessages`` looks for this name)."""
    return text


class Message(str):
    """English text (``template % params``) that keeps its template and params."""

    template: str
    params: Mapping[str, object]
    sentence: bool

    def __new__(cls, template: str, /, **params: object) -> Message:
        message = super().__new__(cls, template % params if params else template)
        message.template = template
        message.params = params
        message.sentence = False
        return message

    def __reduce__(self):
        return (_restore, (type(self), str(self), self.__dict__))

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"


def _restore(cls, text, state):
    message = str.__new__(cls, text)
    message.__dict__.update(state)
    return message


def message_of(text: str) -> Message:
    """``text`` as a `Message` (a plain string becomes its own template, with no params)."""
    if isinstance(text, Message):
        return text
    message = str.__new__(Message, text)
    message.template, message.params, message.sentence = str(text), {}, False
    return message


def as_sentence(text: str) -> Message:
    """The message with a capital first letter and one final full stop; the template is kept
    (marked ``sentence``), so a translation becomes a sentence of its own language."""
    source = message_of(text)
    stripped = str(source).strip()
    english = (stripped[:1].upper() + stripped[1:]).rstrip(".") + "." if stripped else stripped
    sentence = str.__new__(type(source), english)
    sentence.__dict__.update(source.__dict__)
    sentence.sentence = True
    return sentence


class MessageList(Message):
    """Messages shown one after the other, ``separator`` between them."""

    parts: tuple[Message, ...]
    separator: str

    def __new__(cls, parts: Iterable[str], separator: str = "; ") -> MessageList:
        kept = tuple(message_of(part) for part in parts)
        joined = str.__new__(cls, separator.join(kept))
        joined.template, joined.params, joined.sentence = str(joined), {}, False
        joined.parts, joined.separator = kept, separator
        return joined


def words(mapping: Mapping[str, str]) -> dict[str, Message]:
    """A table of words (``{"E": gettext_noop("East")}``) as messages to translate."""
    return {key: Message(text) for key, text in mapping.items()}


def quoted(text: str) -> str:
    """``'text'`` for a message: printable characters as they are, any other (a control, an
    invisible format character) named by its code point, ``U+0000``, so that a judge reads
    what they typed and never an escape such as ``\\x00``."""
    shown = "".join(ch if ch.isprintable() else f"U+{ord(ch):04X}" for ch in text)
    return f"'{shown}'"
