"""What a judge enters and at which table: the entry, the seating, the entry in words. Pure: no
Django, no models.

Vocabulary
----------
entry         a `HandEntryData`: one hand as an official entered it, in the form's terms
              (players by id, tiles as notation text). It round-trips through JSON
              (`as_data` / `from_data`) for double entry and the audit log.
tiles text    what the judge types in the *Hand* field: concealed tiles and declared sets,
              exposed ``[345p]`` or concealed kong ``(RdRdRdRd)``. It may or may not include
              the winning tile (`play.entry.evaluation` reads it).
seating       a `Seating`: the session's players by *starting* wind; seat winds in hand *n*
              follow RULINGS R14. The *card letter* of a player is their starting wind, as the
              score card names them in every hand; the scorer still gets the seat wind of the
              hand (Value Honor), from `Seating.wind_of`.
applies       a field *applies* to an entry when its outcome uses it: a draw uses only the hand
              number; a false win also its offender (``winner``) and, optionally, the tiles the
              offender showed; a win uses every field. `HandEntryData.normalised` clears the
              rest, so a default left in a field that does not apply (How: Discard on a draw)
              is never saved nor compared.
field         a form field of the entry; `FIELD_OF_SUBJECT` names the one that shows a problem
              about each engine `Subject`.
summary       the entry in one line a person reads (`entry_summary`), for the audit log and
              the pages.

messages      every message to the judge (a summary, a seat note) is a `Message` of
              `scoring.engine.messages`: English as ``str``, translated on the page by
              `scoring.translation.translate_message`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from scoring.engine import FLAGS, Subject
from scoring.engine.messages import Message, MessageList, gettext_noop, words

from ...winds import WIND_NAMES, WINDS, seat_wind_in_hand

OUTCOMES = ("win", "draw", "false_win")
WIN_TYPES = ("self_draw", "discard", "robbing_kong")
IMMUNITIES = ("", "other", "nobody")
#: Flags the judge ticks; robbing a kong is a win type, not a tick box (RULINGS R8, R12).
ENTRY_FLAGS = tuple(flag for flag in FLAGS if flag != "robbing_kong")
#: How people read the flags (never the internal names, on pages or in the audit log).
FLAG_LABELS = words(
    {
        "final_draw": gettext_noop("Final draw"),
        "final_discard": gettext_noop("Final discard"),
        "win_on_kong": gettext_noop("Win on kong"),
        "heaven": gettext_noop("Blessing of Heaven"),
        "earth": gettext_noop("Blessing of Earth"),
        "robbing_kong": gettext_noop("Robbing a kong"),
    }
)
WIN_TYPE_LABELS = words(
    {
        "self_draw": gettext_noop("self-draw"),
        "discard": gettext_noop("discard"),
        "robbing_kong": gettext_noop("robbing a kong"),
    }
)
#: The winds in words (`tournament.winds.WIND_NAMES`), to translate.
WIND_WORDS = words({wind: WIND_NAMES[wind] for wind in WINDS})
#: What a false win keeps besides its offender: the tiles shown, for the record (RULINGS R10).
FALSE_WIN_TILE_FIELDS = ("tiles", "winning_tile", "penalty_tiles")
#: The form field that shows a problem about each engine `Subject` (the engine names what is
#: wrong; the desk never guesses it from the message). The seat wind comes from the seating and
#: the winner; a hand value is the engine's own, so those problems stand above the form.
FIELD_OF_SUBJECT = {
    Subject.TILES: "tiles",
    Subject.WINNING_TILE: "winning_tile",
    Subject.PENALTY_TILES: "penalty_tiles",
    Subject.FLAGS: "flags",
    Subject.WIN_TYPE: "win_type",
    Subject.SEAT_WIND: "winner",
    Subject.DISCARDER: "discarder",
    Subject.IMMUNITY: "immunity",
    Subject.RESPONSIBLE: "responsible",
    Subject.VALUE: "",
}


@dataclass(frozen=True)
class HandEntryData:
    number: int
    outcome: str = "win"
    winner: int | None = None
    win_type: str = ""
    discarder: int | None = None
    immunity: str = ""
    responsible: int | None = None
    tiles: str = ""
    winning_tile: str = ""
    penalty_tiles: str = ""
    flags: tuple[str, ...] = ()

    def normalised(self) -> HandEntryData:
        """The same entry with every field that does not apply to its outcome cleared."""
        if self.outcome == "draw":
            return HandEntryData(number=self.number, outcome=self.outcome)
        if self.outcome == "false_win":
            return HandEntryData(
                number=self.number,
                outcome=self.outcome,
                winner=self.winner,
                **{name: getattr(self, name) for name in FALSE_WIN_TILE_FIELDS},
            )
        return self

    def as_data(self) -> dict:
        data = asdict(self)
        data["flags"] = list(self.flags)
        return data

    @classmethod
    def from_data(cls, data: dict) -> HandEntryData:
        known = {key: data[key] for key in cls.__dataclass_fields__ if key in data}
        known["flags"] = tuple(sorted(known.get("flags", ())))
        return cls(**known)


@dataclass(frozen=True)
class Seating:
    """The four players of a session by starting wind, with their names."""

    players: dict[str, int]  # starting wind -> player id
    names: dict[int, str]  # player id -> name

    def wind_of(self, player_id: int, number: int) -> str:
        """The seat wind of a player in hand ``number`` (RULINGS R14)."""
        start = next(wind for wind, pid in self.players.items() if pid == player_id)
        return seat_wind_in_hand(start, number)

    def player_at(self, wind: str, number: int) -> int:
        return next(pid for pid in self.players.values() if self.wind_of(pid, number) == wind)

    def in_hand_order(self, number: int) -> list[tuple[str, int]]:
        """(seat wind, player id) for hand ``number``, dealer (East) first."""
        return [(wind, self.player_at(wind, number)) for wind in WINDS]

    def dealer(self, number: int) -> int:
        return self.player_at("E", number)

    def in_card_order(self, number: int) -> list[tuple[str, int, str]]:
        """(starting wind, player id, seat wind in hand ``number``) in the score card's order,
        E S W N by starting wind: the card's letter names the player in every hand."""
        return [
            (start, pid, seat_wind_in_hand(start, number))
            for start, pid in sorted(self.players.items(), key=lambda item: WINDS.index(item[0]))
        ]


