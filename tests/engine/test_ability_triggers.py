"""Deck Master Abilities that trigger on any event a card's trigger can wait for
(rulesets/ability_triggers.py), read by the card triggers' own code (watching.py): a destruction
or a summon they watch, an event of the Deck Master itself, its player's End Phase. The
Ability's type decides whether it waits for its player or goes on the Chain by itself."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.rulesets import RULESETS

from .conftest import run

SOURCE = textwrap.dedent("""\
    slug: ability-trigger-probe
    format: deck-masters
    rule: deck-masters/abilities#trigger-optional
    title: A Deck Master Ability waits for an event
    narrative: A's Deck Master has an Ability written for this probe.
    cards:
      - name: Probe Sentry
        kind: monster
        subtype: effect
        attribute: LIGHT
        race: Warrior
        level: 4
        atk: 1800
        def: 1200
        abilities:
          - type: TYPE
            TRIGGER
            resolve: RESOLVE
      - name: Probe Heir
        kind: monster
        subtype: effect
        attribute: LIGHT
        race: Warrior
        level: 6
        atk: 2400
        def: 1200
        abilities:
          - type: Trigger
            trigger: summoned
            watch: self
            resolve: [{gain_lp: 300}]
    setup:
      turn: {number: 4, player: TURN, phase: PHASE}
      players:
        A:
          lp: 5000
          deck: 5
          deck_master: DECK_MASTER
          monsters: [{id: soldier, card: Giant Soldier of Stone, position: attack}]
          hand: [{id: heir, card: Probe Heir}]
          spell_trap: [{id: mst-a, card: Mystical Space Typhoon, face: down, set_turn: 2}]
        B:
          lp: 8000
          deck: 5
          deck_master: {id: gamma, card: Gamma the Magnet Warrior}
          monsters: B_MONSTERS
          field_zone: {id: sogen, card: Sogen}
    steps:
    STEPS
    expect: {}
    """)
DESTROYED_BY_BATTLE = "trigger: destroyed\nwatch: {kind: monster, side: own}\nby: battle"
# B's Blue-Eyes destroys A's Giant Soldier of Stone by battle (A takes 1700).
BATTLE = """\
  - {player: B, attack: blue-eyes, target: soldier}
  - {player: B, pass: true}
  - {player: A, pass: true}
"""
# A destroys B's Field Spell with Mystical Space Typhoon.
TYPHOON = """\
  - {player: A, activate: mst-a, target: sogen}
  - {player: B, pass: true}
  - {player: A, pass: true}
"""
SENTRY = "{id: sentry, card: Probe Sentry}"


BLUE_EYES = "[{id: blue-eyes, card: Blue-Eyes White Dragon, position: attack}]"


def probe(trigger, steps, kind="Trigger", turn="B", phase="battle", deck_master=SENTRY,
          b_monsters=BLUE_EYES, resolve="[{gain_lp: 1000}]"):
    text = SOURCE.replace("TYPE", kind).replace("TRIGGER", trigger.replace("\n", "\n        "))
    text = text.replace("RESOLVE", resolve)
    text = text.replace("B_MONSTERS", b_monsters)
    text = text.replace("TURN", turn).replace("PHASE", phase)
    text = text.replace("DECK_MASTER", deck_master).replace("STEPS\n", steps)
    return parse_scenario(text, "probe.yaml", RULESETS)


def refusals(replay):
    return [step.reason for step in replay.steps if step.status.refused]


def test_a_trigger_ability_wakes_on_a_monster_of_its_player_destroyed_by_battle():
    replay = run(probe(DESTROYED_BY_BATTLE, BATTLE + """\
  - {player: A, use_ability: sentry}
  - {player: B, pass: true}
  - {player: A, pass: true}
"""))
    assert refusals(replay) == []
    assert replay.outcome["lp"] == {"A": 5000 - 1700 + 1000, "B": 8000}


def test_a_trigger_ability_whose_event_has_not_happened_cannot_be_used():
    replay = run(probe(DESTROYED_BY_BATTLE.replace("battle", "effect"), BATTLE + """\
  - {player: B, pass: true}
  - {player: A, use_ability: sentry}
"""))
    assert refusals(replay) == ["not_triggered"]
    assert replay.outcome["lp"]["A"] == 5000 - 1700


def test_a_trigger_ability_waits_for_its_player_and_lapses_unused():
    replay = run(probe(DESTROYED_BY_BATTLE, BATTLE + "  - {player: B, pass: true}\n"))
    assert replay.outcome["lp"]["A"] == 5000 - 1700  # triggered, never activated
    assert any(e.get("what") == "triggered" for step in replay.steps for e in step.events)


def test_a_compulsory_trigger_ability_goes_on_the_chain_by_itself():
    replay = run(probe(DESTROYED_BY_BATTLE, BATTLE + """\
  - {player: B, pass: true}
  - {player: A, pass: true}
""", kind="Compulsory Trigger"))
    assert refusals(replay) == []
    assert replay.outcome["lp"]["A"] == 5000 - 1700 + 1000
    assert replay.outcome["resolved"] == ["sentry"]


def test_a_compulsory_trigger_ability_on_the_chain_cannot_be_declined():
    replay = run(probe(DESTROYED_BY_BATTLE, BATTLE + """\
  - {player: A, decline: sentry, illegal: mandatory_effect}
