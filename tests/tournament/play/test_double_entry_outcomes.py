"""Double entry compares only what applies to the outcome (draws and false wins included), and
the resolve page's field-by-field comparison."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.tournament.builders import BIG, SMALL, entry, make_session, make_user, seat_players
from tournament.models import Hand, HandEntry
from tournament.play.comparison import compare
from tournament.play.entry.hand_entry import HandEntryData
from tournament.play.selectors.sessions import seating_of
from tournament.play.selectors.snapshots import entry_of_hand
from tournament.play.services.double_entry import hand_confirm
from tournament.play.services.hands import hand_preview, hand_save

pytestmark = pytest.mark.django_db

WINDS = "ESWN"
# Whatever a judge may leave in a field that does not apply: the form's defaults and more.
STRAY = {
    "win_type": st.sampled_from(["", "discard", "self_draw", "robbing_kong"]),
    "discarder": st.sampled_from([None, *WINDS]),
    "immunity": st.sampled_from(["", "other", "nobody"]),
    "responsible": st.sampled_from([None, *WINDS]),
    "flags": st.sampled_from([(), ("final_draw",), ("earth", "heaven")]),
}


@st.composite
def entries(draw):
    """Any entry a judge could save: a draw or a false win with stray fields, or a win."""
    outcome = draw(st.sampled_from(["win", "draw", "false_win"]))
    fields = {"outcome": outcome}
    if outcome == "win":
        fields["winner"] = draw(st.sampled_from(WINDS))
        fields["win_type"] = draw(st.sampled_from(["self_draw", "discard", "robbing_kong"]))
        fields["tiles"] = draw(st.sampled_from([SMALL, BIG, "5m 123m 456p 234789s"]))
        if fields["win_type"] == "self_draw":
            fields["discarder"] = None
        else:
            others = [w for w in WINDS if w != fields["winner"]]
            fields["discarder"] = draw(st.sampled_from(others))
            fields["immunity"] = draw(st.sampled_from(["", "other", "nobody"]))
            if fields["immunity"] == "other":
                rest = [w for w in others if w != fields["discarder"]]
                fields["responsible"] = draw(st.sampled_from(rest))
    else:
        for name, strategy in STRAY.items():
            fields[name] = draw(strategy)
        if outcome == "false_win":
            fields["winner"] = draw(st.sampled_from(WINDS))
            fields["tiles"] = draw(st.sampled_from(["", "123m", SMALL]))
        else:
            fields["winner"] = draw(st.sampled_from([None, *WINDS]))
            fields["tiles"] = draw(st.sampled_from(["", "junk", SMALL]))
            fields["winning_tile"] = draw(st.sampled_from(["", "zz", "5m"]))
    return fields


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(fields=entries())
def test_an_entry_entered_again_identically_by_another_official_confirms_the_hand(fields):
    session = make_session(double_entry=True)
    typed = entry(session, 1, **fields)
    assume(hand_preview(session=session, entry=typed).ok)
    hand = hand_save(session=session, entry=typed, user=make_user())
    assert hand_confirm(hand=hand, entry=typed, user=make_user()) is None
    hand.refresh_from_db()
    assert hand.confirmed and not HandEntry.objects.filter(hand=hand).exists()


def test_a_draw_with_the_forms_default_how_confirms():
    # The bug: the second judge's draw kept "How: Discard" and was flagged as a mismatch.
    session = make_session(double_entry=True)
    first = HandEntryData(number=1, outcome="draw")
    second = HandEntryData(number=1, outcome="draw", win_type="discard")
    hand = hand_save(session=session, entry=first, user=make_user())
    assert hand_confirm(hand=hand, entry=second, user=make_user()) is None


def test_a_false_win_compares_its_offender_not_stray_fields():
    session = make_session(double_entry=True)
    ids = seat_players(session)
    first = HandEntryData(number=1, outcome="false_win", winner=ids["N"], win_type="discard")
    same = HandEntryData(
        number=1, outcome="false_win", winner=ids["N"], win_type="self_draw", flags=("earth",)
    )
    hand = hand_save(session=session, entry=first, user=make_user())
    assert (hand.win_type, hand.earth) == ("", False)
    assert hand_confirm(hand=hand, entry=same, user=make_user()) is None
    other = hand_save(
        session=session,
        entry=HandEntryData(number=2, outcome="false_win", winner=ids["N"]),
        user=make_user(),
    )
    wrong = HandEntryData(number=2, outcome="false_win", winner=ids["E"])
    assert isinstance(hand_confirm(hand=other, entry=wrong, user=make_user()), HandEntry)


def test_a_different_win_is_still_a_mismatch():
    session = make_session(double_entry=True)
    hand = hand_save(session=session, entry=entry(session), user=make_user())
    stored = hand_confirm(hand=hand, entry=entry(session, discarder="N"), user=make_user())
    assert isinstance(stored, HandEntry)


def test_the_stored_second_entry_is_normalised():
    session = make_session(double_entry=True)
    hand = hand_save(session=session, entry=entry(session), user=make_user())
    stray_draw = HandEntryData(number=1, outcome="draw", win_type="discard", tiles="123m")
    stored = hand_confirm(hand=hand, entry=stray_draw, user=make_user())
    assert stored.data["win_type"] == "" and stored.data["tiles"] == ""


def test_the_comparison_lists_every_field_and_marks_the_differences():
    session = make_session(double_entry=True)
    hand = hand_save(session=session, entry=entry(session), user=make_user())
    seating = seating_of(session)
    first = hand_preview(session=session, entry=entry_of_hand(Hand.objects.get(pk=hand.pk)))
    second = hand_preview(session=session, entry=entry(session, tiles=BIG, discarder="N"))
    rows = {row.label: row for row in compare(first, second, seating)}
    for label in (
        "Outcome",
        "Winner (false win: offender)",
        "How",
        "Discarder",
        "Same-Round Immunity",
        "Responsible",
        "Concealed tiles",
        "Declared sets",
        "Winning tile",
        "Flags",
        "Penalty tiles",
        "Value",
    ):
        assert label in rows
    payments = [label for label in rows if label.startswith("Payment: ")]
    assert len(payments) == 4
    differing = {label for label, row in rows.items() if row.differs}
    assert {"Discarder", "Concealed tiles", "Value"} <= differing
    assert "Outcome" not in differing and "Winning tile" not in differing
    assert (rows["Value"].first, rows["Value"].second) == ("10", "140")


def test_the_comparison_ignores_the_order_tiles_were_typed_in():
    session = make_session(double_entry=True)
    seating = seating_of(session)
    one = hand_preview(session=session, entry=entry(session))
    two = hand_preview(session=session, entry=entry(session, tiles="5m 123m 456p 234789s"))
    assert not [row for row in compare(one, two, seating) if row.differs]
