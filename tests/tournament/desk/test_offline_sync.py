"""The offline desk's sync (issue 41): each hand typed offline arrives with its key and is
applied once, whoever sends it how often; a replayed key with another body is refused, never
an overwrite; refusals come back with their reason and reach the health page; the audit log
keeps both times; bad bodies are 400s with the reason, never 500s.
"""

import json
import uuid

import pytest
from django.urls import reverse

from tests.tournament.builders import form_data, make_session, make_user
from tournament.models import AuditEntry, Hand, HandEntry, OfflineEntry, Session, TableEntry

pytestmark = pytest.mark.django_db

KEY = "0c4e6f9a-3f5b-4a47-9a51-2f1d6c7b8e90"


def sync_url(session):
    return reverse("desk:offline_sync", args=[session.round.tournament.slug])


def body(session, number=1, place="desk", key=None, **fields):
    return {
        "key": str(key or uuid.uuid4()),
        "typed_at": "2026-11-29T14:02:11.000Z",
        "place": place,
        "round": session.round.number,
        "table": session.table.number,
        "half": session.half,
        "fields": {**form_data(session, number), **fields},
    }


def send(client, session, data, **extra):
    return client.post(
        sync_url(session),
        json.dumps(data),
        content_type="application/json",
        HTTP_HOST="localhost",
        **extra,
    )


@pytest.fixture
def judge(client):
    user = make_user()
    client.force_login(user)
    return user


def test_an_offline_hand_is_saved_once_and_its_key_replayed_gives_the_same_answer(client, judge):
    session = make_session()
    entry = body(session)
    first = send(client, session, entry)
    assert first.status_code == 200
    assert first.json() == {
        "key": entry["key"],
        "result": "saved",
        "number": 1,
        "reason": "",
        "replayed": False,
    }
    again = send(client, session, entry)
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert again.json()["result"] == "saved"
    assert Hand.objects.filter(session=session).count() == 1
    assert OfflineEntry.objects.count() == 1
    hand = Hand.objects.get(session=session)
    assert hand.value and hand.entered_by == judge


def test_a_replayed_key_with_a_different_body_is_refused_not_applied(client, judge):
    session = make_session()
    entry = body(session)
    assert send(client, session, entry).json()["result"] == "saved"
    before = Hand.objects.get(session=session)
    changed = body(session, key=entry["key"], winning_tile="9m")
    response = send(client, session, changed)
    assert response.status_code == 409
    assert "already received with a different hand" in response.json()["reason"]
    after = Hand.objects.get(session=session)
    assert (after.winning_tile, after.version) == (before.winning_tile, before.version)
    # Another judge sending the same key (same fields) is a clash too: the key is the typist's.
    client.force_login(make_user())
    assert send(client, session, entry).status_code == 409


def test_hands_in_order_and_an_illegal_one_comes_back_with_its_reason(client, judge):
    session = make_session()
    assert send(client, session, body(session, 1)).json()["result"] == "saved"
    illegal = send(client, session, body(session, 2, tiles="123m 456p 789s 11z 23z"))
    assert illegal.status_code == 200
    refused = illegal.json()
    assert refused["result"] == "refused" and refused["number"] == 2 and refused["reason"]
    assert not Hand.objects.filter(session=session, number=2).exists()
    # The next hand typed after it is refused by the order of numbers, with the reason.
    later = send(client, session, body(session, 3)).json()
    assert later["result"] == "refused" and "2" in later["reason"]
    # Corrected (a new key), hand 2 is saved, then hand 3.
    assert send(client, session, body(session, 2)).json()["result"] == "saved"
    assert send(client, session, body(session, 3)).json()["result"] == "saved"
    assert list(session.hands.values_list("number", flat=True).order_by("number")) == [1, 2, 3]
    health = client.get(
        reverse("desk:tournament_health", args=[session.round.tournament.slug]),
        HTTP_HOST="localhost",
    )
    html = health.content.decode()
    assert 'id="health-offline"' in html
    assert "typed offline by" not in html  # both refusals are settled: hands 2 and 3 are in


