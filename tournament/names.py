"""How players are named on every page, PDF and list: labels that tell people apart, and the
family-name order. `player_names` reads a tournament's players in one query; everything else
here is plain Python on `Person` objects.

Vocabulary
----------
person          `Person`: a registered player as the lists show them (id, name, given and
                family names, number in the tournament, country code, Chinese name).
shown name      the name as printed: the given and family names joined ("Wei Wang"); two
                shown names *collide* when they are equal ignoring case, accents, spacing and
                invisible characters (`folded`; `tournament.name_characters`).
label           the shown name, plus what separates it from the names it collides with in the
                same tournament: always the player number, and the country code when the
                colliding players come from different countries ("Wei Wang (#12, CN)"). A name
                that collides with nothing is its own label. The label is romanised; a
                Chinese page adds the Chinese name to it (*Chinese form*).
family order    lists of people are sorted by family name, then given name (both compared
                ignoring case and accents), then player number, then id, so that the order is
                the same on every page and never depends on the database. `Player` keeps given
                and family names apart (a one-line name is split at its last word on save, see
                `tournament.models.players.split_name`), so the family name is the stored one.
language        the page's language (``en``, ``zh-hant``, ``zh-hans``, `tournament.web.languages`),
                the one active when a `Names` is made unless it is given.
Chinese form    on a Chinese page, a player with a Chinese name is shown by it, family name
                first as stored, with the romanised label beside it where there is room
                ("陳大文 Chan Tai Man"), or alone in a tight cell ("陳大文"): `page_name` is the
                rule, `Names.label`/`Names.short_label` and the ``player_name`` template filter
                (`tournament.templatetags.names`) apply it. English pages (and the data: API,
                exports) keep the romanised label exactly. What is shared by every language
                keeps the romanised label (`Names.romanised`) and the Chinese name apart, and
                the page applies the rule when it shows them: the standings board
                (`standings.selectors.inputs.entrants`), read by pages, the API and the exports.
name order      what a list *sorted by name* follows (`name_key`): the family order on English
                pages; on Chinese pages the players with a Chinese name first, by that name
                (Simplified: by its pinyin, `pypinyin`, as a mainland list is sorted;
                Traditional: by radical and stroke count, the order of a Traditional dictionary,
                which is the code-point order of the CJK Unified Ideographs), then the others in
                family order. Standings sort by score and break ties in family order in every
                language, so that a rank never moves with the language.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from django.utils import translation

from .models import Registration, Tournament
from .name_characters import compared

#: The languages whose pages show Chinese names (`tournament.web.languages`).
CHINESE_LANGUAGES = ("zh-hant", "zh-hans")


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
    """``text`` compared as people read it: case, accents, spacing and invisible characters
    ignored (`name_characters.compared`), full-width letters read as their usual forms."""
    spaced = compared(text)
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


def chinese_page(language: str | None = None) -> bool:
    """Whether ``language`` (default: the active one) is one whose pages show Chinese names."""
    return (language or translation.get_language() or "en") in CHINESE_LANGUAGES


def page_name(
    label: str, chinese_name: str = "", language: str | None = None, *, tight: bool = False
) -> str:
    """A player's name as a page in ``language`` (default: the active language) shows it: THE
    rule for Chinese names (see *Chinese form* in the module docstring).

    ``label`` is the romanised name as English pages show it (`Names.label`, or the stored
    ``Player.name``); ``chinese_name`` is ``Player.chinese_name`` (family name first, as
    stored). On an English page, or for a player without a Chinese name, ``label`` comes back
    unchanged; on a Chinese page, ``"陳大文 Chan Tai Man"``, or ``"陳大文"`` when ``tight`` (a
    projector card, an overlay, a narrow cell).

        >>> page_name("Chan Tai Man", "陳大文", "zh-hant")
        '陳大文 Chan Tai Man'
        >>> page_name("Chan Tai Man", "陳大文", "zh-hans", tight=True)
        '陳大文'
        >>> page_name("Chan Tai Man", "陳大文", "en")
        'Chan Tai Man'

    Templates use the ``player_name`` filter (``{% load names %}``,
    ``{{ registration.player|player_name }}`` or ``{{ player|player_name:"tight" }}``).
    """
    chinese_name = " ".join((chinese_name or "").split())
    if not chinese_name or not chinese_page(language):
        return label
    if tight or not label:
        return chinese_name
    return f"{chinese_name} {label}"


@lru_cache(maxsize=4096)
def _pinyin(chinese_name: str) -> tuple[str, ...]:
    from pypinyin import Style, lazy_pinyin

    return tuple(lazy_pinyin(chinese_name, style=Style.TONE3, errors="default"))


def chinese_key(chinese_name: str, language: str) -> tuple:
    """The sort key of a Chinese name on a page in ``language`` (see *name order*): the pinyin
    syllables (tone numbers break ties, then the characters) for Simplified, the characters'
    code points (radical, then stroke count) for Traditional."""
    if language == "zh-hans":
        return (_pinyin(chinese_name), chinese_name)
    return (chinese_name,)


def name_key(person: Person, language: str | None = None) -> tuple:
    """The sort key of a list sorted by name on a page in ``language`` (default: the active
    language; see *name order*). English: the family order (`family_key`)."""
    language = language or translation.get_language() or "en"
    chinese_name = " ".join(person.chinese_name.split()) if person.chinese_name else ""
    if language not in CHINESE_LANGUAGES:
        return family_key(person)
    if chinese_name:
        return (0, chinese_key(chinese_name, language), family_key(person))
    return (1, (), family_key(person))


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

    ``language`` (default: the language active when it is made) decides the names' form
    (`page_name`): the labels of a Chinese page carry the Chinese names; ``romanised`` gives
    the English label in any language (data: the API, the exports).
    """

    def __init__(self, people: Iterable[Person], language: str | None = None):
        self.people = {person.player_id: person for person in people}
        self._labels = labels(self.people.values())
        self.language = language or translation.get_language() or "en"
        # How many players share each Chinese name: a tight cell needs more to tell them apart.
        self._chinese_counts: dict[str, int] = defaultdict(int)
        for person in self.people.values():
            if person.chinese_name:
                self._chinese_counts[person.chinese_name] += 1

    def romanised(self, player_id: int, default: str = "") -> str:
        """The label as English pages show it, whatever the language."""
        return self._labels.get(player_id, default)

    def _chinese_name(self, player_id: int) -> str:
        person = self.people.get(player_id)
        return person.chinese_name if person else ""

    def label(self, player_id: int, default: str = "") -> str:
        """The player's label in the page's language (`page_name`, with room)."""
        return page_name(
            self.romanised(player_id, default), self._chinese_name(player_id), self.language
        )

    def short_label(self, player_id: int, default: str = "") -> str:
        """The label for a tight cell: the Chinese name alone on a Chinese page (`page_name`,
        tight), unless another player of the tournament has the same one."""
        chinese_name = self._chinese_name(player_id)
        if chinese_name and self._chinese_counts[chinese_name] > 1:
            return self.label(player_id, default)
        return page_name(
            self.romanised(player_id, default), chinese_name, self.language, tight=True
        )

    def name_key(self, player_id: int) -> tuple:
        """The sort key of a list sorted by name in the page's language (`name_key`)."""
        person = self.people.get(player_id)
        if person is None:  # last, as in the family order
            unknown = ("\uffff", "", 1 << 30, player_id)
            return (2, (), unknown) if chinese_page(self.language) else unknown
        return name_key(person, self.language)

    def sort_key(self, player_id: int) -> tuple:
        person = self.people.get(player_id)
        return family_key(person) if person else ("\uffff", "", 1 << 30, player_id)

    def ordered(self, items, player_id=lambda item: item.player_id) -> list:
        """``items`` in family order of the player each belongs to."""
        return sorted(items, key=lambda item: self.sort_key(player_id(item)))

    def name_ordered(self, items, player_id=lambda item: item.player_id) -> list:
        """``items`` in the name order of the page's language (a list sorted by name)."""
        return sorted(items, key=lambda item: self.name_key(player_id(item)))

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


def player_names(tournament: Tournament | int, language: str | None = None) -> Names:
    """The labels and family order of every player registered in the tournament, in one query:
    the one source of how players are named on pages, PDFs and lists, in ``language`` (default:
    the active one; see *Chinese form*)."""
    rows = registrations_of(tournament).values_list(*PERSON_FIELDS)
    return Names((Person(*row) for row in rows), language)
