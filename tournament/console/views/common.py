"""What the console's views share: the loader, the address of the roll call and the largest
round number.

Vocabulary
----------
console page    a view addressed by tournament slug: `console_page(role)` checks the role in
                that tournament (`tournament.roles`: organisers by default, head judges for
                round status and penalties), loads the tournament once and calls
                ``view(request, tournament, **rest)``. No console view loads it again.
"""

from __future__ import annotations

from django.urls import reverse

from ...roles import ORGANISER, Role, tournament_page


def console_page(role: Role = ORGANISER):
    """The console's loader (see the module's vocabulary)."""
    return tournament_page(role)


# Round numbers are small integers in the database (Round.number, Registration.checked_in_round):
# a larger one typed in an address would fail the write with a 500, on SQLite and PostgreSQL.
ROUND_NUMBER_MAX = 32767


def checkin_url(tournament, number: int) -> str:
    """The roll call of round ``number``."""
    return f"{reverse('console:checkin', kwargs={'slug': tournament.slug})}?round={number}"
