"""Long printouts are made by the worker (`tournament.printing.background`): the download address
sends the asker to the job's page, the real database worker makes the PDF and records its
progress, the page turns into the file, the file is given under the document's audience to the
same viewer only, a failed job says why and *Try again* queues it again, twenty asks make one
PDF, and a table's card is still made in the request."""

import datetime as dt
import re

import pytest
from django.core.files.storage import default_storage
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tests.tournament.jobs.queue import queued_tasks, worker_pass
from tests.tournament.printing.addresses import download, job_url
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.audit import tournament_touch
from tournament.jobs.services import worker as job_services
from tournament.models import Job, Round
from tournament.printing.documents.standings import Standings

pytestmark = pytest.mark.django_db(transaction=True)


def body(response) -> bytes:
    content = b"".join(response.streaming_content)
    response.close()
    return content


@pytest.fixture
def forty():
    """40 players, standings public: a 2-page standings PDF."""
    tournament = make_tournament(standings_public=True)
    make_players(tournament, 40)
    return tournament


@pytest.fixture
def two_pages_are_long(settings):
    settings.PRINT_IMMEDIATE_PAGES = 1


@pytest.fixture
def steps(monkeypatch):
    """Every progress report the worker writes, in order, as (percent, step)."""
    seen = []
    write = job_services.job_report

    def report(job_id, percent, step):
        seen.append((percent, step))
        write(job_id, percent, step)

    monkeypatch.setattr(job_services, "job_report", report)
    return seen


@needs_poppler
def test_the_worker_makes_a_long_standings_pdf_and_its_page_turns_into_the_file(
    client, queue, two_pages_are_long, forty, steps
):
    client.force_login(make_user("superuser"))
    response = client.get(download(forty, "standings"))
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == job_url(job)
    assert (job.state, job.kind, job.name) == ("queued", "printout", "Standings")
    assert queued_tasks() == 1
    page = client.get(job_url(job)).content.decode()
    assert 'id="job-progress"' in page and 'hx-trigger="every 1s"' in page
    assert 'http-equiv="refresh"' in page  # without JavaScript the page asks again itself

    worker_pass()

    job.refresh_from_db()
    assert (job.state, job.progress, job.step, job.attempts) == ("done", 100, "Ready", 1)
    assert [step for _, step in steps] == [
        "Reading the tournament",
        "Laying out the pages: part 1 of 1",
        "Writing the PDF",
        "Saving the file",
    ]
    assert [percent for percent, _ in steps] == sorted(percent for percent, _ in steps)
    assert default_storage.exists(job.file.name)
    assert job.file.name.startswith(f"jobs/{forty.pk}/")
    assert (queue / job.file.name).is_file()  # in MEDIA_ROOT, the default storage
    page = client.get(job_url(job)).content.decode()
    assert "hx-trigger" not in page and 'http-equiv="refresh"' not in page
    assert f'href="{job_url(job, "printout_job_file")}"' in page
    pdf = client.get(job_url(job, "printout_job_file"))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf["Content-Disposition"] == f'inline; filename="{forty.slug}-standings.pdf"'
    printed = text(body(pdf))
    assert "Standings" in printed and f"Player {forty.pk}-40" in printed
    # Asked again at the same version: the file at once, no second job.
    again = client.get(download(forty, "standings"))
    assert again["Location"] == job_url(job, "printout_job_file")
    assert Job.objects.count() == 1


