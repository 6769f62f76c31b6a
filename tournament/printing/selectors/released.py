"""What a public printout is made from, as the public may see it (`printout_released`).

Vocabulary
----------
released        a digest of those rows alone (the seats of the published rounds, the players,
                the tables, the tournament's settings; the public standings), so that a judge's
                save that changes nothing the public sees leaves it as it was
                (`tournament.jobs`, *released*).
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.forms.models import model_to_dict

from ...models import Registration, Round, Seat, Session, Tournament
from ...names import PERSON_FIELDS, registrations_of
from ...standings.selectors.board import board_seen
from ...web.live import version_of
from .common import seated_rounds

#: How long a public standings digest is kept for one version of a tournament (a version is
#: never written again; the kept digest only spares the board's building to the next asker).
RELEASED_KEEP_SECONDS = 600


def _row(instance, *, leave_out=()) -> list:
    values = model_to_dict(instance)
    return sorted((name, repr(value)) for name, value in values.items() if name not in leave_out)


def _seating_rows(tournament: Tournament, rounds: list[Round]) -> list:
    """The rows a seating printout (seating list, slips, blank cards) of ``rounds`` is made
    from: the rounds, their seats, sessions and tables, the players and their names."""
    round_ids = [round_.pk for round_ in rounds]
    return [
        [_row(round_) for round_ in rounds],
        list(
            Seat.objects.filter(round_id__in=round_ids)
            .order_by("pk")
            .values_list("round_id", "half", "table__number", "table__label", "wind", "player_id")
        ),
        list(
            Session.objects.filter(round_id__in=round_ids)
            .order_by("pk")
            .values_list("pk", "round_id", "table__number", "half")
        ),
        list(
            Registration.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list(
                "pk",
                "player_id",
                "number",
                "status",
                "registered_at",
                "player__name",
                "player__chinese_name",
            )
        ),
        list(registrations_of(tournament).order_by("pk").values_list(*PERSON_FIELDS)),
    ]


def printout_released(
    tournament: Tournament,
    identifier: str,
    round_: Round | None,
    parameters: dict,
) -> str:
    """A digest of what the public printout ``identifier`` (of ``round_``, with the job's
    ``parameters``) is made from, as the public may see it (see *released*)."""
    parts: list = [identifier, sorted(parameters.items(), key=repr)]
    parts.append(_row(tournament, leave_out=("last_write",)))
    if identifier == "slips":
        rounds = [r for r in seated_rounds(tournament) if r.seating_published]
        parts.append(_seating_rows(tournament, rounds))
    elif identifier == "standings":
        parts.append(_standings_released(tournament))
    elif round_ is not None:
        parts.append(_seating_rows(tournament, [round_] if round_.seating_published else []))
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _standings_released(tournament: Tournament) -> str:
    """The public standings board as a digest, kept per version of the tournament."""
    key = f"printing:released-standings:{tournament.pk}:{version_of(tournament.last_write)}"
    try:
        kept = cache.get(key)
    except Exception:  # noqa: BLE001 - a cache that does not answer is a miss
        kept = None
    if kept:
        return kept
    board = board_seen(tournament, official=False)
    text = repr([list(board.rows), board.provisional.lines(), board.stage_text])
    digest = hashlib.sha256(text.encode()).hexdigest()
    try:
        cache.set(key, digest, RELEASED_KEEP_SECONDS)
    except Exception:  # noqa: BLE001
        pass
    return digest
