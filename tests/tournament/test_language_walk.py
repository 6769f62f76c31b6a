"""The language walk: every page of the site (public, the players' own links, log-in, error
pages, judges' desk, organisers' console, printouts page), generated from the URL conf, opened on
the demo in English, Traditional and Simplified Chinese.

Vocabulary
----------
group       the kind of page, part of each test's id (``test_walk[public]``), so that a run can
            pick its pages (``-k public``): ``public``, ``links`` (a player's private pages),
            ``login``, ``errors`` (404, 403, 405), ``desk``, ``console``, ``printing``.
walk        each page of a group, asked by its lowest role (`test_role_matrix.REQUIRED`) with
            the language cookie set as the header's switch sets it. English first: its status
            is what each Chinese page must answer too (200 for a page, 404 for a round without
            such a table, 405 for an address that takes only a form...).
left English
            on a Chinese page, a piece of text of the English catalogue (a msgid's words
            between its placeholders and tags, when it is two words or more, or one word of
            four letters or more) found as words in the page's visible text (tags, scripts and
            styles removed, and the text of an element declared English: see *declared
            English*), once the allowed words are taken out: the demo's own names (its
            players, clubs, venue, tournament, tables, users) and `ALLOWED` (codes and names
            that read the same in Chinese).
wrong script
            on a Simplified page, a character of the Traditional script found in its visible
            text (demo names masked, as for left English), or a Simplified one on a
            Traditional page. The glossary knows both forms: each of its rows that writes the
            same word in both scripts pairs their characters (門/门, 槓/杠), less the characters
            both scripts write the same (`BOTH_SCRIPTS`).
stray punctuation
            on a Chinese page, two marks that end one another (``。：``, ``。。``) or an ASCII
            full stop, colon, comma or semicolon after Chinese text (``（申诉时限）.``,
            ``第 1 局: ``).
declared English
            text inside an element whose ``lang`` is English (``lang="en"``, ``"en-GB"``...):
            stored English shown as it is (the audit log's records) or a command line. It is
            not left English, whatever its words; a rule of the page's markup, not a list of
            words (an element inside it that declares another language is walked again).

Not walked (`NOT_PAGES`): what is not a page of text (PDFs, CSV/XLSX exports, the JSON API, the
live stream, the favicon, the probe) and Django's admin (its own translations).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from tests.i18n.test_glossary import glossary_tables
from tests.tournament.builders import chinese_registration
from tests.tournament.test_role_matrix import REQUIRED, url_patterns
from tournament.event.links import player_link_issue
from tournament.models import Penalty, Player, TournamentOfficial

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # every page x 3 languages

LANGUAGES = {"en": "en", "zh-hant": "zh-Hant", "zh-hans": "zh-Hans"}
CATALOGUE = Path(settings.BASE_DIR) / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"

NOT_PAGES = re.compile(
    r"^(admin:|api:|exports:|favicon$|healthz$|public:live_stream$|printing:printout_download$"
    r"|printing:printout_job_file$|console:archive_job_file$|console:roster_export$"
    r"|console:links_export$)"
)
# Codes, units and names that a Chinese page shows as they are (see tests/i18n/template_text).
ALLOWED = ["ZJ", "EMA", "PDF", "CSV", "Excel", "QR", "MCR", "WSoM", "RULINGS", "Zung Jung", "OK"]
# A shipped penalty set named after its event (`play.penalties.EXAMPLE_SETS`): a proper name.
ALLOWED += ["The Star"]

GROUPS = ["public", "links", "login", "errors", "desk", "console", "printing"]


def group_of(name: str) -> str | None:
    if NOT_PAGES.match(name):
        return None
    if name.startswith("public:player_link") or name.startswith("public:player_table"):
        return "links"
    if name == "public:home" or name.startswith("public:"):
        return "public"
    if name in ("login", "logout"):
        return "login"
    if name.startswith("desk:"):
        return "desk"
    if name.startswith("console:"):
        return "console"
    if name.startswith("printing:"):
        return "printing"
    raise AssertionError(f"{name}: which group of the language walk is it in?")


# Elements that hold no text and have no end tag: they never change the language in effect.
_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


def _declared_english(lang: str | None) -> bool:
    return lang is not None and lang.strip().lower().split("-")[0] == "en"


class _Text(HTMLParser):
    """The visible text of a page: what is between tags, without scripts and styles, and
    without the text of an element that declares itself English (``lang="en"``: stored
    English, such as the audit log's records, or a command line), unless an element inside
    it declares another language again."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0
        self._open: list[tuple[str, bool]] = []  # (tag, English declared in effect)

    def _english(self) -> bool:
        return bool(self._open) and self._open[-1][1]

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "noscript"):
            self._skip += 1
        if tag in _VOID:
            return
        lang = dict(attrs).get("lang")
        self._open.append((tag, _declared_english(lang) if lang is not None else self._english()))

    def handle_endtag(self, tag):
        if tag in ("script", "style", "noscript") and self._skip:
            self._skip -= 1
        # An end tag closes its element and whatever was left open inside it (``<li>``...).
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index][0] == tag:
                del self._open[index:]
                break

    def handle_data(self, data):
        if not self._skip and not self._english():
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return " ".join(" ".join(parser.parts).split())


