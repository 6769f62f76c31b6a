"""Every page of the demo as each role, kept as text, so that two checkouts can be compared.

A refactoring must not change what anyone sees. This script loads the demo into a throwaway
SQLite database, walks the site from its entry pages as each *role*, and writes each page it
reached to a folder; ``diff`` then compares two such folders page by page.

Vocabulary
----------
role        who asks: ``anonymous`` (a spectator), ``player`` (a player's private link),
            ``judge``, ``headjudge`` and ``organiser`` (the demo's log-ins).
walk        a breadth-first crawl of one role in one language: each page's links (``href``,
            ``hx-get``, ``src`` of pages) on the same site are asked with GET, up to `LIMIT`
            pages and `VARIANTS` query strings per path. Forms are not sent: nothing is written.
page file   one file per (language, role, address): the status, the content type and, for
            text, the body after *masking*. Files (PDF, spreadsheets, images) are kept as their
            status and type only: their bytes carry the time they were made.
masking     what differs between two runs of the same code and is not the page: CSRF tokens,
            CSP nonces, clock times and dates, the private links' random tokens, the version
            stamps that key caches (``?v=``). Two snapshots of one checkout must be equal.

Use, from the root of each checkout (the same Python environment serves both)::

    python scripts/compare_pages.py snapshot /tmp/pages-before
    python scripts/compare_pages.py snapshot /tmp/pages-after
    python scripts/compare_pages.py diff /tmp/pages-before /tmp/pages-after
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import os
import re
import sys
import tempfile
from collections import deque
from pathlib import Path
from urllib.parse import urlsplit

ROLES = ["anonymous", "player", "judge", "headjudge", "organiser"]
LANGUAGES = ["en", "zh-hant", "zh-hans"]
LIMIT = 700
VARIANTS = 4
START = ["/", "/t/demo-open-2026/"]
# Addresses the walk never asks: log-out, Django's admin (its own pages), the live stream (it
# holds the connection open), static and media files.
SKIP = re.compile(r"^/(logout|admin|static|media)/|/live/|/stream|favicon\.ico$")
LINK = re.compile(r'(?:href|hx-get|data-href)="(/[^"#]*)"')

MASKS = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+'), r"\1CSRF"),
    (re.compile(r'("csrfToken"\s*:\s*"|"X-CSRFToken"\s*:\s*")[^"]+'), r"\1CSRF"),
    (re.compile(r'(<meta name="csrf-token" content=")[^"]+'), r"\1CSRF"),
    (re.compile(r'nonce="[^"]+"'), 'nonce="NONCE"'),
    (
        re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:?\d{2}|Z)?"),
        "TIME",
    ),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}\b"), "DATE"),
    (re.compile(r"\b\d{1,2}:\d{2}(:\d{2})?\b"), "HH:MM"),
    (re.compile(r"([?&;]v=)[\w.:-]+"), r"\1V"),
    (re.compile(r'(data-version=")[^"]+'), r"\1V"),
    (re.compile(r'(ETag|etag)("?\s*[:=]\s*"?)[^"\s,]+'), r"\1\2ETAG"),
]


def _setup(database: Path) -> None:
    sys.path.insert(0, os.getcwd())
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"
    os.environ.setdefault("DJANGO_DEBUG", "0")
    import django

    django.setup()
    import logging

    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["testserver"]
    logging.disable(logging.CRITICAL)  # the walk's 404s and 403s are pages, not news

    call_command("migrate", verbosity=0, interactive=False)
    call_command("load_demo", force=True, verbosity=0, stdout=open(os.devnull, "w"))


def _player_tokens() -> list[str]:
    """Private links of the first two players, issued by the product's own service."""
    from django.contrib.auth import get_user_model

    from tournament.models import Registration

    try:
        from tournament.event.links import player_link_issue
    except ImportError:  # the service moved: find it by name
        import importlib
        import pkgutil

        import tournament.event as event_package

        player_link_issue = None
        for module in pkgutil.walk_packages(event_package.__path__, "tournament.event."):
            found = getattr(importlib.import_module(module.name), "player_link_issue", None)
            if found:
                player_link_issue = found
                break
    organiser = get_user_model().objects.get(username="organiser")
    registrations = Registration.objects.order_by("player__name")[:2]
    return [
        player_link_issue(registration=registration, user=organiser).token
        for registration in registrations
    ]


