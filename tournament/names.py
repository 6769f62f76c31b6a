"""How players are named on every page, PDF and list: labels that tell people apart, and the
family-name order. `player_names` reads a tournament's players in one query; everything else
here is plain Python on `Person` objects.

Vocabulary
----------
person          `Person`: a registered player as the lists show them (id, name, given and
                family names, number in the tournament, country code, Chinese name).
shown name      the name as printed: the given and family names joined ("Wei Wang"); two
                shown names *collide* when they are equal ignoring case, accents and spacing.
label           the shown name, plus what separates it from the names it collides with in the
                same tournament: always the player number, and the country code when the
                colliding players come from different countries ("Wei Wang (#12, CN)"). A name
                that collides with nothing is its own label. Chinese names are not used: the
                printouts may lack a CJK font, and the pages show them apart already.
family order    lists of people are sorted by family name, then given name (both compared
                ignoring case and accents), then player number, then id, so that the order is
                the same on every page and never depends on the database. `Player` keeps given
                and family names apart (a one-line name is split at its last word on save, see
                `tournament.models.event.split_name`), so the family name is the stored one.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from .models import Registration, Tournament


@dataclass(frozen=True)
class Person:
    player_id: int
    name: str
    given_name: str = ""
    family_name: str = ""
    number: int | None = None
    country: str = ""
    chinese_name: str = ""


def folded(text: str) -> str:
    """``text`` compared as people read it: case, accents and spacing ignored."""
    spaced = " ".join(text.split())
    if spaced.isascii():  # no accent to drop, and casefold is lower (most names: the fast way)
        return spaced.lower()
    decomposed = unicodedata.normalize("NFKD", spaced)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def family_key(person: Person) -> tuple:
    """The sort key of the family order (see the vocabulary)."""
    family = person.family_name or person.name
    return (
        folded(family),
        folded(person.given_name),
        person.number if person.number is not None else 1 << 30,
        person.player_id,
    )


def labels(people: Iterable[Person]) -> dict[int, str]:
    """{player id: label} for everyone in ``people`` (one tournament's players)."""
    people = list(people)
    groups: dict[str, list[Person]] = defaultdict(list)
    for person in people:
        groups[folded(person.name)].append(person)
    result = {}
    for group in groups.values():
        if len(group) == 1:
            result[group[0].player_id] = group[0].name
            continue
        countries = {person.country for person in group}
        for person in group:
            marks = [f"#{person.number}" if person.number is not None else f"id {person.player_id}"]
            if len(countries) > 1 and person.country:
                marks.append(person.country)
            result[person.player_id] = f"{person.name} ({', '.join(marks)})"
    return result


class Names:
    """One tournament's players by id: their labels and the family order.

    Players not registered in the tournament (never listed in practice) keep the name given
    by the caller, or an empty label.
    """

    def __init__(self, people: Iterable[Person]):
        self.people = {person.player_id: person for person in people}
        self._labels = labels(self.people.values())

    def label(self, player_id: int, default: str = "") -> str:
        return self._labels.get(player_id, default)

    def sort_key(self, player_id: int) -> tuple:
        person = self.people.get(player_id)
        return family_key(person) if person else ("\uffff", "", 1 << 30, player_id)

    def ordered(self, items, player_id=lambda item: item.player_id) -> list:
        """``items`` in family order of the player each belongs to."""
        return sorted(items, key=lambda item: self.sort_key(player_id(item)))

    def __len__(self) -> int:
        return len(self.people)


#: The fields of a `Registration` row that make its `Person`, in `Person`'s order.
PERSON_FIELDS = (
    "player_id",
    "player__name",
    "player__given_name",
    "player__family_name",
    "number",
    "player__country",
    "player__chinese_name",
)


def registrations_of(tournament: Tournament | int):
    """The tournament's registrations, unordered: read ``values_list(*PERSON_FIELDS, ...)``."""
    return Registration.objects.filter(
        tournament_id=getattr(tournament, "pk", tournament)
    ).order_by()


def player_names(tournament: Tournament | int) -> Names:
    """The labels and family order of every player registered in the tournament, in one query:
    the one source of how players are named on pages, PDFs and lists."""
    rows = registrations_of(tournament).values_list(*PERSON_FIELDS)
    return Names(Person(*row) for row in rows)
