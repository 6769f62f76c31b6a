"""A judge's entry and its evaluation through the scoring engine. Pure: no Django, no models.

Modules: `hand_entry` (the entry, the seating, the entry in words) and `evaluation` (the rules,
an entry checked and scored).
"""
