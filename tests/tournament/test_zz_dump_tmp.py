import re
import pytest
from django.conf import settings
from tests.tournament.test_language_walk import walked, _client, visible_text  # noqa
pytestmark = pytest.mark.django_db
def test_dump(walked):
    tournament, pages, left = walked
    for name, address, role in pages["console"] + pages["desk"]:
        if name not in ("event:rounds","event:penalty_presets","event:stages","event:cut","event:tournament_edit","desk:tournament_settings_update"):
            continue
        c = _client(role); c.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hant"
        t = visible_text(c.get(address).content.decode())
        for w in left(t):
            for m in re.finditer(r"(?<![A-Za-z])"+re.escape(w)+r"(?![A-Za-z])", t):
                print(name, "|", t[max(0,m.start()-60):m.end()+60])
