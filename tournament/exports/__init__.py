"""Exports: what people take away from the tournament as files.

Vocabulary
----------
export          one downloadable file built from the standings selectors (CSV, Excel, the EMA
                ranking); every export is a public page under the release rule ``STANDINGS``
                (`tournament.release`).
safe cell       a spreadsheet cell that cannot run as a formula: text starting with ``=``,
                ``+``, ``-`` or ``@`` gets a leading apostrophe
                (`tournament.event.spreadsheet.cell_escape`, the one escaping of every export).
archive         the whole tournament as one versioned JSON file (`archive`, pure; `selectors`
                reads it from the database, `services` loads it into one, both through the
                table of row kinds `kinds`), documented in ``docs/archive.md``.
"""
