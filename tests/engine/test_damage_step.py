"""The Damage Step's window (battle.py, damage_step.py): a Counter Trap, and a card or effect
that changes ATK/DEF as it resolves, may be activated there; anything else is refused with
`not_in_damage_step`."""
import textwrap

import pytest

from scenarios.engine import parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.damage_step import changes_stats
from scenarios.engine.rulesets import RULESETS, ruleset_for

from .conftest import parameters

SOURCE = textwrap.dedent("""\
    slug: damage-step-probe
    format: {format}
    rule: core/card-types#damage-step-atk-changes
    title: Something is activated in the Damage Step
    narrative: B's Psychic Commander attacks A's Giant Soldier of Stone; A answers in the Damage Step.
    cards:
      - name: Surge Trap
        kind: trap
        subtype: normal
        activation:
          target: {{card: monster, side: own, face: up}}
          resolve: [{{change_atk: {{amount: 1000}}}}]
      - name: Quick Bulwark
        kind: monster
        subtype: effect
        attribute: EARTH
        race: Warrior
        level: 4
        atk: 1300
        def: 1000
        effects:
          - quick:
              speed: 2
              target: {{card: monster, side: opponent, face: up}}
              resolve: [{{change_atk: {{amount: -1000}}}}]
      - name: Slow Banner
        kind: trap
        subtype: continuous
        activation:
          resolve: [{{draw: 1}}]
        effects:
          - quick:
              speed: 2
              target: {{card: monster, side: own, face: up}}
              resolve: [{{change_atk: {{amount: 500}}}}]
      - name: Fog of Weakness
        kind: spell
        subtype: continuous
        effects:
          - continuous: {{stats: {{atk: -500}}, to: {{side: opponent, kind: monster}}}}
    setup:
      turn: {{number: 4, player: B, phase: battle}}
      players:
        A:
          lp: 8000
          monsters: [{{id: soldier, card: {defender}, position: attack}}]
          spell_trap:
            - {{id: surge, card: Surge Trap, face: down, set_turn: 3}}
            - {{id: ring, card: Ring of Destruction, face: down, set_turn: 3}}
            - {{id: banner, card: Slow Banner, face: down, set_turn: 3}}
          deck: 5
        B:
          lp: 8000
          monsters: [{{id: commander, card: Psychic Commander, position: attack}}]
          deck: 5
    steps:
      - {{player: B, attack: commander, target: soldier}}
      - {{player: B, pass: true}}
      - {{player: A, pass: true}}
      - {{player: A, activate: {card}, target: {target}}}
      {extra}
    expect:
      chain: [{card}]
    """)


def replayed(card, target="soldier", defender="Giant Soldier of Stone", mutation=None,
             format="core", extra=""):
    text = SOURCE.format(card=card, target=target, defender=defender, format=format,
                         extra=extra)
    scenario = parse_scenario(text, "damage-step.yaml", RULESETS)
    return replay(scenario, ruleset_for(scenario.format), default_catalog(),
                  params=parameters(scenario.format), mutation=mutation)


def refusal(result):
    return result.outcome.refused and result.outcome.refused["reason"]


def test_a_trap_that_changes_atk_is_activated_in_the_damage_step():
    result = replayed("surge")
    assert result.matches, result.differences
    assert "core/card-types#damage-step-atk-changes" in result.rules


def test_a_monster_quick_effect_that_changes_atk_is_activated_in_the_damage_step():
    result = replayed("soldier", target="commander", defender="Quick Bulwark")
    assert result.matches, result.differences


def test_the_damage_step_reading_holds_in_highlander():
    assert replayed("surge", format="thought-ruler-highlander").matches


def test_a_trap_that_changes_no_stat_is_refused_in_the_damage_step():
    result = replayed("surge", extra="- {player: B, pass: true}\n"
                                     "  - {player: A, activate: ring, target: commander}")
    assert refusal(result) == "not_in_damage_step"
    assert "Ring of Destruction cannot be activated in the Damage Step" in \
        result.outcome.refused["message"]


def test_the_wrong_reading_allows_only_quick_play_spells():
    result = replayed("surge", mutation="damage-step-stat-change:quick-play-only")
    assert not result.matches


def test_changes_stats_reads_what_a_card_does_as_it_resolves():
    catalog = default_catalog()
    assert changes_stats(catalog.get("Rush Recklessly"))
    assert not changes_stats(catalog.get("Ring of Destruction"))
    assert not changes_stats(catalog.get("Mystical Space Typhoon"))


def test_a_continuous_stat_change_is_not_activated_in_the_damage_step():
    text = SOURCE.format(card="surge", target="soldier", defender="Giant Soldier of Stone",
                         format="core", extra="")
    scenario = parse_scenario(text, "damage-step.yaml", RULESETS)
    fog = next(card for card in scenario.cards if card.name == "Fog of Weakness")
    surge = next(card for card in scenario.cards if card.name == "Surge Trap")
    assert changes_stats(surge) and not changes_stats(fog)


def test_the_program_activated_decides_not_another_effect_of_the_card():
    """Slow Banner's effect changes ATK, but activating the card itself does not: the card's
    activation is refused in the Damage Step."""
    result = replayed("surge", extra="- {player: B, pass: true}\n"
                                     "  - {player: A, activate: banner}")
    assert refusal(result) == "not_in_damage_step"


def test_a_kingdom_duels_battle_keeps_the_damage_step():
    result = replayed("surge", format="kingdom-duels")
    assert result.matches, result.differences
    assert "kingdom-duels/battle#damage-step-as-official" in result.rules


def test_the_no_damage_step_reading_of_kingdom_duels_refuses_what_the_official_one_allows():
    result = replayed("surge", format="kingdom-duels", mutation="kd-damage-step:no-damage-step")
    assert not result.matches


def test_kingdom_duels_refuses_a_card_that_changes_no_stat_in_the_damage_step():
    result = replayed("surge", format="kingdom-duels",
                      extra="- {player: B, pass: true}\n"
                            "  - {player: A, activate: ring, target: commander}")
    assert refusal(result) == "not_in_damage_step"