def _mask(text: str, tokens: list[str]) -> str:
    for number, token in enumerate(tokens):
        text = text.replace(token, f"TOKEN{number}")
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


def _client(role: str, language: str):
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    if role not in ("anonymous", "player"):
        client.force_login(get_user_model().objects.get(username=role))
    return client


def _walk(client, start: list[str], tokens: list[str], out: Path) -> int:
    seen: set[str] = set()
    variants: dict[str, int] = {}
    queue = deque(start)
    count = 0
    while queue and count < LIMIT:
        address = queue.popleft()
        if address in seen or SKIP.search(urlsplit(address).path):
            continue
        path = urlsplit(address).path
        if "?" in address:
            if variants.get(path, 0) >= VARIANTS:
                continue
            variants[path] = variants.get(path, 0) + 1
        seen.add(address)
        response = client.get(address)
        count += 1
        kind = response.get("Content-Type", "")
        head = f"{response.status_code} {kind}\n"
        if response.streaming:
            body = "(stream)\n"
        elif kind.startswith(("text/html", "application/json", "text/plain")):
            body = _mask(response.content.decode("utf-8", "replace"), tokens)
            for link in LINK.findall(response.content.decode("utf-8", "replace")):
                queue.append(link.replace("&amp;", "&"))
        else:
            body = "(file)\n"
        if response.status_code in (301, 302) and response.get("Location", "").startswith("/"):
            queue.append(response["Location"])
            head += f"Location: {_mask(response['Location'], tokens)}\n"
        name = _mask(address, tokens)
        digest = hashlib.sha1(name.encode()).hexdigest()[:12]
        (out / f"{digest}.txt").write_text(f"{name}\n{head}\n{body}", encoding="utf-8")
    return count


def snapshot(out: Path, languages: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="zj-pages-") as folder:
        _setup(Path(folder) / "demo.sqlite3")
        tokens = _player_tokens()
        for language in languages:
            for role in ROLES:
                client = _client(role, language)
                start = _player_starts(tokens) if role == "player" else START
                folder_out = out / language / role
                folder_out.mkdir(parents=True, exist_ok=True)
                count = _walk(client, start, tokens, folder_out)
                print(f"{language:8} {role:10} {count:4} pages", flush=True)


def _player_starts(tokens: list[str]) -> list[str]:
    from django.urls import reverse

    return [reverse("public:player_link", kwargs={"token": token}) for token in tokens]


def diff(before: Path, after: Path) -> int:
    changed = 0
    names_before = {p.relative_to(before) for p in before.rglob("*.txt")}
    names_after = {p.relative_to(after) for p in after.rglob("*.txt")}
    for name in sorted(names_before ^ names_after):
        side = "only before" if name in names_before else "only after"
        where = before if name in names_before else after
        print(f"{side}: {name.parent} {(where / name).read_text().splitlines()[0]}")
        changed += 1
    for name in sorted(names_before & names_after):
        old = (before / name).read_text().splitlines()
        new = (after / name).read_text().splitlines()
        if old != new:
            changed += 1
            print(f"changed: {name.parent} {old[0]}")
            for line in list(difflib.unified_diff(old, new, lineterm="", n=1))[2:14]:
                print(f"    {line[:200]}")
    total = len(names_before | names_after)
    print(f"{total} pages compared, {changed} differ")
    return 1 if changed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    take = commands.add_parser("snapshot", help="walk the demo and write its pages to FOLDER")
    take.add_argument("folder", type=Path)
    take.add_argument("--languages", nargs="+", default=LANGUAGES, choices=LANGUAGES)
    compare = commands.add_parser("diff", help="compare two snapshots")
    compare.add_argument("before", type=Path)
    compare.add_argument("after", type=Path)
    arguments = parser.parse_args()
    if arguments.command == "snapshot":
        snapshot(arguments.folder, arguments.languages)
        return 0
    return diff(arguments.before, arguments.after)


if __name__ == "__main__":
    sys.exit(main())
