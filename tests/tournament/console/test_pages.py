"""The organiser's console pages: a tournament from nothing, its roster, import, roll call,
withdrawal with reseating, officials and repairs, without the admin."""

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tournament.event.roster_files import MAX_BYTES
from tournament.event.services.registrations import registration_add
from tournament.event.services.roll_call import roll_call_save
from tournament.models import (
    AuditEntry,
    Penalty,
    Player,
    Registration,
    Round,
    Seat,
    Tournament,
    TournamentOfficial,
)
from tournament.play.services.hands import hand_save
from tournament.seating.services.roster import roster_withdraw

pytestmark = pytest.mark.django_db

HEADER = "Given name,Family name,Country,Club,EMA number\n"


def csv_rows(count: int, start: int = 1) -> str:
    return "".join(
        f"Given{i},Family{i},{'Hong Kong' if i % 2 else 'JP'},Club {i % 5},EMA{i:05d}\n"
        for i in range(start, start + count)
    )


@pytest.fixture
def organiser(client):
    user = make_user("superuser")
    client.force_login(user)
    return user


def url(name, tournament, **kwargs):
    return reverse(f"console:{name}", kwargs={"slug": tournament.slug, **kwargs})


def import_text(client, tournament, text, **extra):
    return client.post(url("roster_import", tournament), {"text": text, "header": "auto", **extra})


# --- tournament -------------------------------------------------------------------------------


def test_creating_a_tournament_applies_its_preset(client, organiser):
    response = client.post(
        reverse("console:tournament_create"),
        {
            "name": "Spring Open",
            "start_date": "2026-04-01",
            "end_date": "2026-04-02",
            "venue": "Hall",
            "preset": "zj_standard",
        },
    )
    tournament = Tournament.objects.get(name="Spring Open")
    assert response.url == url("dashboard", tournament)
    assert (tournament.slug, tournament.minimum_points, tournament.hands_per_session) == (
        "spring-open",
        0,
        16,
    )
    page = client.get(url("dashboard", tournament)).content.decode()
    assert "Next: Register players" in page


def test_a_tournament_ending_before_it_starts_is_refused(client, organiser):
    response = client.post(
        reverse("console:tournament_create"),
        {
            "name": "X",
            "start_date": "2026-04-02",
            "end_date": "2026-04-01",
            "preset": "zj_tournament",
        },
    )
    assert "The last day cannot come before the first day." in response.content.decode()
    assert not Tournament.objects.exists()


def test_editing_renames_the_event_and_audits_rule_changes(client, organiser):
    tournament = make_tournament()
    data = {
        "name": "Renamed Open",
        "start_date": "2026-05-01",
        "end_date": "2026-05-02",
        "venue": "",
        "seating_separate_by": "",
        "minimum_points": 0,
        "payoff_scheme": "formal",
        "standard_value": 25,
        "false_win_penalty": 25,
        "hands_per_session": 12,
        "double_entry": "",
        "results_public": "on",
        "standings_public": "on",
        "match_points": "4,2,1,0",
        "match_points_scheme": tournament.match_points_scheme,
        "rank_by": tournament.rank_by,
        "tie_break_order": tournament.tie_break_order,
        "silent_rounds": 0,
        "appeal_window_minutes": 0,
    }
    response = client.post(url("tournament_edit", tournament), data)
    assert response.status_code == 302, response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.name, tournament.hands_per_session, tournament.minimum_points) == (
        "Renamed Open",
        12,
        0,
    )
    entry = AuditEntry.objects.get(tournament=tournament, action=AuditEntry.Action.SETTINGS)
    assert entry.after == {
        "minimum_points": 0,
        "hands_per_session": 12,
        "summary": "Minimum points: No minimum; Hands per session: 12",
    }


# --- players ----------------------------------------------------------------------------------


def test_player_names_are_kept_apart_and_the_display_name_derived(client, organiser):
    tournament = make_tournament()
    client.post(
        url("player_add", tournament),
        {"given_name": "Mei Ling", "family_name": "Wong", "country": "HK", "external_id": "E1"},
    )
    player = Player.objects.get()
    assert (player.given_name, player.family_name, player.name) == (
        "Mei Ling",
        "Wong",
        "Mei Ling Wong",
    )
    assert player.country.code == "HK" and player.country.name == "Hong Kong"
    assert tournament.registrations.get().number == 1
    client.post(
        url("player_edit", tournament, number=1),
        {"given_name": "Meiling", "family_name": "Wong", "country": "SG", "number": 5},
    )
    player.refresh_from_db()
    assert (player.name, player.country.code, tournament.registrations.get().number) == (
        "Meiling Wong",
        "SG",
        5,
    )


