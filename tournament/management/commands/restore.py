"""``python manage.py restore BACKUP --yes [--replace]``: replace the database's content with a
backup's snapshot (`tournament.backups.services`). Stop the server first. Into a database that
already holds tournaments, players or users, ``--replace`` is needed as well: take a backup
before, the current content is lost."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournament.backups.services.restore import backup_restore
from tournament.backups.services.shared import BackupError


class Command(BaseCommand):
    help = "Restore the database from a backup directory made by `backup` (stop the server)."

    def add_arguments(self, parser):
        parser.add_argument("backup", help="A backup directory (zj-...) or its database file.")
        parser.add_argument(
            "--yes", action="store_true", help="Confirm: the database gets the backup's content."
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Allow replacing a database that is not empty (its content is lost).",
        )

    def handle(self, *args, backup, yes=False, replace=False, **options):
        if not yes:
            raise CommandError(
                gettext(
                    "This replaces everything in the database with the backup. Stop the server, "
                    "then run again with --yes."
                )
            )
        try:
            restored = backup_restore(path=backup, replace=replace)
        except (BackupError, OSError) as error:
            raise CommandError(str(error)) from None
        slugs = ", ".join(restored.tournaments) or gettext("no tournaments")
        self.stdout.write(
            self.style.SUCCESS(
                gettext("Restored the database from %(backup)s (%(slugs)s).")
                % {"backup": restored, "slugs": slugs}
            )
        )
        if restored.pending_migrations:
            self.stdout.write(
                gettext(
                    "The backup predates %(count)s migration(s) of this version: run `python "
                    "manage.py migrate` before starting the server."
                )
                % {"count": len(restored.pending_migrations)}
            )
