"""Chinese names on Chinese pages (`tournament.names`: *Chinese form* and *name order*): the
form of a name in each language, the tight form, and the order of a list sorted by name."""

from django.template import Context, Template
from django.utils import translation

from tournament.names import Names, Person, name_key, page_name

CHAN = Person(1, "Tai Man Chan", "Tai Man", "Chan", 3, "HK", "陳大文")
LEE = Person(2, "Ka Yan Lee", "Ka Yan", "Lee", 2, "HK", "李嘉欣")
ZHANG = Person(3, "Wei Zhang", "Wei", "Zhang", 1, "CN", "张伟")
ADAMS = Person(4, "Ann Adams", "Ann", "Adams", 4, "GB")
WU = Person(5, "Bo Wu", "Bo", "Wu", 5, "GB")
PEOPLE = [CHAN, LEE, ZHANG, ADAMS, WU]


def test_a_chinese_page_shows_the_chinese_name_family_first_beside_the_romanised_one():
    assert page_name("Tai Man Chan", "陳大文", "zh-hant") == "陳大文 Tai Man Chan"
    assert page_name("Tai Man Chan", "陳大文", "zh-hans") == "陳大文 Tai Man Chan"
    assert page_name("Tai Man Chan", "陳大文", "zh-hant", tight=True) == "陳大文"


def test_an_english_page_and_a_player_without_a_chinese_name_keep_todays_form():
    assert page_name("Tai Man Chan", "陳大文", "en") == "Tai Man Chan"
    assert page_name("Ann Adams", "", "zh-hant") == "Ann Adams"
    assert page_name("Ann Adams", "", "zh-hans", tight=True) == "Ann Adams"


def test_the_active_language_decides_when_none_is_given():
    with translation.override("zh-hant"):
        assert page_name("Tai Man Chan", "陳大文") == "陳大文 Tai Man Chan"
        assert Names(PEOPLE).label(1) == "陳大文 Tai Man Chan"
    with translation.override("en"):
        assert page_name("Tai Man Chan", "陳大文") == "Tai Man Chan"
        assert Names(PEOPLE).label(1) == "Tai Man Chan"


def test_labels_keep_what_tells_same_names_apart_and_short_labels_fall_back_on_twins():
    twins = [
        Person(1, "Wei Wang", "Wei", "Wang", 12, "CN", "王偉"),
        Person(2, "Wei Wang", "Wei", "Wang", 30, "CN", "王偉"),
        Person(3, "Bo Li", "Bo", "Li", 31, "CN", "李波"),
    ]
    names = Names(twins, "zh-hant")
    assert names.label(1) == "王偉 Wei Wang (#12)"
    assert names.short_label(1) == "王偉 Wei Wang (#12)"  # the Chinese name alone is not enough
    assert names.short_label(3) == "李波"
    assert Names(twins, "en").short_label(3) == "Bo Li"
    assert Names(twins, "zh-hant").romanised(3) == "Bo Li"


def test_english_lists_keep_the_family_order():
    order = sorted(PEOPLE, key=lambda person: name_key(person, "en"))
    assert [person.family_name for person in order] == ["Adams", "Chan", "Lee", "Wu", "Zhang"]


def test_simplified_lists_sort_chinese_names_by_pinyin_then_the_others_in_family_order():
    order = sorted(PEOPLE, key=lambda person: name_key(person, "zh-hans"))
    # chén, lǐ, zhāng: pinyin order; then Adams, Wu by family name.
    assert [person.player_id for person in order] == [1, 2, 3, 4, 5]
    assert Names(PEOPLE, "zh-hans").name_ordered(PEOPLE) == order


def test_traditional_lists_sort_chinese_names_by_radical_and_stroke():
    order = sorted(PEOPLE, key=lambda person: name_key(person, "zh-hant"))
    # 张 (radical 57 弓), 李 (75 木), 陳 (170 阜): the radical-stroke order of a dictionary.
    assert [person.chinese_name for person in order[:3]] == ["张伟", "李嘉欣", "陳大文"]
    assert [person.family_name for person in order[3:]] == ["Adams", "Wu"]


def test_the_player_name_filter_applies_the_same_rule():
    template = Template('{% load names %}{{ player|player_name }}|{{ player|player_name:"tight" }}')

    class Player:
        name = "Tai Man Chan"
        chinese_name = "陳大文"

    with translation.override("zh-hans"):
        assert template.render(Context({"player": Player()})) == "陳大文 Tai Man Chan|陳大文"
    with translation.override("en"):
        assert template.render(Context({"player": Player()})) == "Tai Man Chan|Tai Man Chan"


def test_a_player_unknown_to_the_tournament_comes_last_in_every_language():
    for language in ("en", "zh-hant", "zh-hans"):
        names = Names(PEOPLE, language)
        ordered = sorted([99, 1, 4], key=names.name_key)
        assert ordered[-1] == 99
