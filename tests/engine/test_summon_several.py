"""One effect that Special Summons several monsters at once (`special_summon: {count: N}`):
one event, all or none, and each monster counted where a format counts summons."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.rulesets import RULESETS

from .conftest import run

SCENARIO = textwrap.dedent("""\
    slug: several-probe
    format: FORMAT
    rule: RULE
    title: Two monsters at once
    narrative: A probe of an effect that Special Summons two monsters together.
    cards:
      - name: Probe Twin
        kind: monster
        subtype: effect
        attribute: LIGHT
        race: Spellcaster
        level: 4
        atk: 1400
        def: 1000
        effects:
          - ignition:
              resolve: [{special_summon: {count: COUNT, from: [hand], filter: {level_max: 4}}}]
            from: hand
    setup:
      turn: {number: 5, player: A, phase: main1}
      players:
        A:
          deck: 5
          EXTRA
          hand: [{id: twin, card: Probe Twin}, {id: snake, card: Venom Snake},
                 {id: sangan, card: Sangan}]
        B: {deck: 5, lp: BLP}
    steps:
      - {player: A, activate: twin, select: {summon: SELECTED}}
      - {player: B, pass: true}
      - {player: A, pass: true ILLEGAL}
    expect:
      EXPECT
    """)
CORE = {"FORMAT": "core", "RULE": "core/chains#resolving-backwards", "COUNT": "2",
        "EXTRA": "lp: 8000", "BLP": "8000", "SELECTED": "[twin, snake]", "ILLEGAL": ""}


def probe(expect, **changes):
    text = SCENARIO.replace("EXPECT", expect)
    for key, value in {**CORE, **changes}.items():
        text = text.replace(key, value)
    return parse_scenario(text, "several-probe.yaml", RULESETS)


def test_two_monsters_arrive_together_in_one_summon_event():
    replay = run(probe("cards: {twin: {zone: monsters}, snake: {zone: monsters}, "
                       "sangan: {zone: hand}}"))
    assert replay.differences == []
    summons = [e for e in replay.duel.events if e.kind == "summon"]
    assert [e.data.get("cards") for e in summons] == [["twin", "snake"]]


def refused_at_activation(expect, code, **changes):
    """The probe with its activation refused (`code`), and no passes after it."""
    text = SCENARIO[:SCENARIO.index("  - {player: A, activate")] + \
        f"  - {{player: A, activate: twin, select: {{summon: SELECTED}}, illegal: {code}}}\n" + \
        SCENARIO[SCENARIO.index("expect:"):]
    text = text.replace("EXPECT", expect)
    for key, value in {**CORE, **changes}.items():
        text = text.replace(key, value)
    return parse_scenario(text, "several-probe.yaml", RULESETS)


def test_a_wrong_number_of_chosen_monsters_is_refused_at_activation():
    scenario = refused_at_activation("cards: {twin: {zone: hand}, snake: {zone: hand}}",
                                     "invalid_selection", SELECTED="[twin, snake, sangan]")
    assert run(scenario).differences == []


def test_a_chosen_monster_outside_the_named_zone_is_refused_at_activation():
    scenario = refused_at_activation("cards: {twin: {zone: hand}}", "invalid_selection",
                                     SELECTED="[twin, stone]",
                                     EXTRA="lp: 8000\n      graveyard: [{id: stone, card: "
                                           "Giant Soldier of Stone}]")
    assert run(scenario).differences == []


def test_without_a_zone_for_each_neither_is_summoned():
    full = "monsters: [" + ", ".join(f"{{id: m{n}, card: Giant Soldier of Stone, position: "
                                     "attack}" for n in range(4)) + "]\n      lp: 8000"
    replay = run(probe("cards: {twin: {zone: hand}, snake: {zone: hand}}", EXTRA=full,
                       ILLEGAL=", illegal: no_free_zone"))
    assert replay.differences == []


HIGHLANDER = {"FORMAT": "thought-ruler-highlander",
              "RULE": "thought-ruler-highlander/summon-limit#each-simultaneous-monster-counts",
              "EXTRA": "lp: 8000\n      summons_this_turn: 1"}


def test_at_the_highlander_limit_an_effect_summoning_two_cannot_be_activated():
    """B has 8000 LP: the limit is 2, one summon is made, and two more would not fit."""
    refused = "  - {player: A, activate: twin, select: {summon: SELECTED}, " \
              "illegal: summon_limit_reached}\n"
    text = SCENARIO.replace(SCENARIO[SCENARIO.index("  - {player: A, activate"):
                                     SCENARIO.index("expect:")], refused)
    text = text.replace("EXPECT", "summons: {A: 1}\n  cards: {twin: {zone: hand}}")
    for key, value in {**CORE, **HIGHLANDER}.items():
        text = text.replace(key, value)
    scenario = parse_scenario(text, "several-probe.yaml", RULESETS)
    assert run(scenario).differences == []
    # read as counting once, the two would fit: the activation is no longer refused
    assert run(scenario, mutation="simultaneous:counts-once").differences != []


def test_each_of_two_monsters_counts_toward_the_highlander_limit():
    text = probe("summons: {A: 2}", **{**HIGHLANDER, "EXTRA": "lp: 8000"})
    assert run(text).differences == []
    assert run(text, mutation="simultaneous:counts-once").differences != []


def test_kingdom_duels_special_summons_two_after_the_normal_summon_is_used():
    kingdom = {"FORMAT": "kingdom-duels", "RULE": "kingdom-duels/summoning#unlimited-special-"
               "summons", "EXTRA": "lp: 2000", "BLP": "2000"}
    text = SCENARIO
    activation = "  - {player: A, activate: twin"
    assert text.count(activation) == 1
    text = text.replace(activation, "  - {player: A, summon: sangan}\n  - {player: A, pass: true}\n"
                        "  - {player: B, pass: true}\n" + activation)
    text = text.replace("EXPECT", "zones: {A: {monsters: 3}}")
    for key, value in {**CORE, **kingdom}.items():
        text = text.replace(key, value)
    scenario = parse_scenario(text, "several-probe.yaml", RULESETS)
    assert run(scenario).differences == []
    assert run(scenario, mutation="kd-special-summons:one-summon-in-all").differences != []


@pytest.mark.parametrize("count", ["1", "two", "true"])
def test_a_count_below_two_or_not_a_number_is_refused_naming_the_card(count):
    with pytest.raises(ScenarioError) as raised:
        probe("lp: {A: 8000}", COUNT=count)
    assert raised.value.field.startswith("cards[0]")
    assert "count is a whole number of at least 2" in raised.value.message
