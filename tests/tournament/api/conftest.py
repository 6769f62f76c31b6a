"""The API tests read the small played event of `builders.make_played_event`."""

import pytest

from tests.tournament.builders import PlayedEvent, make_played_event


@pytest.fixture
def event(db) -> PlayedEvent:
    return make_played_event()
