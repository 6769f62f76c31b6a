"""A tournament's life on the organiser's pages: who may create one (superusers and the
"Organisers" group only), a second tournament with a taken name (asked first), deleting one made
by mistake (its name typed, only without hands), hiding one that has hands (public pages 404,
lists leave it out, officials still see it), and what a fresh install says to an organiser."""

import datetime

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.tournament.builders import entry, make_players, make_session, make_tournament, make_user
from tournament.event import removal
from tournament.models import AuditEntry, Player, Round, Seat, Table, Tournament, TournamentOfficial
from tournament.play.services.hands import hand_save
from tournament.roles import ORGANISER_GROUP, roles_ensure
from tournament.seating.services.generation import seating_generate

pytestmark = pytest.mark.django_db

NEW = {
    "name": "Autumn Open",
    "start_date": "2026-10-03",
    "end_date": "2026-10-04",
    "venue": "",
    "preset": "zj_tournament",
}


def _account_menu(client) -> str:
    page = client.get(reverse("public:home")).content.decode()
    start = page.index('<div class="account">')
    return page[start : page.index("</div>", start)]


def _user(role: str):
    """superuser, organisers-group, tournament-organiser, judge, head-judge (or None)."""
    roles_ensure()
    if role == "superuser":
        return make_user("superuser")
    if role == "organisers-group":
        user = make_user("plain")
        user.groups.add(Group.objects.get(name=ORGANISER_GROUP))
        return user
    if role == "tournament-organiser":
        user = make_user("plain")
        TournamentOfficial.objects.create(tournament=make_tournament(), user=user, role="organiser")
        return user
    if role == "judge":
        return make_user("judge")
    if role == "head-judge":
        return make_user("head")
    return None


# --- who creates tournaments (issue 20, point 6) ------------------------------------------------


@pytest.mark.parametrize(
    "role, allowed",
    [
        ("superuser", True),
        ("organisers-group", True),
        ("tournament-organiser", False),
        ("judge", False),
        ("head-judge", False),
        ("anonymous", False),
    ],
)
def test_only_superusers_and_the_organisers_group_create_tournaments(client, role, allowed):
    user = _user(role)
    if user is not None:
        client.force_login(user)
    before = Tournament.objects.count()
    page = client.get(reverse("console:tournament_create"))
    response = client.post(reverse("console:tournament_create"), NEW)
    created = Tournament.objects.filter(name="Autumn Open").exists()
    assert created is allowed
    if allowed:
        assert page.status_code == 200 and response.status_code == 302
        assert reverse("console:tournament_create") in _account_menu(client)  # the menu offers it
        return
    assert Tournament.objects.count() == before
    if user is None:
        assert response.status_code == 302 and "/login/" in response["Location"]
        return
    assert page.status_code == 403 and response.status_code == 403
    assert "Only a superuser or a member of the Organisers group" in response.content.decode()
    # Nor does the menu offer it.
    assert reverse("console:tournament_create") not in _account_menu(client)


# --- a second tournament with a taken name --------------------------------------------------------


def test_a_taken_name_is_asked_about_and_created_only_once_confirmed(client):
    client.force_login(_user("superuser"))
    make_tournament(name="Autumn Open", start_date=datetime.date(2025, 10, 4))
    first = client.post(reverse("console:tournament_create"), {**NEW, "name": " autumn open "})
    text = first.content.decode()
    assert first.status_code == 200
    assert "A tournament named &#x27;Autumn Open&#x27; exists already (4 Oct 2025" in text
    assert 'name="same_name_ok"' in text  # the box to go ahead is offered
    assert Tournament.objects.filter(name__iexact="autumn open").count() == 1
    second = client.post(reverse("console:tournament_create"), {**NEW, "same_name_ok": "on"})
    assert second.status_code == 302
    assert Tournament.objects.filter(name="Autumn Open").count() == 2
    assert len(set(Tournament.objects.values_list("slug", flat=True))) == 2


def test_a_new_name_is_created_without_the_question(client):
    client.force_login(_user("superuser"))
    make_tournament(name="Spring Open")
    response = client.post(reverse("console:tournament_create"), NEW)
    assert response.status_code == 302


# --- deleting and hiding (issue 19, point 8) ------------------------------------------------------


def _seated(name="Mistake Open"):
    tournament = make_tournament(name=name)
    make_players(tournament, 8)
    seating_generate(tournament=tournament, total_rounds=2, seed=1)
    return tournament


