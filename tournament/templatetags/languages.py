"""The header's language switch: ``{% language_links %}`` lists the site's languages, each a
link to the current page in that language (`tournament.web.languages`); ``{{ when|moment }}``
writes a time of day with its day when that is not today (`languages.moment_text`)."""

from django import template
from django.conf import settings
from django.utils import translation

from ..web.languages import address_in, html_lang, moment_text

register = template.Library()


@register.inclusion_tag("includes/language_links.html", takes_context=True)
def language_links(context):
    request = context.get("request")
    current = translation.get_language()
    return {
        "languages": [
            {
                "code": code,
                "name": name,
                "lang": html_lang(code),
                "address": address_in(request, code) if request else f"?lang={code}",
                "current": code == current,
            }
            for code, name in settings.LANGUAGES
        ]
    }


@register.simple_tag
def html_language():
    return html_lang()


@register.filter
def moment(value):
    """A time of day, with its day when that is not today (`languages.moment_text`)."""
    return moment_text(value) if value else ""
