"""No page that the public or a judge uses scrolls sideways on a 390 px phone.

Vocabulary: the *overflow* of a page is how much wider than the viewport its document is
(``scrollWidth - innerWidth``); a table inside a ``.table-container`` may scroll on its own,
the page may not. The desk pages are measured with the hand form filled in, so the preview's
points and payments are on the page.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_desk_browser import log_in
from tournament.demo.event import demo_load
from tournament.models import Hand, HandEntry, Session
from tournament.play.services.double_entry import hand_confirm
from tournament.play.services.hands import hand_save

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SMALL = "123m 456p 789s 234s 5m"


def overflow(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def widest(page) -> str:
    """The element that sticks out furthest, to make a failure readable."""
    return page.evaluate(
        """() => {
          const out = [];
          for (const el of document.querySelectorAll('body *')) {
            const r = el.getBoundingClientRect();
            if (r.right > window.innerWidth + 0.5 && !el.closest('.table-container')) {
              const inner = [...el.children].some(
                (c) => c.getBoundingClientRect().right > window.innerWidth + 0.5);
              if (!inner) out.push(el.tagName + '.' + el.className + '#' + el.id + ' '
                                   + Math.round(r.left) + '-' + Math.round(r.right));
            }
          }
          return out.slice(0, 5).join('; ');
        }"""
    )


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def measure(phone, base, paths, artifacts, prefix):
    too_wide = {}
    for name, path in paths:
        phone.goto(base + path)
        phone.wait_for_load_state("load")
        if phone.locator("#id_tiles").count() and name != "calculator":
            fill_hand(phone)
        if overflow(phone) > 0:
            too_wide[name] = (overflow(phone), widest(phone))
            phone.screenshot(path=str(artifacts / f"{prefix}-{name}-390.png"), full_page=True)
    return too_wide


def fill_hand(phone):
    """Type a hand so the preview shows its tiles, points and payments."""
    phone.wait_for_function("() => document.readyState === 'complete' && window.htmx")
    phone.select_option("#id_outcome", "win")
    phone.select_option("#id_winner", index=2)
    phone.select_option("#id_win_type", "discard")
    phone.select_option("#id_discarder", index=3)
    phone.fill("#id_tiles", "")
    phone.locator("#id_tiles").type(SMALL)
    phone.fill("#id_winning_tile", "")
    phone.locator("#id_winning_tile").type("5m")
    expect(phone.locator("#preview .total")).to_have_text("10")


def test_no_public_or_desk_page_scrolls_sideways_at_390px(phone, live_server, artifacts):
    tournament, _ = demo_load()
    slug = tournament.slug
    base = live_server.url
    played = Session.objects.filter(round__tournament=tournament, round__number=2)
    from tournament.play.selectors.sessions import session_next_number

    unfinished = [s for s in played.order_by("table__number") if session_next_number(s)]
    session, other = unfinished[:2]
    hand = session.hands.order_by("number").first()
    args = [slug, session.round.number, session.table.number]
    reconciled = Session.objects.filter(round__tournament=tournament, round__number=1).first()
    public = [
        ("home", reverse("public:home")),
        ("tournament", reverse("public:tournament_detail", args=[slug])),
        ("players", reverse("public:player_list", args=[slug])),
        ("rounds", reverse("public:round_list", args=[slug])),
        ("round", reverse("public:round_detail", args=[slug, 1])),
        ("by-player", reverse("public:seating_by_player", args=[slug, 1])),
        ("tables", reverse("public:table_list", args=[slug])),
        ("standings", reverse("public:standings", args=[slug])),
        (
            "calculator",
            reverse("public:calculator") + "?tiles=123m+456p+789s+234s+5m&winning_tile=5m",
        ),
        ("login", reverse("login")),
        ("not-found", "/no-such-page/"),
    ]
    too_wide = measure(phone, base, public, artifacts, "public")
    expect(phone.locator("body")).to_be_visible()

    # A mismatch for the resolve page, and a hand awaiting a second entry for the sheet.
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    judge, judge2 = users.get(username="judge"), users.get(username="judge2")
    for user in (judge, users.get(username="headjudge")):
        user.set_password("pw")
        user.save()
    for sheet in (session, other):
        sheet.round.tournament.double_entry = True
    tournament.double_entry = True
    tournament.save(update_fields=["double_entry"])
    from tournament.play.entry.hand_entry import HandEntryData
    from tournament.play.selectors.sessions import session_next_number

    number = session_next_number(session)
    unconfirmed = hand_save(
        session=session, entry=HandEntryData(number=number, outcome="draw"), user=judge
    )
    extra = hand_save(
        session=other,
        entry=HandEntryData(number=session_next_number(other), outcome="draw"),
        user=judge,
    )
    winner = next(iter(extra.payments.values_list("player_id", flat=True)))
    hand_confirm(
        hand=extra,
        entry=HandEntryData(number=extra.number, outcome="false_win", winner=winner),
        user=judge2,
    )
    assert HandEntry.objects.exists() and not Hand.objects.get(pk=unconfirmed.pk).confirmed
    other_args = [slug, other.round.number, other.table.number]

    desk = [
        ("desk-round", reverse("desk:round_desk", args=[slug, 2])),
        ("desk-session", reverse("desk:session_sheet", args=args)),
        ("desk-edit", reverse("desk:hand_edit", args=[*args, hand.number])),
        ("desk-delete", reverse("desk:hand_delete", args=[*args, hand.number])),
        ("desk-confirm", reverse("desk:hand_confirm", args=[*args, unconfirmed.number])),
        ("desk-resolve", reverse("desk:hand_resolve", args=[*other_args, extra.number])),
        ("desk-penalty", reverse("desk:penalty_record", args=args)),
        ("desk-reconcile", reverse("desk:session_reconcile", args=args)),
        ("desk-audit", reverse("desk:session_audit", args=args)),
        ("desk-audit-all", reverse("desk:tournament_audit", args=[slug])),
        ("desk-settings", reverse("desk:tournament_settings_update", args=[slug])),
        (
            "desk-reopen",
            reverse(
                "desk:session_reopen",
                args=[slug, reconciled.round.number, reconciled.table.number],
            ),
        ),
        ("denied", reverse("desk:hand_confirm", args=[*args, unconfirmed.number])),
    ]
    log_in(phone, base, "headjudge", reverse("desk:round_desk", args=[slug, 2]))
    too_wide.update(measure(phone, base, desk[:-1], artifacts, "head"))
    log_in_again = reverse("desk:round_desk", args=[slug, 2])
    phone.context.clear_cookies()
    log_in(phone, base, "judge", log_in_again)
    too_wide.update(measure(phone, base, desk[-1:], artifacts, "judge"))  # a 403: own hand
    expect(phone.locator("#denied-reason")).to_contain_text("another official")
    assert too_wide == {}


def test_a_name_with_no_space_to_break_at_wraps_on_a_390px_phone(phone, live_server, artifacts):
    """Found walking the event day: a tournament named by a 200-character run with no space
    (a pasted code) made the list of tournaments 2,500 px wide and its own pages 2,100 px
    (the heading and the tournament's link in the menu)."""
    from tests.tournament.builders import make_tournament

    tournament = make_tournament(name="X" * 200, slug="long-name")
    paths = [
        ("home", reverse("public:home")),
        ("tournament", reverse("public:tournament_detail", args=[tournament.slug])),
        ("players", reverse("public:player_list", args=[tournament.slug])),
    ]
    assert measure(phone, live_server.url, paths, artifacts, "long-name") == {}


def test_an_organiser_swaps_two_players_by_number_on_a_390px_phone(phone, live_server, artifacts):
    """The seating round page asks for two player numbers (shown beside the names in the seat
    table): typed from the keyboard alone, the swap happens and the page does not scroll
    sideways (the seat table scrolls in its own container)."""
    from tests.tournament.builders import make_players, make_seated_round, make_tournament
    from tournament.models import Registration, Seat

    tournament = make_tournament()
    players = make_players(tournament, 16)
    round_ = make_seated_round(tournament, players, 1)
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_superuser("boss", password="pw")
    path = reverse("console:seating_round", args=[tournament.slug, 1])
    log_in(phone, live_server.url, "boss", path)
    assert overflow(phone) <= 0, widest(phone)
    number = dict(
        Registration.objects.filter(tournament=tournament).values_list("player_id", "number")
    )
    first, second = players[0], players[9]
    where = {s.player_id: (s.table_id, s.wind) for s in Seat.objects.filter(round=round_)}
    phone.focus("#id_first")
    phone.keyboard.type(str(number[first.pk]))
    phone.keyboard.press("Tab")
    phone.keyboard.type(str(number[second.pk]))
    phone.keyboard.press("Enter")
    expect(phone.locator(".messages")).to_contain_text("Swapped")
    phone.screenshot(path=str(artifacts / "seating-round-swap-390.png"), full_page=True)
    after = {s.player_id: (s.table_id, s.wind) for s in Seat.objects.filter(round=round_)}
    assert after[first.pk] == where[second.pk] and after[second.pk] == where[first.pk]
    assert overflow(phone) <= 0, widest(phone)
