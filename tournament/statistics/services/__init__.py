"""Writes of the statistics.

Modules
-------
awards          the organiser's awards: define, change, remove, publish (`award_save`...).
"""
