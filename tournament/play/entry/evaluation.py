"""A judge's entry in, an evaluation out, through the scoring engine. Pure: no Django, no models.

Vocabulary
----------
entry, seating  see `play.entry.hand_entry`.
rules           the engine `Rules` of a tournament: `rules_for(settings)` is the one place where
                tournament settings become them; it reads the attributes by name, so a
                `Tournament` row or any object with them will do.
tiles text      the *Hand* field: with 14 tiles counted (a kong as 3) one copy of the winning
                tile is taken out of the concealed tiles.
evaluation      an `Evaluation`: the engine's verdict on an entry - the score and each player's
                payment, or the problems, each tied to the form field to fix (the engine's
                `Subject` of the problem, through `FIELD_OF_SUBJECT`).
responsible     who pays the balance of a big discard win (RULINGS R11, R12): the discarder,
                the player responsible under Same-Round Immunity, or nobody.
signature       what two blind entries of one hand must agree on (double entry): only what
                applies to the outcome, read back from the evaluation.
illegal win     a readable winning hand that a rule forbids (RULINGS R7 minimum, R9 penalty
                tiles); the desk offers to record it as a false win (RULINGS R10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scoring.engine import (
    Hand,
    IllegalWinError,
    InvalidHandError,
    NotationError,
    Rules,
    Scheme,
    Score,
    check_responsibility,
    false_win_deltas,
    format_tiles,
    parse_melds,
    parse_tiles,
    score_hand,
    settle,
)
from scoring.engine.messages import Message, as_sentence, gettext_noop

from .hand_entry import (
    ENTRY_FLAGS,
    FIELD_OF_SUBJECT,
    IMMUNITIES,
    OUTCOMES,
    WIN_TYPES,
    HandEntryData,
    Seating,
)

_MELD_TEXT = re.compile(r"\[[^\]]*\]|\([^)]*\)")


def rules_for(settings) -> Rules:
    """The engine rules of a tournament (RULINGS R7, R10, R11): the only place they are built."""
    return Rules(
        minimum=settings.minimum_points,
        cap=settings.hand_cap,
        scheme=Scheme(settings.payoff_scheme),
        standard_value=settings.standard_value,
        false_win_penalty=settings.false_win_penalty,
    )


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
    return _responsible_under_immunity(entry, result)


def _responsible_under_immunity(entry: HandEntryData, result: Evaluation) -> int | None:
    """The discard win's payer by the immunity choice (RULINGS R12): the discarder without
    immunity, the chosen player under it, nobody with 'nobody responsible'; a player given
    where the choice takes none (or missing where it needs one) is a problem."""
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