""", kind="Compulsory Trigger"))
    assert refusals(replay) == ["mandatory_effect"]


def test_an_ability_watching_field_spells_ignores_other_destroyed_cards():
    field_spells = "trigger: destroyed\nwatch: {kind: spell, subtype: field}\nby: effect"
    woken = run(probe(field_spells, TYPHOON + "  - {player: B, pass: true}\n  "
                      "- {player: A, pass: true}\n", kind="Compulsory Trigger", turn="A",
                      phase="main1"))
    assert woken.outcome["lp"]["A"] == 6000
    monsters = field_spells.replace("{kind: spell, subtype: field}", "{kind: monster}")
    silent = run(probe(monsters, TYPHOON, kind="Compulsory Trigger", turn="A", phase="main1"))
    assert silent.outcome["lp"]["A"] == 5000


def test_an_ability_watching_opponents_special_summons_wakes_on_the_deck_master_summon():
    summons = "trigger: summoned\nwatch: {kind: monster, side: opponent}\nhow: special"
    steps = """\
  - {player: A, pass: true}
  - {player: B, special_summon: gamma, position: defense}
  - {player: A, pass: true}
  - {player: B, pass: true}
  - {player: A, use_ability: sentry}
  - {player: B, pass: true}
  - {player: A, pass: true}
"""
    replay = run(probe(summons, steps, turn="A", phase="main1"))
    assert refusals(replay) == []
    assert replay.outcome["lp"]["A"] == 6000
    normal_only = run(probe(summons.replace("special", "normal"), steps, turn="A",
                            phase="main1"))
    assert refusals(normal_only) == ["not_triggered"]


def test_an_event_of_the_deck_master_itself_wakes_its_ability_on_the_field():
    on_field = "{id: sentry, card: Probe Sentry, position: attack}"
    steps = """\
  - {player: A, attack: sentry}
  - {player: A, pass: true}
  - {player: B, pass: true}
  - {player: A, use_ability: sentry}
  - {player: B, pass: true}
  - {player: A, pass: true}
"""
    replay = run(probe("trigger: inflicts_battle_damage", steps, turn="A",
                       deck_master=on_field, b_monsters="[]"))
    assert refusals(replay) == []
    assert replay.outcome["lp"] == {"A": 6000, "B": 8000 - 1800}


def test_an_end_phase_ability_wakes_only_in_its_player_s_end_phase():
    steps = """\
  - {player: A, phase: end}
  - {player: A, use_ability: sentry}
  - {player: B, pass: true}
  - {player: A, pass: true}
"""
    own = run(probe("trigger: end_phase", steps, turn="A", phase="main1"))
    assert refusals(own) == [] and own.outcome["lp"]["A"] == 6000
    theirs = run(probe("trigger: end_phase", steps.replace(
        "{player: A, phase: end}", "{player: B, phase: end}\n  - {player: B, pass: true}"),
        turn="B", phase="main1"))
    assert refusals(theirs)[-1] == "not_triggered"


def test_a_negated_ability_hears_nothing():
    negated = "{id: sentry, card: Probe Sentry, ability_negated_until: 5}"
    replay = run(probe(DESTROYED_BY_BATTLE, BATTLE + """\
  - {player: B, pass: true}
  - {player: A, pass: true}
""", kind="Compulsory Trigger", deck_master=negated))
    assert replay.outcome["lp"]["A"] == 5000 - 1700


HEIR_STEPS = """\
  - {player: A, summon: heir, tributes: [sentry]}
  - {player: A, pass: true}
  - {player: B, pass: true}
  - {player: A, use_ability: heir}
"""


def test_the_new_deck_master_does_not_see_the_tribute_summon_that_made_it_one():
    on_field = "{id: sentry, card: Probe Sentry, position: attack}"
    scenario = probe("trigger: end_phase", HEIR_STEPS, turn="A", phase="main1",
                     deck_master=on_field)
    assert refusals(run(scenario)) == ["not_triggered"]
    misread = run(scenario, mutation="trigger-before-deck-master:sees-own-summon")
    assert refusals(misread) == []


@pytest.mark.parametrize("trigger, field, message", [
    ("trigger: shuffled", "abilities[0].trigger", "an Ability triggers on one of"),
    ("trigger: flipped", "abilities[0].trigger",
     "an Ability cannot trigger on flipped: a Deck Master is never face-down"),
    ("trigger: opponent_summons", "abilities[0].trigger", "only Kingdom Duels Traps"),
    ("trigger: end_phase\nwatch: {kind: monster}", "abilities[0].watch",
     "watch belongs to a 'trigger: destroyed' or 'trigger: summoned' trigger"),
    ("trigger: summoned\nhow: fused", "abilities[0].how",
     "trigger how is one or more of normal, tribute, flip, special, token"),
    ("trigger: destroyed\nwatch: {side: mine}", "abilities[0].watch",
     "filter side is one of own, opponent, any"),
    ("watch: {kind: monster}", "abilities[0].watch", "watch belongs beside a trigger"),
    ("trigger: {turn: 5}", "abilities[0].trigger",
     "an Ability's trigger is the name of one event"),  # found by the hostile-file fuzzing
])
def test_a_badly_written_ability_trigger_is_refused_naming_its_field(trigger, field, message):
    with pytest.raises(ScenarioError) as caught:
        probe(trigger, "  - {player: A, pass: true}\n")
    assert caught.value.field == f"cards[0].{field}"
    assert message in caught.value.message


def test_that_monster_in_an_ability_names_the_monster_its_event_is_about():
    summons = "trigger: summoned\nwatch: {kind: monster, side: opponent}\nhow: special"
    scenario = probe(summons, """\
  - {player: A, pass: true}
  - {player: B, special_summon: gamma, position: defense}
  - {player: A, pass: true}
  - {player: B, pass: true}
  - {player: A, use_ability: sentry}
  - {player: B, pass: true}
  - {player: A, pass: true}
""", turn="A", phase="main1", resolve="[{destroy: that_monster}]")
    replay = run(scenario)
    assert refusals(replay) == []
    assert replay.duel.card("gamma").zone == "graveyard"
    assert replay.outcome["result"] == {"winner": "A", "reason": "deck_master_lost"}
