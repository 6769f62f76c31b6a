"""The judges' desk's rules: blind double entry, fixed hand numbers, reconciliation that says
what is wrong, frozen settings, penalties that can be undone, a readable 403 page, the false-win
button by keyboard, round status, and wording."""

import datetime
import re

import pytest
from django.urls import reverse

from tests.tournament.builders import (
    BIG,
    CHICKEN,
    entry,
    form_data,
    make_session,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.event.selectors.tournaments import current_tournament
from tournament.event.services.settings import SETTINGS_FIELDS
from tournament.models import AuditEntry, Hand, Penalty, Round, Session
from tournament.play.selectors.sheet import session_totals
from tournament.play.services.double_entry import hand_confirm
from tournament.play.services.hands import EntryRejected, hand_delete, hand_preview, hand_save
from tournament.play.services.penalties import penalty_record
from tournament.play.services.sessions import session_reconcile, session_reopen

pytestmark = pytest.mark.django_db


def url(session, name, *extra):
    args = [session.round.tournament.slug, session.round.number, session.table.number, *extra]
    return reverse(name, args=args)


def logged_in(client, user):
    client.force_login(user)
    return client


# --- 1. double entry of a draw and a false win through the pages ------------------------------


@pytest.mark.parametrize("outcome", ["draw", "false_win"])
def test_a_draw_or_false_win_entered_twice_on_the_page_confirms(client, outcome):
    session = make_session(double_entry=True)
    first, second = make_user(), make_user()
    # Exactly what the page posts: the form's defaults stay in fields that do not apply.
    data = form_data(session, outcome=outcome, win_type="discard", discarder="W")
    if outcome == "draw":
        data["winner"] = ""
    logged_in(client, first).post(url(session, "desk:session_sheet"), data)
    hand = Hand.objects.get()
    assert hand.win_type == "" and hand.discarder_id is None
    logged_in(client, second).post(url(session, "desk:hand_confirm", 1), data)
    hand.refresh_from_db()
    assert hand.confirmed


def test_fields_that_do_not_apply_are_marked_for_the_page_to_disable(client):
    session = make_session()
    page = logged_in(client, make_user()).get(url(session, "desk:session_sheet")).content.decode()
    # How, discarder, flags, immunity and responsible apply to a win only (play.js disables them).
    assert page.count('data-applies="win"') == 5
    assert page.count('data-applies="win false_win"') == 4  # winner, tiles, palette, penalty


# --- 2. the second entry is blind --------------------------------------------------------------


def shown_number(html, number):
    """Whether the page's visible text holds `number` as a number of its own.

    Tags are dropped first, so a database id such as value="1140" cannot pass for a score.
    """
    text = re.sub(r"<[^>]*>", " ", html)
    return re.search(rf"(?<![\w-]){re.escape(number)}(?![\w-])", text) is not None


def test_another_official_sees_only_that_the_hand_awaits_a_second_entry(client):
    session = make_session(double_entry=True)
    first, second, head = make_user(), make_user(), make_user("head")
    hand_save(session=session, entry=entry(session, tiles=BIG), user=first)
    blind = logged_in(client, second).get(url(session, "desk:session_sheet")).content.decode()
    assert "Hand 1 awaits a second entry" in blind
    assert not shown_number(blind, "140") and not shown_number(blind, "-370")
    assert "Enter again" in blind
    assert 'class="sheet-tiles"' not in blind
    desk = client.get(reverse("desk:round_desk", args=[session.round.tournament.slug, 1]))
    assert not shown_number(desk.content.decode(), "420")  # nor the winner's total
    for user in (first, head):
        seen = logged_in(client, user).get(url(session, "desk:session_sheet")).content.decode()
        assert shown_number(seen, "140") and shown_number(seen, "-370")


def test_the_blind_official_cannot_open_the_correction_or_the_audit_snapshot(client):
    session = make_session(double_entry=True)
    first, second = make_user(), make_user()
    hand_save(session=session, entry=entry(session, tiles=BIG), user=first)
    logged_in(client, second)
    for name in ("desk:hand_edit", "desk:hand_delete"):
        response = client.get(url(session, name, 1))
        assert response.status_code == 403
        assert "awaits a second entry" in response.content.decode()
    audit = client.get(url(session, "desk:session_audit")).content.decode()
    assert "140 points" not in audit and "Shown once hand 1 is confirmed" in audit
    hand_confirm(hand=Hand.objects.get(), entry=entry(session, tiles=BIG), user=second)
    audit = client.get(url(session, "desk:session_audit")).content.decode()
    assert "140 points" in audit


# --- 3. the resolve page compares field by field -----------------------------------------------


def test_the_resolve_page_marks_the_differing_fields(client):
    session = make_session(double_entry=True)
    hand = hand_save(session=session, entry=entry(session), user=make_user())
    hand_confirm(hand=hand, entry=entry(session, tiles=BIG, discarder="N"), user=make_user())
    page = logged_in(client, make_user("head")).get(url(session, "desk:hand_resolve", 1))
    html = page.content.decode()
    assert 'id="comparison"' in html
    differing = re.findall(r'<tr class="differs"><th scope="row">.*?≠.*? ([^<]+)</th>', html)
    assert "Discarder" in differing and "Value" in differing and "Concealed tiles" in differing
    assert "Outcome" not in differing and "Winning tile" not in differing
    assert html.count("Payment: ") == 4


# --- 4. the hand number -------------------------------------------------------------------------


def test_the_hand_number_is_filled_with_the_next_and_a_judge_may_type_another(client):
    """A judge reading a later row of the card types its number: it is refused with the
    reason (`test_chinese_desk`), never silently saved as the next hand."""
    session = make_session()
    page = logged_in(client, make_user()).get(url(session, "desk:session_sheet")).content.decode()
    number = re.search(r"<input[^>]*name=\"number\"[^>]*>", page).group(0)
    assert "readonly" not in number and 'value="1"' in number


@pytest.mark.parametrize("number", [0, 3, 17, 999])
def test_a_hand_number_other_than_the_next_is_refused(client, number):
    session = make_session()
    response = logged_in(client, make_user()).post(
        url(session, "desk:session_sheet"), {**form_data(session), "number": number}
    )
    assert response.status_code == 422 and not Hand.objects.exists()
    if number == 3:
        assert "the next hand of" in response.content.decode()


def test_the_service_refuses_a_gap():
    session = make_session()
    hand_save(session=session, entry=entry(session, 1), user=make_user())
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="next hand of .* is hand 2"):
        hand_save(session=session, entry=entry(session, 3), user=make_user())
    assert Hand.objects.count() == 1


