"""The marker of the pure printing modules' English words. Pure Python.

``gettext_noop`` returns its text unchanged; Django's ``makemessages`` extracts every string
passed to a function of that name, so the words of `cards`, `grid` and `aid` reach the
catalogues while those modules stay free of Django. They are translated at the boundary
(`documents`), under the printout's language.
"""

from __future__ import annotations


def gettext_noop(text: str) -> str:
    return text
