"""Exports: what people take away from the tournament as files (CSV, Excel, the EMA ranking).

Vocabulary
----------
export          one downloadable file built from the standings selectors; every export is a
                public page under the release rule ``STANDINGS`` (`tournament.release`).
safe cell       a spreadsheet cell that cannot run as a formula: text starting with ``=``,
                ``+``, ``-`` or ``@`` gets a leading apostrophe
                (`tournament.event.spreadsheet.cell_escape`, the one escaping of every export).
"""
