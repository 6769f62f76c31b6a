"""The public pages: what players and spectators see, each declaring its release rule.

pages           the tournament, its players, rounds (with seating), tables and standings.
calculator      the hand calculator: the desk's preview for everyone, nothing saved.
"""
