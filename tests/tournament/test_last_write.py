"""The write rule (`tournament.audit`): every service that changes what anyone sees moves the
tournament's last write, so a revalidating request gets the new page, never a 304 with the old.

The walk is discovered, not listed: every public function of the services modules must have a
case in `CASES` (it writes, and the case proves it), or be named in `NOT_PUBLIC`, `READS` or
`PARTS` with the reason. A new service that is in none of them fails `test_every_service_is_walked`.

A case is a generator: it prepares the world and yields what to watch (`Watch`: pages, viewer,
tournament), then makes the one write under test with the service it is given and yields what
the new page must show (`Shows`). Between the two the test fetches every watched page, keeps its
validators and checks that a revalidation is a 304 (the page is cached); after the write the
same revalidation must be a 200 with the new data, and `last_write` must have moved.
"""

from __future__ import annotations

import datetime
import importlib
import inspect
import pkgutil
import uuid
from dataclasses import dataclass, field
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import (
    BIG,
    entry,
    make_cut_event,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.audit import tournament_touch, unit_of_work
from tournament.event.roster_import import plan_import
from tournament.event.selectors.countries import country_lookup
from tournament.event.selectors.roster import known_players
from tournament.event.services.admission import Admission, RosterEntry
from tournament.event.services.registrations import (
    player_update,
    registration_add,
    registration_reinstate,
    registration_withdraw,
    roster_import,
)
from tournament.event.services.roll_call import roll_call_save
from tournament.event.services.settings import tournament_settings_update
from tournament.exports.selectors.archive import tournament_archive
from tournament.models import (
    AuditEntry,
    Hand,
    HandEntry,
    Payment,
    Penalty,
    Registration,
    Round,
    Session,
    SessionScore,
    Tournament,
)
from tournament.play.services import double_entry as double_entry_services
from tournament.play.services import hands as hand_services
from tournament.play.services import penalties as penalty_services
from tournament.play.services import queries as query_services
from tournament.play.services import sessions as session_services
from tournament.seating.services.roster import roster_reinstate, roster_withdraw
from tournament.seating.services.seats import seating_publish
from tournament.standings.selectors.board import board_build
from tournament.standings.services import cut_confirm

pytestmark = pytest.mark.django_db

SERVICE_MODULES = [
    "tournament.event.removal",
    "tournament.event.links",
    *(
        f"{package}.{m.name}"
        for package in (
            "tournament.event.services",
            "tournament.seating.services",
            "tournament.play.services",
        )
        for m in pkgutil.iter_modules(importlib.import_module(package).__path__)
    ),
    "tournament.exports.services.importing",
    "tournament.standings.services",
    "tournament.statistics.services.awards",
    *(
        f"tournament.jobs.services.{m.name}"
        for m in pkgutil.iter_modules(importlib.import_module("tournament.jobs.services").__path__)
    ),
]

# Writes nobody but officials of their own pages sees: the public pages do not show them, and an
# official's validator changes with their role anyway (`release.public_page`'s variant).
NOT_PUBLIC = {
    "checkin_set": "the roll call is shown on the organiser's check-in page only",
    "roll_call_save": "the roll call is shown on the organiser's check-in page only",
    "official_add": "roles are not shown publicly; the viewer's validator follows its role",
    "official_remove": "roles are not shown publicly; the viewer's validator follows its role",
    "session_mark_opened": "the desk's mark that fixes a round's seating; not shown publicly",
    "penalty_preset_save": "presets are shown on the console and the desk only",
    "penalty_preset_delete": "presets are shown on the console and the desk only",
    "penalty_presets_load": "presets are shown on the console and the desk only",
    "player_link_issue": "a private link is shown only to officials and to the player holding it",
    "player_link_revoke": "a private link is shown only to officials and to the player holding it",
    "player_links_issue_all": "private links are shown only to officials and to their holders",
    "player_links_follow": "private links are shown only to officials and to their holders",
    **{
        name: "the seating rules are shown on the organiser's seating pages only; the public "
        "sees them in the rounds seated with them"
        for name in ("fixed_table_add", "fixed_table_remove", "kept_apart_add", "kept_apart_remove")
    },
    **{
        name: "a background job's file changes no page; last_write is the job's own version"
        for name in (
            "job_request",
            "job_retry",
            "job_report",
            "job_run",
            "jobs_prune",
            "public_job_request",
            "job_lost_notice",
        )
    },
    **{
        name: "a full check of the kept totals is shown on the officials' health page only"
        for name in ("totals_checks", "totals_check_run", "totals_check_make")
    },
}
READS = {
    "tournament_has_hands", "highest_hand_number", "settings_summary", "slug_free",
    "tournament_is_played", "session_check_open", "hand_preview", "evaluation_names",
    "penalty_summary", "session_scores_drift", "session_scores_check", "kept_rows",
    "player_build",  # builds an unsaved Player for roster_admit; writes nothing
    "player_link_build",  # builds an unsaved PlayerLink with a fresh token; writes nothing
    "token_new",  # draws a fresh token; writes nothing
    "cut_pending_round",  # reads a seating refusal's cut round for the page's link; no write
    "job_key",  # a digest of a job's kind and parameters; writes nothing
    "players_agree",  # whether two players' word makes a table's entry count; no write
    "body_digest",  # the digest of an offline entry's body; writes nothing
    "offline_known",  # the offline entry already received under a key; no write
}  # fmt: skip
# Writes that run only inside a caller's public write (its unit of work, its row lock): the
# caller's case walks them.
PARTS = {
    "hand_save_locked": "hand_save's write under a lock the table's and desk's entries hold",
    "session_scores_write": "session_scores_refresh inside a hand write's unit",
    "session_scores_add": "a new hand's share of the kept totals, inside hand_save's unit",
}


def _services() -> dict[str, object]:
    found = {}
    for name in SERVICE_MODULES:
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if inspect.isfunction(value) and value.__module__ == name and not attr.startswith("_"):
                found[attr] = value
    return found


@dataclass
class Watch:
    pages: list[str]
    viewer: str = "anonymous"  # or "official": unpublished seating is theirs only
    slug: str = ""  # the tournament whose last write must move (default: the world's)


@dataclass
class Shows:
    contains: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    status: int = 200


@dataclass
class World:
    """8 players; round 1 published (hand 1 saved at table 1), round 2 seated, not published."""

    tournament: Tournament
    players: list
    session: Session  # round 1, table 1
    head: object
    judges: tuple

    @property
    def slug(self):
        return self.tournament.slug

    def url(self, name, *args):
        return reverse(name, args=[self.slug, *args])

    def registration(self, index=0) -> Registration:
        return Registration.objects.select_related("player", "tournament").get(
            tournament=self.tournament, player=self.players[index]
        )

    def round(self, number) -> Round:
        return Round.objects.select_related("tournament").get(
            tournament=self.tournament, number=number
        )

    def hand(self, number=1) -> Hand:
        return Hand.objects.select_related("session__round__tournament").get(
            session=self.session, number=number
        )

    def total(self, index) -> str:
        """The player's page as it must read now: their total from a board built afresh."""
        player_id = self.players[index].pk
        row = next(r for r in board_build(self.tournament).rows if r.player_id == player_id)
        return f'<span class="big">{row.total}</span> total points'

    def player_page(self, index):
        return self.url("public:player_detail", self.players[index].pk)

    def winner(self) -> int:
        """Index in ``players`` of the winner of the builder's hands (seat S of table 1)."""
        south = seat_players(self.session)["S"]
        return next(i for i, p in enumerate(self.players) if p.pk == south)

    def card_totals(self) -> dict[int, int]:
        totals = dict.fromkeys(seat_players(self.session).values(), 0)
        for player_id, amount in Payment.objects.filter(hand__session=self.session).values_list(
            "player_id", "amount"
        ):
            totals[player_id] += amount
        return totals


@pytest.fixture
def world():
    tournament = make_tournament(slug="lw")
    players = make_players(tournament, 8)
    first = make_seated_round(tournament, players, 1)
    seating_publish(round_=first)
    make_seated_round(tournament, players[1:] + players[:1], 2)
    session = Session.objects.select_related("round__tournament", "table").get(
        round=first, table__number=1
    )
    judges = (make_user(), make_user())
    hand_services.hand_save(session=session, entry=entry(session), user=judges[0])
    return World(tournament, players, session, make_user("head"), judges)


def _double_entry(w: World) -> None:
    tournament_settings_update(tournament=w.tournament, changes={"double_entry": True}, user=w.head)
    w.session.round.tournament.refresh_from_db()


# --- the cases: one per writing service ---------------------------------------------------------


def case_tournament_register(service, w):
    yield Watch([w.url("public:player_list")])
    service(tournament=w.tournament, roster=[RosterEntry(name="Newcomer Zed")])
    yield Shows(["Newcomer Zed"])


def case_tables_ensure(service, w):
    yield Watch([w.url("public:table_list")])
    service(tournament=w.tournament, count=5)
    yield Shows(["<td>5</td>"])


def case_tournament_settings_update(service, w):
    yield Watch([w.player_page(0)])
    service(tournament=w.tournament, changes={"use_match_points": True}, user=w.head)
    yield Shows(["match points</div>"])


def case_tournament_create(service, w):
    yield Watch([reverse("public:tournament_detail", args=["brand-new"])], slug="brand-new")
    day = datetime.date(2026, 6, 1)
    service(name="Brand New Open", start_date=day, end_date=day, preset="zj_tournament",
            slug="brand-new", user=w.head)  # fmt: skip
    yield Shows(["Brand New Open"])


def case_tournament_update(service, w):
    yield Watch([w.url("public:tournament_detail")])
    service(tournament=w.tournament, changes={"name": "Renamed Open"}, user=w.head)
    yield Shows(["Renamed Open"])


def case_tournament_delete(service, w):
    spare = make_tournament(slug="spare")
    make_players(spare, 4)
    yield Watch([reverse("public:player_list", args=["spare"])], slug="spare")
    service(tournament=spare, typed_name=spare.name, user=make_user("superuser"))
    yield Shows(status=404)


def case_tournament_hidden_set(service, w):
    yield Watch([w.url("public:player_list"), w.url("public:standings")])
    service(tournament=w.tournament, hidden=True, user=w.head)
    yield Shows(status=404)


def case_registration_add(service, w):
    yield Watch([w.url("public:player_list")])
    service(tournament=w.tournament, given_name="Ada", family_name="Newby", user=w.head)
    yield Shows(["Ada Newby"])


def case_roster_admit(service, w):
    yield Watch([w.url("public:player_list")])
    entry = RosterEntry(given_name="Dora", family_name="Doorway", country="HK")
    service(
        tournament=w.tournament,
        admissions=[Admission(number=900, entry=entry)],
    )
    yield Shows(["Dora Doorway"])


def case_player_update(service, w):
    """The issue's bug: after a rename the players list, the standings and the player page
    answered 304 with the old name, and the kept standings board kept it."""
    old = w.players[0].name
    yield Watch([w.url("public:player_list"), w.url("public:standings"), w.player_page(0)])
    service(registration=w.registration(0), changes={"family_name": "Renamedson"}, user=w.head)
    yield Shows(["Player Renamedson"], absent=[old])


def case_registration_withdraw(service, w):
    yield Watch([w.url("public:player_list"), w.player_page(3)])
    service(registration=w.registration(3), from_round=3, user=w.head)
    yield Shows(["ithdrawn"])


def case_registration_reinstate(service, w):
    registration_withdraw(registration=w.registration(3), from_round=3)
    yield Watch([w.url("public:player_list"), w.player_page(3)])
    service(registration=w.registration(3), user=w.head)
    yield Shows(absent=["ithdrawn"])


def case_roster_import(service, w):
    yield Watch([w.url("public:player_list")])
    plan = plan_import(
        [["Iris", "Imported", "HK"], ["Ivo", "Imported", "HK"]],
        columns=["given_name", "family_name", "country"],
        countries=country_lookup(),
        known=known_players(w.tournament),
    )
    service(tournament=w.tournament, plan=plan, user=w.head)
    yield Shows(["Iris Imported", "Ivo Imported"])


def case_round_status_set(service, w):
    yield Watch([w.url("public:round_list")])
    service(round_=w.round(2), status=Round.Status.FINISHED, user=w.head)
    yield Shows(["Finished"])


def case_seating_generate(service, w):
    yield Watch([w.url("public:round_list")])
    service(tournament=w.tournament, total_rounds=3, seed=1, time_limit=2)
    yield Shows(["Round 3"])


def _seats_text(w, number) -> list[str]:
    """Round ``number``'s seats as the by-player page lists them (official's view)."""
    round_ = w.round(number)
    return [
        f'<td>{seat.player.name}</td><td class="num">{seat.table.number}</td>'
        f"<td>{seat.get_wind_display()}</td>"
        for seat in round_.seats.select_related("player", "table")
    ]


def case_seating_swap(service, w):
    before = _seats_text(w, 2)
    yield Watch([w.url("public:seating_by_player", 2)], viewer="official")
    first, second = w.players[1], w.players[5]  # tables 1 and 2 of round 2
    service(round_=w.round(2), first=first, second=second)
    yield Shows(_seats_text(w, 2), absent=[t for t in before if t not in _seats_text(w, 2)])


def case_seating_publish(service, w):
    yield Watch([w.url("public:round_detail", 2)])
    service(round_=w.round(2))
    yield Shows([p.name for p in w.players])


def case_round_seat(service, w):
    yield Watch([w.url("public:seating_by_player", 2)], viewer="official")
    rows = [(i // 4 + 1, "ESWN"[i % 4], p) for i, p in enumerate(reversed(w.players))]
    service(round_=w.round(2), seat_rows=rows)
    yield Shows(_seats_text(w, 2))


def case_round_table_change_set(service, w):
    yield Watch([w.url("public:seating_by_player", 2)], viewer="official")
    service(round_=w.round(2), after_hand=8, time_limit=2)
    yield Shows(["from hand 9: table"])


def case_round_seating_method_set(service, w):
    yield Watch([w.url("api:round_list")])
    service(tournament=w.tournament, number=2, method="swiss", repeat_limit=1, user=w.head)
    yield Shows(['"seating_method":"swiss"'])


def case_seating_round_generate(service, w):
    yield Watch([w.url("public:round_list")])
    service(tournament=w.tournament, number=3, seed=1, time_limit=2)
    yield Shows(["Round 3"])


def case_round_seat_from_roll_call(service, w):
    present = w.tournament.registrations.values_list("pk", flat=True)
    roll_call_save(tournament=w.tournament, round_number=3, present_ids=present)
    yield Watch([w.url("public:round_list")])
    service(tournament=w.tournament, number=3, seed=1, time_limit=2)
    yield Shows(["Round 3"])


def case_roster_withdraw(service, w):
    """The issue's bug, the withdrawal: the public pages showed the player still playing."""
    yield Watch([w.url("public:player_list"), w.url("public:standings"), w.player_page(7)])
    service(registration=w.registration(7), from_round=2, user=w.head)
    yield Shows(["ithdrawn"])


def case_roster_reinstate(service, w):
    roster_withdraw(registration=w.registration(7), from_round=2)
    yield Watch([w.url("public:player_list"), w.player_page(7)])
    service(registration=w.registration(7), user=w.head)
    yield Shows(absent=["ithdrawn"])


def case_roster_substitute(service, w):
    yield Watch([w.url("public:player_list")])
    service(tournament=w.tournament, given_name="Sub", family_name="Stitute", reseat=False)
    yield Shows(["Sub Stitute"])


def case_hand_save(service, w):
    yield Watch([w.player_page(w.winner())])
    service(session=w.session, entry=entry(w.session, 2), user=w.judges[0])
    yield _total_shows(w, w.winner())


def _total_shows(w, index):
    """The player's total as a board built afresh now has it (after the write)."""
    return Shows([w.total(index)])


def case_hand_correct(service, w):
    yield Watch([w.player_page(w.winner())])
    hand = w.hand(1)
    service(hand=hand, entry=entry(w.session, 1, tiles=BIG), user=w.judges[0], reason="misread",
            version=hand.version)  # fmt: skip
    yield _total_shows(w, w.winner())


def case_hand_delete(service, w):
    yield Watch([w.player_page(w.winner())])
    hand = w.hand(1)
    service(hand=hand, user=w.judges[0], reason="entered twice", version=hand.version)
    yield _total_shows(w, w.winner())


def case_hand_confirm(service, w):
    _double_entry(w)
    hand_services.hand_save(session=w.session, entry=entry(w.session, 2), user=w.judges[0])
    yield Watch([w.player_page(w.winner())])
    service(hand=w.hand(2), entry=entry(w.session, 2), user=w.judges[1])
    shows = _total_shows(w, w.winner())
    yield Shows(shows.contains, absent=["awaiting a second entry"])


def case_hand_check(service, w):
    """A differing check of a confirmed hand takes it out of the totals until resolved."""
    yield Watch([w.player_page(w.winner())])
    service(hand=w.hand(1), entry=entry(w.session, 1, tiles=BIG), user=w.judges[1])
    yield _total_shows(w, w.winner())


def case_table_entry_save(service, w):
    yield Watch([w.player_page(w.winner())])
    service(session=w.session, entry=entry(w.session, 1, tiles=BIG), user=w.judges[1])
    yield _total_shows(w, w.winner())


def case_table_proposal_save(service, w):
    """The second player's agreeing entry becomes the table's entry: a check of hand 1 that
    differs, which takes it out of the totals until the head judge resolves it."""
    tournament_settings_update(
        tournament=w.tournament, changes={"players_confirm_at_table": True}, user=w.head
    )
    w.session.round.tournament.refresh_from_db()
    seats = seat_players(w.session)
    south, east = (w.registration(w.players.index(next(p for p in w.players if p.pk == seats[k])))
                   for k in ("S", "E"))  # fmt: skip
    differs = entry(w.session, 1, tiles=BIG)
    service(session=w.session, registration=south, entry=differs)
    yield Watch([w.player_page(w.winner())])
    service(session=w.session, registration=east, entry=differs)
    yield _total_shows(w, w.winner())


def case_desk_entry_save(service, w):
    yield Watch([w.player_page(w.winner())])
    service(session=w.session, entry=entry(w.session, 2), user=w.judges[0])
    yield _total_shows(w, w.winner())


def case_offline_entry_receive(service, w):
    """A hand typed offline reaches the server: saved as the desk's entry, the total moves."""
    yield Watch([w.player_page(w.winner())])
    service(
        session=w.session,
        key=uuid.uuid4(),
        digest="0" * 64,
        typed_at=timezone.now(),
        place="desk",
        data={},
        entry=entry(w.session, 2),
        user=w.judges[0],
    )
    yield _total_shows(w, w.winner())


def case_desk_entry_save_after_draws(service, w):
    """Hands 2-3 drawn on the judge's word, then hand 4: the winner's total moves."""
    yield Watch([w.player_page(w.winner())])
    service(session=w.session, entry=entry(w.session, 4), user=w.judges[0])
    yield _total_shows(w, w.winner())


def case_hand_resolve(service, w):
    _double_entry(w)
    hand_services.hand_save(session=w.session, entry=entry(w.session, 2), user=w.judges[0])
    differs = entry(w.session, 2, tiles=BIG)
    double_entry_services.hand_confirm(hand=w.hand(2), entry=differs, user=w.judges[1])
    yield Watch([w.player_page(w.winner())])
    hand = w.hand(2)
    service(hand=hand, second=HandEntry.objects.get(hand=hand), keep="first", user=w.head,
            version=hand.version)  # fmt: skip
    shows = _total_shows(w, w.winner())
    yield Shows(shows.contains, absent=["awaiting a second entry"])


def _penalty(w, reason="Slow play"):
    return penalty_services.penalty_record(
        session=w.session, player_id=w.players[0].pk, amount=9, reason=reason,
        mode=Penalty.Mode.DEDUCTION, user=w.head,
    )  # fmt: skip


def case_penalty_record(service, w):
    yield Watch([w.player_page(0)])
    service(session=w.session, player_id=w.players[0].pk, amount=9, reason="Slow play",
            mode=Penalty.Mode.DEDUCTION, user=w.head)  # fmt: skip
    yield Shows(["Slow play", w.total(0)])


def case_penalty_correct(service, w):
    penalty = _penalty(w)
    yield Watch([w.player_page(0)])
    service(penalty=penalty, player_id=w.players[0].pk, amount=12, reason="Very slow play",
            mode=Penalty.Mode.DEDUCTION, change_reason="amount", user=w.head)  # fmt: skip
    yield Shows(["Very slow play", w.total(0)])


def case_penalty_delete(service, w):
    penalty = _penalty(w)
    yield Watch([w.player_page(0)])
    service(penalty=penalty, reason="given by mistake", user=w.head)
    yield Shows([w.total(0)], absent=["Slow play"])


def case_session_reconcile(service, w):
    yield Watch([w.url("public:standings"), w.player_page(0)])
    service(session=w.session, card_totals=w.card_totals(), user=w.judges[0])
    yield Shows(absent=["not reconciled"])


def case_session_reopen(service, w):
    session_services.session_reconcile(
        session=w.session, card_totals=w.card_totals(), user=w.judges[0]
    )
    yield Watch([w.url("public:standings"), w.player_page(0)])
    service(session=w.session, user=w.head, reason="card misread")
    yield Shows(["not reconciled"])


def _scores_drift(w):
    """Kept totals gone wrong behind every service's back (a repair's starting point)."""
    SessionScore.objects.filter(session=w.session).update(hand_points=F("hand_points") + 1000)


def case_session_scores_refresh(service, w):
    _scores_drift(w)
    yield Watch([w.player_page(w.winner())])
    service(session=w.session)
    yield _total_shows(w, w.winner())


def case_session_scores_rebuild(service, w):
    _scores_drift(w)
    yield Watch([w.player_page(w.winner())])
    service(tournament=w.tournament)
    yield _total_shows(w, w.winner())


def case_round_clock_control(service, w):
    yield Watch([w.url("public:round_detail", 1)])
    service(round_=w.round(1), action="start", minutes=30, user=w.head)
    yield Shows(['role="timer"'])


def case_tournament_import(service, w):
    archive = tournament_archive(w.tournament)
    yield Watch([reverse("public:player_list", args=["lw-copy"])], slug="lw-copy")
    service(archive=archive, slug="lw-copy")
    yield Shows([p.name for p in w.players])


def _in_appeal_window(w) -> Registration:
    """The world's session reconciled with a 30-minute appeal window; its East player."""
    Tournament.objects.filter(pk=w.tournament.pk).update(appeal_window_minutes=30)
    w.session.round.tournament.refresh_from_db()
    session_services.session_reconcile(
        session=w.session, card_totals=w.card_totals(), user=w.judges[0]
    )
    w.session.refresh_from_db()
    east = seat_players(w.session)["E"]
    return Registration.objects.select_related("player").get(
        tournament=w.tournament, player_id=east
    )


def case_hand_query_raise(service, w):
    east = _in_appeal_window(w)
    yield Watch([w.url("public:standings")])
    service(registration=east, session=w.session, hand_number=1, text="wrong payment")
    yield Shows(["hand query(ies) open"])


def case_hand_query_answer(service, w):
    east = _in_appeal_window(w)
    query = query_services.hand_query_raise(
        registration=east, session=w.session, hand_number=1, text="wrong payment"
    )
    yield Watch([w.url("public:standings")])
    service(query=query, upheld=False, answer="Checked at the table.", user=w.head)
    yield Shows(absent=["hand query(ies) open"])


def case_session_appeal_close(service, w):
    _in_appeal_window(w)
    yield Watch([w.url("public:standings")])
    service(session=w.session, user=w.head)
    yield Shows(absent=["appeal window open until"])


def case_stages_set(service, w):
    yield Watch([w.url("public:standings")])
    service(tournament=w.tournament, cuts=[(1, 4, Fraction(1, 2))], user=w.head)
    yield Shows(["Stage 1 of 2"])


def case_cut_confirm(service, w):
    tournament, _, organiser = make_cut_event()
    yield Watch([reverse("public:standings", args=[tournament.slug])], slug=tournament.slug)
    service(tournament=tournament, stage=1, seed=3, user=organiser)
    yield Shows(["Carried", "out after round 1", "Stage 2 of 2"])


def case_cut_undo(service, w):
    tournament, _, organiser = make_cut_event()
    cut_confirm(tournament=tournament, stage=1, seed=3, user=organiser)
    yield Watch([reverse("public:standings", args=[tournament.slug])], slug=tournament.slug)
    service(tournament=tournament, stage=1, user=organiser)
    yield Shows(["Stage 1 of 2"], absent=["out after round 1", "Carried"])


def _published_award(w):
    """A published award "Most hands won" of the world's tournament: on the projector."""
    from tournament.statistics.services.awards import award_publish, award_save

    award = award_save(tournament=w.tournament, kind="most_wins", title="Most hands won")
    return award_publish(tournament=w.tournament, award_id=award.pk, published=True)


def case_award_save(service, w):
    award = _published_award(w)
    yield Watch([w.url("public:projector_awards")])
    service(tournament=w.tournament, award_id=award.pk, kind="most_wins", title="Luckiest player")
    yield Shows(["Luckiest player"], absent=["Most hands won"])


def case_award_publish(service, w):
    from tournament.statistics.services.awards import award_save

    award = award_save(tournament=w.tournament, kind="best_hand", title="Best hand")
    yield Watch([w.url("public:projector_awards")])
    service(tournament=w.tournament, award_id=award.pk, published=True)
    yield Shows(["Best hand"], absent=["No award is published yet."])


def case_award_delete(service, w):
    award = _published_award(w)
    yield Watch([w.url("public:projector_awards")])
    service(tournament=w.tournament, award_id=award.pk)
    yield Shows(["No award is published yet."], absent=["Most hands won"])


CASES = {
    name.removeprefix("case_"): case
    for name, case in dict(globals()).items()
    if name.startswith("case_")
}


def test_every_service_is_walked():
    """A new service must say what it is: a case below (it writes), or NOT_PUBLIC, READS or
    PARTS."""
    services = _services()
    unwalked = sorted(set(services) - set(CASES) - set(NOT_PUBLIC) - READS - set(PARTS))
    assert unwalked == [], (
        f"{unwalked}: add a case_<name> to tests/tournament/test_last_write.py if it writes "
        "(and route it through tournament.audit.public_write), else name it in READS or "
        "NOT_PUBLIC with the reason."
    )
    assert sorted(set(CASES) - set(services)) == []  # no case for a service that is gone


def _fetch(clients, viewer, url, **headers):
    return clients[viewer].get(url, headers=headers)


def _last_write(slug):
    return Tournament.objects.filter(slug=slug).values_list("last_write", flat=True).first()


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_write_moves_last_write_and_revalidation_gets_the_new_page(world, name):
    service = _services()[name]
    case = CASES[name](service, world)
    watch = next(case)
    clients = {"anonymous": Client(), "official": Client()}
    clients["official"].force_login(make_user("superuser"))
    slug = watch.slug or world.slug
    kept = {}
    for url in watch.pages:
        first = _fetch(clients, watch.viewer, url)
        validators = {}
        if first.status_code == 200:
            validators = {
                "If-None-Match": first["ETag"],
                "If-Modified-Since": first["Last-Modified"],
            }
            cached = _fetch(clients, watch.viewer, url, **validators)
            assert cached.status_code == 304, (url, "the page must be cached before the write")
        kept[url] = validators
    before = _last_write(slug)
    shows = next(case)  # the write, then what the page must show now
    after = _last_write(slug)
    if shows.status != 404:
        assert after is not None and (before is None or after > before), name
    for url, validators in kept.items():
        answer = _fetch(clients, watch.viewer, url, **validators)
        assert answer.status_code == shows.status, (name, url)
        if shows.status != 200:
            continue
        body = answer.content.decode()
        missing = [text for text in shows.contains if text not in body]
        present = [text for text in shows.absent if text in body]
        assert (missing, present) == ([], []), (name, url)


# --- the mechanism itself -------------------------------------------------------------------------


def test_a_unit_of_work_moves_last_write_once_when_the_outermost_unit_ends(world):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    start = _last_write(world.slug)
    with CaptureQueriesContext(connection) as queries, unit_of_work(world.tournament):
        with unit_of_work(world.tournament):
            tournament_touch(world.tournament.pk)
        assert _last_write(world.slug) == start  # not yet: when the outermost unit ends
    moves = [q for q in queries if 'UPDATE "tournament_tournament"' in q["sql"]]
    assert len(moves) == 1 and _last_write(world.slug) > start


def test_last_write_moves_on_even_when_the_clock_is_behind(world):
    ahead = timezone.now() + datetime.timedelta(hours=1)
    Tournament.objects.filter(pk=world.tournament.pk).update(last_write=ahead)
    registration_add(tournament=world.tournament, family_name="Late")
    assert _last_write(world.slug) > ahead


def test_a_refused_write_leaves_last_write_as_it_was(world):
    start = _last_write(world.slug)
    with pytest.raises(ValidationError, match="not withdrawn"):
        registration_reinstate(registration=world.registration(0))
    assert _last_write(world.slug) == start


# --- the roster's audit lines ------------------------------------------------------------------


def test_roster_changes_are_audited_with_who_and_what(world):
    head = world.head
    registration_add(tournament=world.tournament, given_name="Ada", family_name="Newby", user=head)
    old = world.players[2].name
    player_update(
        registration=world.registration(2), changes={"family_name": "Renamedson"}, user=head
    )
    roster_withdraw(registration=world.registration(2), from_round=3, user=head)
    roster_reinstate(registration=world.registration(2), user=head)
    plan = plan_import(
        [[f"Guest{i}", "Imported", "HK"] for i in range(36)],
        columns=["given_name", "family_name", "country"],
        countries=country_lookup(),
        known=known_players(world.tournament),
    )
    roster_import(tournament=world.tournament, plan=plan, user=head)
    lines = AuditEntry.objects.filter(action=AuditEntry.Action.ROSTER).order_by("pk")
    assert [(line.user, line.after["summary"]) for line in lines] == [
        (head, "Added Ada Newby as #9"),
        (head, f"Renamed {old} -> Player Renamedson"),
        (head, "Player Renamedson withdrawn from round 3"),
        (head, "Player Renamedson reinstated"),
        (head, "Imported 36 players"),
    ]
    assert lines[1].before["summary"] == old
    assert str(lines[2].get_action_display()) == "Roster changed"


def test_an_edit_that_changes_nothing_writes_no_audit_line(world):
    registration = world.registration(1)
    player_update(registration=registration, changes={"club": ""}, user=world.head)
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.ROSTER).exists()


# --- the bug, through the organiser's pages --------------------------------------------


def test_a_rename_and_a_withdrawal_in_the_console_reach_every_public_page(world):
    """After a rename or a withdrawal in the console, a conditional GET of the players list, the
    standings or a player page answered 304 with the old names, and the kept board kept them."""
    public, organiser = Client(), Client()
    organiser.force_login(make_user("superuser"))
    pages = [world.url("public:player_list"), world.url("public:standings"), world.player_page(4)]
    validators = {}
    for url in pages:
        first = public.get(url)
        assert world.players[4].name in first.content.decode()
        validators[url] = {"If-None-Match": first["ETag"]}
    number = world.registration(4).number
    form = {"given_name": "Player", "family_name": "Console", "number": number}
    edit = reverse("console:player_edit", args=[world.slug, number])
    assert organiser.post(edit, form).status_code == 302
    for url in pages:
        answer = public.get(url, headers=validators[url])
        assert answer.status_code == 200, url
        assert "Player Console" in answer.content.decode(), url
        validators[url] = {"If-None-Match": answer["ETag"]}
    withdraw = reverse("console:player_withdraw", args=[world.slug, number])
    assert organiser.post(withdraw, {"from_round": 3}).status_code == 302
    for url in pages[:1] + pages[2:]:
        answer = public.get(url, headers=validators[url])
        assert answer.status_code == 200 and "ithdrawn" in answer.content.decode(), url