def test_a_duplicate_external_id_is_refused_on_the_form(client, organiser):
    tournament = make_tournament()
    registration_add(tournament=tournament, family_name="Chan", external_id="E1")
    response = client.post(
        url("player_add", tournament), {"family_name": "Lee", "external_id": "E1"}
    )
    assert "Another player already has this external id." in response.content.decode()
    assert Player.objects.count() == 1


def test_the_roster_is_searchable_and_paginated_in_constant_queries(client, organiser):
    tournament = make_tournament()
    make_players(tournament, 60)
    with CaptureQueriesContext(connection) as few:
        assert client.get(url("roster", tournament)).status_code == 200
    page = client.get(url("roster", tournament), {"page": 2}).content.decode()
    assert "Page 2 of 2" in page
    found = client.get(url("roster", tournament), {"q": "7"}).content.decode()
    assert "Player" in found
    make_players(tournament, 40)
    with CaptureQueriesContext(connection) as more:
        client.get(url("roster", tournament))
    assert len(more) == len(few)


def test_the_export_escapes_formula_cells(client, organiser):
    tournament = make_tournament()
    registration_add(tournament=tournament, given_name="=cmd|' /C calc'!A0", family_name="@SUM")
    body = client.get(url("roster_export", tournament)).content.decode("utf-8-sig")
    assert "'=cmd|' /C calc'!A0" in body and ",'@SUM," in body
    assert Player.objects.get().given_name == "=cmd|' /C calc'!A0"  # stored as typed


# --- import -----------------------------------------------------------------------------------


def test_import_previews_then_saves_all_rows_and_reimporting_changes_nothing(client, organiser):
    tournament = make_tournament()
    text = HEADER + csv_rows(32)
    preview = import_text(client, tournament, text).content.decode()
    assert "32 new player(s)" in preview
    assert not Player.objects.exists()  # nothing saved before confirming
    response = client.post(url("roster_import_confirm", tournament))
    assert response.status_code == 302
    assert tournament.registrations.count() == 32
    assert list(tournament.registrations.values_list("number", flat=True)) == list(range(1, 33))
    assert Player.objects.get(external_id="EMA00001").country.code == "HK"
    again = import_text(client, tournament, text).content.decode()
    assert "32 already registered (unchanged)" in again
    client.post(url("roster_import_confirm", tournament))
    assert (Player.objects.count(), tournament.registrations.count()) == (32, 32)


def test_an_import_with_a_problem_saves_nothing(client, organiser):
    tournament = make_tournament()
    text = HEADER + csv_rows(3) + "Bad,,Atlantis,,\n"
    page = import_text(client, tournament, text).content.decode()
    assert "Line 5: Missing family name for &#x27;Bad&#x27;." in page
    assert "Line 5: Unknown country" in page
    assert 'id="confirm-import"' not in page
    client.post(url("roster_import_confirm", tournament))
    assert not Player.objects.exists()


def test_rows_without_a_header_use_the_columns_chosen_on_the_page(client, organiser):
    tournament = make_tournament()
    response = client.post(
        url("roster_import", tournament),
        {
            "text": "Chan\tAlan\tE7\n",
            "header": "no",
            "column_1": "family_name",
            "column_2": "given_name",
            "column_3": "external_id",
        },
    )
    assert "1 new player(s)" in response.content.decode()
    client.post(url("roster_import_confirm", tournament))
    assert Player.objects.get().name == "Alan Chan"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"", "The submitted file is empty.", id="empty"),
        pytest.param(b"\x00\x01\x02binary", "binary file", id="binary"),
        pytest.param("Family\nИванов\n".encode("cp1251"), "not UTF-8", id="encoding"),
        pytest.param(
            b"Family,Surname\nChan,Chan\n",
            "Columns 1 and 2 both give the family name",
            id="duplicate-columns",
        ),
        pytest.param(
            b"Family,Shoe size\nChan,42\n",
            "Column 2 (&#x27;Shoe size&#x27;) is not a known column",
            id="unknown-column",
        ),
    ],
)
def test_bad_files_get_a_message_and_nothing_is_saved(client, organiser, content, message):
    tournament = make_tournament()
    upload = SimpleUploadedFile("players.csv", content, content_type="text/csv")
    response = client.post(url("roster_import", tournament), {"file": upload, "header": "auto"})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Player.objects.exists()


