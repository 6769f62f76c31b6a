"""An organiser asks for a long standings PDF in a real browser: the job's page shows its
progress while no worker runs, a real database worker (``manage.py db_worker``, a process of
its own on the same database) makes it, htmx turns the page into the link, and the PDF read
back (poppler) is the standings; no Content-Security-Policy violation on the way."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from playwright.sync_api import expect

from benchmarks.http_desk import database_url
from tests.tournament.builders import make_players, make_tournament
from tests.tournament.jobs.queue import DATABASE_QUEUE
from tests.tournament.printing.pdf_reading import needs_poppler, page_count, text
from tournament.models import Job, TournamentOfficial

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), needs_poppler]
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = 150  # five pages of standings: longer than PRINT_IMMEDIATE_PAGES (4)


@pytest.fixture
def worker(settings, tmp_path):
    """Start a real ``db_worker`` on the test database when called; stopped at the end."""
    settings.TASKS = DATABASE_QUEUE
    settings.MEDIA_ROOT = str(tmp_path)
    settings.PRINT_IMMEDIATE_PAGES = 4
    started = []

    def start():
        env = dict(
            os.environ,
            DATABASE_URL=database_url(connection.settings_dict),
            DJANGO_SETTINGS_MODULE="tests.settings",
            DJANGO_TASKS_BACKEND="database",
            DJANGO_MEDIA_ROOT=str(tmp_path),
        )
        command = [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.2"]
        started.append(
            subprocess.Popen(
                command, cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL
            )
        )

    yield start
    for process in started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=30)


def test_an_organiser_watches_the_standings_pdf_being_made(page, live_server, worker, artifacts):
    problems = []
    page.on(
        "console",
        lambda message: (
            problems.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    tournament = make_tournament(name="Background Open")
    make_players(tournament, PLAYERS)
    user = get_user_model().objects.create_user("organiser", password="pw")
    TournamentOfficial.objects.create(user=user, tournament=tournament, role="organiser")
    base, slug = live_server.url, tournament.slug
    page.goto(f"{base}/login/?next=/t/{slug}/print/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/t/{slug}/print/")

    with page.context.expect_page() as opened:
        page.locator("#printout-standings a.button").click()  # opens a new tab
    tab = opened.value
    tab.on(
        "console",
        lambda message: problems.append(message.text) if "Refused" in message.text else None,
    )
    tab.wait_for_url(f"{base}/t/{slug}/print/jobs/*/")
    expect(tab.locator("#job-progress")).to_be_visible()
    expect(tab.locator("#job-status")).to_contain_text("Waiting for a worker")
    tab.screenshot(path=str(artifacts / "background-pdf-waiting.png"), full_page=True)

    worker()  # the worker comes; the page (htmx, every second) follows it
    link = tab.locator("#job-file")
    expect(link).to_be_visible(timeout=120_000)
    tab.screenshot(path=str(artifacts / "background-pdf-ready.png"), full_page=True)
    job = Job.objects.get()
    assert (job.state, job.progress, job.attempts) == ("done", 100, 1)

    href = link.get_attribute("href")
    assert href == f"/t/{slug}/print/jobs/{job.pk}/file/"
    with tab.context.expect_event("response", predicate=lambda r: r.url.endswith(href)) as answer:
        link.click()
    assert answer.value.status == 200
    assert answer.value.headers["content-type"] == "application/pdf"
    # The browser hands a PDF to its download, which keeps no body: fetch it again as the
    # organiser to read it.
    data = tab.request.get(base + href).body()
    printed = text(data)
    assert page_count(data) >= 4
    assert "Background Open" in printed and "Standings" in printed
    assert f"Player {tournament.pk}-{PLAYERS}" in printed
    assert problems == []