def test_deleting_a_middle_hand_says_what_to_do_and_renumbers_nothing(client):
    session = make_session()
    for number in (1, 2, 3):
        hand_save(session=session, entry=entry(session, number), user=make_user())
    logged_in(client, make_user())
    page = client.get(url(session, "desk:hand_delete", 2)).content.decode()
    assert "in the middle of the session" in page and "Enter hand 2 again" in page
    response = client.post(
        url(session, "desk:hand_delete", 2), {"reason": "entered twice", "version": 1}, follow=True
    )
    assert "Nothing is renumbered: hand 3 keeps its number" in response.content.decode()
    assert sorted(Hand.objects.values_list("number", flat=True)) == [1, 3]
    assert 'value="2"' in client.get(url(session, "desk:session_sheet")).content.decode()
    result = session_reconcile(
        session=session, card_totals=dict(session_totals(session)), user=make_user()
    )
    assert not result.matches and any("Hand 2 is missing" in p for p in result.problems)


def test_deleting_without_a_reason_is_refused(client):
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    response = logged_in(client, make_user()).post(
        url(session, "desk:hand_delete", 1), {"reason": "  ", "version": 1}
    )
    assert response.status_code == 200 and Hand.objects.count() == 1


# --- 5. reconciliation says what is wrong -------------------------------------------------------


