"""The archive: export -> import -> export is identical, standings too; an import re-scores
every hand and refuses a file whose hands disagree, naming them, with nothing written."""

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Count

from tests.tournament.builders import BIG, entry, make_user, seat_players
from tournament.exports.archive.checks import archive_problems
from tournament.exports.archive.format import ArchiveError
from tournament.exports.archive.text import archive_dumps, archive_loads
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services.importing import tournament_import
from tournament.models import (
    AuditEntry,
    Hand,
    HandEntry,
    Payment,
    Player,
    Registration,
    Session,
    TableEntry,
    TableProposal,
    Tournament,
)
from tournament.play.services.double_entry import hand_confirm
from tournament.play.services.hands import hand_correct, hand_delete, hand_save
from tournament.play.services.table import table_entry_save, table_proposal_save
from tournament.standings.selectors.board import standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(demo):
    """The demo with a double-entry mismatch, a correction and a deletion on an open table."""
    session = (
        Session.objects.filter(round__tournament=demo, status="open")
        .annotate(count=Count("hands"))
        .filter(count__gt=2, count__lt=demo.hands_per_session)
        .order_by("round__number", "table__number")
        .first()
    )
    demo.double_entry = True
    demo.save()
    session.round.tournament.double_entry = True
    head = make_user("head", name="arch-head")
    judge, other = make_user("judge", name="arch-judge"), make_user("judge", name="arch-other")
    number = session.hands.count() + 1
    hand = hand_save(session=session, entry=entry(session, number), user=judge)
    hand_confirm(hand=hand, entry=entry(session, number, tiles=BIG), user=other)
    last = session.hands.get(number=1)
    hand_correct(
        hand=last, entry=entry(session, 1, outcome="draw"), user=head, reason="typo", version=1
    )
    hand_delete(hand=session.hands.get(number=2), user=head, reason="entered twice", version=1)
    at_table = make_user("judge", name="arch-table")
    session = Session.objects.select_related("round__tournament", "table").get(pk=session.pk)
    table_entry_save(session=session, entry=entry(session, 1, outcome="draw"), user=at_table)
    # The players' own entries: hand 2 agreed by the winner (S) and the discarder (W), hand 3
    # waiting for N's.
    demo.players_confirm_at_table = True
    demo.save()
    seats = seat_players(session)
    regs = {w: Registration.objects.get(tournament=demo, player_id=seats[w]) for w in "SWN"}
    for wind, number in (("S", 2), ("W", 2), ("N", 3)):
        session = Session.objects.select_related("round__tournament", "table").get(pk=session.pk)
        table_proposal_save(session=session, registration=regs[wind], entry=entry(session, number))
    return demo


def _counts():
    models = (Tournament, Player, Hand, Payment, HandEntry, AuditEntry, Session, TableEntry,
              TableProposal)  # fmt: skip
    return {model.__name__: model.objects.count() for model in models}


def _ranks(tournament):
    return [(row.rank, row.name, row.total) for row in standings(tournament)]


def test_export_import_export_is_identical_and_so_are_the_standings(event):
    first = tournament_archive(event)
    assert archive_problems(first) == []
    assert any(hand["second_entries"] for s in first["sessions"] for hand in s["hands"])
    at_table = [h["table_entry"] for s in first["sessions"] for h in s["hands"] if h["table_entry"]]
    assert [(t["entered_by"], t["first"], len(t["players"])) for t in at_table] == [
        ("arch-table", False, 0),
        (None, True, 2),
    ]
    (waiting,) = [p for s in first["sessions"] for p in s["table_proposals"]]
    assert waiting["number"] == 3 and first["tournament"]["players_confirm_at_table"] is True
    copy_ = tournament_import(archive=json.loads(archive_dumps(first)), slug="copy")
    second = tournament_archive(copy_)
    assert second["tournament"]["slug"] == "copy"
    second["tournament"]["slug"] = event.slug
    assert archive_dumps(second) == archive_dumps(first)
    assert _ranks(copy_) == _ranks(event)


