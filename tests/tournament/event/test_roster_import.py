"""The import planner (`event.roster_import`): plain rows in, every row's fate and problem out."""

import pytest

from tournament.event.roster_columns import RowsError, columns_from_header, header_looks_like
from tournament.event.roster_import import KnownPlayer, plan_import

COUNTRIES = {"hong kong": "HK", "hk": "HK", "hkg": "HK", "japan": "JP", "jp": "JP", "gb": "GB"}


def plan(rows, header=("given name", "family name", "country", "EMA number"), **kwargs):
    return plan_import(
        rows, columns=columns_from_header(list(header)), countries=COUNTRIES, **kwargs
    )


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        pytest.param(["First name", "Last name"], ["given_name", "family_name"], id="first-last"),
        pytest.param(["Given Name", "Surname"], ["given_name", "family_name"], id="given-surname"),
        pytest.param(["EMA number", "Name"], ["external_id", "name"], id="ema-full-name"),
        pytest.param(
            ["Chinese name", "family_name", "No."],
            ["chinese_name", "family_name", "number"],
            id="chinese-number",
        ),
        pytest.param(
            ["external id", "Last_Name", "Country", "Club", ""],
            ["external_id", "family_name", "country", "club", None],
            id="trailing-empty",
        ),
    ],
)
def test_header_variants_name_the_same_fields(header, expected):
    assert columns_from_header(header) == expected


def test_duplicate_and_unknown_columns_are_refused_with_their_positions():
    with pytest.raises(RowsError) as error:
        columns_from_header(["First name", "Last name", "Shoe size", "Surname"])
    message = str(error.value)
    assert "Column 3 ('Shoe size') is not a known column" in message
    assert "Columns 2 and 4 both give the family name" in message


def test_a_header_without_a_name_column_is_refused():
    with pytest.raises(RowsError, match="No name column"):
        columns_from_header(["Country", "Club"])


def test_header_detection_tells_a_header_from_a_player_row():
    assert header_looks_like(["Given name", "Family name", "Country"])
    assert not header_looks_like(["Alan", "Chan", "HK"])


def test_every_problem_is_on_its_line_and_nothing_passes():
    result = plan(
        [
            ["Alan", "", "HK", ""],  # line 2: missing family name
            ["", "", "", ""],  # blank: skipped
            ["Bea", "Bo", "Atlantis", ""],  # line 4: unknown country
            ["Cy", "Chu", "JP", "E1"],
            ["Di", "Do", "JP", "e1"],  # line 6: duplicate external id (case-insensitive)
        ]
    )
    assert not result.ok
    assert result.problem_messages() == [
        "Line 2: Missing family name for 'Alan'.",
        "Line 4: Unknown country 'Atlantis': give its English name or ISO code (e.g. HK, GB).",
        "Line 6: Duplicate external id 'e1': line 5 has it too.",
    ]


def test_countries_are_read_as_names_or_codes():
    result = plan([["A", "One", "Hong Kong", ""], ["B", "Two", "hkg", ""], ["C", "Three", "", ""]])
    assert [line.values["country"] for line in result.lines] == ["HK", "HK", ""]


def test_numbers_are_kept_checked_for_duplicates_and_assigned_when_absent():
    header = ("family name", "number")
    known = [KnownPlayer(9, "Old", "Timer", number=3)]
    result = plan([["A", "2"], ["B", ""], ["C", "2"], ["D", "3"], ["E", "x"]], header, known=known)
    problems = result.problem_messages()
    assert "Line 4: Duplicate number '2': line 2 has it too." in problems
    assert "Line 5: Number 3 is taken by Old Timer." in problems
    assert "Line 6: Number 'x' is not a whole number of 1 or more." in problems
    assert result.lines[1].number == 4  # after the highest number in use (3)


def test_existing_players_match_by_external_id_then_by_name_and_country():
    known = [
        KnownPlayer(1, "Alan", "Chan", "HK", "EMA1"),
        KnownPlayer(2, "Mei", "Wong", "HK", ""),
        KnownPlayer(3, "Ken", "Sato", "JP", "EMA3", number=1),
    ]
    result = plan(
        [
            ["Alan", "Chan", "", "ema1"],  # by external id, even without a country
            ["mei", "WONG", "HK", ""],  # by name and country
            ["Mei", "Wong", "JP", ""],  # another country: a new player
            ["Ken", "Sato", "JP", "EMA3"],  # already registered
        ],
        known=known,
    )
    assert result.ok
    assert [(line.action, line.player_id) for line in result.lines] == [
        ("register", 1),
        ("register", 2),
        ("new", None),
        ("skip", 3),
    ]
    assert "matched by external id" in result.lines[0].notices[0]
    assert "matched by name and country" in result.lines[1].notices[0]
    assert result.lines[3].notices[0].startswith("Already registered as number 1")


def test_an_external_id_that_belongs_to_someone_else_is_a_problem():
    known = [KnownPlayer(1, "Alan", "Chan", "HK", "EMA1")]
    result = plan([["Bob", "Lee", "HK", "EMA1"]], known=known)
    assert result.problem_messages() == [
        "Line 2: External id 'EMA1' belongs to Alan Chan, not Bob Lee."
    ]


def test_a_full_name_is_split_with_the_last_word_as_family_name():
    result = plan([["EMA9", "Mei Ling Wong"]], ("EMA number", "name"))
    line = result.lines[0]
    assert (line.values["given_name"], line.values["family_name"]) == ("Mei Ling", "Wong")


def test_formula_text_is_kept_as_typed_with_a_notice():
    result = plan([["=cmd|' /C calc'!A0", "Evil", "", ""]])
    assert result.ok
    assert result.lines[0].values["given_name"] == "=cmd|' /C calc'!A0"
    assert "stored as text" in result.lines[0].notices[0]


def test_too_many_cells_and_too_long_fields_are_problems():
    result = plan([["A", "B" * 81, "", "", "extra"]])
    assert result.problem_messages() == [
        "Line 2: 1 more cell(s) than the header has columns ('extra'...).",
        "Line 2: The family name is 81 characters long; at most 80.",
    ]


def test_a_file_with_only_a_header_has_no_rows():
    assert plan([]).problem_messages() == ["The file has no player rows."]