def test_reconciliation_with_only_second_entries_pending_does_not_say_differ(client):
    session = make_session(double_entry=True)
    judge = make_user()
    hand_save(session=session, entry=entry(session), user=judge)
    totals = dict(session_totals(session))
    result = session_reconcile(session=session, card_totals=totals, user=judge)
    assert not result.matches and result.totals_agree
    assert "differ" not in result.headline
    assert result.problems == [
        "Hand 1 still awaits a second entry by another official (double entry)."
    ]
    ids = seat_players(session)
    data = {f"p{pid}": totals.get(pid, 0) for pid in ids.values()}
    page = logged_in(client, judge).post(url(session, "desk:session_reconcile"), data)
    html = page.content.decode()
    assert "Every total agrees with the score card" in html
    assert "The score card and the entered hands differ" not in html


def test_reconciliation_with_a_wrong_card_says_differ():
    session = make_session()
    judge = make_user()
    hand_save(session=session, entry=entry(session), user=judge)
    ids = seat_players(session)
    totals = dict(session_totals(session))
    totals[ids["E"]] += 5
    totals[ids["S"]] -= 5
    result = session_reconcile(session=session, card_totals=totals, user=judge)
    assert result.headline == "The score card and the entered hands differ."


# --- 6. settings cannot break a running event --------------------------------------------------


def settings_post(tournament, **changes):
    """The settings form as posted: every editable setting as it stands, then ``changes``."""
    data = {}
    for name in SETTINGS_FIELDS:
        value = getattr(tournament, name)
        data[name] = ("on" if value else "") if isinstance(value, bool) else value
        if value is None:  # an empty optional number (the per-hand cap) posts as nothing
            data[name] = ""
    data.update(changes)
    return {k: v for k, v in data.items() if v != ""}


def test_scoring_rules_are_frozen_once_the_tournament_has_hands(client):
    session = make_session()
    tournament = session.round.tournament
    hand_save(session=session, entry=entry(session), user=make_user())
    logged_in(client, make_user("head"))
    page = client.get(reverse("desk:tournament_settings_update", args=[tournament.slug]))
    html = page.content.decode()
    assert 'id="frozen-notice"' in html
    assert re.search(r'name="false_win_penalty"[^>]*disabled', html)
    client.post(
        reverse("desk:tournament_settings_update", args=[tournament.slug]),
        settings_post(tournament, false_win_penalty=50, double_entry="on"),
    )
    tournament.refresh_from_db()
    assert tournament.false_win_penalty == 25 and tournament.double_entry  # the rest saves


def test_the_service_refuses_frozen_rules_and_too_few_hands():
    from django.core.exceptions import ValidationError

    from tournament.event.services.settings import tournament_settings_update

    session = make_session()
    tournament = session.round.tournament
    for number in range(1, 4):
        hand_save(session=session, entry=entry(session, number), user=make_user())
    with pytest.raises(ValidationError) as refused:
        tournament_settings_update(
            tournament=tournament,
            changes={"standard_value": 30, "hands_per_session": 2},
            user=make_user("head"),
        )
    assert set(refused.value.error_dict) == {"standard_value", "hands_per_session"}
    tournament.refresh_from_db()
    assert (tournament.standard_value, tournament.hands_per_session) == (25, 16)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("false_win_penalty", 99999999),
        ("false_win_penalty", 0),
        ("standard_value", 0),
        ("standard_value", 1000),
        ("hands_per_session", 0),
        ("hands_per_session", 65),
        ("hands_per_session", 8),
    ],
)
def test_settings_numbers_have_sensible_ranges(client, name, value):
    session = make_session()
    tournament = session.round.tournament
    if name == "hands_per_session" and value == 8:
        for number in range(1, 10):
            hand_save(session=session, entry=entry(session, number), user=make_user())
    logged_in(client, make_user("head"))
    response = client.post(
        reverse("desk:tournament_settings_update", args=[tournament.slug]),
        settings_post(tournament, **{name: value}),
    )
    assert response.status_code == 200 and "errorlist" in response.content.decode()
    before = getattr(tournament, name)
    tournament.refresh_from_db()
    assert getattr(tournament, name) == before


