"""``python manage.py restore BACKUP --yes``: replace the database's content with a backup's
snapshot. Stop the server first; the current content is lost (take a backup before)."""

from django.core.management.base import BaseCommand, CommandError

from tournament.backups.services import BackupError, backup_restore


class Command(BaseCommand):
    help = "Restore the database from a backup directory made by `backup` (stop the server)."

    def add_arguments(self, parser):
        parser.add_argument("backup", help="A backup directory (zj-...) or its database file.")
        parser.add_argument(
            "--yes", action="store_true", help="Confirm: the current content is replaced."
        )

    def handle(self, *args, backup, yes=False, **options):
        if not yes:
            raise CommandError(
                "This replaces everything in the database with the backup. Stop the server, "
                "then run again with --yes."
            )
        try:
            restored = backup_restore(path=backup)
        except (BackupError, OSError) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(self.style.SUCCESS(f"Restored the database from {restored}."))
