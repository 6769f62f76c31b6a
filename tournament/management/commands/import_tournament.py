"""``python manage.py import_tournament FILE [--slug NEW]``: load an archive in one transaction;
refused, naming every problem (hands that do not re-score included), with nothing written."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournament.exports.archive.format import MAX_BYTES, ArchiveError
from tournament.exports.archive.text import archive_loads
from tournament.exports.services.importing import tournament_import


class Command(BaseCommand):
    help = "Load a tournament archive (docs/archive.md); every hand is re-scored first."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help="Import under this slug instead of the archive's.")

    def handle(self, *args, file, slug=None, **options):
        try:
            size = Path(file).stat().st_size
            if size > MAX_BYTES:  # refused before reading a byte of it
                raise CommandError(
                    f"The archive was refused: {file} is {size / 1024 / 1024:,.0f} MB; "
                    f"the limit is {MAX_BYTES // (1024 * 1024)} MB."
                )
            data = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(
                gettext("Cannot read %(path)s: %(reason)s.")
                % {"path": file, "reason": error.strerror}
            ) from None
        try:
            tournament = tournament_import(archive=archive_loads(data), slug=slug)
        except ArchiveError as error:
            refused = gettext("The archive was refused:")
            raise CommandError("\n".join([refused, *error.problems])) from None
        self.stdout.write(
            self.style.SUCCESS(
                gettext("Imported %(name)s as %(slug)s.")
                % {"name": tournament.name, "slug": tournament.slug}
            )
        )
