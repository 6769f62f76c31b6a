"""The event's writes: officials' settings changes are audited."""

import pytest
from django.core.exceptions import ValidationError

from tests.tournament.builders import make_session, make_user
from tournament.event.services.settings import tournament_settings_update
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


def test_settings_changes_are_audited():
    session = make_session()
    tournament = session.round.tournament
    head = make_user("head")
    tournament_settings_update(tournament=tournament, changes={"double_entry": True}, user=head)
    tournament.refresh_from_db()
    assert tournament.double_entry
    log = AuditEntry.objects.get(action="settings")
    assert log.session is None
    assert log.before == {"double_entry": False, "summary": "Double entry: no"}
    assert log.after["summary"] == "Double entry: yes"
    with pytest.raises(ValidationError):
        tournament_settings_update(tournament=tournament, changes={"name": "x"}, user=head)
