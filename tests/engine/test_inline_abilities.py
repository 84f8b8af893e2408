"""Deck Master Abilities written on a scenario's own card (`abilities:`): several on one Deck
Master, each used by its name, checked by the same code as the Abilities catalog, and refused
with the file, line and field when written wrong."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.rulesets.ability_entries import ability_problem
from scenarios.engine.rulesets.deck_masters import abilities

from .conftest import run

WARDEN = textwrap.dedent("""\
    slug: inline-abilities-probe
    format: deck-masters
    rule: deck-masters/abilities#one-or-more
    title: Two Abilities on one Deck Master
    narrative: A uses the Abilities of a Deck Master written for this scenario.
    cards:
      - name: Probe Warden
        kind: monster
        subtype: effect
        attribute: LIGHT
        race: Spellcaster
        level: 4
        atk: 1600
        def: 1200
        abilities:
          - name: Ember Lance
            type: Ignition
            once_per_turn: true
            resolve: [{damage: {to: opponent, amount: 300}}]
          - name: Bright Gift
            type: Ignition
            resolve: [{gain_lp: 500}]
    setup:
      turn: {number: 3, player: A, phase: main1}
      players:
        A: {lp: 8000, deck: 5, deck_master: {id: warden, card: Probe Warden}}
        B: {lp: 8000, deck: 5, deck_master: {id: b-dm, card: Gamma the Magnet Warrior}}
    steps:
    STEPS
    expect: {}
    """)
LANCE = """\
  - {player: A, use_ability: warden, ability: Ember Lance}
  - {player: B, pass: true}
  - {player: A, pass: true}
