"""``python manage.py print DOCUMENT --tournament SLUG [--round N] [--table N] -o FILE.pdf``.

DOCUMENT is a printout identifier from `tournament.printing.documents.registry.DOCUMENTS`
(scorecards, blank-scorecards, seating, slips, standings, aid-card). The console sees what an
official sees (unpublished seating, hidden results). ``--language`` writes it in English (the
default), ``zh-hant`` or ``zh-hans`` (the score cards also ``en+zh-hant``, ``en+zh-hans``:
bilingual). QR codes point at ``--base-url``
(default ``$DJANGO_SITE_URL`` or http://127.0.0.1:8000). Long jobs show a progress bar.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext
from tqdm import tqdm

from tournament.models import Round, Tournament
from tournament.printing.documents.base import BILINGUAL, LANGUAGES, PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.printing.errors import NothingToPrint


class Command(BaseCommand):
    help = "Write a printout (score cards, seating lists, slips, standings, aid card) as a PDF."

    def add_arguments(self, parser):
        parser.add_argument("document", choices=list(DOCUMENTS), help="Which printout.")
        parser.add_argument("--tournament", required=True, help="Tournament slug.")
        parser.add_argument("--round", type=int, help="Round number (score cards, seating).")
        parser.add_argument("--table", type=int, help="Only this table (score cards).")
        parser.add_argument("-o", "--output", required=True, help="PDF file to write.")
        parser.add_argument(
            "--base-url",
            default=os.environ.get("DJANGO_SITE_URL", "http://127.0.0.1:8000"),
            help="The site's address for the QR codes.",
        )
        parser.add_argument(
            "--language",
            default="en",
            choices=[*LANGUAGES, *BILINGUAL],
            help="The printout's language (bilingual: score cards only).",
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args, document, tournament, round, table, output, base_url, **options):
        event = Tournament.objects.filter(slug=tournament).first()
        if event is None:
            raise CommandError(
                gettext("No tournament with the slug %(slug)s.") % {"slug": repr(tournament)}
            )
        printout_kind = DOCUMENTS[document]
        language = options["language"]
        if language not in printout_kind.languages():
            raise CommandError(f"{printout_kind.name} are not printed in {language}.")
        round_ = None
        if printout_kind.needs_round:
            if round is None:
                raise CommandError(f"{printout_kind.name} are per round: give --round N.")
            round_ = Round.objects.filter(tournament=event, number=round).first()
            if round_ is None:
                raise CommandError(
                    gettext("%(name)s has no round %(number)s.")
                    % {"name": event.name, "number": round}
                )
        bar = None
        if not options["no_progress"]:
            bar = tqdm(total=0, unit="part", desc=printout_kind.name, file=self.stderr._out)

        def progress(done: int, total: int) -> None:
            if bar is not None:
                bar.total = total
                bar.update(done - bar.n)

        try:
            printout = printout_kind.render(
                PrintRequest(
                    tournament=event,
                    round=round_,
                    table=table,
                    base_url=base_url,
                    official=True,
                    language=language,
                    progress=progress,
                )
            )
        except NothingToPrint as error:
            raise CommandError(str(error)) from error
        finally:
            if bar is not None:
                bar.close()
        path = Path(output)
        try:
            path.write_bytes(printout.content)
        except OSError as error:
            raise CommandError(
                gettext("Cannot write %(path)s: %(reason)s.")
                % {"path": path, "reason": error.strerror}
            ) from error
        self.stdout.write(
            gettext("Wrote %(path)s (%(size)s KB).")
            % {"path": path, "size": len(printout.content) // 1024}
        )
