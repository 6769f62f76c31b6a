"""Reads of play, one module per idea.

rounds      how far each round has gone: played, opened (`round_progress`).
sessions    a session found by its place, its seating, its next hand number.
snapshots   a saved hand as an entry, a snapshot for the audit log, a line for people.
sheet       a session's sheet (hands with running totals) and its card's final rows.
hidden      the hands hidden from a viewer (unconfirmed, entered by someone else).
table       the table page: the table's next hand, its player's open session, table signals.
desk        the round desk's session cards and the table signals they show.
penalties   penalties, warnings and the penalty presets on record.
queries     appeal windows and hand queries.
players     a player's own page: their sessions with their hands, rounds done, penalties.
"""
