"""The language each viewer reads: English, Traditional Chinese or Simplified Chinese.

Vocabulary:
- *language*: a code of ``settings.LANGUAGES`` (``en``, ``zh-hant``, ``zh-hans``), as Django's
  translation machinery names it; `html_lang` gives the BCP 47 spelling for ``<html lang>``
  (``zh-Hant``).
- *asked language*: the ``?lang=`` parameter of a URL. It wins over everything, and sticks: the
  answer sets the language cookie, so the next pages follow without the parameter. A shared URL
  (a QR code on a Chinese slip) carries it, so the page opens in the slip's language.
- Without a parameter, the cookie decides, then the browser's ``Accept-Language``, then
  ``settings.LANGUAGE_CODE`` (Django's `LocaleMiddleware`, which this extends).
- *label suffix*: the colon Django's forms put after a label, ``gettext(":")``. Django's own
  Simplified catalogue keeps it ASCII (``结果:``) while its Traditional one is full-width; it is
  marked here (`LABEL_SUFFIX`) so that our catalogues, which come first, say ``：`` in both.
- *moment*: a time of day as a reader is told it (`moment_text`): "03:13" today, with the day
  before it otherwise, in the reader's language ("28 November 03:13", "11月28日 03:13"), so that
  "until 03:13" never means tomorrow unsaid.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import timezone, translation
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext_noop

LANGUAGE_PARAMETER = "lang"
LABEL_SUFFIX = gettext_noop(":")  # Django's forms translate it (see *label suffix*)

_HTML_LANG = {"en": "en", "zh-hant": "zh-Hant", "zh-hans": "zh-Hans"}


def supported(code: str | None) -> str | None:
    """The site's language for ``code`` (any case, ``zh-TW`` style variants accepted), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.strip().lower())
    except LookupError:
        return None


def html_lang(code: str | None = None) -> str:
    """BCP 47 spelling of a language, for ``<html lang>`` and ``hreflang``."""
    code = code or translation.get_language() or settings.LANGUAGE_CODE
    return _HTML_LANG.get(code, code)


def moment_text(moment: dt.datetime, now: dt.datetime | None = None) -> str:
    """``moment`` as the reader is told it (see *moment*): the local time of day, after the
    day (the active language's ``MONTH_DAY_FORMAT``) unless it falls on ``now``'s day."""
    local = timezone.localtime(moment)
    clock = time_format(local, "H:i")
    if local.date() == timezone.localtime(now or timezone.now()).date():
        return clock
    return f"{date_format(local, 'MONTH_DAY_FORMAT')} {clock}"


def address_in(request, code: str) -> str:
    """The address of the current page with its ``lang`` parameter set to ``code``; the other
    parameters are kept."""
    query = request.GET.copy()
    query[LANGUAGE_PARAMETER] = code
    return f"{request.path}?{urlencode(sorted(query.lists()), doseq=True)}"


class LanguageMiddleware(LocaleMiddleware):
    """`LocaleMiddleware`, plus the asked language (``?lang=``), remembered in the cookie."""

    def process_request(self, request):
        asked = supported(request.GET.get(LANGUAGE_PARAMETER))
        if asked is None:
            return super().process_request(request)
        translation.activate(asked)
        request.LANGUAGE_CODE = asked
        request.language_asked = asked
        return None

    def process_response(self, request, response):
        response = super().process_response(request, response)
        asked = getattr(request, "language_asked", None)
        if asked and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != asked:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                asked,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            )
        return response
