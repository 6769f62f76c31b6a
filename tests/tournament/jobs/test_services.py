"""The jobs' own rules (`tournament.jobs.services`): one job per file and version, made again when
no longer fresh or when its file is gone, claimed by one worker, a queue that cannot be reached
said on the job, nothing of it a public write, and the pruning of old, superseded and stuck
jobs and of files no job names."""

import datetime as dt
import os
import time

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone

from tests.tournament.builders import make_tournament
from tests.tournament.jobs.queue import queued_tasks, worker_pass
from tournament.audit import tournament_touch
from tournament.jobs.services import worker
from tournament.jobs.services.asking import job_request
from tournament.jobs.services.pruning import jobs_prune
from tournament.jobs.services.worker import JobError, JobFile, job_run
from tournament.models import Job, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

MADE = []


def _make(job, report):
    report(50, "Half way")
    MADE.append(job.pk)
    return JobFile("notes.txt", "text/plain", b"made for " + job.tournament.slug.encode())


class NoteTask:
    """A stand-in for a kind's task: runs the job at once, as the immediate backend would."""

    def enqueue(self, job_id):
        job_run(job_id, _make)
        return type("Result", (), {"id": f"note-{job_id}"})()


class DownQueue:
    def enqueue(self, job_id):
        raise ConnectionError("Connection refused")


def _ask(tournament, task=None, **parameters):
    return job_request(
        tournament=tournament,
        kind=Job.Kind.PRINTOUT,
        name="Notes",
        parameters=parameters or {"document": "notes"},
        asked_by=None,
        task=task or NoteTask(),
    )


def test_the_same_file_at_the_same_version_is_one_job_that_writes_nothing_public(queue):
    tournament = make_tournament()
    version = Tournament.objects.get(pk=tournament.pk).last_write
    first = _ask(tournament)
    first.refresh_from_db()
    assert first.state == "done" and first.task_id == f"note-{first.pk}"
    assert [_ask(tournament).pk for _ in range(5)] == [first.pk] * 5
    assert _ask(tournament, document="other").pk != first.pk  # other parameters: another job
    assert Tournament.objects.get(pk=tournament.pk).last_write == version  # no public write
    tournament_touch(tournament.pk)
    tournament.refresh_from_db()
    assert _ask(tournament).pk != first.pk


def test_a_done_job_no_longer_fresh_or_without_its_file_is_made_again_on_its_row(queue):
    tournament = make_tournament()
    job = _ask(tournament)
    job.refresh_from_db()
    first_file = job.file.name
    Job.objects.filter(pk=job.pk).update(finished_at=timezone.now() - dt.timedelta(minutes=11))
    again = _ask(tournament)
    assert again.pk == job.pk and again.state == "done" and again.attempts == 2
    assert again.file.name != first_file and not default_storage.exists(first_file)
    default_storage.delete(again.file.name)  # lost with a disk
    third = _ask(tournament)
    assert third.pk == job.pk and third.attempts == 3 and default_storage.exists(third.file.name)


def test_a_job_is_made_by_one_worker_only():
    assert job_run(123456, _make) == "skipped"  # no such job


def test_a_queue_that_cannot_be_reached_fails_the_job_with_a_reason(queue):
    job = _ask(make_tournament(), task=DownQueue())
    job.refresh_from_db()
    assert job.state == "failed" and "could not be reached (ConnectionError)" in job.error


def test_a_makers_reason_is_kept_as_it_is(queue):
    def refuse(job, report):
        raise JobError("Round 9 has no table 3.")

    class Refusing:
        def enqueue(self, job_id):
            job_run(job_id, refuse)
            return type("Result", (), {"id": "x"})()

    job = _ask(make_tournament(), task=Refusing())
    job.refresh_from_db()
    assert (job.state, job.error, job.file.name) == ("failed", "Round 9 has no table 3.", "")


def _age(path: str, seconds: float) -> None:
    stamp = time.time() - seconds
    os.utime(default_storage.path(path), (stamp, stamp))


def test_pruning_deletes_old_and_superseded_files_and_fails_stuck_jobs(queue):
    now = timezone.now()
    tournament = make_tournament()
    old, superseded, current = (_ask(tournament, document=name) for name in ("a", "b", "c"))
    Job.objects.filter(pk=old.pk).update(finished_at=now - dt.timedelta(days=2))
    for job in (superseded, current):
        Job.objects.filter(pk=job.pk).update(finished_at=now - dt.timedelta(hours=2))
    Job.objects.filter(pk=superseded.pk).update(version=now - dt.timedelta(days=1))
    stuck = Job.objects.create(
        tournament=tournament, kind="printout", name="Stuck", key="s", version=now
    )
    Job.objects.filter(pk=stuck.pk).update(state="running", updated_at=now - dt.timedelta(hours=2))
    files = {job.pk: Job.objects.get(pk=job.pk).file.name for job in (old, superseded, current)}
    orphan = default_storage.save(f"jobs/{tournament.pk}/999-left.pdf", ContentFile(b"x"))
    _age(orphan, 3600)
    fresh_orphan = default_storage.save(f"jobs/{tournament.pk}/998-saving.pdf", ContentFile(b"x"))

    pruned = jobs_prune()

    assert (pruned.deleted, pruned.stuck, pruned.orphans) == (2, 1, 1)
    assert set(Job.objects.values_list("pk", flat=True)) == {current.pk, stuck.pk}
    assert not default_storage.exists(files[old.pk])
    assert not default_storage.exists(files[superseded.pk])
    assert default_storage.exists(files[current.pk])
    assert not default_storage.exists(orphan) and default_storage.exists(fresh_orphan)
    stuck.refresh_from_db()
    assert stuck.state == "failed" and "Try again" in stuck.error


def test_the_worker_prunes_now_and_then(queue, monkeypatch):
    calls = []
    monkeypatch.setattr(worker, "jobs_prune", lambda: calls.append(1))
    monkeypatch.setattr(worker, "_last_prune", float("-inf"))
    _ask(make_tournament(), document="x")
    _ask(make_tournament(), document="y")
    assert calls == [1]  # once, then not again within PRUNE_EVERY_SECONDS


def test_the_prune_command_says_what_it_did(queue, capsys):
    from django.core.management import call_command

    call_command("prune_jobs")
    assert "old job(s) deleted" in capsys.readouterr().out


def test_the_real_worker_runs_a_job_from_the_database_queue(queue):
    """The kinds' tasks go through Django's task framework: here the archive's, on the
    database backend, run by a pass of ``db_worker``."""
    from tournament.exports.background import archive_job_request

    tournament = make_tournament()
    job = archive_job_request(tournament=tournament, asked_by=None)
    assert queued_tasks() == 1 and Job.objects.get(pk=job.pk).state == "queued"
    worker_pass()
    job.refresh_from_db()
    assert job.state == "done" and job.filename == f"{tournament.slug}.json"
    assert queued_tasks() == 0
