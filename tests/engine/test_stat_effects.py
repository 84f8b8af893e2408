"""Continuous ATK/DEF changes that cards state (`stats:`, `to:`, `while:`) and protection from
reductions (`cannot_be_reduced:`), all read through the duel's one modifier pipeline."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.modifiers import ModifierRegistry
from scenarios.engine.primitives import EffectContext
from scenarios.engine.rulesets import RULESETS, ruleset_for

from .conftest import parameters

CARDS = textwrap.dedent("""\
    cards:
      - {name: Test Beast, kind: monster, subtype: normal, attribute: EARTH, race: Beast,
         level: 4, atk: 1600, def: 1200}
      - {name: Test Warrior, kind: monster, subtype: normal, attribute: EARTH, race: Warrior,
         level: 4, atk: 1500, def: 1000}
      - name: Guarded Beast
        kind: monster
        subtype: effect
        attribute: EARTH
        race: Beast
        level: 4
        atk: 1600
        def: 1200
        effects: [{continuous: {cannot_be_reduced: [atk]}}]
      - name: Test Banner
        kind: spell
        subtype: continuous
        effects:
          - continuous: {stats: {atk: 500, def: 200}, to: {side: own, race: Beast}}
      - name: Test Fog
        kind: spell
        subtype: continuous
        effects:
          - continuous: {stats: {atk: -500}, to: {side: opponent, kind: monster}}
      - name: Test Low Banner
        kind: spell
        subtype: continuous
        effects:
          - continuous: {stats: {atk: 1000}, to: {side: own, race: Beast},
                         while: {lp_at_most: 3000}}
    """)


def scenario_text(a_cards, b_cards="", a_lp=8000, cards=CARDS, phase="main1"):
    return textwrap.dedent(f"""\
        slug: stat-probe
        format: core
        rule: core/card-types#permanent-card-types
        title: A probe of stat changes
        narrative: A probe.
        """) + cards + textwrap.dedent(f"""\
        setup:
          turn: {{number: 3, player: A, phase: {phase}}}
          players:
            A: {{lp: {a_lp}, deck: 5, {a_cards}}}
            B: {{lp: 8000, deck: 5, {b_cards}}}
        steps:
          - {{player: A, phase: main2}}
        expect: {{}}
        """)


def duel_of(text):
    scenario = parse_scenario(text, "probe.yaml", RULESETS)
    result = replay(scenario, ruleset_for(scenario.format), default_catalog(),
                    params=parameters(scenario.format))
    return result.duel


def atk(duel, card_id):
    return duel.effective_atk(duel.card(card_id))


def test_a_continuous_change_reaches_only_the_monsters_its_filter_names():
    duel = duel_of(scenario_text(
        "monsters: [{id: beast, card: Test Beast, position: attack}, "
        "{id: warrior, card: Test Warrior, position: attack}], "
        "spell_trap: [{id: banner, card: Test Banner}]",
        "monsters: [{id: rival, card: Test Beast, position: attack}]"))
    assert atk(duel, "beast") == 2100 and duel.effective_def(duel.card("beast")) == 1400
    assert atk(duel, "warrior") == 1500  # not a Beast
    assert atk(duel, "rival") == 1600  # a Beast, but not one the Banner's controller controls


def test_a_change_to_the_opponents_monsters_lowers_them_only():
    duel = duel_of(scenario_text("monsters: [{id: beast, card: Test Beast, position: attack}]",
                                 "monsters: [{id: rival, card: Test Beast, position: attack}], "
                                 "spell_trap: [{id: fog, card: Test Fog}]"))
    assert (atk(duel, "beast"), atk(duel, "rival")) == (1100, 1600)


def test_a_face_down_card_changes_no_stat():
    duel = duel_of(scenario_text(
        "monsters: [{id: beast, card: Test Beast, position: attack}], "
        "spell_trap: [{id: banner, card: Test Banner, face: down, set_turn: 2}]"))
    assert atk(duel, "beast") == 1600


@pytest.mark.parametrize("lp, expected", [(3000, 2600), (3001, 1600)])
def test_a_change_with_a_condition_applies_only_while_it_holds(lp, expected):
    duel = duel_of(scenario_text("monsters: [{id: beast, card: Test Beast, position: attack}], "
                                 "spell_trap: [{id: banner, card: Test Low Banner}]", a_lp=lp))
    assert atk(duel, "beast") == expected


def test_the_condition_is_read_again_whenever_the_stat_is_read():
    duel = duel_of(scenario_text("monsters: [{id: beast, card: Test Beast, position: attack}], "
                                 "spell_trap: [{id: banner, card: Test Low Banner}]"))
    assert atk(duel, "beast") == 1600
    duel.players["A"].lp = 2000
    assert atk(duel, "beast") == 2600


def test_a_stat_that_cannot_be_reduced_keeps_its_gains_and_drops_its_losses():
    duel = duel_of(scenario_text(
        "monsters: [{id: guarded, card: Guarded Beast, position: attack}], "
        "spell_trap: [{id: banner, card: Test Banner}]",
        "spell_trap: [{id: fog, card: Test Fog}]"))
    assert atk(duel, "guarded") == 2100  # +500 from the Banner, the Fog's -500 left out
    guarded = duel.card("guarded")
    duel.lasting_effect(EffectContext("fog", "B"), guarded, "atk", -700)
    duel.lasting_effect(EffectContext("fog", "B"), guarded, "atk", 300)
    assert atk(duel, "guarded") == 2400  # of the lasting changes only the +300


def test_protection_covers_only_the_stat_it_names():
    duel = duel_of(scenario_text(
        "monsters: [{id: guarded, card: Guarded Beast, position: attack}]"))
    guarded = duel.card("guarded")
    duel.lasting_effect(EffectContext("x", "B"), guarded, "def", -200)
    assert duel.effective_def(guarded) == 1000


def test_a_duel_whose_cards_change_no_stat_registers_no_modifier():
    duel = duel_of(scenario_text("monsters: [{id: beast, card: Test Beast, position: attack}]"))
    assert duel.modifiers.of("atk") == () and duel.modifiers.of("def") == ()
    assert atk(duel, "beast") == 1600


def test_card_changes_join_the_same_pipeline_as_a_formats_own():
    duel = duel_of(scenario_text("monsters: [{id: beast, card: Test Beast, position: attack}], "
                                 "spell_trap: [{id: banner, card: Test Banner}]"))
    assert duel.modifiers.breakdown(duel.card("beast"), "atk") == [("continuous effects", 500)]


def test_a_registry_without_reductions_leaves_out_only_the_lowering_modifiers():
    registry = ModifierRegistry()
    registry.register("up", "atk", 300)
    registry.register("down", "atk", -500)
    assert registry.total(object(), "atk", 1000) == 800
    assert registry.total(object(), "atk", 1000, reductions=False) == 1300


# --- bad input: refused when the scenario loads, at the card's line --------------------------

@pytest.mark.parametrize("effect, words", [
    ("{stats: {atk: many}, to: self}", "stats gives a number"),
    ("{stats: {speed: 5}, to: self}", "stats gives a number"),
    ("{stats: {atk: 500}, to: {side: theirs}}", "to: filter side is one of"),
    ("{stats: {atk: 500}, to: {colour: red}}", "unknown filter 'colour'"),
    ("{stats: {atk: 500}, to: nearby}", "to is self, equipped or a filter"),
    ("{stats: {atk: 500}, while: {lp_at_most: lots}}", "lp_at_most takes a number"),
    ("{stats: {atk: 500}, while: {any_of: [{turn: own}]}}", "at least two conditions"),
    ("{stats: {atk: 500}, until: end}", "not until"),
    ("{cannot_be_reduced: [speed]}", "cannot_be_reduced lists the stats"),
    ("{while: {turn: own}}", "belong to a stat change"),
])
def test_a_malformed_stat_change_is_refused_naming_the_card_field(effect, words):
    cards = textwrap.dedent(f"""\
        cards:
          - name: Broken Banner
            kind: spell
            subtype: continuous
            effects:
              - continuous: {effect}
        """)
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(scenario_text("deck: 5", cards=cards).replace("deck: 5, deck: 5",
                                                                         "deck: 5"),
                       "probe.yaml", RULESETS)
    assert words in raised.value.message
    assert raised.value.field == "cards[0].effects" and raised.value.line is not None
