"""Names that pretend (`tournament.name_characters`): a direction control (a right-to-left
override shows "gnaW" as "Wang"), a control character, or a name of invisible characters only is
refused with the field, the character and what to do, wherever a name comes in (the console's
player form, the roster import from CSV, XLSX or pasted rows, the door into the roster, the
admin); an invisible character inside a visible name (a zero-width joiner, as in emoji) is
kept, but two names compare without them, so that the same-name labels tell "Li Wei" with a
zero-width joiner inside from the real Li Wei."""

import io

import openpyxl
import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.tournament.builders import make_tournament, make_user
from tournament.event.roster_columns import columns_from_header
from tournament.event.roster_files import rows_from_bytes
from tournament.event.roster_import import plan_import
from tournament.event.services.admission import RosterEntry
from tournament.event.services.registrations import registration_add, tournament_register
from tournament.models import Player
from tournament.name_characters import DIRECTION_CONTROLS, compared, is_invisible, name_problem
from tournament.names import Person, folded, labels, player_names

RLO = "\u202e"
ZWJ = "\u200d"
INVISIBLES = ["\u200b", "\u200c", ZWJ, "\u2060", "\ufeff", "\u00ad", "\u2066", RLO, "\ufe0f"]


@pytest.mark.parametrize("control", sorted(DIRECTION_CONTROLS))
def test_every_direction_control_is_refused_with_its_field_and_code(control):
    problem = name_problem(f"Amy {control}gnaW", "family_name")
    assert problem is not None
    assert problem.startswith("The family name contains an invisible")
    assert f"(U+{ord(control):04X})" in problem and "retype the family name without it" in problem


def test_the_right_to_left_override_is_named_as_such():
    problem = name_problem(f"{RLO}gnaW ymA", "given_name")
    assert problem == (
        "The given name contains an invisible right-to-left control (U+202E), which makes it "
        "show in a different order from how it is stored: retype the given name without it."
    )


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("\u200b", "only of invisible characters (U+200B)"),
        ("\u200b \u200d\u200b", "only of invisible characters (U+200B, U+200D)"),
        ("\u3164", "only of invisible characters (U+3164)"),  # the Hangul filler
        ("Li\x1bWei", "invisible control character (U+001B)"),
        ("Li\x85Wei", "invisible control character (U+0085)"),  # a C1 control
    ],
)
def test_invisible_only_names_and_control_characters_are_refused(text, found):
    problem = name_problem(text, "chinese_name")
    assert problem is not None and found in problem and "Chinese name" in problem


@pytest.mark.parametrize(
    "text",
    [
        "Li Wei",
        "王偉",
        "Zoë Ångström",
        f"👨{ZWJ}👩{ZWJ}👧 Fan",  # an emoji sequence is joined by zero-width joiners
        "❤\ufe0f Mei",  # and shown in colour by a variation selector
        "Mehr\u200cdad",  # the non-joiner, as Persian spelling uses it
        f"Li W{ZWJ}ei",  # kept, but compared without it (below)
        "",
    ],
)
def test_visible_names_may_hold_invisible_joiners(text):
    assert name_problem(text, "given_name") is None


@given(
    st.text(max_size=30),
    st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(INVISIBLES)), max_size=6),
)
def test_inserting_invisible_characters_never_changes_how_a_name_compares(name, insertions):
    changed = name
    for position, character in insertions:
        at = position % (len(changed) + 1)
        changed = changed[:at] + character + changed[at:]
    assert folded(changed) == folded(name)
    assert compared(changed) == compared(name)
    assert all(is_invisible(character) for character in INVISIBLES)


def test_a_name_with_a_zero_width_joiner_gets_the_same_name_label():
    people = [
        Person(1, "Li Wei", "Li", "Wei", 3),
        Person(2, f"Li W{ZWJ}ei", "Li", f"W{ZWJ}ei", 7),
        Person(3, "ＬＩ WEI", "ＬＩ", "WEI", 9),  # full-width letters read as their usual forms
    ]
    assert labels(people) == {
        1: "Li Wei (#3)",
        2: f"Li W{ZWJ}ei (#7)",
        3: "ＬＩ WEI (#9)",
    }


# --- everywhere a name comes in -----------------------------------------------------------------


