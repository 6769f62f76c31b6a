"""Addresses of the PDF downloads (namespace ``printing``), under ``/t/<slug>/print/``; the root
URL joins this namespace the console's printouts page at ``""``."""

from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("<slug:identifier>.pdf", views.printout_download, name="printout_download"),
]
