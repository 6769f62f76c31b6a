"""Hands typed while the desk (or the table's phone) was offline, received when it is back.

Vocabulary
----------
offline entry   one hand a judge typed while the browser could not reach the server, kept in
                the browser and sent later (`OfflineEntry` once it arrives): the typed fields
                of the hand form, where it was typed (the desk's sheet or the table page), when
                it was typed (``typed_at``, the browser's clock) and its key.
key             the entry's idempotency key, a UUID the browser makes when the hand is typed.
                The unique constraint on `OfflineEntry.key` is the arbiter, as the one on hand
                numbers is for hands: a key is applied at most once, whoever sends it (a retry,
                a second tab, a second device) and however often.
digest          the SHA-256 of the entry's body (its session, place and fields) in a canonical
                form (`body_digest`): a key sent again with the same digest is a *replay* and
                gets the first answer back, nothing written; with another digest it is a
                *clash*, refused (`KeyClash`), nothing overwritten.
received        `offline_entry_receive`: the key row and the hand saved in one transaction, the
                hand validated, scored and compared exactly as if it had been typed now (the
                desk's `desk_entry_save`, the table's `table_entry_save`); under double entry a
                hand another official entered first is compared with theirs as a blind second
                entry (`hand_confirm`). A refusal (an illegal hand, a number taken or out of
                order, a closed session) is recorded with its reason, for the judge's screen
                and the health page, and no hand is written.

Every received entry leaves one audit line (``offline``) with both times, typed and received.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from ...audit import audit_record, public_write
from ...models import AuditEntry, Hand, OfflineEntry, Session
from ..entry.hand_entry import HandEntryData, Seating
from .double_entry import hand_confirm
from .hands import HandNumberTaken
from .table import EntryOutcome, desk_entry_save, table_entry_save

RESULTS = {
    "first": OfflineEntry.Result.SAVED,
    "confirmed": OfflineEntry.Result.CONFIRMED,
    "mismatch": OfflineEntry.Result.MISMATCH,
}


class KeyClash(Exception):
    """A key already received with another body: refused, nothing overwritten."""


@dataclass(frozen=True)
class Received:
    """What became of a received entry; ``replayed`` when the key had arrived before."""

    entry: OfflineEntry
    replayed: bool


def body_digest(body: dict) -> str:
    """The SHA-256 of ``body`` in a canonical form (sorted keys, no spaces)."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def offline_known(key, digest: str) -> OfflineEntry | None:
    """The entry already received under ``key`` (a replay), None for a new key; `KeyClash`
    when the key came before with another body."""
    known = OfflineEntry.objects.filter(key=key).first()
    if known is not None and known.digest != digest:
        raise KeyClash(key)
    return known


@public_write
def offline_entry_receive(
    *,
    session: Session,
    key,
    digest: str,
    typed_at,
    place: str,
    data: dict,
    entry: HandEntryData | None,
    refusal: str = "",
    user,
    seating: Seating | None = None,
) -> Received:
    """Receive one offline entry (see the vocabulary): ``entry`` is the typed hand as the hand
    form read it, or None with ``refusal`` (the form's own errors) when it could not be read."""
    try:
        with transaction.atomic():
            row = OfflineEntry.objects.create(
                key=key,
                digest=digest,
                user=user,
                session=session,
                place=place,
                number=entry.number if entry else _typed_number(data),
                data=data,
                typed_at=typed_at,
                result=OfflineEntry.Result.REFUSED,
                reason=refusal,
            )
    except IntegrityError:  # the same key arrived meanwhile (another tab): its answer stands
        known = offline_known(key, digest)
        if known is None:
            raise
        return Received(known, replayed=True)
    if entry is not None:
        row.result, row.reason = _apply(session, place, entry, user, seating)
        row.save(update_fields=["result", "reason"])
    _audit(row, session, user)
    return Received(row, replayed=False)


def _typed_number(data: dict) -> int | None:
    try:
        number = int(str(data.get("number", "")).strip())
    except ValueError:
        return None
    return number if 0 < number < 1000 else None


def _apply(session, place, entry, user, seating) -> tuple[str, str]:
    """Save the hand as if typed now: (result, reason); a refusal writes nothing."""
    try:
        with transaction.atomic():
            if place == OfflineEntry.Place.TABLE:
                done = table_entry_save(session=session, entry=entry, user=user, seating=seating)
            else:
                done = _desk_save(session, entry, user, seating)
    except ValidationError as error:  # illegal, number taken or out of order, closed
        return OfflineEntry.Result.REFUSED, " ".join(str(m) for m in error.messages)
    return RESULTS[done.result], ""


def _desk_save(session, entry, user, seating) -> EntryOutcome:
    """The desk's save; a hand another official entered first and that awaits its second
    entry is compared with this one (blind), as the judge's *Enter again* would."""
    try:
        with transaction.atomic():
            return desk_entry_save(session=session, entry=entry, user=user, seating=seating)
    except HandNumberTaken:
        hand = Hand.objects.filter(session=session, number=entry.number).first()
        if (
            hand is None
            or hand.confirmed
            or hand.entered_by_id in (None, user.pk)
            or hand.second_entries.exists()
        ):
            raise
        mismatch = hand_confirm(hand=hand, entry=entry, user=user, seating=seating)
        return EntryOutcome(hand=hand, result="confirmed" if mismatch is None else "mismatch")


def _audit(row: OfflineEntry, session: Session, user) -> None:
    """The audit line of a received entry, with both times (stored English, as every
    summary)."""
    typed = row.typed_at.isoformat(timespec="seconds")
    received = row.received_at.isoformat(timespec="seconds")
    if row.result == OfflineEntry.Result.REFUSED:
        what = f"refused: {row.reason}"
    else:
        what = str(row.result)
    summary = f"Hand {row.number or '?'} typed offline at {typed}, received at {received}: {what}"
    audit_record(
        session=session,
        action=AuditEntry.Action.OFFLINE,
        user=user,
        hand_number=row.number,
        reason=row.reason[:300],
        after={
            "summary": summary[:1000],
            "key": str(row.key),
            "typed_at": typed,
            "received_at": received,
            "result": row.result,
        },
    )
