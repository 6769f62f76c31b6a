"""Entries: one hand of ``python -m scoring score``'s input, a JSON object, read as a `Hand`.

Vocabulary:
- *entry*: a JSON object with the fields ``id``, ``concealed`` (tiles before the winning tile,
  excluding melds), ``melds`` ([{"kind": "chow"|"pung"|"kong", "tiles", "concealed": bool}]),
  ``winning_tile``, ``self_drawn``, ``seat_wind`` (E S W N), ``flags`` (list), optional
  ``penalty_tiles``, ``discarder`` (seat letter) and ``responsible`` (seat letter, or null for
  nobody; absent means the discarder). Tiles are text in any `parse_tiles` notation (a list of
  tile strings works too).
- *field*: one member of an entry; a missing field or one of the wrong type is a
  `NotationError` that names it.
- *responsible seat*: who pays the balance of a discard win (RULINGS R8, R12), checked against
  the win by the engine's `check_responsibility`: e.g. a Blessing of Earth names East as the
  discarder and records no immunity.
"""

from __future__ import annotations

import json

from scoring.engine import (
    FLAGS,
    SEATS,
    Hand,
    InvalidHandError,
    Meld,
    MeldKind,
    NotationError,
    Problem,
    check_responsibility,
    parse_tiles,
)

_MISSING = object()
_MELD_KINDS = {kind.value: kind for kind in MeldKind}
_MELD_MEMO: dict[tuple, Meld] = {}  # (kind, tiles text, concealed) -> Meld, see _melds
_TEXT = (str, list)
_SEAT_OR_NONE = (str, type(None))
_SEAT_OR_MISSING = (*SEATS, _MISSING)


def hand_from_json(entry: object) -> Hand:
    """Build a Hand from one JSON entry; malformed entries raise NotationError."""
    if not isinstance(entry, dict):
        raise NotationError(f"each hand must be a JSON object, got {json.dumps(entry)[:40]}")
    get = entry.get
    concealed, melds, winning = get("concealed"), get("melds"), get("winning_tile")
    flags, self_drawn, seat = get("flags"), get("self_drawn"), get("seat_wind", _MISSING)
    penalty = get("penalty_tiles", "")
    if not (
        # Every field present and of its plain type: read each once. Anything else takes the
        # long way, which names the field at fault.
        concealed.__class__ is str
        and melds.__class__ is list
        and winning.__class__ is str
        and flags.__class__ is list
        and self_drawn.__class__ is bool
        and seat in _SEAT_OR_MISSING
        and penalty.__class__ is str
    ):
        return _hand_from_json_checked(entry)
    tiles = _tiles(concealed, "concealed")
    declared = _melds(melds) if melds else ()  # in the long way's order: same first error
    winning_tile = _winning_tile(_tiles(winning, "winning_tile"))
    _check_flags(flags)
    return Hand.of(
        tiles,
        declared,
        winning_tile,
        self_drawn,
        None if seat is _MISSING else seat,
        flags,
        _tiles(penalty, "penalty_tiles") if penalty else (),
    )


def _hand_from_json_checked(entry: dict) -> Hand:
    concealed = _tiles(_field(entry, "concealed", _TEXT), "concealed")
    melds = _melds(_field(entry, "melds", list))
    winning_tile = _winning_tile(_tiles(_field(entry, "winning_tile", _TEXT), "winning_tile"))
    flags = _field(entry, "flags", list)
    _check_flags(flags)
    seat = _seat(entry, "seat_wind") if "seat_wind" in entry else None
    penalty = _field(entry, "penalty_tiles", _TEXT, "")
    return Hand(
        concealed=concealed,
        melds=melds,
        winning_tile=winning_tile,
        self_drawn=_field(entry, "self_drawn", bool),
        seat_wind=seat,  # missing: reported by validate_hand with every other problem
        flags=frozenset(flags),
        penalty_tiles=_tiles(penalty, "penalty_tiles"),
    )


