"""The offline desk's two addresses: the service worker's script and the sync of hands typed
offline.

Vocabulary: see `tournament.play.services.offline` (offline entry, key, digest, replay, clash).

worker      the service worker (``static/tournament/offline/worker.js``), served from
            ``/t/<slug>/desk/worker.js`` so that its scope is the tournament's desk (its pages,
            the table pages, and the static files they load): it keeps the last copy of each
            desk page a judge opened and answers with it when the network is down.
sync        ``POST /t/<slug>/desk/offline/sync/``: one offline entry as JSON ``{key, typed_at,
            place, round, table, half, fields}``, sent by ``static/tournament/offline/desk.js``
            in the order typed, one at a time. CSRF-protected; the desk's role (a judge). The
            answer is JSON: ``result`` (saved, confirmed, mismatch, refused), the hand
            ``number``, the ``reason`` of a refusal and the form's ``errors`` by field. A body
            that cannot be read is a 400 with the reason; a known key with another body a 409.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid

from django.conf import settings
from django.db import OperationalError
from django.http import HttpResponse, JsonResponse, QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...play.forms import HandForm, optional_int
from ...play.selectors.sessions import seating_of, session_at
from ...play.services import offline as offline_services
from ...web.busy import BUSY_MESSAGE, is_database_busy
from .common import desk_page

MOST_BYTES = 8192  # one hand's fields are a few hundred bytes
FIELDS = HandForm.base_fields.keys()
PLACES = ("desk", "table")
WORKER = settings.BASE_DIR / "static" / "tournament" / "offline" / "worker.js"


@desk_page()
def offline_worker(request, tournament):
    """The service worker's script, from the desk's address (its scope is the desk)."""
    response = HttpResponse(WORKER.read_bytes(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


class BadEntry(ValueError):
    """A body the sync cannot read: answered 400 with the reason."""


def _text(value, what: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str) or len(value) > 200:
        raise BadEntry(_("The field %(field)s is not text.") % {"field": what})
    return value


def _read(request) -> dict:
    """The entry in the body, checked for shape (not yet as a hand): `BadEntry` otherwise."""
    if len(request.body) > MOST_BYTES:
        raise BadEntry(_("The entry is too large: one hand is a few hundred bytes."))
    try:
        body = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BadEntry(_("The entry is not JSON.")) from None
    if not isinstance(body, dict) or not isinstance(body.get("fields"), dict):
        raise BadEntry(_("The entry has no fields."))
    try:
        key = uuid.UUID(str(body.get("key", "")))
    except ValueError:
        raise BadEntry(_("The entry has no valid key.")) from None
    typed_at = _typed_at(body.get("typed_at"))
    if body.get("place") not in PLACES:
        raise BadEntry(_("The entry does not say where it was typed."))
    place = {name: optional_int(body.get(name)) for name in ("round", "table", "half")}
    if not all(place.values()) or any(not 0 < value < 10000 for value in place.values()):
        raise BadEntry(_("The entry does not name its round, table and half."))
    fields = {}
    for name, value in body["fields"].items():
        if name not in FIELDS:
            continue  # a field the form does not know is not part of the hand
        if isinstance(value, list):
            fields[name] = [_text(item, name) for item in value[:20]]
        else:
            fields[name] = _text(value, name)
    return {"key": key, "typed_at": typed_at, "place": body["place"], **place, "fields": fields}


def _typed_at(value) -> dt.datetime:
    """The browser's time of typing; an absurd one (unreadable, in the future) is now."""
    now = timezone.now()
    try:
        typed = dt.datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        raise BadEntry(_("The entry does not say when it was typed.")) from None
    if timezone.is_naive(typed):
        typed = timezone.make_aware(typed, dt.UTC)
    return min(typed, now)


def _answer(received, status=200) -> JsonResponse:
    row = received.entry
    return JsonResponse(
        {
            "key": str(row.key),
            "result": row.result,
            "number": row.number,
            "reason": row.reason,
            "replayed": received.replayed,
        },
        status=status,
    )


def _refusal(message: str, status: int) -> JsonResponse:
    return JsonResponse({"result": "refused", "reason": message}, status=status)


@desk_page()
@require_POST
def offline_sync(request, tournament):
    """Receive one offline entry (see the module's vocabulary)."""
    try:
        body = _read(request)
    except BadEntry as error:
        return _refusal(str(error), 400)
    body_for_digest = {key: body[key] for key in ("place", "round", "table", "half", "fields")}
    digest = offline_services.body_digest({**body_for_digest, "user": request.user.pk})
    try:
        known = offline_services.offline_known(body["key"], digest)
    except offline_services.KeyClash:
        return _refusal(
            _(
                "This entry's key was already received with a different hand: nothing was "
                "changed. Type the hand again as a new entry."
            ),
            409,
        )
    if known is not None:
        return _answer(offline_services.Received(known, replayed=True))
    session = session_at(
        tournament.slug,
        round_number=body["round"],
        table_number=body["table"],
        half=body["half"],
    )
    if session is None:  # answered as every refusal is, so the judge's list can say why
        return _refusal(
            _("There is no session at this round and table: check them, then type the hand again."),
            404,
        )
    try:
        return _receive(request, session, body, digest)
    except offline_services.KeyClash:
        return _refusal(_("This entry's key was already received with a different hand."), 409)
    except OperationalError as error:
        if not is_database_busy(error):
            raise
        return _refusal(str(BUSY_MESSAGE), 503)


def _receive(request, session, body, digest):
    seating = seating_of(session)
    fields = body["fields"]
    number = optional_int(fields.get("number")) or 1
    data = {k: v for k, v in fields.items() if k in FIELDS}
    form = HandForm(_as_query(data), seating=seating, number=number)
    entry = refusal = None
    if form.is_valid():
        entry = form.entry()
    else:
        refusal = " ".join(
            _field_errors(form, name, errors) for name, errors in form.errors.items()
        )
    received = offline_services.offline_entry_receive(
        session=session,
        key=body["key"],
        digest=digest,
        typed_at=body["typed_at"],
        place=body["place"],
        data=data,
        entry=entry,
        refusal=refusal or "",
        user=request.user,
        seating=seating,
    )
    return _answer(received)


def _field_errors(form, name: str, errors) -> str:
    """A field's errors as one line, after the field's label."""
    said = " ".join(str(error) for error in errors)
    return f"{form.fields[name].label}: {said}" if name in form.fields else said


def _as_query(data: dict) -> QueryDict:
    query = QueryDict(mutable=True)
    for name, value in data.items():
        if isinstance(value, list):
            query.setlist(name, value)
        else:
            query[name] = value
    return query
