"""A judge's entry in, an evaluation out, through the scoring engine. Pure: no Django, no models.

Vocabulary
----------
entry         a `HandEntryData`: one hand as an official entered it, in the form's terms
              (players by id, tiles as notation text). It round-trips through JSON
              (`as_data` / `from_data`) for double entry and the audit log.
tiles text    what the judge types in the *Hand* field: concealed tiles and declared sets,
              exposed ``[345p]`` or concealed kong ``(RdRdRdRd)``. It may or may not include
              the winning tile: with 14 tiles counted (a kong as 3) one copy of the winning
              tile is taken out of the concealed tiles.
seating       a `Seating`: the session's players by *starting* wind; seat winds in hand *n*
              follow RULINGS R14. The *card letter* of a player is their starting wind, as the
              score card names them in every hand; the scorer still gets the seat wind of the
              hand (Value Honor), from `Seating.wind_of`.
applies       a field *applies* to an entry when its outcome uses it: a draw uses only the hand
              number; a false win also its offender (``winner``) and, optionally, the tiles the
              offender showed; a win uses every field. `HandEntryData.normalised` clears the
              rest, so a default left in a field that does not apply (How: Discard on a draw)
              is never saved nor compared.
evaluation    an `Evaluation`: the engine's verdict on an entry - the score and each player's
              payment, or the problems, each tied to the form field to fix (the engine's
              `Subject` of the problem, through `FIELD_OF_SUBJECT`).
signature     what two blind entries of one hand must agree on (double entry): only what
              applies to the outcome, read back from the evaluation.
illegal win   a readable winning hand that a rule forbids (RULINGS R7 minimum, R9 penalty
              tiles); the desk offers to record it as a false win (RULINGS R10).

messages      every message to the judge (an evaluation's errors, a seat note) is a `Message` of
              `scoring.engine.messages`: English as ``str``, translated on the page by
              `scoring.translation.translate_message`.

`rules_for(settings)` is the one place where tournament settings become engine `Rules`; it reads
the four attributes by name, so a `Tournament` row or any object with them will do.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from scoring.engine import (
    FLAGS,
    Hand,
    IllegalWinError,
    InvalidHandError,
    NotationError,
    Rules,
    Scheme,
    Score,
    Subject,
    check_responsibility,
    false_win_deltas,
    format_tiles,
    parse_melds,
    parse_tiles,
    score_hand,
    settle,
)
from scoring.engine.messages import Message, MessageList, as_sentence, gettext_noop, words

from ..winds import WIND_NAMES, WINDS, seat_wind_in_hand

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
_MELD_TEXT = re.compile(r"\[[^\]]*\]|\([^)]*\)")
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


def rules_for(settings) -> Rules:
    """The engine rules of a tournament (RULINGS R7, R10, R11): the only place they are built."""
    return Rules(
        minimum=settings.minimum_points,
        cap=settings.hand_cap,
        scheme=Scheme(settings.payoff_scheme),
        standard_value=settings.standard_value,
        false_win_penalty=settings.false_win_penalty,
    )


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


@dataclass
class Evaluation:
    entry: HandEntryData
    errors: list[tuple[str, str]] = field(default_factory=list)  # (form field or "", message)
    illegal: str = ""  # the message of an illegal win (RULINGS R7, R9)
    illegal_rule: str = ""
    score: Score | None = None
    hand: Hand | None = None
    payments: dict[int, int] = field(default_factory=dict)  # player id -> delta
    concealed: str = ""
    melds: str = ""
    winning_tile: str = ""
    penalty_tiles: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors and not self.illegal

    @property
    def value(self) -> int | None:
        return self.score.total if self.score else None

    def add(self, field_name: str, message: str) -> None:
        self.errors.append((field_name, message))

    def field_errors(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for name, message in self.errors:
            out.setdefault(name, []).append(message)
        return out

    def signature(self) -> dict:
        """What must agree between two blind entries of the same hand (double entry).

        Only what applies to the outcome: a draw is a draw; a false win is its offender and
        the payments (the tiles shown are a note, RULINGS R10); a win is every field, with the
        hand in canonical notation so that the same tiles typed in another order agree.
        """
        entry = self.entry.normalised()
        signature = {
            "outcome": entry.outcome,
            "payments": {str(pid): amount for pid, amount in sorted(self.payments.items())},
        }
        if entry.outcome == "false_win":
            signature["winner"] = entry.winner
        elif entry.outcome == "win":
            signature.update(
                winner=entry.winner,
                win_type=entry.win_type,
                discarder=entry.discarder,
                immunity=entry.immunity,
                responsible=entry.responsible,
                hand=self.hand.notation() if self.hand else "",
            )
        return signature


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


def evaluate(entry: HandEntryData, *, seating: Seating, rules: Rules) -> Evaluation:
    """Check an entry and score it; never raises for bad input (the problems are listed).

    The entry is first `normalised`: what does not apply to its outcome is cleared, so the
    evaluation (and what is saved from it) never carries a stray default.
    """
    result = Evaluation(entry=entry.normalised())
    entry = result.entry
    if entry.outcome not in OUTCOMES:
        result.add("outcome", Message(gettext_noop("Choose win, draw or false win.")))
        return result
    players = set(seating.players.values())
    for name in ("winner", "discarder", "responsible"):
        pid = getattr(entry, name)
        if pid is not None and pid not in players:
            result.add(name, Message(gettext_noop("This player does not sit at this table.")))
    if result.errors:
        return result
    if entry.outcome == "draw":
        result.payments = dict.fromkeys(players, 0)
        return result
    if entry.winner is None:
        if entry.outcome == "false_win":
            result.add("winner", Message(gettext_noop("Choose who declared the false win.")))
        else:
            result.add("winner", Message(gettext_noop("Choose the winner.")))
        return result
    winner_wind = seating.wind_of(entry.winner, entry.number)
    if entry.outcome == "false_win":
        # RULINGS R10: the offender pays the penalty to each other player; tiles are optional.
        _read_tiles(entry, result, winner_wind, required=False)
        result.errors = [(name, msg) for name, msg in result.errors if name != "tiles"]
        deltas = false_win_deltas(winner_wind, rules)
        result.payments = {seating.player_at(w, entry.number): d for w, d in deltas.items()}
        return result
    responsible = _responsibility(entry, result, seating)
    _read_tiles(entry, result, winner_wind, required=True)
    if result.errors or result.hand is None:
        return result
    try:
        result.score = score_hand(result.hand, rules)
    except IllegalWinError as error:
        result.illegal, result.illegal_rule = as_sentence(error.message), error.rule
        return result
    except InvalidHandError as error:
        for problem in error.problems:
            result.add(FIELD_OF_SUBJECT[problem.subject], as_sentence(problem))
        return result
    responsible_wind = (
        seating.wind_of(responsible, entry.number) if responsible is not None else None
    )
    deltas = settle(
        result.score.total,
        winner=winner_wind,
        self_drawn=entry.win_type == "self_draw",
        responsible=responsible_wind,
        rules=rules,
    )
    result.payments = {seating.player_at(w, entry.number): d for w, d in deltas.items()}
    return result


def _responsibility(entry: HandEntryData, result: Evaluation, seating: Seating) -> int | None:
    """Who pays the balance of a big discard win (RULINGS R11, R12); None for nobody.

    Who may have discarded the winning tile is the engine's one check
    (`scoring.engine.check_responsibility`: a self-draw has no discarder, the winner did not
    discard it, Blessing of Earth is won on East's first discard with no immunity, R8/R12);
    this function adds what only the desk knows: the players and the immunity choice.
    """
    if entry.win_type not in WIN_TYPES:
        result.add(
            "win_type",
            Message(
                gettext_noop("Choose how the hand was won: self-draw, discard or robbing a kong.")
            ),
        )
        return None
    discarder_wind = (
        seating.wind_of(entry.discarder, entry.number) if entry.discarder is not None else None
    )
    for subject, message in check_responsibility(
        winner=seating.wind_of(entry.winner, entry.number),
        self_drawn=entry.win_type == "self_draw",
        discarder=discarder_wind,
        immunity=bool(entry.immunity),
        flags=entry.flags,
    ):
        result.add(FIELD_OF_SUBJECT[subject], as_sentence(message))
    if entry.win_type == "self_draw":
        return None
    if entry.discarder is None:
        if entry.win_type == "robbing_kong":
            result.add("discarder", Message(gettext_noop("Choose who declared the robbed kong.")))
        else:
            result.add("discarder", Message(gettext_noop("Choose the discarder.")))
    if entry.immunity not in IMMUNITIES:
        result.add("immunity", Message(gettext_noop("Choose none, another player or nobody.")))
        return None
    if entry.immunity == "nobody":
        if entry.responsible is not None:
            result.add(
                "responsible",
                Message(gettext_noop("With 'nobody responsible', leave this empty (R12).")),
            )
        return None
    if entry.immunity == "other":
        if entry.responsible is None:
            result.add(
                "responsible",
                Message(gettext_noop("Choose the player responsible under immunity (R12).")),
            )
        elif entry.responsible == entry.winner:
            result.add(
                "responsible",
                Message(gettext_noop("The winner cannot be the responsible player (R12).")),
            )
        elif entry.responsible == entry.discarder:
            result.add(
                "responsible",
                Message(
                    gettext_noop(
                        "The discarder is responsible anyway: choose another player or no immunity."
                    )
                ),
            )
        return entry.responsible
    if entry.responsible is not None:
        result.add(
            "responsible",
            Message(gettext_noop("Only give a responsible player with Same-Round Immunity.")),
        )
    return entry.discarder


def _read_tiles(entry: HandEntryData, result: Evaluation, seat_wind: str, *, required: bool):
    """Parse the tile fields into ``result.hand`` (and canonical texts), or add errors."""
    try:
        melds = parse_melds(" ".join(_MELD_TEXT.findall(entry.tiles)))
        concealed = list(parse_tiles(_MELD_TEXT.sub(" ", entry.tiles)))
    except NotationError as error:
        result.add("tiles", as_sentence(error.message))
        melds, concealed = (), []
    winning = None
    try:
        read = parse_tiles(entry.winning_tile)
        if len(read) == 1:
            winning = read[0]
        elif read or required:
            result.add(
                "winning_tile", Message(gettext_noop("Give exactly one winning tile, e.g. 5p."))
            )
    except NotationError as error:
        result.add("winning_tile", as_sentence(error.message))
    try:
        penalty = parse_tiles(entry.penalty_tiles)
    except NotationError as error:
        result.add("penalty_tiles", as_sentence(error.message))
        penalty = ()
    if required and not concealed and not melds and not result.errors:
        result.add(
            "tiles",
            Message(gettext_noop("Type the winner's tiles, e.g. 123m 456p 789s EE [WhWhWh].")),
        )
    if result.errors:
        return
    count = len(concealed) + 3 * len(melds) + (1 if winning else 0)
    if winning is not None and count == 15 and winning in concealed:
        concealed.remove(winning)  # the judge typed all 14 tiles, winning tile included
    flags = set(entry.flags) & set(ENTRY_FLAGS)
    if entry.win_type == "robbing_kong":
        flags.add("robbing_kong")
    result.concealed = format_tiles(concealed)
    result.melds = " ".join(m.notation() for m in melds)
    result.winning_tile = winning.notation() if winning else ""
    result.penalty_tiles = format_tiles(penalty)
    if winning is None:
        return
    result.hand = Hand(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=winning,
        self_drawn=entry.win_type == "self_draw",
        seat_wind=seat_wind,
        flags=frozenset(flags),
        penalty_tiles=tuple(penalty),
    )