def _field(
    entry: dict, name: str, kinds: type | tuple[type, ...], default: object = _MISSING
) -> object:
    value = entry.get(name, _MISSING)
    if value is _MISSING:
        if default is _MISSING:
            raise NotationError(f"the field {name!r} is missing")
        return default
    kind = value.__class__
    if kind is kinds or (kinds.__class__ is tuple and kind in kinds):
        return value  # JSON gives exact types: the usual case, decided without isinstance
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
        names = " or ".join(k.__name__ for k in _as_tuple(kinds))
        raise NotationError(f"the field {name!r} must be {names}, got {json.dumps(value)}")
    return value


def _as_tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _tiles(value: str | list, name: str) -> tuple:
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            raise NotationError(f"the field {name!r} must list tiles as strings")
        value = " ".join(value)
    try:
        return parse_tiles(value)
    except NotationError as error:
        raise NotationError(f"{name}: {error}") from None


def _winning_tile(read: tuple) -> object:
    if len(read) != 1:
        raise NotationError(f"winning_tile must be exactly one tile, read {len(read)}")
    return read[0]


def _check_flags(flags: list) -> None:
    for flag in flags:
        if flag not in FLAGS:
            raise NotationError(f"unknown flag {flag!r}: flags are {', '.join(FLAGS)}")


def _seat(entry: dict, name: str) -> str | None:
    value = _field(entry, name, _SEAT_OR_NONE)
    if value is not None and value not in SEATS:
        raise NotationError(f"the field {name!r} must be one of E, S, W, N, got {value!r}")
    return value


def _melds(entries: list) -> tuple[Meld, ...]:
    melds = []
    for n, raw in enumerate(entries, start=1):
        if not isinstance(raw, dict):
            raise NotationError(f"meld {n} must be an object with kind, tiles and concealed")
        key = (raw.get("kind"), raw.get("tiles"), raw.get("concealed", False))
        if not (key[0].__class__ is str and key[1].__class__ is str and key[2].__class__ is bool):
            key = None  # unusual entry: read it the long way, which reports what is wrong
        meld = _MELD_MEMO.get(key) if key else None
        if meld is None:
            kind = _MELD_KINDS.get(_field(raw, "kind", str))
            if kind is None:
                raise NotationError(f"meld {n}: kind {raw['kind']!r} is not chow, pung or kong")
            tiles = _tiles(_field(raw, "tiles", _TEXT), f"meld {n} tiles")
            meld = Meld(kind, tiles, _field(raw, "concealed", bool, False))
            if key and len(_MELD_MEMO) < 4096:
                _MELD_MEMO[key] = meld  # a meld is a value: the same entry reads the same
        melds.append(meld)
    return tuple(melds)


def responsible_seat(entry: dict, hand: Hand) -> tuple[bool, str | None]:
    """(known, responsible seat or None) for the payoff; RULINGS R8, R12."""
    discarder = entry.get("discarder")
    if discarder is not None and discarder not in SEATS:  # the long way says what is wrong
        discarder = _seat(entry, "discarder")
    given = "responsible" in entry
    responsible = entry["responsible"] if given else None
    if responsible is not None and responsible not in SEATS:
        responsible = _seat(entry, "responsible")
    # Immunity: a responsible player (or nobody) other than the discarder was recorded; on a
    # Blessing of Earth the discarder is East even when not given (RULINGS R12).
    expected = discarder if discarder is not None else ("E" if "earth" in hand.flags else None)
    problems = check_responsibility(
        winner=hand.seat_wind,
        self_drawn=hand.self_drawn,
        discarder=discarder,
        immunity=given and not hand.self_drawn and responsible != expected,
        flags=hand.flags,
    )
    if problems:
        found = [Problem(message, subject) for subject, message in problems]
        raise InvalidHandError("; ".join(found), found)
    if given or hand.self_drawn:
        return True, responsible
    return discarder is not None, discarder
