"""Filters that write the statistics' figures for people (``{% load figures %}``).

Vocabulary: a *rate* is a count per hand played (`tournament.statistics.figures`), written as a
percentage with one decimal; an *average* is written with one decimal; either is a dash when
there is nothing to count (no hand played, no hand won).
"""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

register = template.Library()

NOTHING = "–"


@register.filter
def percent(rate) -> str:
    """0.253 -> "25.3%"; None -> "–"."""
    if rate is None:
        return NOTHING
    return f"{number_format(rate * 100, 1)}%"


@register.filter
def average(value) -> str:
    """12.345 -> "12.3"; None -> "–"."""
    if value is None:
        return NOTHING
    return number_format(value, 1)
