"""Triggers that watch summons (`trigger: summoned`, scenarios/engine/watching.py): a card wakes
for the monsters its `watch:` names once their summon has succeeded, summoned the way its `how:`
names; the same code that reads `trigger: destroyed`."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel

SOURCE = textwrap.dedent("""\
    slug: summon-watcher-probe
    format: core
    rule: core/chains#priority-after-a-summon
    title: A summon watcher
    narrative: A card watches summons.
    cards:
      - name: Probe Herald
        kind: spell
        subtype: continuous
        effects:
        - trigger: summoned
          {watch}
          mandatory: true
          resolve:
          - gain_lp: 1000
      - {{name: Probe Psion, kind: monster, subtype: normal, race: Psychic, level: 3, atk: 1000,
          def: 1000}}
    setup:
      turn: {{number: 4, player: B, phase: main1}}
      players:
        A:
          lp: 8000
          deck: 5
          spell_trap: [{{id: herald, card: Probe Herald, face: {face}}}]
        B:
          lp: 8000
          deck: 5
          hand: [{{id: psion, card: Probe Psion}}, {{id: teleport, card: Emergency Teleport}},
                 {{id: psion-2, card: Probe Psion}}]
    steps:
    {steps}
    expect: {{turn: 4}}
    """)
NORMAL = ["{player: B, summon: psion}", "{player: B, pass: true}", "{player: A, pass: true}",
          "{player: B, pass: true}", "{player: A, pass: true}"]
SPECIAL = ["{player: B, activate: teleport, select: {summon: psion}}", "{player: A, pass: true}",
           "{player: B, pass: true}", "{player: B, pass: true}", "{player: A, pass: true}"]


def replayed(watch, steps, face="up"):
    text = SOURCE.format(watch=watch.replace("\n", "\n      "), face=face,
                         steps="\n".join(f"  - {step}" for step in steps))
    return replay(parse_scenario(text, "probe.yaml", formats={"core"}), Duel, default_catalog(),
                  keep_going=True)


def gained(result):
    assert not [step for step in result.steps if step.status.refused]
    return result.duel.players["A"].lp - 8000


def test_a_watcher_of_opponents_special_summons_wakes_on_a_summon_by_an_effect():
    result = replayed("watch: {kind: monster, side: opponent}\nhow: special", SPECIAL)
    assert result.duel.card("psion").zone == "monsters"
    assert gained(result) == 1000


def test_a_watcher_of_special_summons_ignores_a_normal_summon():
    result = replayed("watch: {kind: monster, side: opponent}\nhow: special", NORMAL)
    assert result.duel.card("psion").zone == "monsters"
    assert gained(result) == 0


def test_without_how_any_summon_wakes_it():
    assert gained(replayed("watch: {kind: monster, side: opponent}", NORMAL)) == 1000


def test_a_watcher_of_its_own_players_summons_ignores_the_opponent_s():
    assert gained(replayed("watch: {kind: monster, side: own}", NORMAL)) == 0


def test_a_face_down_summon_watcher_sees_nothing():
    assert gained(replayed("watch: {kind: monster, side: opponent}", NORMAL, face="down")) == 0


@pytest.mark.parametrize("watch, message", [
    ("how: fused", "trigger how is one or more of normal, tribute, flip, special, token, "
                   "not 'fused'"),
    ("by: battle", "by belongs to a 'trigger: destroyed' trigger, not 'trigger: summoned'"),
])
def test_a_badly_written_summon_watch_is_refused_at_its_card(watch, message):
    with pytest.raises(ScenarioError) as caught:
        replayed(watch, ["{player: B, pass: true}"])
    assert caught.value.field == "cards[0].effects"
    assert message in caught.value.message