def test_the_status_fragment_polls_until_the_job_is_done(client, queue, two_pages_are_long, forty):
    client.get(download(forty, "standings"))
    job = Job.objects.get()
    fragment = client.get(job_url(job), HTTP_HX_REQUEST="true").content.decode()
    assert fragment.strip().startswith('<div id="job-status"') and "<html" not in fragment
    assert 'hx-get="' + job_url(job) + '"' in fragment and "Waiting for a worker" in fragment
    assert "No worker has taken it yet" not in fragment
    Job.objects.filter(pk=job.pk).update(updated_at=timezone.now() - dt.timedelta(minutes=1))
    fragment = client.get(job_url(job), HTTP_HX_REQUEST="true").content.decode()
    assert "No worker has taken it yet" in fragment and "manage.py db_worker" in fragment
    Job.objects.filter(pk=job.pk).update(  # its worker's heartbeat is fresh
        state="running", progress=42, step="Laying out 2 of 5", updated_at=timezone.now()
    )
    fragment = client.get(job_url(job), HTTP_HX_REQUEST="true").content.decode()
    assert 'value="42"' in fragment and "Laying out 2 of 5" in fragment and "hx-get" in fragment
    Job.objects.filter(pk=job.pk).update(state="queued", progress=0)
    worker_pass()
    fragment = client.get(job_url(job), HTTP_HX_REQUEST="true").content.decode()
    assert "hx-get" not in fragment and 'id="job-file"' in fragment


def test_twenty_asks_at_one_version_make_one_pdf(client, queue, two_pages_are_long, forty):
    for _ in range(20):
        assert client.get(download(forty, "standings")).status_code == 302
    assert Job.objects.count() == 1 and queued_tasks() == 1
    worker_pass()
    for _ in range(3):
        answer = client.get(download(forty, "standings"))
        assert answer["Location"].endswith("/file/")
    assert Job.objects.count() == 1
    tournament_touch(forty.pk)  # a write moves the version on, but nothing the public sees
    assert client.get(download(forty, "standings"))["Location"].endswith("/file/")
    assert Job.objects.count() == 1
    judge = Client()
    judge.force_login(make_user("judge"))
    judge.get(download(forty, "standings"))  # an official's job follows the version
    tournament_touch(forty.pk)
    judge.get(download(forty, "standings"))
    assert Job.objects.count() == 3 and queued_tasks() == 2


def test_a_failed_render_says_why_and_try_again_queues_it_again(
    client, queue, two_pages_are_long, forty, monkeypatch
):
    def broken(self, request):
        raise RuntimeError("the font cache is unreadable")

    monkeypatch.setattr(Standings, "render", broken)
    client.get(download(forty, "standings"))
    job = Job.objects.get()
    worker_pass()  # the worker logs the error and goes on
    job.refresh_from_db()
    assert job.state == "failed" and "the font cache is unreadable" in job.error
    assert "Try again" in job.error

    checked = Client(enforce_csrf_checks=True)
    page = checked.get(job_url(job)).content.decode()
    assert 'id="job-error"' in page and "the font cache is unreadable" in page
    assert "hx-trigger" not in page and 'id="job-retry"' in page
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert checked.post(job_url(job, "printout_job_retry")).status_code == 403  # no token
    assert checked.get(job_url(job, "printout_job_retry")).status_code == 405
    monkeypatch.undo()  # the fonts are back

    answer = checked.post(job_url(job, "printout_job_retry"), {"csrfmiddlewaretoken": token})
    assert answer.status_code == 302 and answer["Location"] == job_url(job)
    job.refresh_from_db()
    assert (job.state, job.error) == ("queued", "") and queued_tasks() == 1
    worker_pass()
    job.refresh_from_db()
    assert (job.state, job.attempts) == ("done", 2)
    assert Job.objects.count() == 1


def test_a_reason_the_organiser_can_act_on_is_shown_as_it_is(client, queue, settings):
    settings.PRINT_IMMEDIATE_PAGES = 0
    tournament = make_tournament()
    make_seated_round(tournament, make_players(tournament, 8), number=3)
    client.force_login(make_user("superuser"))
    client.get(download(tournament, "seating", round=3))
    Round.objects.filter(tournament=tournament, number=3).delete()  # before the worker came
    worker_pass()
    job = Job.objects.get()
    assert (job.state, job.error) == ("failed", "Round 3 no longer exists.")