def test_a_file_over_the_limit_is_refused_before_parsing(client, organiser):
    tournament = make_tournament()
    upload = SimpleUploadedFile("big.csv", b"x" * (MAX_BYTES + 1), content_type="text/csv")
    page = client.post(url("roster_import", tournament), {"file": upload}).content.decode()
    assert "the limit is 5 MB" in page


def test_confirming_without_a_preview_says_so(client, organiser):
    tournament = make_tournament()
    response = client.post(url("roster_import_confirm", tournament), follow=True)
    assert "There is no import to confirm" in response.content.decode()


def test_the_import_command_says_the_same_and_dry_run_saves_nothing(tmp_path, capsys):
    from django.core.management import CommandError, call_command

    tournament = make_tournament()
    path = tmp_path / "players.csv"
    path.write_text(HEADER + csv_rows(4), encoding="utf-8")
    call_command("import_players", "--tournament", tournament.slug, str(path), "--dry-run")
    assert "would import 4 new player(s)" in capsys.readouterr().out
    assert not Player.objects.exists()
    call_command("import_players", "--tournament", tournament.slug, str(path))
    assert tournament.registrations.count() == 4
    bad = tmp_path / "bad.csv"
    bad.write_text(HEADER + "Bad,,Atlantis,,\n", encoding="utf-8")
    with pytest.raises(CommandError, match="Line 2: Missing family name"):
        call_command("import_players", "--tournament", tournament.slug, str(bad))
    with pytest.raises(CommandError, match="not UTF-8"):
        bad.write_bytes("Family\nИванов\n".encode("cp1251"))
        call_command("import_players", "--tournament", tournament.slug, str(bad))


# --- withdraw, reinstate, substitutes ---------------------------------------------------------


def test_withdrawing_reseats_open_rounds_and_never_touches_played_ones(client, organiser):
    tournament = make_tournament()
    players = make_players(tournament, 8)
    round1 = make_seated_round(tournament, players, 1)
    make_seated_round(tournament, players, 2)
    hand_save(session=round1.sessions.first(), entry=_entry(round1), user=organiser)
    before = set(Seat.objects.filter(round=round1).values_list("player_id", "table_id", "wind"))
    response = client.post(url("player_withdraw", tournament, number=1), {"from_round": 1})
    assert "Round 1 is already played and never changes: choose round 2 or later." in (
        response.content.decode().replace("&#x27;", "'")
    )
    assert tournament.registrations.get(number=1).status == "active"
    client.post(url("player_withdraw", tournament, number=1), {"from_round": 2})
    registration = tournament.registrations.get(number=1)
    assert (registration.status, registration.withdrawn_from_round) == ("withdrawn", 2)
    assert (
        set(Seat.objects.filter(round=round1).values_list("player_id", "table_id", "wind"))
        == before
    )
    round2 = tournament.rounds.get(number=2)
    assert not Seat.objects.filter(round=round2, player=players[0]).exists()
    assert Seat.objects.filter(round=round2).count() == 4  # 7 players: one table, 3 byes
    page = client.get(reverse("public:round_detail", args=[tournament.slug, 2])).content.decode()
    assert "Sitting out this round" in page and players[0].name in page
    client.post(url("player_reinstate", tournament, number=1))
    assert Seat.objects.filter(round=round2).count() == 8


def _entry(round_):
    from tests.tournament.builders import entry

    return entry(round_.sessions.first())


