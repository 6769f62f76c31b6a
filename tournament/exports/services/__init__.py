"""Writes for the archive: an archive (`..archive`) loaded into the database, whole or not at all.

Modules: `importing` (`tournament_import`: the checks, the unit of work, the officials, the
tournament, the roster, tables, rounds, presets, links, queries and stages) and `play` (the
sessions with their hands, the penalties and the audit log).
"""
