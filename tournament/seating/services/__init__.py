"""Seating writes, one module per idea: `generation` (every round after the kept ones),
`one_round` (one round alone, or from its roll call), `table_change` (a round's second half),
`seats` (saving, swapping and publishing one round's seats), `roster` (roster changes that
reseat), `cut_wait` (refusing rounds that wait for a cut), `bridge` (the ORM to the pure
algorithm and back) and `plan` (what a generation did, in the organiser's words)."""
