"""The organiser's console: an audience package beside `desk` and `public`.

Everything an organiser (and, for round status and penalties, a head judge) does on the morning
of an event, without the Django admin: create, edit, delete or hide a tournament; the dashboard
and its next step; the roster with its import and export; the roll call; seating; officials;
log-in locks; the printouts page. `views/` holds one module per page family, `forms.py` their
forms, `selectors.py` the reads that join domain packages (the dashboard's facts), `urls.py`
the addresses (namespace ``console``; the addresses as bookmarked). The pages' templates are
under ``templates/tournament/console/``, their assets ``static/tournament/console.css`` and
``console.js``. The writes are the domain packages' services; every view gets its tournament
from `views.common.console_page`.
"""
