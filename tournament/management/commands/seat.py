"""``python manage.py seat --rounds N [--seed S] [--tournament SLUG] [--byes]``.

Does what *Generate* does on the Seating page: published rounds and rounds opened at the desk
keep their seating; the rounds after them, up to N, are seated (the first from its roll call
once it has begun, the others with every active player) and left unpublished. Prints what was
kept and seated, and the quality report.
"""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.translation import gettext

from tournament.models import Tournament
from tournament.seating.services.cut_wait import cut_pending_round
from tournament.seating.services.generation import seating_generate


class Command(BaseCommand):
    help = "Seat the rounds after the last published or played one, up to --rounds."

    def add_arguments(self, parser):
        parser.add_argument("--rounds", type=int, required=True, help="Total rounds of the event.")
        parser.add_argument("--seed", type=int, default=0, help="Same seed, same seating.")
        parser.add_argument("--tournament", help="Tournament slug (needed when there are several).")
        parser.add_argument(
            "--byes",
            action="store_true",
            help="When the player count is not a multiple of 4, sit players out in turn "
            "(otherwise register substitutes first).",
        )
        parser.add_argument(
            "--reseat-published",
            default="",
            metavar="N,M",
            help="No longer accepted: published rounds are never reseated. Unpublish the round "
            "on its seating page first.",
        )

    def handle(
        self, *args, rounds, seed, tournament=None, byes=False, reseat_published="", **options
    ):
        event = self.find_tournament(tournament)
        if reseat_published.strip():
            raise CommandError(
                gettext(
                    "Published rounds are never reseated: unpublish the round on its seating page "
                    "(or seat it from its roll call), then run seat again. Nothing changed."
                )
            )
        try:
            plan = seating_generate(
                tournament=event,
                total_rounds=rounds,
                seed=seed,
                odd_players="byes" if byes else "error",
            )
        except ValidationError as error:
            where = ""
            if cut_pending_round(error) is not None:
                where = " " + gettext("The Stages page: %(address)s") % {
                    "address": reverse("console:stages", args=[event.slug])
                }
            refusal = " ".join(error.messages) + where
            raise CommandError(
                gettext("%(refusal)s Nothing was saved.") % {"refusal": refusal}
            ) from error
        report = plan.report
        seated = ", ".join(map(str, plan.seated_rounds))
        self.stdout.write(
            self.style.SUCCESS(
                gettext("%(name)s: seated round(s) %(rounds)s (seed %(seed)s).")
                % {"name": event.name, "rounds": seated, "seed": seed}
            )
        )
        self.stdout.write(plan.describe())
        self.stdout.write(
            gettext(
                "Repeat meetings: %(meetings)s; largest wind spread: %(spread)s; same-club "
                "meetings: %(club)s; same-table repeats: %(tables)s; byes: %(byes)s."
            )
            % {
                "meetings": report.repeat_meetings,
                "spread": report.max_wind_spread,
                "club": report.same_club_meetings,
                "tables": len(report.same_table_repeats),
                "byes": report.total_byes,
            }
        )

    def find_tournament(self, slug):
        if slug:
            try:
                return Tournament.objects.get(slug=slug)
            except Tournament.DoesNotExist:
                raise CommandError(
                    gettext("No tournament with slug %(slug)s.") % {"slug": repr(slug)}
                ) from None
        events = list(Tournament.objects.all()[:2])
        if len(events) != 1:
            known = ", ".join(Tournament.objects.values_list("slug", flat=True)) or gettext(
                "none yet"
            )
            raise CommandError(
                gettext("Say which tournament with --tournament SLUG (known: %(known)s).")
                % {"known": known}
            )
        return events[0]