def test_the_commands_round_trip_through_files(event, tmp_path):
    first, again = tmp_path / "first.json", tmp_path / "again.json"
    call_command("export_tournament", event.slug, "-o", str(first))
    call_command("import_tournament", str(first), "--slug", "copy")
    call_command("export_tournament", "copy", "-o", str(again))
    text = again.read_text(encoding="utf-8").replace('"slug": "copy"', f'"slug": "{event.slug}"')
    assert text == first.read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 2


def test_an_archive_written_before_table_entries_still_imports(event):
    archive = copy.deepcopy(tournament_archive(event))
    del archive["tournament"]["players_confirm_at_table"]
    for session in archive["sessions"]:
        del session["table_proposals"]
        for hand in session["hands"]:
            del hand["table_entry"]
    assert archive_problems(archive) == []
    copy_ = tournament_import(archive=json.loads(archive_dumps(archive)), slug="old")
    assert not TableEntry.objects.filter(hand__session__round__tournament=copy_).exists()
    assert _ranks(copy_) == _ranks(event)


def test_a_table_entry_by_an_unknown_official_refuses_the_file(event):
    archive = copy.deepcopy(tournament_archive(event))
    hand = next(h for s in archive["sessions"] for h in s["hands"] if h["table_entry"])
    hand["table_entry"]["entered_by"] = "nobody-here"
    hand["table_entry"]["first"] = "yes"
    problems = archive_problems(archive)
    assert any("its table entry" in p and "'first'" in p for p in problems), problems
    hand["table_entry"]["first"] = True
    assert any("nobody-here" in p for p in archive_problems(archive))
    hand["table_entry"]["entered_by"] = "arch-table"
    hand["table_entry"]["players"] = [9999]
    assert any("not at the table" in p for p in archive_problems(archive))
    hand["table_entry"]["players"] = []
    archive["sessions"][0]["table_proposals"] = [
        {"number": 1, "player": 9999, "data": {}, "entered_at": "2026-05-01T10:00:00+00:00"}
    ]
    assert any("not at the table" in p for p in archive_problems(archive))


def _first_hand(archive, outcome="win"):
    for session in archive["sessions"]:
        for hand in session["hands"]:
            if hand["outcome"] == outcome:
                return session, hand
    raise AssertionError("no such hand")


@pytest.mark.parametrize("tamper", ["value", "payment"])
def test_a_hand_that_does_not_rescore_refuses_the_file_naming_it(event, tamper):
    archive = copy.deepcopy(tournament_archive(event))
    session, hand = _first_hand(archive)
    if tamper == "value":
        hand["value"] += 10
    else:
        player = next(iter(hand["payments"]))
        hand["payments"][player] += 100
    before = _counts()
    with pytest.raises(ArchiveError) as refused:
        tournament_import(archive=archive, slug="copy")
    name = f"Round {session['round']}, table {session['table']}, hand {hand['number']}"
    assert any(name in problem for problem in refused.value.problems)
    assert "disagrees with the scoring engine" in str(refused.value)
    assert _counts() == before


def test_an_existing_slug_is_refused(event):
    with pytest.raises(ArchiveError, match="already exists"):
        tournament_import(archive=tournament_archive(event))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"not json", "not JSON"),
        (b"[]", "not a tournament archive"),
        (b'{"format": "zj-tournament-archive", "version": 99}', "version 99"),
        (b"[" * 100000, "not JSON"),
    ],
)
def test_what_is_not_an_archive_is_refused_with_a_message(text, message):
    with pytest.raises(ArchiveError, match=message):
        archive_loads(text)


def test_an_archive_the_size_of_a_world_championship_is_read():
    # 400 players x 16,000 hands with the whole audit log count about 2.1 million values.
    audit = [{"action": "hand_save", "note": "hand 1, table 2, round 3"}] * 400_000
    text = archive_dumps({"format": "zj-tournament-archive", "version": 2, "audit": audit})
    assert text.count(",") + text.count(":") > 2_200_000
    assert len(archive_loads(text)["audit"]) == 400_000