@pytest.fixture
def organiser(client):
    client.force_login(make_user("superuser"))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The family name contains an invisible right-to-left control (U+202E)"),
        ("zh-hant", "姓氏含有看不見的從右至左控制字元（U+202E）"),
        ("zh-hans", "姓氏含有不可见的从右至左控制字符（U+202E）"),
    ],
)
def test_the_player_form_refuses_a_right_to_left_override(client, organiser, language, said):
    tournament = make_tournament()
    address = reverse("console:player_add", args=[tournament.slug])
    data = {"given_name": "Amy", "family_name": f"{RLO}gnaW", "country": "", "number": ""}
    response = client.post(f"{address}?lang={language}", data)
    assert response.status_code == 200
    assert said in response.content.decode()
    assert response.context["form"].errors["family_name"]
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_the_player_form_refuses_an_invisible_given_name_and_keeps_emoji(client, organiser):
    tournament = make_tournament()
    address = reverse("console:player_add", args=[tournament.slug])
    response = client.post(address, {"given_name": "\u200b\u200b", "family_name": "Wang"})
    assert "The given name is made only of invisible characters (U+200B)" in (
        response.content.decode()
    )
    response = client.post(address, {"given_name": f"👨{ZWJ}👩", "family_name": "Wang"})
    assert response.status_code == 302
    assert Player.objects.get().given_name == f"👨{ZWJ}👩"


@pytest.mark.django_db
def test_editing_a_player_refuses_a_direction_control(client, organiser):
    tournament = make_tournament()
    registration = registration_add(tournament=tournament, family_name="Wang")
    address = reverse("console:player_edit", args=[tournament.slug, registration.number])
    response = client.post(address, {"given_name": "\u2067Amy", "family_name": "Wang"})
    assert "The given name contains an invisible right-to-left control (U+2067)" in (
        response.content.decode()
    )
    assert Player.objects.get().given_name == ""


@pytest.mark.django_db
def test_the_door_into_the_roster_refuses_them_on_their_field():
    tournament = make_tournament()
    with pytest.raises(ValidationError) as caught:
        registration_add(tournament=tournament, family_name="Wang", club=f"{RLO}bulC")
    assert "right-to-left control (U+202E)" in caught.value.message_dict["club"][0]
    with pytest.raises(ValidationError) as caught:
        tournament_register(tournament=tournament, roster=[RosterEntry(family_name="\u2060")])
    assert caught.value.message_dict["family_name"] == [
        "The family name is made only of invisible characters (U+2060): type it in visible letters."
    ]
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_the_admin_is_no_side_door_for_a_pretending_name(client):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_superuser("boss", "b@example.org", "pw"))
    data = {"given_name": "Amy", "family_name": f"{RLO}gnaW", "chinese_name": "", "club": ""}
    response = client.post(reverse("admin:tournament_player_add"), data)
    assert response.status_code == 200
    assert "The family name contains an invisible right-to-left control (U+202E)" in (
        response.content.decode()
    )
    assert not Player.objects.exists()


def _csv_preview(client, tournament, data):
    response = client.post(reverse("console:roster_import", args=[tournament.slug]), data)
    assert response.status_code == 200
    return response.context["plan"], response.content.decode()


@pytest.mark.django_db
def test_the_import_says_which_line_has_the_pretending_name(client, organiser):
    tournament = make_tournament()
    body = f"Given name,Family name\nAmy,Wang\nAmy,{RLO}gnaW\n\u200b,Chan\n"
    upload = SimpleUploadedFile("players.csv", body.encode(), content_type="text/csv")
    plan, page = _csv_preview(client, tournament, {"file": upload, "header": "auto"})
    assert not plan.ok
    assert plan.problem_messages() == [
        "Line 3: The family name contains an invisible right-to-left control (U+202E), which "
        "makes it show in a different order from how it is stored: retype the family name "
        "without it.",
        "Line 4: The given name is made only of invisible characters (U+200B): type it in "
        "visible letters.",
    ]
    assert "Line 3: The family name contains" in page
    pasted, _page = _csv_preview(client, tournament, {"text": body, "header": "auto"})
    assert pasted.problem_messages() == plan.problem_messages()
    client.post(reverse("console:roster_import_confirm", args=[tournament.slug]))
    assert not Player.objects.exists()


def test_an_xlsx_roster_gets_the_same_problem_on_its_line():
    book = openpyxl.Workbook()
    book.active.append(["Given name", "Family name", "Chinese name"])
    book.active.append(["Amy", "Wang", f"王{RLO}偉"])
    buffer = io.BytesIO()
    book.save(buffer)
    header, *rows = rows_from_bytes(buffer.getvalue(), "players.xlsx")
    plan = plan_import(rows, columns=columns_from_header(header), countries={})
    assert plan.problem_messages() == [
        "Line 2: The Chinese name contains an invisible right-to-left control (U+202E), which "
        "makes it show in a different order from how it is stored: retype the Chinese name "
        "without it."
    ]


@pytest.mark.django_db
def test_a_joined_name_gets_the_label_beside_the_real_one():
    tournament = make_tournament()
    registration_add(tournament=tournament, given_name="Li", family_name="Wei")
    registration_add(tournament=tournament, given_name="Li", family_name=f"W{ZWJ}ei")
    names = player_names(tournament, "en")
    assert sorted(names.label(pid) for pid in names.people) == [
        "Li Wei (#1)",
        f"Li W{ZWJ}ei (#2)",
    ]
