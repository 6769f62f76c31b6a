"""The tournament's field labels: one list for the console's edit form and the desk's settings
form, English as before, Chinese on Chinese pages; countries named in the reader's language."""

from django.utils import translation

from tournament.console.forms.roster import PlayerForm
from tournament.console.forms.tournament import TournamentEditForm
from tournament.desk.forms import SettingsForm


def test_both_settings_forms_label_a_field_alike_in_each_language():
    for language, label in (("en", "False win penalty"), ("zh-hant", "詐和罰分")):
        with translation.override(language):
            edit = TournamentEditForm()
            desk = SettingsForm(has_hands=False, highest_hand=0)
            assert str(edit.fields["false_win_penalty"].label) == label
            assert str(desk.fields["false_win_penalty"].label) == label
            assert str(edit.fields["hands_per_session"].label) == (
                "Hands per session" if language == "en" else "每節局數"
            )


def test_countries_are_named_in_the_readers_language():
    with translation.override("en"):
        assert "South Africa" in str(PlayerForm()["country"])
    with translation.override("zh-hans"):
        page = str(PlayerForm()["country"])
        assert "South Africa" not in page and "南非" in page


def test_the_tie_break_codes_are_declared_english_on_chinese_pages_only():
    with translation.override("en"):
        english = str(SettingsForm(has_hands=False, highest_hand=0)["tie_break_order"].help_text)
    assert english == (
        "Comma-separated, first applied first. Known: points, match_points, hands_won, "
        "best_session, head_to_head."
    )
    with translation.override("zh-hant"):
        chinese = TournamentEditForm()["tie_break_order"].help_text
        assert '<code lang="en">points, match_points' in str(chinese)
        assert hasattr(chinese, "__html__")  # shown as HTML, not escaped
