"""Addresses of the PDF downloads (namespace ``printing``), under ``/t/<slug>/print/``; the root
URL joins this namespace the console's printouts page at ``""``. A long printout's job has its
page, its file and its *Try again* under ``jobs/<pk>/``."""

from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("<slug:identifier>.pdf", views.printout_download, name="printout_download"),
    path("jobs/<int:pk>/", views.printout_job, name="printout_job"),
    path("jobs/<int:pk>/file/", views.printout_job_file, name="printout_job_file"),
    path("jobs/<int:pk>/retry/", views.printout_job_retry, name="printout_job_retry"),
]
