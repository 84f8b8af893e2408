"""Nightfall does not target (thought-ruler-highlander/nightfall#nightfall-no-target), whether a
card's protection from targeting is printed (the flag) or given by a face-up card's continuous
`cannot_be_targeted`: the rule and its wrong reading are asked about in both cases."""
from scenarios.engine import parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog

from .conftest import parameters

ANCHOR = "thought-ruler-highlander/nightfall#nightfall-no-target"
SHIELDED = """
slug: shielded
format: thought-ruler-highlander
rule: thought-ruler-highlander/nightfall#nightfall-no-target
title: t
narrative: n
cards:
  - {name: Shield Knight, kind: monster, subtype: effect, attribute: LIGHT, race: Warrior,
     level: 4, atk: 1600, def: 1200, text: t,
     effects: [{continuous: {cannot_be_targeted: {by: opponent, cards: {side: own}}}}]}
setup:
  turn: {number: 4, player: A, phase: main1}
  players:
    A: {lp: 8000, deck: 5}
    B:
      lp: 8000
      deck: 5
      monsters: [{id: knight, card: Shield Knight, position: attack}]
steps:
  - {player: A, nightfall: knight}
expect:
  lp: {A: 7500}
  cards: {knight: {face: down, position: defense}}
"""


def run(text, mutation=None):
    scenario = parse_scenario(text, "trh.yaml", formats={"thought-ruler-highlander"})
    return replay(scenario, ruleset_for("thought-ruler-highlander"), default_catalog(),
                  params=parameters("thought-ruler-highlander"), mutation=mutation)


def test_nightfall_flips_a_monster_shielded_by_a_continuous_effect_and_cites_the_rule():
    result = run(SHIELDED)
    assert result.matches, result.differences
    assert ANCHOR in result.rules
    assert "nightfall-no-target:targets" in result.readings_asked


def test_the_targets_reading_refuses_nightfall_on_a_continuously_shielded_monster():
    result = run(SHIELDED, mutation="nightfall-no-target:targets")
    assert result.steps[0].reason == "invalid_nightfall_card"
    assert result.duel.card("knight").face_up


def shielding_a_snake(knight_face):
    return SHIELDED.replace(
        "monsters: [{id: knight, card: Shield Knight, position: attack}]",
        "monsters: [{id: knight, card: Shield Knight, position: defense, face: %s},"
        " {id: snake, card: Venom Snake, position: attack}]" % knight_face).replace(
        "nightfall: knight}", "nightfall: snake}").replace("cards: {knight:", "cards: {snake:")


def test_a_face_up_shield_over_another_monster_is_looked_at():
    result = run(shielding_a_snake("up"), mutation="nightfall-no-target:targets")
    assert result.steps[0].reason == "invalid_nightfall_card"


def test_a_face_down_shield_protects_nothing_so_the_reading_is_never_asked():
    result = run(shielding_a_snake("down"))
    assert result.matches, result.differences
    assert "nightfall-no-target:targets" not in result.readings_asked
