"""Bad scenario files fail alone and loudly: file, line and field in every message."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import Catalog, default_catalog
from scenarios.engine.duel import Duel
from scenarios.engine.primitives import check_card_spec

GOOD = textwrap.dedent("""\
    slug: tiny
    format: core
    rule: core/chains#resolving-backwards
    title: A tiny scenario
    narrative: Player A activates Pot of Greed.
    setup:
      turn: {number: 3, player: A, phase: main1}
      players:
        A:
          lp: 8000
          hand: [{id: pot, card: Pot of Greed}]
          deck: 5
        B:
          lp: 8000
          deck: 5
    steps:
      - {player: A, activate: pot}
      - {player: B, pass: true}
      - {player: A, pass: true}
    expect:
      zones:
        A: {hand: 2}
    """)


def run(text):
    scenario = parse_scenario(text, "tiny.yaml", formats={"core"})
    return replay(scenario, Duel, default_catalog())


def error_of(text):
    with pytest.raises(ScenarioError) as raised:
        run(text)
    return raised.value


def test_the_good_file_passes():
    assert run(GOOD).status == "passed"


def test_invalid_yaml_names_the_line():
    error = error_of(GOOD.replace("deck: 5\n    B:", "deck: [5\n    B:"))
    assert error.file == "tiny.yaml" and error.field == "yaml" and error.line


def test_unknown_top_level_field():
    error = error_of(GOOD + "colour: blue\n")
    assert (error.field, error.line) == ("colour", 23)


def test_unknown_player_field_names_its_path():
    error = error_of(GOOD.replace("      lp: 8000\n      hand", "      lp: 8000\n      hnad", 1))
    assert error.field == "setup.players.A.hnad" and error.line == 11


def test_unknown_card_names_the_card_and_line():
    error = error_of(GOOD.replace("card: Pot of Greed", "card: Pot of Greedd"))
    assert "unknown card 'Pot of Greedd'" in str(error) and error.line == 11
    assert error.field == "setup.players.A.hand[0].card"


def test_card_in_two_zones_is_impossible():
    error = error_of(GOOD.replace("deck: 5\n    B:", "deck: 5\n      graveyard: [{id: pot, card: Sangan}]\n    B:"))
    assert "is in two places" in error.message and error.line == 13


def test_six_monsters_do_not_fit_five_zones():
    monsters = "\n".join(f"        - {{id: m{n}, card: Sangan, position: attack}}" for n in range(6))
    error = error_of(GOOD.replace("      deck: 5\n    B:", f"      deck: 5\n      monsters:\n{monsters}\n    B:"))
    assert "6 monsters do not fit in 5 Monster Zones" in error.message
    assert error.field == "setup.players.A"


def test_spell_in_a_monster_zone_is_impossible():
    error = error_of(GOOD.replace("hand: [{id: pot, card: Pot of Greed}]",
                                  "monsters: [{id: pot, card: Pot of Greed, position: attack}]"))
    assert "not a monster" in error.message


def test_unknown_step_field_and_missing_action():
    assert error_of(GOOD.replace("{player: B, pass: true}", "{player: B, pas: true}")).line == 18
    assert "exactly one action" in error_of(GOOD.replace("{player: B, pass: true}",
                                                         "{player: B}")).message


def test_a_step_for_a_player_not_in_the_duel_names_the_step():
    error = error_of(GOOD.replace("{player: B, pass: true}", "{player: C, pass: true}"))
    assert error.line == 18 and error.field == "steps[1].player"
    assert "C is not in this duel" in error.message


def test_unscripted_choice_is_an_error_at_its_step():
    text = GOOD.replace("hand: [{id: pot, card: Pot of Greed}]",  # a Normal Trap, Set earlier
                        "spell_trap: [{id: pot, card: Poison of the Old Man, face: down, "
                        "set_turn: 2}]")
    error = error_of(text)
    assert error.line == 17 and error.field == "steps[0].choose" and "gain, damage" in error.message


def test_unused_choice_is_an_error():
    error = error_of(GOOD.replace("activate: pot}", "activate: pot, choose: gain}"))
    assert "no options" in error.message


def test_unused_step_after_the_duel_ends_fails_the_scenario():
    text = GOOD.replace("lp: 8000\n      hand", "lp: 8000\n      hand", 1) + ""
    text = text.replace("- {player: A, pass: true}", "- {player: A, pass: true}\n  - {player: A, concede: true}\n  - {player: B, pass: true}")
    result = run(text)
    assert result.status == "failed" and "duel_over" in result.message


def test_illegal_step_not_marked_as_expected_fails_with_its_reason():
    text = GOOD.replace("- {player: B, pass: true}", "- {player: A, pass: true}")
    result = run(text)
    assert result.status == "failed" and "no_priority" in result.message


def test_unknown_mutation_is_refused():
    with pytest.raises(ValueError):
        Duel(default_catalog(), mutation="chain-order:sideways")


def test_catalog_rejects_unknown_primitives_with_file_and_field(tmp_path):
    (tmp_path / "bad.yaml").write_text(
        "- name: Odd Card\n  kind: spell\n  subtype: normal\n  activation:\n"
        "    resolve:\n    - explode: 3\n")
    with pytest.raises(ScenarioError) as raised:
        Catalog.load(tmp_path, vocabulary=check_card_spec)
    assert raised.value.file == "bad.yaml" and raised.value.field == "activation"
    assert "unknown primitive 'explode'" in raised.value.message


def test_catalog_rejects_unknown_fields(tmp_path):
    (tmp_path / "bad.yaml").write_text("- name: X\n  kind: monster\n  subtype: normal\n  colour: red\n")
    with pytest.raises(ScenarioError) as raised:
        Catalog.load(tmp_path)
    assert raised.value.field == "colour" and raised.value.line == 4


def test_the_engine_imports_nothing_from_django():
    import pathlib
    import re
    engine = pathlib.Path(__file__).resolve().parents[2] / "scenarios" / "engine"
    for path in engine.rglob("*.py"):
        assert not re.search(r"^\s*(import|from)\s+django", path.read_text(), re.M), path


def test_state_written_back_as_setup_replays_to_the_same_state():
    result = run(GOOD)
    duel = result.duel
    again = parse_scenario(GOOD, "tiny.yaml")
    again.setup = duel.to_setup()
    again.steps, again.expect = [], {}
    rebuilt = replay(again, Duel, default_catalog()).duel
    assert rebuilt.to_setup() == duel.to_setup()


def test_a_key_written_twice_is_refused_with_its_line():
    error = error_of(GOOD.replace("title: A tiny scenario\n", "title: A tiny scenario\ntitle: Again\n"))
    assert error.line == 5 and "duplicate key 'title'" in error.message


def test_step_lines_are_reported_for_replays():
    result = run(GOOD)
    assert [s.line for s in result.steps] == [17, 18, 19]
