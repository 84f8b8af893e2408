"""Destruction causes and the triggers that watch them (scenarios/engine/destruction.py): the
engine knows whether a battle, a card effect or a game rule destroyed a card, and a
`trigger: destroyed` effect wakes only for the cards it watches, destroyed the way it names."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.destruction import destruction_kind
from scenarios.engine.duel import Duel

SOURCE = textwrap.dedent("""\
    slug: watcher-probe
    format: core
    rule: core/card-types#field-spell-game-mechanic-destruction
    title: A watcher
    narrative: A card watches destructions.
    cards:
      - name: Probe Watcher
        kind: spell
        subtype: continuous
        effects:
        - trigger: destroyed
          {watch}
          mandatory: true
          resolve:
          - gain_lp: 1000
      - name: Probe Smite
        kind: spell
        subtype: quick-play
        activation:
          target: {{card: card, side: any}}
          resolve:
          - destroy: target
      - {{name: Probe Giant, kind: monster, subtype: normal, level: 4, atk: 2400, def: 1000}}
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A:
          lp: 8000
          deck: 5
          spell_trap: [{{id: watcher, card: Probe Watcher, face: {face}}}]
          monsters: [{{id: giant, card: Probe Giant, position: attack}}]
          field_zone: {{id: sogen, card: Sogen}}
          hand: [{{id: smite, card: Probe Smite}}, {{id: yami, card: Yami}}]
        B:
          lp: 8000
          deck: 5
          monsters: [{{id: rival, card: Giant Soldier of Stone, position: attack}}]
    steps:
    {steps}
    expect: {{turn: 3}}
    """)

SMITE = ("{player: A, activate: smite, target: %s}", "{player: B, pass: true}",
         "{player: A, pass: true}")
# After the destruction, the watcher's mandatory link (if any) resolves once both pass.
THEN_PASS = ("{player: B, pass: true}", "{player: A, pass: true}")


def replayed(watch, steps, face="up"):
    text = SOURCE.format(watch=watch, face=face,
                         steps="\n".join(f"  - {step}" for step in steps))
    return replay(parse_scenario(text, "probe.yaml", formats={"core"}), Duel, default_catalog(),
                  keep_going=True)


def smite(card_id):
    return [SMITE[0] % card_id, *SMITE[1:], *THEN_PASS]


def gained(result):
    return result.duel.players["A"].lp - 8000


def test_a_watcher_of_opponents_monsters_wakes_when_one_is_destroyed_by_an_effect():
    result = replayed("watch: {kind: monster, side: opponent}", smite("rival"))
    assert gained(result) == 1000


def test_a_watcher_of_opponents_monsters_ignores_its_own_players_monster():
    result = replayed("watch: {kind: monster, side: opponent}", smite("giant"))
    assert gained(result) == 0


def test_by_battle_ignores_a_destruction_by_a_card_effect():
    result = replayed("watch: {kind: monster, side: opponent}\n      by: battle", smite("rival"))
    assert gained(result) == 0


def test_by_battle_wakes_for_a_monster_destroyed_by_battle():
    steps = ["{player: A, phase: battle}", "{player: A, attack: giant, target: rival}",
             "{player: A, pass: true}", "{player: B, pass: true}", *THEN_PASS]
    result = replayed("watch: {kind: monster, side: opponent}\n      by: battle", steps)
    assert result.duel.card("rival").zone == "graveyard"
    assert gained(result) == 1000


def test_a_field_spell_replaced_is_destroyed_by_a_rule_not_an_effect():
    steps = ["{player: A, activate: yami}", "{player: B, pass: true}", "{player: A, pass: true}",
             *THEN_PASS]
    by_effect = replayed("watch: {kind: spell, subtype: field}\n      by: effect", steps)
    by_rule = replayed("watch: {kind: spell, subtype: field}\n      by: rule", steps)
    assert by_effect.duel.card("sogen").zone == "graveyard"
    assert (gained(by_effect), gained(by_rule)) == (0, 1000)


def test_a_face_down_watcher_sees_nothing():
    result = replayed("watch: {kind: monster, side: opponent}", smite("rival"), face="down")
    assert gained(result) == 0


def test_without_watch_a_card_watches_only_its_own_destruction():
    mine = replayed("by: effect", smite("watcher"))
    other = replayed("by: effect", smite("rival"))
    assert (gained(mine), gained(other)) == (1000, 0)


def test_the_cause_of_a_destruction_is_battle_a_card_effect_or_a_rule():
    duel = replayed("by: effect", ["{player: A, pass: true}"]).duel
    assert destruction_kind(duel, "battle") == "battle"
    assert destruction_kind(duel, "smite") == "effect"
    assert destruction_kind(duel, "a new Field Spell (game mechanics)") == "rule"


@pytest.mark.parametrize("watch, message", [
    ("watch: {kind: monster}\n      by: bomb", "trigger by is one or more of battle, effect, "
                                                "rule, not 'bomb'"),
    ("watch: {side: mine}", "trigger watch: filter side is one of own, opponent, any, not 'mine'"),
    ("watch: [monster]", "trigger watch is 'self' or a filter"),
])
def test_a_badly_written_watch_is_refused_at_its_card(watch, message):
    with pytest.raises(ScenarioError) as caught:
        replayed(watch, ["{player: A, pass: true}"])
    assert caught.value.field == "cards[0].effects"
    assert message in caught.value.message


def test_watch_on_another_trigger_is_refused():
    text = SOURCE.format(watch="watch: {kind: monster}", face="up",
                         steps="  - {player: A, pass: true}").replace(
        "trigger: destroyed", "trigger: flipped")
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "probe.yaml", formats={"core"})
    assert "watch belongs to a 'trigger: destroyed' or 'trigger: summoned' trigger, not " \
        "'trigger: flipped'" in caught.value.message