def test_a_refusal_stays_on_the_health_page_until_the_hand_is_in(client, judge):
    session = make_session()
    send(client, session, body(session, 1, tiles="123m 456p 789s 11z 23z"))
    html = client.get(
        reverse("desk:tournament_health", args=[session.round.tournament.slug]),
        HTTP_HOST="localhost",
    ).content.decode()
    assert "hand 1 typed offline by" in html and judge.username in html


def test_the_audit_log_keeps_both_times(client, judge):
    session = make_session()
    send(client, session, body(session))
    line = AuditEntry.objects.get(action=AuditEntry.Action.OFFLINE)
    assert line.after["typed_at"] == "2026-11-29T14:02:11+00:00"
    assert line.after["received_at"] and line.after["result"] == "saved"
    assert "typed offline at 2026-11-29T14:02:11+00:00, received at" in line.after["summary"]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CREATE, hand_number=1).exists()


def test_a_reconciled_session_refuses_with_the_reason(client, judge):
    session = make_session()
    send(client, session, body(session, 1))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.RECONCILED)
    refused = send(client, session, body(session, 2)).json()
    assert refused["result"] == "refused" and refused["reason"]


def test_under_double_entry_an_offline_hand_is_compared_like_any_entry(client, judge):
    session = make_session(double_entry=True)
    other = make_user()
    client.force_login(other)
    send(client, session, body(session, 1))
    client.force_login(judge)
    same = send(client, session, body(session, 1)).json()
    assert same["result"] == "confirmed"
    assert Hand.objects.get(session=session, number=1).confirmed
    client.force_login(other)
    send(client, session, body(session, 2))
    client.force_login(judge)
    differs = send(client, session, body(session, 2, winning_tile="9m")).json()
    assert differs["result"] in ("mismatch", "refused")
    assert differs["result"] != "mismatch" or HandEntry.objects.filter(hand__number=2).exists()


def test_the_table_phone_sends_its_hands_as_table_entries(client, judge):
    session = make_session()
    assert send(client, session, body(session, 1, place="table")).json()["result"] == "saved"
    assert TableEntry.objects.filter(hand__session=session, hand__number=1).exists()
    again = send(client, session, body(session, 1, place="table")).json()
    assert again["result"] == "refused" and "already been entered at the table" in again["reason"]


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"not json",
        b"[]",
        b'{"fields": {}}',
        b'{"key": "nope", "fields": {}}',
        json.dumps({"key": KEY, "fields": {}, "typed_at": "x"}).encode(),
        json.dumps({"key": KEY, "fields": {}, "typed_at": "2026-01-01T00:00:00Z"}).encode(),
        json.dumps(
            {
                "key": KEY,
                "fields": {"tiles": {"a": 1}},
                "typed_at": "2026-01-01T00:00:00Z",
                "place": "desk",
                "round": 1,
                "table": 1,
                "half": 1,
            }
        ).encode(),
        b"x" * 20000,
    ],
)
def test_bad_bodies_are_400s_with_the_reason(client, judge, raw):
    session = make_session()
    response = client.post(
        sync_url(session), raw, content_type="application/json", HTTP_HOST="localhost"
    )
    assert response.status_code == 400
    assert response.json()["reason"]
    assert OfflineEntry.objects.count() == 0


def test_fields_that_do_not_make_a_hand_are_refused_and_recorded(client, judge):
    session = make_session()
    answer = send(client, session, body(session, 1, outcome="nonsense", winner="x")).json()
    assert answer["result"] == "refused" and "Outcome" in answer["reason"]
    assert OfflineEntry.objects.get().result == "refused"


def test_an_unknown_session_is_404_and_the_sync_needs_a_judge(client):
    session = make_session()
    anonymous = send(client, session, body(session))
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(make_user("plain"))
    assert send(client, session, body(session)).status_code == 403
    client.force_login(make_user())
    unknown = body(session)
    unknown["table"] = 99
    refused = send(client, session, unknown)
    assert refused.status_code == 404
    assert refused.json() == {
        "result": "refused",
        "reason": "There is no session at this round and table: check them, then type the hand "
        "again.",
    }
    assert not OfflineEntry.objects.exists()


def test_the_worker_is_served_from_the_desk(client, judge):
    session = make_session()
    url = reverse("desk:offline_worker", args=[session.round.tournament.slug])
    assert url.endswith("/desk/worker.js")
    response = client.get(url, HTTP_HOST="localhost")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
