"""How players are named (`tournament.names`): labels that tell same names apart, family order,
and one query for any number of players."""

import unicodedata

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import given
from hypothesis import strategies as st

from tests.tournament.builders import make_players, make_tournament
from tournament.event.services.admission import RosterEntry
from tournament.event.services.registrations import tournament_register
from tournament.name_characters import is_invisible
from tournament.names import Names, Person, folded, labels, player_names


def test_a_name_that_collides_with_nothing_is_its_own_label():
    people = [Person(1, "Ann Lee", "Ann", "Lee", 1), Person(2, "Bo Wu", "Bo", "Wu", 2)]
    assert labels(people) == {1: "Ann Lee", 2: "Bo Wu"}


def test_same_names_get_the_player_number_and_the_country_when_it_differs():
    same_country = [
        Person(1, "Wei Wang", "Wei", "Wang", 12, "CN"),
        Person(2, "Wei  WANG", "Wei", "WANG", 30, "CN"),  # case and spacing do not separate
    ]
    assert labels(same_country) == {1: "Wei Wang (#12)", 2: "Wei  WANG (#30)"}
    apart = [
        Person(1, "Wei Wang", "Wei", "Wang", 12, "CN"),
        Person(2, "Wei Wang", "Wei", "Wang", 30, "SG"),
        Person(3, "Wéi Wang", "Wéi", "Wang", 31, ""),  # accents do not separate either
    ]
    assert labels(apart) == {
        1: "Wei Wang (#12, CN)",
        2: "Wei Wang (#30, SG)",
        3: "Wéi Wang (#31)",
    }


def test_the_family_order_is_family_then_given_name_then_number():
    people = [
        Person(1, "Zoe Adams", "Zoe", "Adams", 4),
        Person(2, "Anna Zimmer", "Anna", "Zimmer", 1),
        Person(3, "Wei Wang", "Wei", "Wang", 9),
        Person(4, "Wei Wang", "Wei", "Wang", 2),
        Person(5, "Ana Wang", "Ana", "Wang", 7),
        Person(6, "Émile Ábel", "Émile", "Ábel", 3),
    ]
    names = Names(people)
    ordered = [p.player_id for p in names.ordered(people)]
    assert ordered == [6, 1, 5, 4, 3, 2]


@pytest.mark.django_db
def test_player_names_reads_a_tournament_in_one_query_for_any_number_of_players():
    counts = []
    for count in (4, 40):
        tournament = make_tournament()
        make_players(tournament, count)
        tournament_register(
            tournament=tournament,
            roster=[RosterEntry(given_name="Wei", family_name="Wang")] * 2,
        )
        with CaptureQueriesContext(connection) as queries:
            names = player_names(tournament)
        counts.append(len(queries))
        assert len(names) == count + 2
        shown = sorted(names.label(pid) for pid in names.people if "Wang" in names.label(pid))
        assert shown == [f"Wei Wang (#{count + 1})", f"Wei Wang (#{count + 2})"]
    assert counts == [1, 1]


@given(st.text(st.characters(max_codepoint=0x24F)))
def test_folding_is_unicode_folding_the_ascii_names_too(text):
    """Plain ASCII names take a shorter way (lower case); every name folds as before, its
    invisible characters (a soft hyphen) aside (`tournament.name_characters`)."""
    visible = "".join(c for c in text if not is_invisible(c))
    decomposed = unicodedata.normalize("NFKD", " ".join(visible.split()))
    unicode_way = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    assert folded(text) == unicode_way
