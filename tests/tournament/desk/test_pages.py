"""Desk views: every endpoint checks the role on the server; entry, preview and correction
flows through the test client; the public calculator."""

import pytest
from django.urls import reverse

from tests.tournament.builders import (
    BIG,
    entry,
    form_data,
    make_session,
    make_tournament,
    make_user,
)
from tournament.models import AuditEntry, Hand, Session
from tournament.play.services.hands import hand_save

pytestmark = pytest.mark.django_db

JUDGE_PAGES = [
    "desk:session_sheet",
    "desk:hand_preview",
    "desk:hand_edit",
    "desk:hand_delete",
    "desk:hand_confirm",
    "desk:penalty_record",
    "desk:session_reconcile",
    "desk:session_audit",
]
HEAD_PAGES = ["desk:hand_resolve", "desk:session_reopen"]
TOURNAMENT_PAGES = {
    "desk:home": "judge",
    "desk:tournament_audit": "judge",
    "desk:tournament_settings_update": "head",
}
HAND_PAGES = {"desk:hand_edit", "desk:hand_delete", "desk:hand_confirm", "desk:hand_resolve"}


def url(session, name, **extra):
    kwargs = {"slug": session.round.tournament.slug}
    if name in TOURNAMENT_PAGES:
        return reverse(name, kwargs=kwargs)
    kwargs.update(round_number=session.round.number, table_number=session.table.number)
    if name in HAND_PAGES:
        kwargs["number"] = extra.get("number", 1)
    return reverse(name, kwargs=kwargs)


def all_pages():
    pages = [(name, "judge") for name in JUDGE_PAGES] + [(name, "head") for name in HEAD_PAGES]
    return pages + list(TOURNAMENT_PAGES.items())


@pytest.mark.parametrize(("name", "needs"), all_pages())
@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_users_are_sent_to_log_in(client, session, name, needs, method):
    response = getattr(client, method)(url(session, name))
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert Hand.objects.count() == 1


@pytest.mark.parametrize(("name", "needs"), all_pages())
@pytest.mark.parametrize("method", ["get", "post"])
def test_users_without_a_desk_role_get_403(client, session, name, needs, method):
    client.force_login(make_user("plain"))
    assert getattr(client, method)(url(session, name)).status_code == 403


@pytest.mark.parametrize(("name", "needs"), all_pages())
def test_judges_reach_judge_pages_but_not_head_judge_pages(client, session, name, needs):
    client.force_login(make_user("judge"))
    response = client.post(url(session, name))
    if needs == "head":
        assert response.status_code == 403
    else:
        assert response.status_code not in (403, 404)
        assert not response.get("Location", "").startswith("/login/")


@pytest.mark.parametrize("role", ["head", "superuser"])
@pytest.mark.parametrize(("name", "needs"), all_pages())
def test_head_judges_and_superusers_reach_every_desk_page(client, session, role, name, needs):
    client.force_login(make_user(role))
    response = client.get(url(session, name))
    assert response.status_code not in (401, 403, 404)
    assert not response.get("Location", "").startswith("/login/")


def test_desk_round_lists_tables_and_jumps_to_a_typed_table(client, session):
    client.force_login(make_user())
    page = client.get(reverse("desk:round_desk", args=[session.round.tournament.slug, 1]))
    assert page.status_code == 200 and b"1 / 16 hands" in page.content
    jump = client.get(
        reverse("desk:round_desk", args=[session.round.tournament.slug, 1]), {"table": 1}
    )
    assert jump["Location"] == url(session, "desk:session_sheet")
    missing = client.get(
        reverse("desk:round_desk", args=[session.round.tournament.slug, 1]),
        {"table": 9},
        follow=True,
    )
    assert b"has no table 9" in missing.content


def test_session_page_offers_the_next_hand_with_dealer_and_seat_winds(client, session):
    client.force_login(make_user())
    page = client.get(url(session, "desk:session_sheet"))
    html = page.content.decode()
    assert page.context["form"].initial["number"] == 2
    # RULINGS R14: in hand 2 the player who started South deals and sits East; the list
    # names every player by the card's letter (starting wind), the seat wind beside it.
    south = page.context["sheet"].seating.names[entry(session).winner]
    assert f"S — {south} (East this hand, dealer)" in html
    assert "dealer S · " + south in html
    assert "data-tile-input" in html and 'class="tile-palette"' in html
    assert "htmx-2.min.js" in html
    assert html.count('class="num total"') == 4  # the four players with their totals


