"""Exports: what a tournament gives away whole. The archive (`archive`, pure; `selectors` reads
it from the database, `services` loads it into one) is documented in ``docs/archive.md``."""
