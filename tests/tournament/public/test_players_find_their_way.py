"""Issue 19 point 9 and issue 20 point 5: players hit no dead end. The players list links to
player pages, a player's page shows their seat or bye in each published round, the projector
lists who sits a round out, no public link answers 404 whatever is released, and players read
plain words where judges read rule numbers ("RULINGS R13", "(R7)")."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.tournament.builders import make_seated_round, make_user
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS

pytestmark = pytest.mark.django_db

RULE_REFERENCE = re.compile(r"\bR\d+\b|RULINGS")


class _Visible(HTMLParser):
    """The text a person reads on a page: text outside script and style, and the attributes a
    browser shows (title, aria-label, placeholder, alt)."""

    SHOWN = ("title", "aria-label", "placeholder", "alt")

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        self.parts += [value or "" for name, value in attrs if name in self.SHOWN]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def _links(html: str, prefix: str) -> set[str]:
    return {href for href in re.findall(r'href="([^"#?]+)"', html) if href.startswith(prefix)}


@pytest.mark.parametrize("results_public", [True, False], ids=["results-public", "results-held"])
def test_no_public_link_to_a_player_page_answers_404(client, event, results_public):
    tournament, players = event
    tournament.results_public = results_public
    tournament.standings_public = True
    tournament.save()
    slug = tournament.slug
    players_prefix = reverse("public:player_list", args=[slug])
    linked = {}
    for name in ("public:player_list", "public:standings", "public:round_results"):
        html = client.get(reverse(name, args=[slug, 1] if "round" in name else [slug]))
        links = _links(html.content.decode(), players_prefix) - {players_prefix}
        linked[name] = links
    player_pages = set().union(*linked.values())
    for link in player_pages:
        assert client.get(link).status_code == 200, link
    if results_public:
        # Every player, from the players list and the standings alike.
        everyone = {f"{players_prefix}{p.pk}/" for p in players}
        assert linked["public:player_list"] == linked["public:standings"] == everyone
    else:
        assert player_pages == set()  # no link to a page that would answer 404
        page = client.get(reverse("public:player_detail", args=[slug, players[0].pk]))
        assert page.status_code == 404


def test_a_players_page_shows_their_seat_or_bye_in_each_published_round(client, event):
    tournament, players = event
    wang, yang = players[1], players[8]
    make_seated_round(tournament, players[1:], 2)  # seated, not published
    slug = tournament.slug
    seats = _seats_table(client.get(reverse("public:player_detail", args=[slug, wang.pk])))
    assert seats == ["1 1 South"]  # round 1, table 1, South; round 2 is not published
    seats = _seats_table(client.get(reverse("public:player_detail", args=[slug, yang.pk])))
    assert seats == ["1 bye: sitting out this round"]
    client.force_login(make_user("judge"))  # officials see the unpublished round too
    seats = _seats_table(client.get(reverse("public:player_detail", args=[slug, yang.pk])))
    assert seats == ["1 bye: sitting out this round", "2 2 North"]


def _seats_table(response) -> list[str]:
    assert response.status_code == 200
    html = response.content.decode()
    body = html[html.index('id="seats"') :]
    body = body[body.index("<tbody>") : body.index("</tbody>")]
    return [visible_text(row) for row in body.split("</tr>") if visible_text(row)]


def test_the_projector_round_view_lists_who_sits_out(client, event):
    tournament, _ = event
    html = client.get(reverse("public:projector_seating", args=[tournament.slug, 1]))
    page = visible_text(html.content.decode())
    assert "Sitting out this round (1) Liu Yang" in page
    partial = client.get(
        reverse("public:projector_seating", args=[tournament.slug, 1]),
        headers={"HX-Request": "true"},
    )
    assert "Liu Yang" in visible_text(partial.content.decode())


# --- plain words for players ---------------------------------------------------------------

CALCULATOR_HANDS = [
    {},
    {"tiles": "123m 456p 789s 234s 5m", "winning_tile": "5m"},  # a win
    {"tiles": "123m 444p 78s 11s [234s]", "winning_tile": "9s", "win_type": "discard",
     "discarder": "2"},  # a Chicken Hand under the minimum: illegal
    {"tiles": "123m 456p 789s 234s 5m", "winning_tile": "5m", "penalty_tiles": "5m",
     "win_type": "discard", "discarder": "2"},  # a penalty tile completed on a discard
    {"tiles": "123m 456p 789s 234s 5m", "winning_tile": "5m", "flags": "blessing_of_earth",
     "win_type": "self_draw"},  # a flag that does not fit
    {"outcome": "false_win", "winner": "1"},
    {"outcome": "draw"},
    {"tiles": "123m 123m 456m 789m 5m", "winning_tile": "5m", "win_type": "discard",
     "discarder": "2", "immunity": "other"},  # immunity without the responsible player
]  # fmt: skip


def _public_pages(tournament) -> list[str]:
    slug = tournament.slug
    rounds = list(tournament.rounds.values_list("number", flat=True))
    pages = [
        reverse("public:home"),
        reverse("public:tournament_detail", args=[slug]),
        reverse("public:player_list", args=[slug]),
        reverse("public:round_list", args=[slug]),
        reverse("public:table_list", args=[slug]),
        reverse("public:standings", args=[slug]),
        reverse("public:country_list", args=[slug]),
        reverse("public:projector_standings", args=[slug]),
    ]
    for number in rounds:
        pages += [
            reverse("public:round_detail", args=[slug, number]),
            reverse("public:seating_by_player", args=[slug, number]),
            reverse("public:round_results", args=[slug, number]),
            reverse("public:projector_seating", args=[slug, number]),
        ]
    pages += [
        reverse("public:player_detail", args=[slug, pid])
        for pid in tournament.registrations.values_list("player_id", flat=True)
    ]
    return pages


def test_public_pages_and_the_projector_carry_no_rule_numbers(client, demo):
    found = {}
    for url in _public_pages(demo):
        response = client.get(url)
        assert response.status_code == 200, url
        hits = RULE_REFERENCE.findall(visible_text(response.content.decode()))
        if hits:
            found[url] = hits
    for query in CALCULATOR_HANDS:
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(reverse("public:calculator"), query, headers=headers)
            hits = RULE_REFERENCE.findall(visible_text(response.content.decode()))
            if hits:
                found[f"calculator {query}"] = hits
    assert found == {}


def test_the_calculator_still_explains_an_illegal_win_in_plain_words(client):
    response = client.get(reverse("public:calculator"), CALCULATOR_HANDS[2])
    page = visible_text(response.content.decode())
    assert "Illegal win" in page and "below the 5-point minimum" in page


def test_judges_keep_the_rule_numbers_at_the_desk(client, session):
    client.force_login(make_user())
    kwargs = {"slug": session.round.tournament.slug, "round_number": 1, "table_number": 1}
    page = client.get(reverse("desk:penalty_record", kwargs=kwargs)).content.decode()
    assert "RULINGS R13" in page


@needs_poppler
@pytest.mark.parametrize("official", [False, True], ids=["public", "official"])
def test_printouts_carry_no_rule_numbers(demo, official):
    found = {}
    for identifier, document in DOCUMENTS.items():
        round_ = demo.rounds.get(number=1) if document.needs_round else None
        request = PrintRequest(
            tournament=demo, round=round_, base_url="https://zj.example.org", official=official
        )
        hits = RULE_REFERENCE.findall(text(document.render(request).content))
        if hits:
            found[identifier] = hits
    assert found == {}


def test_a_players_page_counts_in_words_a_player_reads(client, event):
    """One session played reads "1 session", not "1 sessions"; penalties are points."""
    tournament, players = event
    html = client.get(reverse("public:player_detail", args=[tournament.slug, players[1].pk]))
    words = visible_text(html.content.decode())
    assert re.search(r"\b1 session\b", words), words
    assert "1 sessions" not in words and "penalty points" in words


def test_the_printouts_page_says_who_may_print_once(client, demo):
    client.force_login(make_user("superuser"))
    html = client.get(reverse("console:printouts", args=[demo.slug])).content.decode()
    card = html[html.index('id="printout-scorecards"') :]
    card = card[: card.index("</section>")]
    assert visible_text(card).count("For officials") == 1, visible_text(card)
