"""``python manage.py print``: writes the PDF, says why not when it cannot."""

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.builders import make_players, make_seated_round, make_tournament
from tests.tournament.printing.pdf_reading import needs_poppler, page_count

pytestmark = pytest.mark.django_db


@needs_poppler
def test_print_writes_the_pdf_with_a_progress_bar(tmp_path, capsys):
    tournament = make_tournament()
    make_seated_round(tournament, make_players(tournament, 8))
    target = tmp_path / "cards.pdf"
    call_command(
        "print",
        "blank-scorecards",
        "--tournament",
        tournament.slug,
        "--round",
        "1",
        "-o",
        str(target),
    )
    assert page_count(target.read_bytes()) == 2
    captured = capsys.readouterr()
    assert "Wrote" in captured.out and "1/1" in captured.err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["scorecards", "--tournament", "nope"], "No tournament"),
        (["scorecards", "--tournament", "{slug}"], "give --round"),
        (["seating", "--tournament", "{slug}", "--round", "5"], "has no round 5"),
        (["standings", "--tournament", "{slug}"], "no players"),
    ],
)
def test_print_refuses_bad_input_with_a_reason(tmp_path, arguments, message):
    tournament = make_tournament()
    arguments = [a.format(slug=tournament.slug) for a in arguments]
    with pytest.raises(CommandError, match=message):
        call_command("print", *arguments, "-o", str(tmp_path / "x.pdf"), "--no-progress")
    assert not (tmp_path / "x.pdf").exists()
