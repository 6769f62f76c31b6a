"""Pairs kept apart: two players who must not meet at a table (family, teammates).

Vocabulary: a *pair kept apart* (`models.KeptApartPair`) holds in every round, or in rounds up
to ``until_round``; it is stored once, the lower player id first, so the same two players
cannot be entered twice in either order. The seating search treats it like separation by club,
weighted above a repeat meeting. Every change is audited as a change of the seating rules and
moves the tournament's last write (`tournament.audit.public_write`).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...audit import public_write
from ...models import KeptApartPair, Player, Tournament
from .fixed_tables import _player_text, _registration, _rules_audit


def _pair_text(first, second, until_round: int | None) -> str:
    """The pair as the audit log names it (English, as stored)."""
    until = "every round" if until_round is None else f"up to round {until_round}"
    return f"{_player_text(first)} and {_player_text(second)} kept apart, {until}"


@public_write
def kept_apart_add(
    *,
    tournament: Tournament,
    player_a: Player,
    player_b: Player,
    until_round: int | None = None,
    user=None,
) -> KeptApartPair:
    """Keep ``player_a`` and ``player_b`` from meeting, in every round (``until_round`` None)
    or up to ``until_round``. Refused, saying what to change, for a player not registered here,
    a player paired with themself, a pair kept apart already, or a round below 1."""
    first = _registration(tournament, player_a, "player_a")
    second = _registration(tournament, player_b, "player_b")
    if player_a.pk == player_b.pk:
        raise ValidationError(
            {
                "player_b": gettext(
                    "Choose two different players: a player always sits apart from themself."
                )
            }
        )
    if until_round is not None and until_round < 1:
        raise ValidationError({"until_round": gettext("Rounds are numbered from 1.")})
    low, high = KeptApartPair.ordered(player_a.pk, player_b.pk)
    held = KeptApartPair.objects.filter(tournament=tournament, player_a_id=low, player_b_id=high)
    if held.exists():
        raise ValidationError(
            {
                "player_b": gettext(
                    "%(a)s and %(b)s are already kept apart: remove that pair first to change "
                    "its rounds."
                )
                % {"a": player_a.name, "b": player_b.name}
            }
        )
    pair = KeptApartPair.objects.create(
        tournament=tournament, player_a_id=low, player_b_id=high, until_round=until_round
    )
    _rules_audit(tournament, user, _pair_text(first, second, until_round))
    return pair


@public_write
def kept_apart_remove(
    *, tournament: Tournament, player_a: Player, player_b: Player, user=None
) -> None:
    """Let ``player_a`` and ``player_b`` meet again; refused when they are not kept apart."""
    first = _registration(tournament, player_a, "player_a")
    second = _registration(tournament, player_b, "player_b")
    low, high = KeptApartPair.ordered(player_a.pk, player_b.pk)
    pair = KeptApartPair.objects.filter(
        tournament=tournament, player_a_id=low, player_b_id=high
    ).first()
    if pair is None:
        raise ValidationError(
            {
                "player_b": gettext("%(a)s and %(b)s are not kept apart: nothing to remove.")
                % {"a": player_a.name, "b": player_b.name}
            }
        )
    before = _pair_text(first, second, pair.until_round)
    pair.delete()
    _rules_audit(
        tournament, user, f"{_player_text(first)} and {_player_text(second)} may meet", before
    )
