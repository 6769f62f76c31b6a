"""The tournament archive: one JSON file with everything about a tournament. Pure: no Django.

Modules: `format` (what an archive holds: its format and version, the settings it carries, the
translation of players between ids and numbers, the upgrade of older versions), `text` (the
canonical text, written whole or piece by piece, and read back) and `checks` (everything wrong
with an archive, every hand re-scored). The vocabulary is `format`'s.
"""