def seat_note(seat_wind: str) -> str:
    """ "South this hand", or "East this hand, dealer": shown beside a card letter (R14)."""
    if seat_wind == "E":
        return Message(gettext_noop("%(wind)s this hand, dealer"), wind=WIND_WORDS[seat_wind])
    return Message(gettext_noop("%(wind)s this hand"), wind=WIND_WORDS[seat_wind])


def entry_summary(entry: HandEntryData, value: int | None, names: dict[int, str]) -> str:
    """One line a person can read: "Win by Ann, discard from Bob, 40 points: 123m ... +5p".

    A `Message`: its English text is what the audit log stores; a page says it in its reader's
    language (``|engine_message``), names and tiles as they are."""

    def name(pid):
        if pid is None:
            return Message(gettext_noop("nobody"))
        return names[pid] if pid in names else Message(gettext_noop("player %(id)s"), id=pid)

    entry = entry.normalised()
    if entry.outcome == "draw":
        return Message(gettext_noop("Draw"))
    if entry.outcome == "false_win":
        return Message(gettext_noop("False win by %(name)s"), name=name(entry.winner))
    how = WIN_TYPE_LABELS.get(entry.win_type) or (
        entry.win_type or Message(gettext_noop("how not given"))
    )
    if entry.win_type != "self_draw" and entry.discarder is not None:
        how = Message(gettext_noop("%(how)s from %(name)s"), how=how, name=name(entry.discarder))
    if entry.immunity == "nobody":
        how = Message(gettext_noop("%(how)s, immunity: nobody responsible"), how=how)
    elif entry.immunity == "other":
        how = Message(
            gettext_noop("%(how)s, immunity: %(name)s responsible"),
            how=how,
            name=name(entry.responsible),
        )
    points = (
        Message(gettext_noop("%(value)s points"), value=value)
        if value is not None
        else Message(gettext_noop("not scored"))
    )
    parts = [
        Message(
            gettext_noop("Win by %(winner)s, %(how)s, %(points)s: %(tiles)s +%(winning_tile)s"),
            winner=name(entry.winner),
            how=how,
            points=points,
            tiles=entry.tiles,
            winning_tile=entry.winning_tile,
        )
    ]
    if entry.flags:
        flags = [FLAG_LABELS.get(flag, flag) for flag in entry.flags]
        parts.append(Message(gettext_noop("(%(flags)s)"), flags=MessageList(flags, ", ")))
    if entry.penalty_tiles:
        parts.append(Message(gettext_noop("penalty tiles %(tiles)s"), tiles=entry.penalty_tiles))
    return MessageList(parts, " ")