def test_an_organiser_deletes_a_tournament_without_hands_after_typing_its_name(client):
    organiser = _user("superuser")
    client.force_login(organiser)
    tournament = _seated()
    keep = make_tournament(name="Real Open")
    shared = Player.objects.filter(registrations__tournament=tournament).first()
    keep.registrations.create(player=shared, number=1)
    url = reverse("console:tournament_delete", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "Type the tournament" in page and "Mistake Open" in page
    wrong = client.post(url, {"name": "Mistake"})
    assert wrong.status_code == 200
    assert "Type the tournament&#x27;s name exactly as shown" in wrong.content.decode()
    assert Tournament.objects.filter(pk=tournament.pk).exists()
    done = client.post(url, {"name": "Mistake Open"})
    assert done.status_code == 302 and done["Location"] == reverse("public:home")
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    assert not Round.objects.filter(tournament_id=tournament.pk).exists()
    assert not Table.objects.filter(tournament_id=tournament.pk).exists()
    # Its own players went with it; one also registered elsewhere stays.
    assert list(Player.objects.values_list("pk", flat=True)) == [shared.pk]
    assert Tournament.objects.filter(pk=keep.pk).exists()
    log = LogEntry.objects.get(action_flag=DELETION)
    assert (log.user, log.object_repr) == (organiser, "Mistake Open")


def test_a_tournament_with_hands_cannot_be_deleted_but_can_be_hidden(client):
    session = make_session(name="Played Open")
    hand_save(session=session, entry=entry(session), user=make_user())
    tournament = session.round.tournament
    organiser = _user("superuser")
    client.force_login(organiser)
    url = reverse("console:tournament_delete", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "This tournament cannot be deleted" in page and 'id="delete-button"' not in page
    refused = client.post(url, {"name": "Played Open"})
    assert "hide it from the public pages instead" in refused.content.decode()
    assert Tournament.objects.filter(pk=tournament.pk).exists()
    with pytest.raises(Exception, match="never deleted"):
        removal.tournament_delete(tournament=tournament, typed_name="Played Open", user=organiser)

    client.post(reverse("console:tournament_hidden", args=[tournament.slug]), {"hidden": "1"})
    tournament.refresh_from_db()
    assert tournament.hidden
    entry_ = AuditEntry.objects.get(tournament=tournament, action=AuditEntry.Action.SETTINGS)
    assert entry_.after["summary"] == "Hidden from the public" and entry_.user == organiser


def _public_urls(tournament, round_number=1):
    slug = tournament.slug
    return [
        reverse("public:tournament_detail", args=[slug]),
        reverse("public:player_list", args=[slug]),
        reverse("public:round_list", args=[slug]),
        reverse("public:round_detail", args=[slug, round_number]),
        reverse("public:table_list", args=[slug]),
        reverse("public:standings", args=[slug]),
        reverse("public:projector_standings", args=[slug]),
        reverse("printing:printout_download", args=[slug, "aid-card"]),
    ]


def test_a_hidden_tournament_is_not_found_by_the_public_but_seen_by_its_officials(client):
    session = make_session(name="Hidden Open")
    tournament = session.round.tournament
    shown = make_tournament(name="Shown Open")
    for url in _public_urls(tournament):
        assert client.get(url).status_code == 200, url
    removal.tournament_hidden_set(tournament=tournament, hidden=True, user=None)
    for url in _public_urls(tournament):
        assert client.get(url).status_code == 404, url
    home = client.get(reverse("public:home")).content.decode()
    assert "Shown Open" in home and "Hidden Open" not in home
    assert (
        shown.name
        in client.get(reverse("public:tournament_detail", args=[shown.slug])).content.decode()
    )

    judge = make_user("plain")
    TournamentOfficial.objects.create(tournament=tournament, user=judge, role="judge")
    client.force_login(judge)
    for url in _public_urls(tournament):
        assert client.get(url).status_code == 200, url
    home = client.get(reverse("public:home")).content.decode()
    assert "Hidden Open" in home and "hidden from the public" in home

    # A judge of another tournament is the public here.
    other = make_user("plain")
    TournamentOfficial.objects.create(tournament=shown, user=other, role="judge")
    client.force_login(other)
    assert client.get(_public_urls(tournament)[0]).status_code == 404

    removal.tournament_hidden_set(tournament=tournament, hidden=False, user=None)
    client.logout()
    assert client.get(_public_urls(tournament)[0]).status_code == 200


def test_deleting_and_hiding_need_an_organiser_of_the_tournament(client):
    tournament = _seated()
    client.force_login(make_user("head"))
    url = reverse("console:tournament_delete", args=[tournament.slug])
    assert client.post(url, {"name": tournament.name}).status_code == 403
    hide = reverse("console:tournament_hidden", args=[tournament.slug])
    assert client.post(hide, {"hidden": "1"}).status_code == 403
    tournament.refresh_from_db()
    assert not tournament.hidden and Seat.objects.filter(round__tournament=tournament).exists()


# --- first contact (issue 19, point 11) ----------------------------------------------------


def test_a_fresh_install_points_organisers_to_new_tournament_not_the_admin(client):
    page = client.get(reverse("public:home")).content.decode()
    start = page.index('id="no-tournament"')
    message = page[start : page.index("</p>", start)]
    assert reverse("console:tournament_create") in message and "New tournament" in message
    assert reverse("admin:index") not in message


def test_every_page_names_a_favicon_and_favicon_ico_is_served(client):
    page = client.get(reverse("public:home")).content.decode()
    assert '<link rel="icon" href="/static/favicon.ico"' in page
    response = client.get("/favicon.ico", follow=True)
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO file


def test_the_organiser_navigation_has_printouts(client):
    client.force_login(_user("superuser"))
    tournament = make_tournament()
    page = client.get(reverse("console:dashboard", args=[tournament.slug])).content.decode()
    nav = page[page.index('class="console-nav"') : page.index("</nav>", page.index("console-nav"))]
    assert reverse("console:printouts", args=[tournament.slug]) in nav and "Printouts" in nav
