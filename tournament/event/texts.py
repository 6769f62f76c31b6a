"""Sentences that pure modules write and pages translate where they show them.

Pure Python: no Django. The pure modules of the event (`roster_import`, `roster_files`,
`steps`) cannot call Django's ``gettext``, yet what they say reaches organisers in three
languages. Vocabulary:

text        a `Text`: the English sentence (it *is* that ``str``, so logs, the command's output
            and comparisons see exactly the English), with its *template* (the msgid, with
            named ``%(name)s`` placeholders) and its *values* kept for translating later.
marking     a pure module writes ``_("Line %(line)s: ...", line=4)``, ``_`` being `Text`
            imported under that name, so ``makemessages`` (xgettext's ``_`` keyword) gathers
            the template into the catalogues like any other marked string.
translated  `translated(value, gettext)`: the page's language version of a value; a Text's
            template is translated and its values too (a Text inside a Text, a field label
            inside a sentence); a `Joined` is translated part by part; anything else is
            returned as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping


class Text(str):
    """An English sentence that remembers its template and values (see the module)."""

    template: str
    values: Mapping[str, object]

    def __new__(cls, template: str, **values: object) -> Text:
        text = super().__new__(cls, template % values if values else template)
        text.template = template
        text.values = values
        return text

    def __reduce__(self):
        return (_rebuilt, (self.template, dict(self.values)))


def _rebuilt(template: str, values: dict) -> Text:
    return Text(template, **values)


class Joined(str):
    """Texts joined by ``separator`` (several problems said at once), each translated alone."""

    parts: tuple[object, ...]
    separator: str

    def __new__(cls, parts, separator: str = " ") -> Joined:
        parts = tuple(parts)
        joined = super().__new__(cls, separator.join(map(str, parts)))
        joined.parts = parts
        joined.separator = separator
        return joined

    def __reduce__(self):
        return (Joined, (self.parts, self.separator))


def translated(value: object, gettext: Callable[[str], str]) -> object:
    """``value`` in the language ``gettext`` translates to (see the module's vocabulary)."""
    if isinstance(value, Joined):
        return value.separator.join(str(translated(part, gettext)) for part in value.parts)
    if not isinstance(value, Text):
        return value
    template = gettext(value.template)
    if not value.values:
        return template
    return template % {name: translated(v, gettext) for name, v in value.values.items()}
