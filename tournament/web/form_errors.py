"""A service's refusal on the page that called it: the one place that turns a
``ValidationError`` raised by a service into errors on a form or into a message's text.

Vocabulary
----------
field error     a ``ValidationError`` raised with a dict (``{"number": "..."}``): each message
                goes on the form's field of that name, or on the whole form when the form has
                no such field (the service knows fields the page may not show).
form error      a ``ValidationError`` raised with a message or a list: on the whole form.
error text      the refusal as one sentence for ``messages.error`` (pages without a form).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError


def service_error_onto(form, error: ValidationError) -> None:
    """Put a service's ``error`` onto ``form``: on its fields where it names them."""
    if hasattr(error, "error_dict"):
        for name, errors in error.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, error)


def error_text(error: ValidationError) -> str:
    """A service's ``error`` as one line of text, every message kept."""
    return " ".join(error.messages)
