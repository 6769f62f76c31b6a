"""Issue 19 point 5: two players named "Wei Wang" are told apart ("Wei Wang (#2)") on every page,
PDF and list that names players, and lists of people are sorted by family name."""

import re

import pytest
from django.urls import reverse

from tests.tournament.builders import make_seated_round, make_user
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS

pytestmark = pytest.mark.django_db

WANGS = ("Wei Wang (#2)", "Wei Wang (#6)")
# The family order of everyone in round 1, the bye included.
FAMILY_ORDER = [
    "Zoe Adams",
    "Bob Brown",
    "Eve Clark",
    "Dan Evans",
    "Wei Wang (#2)",
    "Wei Wang (#6)",
    "Liu Yang",
    "Carl Young",
    "Anna Zimmer",
]


def assert_in_order(body: str, names) -> None:
    """Every name is in ``body``, in this order (first appearance of each)."""
    positions = [body.find(name) for name in names]
    assert -1 not in positions, [n for n, p in zip(names, positions, strict=True) if p < 0]
    assert positions == sorted(positions), names


def assert_told_apart(body: str) -> None:
    for label in WANGS:
        assert label in body, label


def _get(client, name, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, name
    return response.getvalue().decode()  # a CSV is streamed


def test_public_pages_and_the_projector_tell_the_two_wei_wangs_apart(client, event):
    tournament, players = event
    slug = tournament.slug
    for name, args in [
        ("public:player_list", [slug]),
        ("public:round_detail", [slug, 1]),
        ("public:seating_by_player", [slug, 1]),
        ("public:standings", [slug]),
        ("public:round_results", [slug, 1]),
        ("public:projector_seating", [slug, 1]),
        ("public:projector_standings", [slug]),
        ("exports:standings_export", [slug, "csv"]),
    ]:
        assert_told_apart(_get(client, name, *args))
    for player, label in ((players[1], WANGS[0]), (players[5], WANGS[1])):
        page = _get(client, "public:player_detail", slug, player.pk)
        assert f"<h1>{label}" in page


def test_public_lists_of_people_are_in_family_name_order(client, event):
    tournament, _ = event
    slug = tournament.slug
    by_player = _get(client, "public:seating_by_player", slug, 1)
    assert_in_order(by_player, FAMILY_ORDER)  # the bye (Liu Yang) in its place
    players = _get(client, "public:player_list", slug)
    assert_in_order(players, FAMILY_ORDER)
    resorted = client.get(reverse("public:player_list", args=[slug]), {"sort": "-player"})
    assert_in_order(resorted.content.decode(), list(reversed(FAMILY_ORDER)))


def test_organisers_and_judges_tell_them_apart_in_swap_lists_reports_and_the_desk(client, event):
    tournament, players = event
    slug = tournament.slug
    make_seated_round(tournament, players[1:], 2)  # not played: its seats may be swapped
    client.force_login(make_user("superuser"))
    swap = _get(client, "console:seating_round", slug, 2)
    assert_told_apart(swap)
    shown = re.findall(r"<td><b>\d+</b> ([^<]+)</td>", swap)  # by number, for the swap form
    seated = [name for name in FAMILY_ORDER if name != "Anna Zimmer"]
    assert sorted(shown) == sorted(seated)
    assert "Liu Yang" in _get(client, "console:seating_overview", slug)  # the byes report
    assert_told_apart(_get(client, "desk:round_desk", slug, 1))
    assert WANGS[0] in _get(client, "desk:session_sheet", slug, 1, 1)
    assert WANGS[1] in _get(client, "desk:session_sheet", slug, 1, 2)


def _pdf_text(tournament, identifier, round_number=None) -> str:
    round_ = tournament.rounds.get(number=round_number) if round_number else None
    request = PrintRequest(
        tournament=tournament, round=round_, base_url="https://zj.example.org", official=True
    )
    return " ".join(text(DOCUMENTS[identifier].render(request).content).split())


@needs_poppler
@pytest.mark.parametrize("identifier", ["seating", "scorecards", "slips", "standings"])
def test_the_printouts_tell_them_apart(event, identifier):
    tournament, _ = event
    needs_round = DOCUMENTS[identifier].needs_round
    assert_told_apart(_pdf_text(tournament, identifier, 1 if needs_round else None))


@needs_poppler
def test_the_seating_pdf_lists_players_in_family_name_order(event):
    tournament, _ = event
    page = _pdf_text(tournament, "seating", 1)
    by_player = page[page.index("seating by player") :]
    assert_in_order(by_player, [name for name in FAMILY_ORDER if name != "Liu Yang"])