def test_a_substitute_is_checked_in_when_the_roll_call_has_begun(client, organiser):
    tournament = make_tournament()
    make_players(tournament, 6)
    ids = list(tournament.registrations.values_list("pk", flat=True))
    roll_call_save(tournament=tournament, round_number=1, present_ids=ids)
    client.post(url("substitute_add", tournament), {"given_name": "Sub", "family_name": "One"})
    client.post(url("substitute_add", tournament), {"given_name": "Sub", "family_name": "Two"})
    subs = tournament.registrations.filter(is_substitute=True)
    assert [r.checked_in_round for r in subs] == [1, 1]
    page = client.get(url("checkin", tournament)).content.decode()
    assert '<span class="big" data-count="present">8</span>' in page


# --- roll call and seating --------------------------------------------------------------------


def test_the_roll_call_toggles_counts_and_seating_uses_the_players_present(client, organiser):
    tournament = make_tournament()
    make_players(tournament, 10)
    registrations = list(tournament.registrations.order_by("number"))
    toggle = url("checkin_toggle", tournament)
    for registration in registrations[:9]:
        answer = client.post(
            toggle,
            {"round": 1, "registration": registration.pk, "present": True},
            content_type="application/json",
        ).json()
    assert answer == {"present": 9, "absent": 1, "total": 10, "remainder": 1, "missing": 3}
    page = client.get(url("checkin", tournament)).content.decode()
    assert 'sit <span data-count="remainder">1</span> player(s) out' in page
    refused = client.post(
        url("round_seat", tournament, number=1), {"odd_players": "error"}, follow=True
    )
    assert "add 3 substitute(s)" in refused.content.decode()
    assert not Seat.objects.exists()
    client.post(url("round_seat", tournament, number=1), {"odd_players": "byes", "seed": 1})
    seated = set(Seat.objects.values_list("player_id", flat=True))
    assert len(seated) == 8 and registrations[9].player_id not in seated
    by_player = client.get(reverse("public:seating_by_player", args=[tournament.slug, 1]))
    assert by_player.content.decode().count("Sitting out this round") == 2
    overview = client.get(reverse("console:seating_overview", args=[tournament.slug])).content
    assert b'id="total-byes">2<' in overview


def test_bad_toggles_get_a_400_not_a_500(client, organiser):
    tournament = make_tournament()
    response = client.post(
        url("checkin_toggle", tournament), "nonsense", content_type="application/json"
    )
    assert response.status_code == 400


def test_a_round_number_too_large_for_the_database_is_refused_not_a_500(client, organiser):
    """Found walking the event day: ``?round=99999999999999999999`` on the roll call showed the
    page, and All present, a toggle or Seat then failed with a 500 (integer overflow)."""
    tournament = make_tournament()
    make_players(tournament, 4)
    huge = 99_999_999_999_999_999_999
    checkin = f"{url('checkin', tournament)}?round={huge}"
    page = client.get(checkin).content.decode()
    assert "Check-in for round 1" in page
    saved = client.post(checkin, {"all_present": "1"})
    assert saved.status_code == 302 and saved["Location"].endswith("?round=1")
    assert set(tournament.registrations.values_list("checked_in_round", flat=True)) == {1}
    registration = tournament.registrations.first()
    for number in (huge, 32768):
        toggle = client.post(
            url("checkin_toggle", tournament),
            {"round": number, "registration": registration.pk, "present": True},
            content_type="application/json",
        )
        assert toggle.status_code == 400
        seat = client.post(url("round_seat", tournament, number=number), {"odd_players": "byes"})
        assert seat.status_code == 404
    assert not Round.objects.filter(tournament=tournament).exists()


def test_the_roll_call_page_runs_in_constant_queries(client, organiser):
    tournament = make_tournament()
    make_players(tournament, 8)
    with CaptureQueriesContext(connection) as few:
        client.get(url("checkin", tournament))
    make_players(tournament, 40)
    with CaptureQueriesContext(connection) as more:
        client.get(url("checkin", tournament))
    assert len(more) == len(few)


# --- officials and permissions ----------------------------------------------------------------


