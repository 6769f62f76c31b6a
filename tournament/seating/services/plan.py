"""What a seating generation did, told to the organiser.

Vocabulary: a *plan* (`SeatingPlan`) names the rounds a generation *seated*, the *kept* rounds it
left alone (published, or opened at the desk), the rounds seated from a *roll call* (the players
present), the *regenerated* rounds (prepared rounds seated again after an earlier round changed)
and the *stale* ones (prepared rounds that could not be), with the quality report of the result.
The *waiting* rounds are those a generation left for later: the first round seated by the
standings, seated on its own once the round before it is final, and every round after it.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext

from ..report import SeatingReport


@dataclass(frozen=True)
class SeatingPlan:
    """What a generation did.

    ``seated_rounds``: the round numbers seated; ``kept_rounds``: the published or opened rounds
    left as they are; ``players``: how many players each seated round seats or sits out (the
    players present at its roll call, or every active player); ``roll_call_rounds``: the seated
    rounds that took their players from a roll call; ``stale_rounds``: prepared rounds that
    could not be regenerated after an earlier round changed (check or regenerate them);
    ``regenerated_rounds``: prepared rounds seated again after an earlier round changed;
    ``waiting_rounds``: the rounds not seated because the first of them is seated by the
    standings (see the vocabulary);
    ``report``: the quality of the kept rounds and the seated ones (with ``against_published``,
    of the kept rounds before the round seated from its roll call and that round only).
    """

    seated_rounds: tuple[int, ...]
    report: SeatingReport
    kept_rounds: tuple[int, ...] = ()
    players: dict[int, int] = field(default_factory=dict)
    roll_call_rounds: tuple[int, ...] = ()
    stale_rounds: tuple[int, ...] = ()
    regenerated_rounds: tuple[int, ...] = ()
    against_published: bool = False  # the report counts only the kept rounds and the seated one
    waiting_rounds: tuple[int, ...] = ()

    def _plain_rounds(self) -> tuple[int, ...]:
        special = set(self.roll_call_rounds) | set(self.regenerated_rounds)
        return tuple(n for n in self.seated_rounds if n not in special)

    def describe(self) -> str:
        """What the generation did, in the organiser's words: kept rounds, who, quality."""
        parts = [*self._kept_sentences(), *self._seated_sentences(), self._quality_sentence()]
        parts += self._rules_sentences() + self._waiting_sentences()
        if self.stale_rounds:
            parts.append(
                gettext(
                    "Round(s) %(rounds)s were prepared for the old seating and could not be "
                    "regenerated (a later round is published or played): regenerate them on the "
                    "Seating page."
                )
                % {"rounds": _rounds_text(self.stale_rounds)}
            )
        parts.append(gettext("Check them, then publish each round."))
        return " ".join(parts)

    def _rules_sentences(self) -> list[str]:
        """The fixed tables missed and the meetings of pairs kept apart in the rounds seated,
        when there are any (a rule set after a round was seated does not count against it)."""
        seated = set(self.seated_rounds)
        missed = sum(1 for miss in self.report.fixed_table_misses if miss[0] in seated)
        apart = sum(1 for meeting in self.report.kept_apart_meetings if meeting[0] in seated)
        if not missed and not apart:
            return []
        return [
            gettext("Fixed tables missed: %(missed)s; meetings of pairs kept apart: %(apart)s.")
            % {"missed": missed, "apart": apart}
        ]

    def _waiting_sentences(self) -> list[str]:
        """Which round waits for the standings, and the rounds that wait for it."""
        if not self.waiting_rounds:
            return []
        first, *after = self.waiting_rounds
        parts = [
            gettext(
                "Round %(number)s waits: it is seated by the standings after round %(last)s, on "
                "its own, once that round is played and reconciled."
            )
            % {"number": first, "last": first - 1}
        ]
        if after:
            parts.append(
                gettext("Round(s) %(rounds)s wait for it.") % {"rounds": _rounds_text(after)}
            )
        return parts

    def _kept_sentences(self) -> list[str]:
        if not self.kept_rounds:
            return []
        return [
            gettext("Kept round(s) %(rounds)s as published or played.")
            % {"rounds": _rounds_text(self.kept_rounds)}
        ]

    def _seated_sentences(self) -> list[str]:
        """Who each seated round seats: the roll call's rounds one by one, then the plain
        rounds and the regenerated ones each in one sentence."""
        parts = [
            gettext(
                "Round %(number)s seated with the %(players)s player(s) present at its roll call."
            )
            % {"number": number, "players": self.players[number]}
            for number in self.roll_call_rounds
        ]
        for numbers, with_players, alone in (
            (
                self._plain_rounds(),
                gettext("Seated round(s) %(rounds)s with the %(players)s active player(s)."),
                gettext("Seated round(s) %(rounds)s."),
            ),
            (
                self.regenerated_rounds,
                gettext(
                    "Regenerated the prepared round(s) %(rounds)s with the %(players)s active "
                    "player(s)."
                ),
                gettext("Regenerated the prepared round(s) %(rounds)s."),
            ),
        ):
            if numbers:
                counted = self.players.get(numbers[0])
                sentence = with_players if counted else alone
                parts.append(sentence % {"rounds": _rounds_text(numbers), "players": counted})
        return parts

    def _quality_sentence(self) -> str:
        quality = {
            "meetings": self.report.repeat_meetings,
            "spread": self.report.max_wind_spread,
        }
        if self.against_published:
            return (
                gettext(
                    "%(meetings)s repeat meeting(s) with the rounds already published, wind "
                    "spread at most %(spread)s."
                )
                % quality
            )
        return gettext("%(meetings)s repeat meeting(s), wind spread at most %(spread)s.") % quality


def _rounds_text(numbers) -> str:
    return ", ".join(map(str, numbers))
