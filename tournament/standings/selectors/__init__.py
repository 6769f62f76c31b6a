"""Reads for the standings: load kept session scores, hand plain rows to `standings.ranking`.

Modules
-------
inputs          what the ranking is fed: entrants, session results, loose penalties, the rules.
provisional     what is not final yet in the counted rounds (`Provisional`).
board           the ranked standings (`Board`): built, kept in this process, seen by a viewer.
player_card     one player's page (`PlayerCard`).
round_results   a round's results by table (`TableResult`).
cut_review      a cut between stages before it is confirmed, and once its scores changed.
"""
