"""Addresses of the downloads (namespace ``exports``), under ``/t/<slug>/exports/``."""

from django.urls import path

from . import views

app_name = "exports"

urlpatterns = [
    path("standings.<str:export_format>", views.standings_export, name="standings_export"),
    path("ema.csv", views.ema_export, name="ema_export"),
]
