"""Django app configuration for the tournament app."""

from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Tournament"
