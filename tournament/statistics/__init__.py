"""Statistics of an event, from the stored hands: what players talk about after a session.

Modules
-------
rows            pure: the rows the selectors read from the database (plain tuples).
figures         pure: those rows in, every figure out (`EventFigures`).
chart           pure: the charts' geometry.
ranks           pure: each player's place after every round, from the standings' rows.
awards          pure: who wins an award, the tie rules.
services/       writes: the organiser's awards.
selectors/      reads: `released` (which hands a viewer may count, the release rules' one
                predicate for hands), `event` (every figure in a constant number of grouped
                queries, kept per version), `player` (one player's figures beside the event's),
                `awards` (the awards with their winners).
"""