_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|<[^>]+>|\{\{.*?\}\}")
_EDGES = " .,:;!?()[]“”\"'·–—-=#/"


def english_pieces() -> list[str]:
    """The catalogue's English text as it could be left on a page (see *left English*)."""
    pieces = set()
    for entry in polib.pofile(str(CATALOGUE)):
        for msgid in filter(None, (entry.msgid, entry.msgid_plural)):
            for piece in _PLACEHOLDER.split(msgid):
                piece = " ".join(piece.split()).strip(_EDGES)
                words = re.findall(r"[A-Za-z][A-Za-z'’]*", piece)
                if not words or not any(len(word) >= 2 for word in words):
                    continue
                if len(words) >= 2 or len(words[0]) >= 4:
                    pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


def left_english_finder(allowed: list[str]):
    """A function giving the left English of a page's visible text."""
    pieces = english_pieces()
    assert pieces, "the English catalogue is empty"
    english = re.compile(r"(?<![A-Za-z])(?:" + "|".join(map(re.escape, pieces)) + r")(?![A-Za-z])")
    names = sorted({name for name in allowed if name}, key=len, reverse=True)
    masked = re.compile(r"(?<![A-Za-z])(?:" + "|".join(map(re.escape, names)) + r")(?![A-Za-z])")

    def left(text: str) -> list[str]:
        return sorted(set(english.findall(masked.sub(" ¦ ", text))))

    return left


# Paired with another character in a glossary row, yet written the same in both scripts.
BOTH_SCRIPTS = set("么幺布出雀覆炮")


def script_only_characters() -> dict[str, set[str]]:
    """{page language: the characters of the other script} (see *wrong script*)."""
    traditional, simplified = set(), set()
    for rows in glossary_tables().values():
        for _english, hant, hans in rows:
            if len(hant) != len(hans) or (len(hant) > 1 and not set(hant) & set(hans)):
                continue  # different words (出銃 / 点炮), not one word in two scripts
            for old, new in zip(hant, hans, strict=True):
                if old != new and "\u4e00" <= old <= "\u9fff" and "\u4e00" <= new <= "\u9fff":
                    traditional.add(old)
                    simplified.add(new)
    return {"zh-hans": traditional - BOTH_SCRIPTS, "zh-hant": simplified - BOTH_SCRIPTS}


_HAN = "\u3400-\u9fff"
STRAY_PUNCTUATION = re.compile(
    rf"[。！？：；，、][。：；，、]|[）」』{_HAN}]\.(?![\w.])|[{_HAN}][:,;](?=\s)"
)


