"""``python manage.py import_players --tournament SLUG FILE [--dry-run] [--columns a,b,...]``.

The page's import as a command: the same reading, the same plan and the same messages; with
``--dry-run`` it only prints the preview. Nothing is saved while a problem remains.
"""

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournament.event import roster_bridge
from tournament.event.roster_columns import RowsError
from tournament.event.roster_files import FileProblem, file_rows, size_check
from tournament.event.selectors.tournaments import tournament_by_slug
from tournament.event.services.registrations import roster_import


class Command(BaseCommand):
    help = "Import players into a tournament from a CSV, TSV or XLSX file (all rows or none)."

    def add_arguments(self, parser):
        parser.add_argument("--tournament", required=True, help="Tournament slug.")
        parser.add_argument(
            "file", help="CSV or TSV (UTF-8, UTF-16, GB18030, Big5 or Windows-1252) or XLSX file."
        )
        parser.add_argument("--dry-run", action="store_true", help="Preview only; save nothing.")
        parser.add_argument(
            "--columns",
            help="For a file without a header: the columns in order, comma-separated "
            "(e.g. given_name,family_name,country).",
        )

    def handle(self, *args, tournament, file, dry_run=False, columns=None, **options):
        event = tournament_by_slug(tournament)
        if event is None:
            raise CommandError(
                gettext("No tournament with slug %(slug)s.") % {"slug": repr(tournament)}
            )
        path = Path(file)
        if not path.is_file():
            raise CommandError(gettext("No file %(path)s.") % {"path": repr(file)})
        try:
            size_check(path.stat().st_size)  # refused before reading it
            read = file_rows(path.read_bytes(), filename=path.name)
            source = roster_bridge.import_source(
                read.rows,
                header="no" if columns else "auto",
                columns=columns.split(",") if columns else None,
                how_to_give_columns="give --columns in file order",
            )
            plan = roster_bridge.plan_source(event, source)
        except (FileProblem, RowsError) as problem:
            raise CommandError(str(problem)) from None
        if read.encoding:
            self.stdout.write(str(read.read_as()))
        for line in plan.lines:
            self.stdout.write(roster_bridge.line_report(line))
        if not plan.ok:
            raise CommandError(
                "Nothing was saved. Fix these problems:\n" + "\n".join(plan.problem_messages())
            )
        if dry_run:
            summary = roster_bridge.import_summary(plan.counts())
            self.stdout.write(
                self.style.SUCCESS(f"Dry run, nothing saved: would import {summary}.")
            )
            return
        try:
            counts = roster_import(tournament=event, plan=plan)
        except ValidationError as error:
            raise CommandError("Nothing was saved. " + " ".join(error.messages)) from None
        self.stdout.write(self.style.SUCCESS(roster_bridge.imported_message(counts)))
