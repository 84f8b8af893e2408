"""A card whose effect needs rules only another format has (a Kingdom Duels Terrain, a Deck
Master Position) is a script error in a format without them, reported at the step's line:
never a crash of the engine. And an effect that is no Chain Link has no link below it to
negate."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel

SOURCE = textwrap.dedent("""\
    slug: format-primitive-probe
    format: core
    rule: core/chains#resolving-backwards
    title: A card of another format
    narrative: Player A plays a card whose effect needs another format's rules.
    {cards}
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A:
          lp: 8000
          deck: 5
          hand: [{{id: card, card: {card}}}]
          monsters: [{{id: mine, card: Giant Soldier of Stone, position: attack}}]
        B:
          lp: 8000
          deck: 5
    steps:
    {steps}
    expect:
      lp: {{A: 8000}}
    """)

OWN_SPELL = textwrap.dedent("""\
    cards:
      - name: Probe Spell
        kind: spell
        subtype: normal
        activation:
          target: {card: monster, side: own}
          resolve:
          - place_in_position: target""")

END_PHASE_NEGATOR = textwrap.dedent("""\
    cards:
      - name: Probe Monster
        kind: monster
        subtype: effect
        level: 4
        atk: 1000
        def: 1000
        effects:
        - trigger: end_phase
          resolve:
          - negate_previous: {destroy: true}""")


ACTIVATED = ("{player: A, activate: card, target: mine}", "{player: B, pass: true}",
             "{player: A, pass: true}")


def replayed(card, steps, cards=""):
    text = SOURCE.format(card=card, cards=cards,
                         steps="\n".join(f"  - {step}" for step in steps))
    return replay(parse_scenario(text, "probe.yaml", formats={"core"}), Duel, default_catalog())


def test_a_kingdom_duels_terrain_move_in_another_format_is_a_script_error_at_its_step():
    with pytest.raises(ScenarioError) as caught:
        replayed("Kingdom Retreat", ACTIVATED)
    error = caught.value
    # The Spell resolves once both players have passed: at the last step.
    assert (error.file, error.line, error.field) == ("probe.yaml", 21, "steps[2].activate")
    assert error.message == "this format has no Terrains"


def test_a_deck_master_position_in_another_format_is_a_script_error_at_its_step():
    with pytest.raises(ScenarioError) as caught:
        replayed("Probe Spell", ACTIVATED, OWN_SPELL)
    assert caught.value.field == "steps[2].activate"
    assert caught.value.message == "this format has no Deck Master Positions"


def test_an_effect_that_is_no_chain_link_negates_nothing():
    # A's End Phase: the monster's effect applies by itself, with no Chain Link.
    result = replayed("Probe Monster", ("{player: A, summon: card}", "{player: A, end_turn: true}"),
                      END_PHASE_NEGATOR)
    assert result.matches
    duel = result.duel
    assert any(event.data.get("what") == "end_phase" for event in duel.events
               if event.kind == "trigger")
    assert duel.negated == []
