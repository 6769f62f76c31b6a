"""Template tag libraries of the scoring app (``{% load tiles %}``)."""