def chinese_text_finder(allowed: list[str]):
    """A function giving (wrong-script characters, stray punctuation) of a page's visible
    text in ``language`` (see the vocabulary), the allowed names masked."""
    others = script_only_characters()
    names = sorted({name for name in allowed if name}, key=len, reverse=True)
    masked = re.compile("|".join(map(re.escape, names))) if names else None

    def found(text: str, language: str) -> tuple[list[str], list[str]]:
        text = masked.sub(" ¦ ", text) if masked else text
        wrong = sorted({ch for ch in text if ch in others[language]})
        return wrong, sorted(set(STRAY_PUNCTUATION.findall(text)))

    return found


def demo_names(tournament) -> list[str]:
    """The demo's own names and typed texts, allowed on every page (see *left English*)."""
    names = list(ALLOWED) + [tournament.name, tournament.venue, tournament.slug]
    for player in Player.objects.filter(registrations__tournament=tournament):
        names += [player.name, player.given_name, player.family_name, player.club]
        names.append(player.chinese_name)
    names += list(tournament.tables.values_list("label", flat=True))
    names += list(get_user_model().objects.values_list("username", flat=True))
    # What the demo's judges typed (penalty reasons) is their text, shown as they wrote it.
    names += list(Penalty.objects.filter(tournament=tournament).values_list("reason", flat=True))
    return names


def addresses(tournament, token: str) -> dict[str, list[tuple[str, str, str]]]:
    """{group: [(url name, address, role)]}: every pattern of the URL conf but `NOT_PAGES`,
    its placeholders filled from the demo; plus an unknown address and an unknown private
    link (errors and links)."""
    chinese = chinese_registration(tournament)
    penalty = Penalty.objects.filter(session__round__tournament=tournament).first()
    values = {
        "slug": tournament.slug,
        "number": "1",
        "round_number": "1",
        "table_number": "1",
        "table": "1",
        "half": "2",
        "player_id": str(chinese.player_id),
        "token": token,
        "penalty_id": str(penalty.pk if penalty else 1),
        "query_id": "1",
        "pk": "1",
        "identifier": "standings",
    }
    found: dict[str, list[tuple[str, str, str]]] = {group: [] for group in GROUPS}
    for name, route in url_patterns():
        group = group_of(name)
        if group is None:
            continue
        address = route.format(**values)
        found[group].append((name, address, REQUIRED.get(name, "anonymous")))
    found["errors"] += [
        ("404", "/no/such/page/", "anonymous"),
        ("404 tournament", "/t/no-such-tournament/", "anonymous"),
        ("405", f"/p/{token}/query/", "anonymous"),
        ("403", f"/t/{tournament.slug}/event/", "judge"),
    ]
    found["links"].append(("unknown link", "/p/" + "x" * 32 + "/", "anonymous"))
    # A scored hand: its patterns are named in the page's script.
    hand = "?tiles=123m+456p+789s+234s+5m&winning_tile=5m&win_type=self_draw"
    found["public"].append(("calculator with a hand", "/calculator/" + hand, "anonymous"))
    return found


@pytest.fixture
def walked(demo):
    organiser = get_user_model().objects.get(username="organiser")
    registration = chinese_registration(demo)
    token = player_link_issue(registration=registration, user=organiser).token
    TournamentOfficial.objects.get_or_create(tournament=demo, user=organiser, role="organiser")
    names = demo_names(demo)
    return demo, addresses(demo, token), left_english_finder(names), chinese_text_finder(names)


def _client(role: str) -> Client:
    client = Client()
    username = {"judge": "judge", "head judge": "headjudge"}.get(role, "organiser")
    if role != "anonymous":
        client.force_login(get_user_model().objects.get(username=username))
    return client


def _html_lang(html: str) -> str | None:
    found = re.search(r"<html[^>]*\blang=\"([^\"]+)\"", html)
    return found.group(1) if found else None


