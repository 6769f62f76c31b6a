"""A cut's confirmation sent again and a cut undone (issue 36, point 6): a confirmation whose
worker dies after the commit is answered, on the retry, with the cut done (not refused, not
made twice); undoing the cut removes only the rounds it made, never a round seated before it.

Vocabulary: see `tournament.standings.services` (cut rule) and `tournament.stages`.
"""

import pytest
from django.urls import reverse

from tests.tournament.builders import make_cut_event, make_seated_round
from tournament.console.views import stages as stage_views
from tournament.event.selectors.roll_call import roll_call
from tournament.models import AuditEntry, Round, StageCut
from tournament.standings.services import cut_confirm, cut_undo

pytestmark = pytest.mark.django_db


def _url(name, tournament, *args):
    return reverse(f"console:{name}", args=[tournament.slug, *args])


def test_a_retry_after_the_worker_died_past_the_commit_says_the_cut_is_done(client, monkeypatch):
    tournament, _, organiser = make_cut_event()
    client.force_login(organiser)
    client.raise_request_exception = False
    said = stage_views.messages.success

    def dies(*args, **kwargs):  # the cut is committed; the answer never leaves
        raise RuntimeError("worker killed after the commit")

    monkeypatch.setattr(stage_views.messages, "success", dies)
    lost = client.post(_url("cut", tournament, 1), {"seed": "5"})
    assert lost.status_code == 500 and StageCut.objects.get().seed == 5
    monkeypatch.setattr(stage_views.messages, "success", said)

    retry = client.post(_url("cut", tournament, 1), {"seed": "5"}, follow=True)
    page = retry.content.decode()
    assert retry.status_code == 200
    assert "Cut after round 1 confirmed; see the standings." in page
    assert "confirmed already" not in page and 'class="error"' not in page
    assert StageCut.objects.count() == 1
    assert AuditEntry.objects.filter(tournament=tournament, action="cut").count() == 1


def test_a_confirmation_with_another_seed_is_still_refused_once_the_cut_stands():
    tournament, _, organiser = make_cut_event()
    first = cut_confirm(tournament=tournament, stage=1, seed=5, user=organiser)
    assert cut_confirm(tournament=tournament, stage=1, seed=5, user=organiser) == first
    with pytest.raises(Exception, match="confirmed already"):
        cut_confirm(tournament=tournament, stage=1, seed=6, user=organiser)
    assert StageCut.objects.get().seed == 5


def test_undo_removes_only_the_rounds_the_cut_made(client):
    tournament, players, organiser = make_cut_event()
    before = make_seated_round(tournament, players, 2)  # seated before the cut existed
    cut_confirm(tournament=tournament, stage=1, seed=9, user=organiser)
    qualifiers = [p for p in players if p.pk in {r.player_id for r in roll_call(tournament, 2)}]
    after = make_seated_round(tournament, qualifiers, 3)  # prepared from the cut
    assert cut_undo(tournament=tournament, stage=1, user=organiser) == 1
    assert Round.objects.filter(pk=before.pk).exists()
    assert not Round.objects.filter(pk=after.pk).exists()
    assert not StageCut.objects.exists()
