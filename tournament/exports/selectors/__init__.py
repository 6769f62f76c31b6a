"""Reads for the archive: a tournament from the database as an archive dict (`..archive`).

Modules: `snapshot` (the one consistent, read-only snapshot every part is read in), `archive`
(the whole archive: its parts, and the entry points that return or write it) and `streams` (the
sessions with their hands and the audit log, read while they are written).
"""
