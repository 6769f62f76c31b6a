"""The queue under a crowd and a crash (issue 36, points 1 and 2; `tournament.jobs`).

A visitor's long printout follows what the public may see, not every write (*released*); the
last file made is given while a new one is made (*stale*); one address, and the tournament's
visitors together, queue only a few at once (*public bound*); the officials' jobs go first
(*priority*). A running job whose worker is gone is noticed by its page (*lost*) and offered
*Try again*, which works for the organiser; a worker writes a heartbeat while it runs.

The PDFs themselves are not made here (a stand-in render, a few bytes): what is tested is
which jobs are queued, in which order, and what each asker is given.
"""

import datetime as dt
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.tournament.builders import make_players, make_tournament, make_user
from tests.tournament.jobs.queue import queued_tasks, worker_pass
from tests.tournament.printing.addresses import download, job_url
from tournament.audit import tournament_touch
from tournament.jobs.services import asking, lost, pruning, worker
from tournament.jobs.services.worker import JobFile, job_run
from tournament.models import Job
from tournament.printing.documents.base import PDF, Document, Printout

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def quick_pdfs(monkeypatch, settings):
    """Every printout is long (a job) and made in no time by a stand-in render."""
    settings.PRINT_IMMEDIATE_PAGES = 0

    def render(self, request):
        return Printout(self.filename(request), PDF, b"%PDF-stand-in")

    monkeypatch.setattr(Document, "render", render)


@pytest.fixture
def forty():
    tournament = make_tournament(standings_public=True)
    make_players(tournament, 40)
    return tournament


