"""``python manage.py seat --rounds N [--seed S] [--tournament SLUG] [--byes]``, or
``python manage.py seat --round N [--method random|standings|swiss] [--repeat-limit K] ...``.

``--rounds N`` does what *Generate* does on the Seating page: published rounds and rounds opened
at the desk keep their seating; the rounds after them, up to N, are seated (the first from its
roll call once it has begun, the others with every active player) and left unpublished; a round
seated by the standings waits, and the rounds after it. Prints what was kept and seated, and the
quality report.

``--round N`` does what *Seat round N* does at its roll call: it seats round N alone (with
``--method``, set on the round first; by the standings, once the rounds before it are final) and
prints each table with its players' ranks going in, and the round's quality: repeats, fixed
tables honoured and missed, pairs kept apart who meet. Any refusal says what to change, and
nothing is saved.
"""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from tournament.models import Round, Tournament
from tournament.seating.preview_selectors import RoundPreview, round_preview
from tournament.seating.services.cut_wait import cut_pending_round
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.method import round_seating_method_set
from tournament.seating.services.one_round import seating_round_generate


class Command(BaseCommand):
    help = (
        "Seat the rounds after the last published or played one, up to --rounds; or one round "
        "(--round), by a method."
    )

    def add_arguments(self, parser):
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--rounds", type=int, help="Total rounds of the event.")
        which.add_argument("--round", type=int, dest="one_round", help="Seat this round alone.")
        parser.add_argument(
            "--method",
            choices=Round.SeatingMethod.values,
            help="With --round: random (no repeats), standings (top tables) or swiss.",
        )
        parser.add_argument(
            "--repeat-limit",
            type=int,
            default=0,
            help="With --method swiss: the most repeat meetings the round may have.",
        )
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
        odd_players = "byes" if byes else "error"
        if options.get("one_round") is not None:
            self.seat_one(event, options["one_round"], seed, odd_players, options)
            return
        if options.get("method"):
            raise CommandError(
                gettext("--method seats one round: give --round N instead of --rounds.")
            )
        if reseat_published.strip():
            raise CommandError(
                gettext(
                    "Published rounds are never reseated: unpublish the round on its seating page "
                    "(or seat it from its roll call), then run seat again. Nothing changed."
                )
            )
        try:
            plan = seating_generate(
                tournament=event, total_rounds=rounds, seed=seed, odd_players=odd_players
            )
        except ValidationError as error:
            raise self.refused(event, error) from error
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

    def refused(self, event: Tournament, error: ValidationError) -> CommandError:
        """A service's refusal as the command's, with the Stages page when a cut waits."""
        where = ""
        if cut_pending_round(error) is not None:
            where = " " + gettext("The Stages page: %(address)s") % {
                "address": reverse("console:stages", args=[event.slug])
            }
        refusal = " ".join(error.messages) + where
        return CommandError(gettext("%(refusal)s Nothing was saved.") % {"refusal": refusal})

    def seat_one(self, event: Tournament, number: int, seed: int, odd_players: str, options):
        """Seat round ``number`` alone (``--method`` set on it first), all or nothing."""
        try:
            with transaction.atomic():
                if options.get("method"):
                    round_seating_method_set(
                        tournament=event,
                        number=number,
                        method=options["method"],
                        repeat_limit=options["repeat_limit"],
                    )
                seating_round_generate(
                    tournament=event, number=number, seed=seed, odd_players=odd_players
                )
        except ValidationError as error:
            raise self.refused(event, error) from error
        round_ = Round.objects.select_related("tournament").get(tournament=event, number=number)
        self.write_preview(event, round_preview(round_), seed)

    def write_preview(self, event: Tournament, preview: RoundPreview, seed: int) -> None:
        """Each table with its players (and their ranks going in), then the round's quality."""
        self.stdout.write(
            self.style.SUCCESS(
                gettext("%(name)s: seated round %(number)s, %(method)s (seed %(seed)s).")
                % {
                    "name": event.name,
                    "number": preview.number,
                    "method": preview.method_label,
                    "seed": seed,
                }
            )
        )
        for table in preview.tables:
            seats = gettext(", ").join(
                (
                    gettext("%(name)s (rank %(rank)s)") % {"name": seat.name, "rank": seat.rank}
                    if seat.rank
                    else seat.name
                )
                for seat in table.seats
            )
            self.stdout.write(
                gettext("Table %(table)s: %(seats)s") % {"table": table.number, "seats": seats}
            )
        self.stdout.write(
            gettext(
                "Repeat meetings: %(meetings)s; fixed tables honoured: %(honoured)s, missed: "
                "%(missed)s; pairs kept apart who meet: %(apart)s."
            )
            % {
                "meetings": preview.repeat_meetings,
                "honoured": preview.fixed_tables_honoured,
                "missed": len(preview.fixed_table_misses),
                "apart": preview.kept_apart_meetings,
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
