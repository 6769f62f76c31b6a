"""``python manage.py import_players --tournament SLUG FILE [--dry-run] [--columns a,b,...]``.

The page's import as a command: the same reading, the same plan and the same messages; with
``--dry-run`` it only prints the preview. Nothing is saved while a problem remains.
"""

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournament.event import selectors, services
from tournament.event.roster_files import FileProblem, rows_from_bytes, size_check
from tournament.event.roster_import import (
    RowsError,
    columns_from_header,
    header_looks_like,
    plan_import,
)


class Command(BaseCommand):
    help = "Import players into a tournament from a CSV, TSV or XLSX file (all rows or none)."

    def add_arguments(self, parser):
        parser.add_argument("--tournament", required=True, help="Tournament slug.")
        parser.add_argument("file", help="CSV (UTF-8), TSV or XLSX file.")
        parser.add_argument("--dry-run", action="store_true", help="Preview only; save nothing.")
        parser.add_argument(
            "--columns",
            help="For a file without a header: the columns in order, comma-separated "
            "(e.g. given_name,family_name,country).",
        )

    def handle(self, *args, tournament, file, dry_run=False, columns=None, **options):
        event = selectors.tournament_by_slug(tournament)
        if event is None:
            raise CommandError(f"No tournament with slug {tournament!r}.")
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No file {file!r}.")
        try:
            size_check(path.stat().st_size)  # refused before reading it
            rows = rows_from_bytes(path.read_bytes(), filename=path.name)
            if columns:
                header, data, first_line = columns.split(","), rows, 1
            elif header_looks_like(rows[0]):
                header, data, first_line = rows[0], rows[1:], 2
            else:
                raise RowsError(
                    "The first row is not a header; add one or give --columns in file order."
                )
            plan = plan_import(
                data,
                columns=columns_from_header(header),
                countries=selectors.country_lookup(),
                known=selectors.known_players(event),
                first_line=first_line,
            )
        except (FileProblem, RowsError) as problem:
            raise CommandError(str(problem)) from None
        for line in plan.lines:
            what = {"new": "new player", "register": "registered (existing)", "skip": "unchanged"}
            status = "; ".join(line.problems) if line.problems else what[line.action]
            notes = " ".join(line.notices)
            self.stdout.write(
                f"Line {line.line}: {line.number or '-'} {line.display_name} "
                f"[{line.values['country'] or '-'}] {status}" + (f" ({notes})" if notes else "")
            )
        if not plan.ok:
            raise CommandError(
                "Nothing was saved. Fix these problems:\n" + "\n".join(plan.problem_messages())
            )
        counts = plan.counts()
        summary = (
            f"{counts.get('new', 0)} new player(s), {counts.get('register', 0)} existing "
            f"player(s) registered, {counts.get('skip', 0)} already registered (unchanged)"
        )
        if dry_run:
            self.stdout.write(
                self.style.SUCCESS(f"Dry run, nothing saved: would import {summary}.")
            )
            return
        try:
            services.roster_import(tournament=event, plan=plan)
        except ValidationError as error:
            raise CommandError("Nothing was saved. " + " ".join(error.messages)) from None
        self.stdout.write(self.style.SUCCESS(f"Imported: {summary}."))
