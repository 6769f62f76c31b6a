"""The tournament archive from the console (`tournament.console.views.archive`): an organiser
asks for it, the real worker makes it (reading, then writing its sessions), the job's page gives
the JSON file, the same as ``export_tournament`` writes; judges cannot ask for it or fetch it,
and another tournament's archive job is not found."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.builders import make_played_event, make_tournament, make_user
from tests.tournament.jobs.queue import queued_tasks, worker_pass
from tournament.exports.archive.text import archive_dumps
from tournament.exports.selectors.archive import tournament_archive
from tournament.jobs.services import worker as job_services
from tournament.models import Job

pytestmark = pytest.mark.django_db(transaction=True)


def job_url(tournament, job, name="archive_job"):
    return reverse(f"console:{name}", args=[tournament.slug, job.pk])


@pytest.fixture
def organiser():
    client = Client()
    client.force_login(make_user("superuser"))
    return client


def test_an_organiser_gets_the_archive_from_the_worker(organiser, queue, monkeypatch):
    tournament = make_played_event().tournament
    steps = []
    write = job_services.job_report
    monkeypatch.setattr(
        job_services,
        "job_report",
        lambda job_id, percent, step: (steps.append(step), write(job_id, percent, step)),
    )
    answer = organiser.post(reverse("console:archive_export", args=[tournament.slug]))
    job = Job.objects.get()
    assert answer.status_code == 302 and answer["Location"] == job_url(tournament, job)
    assert job.kind == "archive" and queued_tasks() == 1
    assert 'hx-trigger="every 1s"' in organiser.get(job_url(tournament, job)).content.decode()

    worker_pass()

    job.refresh_from_db()
    assert job.state == "done"
    assert steps == [
        "Reading the tournament (one snapshot)",
        "Writing 4 sessions, 2 hands and the audit log as JSON",  # two rounds of two tables
        "Saving the file",
    ]
    page = organiser.get(job_url(tournament, job)).content.decode()
    assert job_url(tournament, job, "archive_job_file") in page
    download = organiser.get(job_url(tournament, job, "archive_job_file"))
    assert download["Content-Disposition"] == f'attachment; filename="{tournament.slug}.json"'
    text = b"".join(download.streaming_content).decode()
    download.close()
    assert text == archive_dumps(tournament_archive(tournament))
    assert json.loads(text)["format"] == "zj-tournament-archive"


def test_the_printouts_page_has_the_archive_button(organiser):
    tournament = make_tournament()
    page = organiser.get(reverse("console:printouts", args=[tournament.slug])).content.decode()
    assert f'action="{reverse("console:archive_export", args=[tournament.slug])}"' in page


def test_judges_neither_ask_for_nor_fetch_the_archive(organiser, queue):
    tournament = make_tournament()
    organiser.post(reverse("console:archive_export", args=[tournament.slug]))
    worker_pass()
    job = Job.objects.get()
    judge = Client()
    judge.force_login(make_user("judge"))
    assert judge.post(reverse("console:archive_export", args=[tournament.slug])).status_code == 403
    for name in ("archive_job", "archive_job_file"):
        assert judge.get(job_url(tournament, job, name)).status_code == 403
    assert judge.post(job_url(tournament, job, "archive_job_retry")).status_code == 403
    assert Client().get(job_url(tournament, job, "archive_job_file")).status_code == 302
    assert Job.objects.count() == 1
    other = make_tournament()
    assert organiser.get(job_url(other, job, "archive_job_file")).status_code == 404


def test_the_archive_button_twice_is_one_archive(organiser, queue):
    tournament = make_tournament()
    for _ in range(3):
        organiser.post(reverse("console:archive_export", args=[tournament.slug]))
    assert Job.objects.count() == 1 and queued_tasks() == 1
    assert (
        organiser.get(reverse("console:archive_export", args=[tournament.slug])).status_code == 405
    )