@pytest.mark.parametrize("group", GROUPS)
def test_walk(group, walked):
    tournament, pages, left_english, chinese_text = walked
    assert pages[group], f"no page in the group {group}"
    problems = []
    clients = {}
    for name, address, role in pages[group]:
        client = clients.setdefault(role, _client(role))
        client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
        english = client.get(address)
        assert english.status_code < 500, f"{name} {address}: {english.status_code} in English"
        for code, lang in LANGUAGES.items():
            client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
            response = client.get(address)
            where = f"{name} {address} [{code}]"
            if response.status_code != english.status_code:
                problems.append(f"{where}: {response.status_code}, English {english.status_code}")
                continue
            if "text/html" not in response.get("Content-Type", "") or not response.content:
                continue
            html = response.content.decode()
            if _html_lang(html) != lang:
                problems.append(f"{where}: <html lang={_html_lang(html)!r}>, not {lang!r}")
            text = visible_text(html)
            if code != "en" and (english_left := left_english(text)):
                problems.append(f"{where}: English left: {english_left[:12]}")
            if code != "en":
                wrong, stray = chinese_text(text, code)
                if wrong:
                    problems.append(f"{where}: the other script's characters: {wrong[:12]}")
                if stray:
                    problems.append(f"{where}: stray punctuation: {stray[:6]}")
        client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])


def test_the_walk_finds_english_left_on_a_chinese_page():
    """The finder itself: catalogue text left in a page is found, the allowed names are not."""
    left = left_english_finder(["Alan Chan", "Kowloon MJ Society"])
    text = visible_text(
        "<html><body><h1>排名</h1><p>Alan Chan · Kowloon MJ Society</p>"
        "<script>var x = 'Standings';</script><p>No players match.</p></body></html>"
    )
    assert left(text) == ["No players match"]
    assert left(visible_text("<p>排名 陳志明 Alan Chan ZJ EMA 12</p>")) == []


def test_the_walk_skips_only_text_declared_english():
    """Text inside an element whose ``lang`` is English is declared English (stored records, a
    command line): not left English. The same words outside it, after it ends, or inside an
    element inside it that declares another language, are."""
    left = left_english_finder([])
    declared = visible_text(
        '<html lang="zh-Hant"><body><table><tr><td>錄入牌局</td>'
        '<td><span lang="en">No players match.</span>。付分：</td>'
        '<td><code lang="EN-gb">Standings<br>Standings</code></td></tr></table></body></html>'
    )
    assert left(declared) == []
    assert left(visible_text('<p><span lang="en">排名</span>No players match.</p>')) == [
        "No players match"
    ]
    assert left(visible_text('<p lang="zh-Hant">No players match.</p>')) == ["No players match"]
    inner = '<div lang="en">排名 <p lang="zh-Hant">No players match.</p> Standings</div>'
    assert left(visible_text(inner)) == ["No players match"]
    unclosed = '<ul lang="en"><li>Standings<li>Standings</ul><p>No players match.</p>'
    assert left(visible_text(unclosed)) == ["No players match"]


def test_the_walk_finds_the_other_script_and_stray_punctuation():
    """The finder itself: Traditional characters of the glossary on a Simplified page (and the
    reverse) are found, the demo's names are not; so are doubled marks and an ASCII stop."""
    found = chinese_text_finder(["陳大文"])
    assert found("门前清 断幺九 陳大文", "zh-hans") == ([], [])
    assert found("門前清 斷么九 七對子 一槓", "zh-hans")[0] == ["對", "斷", "槓", "門"]
    assert found("門前清 斷么九", "zh-hant") == ([], [])
    assert found("门前清", "zh-hant")[0] == ["门"]
    assert found("暂定至 03:13（申诉时限）. 已保存。：", "zh-hans")[1] == ["。：", "）."]
    assert found("第 1 局: 和牌, 10 分", "zh-hans")[1] == ["局:", "牌,"]
    assert found("第 1.5 分 ZJ v3.3.", "zh-hans") == ([], [])