@pytest.fixture
def cards(settings):
    """A judge's filled score cards of round 1 (officials only), made by the worker."""
    settings.PRINT_IMMEDIATE_PAGES = 0
    tournament = make_tournament(standings_public=True)
    round_ = make_seated_round(tournament, make_players(tournament, 8))
    Round.objects.filter(pk=round_.pk).update(seating_published=True)
    judge = make_user("judge")
    client = Client()
    client.force_login(judge)
    client.get(download(tournament, "scorecards", round=1))
    worker_pass()
    job = Job.objects.get(state="done")
    assert client.get(job_url(job, "printout_job_file")).status_code == 200
    return tournament, job


@pytest.mark.parametrize("name", ["printout_job", "printout_job_file"])
def test_an_officials_only_job_is_never_given_to_the_public(client, queue, cards, name):
    tournament, job = cards
    answer = client.get(job_url(job, name))
    assert answer.status_code == 302 and reverse("login") in answer["Location"]
    client.force_login(make_user("plain"))
    answer = client.get(job_url(job, name))
    assert answer.status_code == 403
    assert "Only officials may print the filled score cards." in answer.content.decode()
    assert client.post(job_url(job, "printout_job_retry")).status_code == 403


def test_a_job_of_another_tournament_is_not_found(client, queue, cards):
    tournament, job = cards
    other = make_tournament()
    client.force_login(make_user("superuser"))
    for name in ("printout_job", "printout_job_file"):
        answer = client.get(reverse(f"printing:{name}", args=[other.slug, job.pk]))
        assert answer.status_code == 404


def test_an_officials_standings_are_not_given_to_a_spectator(client, queue, cards):
    tournament, _ = cards
    judge = Client()
    judge.force_login(make_user("judge"))
    judge.get(download(tournament, "standings"))  # an official's: silent rounds and all
    worker_pass()
    job = Job.objects.get(parameters__document="standings")
    assert job.parameters["official"] is True
    answer = client.get(job_url(job, "printout_job_file"))
    assert answer.status_code == 404 and "made for another reader" in answer.content.decode()
    spectators = client.get(download(tournament, "standings"))  # the public's own job
    assert spectators["Location"] != job_url(job)
    assert Job.objects.filter(parameters__document="standings").count() == 2


def test_a_tables_card_is_still_made_in_the_request(client, queue):
    tournament = make_tournament()
    make_seated_round(tournament, make_players(tournament, 20))  # five tables: five pages
    client.force_login(make_user("judge"))
    card = client.get(download(tournament, "scorecards", round=1, table=2))
    assert card.status_code == 200 and card["Content-Type"] == "application/pdf"
    assert client.get(download(tournament, "aid-card")).status_code == 200
    assert Job.objects.count() == 0
    whole_round = client.get(download(tournament, "scorecards", round=1))
    assert whole_round.status_code == 302 and Job.objects.count() == 1


def test_the_printouts_page_lists_the_files_made_lately(client, queue, cards):
    tournament, job = cards
    client.force_login(make_user("superuser"))
    page = client.get(reverse("console:printouts", args=[tournament.slug])).content.decode()
    assert 'id="recent-files"' in page and job_url(job) in page
    assert "Filled score cards, round 1" in page


def test_with_the_immediate_backend_the_request_makes_it_and_gives_the_file(
    client, settings, tmp_path, two_pages_are_long, forty
):
    """``DJANGO_TASKS_BACKEND=immediate`` (no worker; these tests' default): the job is made
    inside the request, which then sends the asker straight to the file."""
    settings.MEDIA_ROOT = str(tmp_path)
    answer = client.get(download(forty, "standings"), follow=True)
    job = Job.objects.get()
    assert job.state == "done"
    assert answer.redirect_chain == [(job_url(job, "printout_job_file"), 302)]
    assert answer["Content-Type"] == "application/pdf"
    assert body(answer).startswith(b"%PDF")
