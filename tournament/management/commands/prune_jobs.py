"""``python manage.py prune_jobs``: delete the background jobs' old files (finished more than a
day ago, or out of date for an hour) and mark the stuck ones failed (`tournament.jobs`). A
worker does the same now and then; run this from cron where workers are often idle."""

from django.core.management.base import BaseCommand

from tournament.jobs.services.pruning import jobs_prune


class Command(BaseCommand):
    help = "Delete old files of background jobs and mark stuck jobs failed."

    def handle(self, *args, **options):
        self.stdout.write(str(jobs_prune()))
