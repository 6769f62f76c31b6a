"""Addresses of the organiser's seating pages (namespace ``seating``), under ``/t/<slug>/``."""

from django.urls import path

from . import views

app_name = "seating"

urlpatterns = [
    path("seating/", views.seating_overview, name="seating_overview"),
    path("rounds/<int:number>/seating/", views.seating_round, name="seating_round"),
    path("rounds/<int:number>/seating/publish/", views.seating_publish, name="seating_publish"),
]
