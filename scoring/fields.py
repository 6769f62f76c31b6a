"""Form fields for tile notation (see `scoring.engine.notation`, `scoring.engine.hand`).

Vocabulary
----------
tiles field     free text of tiles such as ``123m 456p 789s EE``; with ``allow_melds`` it may
                also hold declared sets, exposed ``[345p]`` or concealed kongs ``(RdRdRdRd)``.
tile field      exactly one tile, such as ``5p`` or ``Rd``.
tile input      the widget: a one-line text input marked ``data-tile-input`` so the tile palette
                (``templates/scoring/_tile_palette.html``) can append to it, with browser
                autocorrection switched off. Enter in it submits the form.

The cleaned value is the text as typed (trimmed), read as half-width (`as_typed`: the
full-width digits, letters, spaces and brackets of a Chinese input method are the same tiles,
so the hand is stored as ``123m [555p]`` whoever typed it): reading it into engine objects is the
caller's business; these fields only refuse text that is not notation, with the engine's
message naming the token and its position, in the reader's language (`scoring.translation`).
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext

from scoring.engine import NotationError, parse_melds, parse_tiles
from scoring.engine.messages import as_sentence
from scoring.engine.tiles import as_typed
from scoring.translation import translate_message

_MELD_TEXT = re.compile(r"\[[^\]]*\]|\([^)]*\)")


class TileInput(forms.TextInput):
    def __init__(self, attrs=None):
        defaults = {
            "data-tile-input": "",
            "autocomplete": "off",
            "autocapitalize": "off",
            "autocorrect": "off",
            "spellcheck": "false",
            "class": "tile-input",
        }
        super().__init__({**defaults, **(attrs or {})})


class TilesField(forms.CharField):
    widget = TileInput

    def __init__(self, *, allow_melds: bool = False, **kwargs):
        kwargs.setdefault("max_length", 200)
        kwargs.setdefault("required", False)
        self.allow_melds = allow_melds
        super().__init__(**kwargs)

    def to_python(self, value):
        return as_typed(super().to_python(value)).strip()

    def validate(self, value):
        super().validate(value)
        if not value:
            return
        try:
            if self.allow_melds:
                parse_melds(" ".join(_MELD_TEXT.findall(value)))
                parse_tiles(_MELD_TEXT.sub(" ", value))
            else:
                parse_tiles(value)
        except NotationError as error:
            message = translate_message(as_sentence(error.message))
            raise forms.ValidationError(message, code="notation") from None


class TileField(TilesField):
    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 8)
        super().__init__(**kwargs)

    def validate(self, value):
        super().validate(value)
        if value and len(parse_tiles(value)) != 1:
            raise forms.ValidationError(gettext("Give exactly one tile, e.g. 5p."), code="one_tile")
