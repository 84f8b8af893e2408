"""Curly-bracket restrictions: how the name inside the brackets is written decides what it
matches (kingdom-duels/clarifications#bracket-syntax)."""
import pytest

from scenarios.engine.card_filters import (EXACT_NAME, MONSTER_TYPE, NAME_CONTAINS,
                                           bracket_problem, name_contains, parse_bracket)
from scenarios.engine.primitives import check_card_spec


@pytest.mark.parametrize("text, expected", [
    ('{ only on a "Rulebook" monster }', (NAME_CONTAINS, "Rulebook")),
    ('a "Soldier" monster', (NAME_CONTAINS, "Soldier")),
    ('an \u201cOgre\u201d monster', (NAME_CONTAINS, "Ogre")),
    ('{ only on "Rulebook" }', (EXACT_NAME, "Rulebook")),
    ('"Kingdom Soldier"', (EXACT_NAME, "Kingdom Soldier")),
    ('{ only on a Rulebook monster }', (MONSTER_TYPE, "Rulebook")),
    ('a Winged Beast monster', (MONSTER_TYPE, "Winged Beast")),
])
def test_the_wording_decides_the_reading(text, expected):
    assert parse_bracket(text) == expected


@pytest.mark.parametrize("text", ["Rulebook", "only on Rulebook", 'a "Rulebook', ""])
def test_other_wordings_are_refused(text):
    with pytest.raises(ValueError):
        parse_bracket(text)
    assert bracket_problem(text)


def test_name_contains_matches_whole_words():
    assert name_contains(["Kingdom Soldier Veteran"], "Soldier")
    assert name_contains(["Kingdom Soldier's Pike"], "Soldier")
    assert not name_contains(["Kingdom Soldiering"], "Soldier")
    assert name_contains(["Kingdom Knight Soldier", "Kingdom Wolf"], "Wolf")


def test_the_catalog_check_refuses_a_badly_written_bracket():
    spec = {"target": {"card": "monster", "only_on": "Rulebook"}, "resolve": []}
    assert "only_on" in check_card_spec(spec)
    spec = {"resolve": [{"search_deck": {"filter": {"only_on": "only on Rulebook"}}}]}
    assert "only_on" in check_card_spec(spec)
    assert check_card_spec({"target": {"card": "monster", "only_on": '"Rulebook"'},
                            "resolve": []}) is None
