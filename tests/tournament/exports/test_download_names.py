"""A download's file name with a quote or a character outside ASCII still gives a valid
Content-Disposition header (RFC 6266's ``filename*=utf-8''...``); a plain one is unchanged."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.builders import make_tournament, make_user
from tournament.exports.sheets import Sheet
from tournament.exports.views import _download
from tournament.models import Job

pytestmark = pytest.mark.django_db(transaction=True)

NAME = 'Wörld "cup" 世界.json'
HEADER = "attachment; filename*=utf-8''W%C3%B6rld%20%22cup%22%20%E4%B8%96%E7%95%8C.json"


def test_the_archive_download_names_a_quoted_non_ascii_file_validly():
    tournament = make_tournament()
    organiser = Client()
    organiser.force_login(make_user("superuser"))
    organiser.post(reverse("console:archive_export", args=[tournament.slug]))
    job = Job.objects.get()
    plain = organiser.get(reverse("console:archive_job_file", args=[tournament.slug, job.pk]))
    assert plain["Content-Disposition"] == f'attachment; filename="{tournament.slug}.json"'
    plain.close()
    Job.objects.filter(pk=job.pk).update(filename=NAME)
    download = organiser.get(reverse("console:archive_job_file", args=[tournament.slug, job.pk]))
    assert download["Content-Disposition"] == HEADER
    assert download["Content-Type"] == "application/json"
    download.close()


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_a_standings_download_names_a_quoted_non_ascii_file_validly(export_format):
    sheet = Sheet(title="Standings", header=["Rank", "Name"], rows=[[1, "Ann"]])
    name = NAME.replace(".json", f".{export_format}")
    response = _download(sheet, export_format, name)
    assert response["Content-Disposition"] == HEADER.replace(".json", f".{export_format}")
    plain = _download(sheet, export_format, f"cup-standings.{export_format}")
    assert plain["Content-Disposition"] == f'attachment; filename="cup-standings.{export_format}"'