def test_zero_hands_per_session_is_refused_with_the_range_not_a_phantom_hand(client):
    """Found walking the event day: 0 hands per session, before any hand was entered, was
    refused with "A table already has hand 0", naming a hand no table has."""
    tournament = make_session().round.tournament
    logged_in(client, make_user("head"))
    response = client.post(
        reverse("desk:tournament_settings_update", args=[tournament.slug]),
        settings_post(tournament, hands_per_session=0),
    )
    page = response.content.decode()
    assert response.status_code == 200 and "errorlist" in page
    assert "already has hand" not in page
    assert "greater than or equal to 1" in page


# --- 8. penalties -------------------------------------------------------------------------------


def test_the_penalty_form_has_no_default_player_and_focuses_it(client):
    session = make_session()
    logged_in(client, make_user())
    html = client.get(url(session, "desk:penalty_record")).content.decode()
    select = re.search(r'<select name="player".*?</select>', html, re.S).group(0)
    assert "autofocus" in select
    assert re.findall(r'<option value="([^"]*)" selected>', select) == [""]
    response = client.post(
        url(session, "desk:penalty_record"), {"amount": 5, "mode": "deduction", "reason": "late"}
    )
    assert "Choose the player who is penalised." in response.content.decode()
    assert not Penalty.objects.exists()


def test_a_penalty_is_corrected_and_deleted_with_a_reason(client):
    session = make_session()
    ids = seat_players(session)
    judge = make_user()
    penalty = penalty_record(
        session=session, player_id=ids["E"], amount=5, mode="deduction", reason="late", user=judge
    )
    logged_in(client, judge)
    edit = url(session, "desk:penalty_correct", penalty.pk)
    values = {"player": ids["S"], "amount": 6, "mode": "zero_sum", "reason": "wrong claim"}
    assert "errorlist" in client.post(edit, values).content.decode()  # no change reason
    client.post(edit, {**values, "change_reason": "wrong player"})
    penalty.refresh_from_db()
    assert (penalty.player_id, penalty.amount, penalty.mode) == (ids["S"], 6, "zero_sum")
    log = AuditEntry.objects.get(action="penalty_correct")
    assert log.reason == "wrong player" and "loses 5" in log.before["summary"]
    delete = url(session, "desk:penalty_delete", penalty.pk)
    client.post(delete, {"reason": ""})
    assert Penalty.objects.exists()
    client.post(delete, {"reason": "given by mistake"})
    assert not Penalty.objects.exists()
    assert AuditEntry.objects.get(action="penalty_delete").reason == "given by mistake"


def test_penalties_are_refused_on_a_reconciled_session(client):
    from django.core.exceptions import ValidationError

    session = make_session()
    ids = seat_players(session)
    judge = make_user()
    penalty = penalty_record(
        session=session, player_id=ids["E"], amount=5, mode="deduction", reason="late", user=judge
    )
    Session.objects.filter(pk=session.pk).update(status="reconciled")
    with pytest.raises(ValidationError, match="reopen"):
        penalty_record(
            session=session, player_id=ids["E"], amount=5, mode="deduction", reason="x", user=judge
        )
    logged_in(client, judge)
    page = client.get(url(session, "desk:penalty_record")).content.decode()
    assert 'id="closed-notice"' in page and '<form method="post" class="form' not in page
    client.post(url(session, "desk:penalty_delete", penalty.pk), {"reason": "x"})
    assert Penalty.objects.count() == 1


# --- 9. the 403 page ----------------------------------------------------------------------------


def test_the_403_page_gives_the_reason_and_a_way_back(client):
    session = make_session()
    logged_in(client, make_user())
    referer = "http://testserver" + url(session, "desk:session_sheet")
    response = client.get(url(session, "desk:session_reopen"), HTTP_REFERER=referer)
    html = response.content.decode()
    assert response.status_code == 403
    reason = f"Only a head judge of {session.round.tournament.name} may do this."
    assert reason in html and 'class="site-header"' in html
    assert f'href="{referer}"' in html
    evil = client.get(url(session, "desk:session_reopen"), HTTP_REFERER="https://evil.example/")
    assert "evil.example" not in evil.content.decode()


