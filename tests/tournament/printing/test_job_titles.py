"""A background printout's title names its language in words, in the reader's language ("Player
slips (Traditional Chinese)", 「選手座位條（繁體中文）」), never by its code ("(zh-hant)"): on
the job's page and in the printouts page's list of files."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tournament.printing.background import printout_job_request, printout_title
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    tournament = make_tournament()
    make_seated_round(tournament, make_players(tournament, 8))
    return tournament


def ask(tournament, identifier, language, user, **fields):
    document = DOCUMENTS[identifier]
    request = PrintRequest(tournament=tournament, official=True, language=language, **fields)
    return printout_job_request(document=document, request=request, asked_by=user)


def test_the_title_names_the_language_in_the_readers_words(seated):
    user = make_user("superuser")
    slips = ask(seated, "slips", "zh-hant", user)
    assert slips.name == "Player slips (Traditional Chinese)"  # stored in English
    titles = {}
    for reader in ("en", "zh-hant", "zh-hans"):
        with translation.override(reader):
            titles[reader] = printout_title(slips)
    assert titles == {
        "en": "Player slips (Traditional Chinese)",
        "zh-hant": "選手座位條（繁體中文）",
        "zh-hans": "选手座位条（繁体中文）",
    }
    cards = ask(seated, "scorecards", "en+zh-hans", user, round=seated.rounds.get(), table=1)
    assert cards.name == "Filled score cards, round 1, table 1 (English + Simplified Chinese)"
    with translation.override("zh-hant"):
        assert printout_title(cards) == "已填計分表，第 1 輪，第 1 桌（英語 + 簡體中文）"
    english = ask(seated, "slips", "en", user)
    assert english.name == "Player slips"


def test_the_job_page_and_the_list_of_files_say_the_title(client, seated):
    user = make_user("superuser")
    job = ask(seated, "slips", "zh-hans", user)
    client.force_login(user)
    address = reverse("printing:printout_job", args=[seated.slug, job.pk])
    page = client.get(address, {"lang": "zh-hant"}).content.decode()
    assert "<h1>選手座位條（簡體中文）</h1>" in page
    assert "<title>選手座位條（簡體中文） · " in page
    listed = client.get(reverse("console:printouts", args=[seated.slug])).content.decode()
    assert "選手座位條（簡體中文）" in listed and "(zh-hans)" not in listed
    english = client.get(address, {"lang": "en"}).content.decode()
    assert "<h1>Player slips (Simplified Chinese)</h1>" in english
