"""A printout's file name in the ``Content-Disposition`` header: a quote or a character outside
ASCII in the name gives a header a browser reads back as that very name (RFC 6266: the quote
escaped, a non-ASCII name as RFC 5987's ``filename*``), for a printout made in the request and
for one a worker made and stored."""

import re
from email.message import Message

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import make_tournament
from tournament.models import Job
from tournament.printing.documents import aid_card, base

pytestmark = pytest.mark.django_db

NAMES = ['Spring "Open" aid card.pdf', "Café 麻雀 aid card.pdf"]
#: RFC 6266's value with one file name: a quoted string (a quote inside escaped) or RFC 5987's
#: extended value (UTF-8, percent-encoded).
DISPOSITION = re.compile(
    r"(inline|attachment); "
    r"""(filename="([^"\\]|\\.)*"|filename\*=utf-8''[A-Za-z0-9!#$&+.^_`|~%-]+)"""
)


def read_back(header: str) -> tuple[str, str]:
    """(disposition, file name) as a mail or HTTP client reads the header, which must be
    well formed."""
    assert DISPOSITION.fullmatch(header), header
    message = Message()
    message["Content-Disposition"] = header
    return message.get_content_disposition(), message.get_filename()


@pytest.mark.parametrize("name", NAMES)
def test_a_printout_made_in_the_request_keeps_its_file_name(client, monkeypatch, name):
    monkeypatch.setattr(base, "html_to_pdf", lambda parts, **kwargs: b"%PDF-1.7 test")
    monkeypatch.setattr(aid_card.AidCard, "filename", lambda self, request: name)
    tournament = make_tournament()
    response = client.get(reverse("printing:printout_download", args=[tournament.slug, "aid-card"]))
    assert response.status_code == 200
    assert read_back(response["Content-Disposition"]) == ("inline", name)


@pytest.mark.parametrize("name", NAMES)
def test_a_stored_printout_keeps_its_file_name(client, name):
    tournament = make_tournament()
    parameters = {
        "document": "aid-card",
        "round": None,
        "table": None,
        "half": None,
        "base_url": "http://testserver/",
        "language": "en",
        "official": False,
        "withheld": [],
    }
    job = Job.objects.create(
        tournament=tournament,
        kind=Job.Kind.PRINTOUT,
        name="Scoring aid card",
        parameters=parameters,
        key="k",
        version=tournament.last_write,
        state=Job.State.DONE,
        progress=100,
        file=default_storage.save(f"jobs/{tournament.pk}/aid.pdf", ContentFile(b"%PDF-1.7 test")),
        filename=name,
        content_type="application/pdf",
        finished_at=timezone.now(),
    )
    response = client.get(reverse("printing:printout_job_file", args=[tournament.slug, job.pk]))
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"%PDF-1.7 test"
    response.close()
    assert read_back(response["Content-Disposition"]) == ("inline", name)
