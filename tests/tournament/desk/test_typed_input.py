"""Whatever a judge types, the desk answers with a page (never a server error) and a save is
all or nothing: either a hand with four payments summing to zero, or nothing at all."""

import pytest
from django.db.models import Sum
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournament.builders import form_data, make_session, make_user, seat_players
from tournament.models import Hand, Payment

pytestmark = pytest.mark.django_db

TILE_WORDS = ["123m", "456p", "789s", "EE", "RdRdRd", "[345p]", "(5555s)", "5m", "1z", "🀄", "x"]
FIELDS = ["outcome", "winner", "win_type", "discarder", "immunity", "responsible", "number"]
CHOICES = {
    "outcome": ["win", "draw", "false_win", "", "bogus"],
    "win_type": ["self_draw", "discard", "robbing_kong", "", "bogus"],
    "immunity": ["", "other", "nobody", "bogus"],
    "number": ["1", "2", "0", "-3", "99999", "abc", ""],
}

tiles_text = st.lists(st.sampled_from(TILE_WORDS), max_size=8).map(" ".join) | st.text(max_size=30)


@st.composite
def typed_forms(draw):
    data = {}
    for field in FIELDS:
        if field in CHOICES:
            data[field] = draw(st.sampled_from(CHOICES[field]))
        else:  # a player: one of the table's four (by starting wind), nobody, or junk
            data[field] = draw(st.sampled_from(["E", "S", "W", "N", "", "junk", "999999"]))
    data["tiles"] = draw(tiles_text)
    data["winning_tile"] = draw(st.sampled_from(["5m", "E", "Rd", "", "10m", "zz"]))
    data["penalty_tiles"] = draw(st.sampled_from(["", "5m", "1m 9m 1p", "garbage"]))
    data["flags"] = draw(
        st.lists(st.sampled_from(["final_draw", "heaven", "earth", "win_on_kong", "nope"]))
    )
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(typed=typed_forms())
def test_any_typing_gets_a_page_and_saves_all_or_nothing(client, typed):
    session = make_session()
    client.force_login(make_user())
    ids = seat_players(session)
    post = form_data(session)
    post.update(typed)
    for field in ("winner", "discarder", "responsible"):
        post[field] = ids.get(post[field], post[field])
    args = [session.round.tournament.slug, session.round.number, session.table.number]
    preview = client.post(
        reverse("desk:hand_preview", args=args), post, headers={"HX-Request": "true"}
    )
    assert preview.status_code == 200
    public = client.get(reverse("public:calculator"), {**typed, "winner": typed["winner"][:1]})
    assert public.status_code == 200
    saved = client.post(reverse("desk:session_sheet", args=args), post)
    assert saved.status_code in (200, 302, 409, 422)
    hands = Hand.objects.filter(session=session)
    payments = Payment.objects.filter(hand__session=session)
    if saved.status_code == 302:
        assert hands.count() == 1
        expected = 0 if hands.get().outcome == "draw" else 4
        assert payments.count() in (expected, 4)
        assert (payments.aggregate(total=Sum("amount"))["total"] or 0) == 0
    else:
        assert not hands.exists() and not payments.exists()