def visitor(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


# --- point 1: one visitor cannot fill the queue -------------------------------------------------


def test_a_visitors_printout_follows_the_released_content_not_every_write(queue, quick_pdfs, forty):
    spectator = visitor("203.0.113.7")
    spectator.get(download(forty, "standings"))
    worker_pass()
    made = Job.objects.get()
    for _ in range(40):  # forty judges' saves that change nothing the public sees
        tournament_touch(forty.pk)
        answer = spectator.get(download(forty, "standings"))
        assert answer["Location"] == job_url(made, "printout_job_file")
    assert Job.objects.count() == 1 and queued_tasks() == 0

    make_players(forty, 1)  # a new player: the public standings change
    answer = spectator.get(download(forty, "standings"))
    # The last file made at once, while the new one is made behind it.
    assert answer["Location"] == job_url(made, "printout_job_file")
    assert Job.objects.count() == 2 and queued_tasks() == 1
    worker_pass()
    newest = Job.objects.exclude(pk=made.pk).get()
    assert newest.state == "done" and newest.released != made.released
    assert spectator.get(download(forty, "standings"))["Location"] == job_url(
        newest, "printout_job_file"
    )


def test_one_address_queues_only_a_few_and_the_tournaments_visitors_a_few_more(
    queue, quick_pdfs, forty
):
    asks = [("standings", {"language": language}) for language in ("en", "zh-hant", "zh-hans")]
    asks += [("aid-card", {"language": language}) for language in ("en", "zh-hant", "zh-hans")]
    crowd = visitor("203.0.113.7")
    answers = [crowd.get(download(forty, name, **query)) for name, query in asks]
    assert queued_tasks() == asking.PUBLIC_PENDING_PER_ADDRESS
    refused = answers[asking.PUBLIC_PENDING_PER_ADDRESS]
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert "try again in a minute" in refused.content.decode()

    others = [visitor(f"198.51.100.{n}") for n in range(1, 5)]
    for other, (name, query) in zip(others, asks[2:], strict=True):
        other.get(download(forty, name, **query))
    assert queued_tasks() == asking.PUBLIC_PENDING_PER_TOURNAMENT

    judge = Client()
    judge.force_login(make_user("judge"))
    answer = judge.get(download(forty, "standings"))  # an official is never bounded
    assert answer.status_code == 302 and "/jobs/" in answer["Location"]
    assert queued_tasks() == asking.PUBLIC_PENDING_PER_TOURNAMENT + 1


def test_the_officials_jobs_go_ahead_of_the_public_ones(queue, quick_pdfs, forty):
    for n, language in enumerate(("en", "zh-hant", "zh-hans")):
        visitor(f"198.51.100.{n}").get(download(forty, "standings", language=language))
    organiser = Client()
    organiser.force_login(make_user("superuser"))
    organiser.post(reverse("console:archive_export", args=[forty.slug]))
    archive = Job.objects.get(kind="archive")
    assert queued_tasks() == 4
    next_task = DBTaskResult.objects.ready().first()
    assert next_task.args_kwargs["args"] == [archive.pk]
    assert next_task.priority == asking.OFFICIAL_PRIORITY
    assert {task.priority for task in DBTaskResult.objects.exclude(pk=next_task.pk)} == {
        asking.PUBLIC_PRIORITY
    }


# --- point 2: a killed worker's job -------------------------------------------------------------


def _killed(job: Job, seconds_ago: float) -> None:
    """What a worker killed while making ``job`` leaves: running, 1 %, its news this old."""
    Job.objects.filter(pk=job.pk).update(
        state="running",
        progress=1,
        step="Starting",
        attempts=1,
        updated_at=timezone.now() - dt.timedelta(seconds=seconds_ago),
    )


def test_a_job_whose_worker_was_killed_is_offered_try_again_and_try_again_works(
    queue, quick_pdfs, forty
):
    organiser = Client()
    organiser.force_login(make_user("superuser"))
    organiser.post(reverse("console:archive_export", args=[forty.slug]))
    job = Job.objects.get()
    page = reverse("console:archive_job", args=[forty.slug, job.pk])
    _killed(job, seconds_ago=5)  # a heartbeat 5 s ago: still being made
    assert 'id="job-progress"' in organiser.get(page).content.decode()

    _killed(job, seconds_ago=lost.LOST_SECONDS + 1)
    shown = organiser.get(page).content.decode()
    assert 'id="job-retry"' in shown and "stopped before it was done" in shown
    retry = organiser.post(reverse("console:archive_job_retry", args=[forty.slug, job.pk]))
    assert retry.status_code == 302 and retry["Location"] == page
    worker_pass()
    job.refresh_from_db()
    assert (job.state, job.attempts) == ("done", 2)


def test_an_organisers_printout_lost_with_its_worker_is_made_again_when_asked(
    queue, quick_pdfs, forty
):
    organiser = Client()
    organiser.force_login(make_user("superuser"))
    organiser.get(download(forty, "standings"))
    job = Job.objects.get()
    _killed(job, seconds_ago=lost.LOST_SECONDS + 1)
    # Asked again: not the stuck job as it was, but the same job queued again.
    organiser.get(download(forty, "standings"))
    job.refresh_from_db()
    assert job.state == "queued" and queued_tasks() == 2  # the dead worker's task is spent
    worker_pass()
    job.refresh_from_db()
    assert job.state == "done"
    answer = organiser.post(job_url(job, "printout_job_retry"))  # nothing to retry: its page
    assert answer.status_code == 302 and answer["Location"] == job_url(job)


def test_try_again_on_a_printout_made_for_another_reader_asks_it_anew(queue, quick_pdfs, forty):
    """The job was made for the public (another reader than the organiser): *Try again* is no
    404 but the same printout asked for the organiser."""
    visitor("203.0.113.7").get(download(forty, "standings"))
    public = Job.objects.get()
    Job.objects.filter(pk=public.pk).update(state="failed", error="Lost. Try again.")
    organiser = Client()
    organiser.force_login(make_user("superuser"))
    answer = organiser.post(job_url(public, "printout_job_retry"))
    mine = Job.objects.exclude(pk=public.pk).get()
    assert answer.status_code == 302 and answer["Location"] == job_url(mine)
    assert mine.parameters["official"] is True


def test_a_running_worker_writes_its_heartbeat(queue, monkeypatch, forty):
    monkeypatch.setattr(worker, "HEARTBEAT_SECONDS", 0.05)
    job = Job.objects.create(
        tournament=forty, kind="archive", name="Beat", key="beat", version=timezone.now()
    )
    seen = []
    beaten = threading.Event()

    def make(job, report):
        started = Job.objects.get(pk=job.pk).updated_at
        # Wait (a bound against a hang, never asserted) until another connection moved it.
        for _ in range(600):
            if Job.objects.get(pk=job.pk).updated_at > started:
                beaten.set()
                break
            threading.Event().wait(0.05)
        seen.append(connection.in_atomic_block)
        return JobFile("beat.txt", "text/plain", b"beat")

    assert job_run(job.pk, make) == "done"
    assert seen == [False] and beaten.is_set()


def test_the_prune_marks_a_lost_job_failed_within_a_minute(queue, forty):
    job = Job.objects.create(
        tournament=forty, kind="archive", name="Lost", key="lost", version=timezone.now()
    )
    _killed(job, seconds_ago=lost.LOST_SECONDS + 1)
    assert pruning.jobs_prune().stuck == 1
    job.refresh_from_db()
    assert job.state == "failed" and "Try again" in job.error
