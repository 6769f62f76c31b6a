"""Addresses of the printouts (namespace ``printing``), under ``/t/<slug>/print/``."""

from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("", views.printouts, name="printouts"),
    path("<slug:identifier>.pdf", views.printout_download, name="printout_download"),
]
