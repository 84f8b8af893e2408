"""Monster effects from any zone: Quick and Ignition effects activated from the hand or the
Graveyard (`from:`), the cost `discard: self`, and "Special Summon this card" finding the card
gone from the zone it was activated in."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.rulesets import RULESETS

from .conftest import run

SCENARIO = textwrap.dedent("""\
    slug: zones-probe
    format: core
    rule: core/chains#spell-speed-2
    title: Monster effects from the hand and the Graveyard
    narrative: A probe of where monster effects are activated from.
    cards:
      - name: Probe Warden
        kind: monster
        subtype: effect
        attribute: FIRE
        race: Warrior
        level: 3
        atk: 800
        def: 1200
        effects:
          - quick:
              cost: [{discard: self}]
              resolve: [{gain_lp: 1000}]
            from: WARDEN_FROM
      - name: Probe Revenant
        kind: monster
        subtype: effect
        attribute: FIRE
        race: Zombie
        level: 4
        atk: 1600
        def: 600
        effects:
          - ignition:
              resolve: [{special_summon: {card: self}}]
            from: graveyard
      - name: Probe Sweep
        kind: trap
        subtype: normal
        activation:
          resolve: [{banish_graveyard: opponent}]
      - name: Probe Bolt
        kind: spell
        subtype: normal
        activation:
          resolve: [{damage: {to: opponent, amount: 1000}}]
    setup:
      turn: {number: 4, player: TURN, phase: main1}
      players:
        A:
          lp: 3000
          deck: 5
          hand: [{id: warden, card: Probe Warden}, {id: snake, card: Venom Snake}]
          graveyard: [{id: revenant, card: Probe Revenant}, {id: ward2, card: Probe Warden}]
        B:
          lp: 8000
          deck: 5
          hand: [{id: bolt, card: Probe Bolt}]
          spell_trap: [{id: sweep, card: Probe Sweep, face: down, set_turn: 2}]
    steps:
    STEPS
    expect:
      EXPECT
    """)


def scenario(steps, expect, turn="A", warden_from="hand"):
    text = SCENARIO.replace("STEPS", textwrap.indent(textwrap.dedent(steps).strip(), "  ")) \
        .replace("EXPECT", expect).replace("TURN", turn).replace("WARDEN_FROM", warden_from)
    return parse_scenario(text, "zones-probe.yaml", RULESETS)


def differences(steps, expect, **kwargs):
    return run(scenario(steps, expect, **kwargs)).differences


def test_an_ignition_effect_in_the_graveyard_is_activated_from_there():
    steps = """
        - {player: A, activate: revenant}
        - {player: B, pass: true}
        - {player: A, pass: true}
        """
    assert differences(steps, "cards: {revenant: {zone: monsters}}") == []
    assert differences(steps, "cards: {revenant: {zone: graveyard}}") != []


def test_an_effect_without_from_is_not_activated_in_the_graveyard():
    # ward2 is a Probe Warden in the Graveyard, whose Quick Effect is written `from: hand`
    steps = "- {player: A, activate: ward2, illegal: not_activatable}"
    assert differences(steps, "lp: {A: 3000}") == []


def test_an_ignition_effect_in_the_graveyard_cannot_answer_a_chain():
    steps = """
        - {player: B, activate: bolt}
        - {player: A, activate: revenant, illegal: spell_speed_too_low}
        """
    assert differences(steps, "cards: {revenant: {zone: graveyard}}", turn="B") == []


def test_a_quick_effect_from_the_hand_answers_a_spell_and_discards_itself():
    steps = """
        - {player: B, activate: bolt}
        - {player: A, activate: warden}
        - {player: B, pass: true}
        - {player: A, pass: true}
        """
    expect = "lp: {A: 3000}\n  resolved: [warden, bolt]\n  cards: {warden: {zone: graveyard}}"
    assert differences(steps, expect, turn="B") == []


def test_a_quick_effect_read_as_spell_speed_1_cannot_answer_the_spell():
    steps = """
        - {player: B, activate: bolt}
        - {player: A, activate: warden}
        - {player: B, pass: true}
        - {player: A, pass: true}
        """
    replay = run(scenario(steps, "lp: {A: 3000}", turn="B"),
                 mutation="spell-speed-2:quick-effect-speed-1")
    assert replay.differences != []


def test_discarding_itself_is_a_cost_a_card_in_the_graveyard_cannot_pay():
    steps = "- {player: A, activate: ward2, illegal: cannot_pay_cost}"
    assert differences(steps, "lp: {A: 3000}", warden_from="[hand, graveyard]") == []


def test_this_card_gone_from_the_graveyard_is_not_summoned():
    """A chained Trap banishes it first: its link still resolves, and summons nothing."""
    steps = """
        - {player: A, activate: revenant}
        - {player: B, activate: sweep}
        - {player: A, pass: true}
        - {player: B, pass: true}
        """
    assert differences(steps, "cards: {revenant: {zone: banished}}\n  resolved: [sweep, "
                              "revenant]") == []


@pytest.mark.parametrize("written, words", [
    ("from: deck", "from: is one of field, hand, graveyard"),
    ("from: []", "from: is one of field, hand, graveyard"),
])
def test_an_unknown_zone_in_from_is_refused_naming_the_card(written, words):
    text = SCENARIO.replace("from: graveyard", written).replace("STEPS", "  - {player: A, "
                                                                "pass: true}") \
        .replace("EXPECT", "lp: {A: 3000}").replace("TURN", "A") \
        .replace("WARDEN_FROM", "hand")
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(text, "zones-probe.yaml", RULESETS)
    assert raised.value.field.startswith("cards[1]") and words in raised.value.message


def test_from_beside_a_trigger_is_refused():
    revenant = "  - ignition:\n          resolve: [{special_summon: {card: self}}]\n"
    assert SCENARIO.count(revenant) == 1
    text = SCENARIO.replace(revenant, "  - trigger: flipped\n        resolve: [{gain_lp: 100}]\n")
    text = text.replace("STEPS", "  - {player: A, pass: true}").replace("EXPECT", "lp: {A: 3000}") \
        .replace("TURN", "A").replace("WARDEN_FROM", "hand")
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(text, "zones-probe.yaml", RULESETS)
    assert raised.value.field.startswith("cards[1]")
    assert "quick or ignition" in raised.value.message


def test_discard_names_only_this_card():
    text = SCENARIO.replace("{discard: self}", "{discard: snake}").replace(
        "STEPS", "  - {player: A, pass: true}").replace("EXPECT", "lp: {A: 3000}") \
        .replace("TURN", "A").replace("WARDEN_FROM", "hand")
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(text, "zones-probe.yaml", RULESETS)
    assert raised.value.field.startswith("cards[0]") and "discard is `self`" in \
        raised.value.message
