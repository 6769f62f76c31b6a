"""Reads of the statistics.

Modules
-------
released        the hands a viewer may count (`released_hands`).
event           the event's figures (`event_statistics`), kept per version; `statistics_seen`.
ranks           each player's place after every counted round (`rank_history`).
"""
