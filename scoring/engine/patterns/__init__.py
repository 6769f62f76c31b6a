"""The Zung Jung v3.3 patterns (RULINGS R1, R4, R6): what each is, how it is found, and the list.

Modules:
- `pattern`: the `Pattern` value (number, name, points, forms, detect, gate), the listed limit.
- `gates`: which gate opens each pattern (a shortcut for the scorer), and the exact gates.
- `detectors`: the detect functions, each ``ctx -> how many times the pattern applies``.
- `catalogue`: `PATTERNS`, the 44 patterns in v3.3 order, and `CHICKEN_HAND`.
"""
