"""Continuous restrictions (scenarios/engine/restrictions.py): each forbids what its text says for
as long as its source is face-up on the field, and a badly written one is refused when its card
loads, at the card's line and field."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel
from scenarios.engine.restrictions import restricting_cards

SOURCE = textwrap.dedent("""\
    slug: restriction-probe
    format: core
    rule: core/chains#costs-at-activation
    title: A restriction
    narrative: A card restricts what the players may do.
    cards:
      - name: Probe Source
        kind: monster
        subtype: effect
        level: 4
        atk: 1000
        def: 1000
        effects:
        - continuous:
            {restriction}
      - name: Probe Smite
        kind: spell
        subtype: quick-play
        activation:
          target: {{card: monster, side: any}}
          resolve:
          - destroy: target
      - name: Probe Altar
        kind: spell
        subtype: normal
        activation:
          cost:
          - tribute: {{}}
          resolve:
          - draw: 1
      - {{name: Probe Giant, kind: monster, subtype: normal, level: 5, atk: 2400, def: 1000}}
    setup:
      turn: {{number: 3, player: {turn}, phase: {phase}}}
      players:
        A:
          lp: 8000
          deck: 5
          monsters:
            - {{id: source, card: Probe Source, position: attack, face: {face}}}
            - {{id: soldier, card: Giant Soldier of Stone, position: attack}}
          hand:
            - {{id: smite, card: Probe Smite}}
            - {{id: altar, card: Probe Altar}}
            - {{id: giant, card: Probe Giant}}
        B:
          lp: 8000
          deck: 5
          monsters: [{{id: rival, card: Giant Soldier of Stone, position: attack}}]
          spell_trap: [{{id: b-smite, card: Probe Smite, face: down, set_turn: 2}}]
    steps:
    {steps}
    expect: {{turn: 3}}
    """)


def replayed(restriction, steps, turn="A", phase="main1", face="up"):
    text = SOURCE.format(restriction=restriction, turn=turn, phase=phase, face=face,
                         steps="\n".join(f"  - {step}" for step in steps))
    if face == "down":
        text = text.replace("position: attack, face: down", "position: defense, face: down")
    return replay(parse_scenario(text, "probe.yaml", formats={"core"}), Duel, default_catalog(),
                  keep_going=True)


def refusals(result):
    return [step.reason for step in result.steps]


def test_cannot_attack_refuses_the_attack_of_a_monster_it_reaches():
    result = replayed("cannot_attack: {cards: {side: opponent}}",
                      ["{player: B, attack: rival, target: soldier}"], turn="B", phase="battle")
    assert refusals(result) == ["cannot_attack"]


def test_cannot_attack_leaves_the_sources_own_side_free_to_attack():
    result = replayed("cannot_attack: {cards: {side: opponent}}",
                      ["{player: A, attack: soldier, target: rival}"], phase="battle")
    assert refusals(result) == [None]


def test_a_face_down_source_restricts_nothing():
    result = replayed("cannot_attack: {cards: {side: opponent}}",
                      ["{player: B, attack: rival, target: source}"], turn="B", phase="battle",
                      face="down")
    assert refusals(result) == [None]


def test_the_restriction_ends_when_its_source_is_destroyed():
    result = replayed("cannot_attack: {cards: {side: opponent}}",
                      ["{player: B, activate: b-smite, target: source}", "{player: A, pass: true}",
                       "{player: B, pass: true}", "{player: B, attack: rival, target: soldier}"],
                      turn="B", phase="battle")
    assert refusals(result) == [None, None, None, None]
    assert result.duel.card("source").zone == "graveyard"


def test_cannot_be_destroyed_by_battle_survives_battle():
    result = replayed("cannot_be_destroyed: {by: battle}",
                      ["{player: B, attack: rival, target: source}", "{player: B, pass: true}",
                       "{player: A, pass: true}"], turn="B", phase="battle")
    assert result.duel.card("source").zone == "monsters"
    assert result.duel.players["A"].lp == 8000 - 300


def test_cannot_be_destroyed_by_battle_is_still_destroyed_by_an_effect():
    result = replayed("cannot_be_destroyed: {by: battle}",
                      ["{player: A, activate: smite, target: source}", "{player: B, pass: true}",
                       "{player: A, pass: true}"])
    assert result.duel.card("source").zone == "graveyard"


def test_cannot_be_destroyed_by_effect_keeps_it_on_the_field():
    result = replayed("cannot_be_destroyed: {by: effect}",
                      ["{player: A, activate: smite, target: source}", "{player: B, pass: true}",
                       "{player: A, pass: true}"])
    assert result.duel.card("source").zone == "monsters"
    assert any(e.data.get("what") == "not_destroyed" and e.data.get("how") == "effect"
               for e in result.duel.events)


def test_cannot_be_targeted_by_opponent_refuses_the_opponents_target():
    result = replayed("cannot_be_targeted: {by: opponent}",
                      ["{player: A, pass: true}", "{player: B, activate: b-smite, target: source}"])
    assert refusals(result) == [None, "invalid_target"]


def test_cannot_be_targeted_by_opponent_lets_its_controller_target_it():
    result = replayed("cannot_be_targeted: {by: opponent}",
                      ["{player: A, activate: smite, target: source}"])
    assert refusals(result) == [None]


def test_cannot_be_targeted_by_any_refuses_its_controllers_target_too():
    result = replayed("cannot_be_targeted: {by: any}",
                      ["{player: A, activate: smite, target: source}"])
    assert refusals(result) == ["invalid_target"]


def test_cannot_be_tributed_refuses_a_tribute_summon_and_a_tribute_cost():
    result = replayed("cannot_be_tributed: {}",
                      ["{player: A, summon: giant, tributes: [source]}",
                       "{player: A, activate: altar, select: {tribute: source}}",
                       "{player: A, summon: giant, tributes: [soldier]}"])
    assert refusals(result) == ["wrong_tributes", "cannot_pay_cost", None]


def test_a_restriction_with_a_filter_reaches_only_the_cards_it_describes():
    result = replayed("cannot_be_tributed: {cards: {side: own, race: Rock}}",
                      ["{player: A, summon: giant, tributes: [soldier]}"])
    assert refusals(result) == ["wrong_tributes"]


def test_a_duel_without_restrictions_has_no_card_to_look_at():
    result = replayed("atk_per: {count: effect_monsters_on_field, each: 0}",
                      ["{player: A, pass: true}"])
    assert restricting_cards(result.duel) == []


@pytest.mark.parametrize("restriction, message", [
    ("cannot_be_destroyed: {by: bomb}", "continuous cannot_be_destroyed: by is one or more of "
                                        "battle, effect, rule, not 'bomb'"),
    ("cannot_attack: {side: opponent}", "continuous cannot_attack: unknown field(s) side "
                                        "(known: cards)"),
    ("cannot_be_targeted: {by: self}", "continuous cannot_be_targeted: by is one of opponent, "
                                       "any, not 'self'"),
    ("cannot_be_tributed: {cards: {side: theirs}}",
     "continuous cannot_be_tributed cards: filter side is one of own, opponent, any, not 'theirs'"),
    ("cannot_attack: {cards: {colour: red}}",
     "continuous cannot_attack cards: unknown filter 'colour'"),
])
def test_a_badly_written_restriction_is_refused_at_its_card(restriction, message):
    with pytest.raises(ScenarioError) as caught:
        replayed(restriction, ["{player: A, pass: true}"])
    error = caught.value
    assert error.file == "probe.yaml"
    assert error.field == "cards[0].effects"
    assert error.line == 14  # the effect that holds the restriction
    assert message in error.message


LONE = textwrap.dedent("""\
    slug: lone-probe
    format: core
    rule: core/chains#costs-at-activation
    title: A summoning restriction
    narrative: A monster needs an empty field.
    cards:
      - name: Probe Loner
        kind: monster
        subtype: effect
        level: 4
        atk: 1000
        def: 1000
        summon_condition: {condition}
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A: {{lp: 8000, deck: 5, hand: [{{id: loner, card: Probe Loner}}], {monsters}}}
        B: {{lp: 8000, deck: 5}}
    steps:
      - {{player: A, {verb}: loner}}
    expect: {{turn: 3}}
    """)


@pytest.mark.parametrize("verb", ["summon", "set"])
def test_not_while_you_control_refuses_normal_summon_and_set_while_you_control_one(verb):
    text = LONE.format(condition="{not_while_you_control: {kind: monster}}", verb=verb,
                       monsters="monsters: [{id: s, card: Giant Soldier of Stone, "
                                "position: attack}]")
    result = replay(parse_scenario(text, "lone.yaml", formats={"core"}), Duel, default_catalog(),
                    keep_going=True)
    assert refusals(result) == ["cannot_normal_summon"]


def test_not_while_you_control_allows_the_summon_on_an_empty_field():
    text = LONE.format(condition="{not_while_you_control: {kind: monster}}", verb="summon",
                       monsters="monsters: []")
    result = replay(parse_scenario(text, "lone.yaml", formats={"core"}), Duel, default_catalog(),
                    keep_going=True)
    assert refusals(result) == [None]
    assert result.duel.card("loner").zone == "monsters"


def test_not_while_you_control_with_an_unknown_filter_key_is_refused_at_its_card():
    text = LONE.format(condition="{not_while_you_control: {colour: red}}", verb="summon",
                       monsters="monsters: []")
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "lone.yaml", formats={"core"})
    assert caught.value.field == "cards[0].summon_condition"
    assert "unknown filter 'colour'" in caught.value.message


DECK_MASTER_SOURCE = textwrap.dedent("""\
    slug: erased-restriction-probe
    format: deck-masters
    rule: deck-masters/on-the-field#effect-erased-while-deck-master
    title: A Deck Master's printed restriction
    narrative: A Deck Master's text says it cannot attack.
    cards:
      - name: Probe Wall
        kind: monster
        subtype: effect
        level: 4
        atk: 1000
        def: 1000
        effects:
        - continuous: {cannot_attack: {}}
    setup:
      turn: {number: 3, player: A, phase: battle}
      players:
        A: {lp: 8000, deck: 5, deck_master: {id: wall, card: Probe Wall, position: attack},
            monsters: [{id: copy, card: Probe Wall, position: attack}]}
        B: {lp: 8000, deck: 5, deck_master: {id: b-dm, card: Summoned Skull}}
    steps:
      - {player: A, attack: copy, target: direct}
      - {player: A, attack: wall, target: direct}
    expect: {turn: 3}
    """)


def test_a_deck_masters_erased_restriction_forbids_nothing_and_cites_the_erasing_rule():
    from scenarios.engine.rulesets.deck_masters import DeckMastersDuel

    from .conftest import parameters
    result = replay(parse_scenario(DECK_MASTER_SOURCE, "probe.yaml", formats={"deck-masters"}),
                    DeckMastersDuel, default_catalog(), params=parameters("deck-masters"),
                    keep_going=True)
    assert refusals(result) == ["cannot_attack", None]
    assert "deck-masters/on-the-field#effect-erased-while-deck-master" in result.rules
