"""The play package's writes, one module per idea: `hands` (preview, save, correct, delete),
`double_entry` (a blind second entry, a check, a resolution), `sessions` (the open-session
guard, opened, reconciled, reopened), `penalties` (record, correct, delete), `presets` (the
tournament's penalty presets), `table` (the table's and the desk's entries of a hand),
`queries` (the appeal window's hand queries), `clock` (the round clock), `scores` (the kept
session totals) and `totals` (the background check of every session's totals).
"""
