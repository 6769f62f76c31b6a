"""Marking text for translation in pure modules (no Django): `gettext_noop` returns its text
as it is, and `manage.py makemessages` gathers every text passed to a function of that name.

Vocabulary: a *template* is English text with ``%(name)s`` placeholders; a pure module hands
out ``(template, values)`` and the Django side that shows it writes
``gettext(template) % values``, in its reader's language.
"""


def gettext_noop(text: str) -> str:
    """``text`` unchanged: marked for the catalogues, translated where it is shown."""
    return text