def test_officials_get_a_generated_password_once_and_a_role_in_this_tournament_only(
    client, organiser
):
    tournament, other = make_tournament(), make_tournament()
    make_seated_round(tournament, make_players(tournament, 4))
    make_seated_round(other, make_players(other, 4))
    page = client.post(
        url("officials", tournament), {"username": "ref1", "role": "judge", "create": "on"}
    ).content.decode()
    assert "shown only this once" in page
    password = page.split('<code class="password">')[1].split("</code>")[0]
    client.logout()
    referee = get_user_model().objects.get(username="ref1")
    assert referee.check_password(password)
    client.force_login(referee)
    assert client.get(reverse("desk:round_desk", args=[tournament.slug, 1])).status_code == 200
    refused = client.get(reverse("desk:round_desk", args=[other.slug, 1]))
    assert refused.status_code == 403
    reason = refused.content.decode()
    assert (
        f"Only a judge of {other.name} may do this. You are an official of {tournament.name} only."
        in reason
    )
    assert client.get(url("dashboard", tournament)).status_code == 403  # a judge, not an organiser


def test_adding_an_unknown_account_or_a_taken_name_is_refused(client, organiser):
    tournament = make_tournament()
    page = client.post(url("officials", tournament), {"username": "ghost", "role": "judge"})
    assert "No account &#x27;ghost&#x27;" in page.content.decode()
    get_user_model().objects.create_user(username="taken")
    page = client.post(
        url("officials", tournament), {"username": "taken", "role": "judge", "create": "on"}
    )
    assert "is taken" in page.content.decode()
    assert not TournamentOfficial.objects.exists()


def test_the_role_groups_exist_without_the_demo():
    from django.contrib.auth.models import Group

    assert set(Group.objects.values_list("name", flat=True)) >= {
        "Judges",
        "Head judges",
        "Organisers",
    }


def test_console_pages_need_an_organiser(client):
    tournament = make_tournament()
    assert client.get(url("dashboard", tournament)).status_code == 302  # to the log-in page
    client.force_login(make_user("judge"))
    response = client.get(url("roster", tournament))
    assert response.status_code == 403
    assert f"Only an organiser of {tournament.name} may do this." in response.content.decode()


# --- rounds and penalties ---------------------------------------------------------------------


def test_head_judges_set_round_status_and_delete_penalties_with_a_reason(client):
    tournament = make_tournament()
    players = make_players(tournament, 4)
    round_ = make_seated_round(tournament, players)
    head = make_user("plain")
    TournamentOfficial.objects.create(tournament=tournament, user=head, role="head_judge")
    client.force_login(head)
    client.post(url("round_status", tournament, number=1), {"status": "finished"})
    assert Round.objects.get(pk=round_.pk).status == "finished"
    penalty = Penalty.objects.create(
        tournament=tournament, player=players[0], amount=10, reason="late"
    )
    client.post(url("penalty_delete", tournament, pk=penalty.pk), {"reason": ""})
    assert Penalty.objects.exists()
    client.post(url("penalty_delete", tournament, pk=penalty.pk), {"reason": "wrong player"})
    assert not Penalty.objects.exists()
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PENALTY_DELETE, reason="wrong player")
    assert entry.before["amount"] == 10 and entry.after is None


def test_a_round_without_seating_cannot_be_marked_playing(client, organiser):
    tournament = make_tournament()
    Round.objects.create(tournament=tournament, number=1)
    response = client.post(
        url("round_status", tournament, number=1), {"status": "playing"}, follow=True
    )
    assert "Round 1 has no seating yet" in response.content.decode()


# --- players' names and countries in the data migration ---------------------------------------


def test_the_data_migration_splits_names_and_maps_country_names():
    import importlib

    from django.apps import apps

    migration = importlib.import_module("tournament.migrations.0003_organiser_console")
    assert [
        migration.country_code(v) for v in ("Hong Kong", "United States", "jp", "Narnia", "")
    ] == [
        "HK",
        "US",
        "JP",
        "",
        "",
    ]
    Player.objects.create(name="Mei Ling Wong")
    Player.objects.filter().update(given_name="", family_name="")
    migration.split_names_and_map_countries(apps, None)
    player = Player.objects.get()
    assert (player.given_name, player.family_name, player.name) == (
        "Mei Ling",
        "Wong",
        "Mei Ling Wong",
    )


def test_a_withdrawal_date_before_any_round_is_refused():
    tournament = make_tournament()
    make_players(tournament, 4)
    registration = tournament.registrations.first()
    with pytest.raises(Exception, match="round 1 or later"):
        roster_withdraw(registration=registration, from_round=0)
    assert Registration.objects.get(pk=registration.pk).status == "active"
