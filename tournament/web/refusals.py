"""What the site refuses before any view runs, on pages in the site's own look.

Vocabulary
----------
control character  a C0 control (U+0000 to U+001F) or DEL, other than tab, line feed and
                   carriage return: never typed on purpose, often pasted from another program,
                   and NUL cannot be stored by PostgreSQL at all. Form fields refuse them with a
                   message on the form (`ControlCharacterValidator`, on every text field, set up
                   by `text_fields_guard` at start-up). Query parameters (searches, sorting, the
                   calculator's GET form) lose them in `RefusalMiddleware` before any view
                   reads them, and the page says so in a message that names the parameter.
bad request        a 400: a malformed request (`bad_request`).
wrong method       a 405, e.g. opening an address that only accepts a form (`RefusalMiddleware`
                   gives Django's empty answer a page, keeping its ``Allow`` header).
CSRF failure       a form sent without its security token or with an expired one (`csrf_failure`,
                   ``CSRF_FAILURE_VIEW``): a 403 page that says to reload and send again.

Every page here extends ``base.html`` and carries no inline script or style, so the site's
Content-Security-Policy holds on them too.
"""

from __future__ import annotations

import re

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.http import HttpResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.deconstruct import deconstructible
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def control_character(text: str) -> str | None:
    """The first control character in ``text`` as ``U+00XX``, or None."""
    found = CONTROL.search(text)
    return f"U+{ord(found.group()):04X}" if found else None


@deconstructible
class ControlCharacterValidator:
    message = gettext_lazy(
        "This contains an invisible control character (%(code)s), perhaps pasted from another "
        "program: retype it."
    )
    code = "control_character"

    def __call__(self, value):
        # NUL is left to Django's own check on every CharField (worded alike by
        # `text_fields_guard`), so that a NUL gets one message, not two.
        found = control_character(str(value).replace("\x00", ""))
        if found:
            raise ValidationError(self.message, code=self.code, params={"code": found})

    def __eq__(self, other):
        return isinstance(other, ControlCharacterValidator)


def text_fields_guard() -> None:
    """Give every form text field (CharField and its kinds) the control-character check, and
    Django's own NUL check (already on every CharField) the same words."""
    ProhibitNullCharactersValidator.message = lazy(
        lambda: ControlCharacterValidator.message % {"code": "U+0000"}, str
    )()
    validators = list(forms.CharField.default_validators)
    if not any(isinstance(v, ControlCharacterValidator) for v in validators):
        forms.CharField.default_validators = [*validators, ControlCharacterValidator()]


def _page(request, template: str, status: int, context: dict | None = None) -> HttpResponse:
    try:
        return render(request, template, context or {}, status=status)
    except Exception:  # e.g. a request whose host is refused cannot render the menu
        pass
    try:  # the same page without what depends on the request (menu, user)
        bare = {"current_tournament": None, "roles": None, **(context or {})}
        return HttpResponse(render_to_string(template, bare), status=status)
    except Exception:
        return HttpResponse(f"<!doctype html><title>Error {status}</title>", status=status)


class RefusalMiddleware:
    """Takes control characters out of query parameters (with a message), and gives 405s a
    page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if CONTROL.search(request.META.get("QUERY_STRING", "")) or any(
            CONTROL.search(text) for name, values in request.GET.lists() for text in (name, *values)
        ):
            _query_clean(request)
        response = self.get_response(request)
        if response.status_code == 405 and not response.content:
            allowed = response.get("Allow", "")
            page = _page(request, "405.html", 405, {"allowed": allowed})
            if allowed:
                page["Allow"] = allowed
            return page
        return response


def _query_clean(request) -> None:
    cleaned = QueryDict(mutable=True)
    for name, values in request.GET.lists():
        found = control_character(name) or next(filter(None, map(control_character, values)), None)
        if found:
            shown = CONTROL.sub("", name)[:40]
            messages.warning(
                request,
                _(
                    "An invisible control character (%(code)s) was removed from “%(name)s”: "
                    "check what was searched or typed."
                )
                % {"code": found, "name": shown},
                fail_silently=True,
            )
        cleaned.setlist(CONTROL.sub("", name), [CONTROL.sub("", value) for value in values])
    cleaned._mutable = False
    request.GET = cleaned


def bad_request(request, exception):
    """``handler400``."""
    return _page(request, "400.html", 400, {"reason": ""})


def csrf_failure(request, reason=""):
    """``CSRF_FAILURE_VIEW``."""
    return _page(request, "403_csrf.html", 403)
