"""Statistics of an event, from the stored hands: what players talk about after a session.

Modules
-------
figures         pure: the rows the selectors read in, every figure out (`EventFigures`).
selectors/      reads: `released` (which hands a viewer may count, the release rules' one
                predicate for hands), `event` (every figure in a constant number of grouped
                queries, kept per version), `ranks` (each player's place after every round).
"""