def test_preview_shows_patterns_total_and_payments(client, session):
    client.force_login(make_user())
    response = client.post(url(session, "desk:hand_preview"), form_data(session, 2, tiles=BIG))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-total="140"' in html and "Pure One-Suit" in html
    assert "+420" in html and "-370" in html and "tiles/5m.svg" in html
    assert Hand.objects.count() == 1  # nothing saved


def test_preview_errors_point_at_the_field(client, session):
    client.force_login(make_user())
    response = client.post(url(session, "desk:hand_preview"), form_data(session, 2, tiles="123q"))
    html = response.content.decode()
    assert 'data-preview-state="errors"' in html and 'href="#id_tiles"' in html


def test_preview_offers_a_false_win_for_an_illegal_win(client, session):
    client.force_login(make_user())
    data = form_data(session, 2, tiles="123m 444p 78s 11s [234s]", winning_tile="9s")
    html = client.post(url(session, "desk:hand_preview"), data).content.decode()
    assert "Illegal win (R7)" in html and 'name="as_false_win"' in html
    data["as_false_win"] = "1"
    response = client.post(url(session, "desk:session_sheet"), data)
    assert response.status_code == 302
    assert Hand.objects.get(number=2).outcome == "false_win"


def test_saving_redirects_to_the_next_hand(client, session):
    client.force_login(make_user())
    response = client.post(url(session, "desk:session_sheet"), form_data(session, 2), follow=True)
    assert b"Hand 2 saved: 10 points." in response.content
    assert response.context["form"].initial["number"] == 3


def test_saving_a_taken_number_shows_a_clear_message(client, session):
    client.force_login(make_user())
    response = client.post(
        url(session, "desk:session_sheet"), form_data(session, 1, outcome="draw")
    )
    assert response.status_code == 422
    assert "Hand 1 of" in response.content.decode() and "already been saved" in str(
        response.context["form"].errors["number"]
    )
    assert Hand.objects.count() == 1


def test_correction_form_with_stale_version_shows_the_other_change(client, session):
    judge = make_user()
    client.force_login(judge)
    data = {**form_data(session, 1, tiles=BIG), "reason": "Misread", "version": 1}
    assert client.post(url(session, "desk:hand_edit"), data).status_code == 302
    stale = {**form_data(session, 1, outcome="draw"), "reason": "Other", "version": 1}
    response = client.post(url(session, "desk:hand_edit"), stale)
    assert response.status_code == 409
    html = response.content.decode()
    assert "was changed" in html and "140 points" in html
    assert Hand.objects.get().value == 140
    assert str(response.context["form"].data["version"]) == "2"


def test_delete_form_needs_a_reason_and_logs_it(client, session):
    client.force_login(make_user())
    assert client.post(url(session, "desk:hand_delete"), {"version": 1}).status_code == 200
    assert Hand.objects.exists()
    client.post(url(session, "desk:hand_delete"), {"version": 1, "reason": "Duplicate"})
    assert not Hand.objects.exists()
    page = client.get(url(session, "desk:session_audit")).content.decode()
    assert "Duplicate" in page and "Hand deleted" in page


def test_second_entry_page_refuses_the_first_official(client):
    session = make_session(double_entry=True)
    first = make_user()
    hand_save(session=session, entry=entry(session), user=first)
    client.force_login(first)
    assert client.post(url(session, "desk:hand_confirm"), form_data(session)).status_code == 403
    client.force_login(make_user())
    client.post(url(session, "desk:hand_confirm"), form_data(session))
    assert Hand.objects.get().confirmed


def test_mismatch_shows_both_entries_side_by_side_to_the_head_judge(client):
    session = make_session(double_entry=True)
    hand_save(session=session, entry=entry(session), user=make_user())
    client.force_login(make_user())
    client.post(url(session, "desk:hand_confirm"), form_data(session, tiles=BIG))
    client.force_login(make_user("head"))
    html = client.get(url(session, "desk:hand_resolve")).content.decode()
    assert "First entry" in html and "Second entry" in html
    assert 'data-total="10"' in html and 'data-total="140"' in html
    client.post(url(session, "desk:hand_resolve"), {"keep": "second", "version": 1})
    assert Hand.objects.get().value == 140 and Hand.objects.get().confirmed


