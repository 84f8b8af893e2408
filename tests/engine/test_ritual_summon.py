"""The core Ritual Summon primitive: Tributes whose Levels reach the Ritual Monster's Level."""
import textwrap

from scenarios.engine import parse_scenario
from scenarios.engine.rulesets import RULESETS

from .conftest import run

SCENARIO = textwrap.dedent("""\
    slug: ritual-probe
    format: core
    rule: core/ending-the-game#zero-lp-immediate-loss
    title: A Ritual Summon
    narrative: A Ritual Spell summons a Ritual Monster.
    cards:
      - {name: Probe Knight, kind: monster, subtype: ritual, attribute: LIGHT, race: Warrior,
         level: 6, atk: 2300, def: 2000}
      - name: Probe Rite
        kind: spell
        subtype: ritual
        activation:
          resolve: [{ritual_summon: {}}]
    setup:
      turn: {number: 3, player: A, phase: main1}
      players:
        A:
          lp: 8000
          deck: 5
          hand: [{id: rite, card: Probe Rite}, {id: knight, card: Probe Knight},
                 {id: sangan, card: Sangan}]
          monsters: [{id: stone, card: Giant Soldier of Stone, position: attack}]
        B: {lp: 8000, deck: 5}
    steps:
      - {player: A, activate: rite, select: {ritual: knight}, materials: MATERIALS}
    expect:
      cards:
        knight: {zone: KNIGHT}
        stone: {zone: STONE}
    """)
PASSES = "\n  - {player: B, pass: true}\n  - {player: A, pass: true}"


def differences(materials, knight, stone, refused=None):
    """Replay the probe; a refusal is found as the Ritual Spell resolves, on the last pass."""
    text = SCENARIO.replace("MATERIALS", materials).replace("KNIGHT", knight) \
        .replace("STONE", stone)
    step = "materials: " + materials + "}"
    last = PASSES if refused is None else PASSES.rstrip("}") + f", illegal: {refused}}}"
    text = text.replace(step, step + last)
    return run(parse_scenario(text, "ritual-probe.yaml", RULESETS)).differences


def test_tributes_whose_levels_reach_the_ritual_monsters_level_summon_it():
    assert differences("[stone, sangan]", knight="monsters", stone="graveyard") == []


def test_tributes_short_of_the_level_are_refused_and_change_nothing():
    assert differences("[stone]", knight="hand", stone="monsters", refused="invalid_ritual") == []


def test_a_refused_ritual_summon_is_not_read_as_a_success():
    assert differences("[stone]", knight="monsters", stone="graveyard") != []