def test_confirming_ones_own_hand_says_why(client):
    session = make_session(double_entry=True)
    judge = make_user()
    hand_save(session=session, entry=entry(session), user=judge)
    response = logged_in(client, judge).get(url(session, "desk:hand_confirm", 1))
    assert response.status_code == 403
    assert "another official must confirm it" in response.content.decode()


# --- 10. the false-win button is reachable by keyboard -----------------------------------------


def test_the_record_as_false_win_button_is_in_the_tab_order(client):
    session = make_session()
    logged_in(client, make_user())
    data = form_data(session, tiles=CHICKEN, winning_tile="9s")
    html = client.post(url(session, "desk:hand_preview"), data).content.decode()
    button = re.search(r"<button[^>]*as_false_win[^>]*>", html).group(0)
    assert "tabindex" not in button


# --- 13. round status ---------------------------------------------------------------------------


def test_the_round_plays_with_its_first_hand_and_finishes_when_reconciled():
    session = make_session()
    round_ = session.round
    assert Round.objects.get(pk=round_.pk).status in ("draft", "seated")
    judge = make_user()
    hand_save(session=session, entry=entry(session), user=judge)
    assert Round.objects.get(pk=round_.pk).status == "playing"
    session_reconcile(session=session, card_totals=dict(session_totals(session)), user=judge)
    assert Round.objects.get(pk=round_.pk).status == "finished"
    session_reopen(session=session, user=make_user("head"), reason="typo on hand 1")
    assert Round.objects.get(pk=round_.pk).status == "playing"


def test_a_round_is_not_finished_while_another_table_plays():
    tournament = make_tournament()
    from tests.tournament.builders import make_players, make_seated_round

    round_ = make_seated_round(tournament, make_players(tournament, 8))
    one, two = Session.objects.filter(round=round_).order_by("table__number")
    judge = make_user()
    hand_save(session=one, entry=entry(one), user=judge)
    session_reconcile(session=one, card_totals=dict(session_totals(one)), user=judge)
    assert Round.objects.get(pk=round_.pk).status == "playing"


# --- 14. wording --------------------------------------------------------------------------------


def test_the_audit_log_reads_as_sentences_not_dicts(client):
    session = make_session(double_entry=True)
    tournament = session.round.tournament
    first, second, head = make_user(), make_user(), make_user("head")
    hand = hand_save(session=session, entry=entry(session), user=first)
    hand_confirm(hand=hand, entry=entry(session, tiles=BIG), user=second)
    ids = seat_players(session)
    penalty_record(
        session=session, player_id=ids["E"], amount=5, mode="deduction", reason="late", user=first
    )
    from tournament.event.services.settings import tournament_settings_update

    tournament_settings_update(tournament=tournament, changes={"results_public": False}, user=head)
    hand_delete(hand=Hand.objects.get(), user=head, reason="dup", version=1)
    session_reconcile(session=session, card_totals={pid: 0 for pid in ids.values()}, user=head)
    logged_in(client, head)
    for page in (
        url(session, "desk:session_audit"),
        reverse("desk:tournament_audit", args=[tournament.slug]),
    ):
        html = client.get(page).content.decode()
        assert "{" not in html.split("<main")[1].split("</main>")[0]
        for internal in ("results_public", "'entry'", "deduction", "double_entry", "None"):
            assert internal not in html.split("<main")[1]
    html = client.get(reverse("desk:tournament_audit", args=[tournament.slug])).content.decode()
    assert "Results public: no" in html and "Win by" in html and "loses 5" in html


