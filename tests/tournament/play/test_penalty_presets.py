"""Penalty presets (RULINGS R13): the organiser's named penalties, warning first, the example
set of The Star, the desk's choice list beside a free penalty, the console page (add, edit,
delete after confirming; a used preset stays), and the archive carrying them."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.tournament.builders import make_session, make_user, seat_players
from tournament.exports.archive.checks import archive_problems
from tournament.exports.archive.text import archive_dumps, archive_loads
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services.importing import tournament_import
from tournament.models import (
    AuditEntry,
    Penalty,
    PenaltyPreset,
    SessionScore,
)
from tournament.play.penalties import EXAMPLE_SETS, PresetTerms, preset_outcome
from tournament.play.services import presets as preset_services
from tournament.play.services.penalties import penalty_correct, penalty_delete, penalty_record

pytestmark = pytest.mark.django_db


def star(session):
    """The Star's presets loaded into the session's tournament, by name."""
    tournament = session.round.tournament
    preset_services.penalty_presets_load(tournament=tournament, example="the_star", user=None)
    return {preset.name: preset for preset in tournament.penalty_presets.all()}


def test_the_star_loads_with_its_numbers_once():
    session = make_session()
    presets = star(session)
    assert {name: (p.points, p.per, p.mode, p.warning_first) for name, p in presets.items()} == {
        "Late arrival": (30, "missed game", "deduction", False),
        "Talking": (30, "", "deduction", True),
        "Refusing to show tiles": (30, "", "deduction", True),
    }
    again = preset_services.penalty_presets_load(
        tournament=session.round.tournament, example="the_star", user=None
    )
    assert again == [] and PenaltyPreset.objects.count() == 3
    line = AuditEntry.objects.get(action=AuditEntry.Action.PRESETS)
    assert line.after["summary"].startswith("Loaded The Star: Late arrival: 30 points per")


def test_warning_first_records_a_warning_then_the_deduction_per_player_and_preset():
    session = make_session()
    presets = star(session)
    seats, judge = seat_players(session), make_user()

    def give(wind, name, **extra):
        return penalty_record(session=session, player_id=seats[wind], reason="", user=judge,
                              preset_id=presets[name].pk, **extra)  # fmt: skip

    first = give("E", "Talking")
    assert (first.warning, first.amount, first.reason) == (True, 0, "Talking: warning")
    second = give("E", "Talking")
    assert (second.warning, second.amount, second.reason) == (False, 30, "Talking")
    assert give("S", "Talking").warning  # another player: their own warning first
    assert give("E", "Refusing to show tiles").warning  # another preset: its own warning
    late = give("W", "Late arrival", count=2)
    assert (late.warning, late.amount, late.reason) == (False, 60, "Late arrival: 2 x missed game")
    actions = list(
        AuditEntry.objects.filter(action__in=["warning", "penalty"])
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert actions == ["warning", "penalty", "warning", "warning", "penalty"]
    warned = AuditEntry.objects.filter(action=AuditEntry.Action.WARNING).order_by("pk").first()
    assert "is warned: Talking: warning" in warned.after["summary"]
    points = dict(
        SessionScore.objects.filter(session=session).values_list("player_id", "penalty_points")
    )
    assert points == {seats["E"]: -30, seats["S"]: 0, seats["W"]: -60, seats["N"]: 0}


def test_a_free_penalty_still_needs_points_and_a_reason():
    session = make_session()
    seats, judge = seat_players(session), make_user()
    penalty = penalty_record(session=session, player_id=seats["N"], amount=9, mode="deduction",
                             reason="Slow play", user=judge)  # fmt: skip
    assert (penalty.amount, penalty.preset, penalty.warning) == (9, None, False)
    with pytest.raises(ValidationError, match="Give the points"):
        penalty_record(session=session, player_id=seats["N"], reason="x", user=judge)


def test_a_preset_of_another_tournament_or_a_bad_count_is_refused():
    session, other = make_session(), make_session()
    presets = star(other)
    seats = seat_players(session)
    with pytest.raises(ValidationError, match="this tournament's penalty presets"):
        penalty_record(session=session, player_id=seats["E"], reason="", user=make_user(),
                       preset_id=presets["Talking"].pk)  # fmt: skip
    mine = star(session)
    with pytest.raises(ValidationError, match="1 to 100"):
        penalty_record(session=session, player_id=seats["E"], reason="", user=make_user(),
                       preset_id=mine["Late arrival"].pk, count=0)  # fmt: skip
    assert not Penalty.objects.exists()


def test_a_warning_is_not_corrected_but_may_be_deleted():
    session = make_session()
    presets, seats = star(session), seat_players(session)
    warning = penalty_record(session=session, player_id=seats["E"], reason="", user=None,
                             preset_id=presets["Talking"].pk)  # fmt: skip
    with pytest.raises(ValidationError, match="A warning cannot be corrected"):
        penalty_correct(penalty=warning, player_id=seats["E"], amount=30, mode="deduction",
                        reason="x", change_reason="y", user=None)  # fmt: skip
    penalty_delete(penalty=warning, reason="given to the wrong player", user=None)
    again = penalty_record(session=session, player_id=seats["E"], reason="", user=None,
                           preset_id=presets["Talking"].pk)  # fmt: skip
    assert again.warning  # with the warning deleted, the next one is the warning again
    deleted = AuditEntry.objects.get(action=AuditEntry.Action.PENALTY_DELETE)
    assert "is warned: Talking: warning" in deleted.before["summary"]


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        ({"name": "Talking", "points": 30}, "name", "a preset of that name already"),
        ({"name": "Rude", "points": 10, "mode": "zero_sum"}, "points", "multiple of 3"),
        ({"name": "Rude", "points": 0}, "points", "greater than or equal to 1"),
        ({"name": "", "points": 5}, "name", "This field cannot be blank"),
    ],
)
def test_a_bad_preset_is_refused_on_its_field(values, field, words):
    session = make_session()
    star(session)
    with pytest.raises(ValidationError) as caught:
        preset_services.penalty_preset_save(
            tournament=session.round.tournament, values=values, user=None
        )
    assert words in " ".join(caught.value.message_dict[field])
    assert PenaltyPreset.objects.count() == 3


def test_a_used_preset_cannot_be_deleted_an_unused_one_can():
    session = make_session()
    presets, seats = star(session), seat_players(session)
    penalty_record(session=session, player_id=seats["E"], reason="", user=None,
                   preset_id=presets["Talking"].pk)  # fmt: skip
    with pytest.raises(ValidationError, match="used once at the desk, so it stays"):
        preset_services.penalty_preset_delete(preset=presets["Talking"], user=None)
    preset_services.penalty_preset_delete(preset=presets["Late arrival"], user=None)
    assert set(PenaltyPreset.objects.values_list("name", flat=True)) == {
        "Talking",
        "Refusing to show tiles",
    }


def test_the_archive_carries_presets_and_warnings_and_reads_version_1():
    session = make_session()
    presets, seats = star(session), seat_players(session)
    for _ in range(2):
        penalty_record(session=session, player_id=seats["E"], reason="", user=None,
                       preset_id=presets["Talking"].pk)  # fmt: skip
    archive = archive_loads(archive_dumps(tournament_archive(session.round.tournament)))
    assert [p["name"] for p in archive["penalty_presets"]] == list(presets)
    assert [(p["preset"], p["warning"], p["amount"]) for p in archive["penalties"]] == [
        ("Talking", True, 0),
        ("Talking", False, 30),
    ]
    copy = tournament_import(archive=archive, slug="copy")
    assert copy.penalty_presets.count() == 3
    assert list(
        Penalty.objects.filter(tournament=copy)
        .order_by("created_at", "pk")
        .values_list("preset__name", "warning", "amount")
    ) == [("Talking", True, 0), ("Talking", False, 30)]
    again = tournament_archive(copy)
    assert again["penalty_presets"] == archive["penalty_presets"]
    assert again["penalties"] == archive["penalties"]
    # A version 1 archive (before presets, warnings and the cap) still loads.
    old = dict(archive, version=1)
    del old["penalty_presets"]
    old["tournament"] = {k: v for k, v in archive["tournament"].items() if k != "hand_cap"}
    old["penalties"] = [
        {k: v for k, v in p.items() if k not in ("preset", "warning")}
        for p in archive["penalties"]
        if not p["warning"]
    ]
    upgraded = archive_loads(archive_dumps(old))
    assert archive_problems(upgraded) == []
    assert upgraded["version"] == 2 and upgraded["tournament"]["hand_cap"] is None
    assert tournament_import(archive=upgraded, slug="old").penalty_presets.count() == 0
    bad = dict(archive, penalties=[dict(archive["penalties"][0], preset="Nope")])
    assert "names an unknown preset 'Nope'" in " ".join(archive_problems(bad))


# --- pages ---------------------------------------------------------------------------------


def desk_url(session, name, *extra):
    args = [session.round.tournament.slug, session.round.number, session.table.number, *extra]
    return reverse(f"desk:{name}", args=args)


def test_the_desk_offers_the_presets_and_a_free_penalty(client):
    session = make_session()
    presets, seats = star(session), seat_players(session)
    client.force_login(make_user())
    page = client.get(desk_url(session, "penalty_record")).content.decode()
    assert "Talking: 30 (warning first)" in page and "Late arrival: 30 per missed game" in page
    assert "Other (give the points and the reason)" in page
    post = {"player": seats["E"], "preset": presets["Talking"].pk, "reason": ""}
    response = client.post(desk_url(session, "penalty_record"), post, follow=True)
    text = response.content.decode()
    assert "Warning recorded for" in text and "the next one for the same reason deducts" in text
    assert '<span class="badge">warning</span>' in text  # on the session's sheet
    page = client.get(desk_url(session, "penalty_record")).content.decode()
    assert 'id="warnings-on-record"' in page and "Talking: warning" in page
    client.post(desk_url(session, "penalty_record"), post)
    assert list(Penalty.objects.order_by("pk").values_list("amount", flat=True)) == [0, 30]
    free = {"player": seats["S"], "preset": "", "amount": "", "mode": "deduction", "reason": ""}
    page = client.post(desk_url(session, "penalty_record"), free).content.decode()
    assert "Give the points, or choose a preset." in page
    assert "Give the reason for a penalty that is not a preset." in page
    free.update(amount="12", reason="Slow play")
    assert client.post(desk_url(session, "penalty_record"), free).status_code == 302
    assert Penalty.objects.filter(amount=12, preset=None, reason="Slow play").exists()


def test_the_console_page_adds_edits_loads_and_deletes_after_confirming(client, organiser_of):
    session = make_session()
    tournament = session.round.tournament
    organiser_of(tournament)
    address = reverse("console:penalty_presets", args=[tournament.slug])
    page = client.get(address).content.decode()
    assert "No presets yet" in page and "Load The Star" in page
    client.post(reverse("console:penalty_presets_load", args=[tournament.slug]),
                {"example": "the_star"})  # fmt: skip
    add = {"name": "Wrong claim", "points": "9", "per": "", "mode": "zero_sum"}
    assert client.post(address, add).status_code == 302
    page = client.post(address, dict(add, name="wrong CLAIM", points="12")).content.decode()
    assert "a preset of that name already" in page
    page = client.post(address, dict(add, name="Rude", points="10")).content.decode()
    assert "cannot be shared equally by three players" in page
    preset = PenaltyPreset.objects.get(name="Wrong claim")
    edit = reverse("console:penalty_preset_edit", args=[tournament.slug, preset.pk])
    client.post(edit, dict(add, points="12", warning_first="on"))
    preset.refresh_from_db()
    assert (preset.points, preset.warning_first) == (12, True)
    delete = reverse("console:penalty_preset_delete", args=[tournament.slug, preset.pk])
    page = client.get(delete).content.decode()
    assert "Delete the preset Wrong claim?" in page and 'id="confirm-delete"' in page
    assert PenaltyPreset.objects.filter(pk=preset.pk).exists()  # a GET deletes nothing
    client.post(delete)
    assert not PenaltyPreset.objects.filter(pk=preset.pk).exists()
    talking = PenaltyPreset.objects.get(name="Talking")
    penalty_record(session=session, player_id=seat_players(session)["E"], reason="",
                   user=None, preset_id=talking.pk)  # fmt: skip
    delete = reverse("console:penalty_preset_delete", args=[tournament.slug, talking.pk])
    assert 'id="cannot-delete"' in client.get(delete).content.decode()
    page = client.post(delete, follow=True).content.decode()
    assert "stays for the history" in page
    assert PenaltyPreset.objects.filter(pk=talking.pk).exists()
    assert list(EXAMPLE_SETS) == ["the_star"]


@given(
    points=st.integers(1, 10000),
    per=st.sampled_from(["", "missed game"]),
    warning_first=st.booleans(),
    warned_before=st.booleans(),
    count=st.integers(1, 100),
    note=st.sampled_from(["", "  table 3 "]),
)
def test_a_preset_gives_a_warning_exactly_once_and_otherwise_points_times_count(
    points, per, warning_first, warned_before, count, note
):  # pure: play.penalties
    terms = PresetTerms("Talking", points, per=per, warning_first=warning_first)
    outcome = preset_outcome(terms, count=count, warned_before=warned_before, note=note)
    assert outcome.warning == (warning_first and not warned_before)
    assert outcome.amount == (0 if outcome.warning else points * count)
    assert outcome.reason.startswith("Talking") and outcome.reason.endswith(note.strip())
    assert (f"{count} x {per}" in outcome.reason) == bool(per and not outcome.warning)