def test_an_archive_of_too_many_tiny_values_is_refused_before_it_is_parsed():
    text = b'{"format": "zj-tournament-archive", "version": 2, "x": [' + b"0," * 5_000_000 + b"0]}"
    with pytest.raises(ArchiveError, match="at most 4,500,000"):
        archive_loads(text)


def test_the_import_command_names_the_problems(event, tmp_path):
    archive = tournament_archive(event)
    _, hand = _first_hand(archive)
    hand["value"] = 9999
    path = tmp_path / "bad.json"
    path.write_text(archive_dumps(archive), encoding="utf-8")
    with pytest.raises(CommandError, match="disagrees with the scoring engine"):
        call_command("import_tournament", str(path), "--slug", "copy")
    assert not Tournament.objects.filter(slug="copy").exists()


def test_officials_missing_here_are_created_without_a_usable_password(event):
    archive = tournament_archive(event)
    archive["officials"].append({"username": "visiting-judge", "role": "judge"})
    _, hand = _first_hand(archive)
    hand["entered_by"] = "visiting-judge"
    tournament_import(archive=archive, slug="copy")
    visitor = get_user_model().objects.get(username="visiting-judge")
    assert not visitor.has_usable_password()


@pytest.mark.parametrize("command", [False, True])
def test_imported_officials_get_roles_in_the_imported_tournament_only(event, tmp_path, command):
    from tournament.roles import is_head_judge, is_judge, roles_of

    other = Tournament.objects.create(
        name="Another event",
        slug="another",
        start_date=event.start_date,
        end_date=event.end_date,
    )
    archive = tournament_archive(event)
    archive["officials"] += [
        {"username": "visiting-head", "role": "head judge"},
        {"username": "visiting-judge", "role": "judge"},
    ]
    if command:
        path = tmp_path / "archive.json"
        path.write_text(archive_dumps(archive), encoding="utf-8")
        call_command("import_tournament", str(path), "--slug", "copy")
    else:
        tournament_import(archive=archive, slug="copy")
    copy = Tournament.objects.get(slug="copy")
    head = get_user_model().objects.get(username="visiting-head")
    judge = get_user_model().objects.get(username="visiting-judge")
    assert not head.groups.exists() and not judge.groups.exists()
    assert is_head_judge(head, copy) and is_judge(judge, copy)
    assert not is_head_judge(judge, copy)
    for tournament in (event, other):
        assert roles_of(get_user_model().objects.get(pk=head.pk), tournament).official is False
        assert not is_judge(get_user_model().objects.get(pk=judge.pk), tournament)


def test_an_official_is_exported_with_the_role_held_in_the_exported_tournament(event):
    """An organiser of another event who judged here is exported as a judge of this one, not
    as an organiser; someone with no role here is exported with none."""
    from tournament.event.services.officials import official_add
    from tournament.play.selectors.sessions import session_next_number

    other = Tournament.objects.create(
        name="Another event", slug="another", start_date=event.start_date, end_date=event.end_date
    )
    judge = get_user_model().objects.create_user(username="two-hats", password="pw")
    bystander = get_user_model().objects.create_user(username="elsewhere", password="pw")
    official_add(tournament=other, role="organiser", username="two-hats")
    official_add(tournament=event, role="judge", username="two-hats")
    official_add(tournament=other, role="organiser", username="elsewhere")
    session = (
        Session.objects.filter(round__tournament=event, status="open")
        .annotate(count=Count("hands"))
        .filter(count__lt=event.hands_per_session)
        .first()
    )
    number = session_next_number(session)
    hand_save(session=session, entry=entry(session, number), user=judge)
    # The hand's audit line as if a visitor had made it: someone with no role here.
    AuditEntry.objects.filter(user=judge).update(user=bystander)
    roles = {o["username"]: o["role"] for o in tournament_archive(event)["officials"]}
    assert roles["two-hats"] == "judge"
    assert roles["elsewhere"] == "none"
