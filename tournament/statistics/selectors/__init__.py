"""Reads of the statistics.

Modules
-------
released        the hands a viewer may count (`released_hands`).
event           the event's figures (`event_statistics`), kept per version; `statistics_seen`.
player          one player's figures, the event's average, their rank history.
awards          the awards with their winners.
"""
