"""The `decline` step: an optional effect or Deck Master Ability that waits for its player stops
waiting; a mandatory one is refused with `mandatory_effect`, and a card with nothing waiting
with `nothing_to_decline`."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.rulesets import RULESETS

from .conftest import run

WATCHER = textwrap.dedent("""\
    slug: decline-probe
    format: core
    rule: core/chains#building-a-chain
    title: A watcher's optional effect
    narrative: A's monster destroys B's by battle; A's watcher may gain 500 LP.
    cards:
      - name: Probe Watcher
        kind: monster
        subtype: effect
        attribute: EARTH
        race: Warrior
        level: 3
        atk: 1000
        def: 1000
        effects:
          - trigger: destroyed
            watch: {kind: monster, side: opponent}
            by: battle
            optional: true
            resolve: [{gain_lp: 500}]
    setup:
      turn: {number: 3, player: A, phase: battle}
      players:
        A:
          lp: 8000
          deck: 5
          monsters: [{id: cyber, card: Cyber Dragon, position: attack},
                     {id: watcher, card: Probe Watcher, position: attack}]
          hand: [{id: jar-hand, card: Venom Snake}]
        B:
          lp: 8000
          deck: 5
          monsters: [{id: snake, card: Venom Snake, position: defense}]
    steps:
      - {player: A, attack: cyber, target: snake}
      - {player: A, pass: true}
      - {player: B, pass: true}
    STEPS
    expect: {}
    """)
JAR = textwrap.dedent("""\
    slug: decline-jar-probe
    format: core
    rule: core/chains#building-a-chain
    title: Morphing Jar's FLIP effect
    narrative: A Flip Summons Morphing Jar.
    setup:
      turn: {number: 6, player: A, phase: main1}
      players:
        A: {lp: 8000, deck: 10, monsters: [{id: jar, card: Morphing Jar, face: down,
                                           position: defense, set_turn: 5}]}
        B: {lp: 8000, deck: 10}
    steps:
      - {player: A, flip_summon: jar}
      - {player: A, pass: true}
      - {player: B, pass: true}
    STEPS
    expect: {}
    """)


def replay_of(template, steps):
    return run(parse_scenario(template.replace("STEPS\n", steps), "probe.yaml", RULESETS))


def refusals(replay):
    return [step.reason for step in replay.steps if step.status.refused]


def test_an_optional_effect_waits_and_its_player_may_activate_it():
    replay = replay_of(WATCHER, "  - {player: A, activate: watcher}\n"
                                "  - {player: B, pass: true}\n  - {player: A, pass: true}\n")
    assert refusals(replay) == [] and replay.outcome["lp"]["A"] == 8500


def test_a_declined_optional_effect_can_no_longer_be_activated():
    replay = replay_of(WATCHER, "  - {player: A, decline: watcher}\n"
                                "  - {player: A, activate: watcher, illegal: true}\n")
    assert refusals(replay) == ["not_activatable"]
    assert replay.outcome["lp"]["A"] == 8000
    declined = [e for e in replay.steps[3].events if e.get("what") == "effect_declined"]
    assert declined and declined[0]["player"] == "A" and declined[0]["card"] == "watcher"


def test_only_the_effect_s_controller_can_decline_it():
    replay = replay_of(WATCHER, "  - {player: B, decline: watcher, illegal: true}\n"
                                "  - {player: A, activate: watcher}\n"
                                "  - {player: B, pass: true}\n  - {player: A, pass: true}\n")
    assert refusals(replay) == ["nothing_to_decline"]
    assert replay.outcome["lp"]["A"] == 8500


def test_a_card_with_nothing_waiting_cannot_be_declined():
    replay = replay_of(WATCHER, "  - {player: A, decline: cyber, illegal: true}\n")
    assert refusals(replay) == ["nothing_to_decline"]


def test_a_mandatory_effect_on_the_chain_cannot_be_declined_and_still_resolves():
    replay = replay_of(JAR, "  - {player: A, decline: jar, illegal: true}\n"
                            "  - {player: B, pass: true}\n  - {player: A, pass: true}\n")
    assert refusals(replay) == ["mandatory_effect"]
    assert replay.outcome["resolved"] == ["jar"]


def test_a_decline_step_takes_no_ability_outside_deck_masters():
    with pytest.raises(ScenarioError) as error:
        parse_scenario(WATCHER.replace("STEPS\n", "  - {player: A, decline: watcher, "
                                                  "ability: Anything}\n"), "probe.yaml", RULESETS)
    assert error.value.field == "steps[3].ability"


TWO_TRIGGERS = textwrap.dedent("""\
    slug: decline-abilities-probe
    format: deck-masters
    rule: deck-masters/abilities#trigger-optional
    title: Two Abilities watch one Tribute Summon
    narrative: A Tribute Summons; two Abilities trigger.
    cards:
      - name: Probe Herald
        kind: monster
        subtype: effect
        attribute: DARK
        race: Fiend
        level: 4
        atk: 1500
        def: 1500
        abilities:
          - name: Toll
            type: Compulsory Trigger
            trigger: tribute_summon
            resolve: [{damage: {to: opponent, amount: 500}}]
          - name: Harvest
            type: Trigger
            trigger: tribute_summon
            resolve: [{gain_lp: 1000}]
          - name: Spark
            type: Trigger
            trigger: tribute_summon
            resolve: [{damage: {to: opponent, amount: 100}}]
    setup:
      turn: {number: 5, player: A, phase: main1}
      players:
        A:
          lp: 6000
          deck: 5
          deck_master: {id: herald, card: Probe Herald}
          monsters: [{id: giant, card: Giant Soldier of Stone, position: attack}]
          hand: [{id: cyber, card: Cyber Dragon}]
        B: {lp: 8000, deck: 5, deck_master: {id: b-dm, card: Gamma the Magnet Warrior}}
    steps:
      - {player: A, summon: cyber, tributes: [giant]}
    STEPS
    expect: {}
    """)


def test_declining_one_triggered_ability_leaves_the_other_waiting():
    replay = replay_of(TWO_TRIGGERS, "  - {player: A, decline: herald, ability: Harvest}\n"
                                     "  - {player: B, pass: true}\n"
                                     "  - {player: A, use_ability: herald, ability: Spark}\n"
                                     "  - {player: B, pass: true}\n  - {player: A, pass: true}\n")
    assert refusals(replay) == []
    assert replay.outcome["lp"] == {"A": 6000, "B": 7400}


def test_a_compulsory_trigger_ability_cannot_be_declined():
    replay = replay_of(TWO_TRIGGERS,
                       "  - {player: A, decline: herald, ability: Toll, illegal: true}\n")
    assert refusals(replay) == ["mandatory_effect"]


def test_under_the_optional_reading_the_compulsory_ability_could_be_declined():
    scenario = parse_scenario(TWO_TRIGGERS.replace(
        "STEPS\n", "  - {player: A, decline: herald, ability: Toll}\n"), "probe.yaml", RULESETS)
    replay = run(scenario, mutation="compulsory-mandatory:optional")
    assert refusals(replay) == []


def test_declining_needs_the_ability_s_name_when_several_wait():
    with pytest.raises(ScenarioError) as error:
        replay_of(TWO_TRIGGERS, "  - {player: A, decline: herald}\n")
    assert error.value.field == "steps[1].ability"
    assert "Toll, Harvest, Spark" in error.value.message


def test_an_ability_that_did_not_trigger_has_nothing_to_decline():
    replay = replay_of(TWO_TRIGGERS.replace("summon: cyber, tributes: [giant]", "pass: true"),
                       "  - {player: A, decline: herald, ability: Harvest, illegal: true}\n")
    assert refusals(replay) == ["nothing_to_decline"]
