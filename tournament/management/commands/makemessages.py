"""Django's ``makemessages``, told once which folders hold no text of the site: the tests, the
benchmarks, the scripts, the documents and what the set-up and the jobs write. ``make messages``
runs it for the two Chinese catalogues; the catalogue test runs it too, to see that nothing
marked is missing from them."""

from django.core.management.commands.makemessages import Command as DjangoMakeMessages

NOT_THE_SITE = [
    ".venv",
    "tests",
    "benchmarks",
    "scripts",
    "docs",
    "build",
    "media",
    "staticfiles",
    "locale",
]


class Command(DjangoMakeMessages):
    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NOT_THE_SITE]
        options["no_wrap"] = True  # one line per text: a changed word is a one-line change
        return super().handle(*args, **options)
