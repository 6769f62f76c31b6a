"""One way for a page to write: call the service, show the outcome, go on. The console and the
desk both write this way (`service_write`), so a refusal reads the same on every page.

Vocabulary
----------
write       the call of a domain service (``lambda: services.x(...)``): it returns its value,
            or raises ``ValidationError`` to refuse.
done        the message of a write that went through (``messages.success``): a text, or a
            function of the write's value that gives it (for a text that names what was saved).
then        where the page goes on to after the write (a redirect): an address or a URL name
            (a name that takes no arguments), or a function of the write's value that gives one.
refusal     the service's ``ValidationError``. A page with a form shows it again with the
            refusal on the form (`form_errors.service_error_onto`); a page without one (a button
            that posts) says it as an error message (`form_errors.error_text`) and goes on to
            ``then`` all the same (a function is then given None).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import redirect

from .form_errors import error_text, service_error_onto

Text = str | Callable[[Any], str]


def service_write(
    request, write: Callable[[], Any], *, done: Text, then: Text, form=None
) -> HttpResponseRedirect | None:
    """Call ``write``; after it went through, say ``done`` and go on to ``then``. After a
    refusal: None with the refusal on ``form`` (the caller shows the form again), or without a
    form the refusal as an error message and on to ``then`` (see the module's vocabulary)."""
    try:
        value = write()
    except ValidationError as error:
        if form is not None:
            service_error_onto(form, error)
            return None
        messages.error(request, error_text(error))
        return redirect(then(None) if callable(then) else then)
    messages.success(request, done(value) if callable(done) else done)
    return redirect(then(value) if callable(then) else then)
