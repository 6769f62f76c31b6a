"""``python manage.py export_tournament SLUG -o FILE.json``: the tournament's archive
(``docs/archive.md``); without ``-o`` it goes to standard output."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.exports.archive import archive_dumps
from tournament.exports.selectors import tournament_archive
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Write everything about a tournament to one JSON archive (docs/archive.md)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, slug, output=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament with slug {slug!r}.")
        text = archive_dumps(tournament_archive(tournament))
        if output:
            path = Path(output)
            partial = path.with_name(path.name + ".partial")
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)  # never a half-written archive under the real name
            self.stderr.write(f"Wrote {tournament.name} to {path} ({len(text):,} bytes).")
        else:
            self.stdout.write(text, ending="")
