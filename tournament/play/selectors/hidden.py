"""Reads of play: the hands hidden from a viewer.

Vocabulary
----------
hidden hand     an unconfirmed hand the viewer may not see (`roles.may_see_unconfirmed_hand`):
                only the judge who entered it and head judges see it; no total shown to
                another viewer counts it, so that nothing on the desk gives its value away.
"""

from __future__ import annotations

from django.db.models import Q

from ...models import Hand
from ...roles import is_head_judge


def hidden_hands_filter(viewer, prefix: str = "", tournament=None) -> Q:
    """A filter on hands (``prefix`` e.g. ``"hand__"``) matching those hidden from ``viewer``."""
    if is_head_judge(viewer, tournament):
        return Q(pk__in=[])
    hidden = Q(**{f"{prefix}confirmed": False})
    if viewer is not None and viewer.is_authenticated:
        hidden &= ~Q(**{f"{prefix}entered_by_id": viewer.pk})
    return hidden


def hidden_hand_numbers(viewer, tournament) -> set[tuple[int, int]]:
    """(session id, hand number) of the tournament's hands hidden from ``viewer``."""
    hands = Hand.objects.filter(
        hidden_hands_filter(viewer, tournament=tournament), session__round__tournament=tournament
    )
    return set(hands.values_list("session_id", "number"))
