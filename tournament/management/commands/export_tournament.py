"""``python manage.py export_tournament SLUG -o FILE.json``: the tournament's archive
(``docs/archive.md``); without ``-o`` it goes to standard output. Either way it is written as
it is read, never held whole."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournament.exports.selectors.archive import tournament_archive_chunks, tournament_archive_write
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Write everything about a tournament to one JSON archive (docs/archive.md)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, slug, output=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(gettext("No tournament with slug %(slug)s.") % {"slug": repr(slug)})
        if output:
            path = Path(output)
            partial = path.with_name(path.name + ".partial")
            try:
                size = tournament_archive_write(tournament, partial)
            except BaseException:
                partial.unlink(missing_ok=True)
                raise
            partial.replace(path)  # never a half-written archive under the real name
            self.stderr.write(
                gettext("Wrote %(name)s to %(path)s (%(size)s bytes).")
                % {"name": tournament.name, "path": path, "size": f"{size:,}"}
            )
        else:
            for chunk in tournament_archive_chunks(tournament):
                self.stdout.write(chunk, ending="")
