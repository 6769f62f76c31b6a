"""The desk's audit log: every change to hands, penalties and sessions, with who, when and why.

Vocabulary
----------
snapshot    a JSON-ready dict describing a hand as it stood: its entry (form terms), value,
            payments by player name and version, plus a one-line ``summary`` for people.
entry       an `AuditEntry` row: tournament, session, hand number, action, user, time, reason,
            ``before`` and ``after`` snapshots (either may be None).

Only services call `audit_record`, inside their own transaction, so a change and its log line
are saved together or not at all.
"""

from __future__ import annotations

from .hand_scoring import HandEntryData
from .models import AuditEntry, Hand, Session


def hand_snapshot(hand: Hand, names: dict[int, str] | None = None) -> dict:
    """A JSON-ready picture of a saved hand for the audit log and conflict messages."""
    if names is None:
        names = {p.player_id: p.player.name for p in hand.payments.select_related("player")}
    payments = {
        names.get(p.player_id, str(p.player_id)): p.amount
        for p in hand.payments.all().order_by("player_id")
    }
    return {
        "entry": HandEntryData.from_hand(hand).as_data(),
        "value": hand.value,
        "payments": payments,
        "version": hand.version,
        "summary": hand_summary(hand, names),
    }


def hand_summary(hand: Hand, names: dict[int, str]) -> str:
    """One line a person can read: "Win by Ann, discard by Bob, 40 points: 123m ... +5p"."""

    def name(pid):
        return names.get(pid, f"player {pid}")

    if hand.outcome == Hand.Outcome.DRAW:
        return "Draw"
    if hand.outcome == Hand.Outcome.FALSE_WIN:
        return f"False win by {name(hand.winner_id)}"
    how = dict(Hand.WinType.choices).get(hand.win_type, hand.win_type).lower()
    if hand.win_type != Hand.WinType.SELF_DRAW and hand.discarder_id:
        how += f" from {name(hand.discarder_id)}"
    if hand.immunity == Hand.Immunity.NOBODY:
        how += ", immunity: nobody responsible"
    elif hand.immunity == Hand.Immunity.OTHER:
        how += f", immunity: {name(hand.responsible_id)} responsible"
    tiles = " ".join(part for part in (hand.concealed, hand.melds) if part)
    flags = f" [{', '.join(hand.flags)}]" if hand.flags else ""
    penalty = f" penalty tiles {hand.penalty_tiles}" if hand.penalty_tiles else ""
    return (
        f"Win by {name(hand.winner_id)}, {how}, {hand.value} points: "
        f"{tiles} +{hand.winning_tile}{flags}{penalty}"
    )


def audit_record(
    *,
    session: Session | None,
    action: str,
    user,
    hand_number: int | None = None,
    reason: str = "",
    before: dict | None = None,
    after: dict | None = None,
    tournament=None,
) -> AuditEntry:
    """Log one change; give ``tournament`` when there is no session (settings changes)."""
    return AuditEntry.objects.create(
        tournament_id=tournament.pk if tournament is not None else session.round.tournament_id,
        session=session,
        hand_number=hand_number,
        action=action,
        user=user if user is not None and user.is_authenticated else None,
        reason=reason,
        before=before,
        after=after,
    )
