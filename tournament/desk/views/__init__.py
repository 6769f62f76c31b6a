"""The judges' desk pages, one module per part of the desk's work.

rounds          the desk's start: a round's tables and their state.
hands           a session's sheet with the hand form and live preview; correcting and deleting.
double_entry    the blind second entry and the head judge's resolution of a mismatch.
sessions        penalties, reconciliation with the signed score card, reopening.
audit           the audit log of a session or of the whole tournament.
event_settings  the tournament's settings that officials may change during the event.

Every view is wrapped in a `tournament.roles` decorator (most through `common.session_page`,
which also loads the session from the address); views parse a form, call one service and render.
"""
