"""The health page's reads: what is wrong or unfinished in a tournament's play, and where.

report          the problems by kind: a registry of small checks over reads they share.
known_totals    what the page knows of the kept totals from the background full check and the
                sessions written since.
"""
