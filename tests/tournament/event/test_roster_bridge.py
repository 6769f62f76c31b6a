"""The console's import page and ``import_players`` cross one bridge (`roster_bridge`): for the
same file they make the same plan, line by line, and say the same summary (issue 21, point 5).
"""

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse

from tests.tournament.builders import make_tournament, make_user
from tournament.event import roster_bridge
from tournament.event.roster_columns import RowsError
from tournament.event.services.registrations import registration_add

pytestmark = pytest.mark.django_db

# A registered player (unchanged), a known player of another event (registered), a country
# alias, a same-name pair told apart by country, and new players.
FILE = (
    "Given name,Family name,Country,Club,EMA number\n"
    "Alan,Chan,Hong Kong,Kowloon,E1\n"
    "Mei,Wong,JP,,E2\n"
    "Wei,Wang,usa,Bay,\n"
    "Wei,Wang,China,,\n"
    "Ann,Lee,Germany,,E9\n"
)


@pytest.fixture
def tournament():
    tournament = make_tournament()
    registration_add(tournament=tournament, given_name="Alan", family_name="Chan",
                              country="HK", external_id="E1")  # fmt: skip
    registration_add(tournament=make_tournament(slug="other"), given_name="Mei",
                              family_name="Wong", country="JP", external_id="E2")  # fmt: skip
    return tournament


def _command(tournament, path, *options) -> list[str]:
    from io import StringIO

    out = StringIO()
    call_command("import_players", "--tournament", tournament.slug, str(path), *options, stdout=out)
    return out.getvalue().splitlines()


def _page_plan(client, tournament, data):
    response = client.post(reverse("console:roster_import", args=[tournament.slug]), data)
    assert response.status_code == 200
    return response.context["plan"], response.content.decode()


def test_the_page_and_the_command_plan_a_file_alike_and_say_the_same(client, tournament, tmp_path):
    client.force_login(make_user("superuser"))
    path = tmp_path / "players.csv"
    path.write_text(FILE, encoding="utf-8")
    upload = SimpleUploadedFile("players.csv", FILE.encode(), content_type="text/csv")

    plan, page = _page_plan(client, tournament, {"file": upload, "header": "auto"})
    said = _command(tournament, path, "--dry-run")
    assert said[0] == "Read as UTF-8." and "Read as UTF-8." in page
    assert said[1:-1] == [roster_bridge.line_report(line) for line in plan.lines]
    assert [line.action for line in plan.lines] == ["skip", "register", "new", "new", "new"]
    summary = roster_bridge.import_summary(plan.counts())
    assert said[-1] == f"Dry run, nothing saved: would import {summary}."
    assert f"Would import {summary}." in page

    with transaction.atomic():  # the command's import, undone, to compare what it says
        saved_by_command = _command(tournament, path)[-1]
        transaction.set_rollback(True)
    response = client.post(reverse("console:roster_import_confirm", args=[tournament.slug]))
    assert response.status_code == 302
    [message] = [str(m) for m in get_messages(response.wsgi_request)]
    assert message == saved_by_command == roster_bridge.imported_message(plan.counts())
    assert message == (
        "Imported: 3 new player(s), 1 existing player(s) registered, "
        "1 already registered (unchanged)."
    )
    assert tournament.registrations.count() == 5


def test_without_a_header_the_columns_given_make_the_same_plan(client, tournament, tmp_path):
    client.force_login(make_user("superuser"))
    body = FILE.split("\n", 1)[1]
    path = tmp_path / "players.csv"
    path.write_text(body, encoding="utf-8")
    columns = ["given_name", "family_name", "country", "club", "external_id"]
    data = {"text": body, "header": "no"}
    data.update({f"column_{i}": name for i, name in enumerate(columns, start=1)})
    plan, _ = _page_plan(client, tournament, data)
    said = _command(tournament, path, "--dry-run", "--columns", ",".join(columns))
    assert [line.line for line in plan.lines] == [1, 2, 3, 4, 5]
    assert said[1:-1] == [roster_bridge.line_report(line) for line in plan.lines]


def test_rows_without_a_header_or_columns_are_refused_with_the_way_to_fix_it():
    rows = [["Chan", "Alan"]]
    with pytest.raises(RowsError, match="give the file a header row, or choose what each"):
        roster_bridge.import_source(rows)
    with pytest.raises(RowsError, match="or give --columns in file order"):
        roster_bridge.import_source(rows, how_to_give_columns="give --columns in file order")
    source = roster_bridge.import_source(rows, header="no", columns=["family_name", "given_name"])
    assert (source.columns, source.first_line) == (["family_name", "given_name"], 1)