def test_penalty_and_reconcile_through_the_forms(client, session):
    client.force_login(make_user())
    ids = {p.player_id: p.amount for p in Hand.objects.get().payments.all()}
    post = {"player": next(iter(ids)), "amount": 9, "mode": "zero_sum", "reason": "Late"}
    assert client.post(url(session, "desk:penalty_record"), post).status_code == 302
    wrong = {f"p{pid}": amount + 5 for pid, amount in ids.items()}
    response = client.post(url(session, "desk:session_reconcile"), wrong)
    assert b"differ" in response.content and b'class="num diff"' in response.content
    assert Session.objects.get().status == "open"
    # The card's Final total row includes the penalty: -9 for the offender, +3 for the others.
    offender = post["player"]
    right = {f"p{pid}": amount + (-9 if pid == offender else 3) for pid, amount in ids.items()}
    assert client.post(url(session, "desk:session_reconcile"), right).status_code == 302
    assert Session.objects.get().status == "reconciled"


def test_head_judge_reopens_and_edits_settings(client, session):
    Session.objects.update(status="reconciled")
    client.force_login(make_user("head"))
    client.post(url(session, "desk:session_reopen"), {"reason": "Misread card"})
    assert Session.objects.get().status == "open"
    form = client.get(url(session, "desk:tournament_settings_update")).context["form"]
    data = {k: v for k, v in form.initial.items() if k in form.fields and v is not None}
    data.update(double_entry="on", results_public="on")
    assert client.post(url(session, "desk:tournament_settings_update"), data).status_code == 302
    assert session.round.tournament.__class__.objects.get().double_entry
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"reopen", "settings"} <= actions


def test_calculator_is_public_and_its_url_holds_the_hand(client):
    query = {
        "outcome": "win",
        "winner": "2",
        "win_type": "discard",
        "discarder": "3",
        "tiles": BIG,
        "winning_tile": "5m",
    }
    page = client.get(reverse("public:calculator"), query)
    html = page.content.decode()
    assert page.status_code == 200 and 'data-total="140"' in html and "-370" in html
    partial = client.get(reverse("public:calculator"), query, headers={"HX-Request": "true"})
    assert b"<html" not in partial.content and b'data-total="140"' in partial.content
    assert not Hand.objects.exists()


def test_calculator_address_with_only_the_tiles_scores_easts_self_draw(client):
    html = client.get(
        reverse("public:calculator"), {"tiles": "111222333m 789p Rd", "winning_tile": "Rd"}
    ).content.decode()
    # 5 + 5 + 120 + 40 as sequences beats 5 + 30 + 100 as triplets (RULINGS R2); all pay 170.
    assert 'data-total="170"' in html and "+510" in html
    assert "This field is required" not in html


def test_session_sheet_draws_every_hand_as_tile_pictures(client, session):
    data = entry(session, 2, tiles="123m 456p 78s EE [WhWhWh]", winning_tile="9s")
    hand_save(session=session, entry=data, user=make_user())
    client.force_login(make_user())
    html = client.get(url(session, "desk:session_sheet")).content.decode()
    assert html.count("tiles/E.svg") >= 2 and "tiles/Wh.svg" in html
    assert "tile-unknown" not in html


def test_before_round_1_the_desk_keeps_its_settings_within_reach(client):
    """A head judge turns on double entry before round 1 is seated: the desk does not send
    them to the public page, it says why there are no tables and links Settings."""
    tournament = make_tournament()
    client.force_login(make_user("head"))
    page = client.get(reverse("desk:home", args=[tournament.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "No round is seated yet" in html
    assert reverse("desk:tournament_settings_update", args=[tournament.slug]) in html
    client.force_login(make_user("judge"))
    html = client.get(reverse("desk:home", args=[tournament.slug])).content.decode()
    assert "No round is seated yet" in html and 'id="desk-settings"' not in html
