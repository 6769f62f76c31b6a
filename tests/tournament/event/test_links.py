"""Private player links: issued, re-issued, revoked, issued for everyone, and read back from
their token (`registration_of_link`), with every refusal; new tokens have no look-alikes and a
typed token is read in any case."""

import secrets

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.builders import make_players, make_tournament, make_user
from tournament.event.links import (
    player_link_issue,
    player_link_revoke,
    player_links_issue_all,
    token_new,
)
from tournament.event.selectors.links import (
    LINK_LENGTH,
    LinkRevoked,
    LinkUnknown,
    link_tokens,
    registration_of_link,
)
from tournament.event.services.tournaments import tournament_create
from tournament.models import AuditEntry, PlayerLink, Registration
from tournament.models.players import token_folded

LOOK_ALIKE_CHARACTERS = set("0Oo1lIi|-_")

pytestmark = pytest.mark.django_db


def _registrations(count=4):
    tournament = make_tournament()
    make_players(tournament, count)
    return tournament, list(
        Registration.objects.filter(tournament=tournament).select_related("player")
    )


def test_an_issued_link_finds_its_registration_in_one_query(django_assert_num_queries):
    tournament, (ann, bob, *_) = _registrations()
    organiser = make_user("superuser")
    link = player_link_issue(registration=ann, user=organiser)
    assert len(link.token) == LINK_LENGTH
    assert link.key == link.token[: PlayerLink.KEY_LENGTH]
    with django_assert_num_queries(1):
        found = registration_of_link(link.token)
        assert (found.pk, found.player.name, found.tournament.slug) == (
            ann.pk,
            ann.player.name,
            tournament.slug,
        )
    assert player_link_issue(registration=bob, user=organiser).token != link.token
    log = AuditEntry.objects.filter(action="link").last()
    assert log.user == organiser and ann.player.name in log.after["summary"]
    assert link.token not in str(log.after)


def test_reissue_revokes_the_old_link():
    _, (ann, *_) = _registrations()
    old = player_link_issue(registration=ann, user=None)
    new = player_link_issue(registration=ann, user=None)
    with pytest.raises(LinkRevoked) as refused:
        registration_of_link(old.token)
    assert refused.value.status == 410 and "no longer works" in str(refused.value)
    assert registration_of_link(new.token).pk == ann.pk
    assert "Replaced" in AuditEntry.objects.filter(action="link").first().after["summary"]


def test_revoke_stops_the_link_and_refuses_when_there_is_none():
    _, (ann, *_) = _registrations()
    link = player_link_issue(registration=ann, user=None)
    player_link_revoke(registration=ann, user=None)
    with pytest.raises(LinkRevoked):
        registration_of_link(link.token)
    with pytest.raises(ValidationError, match="no private link in force"):
        player_link_revoke(registration=ann, user=None)


def test_a_token_that_shares_the_key_but_not_the_rest_is_unknown():
    _, (ann, *_) = _registrations()
    token = player_link_issue(registration=ann, user=None).token
    forged = token[: PlayerLink.KEY_LENGTH] + ("A" if token[-1] != "A" else "B") * (
        LINK_LENGTH - PlayerLink.KEY_LENGTH
    )
    with pytest.raises(LinkUnknown) as refused:
        registration_of_link(forged)
    assert refused.value.status == 404


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=40))
def test_no_guess_opens_a_link(guess):
    with pytest.raises(LinkUnknown):
        registration_of_link(guess)


def test_issue_all_gives_a_link_to_those_without_one(django_assert_max_num_queries):
    tournament, registrations = _registrations(6)
    kept = player_link_issue(registration=registrations[0], user=None)
    with django_assert_max_num_queries(6):
        assert player_links_issue_all(tournament=tournament, user=None) == 5
    tokens = link_tokens(tournament)
    assert set(tokens) == {r.pk for r in registrations}
    assert tokens[registrations[0].pk] == kept.token
    assert len(set(tokens.values())) == 6
    assert player_links_issue_all(tournament=tournament, user=None) == 0
    assert AuditEntry.objects.filter(action="link").first().after["summary"] == (
        "Issued private links to 5 players"
    )


def test_links_of_another_tournament_are_not_listed():
    tournament, (ann, *_) = _registrations()
    other, (zed, *_) = _registrations()
    player_link_issue(registration=zed, user=None)
    assert link_tokens(tournament) == {}
    assert list(link_tokens(other)) == [zed.pk]


@pytest.mark.parametrize(("preset", "minutes"), [("zj_tournament", 30), ("zj_standard", 0)])
def test_the_zj_tournament_preset_sets_a_30_minute_appeal_window_and_the_model_none(
    preset, minutes
):
    created = tournament_create(
        name=f"{preset} Open",
        start_date="2026-05-01",
        end_date="2026-05-01",
        preset=preset,
        user=make_user("superuser"),
    )
    assert created.appeal_window_minutes == minutes
    assert make_tournament().appeal_window_minutes == 0


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_new_tokens_never_hold_look_alike_characters(draws):
    """Whatever is drawn, a new token has none of 0 O o 1 l I i (nor dashes), and reads as
    itself (`token_folded`): nothing in it can be typed two ways."""
    token = token_new(choice=draws.choice)
    assert len(token) == LINK_LENGTH
    assert not set(token) & LOOK_ALIKE_CHARACTERS
    assert token_folded(token) == token == token.lower()
    assert not set(token_new()) & LOOK_ALIKE_CHARACTERS  # and what `secrets` draws


@settings(max_examples=30, deadline=None)
@given(st.lists(st.booleans(), min_size=LINK_LENGTH, max_size=LINK_LENGTH))
def test_a_new_token_typed_in_any_case_opens_its_link(capitals):
    _, (ann, *_) = _registrations(1)
    token = player_link_issue(registration=ann, user=None).token
    typed = "".join(c.upper() if up else c for c, up in zip(token, capitals, strict=True))
    assert registration_of_link(typed).pk == ann.pk


def test_an_already_issued_url_safe_token_keeps_working_exactly():
    """Links issued before the look-alike-free alphabet (``token_urlsafe``, any case, with
    dashes) open as they were issued, and two such links that read alike when typed open
    only as issued: which one was meant is not guessed."""
    _, (ann, bob, *_) = _registrations()
    old = secrets.token_urlsafe(24)
    PlayerLink.of_token(old, registration=ann, issued_at=timezone.now()).save()
    assert registration_of_link(old).pk == ann.pk
    twin = "A0" + "b" * 30
    other = "ao" + "B" * 30
    PlayerLink.of_token(twin, registration=bob, issued_at=timezone.now()).save()
    _, (cat, *_) = _registrations(1)
    PlayerLink.of_token(other, registration=cat, issued_at=timezone.now()).save()
    assert registration_of_link(twin).pk == bob.pk
    assert registration_of_link(other).pk == cat.pk
    with pytest.raises(LinkUnknown):
        registration_of_link("AO" + "b" * 30)  # reads as both: neither opens
