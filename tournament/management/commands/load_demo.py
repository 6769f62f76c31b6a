"""``python manage.py load_demo [--reset]``: the demo event and the demo log-ins."""

from django.core.management.base import BaseCommand

from tournament.demo.event import demo_accounts_ensure, demo_load


class Command(BaseCommand):
    help = "Create the demo tournament (idempotent) and the demo accounts; --reset starts over."

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset", action="store_true", help="Delete the demo tournament and create it anew."
        )

    def handle(self, *args, reset=False, **options):
        tournament, created = demo_load(reset=reset)
        verb = "Created" if created else "Already loaded:"
        self.stdout.write(self.style.SUCCESS(f"{verb} {tournament.name} ({tournament.slug})"))
        self.stdout.write("Demo log-ins (user / password / role):")
        for username, password, role in demo_accounts_ensure():
            self.stdout.write(f"  {username:10} {password:16} {role}")
