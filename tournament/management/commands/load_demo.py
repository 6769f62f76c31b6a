"""``python manage.py load_demo [--reset] [--force]``: the demo event and the demo log-ins.

Refused with debug off or into a database holding a real tournament, unless ``--force``; outside
debug the log-ins get fresh random passwords, printed once here (`tournament.demo.event`).
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.demo.event import demo_accounts_ensure, demo_load, demo_passwords, demo_refusal


class Command(BaseCommand):
    help = "Create the demo tournament (idempotent) and the demo accounts; --reset starts over."

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset", action="store_true", help="Delete the demo tournament and create it anew."
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="Load even with debug off or beside a real tournament (random passwords).",
        )

    def handle(self, *args, reset=False, force=False, **options):
        refusal = demo_refusal(debug=settings.DEBUG)
        if refusal and not force:
            raise CommandError(f"{refusal} Not loading the demo; add --force to load it anyway.")
        accounts = demo_passwords(debug=settings.DEBUG)
        tournament, created = demo_load(reset=reset, accounts=accounts)
        if not created:
            demo_accounts_ensure(accounts)
        verb = "Created" if created else "Already loaded:"
        self.stdout.write(self.style.SUCCESS(f"{verb} {tournament.name} ({tournament.slug})"))
        self.stdout.write("Demo log-ins (user / password / role):")
        for username, password, role in accounts:
            self.stdout.write(f"  {username:10} {password:16} {role}")
        if not settings.DEBUG:
            self.stdout.write("These passwords are new and shown only now: note them.")
