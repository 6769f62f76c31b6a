"""Writes to the event, one module per idea: `admission` (the door into the roster),
`registrations` (adding, editing, withdrawing, reinstating, importing players), `roll_call`,
`settings` (the settings officials change during the event), `tournaments` (making and editing
tournaments), `rounds` (tables and a round's status) and `officials`.

Every function is ``<noun>_<verb>`` with keyword-only arguments and runs in one transaction, so
a failure leaves nothing half-saved; the writes the public sees are public writes
(`tournament.audit.public_write`: they move the tournament's last write)."""
