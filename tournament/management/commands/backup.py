"""``python manage.py backup [--dir DIR] [--keep N]``: a consistent snapshot of the database
plus every tournament's archive; keeps the newest N (`tournament.backups.services`)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournament.backups.services.create import backup_create
from tournament.backups.services.shared import BackupError


class Command(BaseCommand):
    help = "Back up the database (SQLite backup API or pg_dump) and every tournament's archive."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dir", default=str(settings.BASE_DIR / "backups"), help="Where backups go."
        )
        parser.add_argument("--keep", type=int, default=96, help="Backups to keep (96).")

    def handle(self, *args, dir, keep, **options):
        try:
            backup = backup_create(directory=dir, keep=keep)
        except (BackupError, OSError) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            self.style.SUCCESS(gettext("Backup written to %(path)s") % {"path": backup.path})
        )
        if backup.removed:
            self.stdout.write(
                gettext("Removed %(count)s older backup(s).") % {"count": len(backup.removed)}
            )
