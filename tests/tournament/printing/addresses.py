"""The printing pages' addresses for the tests: a printout's download (with its query) and a
printout job's pages."""

from django.urls import reverse


def download(tournament, identifier, **query):
    address = reverse("printing:printout_download", args=[tournament.slug, identifier])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def job_url(job, name="printout_job"):
    return reverse(f"printing:{name}", args=[job.tournament.slug, job.pk])