def test_the_seating_message_names_no_internal_option():
    from tournament.seating.request import SeatingError, SeatingPlayer
    from tournament.seating.schedule import generate_schedule

    players = [SeatingPlayer(id=i) for i in range(1, 8)]
    with pytest.raises(SeatingError) as refused:
        generate_schedule(players, 1)
    assert "odd_players" not in str(refused.value) and "(byes)" in str(refused.value)


def test_the_menu_follows_the_running_tournament_not_the_latest():
    running = make_session(start_date=datetime.date(2026, 3, 1), end_date=datetime.date(2026, 3, 2))
    make_tournament(start_date=datetime.date(2026, 9, 1), end_date=datetime.date(2026, 9, 2))
    hand_save(session=running, entry=entry(running), user=make_user())
    assert current_tournament() == running.round.tournament
    Round.objects.update(status="finished")
    on_now = make_tournament(
        start_date=datetime.date(2026, 6, 1), end_date=datetime.date(2026, 6, 3)
    )
    assert current_tournament(today=datetime.date(2026, 6, 2)) == on_now
    assert current_tournament(today=datetime.date(2027, 1, 1)).start_date.month == 9


# --- queries do not grow with hands -------------------------------------------------------------


@pytest.mark.parametrize("name", ["desk:session_sheet", "desk:session_audit"])
def test_desk_pages_queries_do_not_grow_with_hands(client, name):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    session = make_session(double_entry=True)
    first, second = make_user(), make_user()
    logged_in(client, second)

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(session, name)).status_code == 200
        return len(queries)

    hand_save(session=session, entry=entry(session, 1), user=first)
    client.get(url(session, "desk:session_sheet"))  # the first visit marks the session opened
    few = count()
    for number in range(2, 9):
        hand_save(session=session, entry=entry(session, number, tiles=BIG), user=first)
    hand_confirm(hand=Hand.objects.get(number=2), entry=entry(session, 2, tiles=BIG), user=second)
    assert count() == few


# --- 11. honours in any case -------------------------------------------------------------------


def test_honours_typed_in_lower_case_are_saved_in_canonical_form(client):
    session = make_session()
    logged_in(client, make_user())
    data = form_data(
        session, 1, win_type="self_draw", tiles="123m 456p 789s ee whwhwh", winning_tile="e"
    )
    data.pop("discarder", None)
    response = client.post(url(session, "desk:session_sheet"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    hand = Hand.objects.get(session=session, number=1)
    assert (hand.concealed, hand.winning_tile) == ("123m 456p 789s E WhWhWh", "E")


# --- 7. Blessing of Earth through the desk ----------------------------------------------


def test_blessing_of_earth_from_another_discarder_is_refused_at_the_desk():
    session = make_session()
    # Hand 1: East deals, so Blessing of Earth must be won on East's discard (RULINGS R8, R12).
    refused = hand_preview(session=session, entry=entry(session, discarder="W", flags=("earth",)))
    assert "Blessing of Earth" in " ".join(refused.field_errors()["discarder"])
    with pytest.raises(EntryRejected):
        hand_save(
            session=session, entry=entry(session, discarder="W", flags=("earth",)), user=make_user()
        )
    assert hand_preview(session=session, entry=entry(session, discarder="E", flags=("earth",))).ok


def test_the_audit_log_declares_its_stored_english_on_a_chinese_page():
    from django.utils import translation

    from tournament.audit import audit_text

    snapshot = {"summary": "Win by <Ann>, self-draw", "payments": {"Ann": 30, "Bob": -10}}
    assert audit_text(snapshot) == "Win by &lt;Ann&gt;, self-draw. Payments: Ann +30, Bob -10"
    assert audit_text("Loaded <set>") == "Loaded &lt;set&gt;"
    with translation.override("zh-hant"):
        assert audit_text(snapshot).startswith(
            '<span lang="en">Win by &lt;Ann&gt;, self-draw</span>'
        )
        assert "Ann +30, Bob -10" in audit_text(snapshot) and "Payments" not in audit_text(snapshot)
        assert audit_text("Loaded <set>") == '<span lang="en">Loaded &lt;set&gt;</span>'