"""


def warden(steps, old=None, new=None, format_slug="deck-masters"):
    text = WARDEN.replace("STEPS\n", steps).replace("format: deck-masters",
                                                     f"format: {format_slug}")
    if old is not None:
        assert old in text
        text = text.replace(old, new)
    return parse_scenario(text, "probe.yaml", RULESETS)


def refusals(replay):
    return [(step.status, step.reason) for step in replay.steps if step.status.refused]


def test_use_ability_names_which_of_the_deck_master_s_abilities_is_used():
    replay = run(warden(LANCE + LANCE.replace("Ember Lance", "Bright Gift")))
    assert replay.outcome["lp"] == {"A": 8500, "B": 7700}


def test_once_per_turn_counts_each_ability_on_its_own():
    replay = run(warden(LANCE + LANCE.replace("Ember Lance", "Bright Gift") +
                        "  - {player: A, use_ability: warden, ability: Ember Lance}\n"))
    assert [reason for _, reason in refusals(replay)] == ["once_per_turn"]
    assert replay.outcome["lp"] == {"A": 8500, "B": 7700}


def test_a_step_that_names_no_ability_of_several_is_a_script_error_on_its_ability_field():
    with pytest.raises(ScenarioError) as error:
        run(warden("  - {player: A, use_ability: warden}\n"))
    assert error.value.field == "steps[0].ability"
    assert "2 Abilities (Ember Lance, Bright Gift)" in error.value.message


def test_an_unknown_ability_name_is_a_script_error_listing_the_card_s_abilities():
    with pytest.raises(ScenarioError) as error:
        run(warden("  - {player: A, use_ability: warden, ability: Ember Lanse}\n"))
    assert error.value.field == "steps[0].ability" and error.value.line == 29
    assert "no Ability named 'Ember Lanse'" in error.value.message
    assert "Ember Lance, Bright Gift" in error.value.message


def test_an_unknown_ability_type_is_refused_at_its_line_and_field():
    with pytest.raises(ScenarioError) as error:
        warden(LANCE, "type: Ignition\n        resolve: [{gain", "type: Ignitoin\n        "
                                                              "resolve: [{gain")
    assert error.value.field == "cards[0].abilities[1].type"
    assert error.value.line == 21
    assert "type is one of Ignition, Trigger" in error.value.message


def test_an_unknown_ability_field_is_refused_with_its_name():
    with pytest.raises(ScenarioError) as error:
        warden(LANCE, "once_per_turn: true", "once_per_turn: true\n        twice: true")
    assert error.value.field == "cards[0].abilities[0].twice"
    assert "unknown field(s) twice" in error.value.message


def test_several_abilities_each_need_a_name_and_names_are_unique():
    with pytest.raises(ScenarioError) as error:
        warden(LANCE, "- name: Bright Gift\n", "- text: no name\n")
    assert error.value.field == "cards[0].abilities[1].name"
    with pytest.raises(ScenarioError) as error:
        warden(LANCE, "name: Bright Gift", "name: Ember Lance")
    assert "two Abilities are named 'Ember Lance'" in error.value.message


def test_an_ability_s_program_is_checked_like_a_card_s():
    with pytest.raises(ScenarioError) as error:
        warden(LANCE, "{gain_lp: 500}", "{gain_life: 500}")
    assert error.value.field == "cards[0].abilities[1].resolve"
    assert "unknown primitive 'gain_life'" in error.value.message


def test_a_format_without_deck_master_abilities_refuses_a_card_that_writes_them():
    text = WARDEN.replace("STEPS\n", "  - {player: A, pass: true}\n").replace(
        "format: deck-masters", "format: core").replace(
        ", deck_master: {id: warden, card: Probe Warden}", "").replace(
        ", deck_master: {id: b-dm, card: Gamma the Magnet Warrior}", "")
    with pytest.raises(ScenarioError) as error:
        parse_scenario(text, "probe.yaml", RULESETS)
    assert error.value.field == "cards[0].abilities"
    assert "core does not have" in error.value.message


def test_the_catalog_s_abilities_pass_the_same_check_as_a_card_s():
    for name, entry in abilities().items():
        assert ability_problem(entry, inline=False) is None, name
    # the catalog names its Deck Master; a card's own Ability must not
    entry = {"deck_master": "Probe Warden", "type": "Ignition", "resolve": []}
    assert ability_problem(entry, inline=False) is None
    assert ability_problem(entry, inline=True)[0] == "deck_master"
    assert ability_problem({"type": "Trigger"}, inline=False)[0] == "deck_master"


def test_a_bad_entry_in_an_abilities_file_names_the_file_and_field(tmp_path):
    path = tmp_path / "abilities.yaml"
    path.write_text("- deck_master: Probe Warden\n  type: Quick\n  resolve: []\n",
                    encoding="utf-8")
    with pytest.raises(ScenarioError) as error:
        abilities(path)
    assert (error.value.file, error.value.field, error.value.line) == \
        ("abilities.yaml", "ability.type", 2)


MANY_TYPES = textwrap.dedent("""\
    slug: inline-ability-types-probe
    format: deck-masters
    rule: deck-masters/abilities#one-or-more
    title: A Continuous, a Spell and a Trap Ability on one Deck Master
    narrative: A's Deck Master has three Abilities of three types.
    cards:
      - name: Probe Regent
        kind: monster
        subtype: effect
        attribute: DARK
        race: Fiend
        level: 4
        atk: 1500
        def: 1500
        abilities:
          - name: Scales
            type: Continuous
            continuous: {set_race_own: Dragon, while: in_position}
          - name: Felling Word
            type: Spell
            target: {card: monster, side: opponent}
            resolve: [{destroy: target}]
          - name: Sting
            type: Trap
            resolve: [{damage: {to: opponent, amount: 500}}]
    setup:
      turn: {number: 3, player: A, phase: main1}
      players:
        A:
          lp: 8000
          deck: 5
          deck_master: {id: regent, card: Probe Regent}
          monsters: [{id: snake, card: Venom Snake, position: attack}]
        B:
          lp: 8000
          deck: 5
          deck_master: {id: b-dm, card: Gamma the Magnet Warrior}
          monsters: [{id: giant, card: Giant Soldier of Stone, position: attack}]
    steps:
      - {player: A, use_ability: regent, ability: Scales, illegal: continuous_ability}
      - {player: A, use_ability: regent, ability: Felling Word, target: giant}
      - {player: B, pass: true}
      - {player: A, use_ability: regent, ability: Sting}
      - {player: B, pass: true}
      - {player: A, pass: true}
    expect: {}
    """)


def test_abilities_of_every_type_on_one_card_keep_their_own_type():
    replay = run(parse_scenario(MANY_TYPES, "probe.yaml", RULESETS))
    assert [step.reason for step in replay.steps if step.status.refused] == ["continuous_ability"]
    assert replay.outcome["lp"] == {"A": 8000, "B": 7500}  # the Trap Ability joined as link 2
    assert replay.outcome["resolved"] == ["regent", "regent"]
    cards = replay.outcome["cards"]
    assert cards["giant"]["zone"] == "graveyard"  # the Spell Ability resolved
    assert "Dragon" in cards["snake"]["races"]  # the Continuous Ability applies
