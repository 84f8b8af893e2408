"""A step whose script is incomplete is the file's fault: it is reported as a script error at
the step's line and field, never taken for a step the rules refused."""
import textwrap

import pytest

from scenarios.engine import IllegalAction, ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel
from scenarios.engine.errors import ScriptError
from scenarios.engine.scenario import build_duel

SOURCE = textwrap.dedent("""\
    slug: untargeted
    format: core
    rule: core/chains#resolving-backwards
    title: A Typhoon without a target
    narrative: Player A activates Mystical Space Typhoon but the file names no target.
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A:
          lp: 8000
          hand: [{{id: mst, card: Mystical Space Typhoon}}]
          deck: 5
        B:
          lp: 8000
          spell_trap: [{{id: cf, card: Ceasefire, face: down, set_turn: 2}}]
          deck: 5
    steps:
      - {{player: A, activate: mst{extra}}}
    expect:
      zones:
        A: {{hand: 0}}
    """)


def scenario(extra=""):
    return parse_scenario(SOURCE.format(extra=extra), "untargeted.yaml", formats={"core"})


def test_a_script_error_is_no_refusal():
    assert not issubclass(ScriptError, IllegalAction)
    assert not issubclass(IllegalAction, ScriptError)


def test_a_handler_for_refused_steps_does_not_catch_a_script_error():
    parsed = scenario()
    duel = build_duel(parsed, Duel(default_catalog()))
    with pytest.raises(ScriptError) as caught:
        try:
            duel.play(parsed.steps[0])
        except IllegalAction:
            pytest.fail("a script error was taken for a refused step")
    assert caught.value.field == "target"


def test_a_script_error_in_a_step_is_reported_at_its_line_and_field():
    with pytest.raises(ScenarioError) as caught:
        replay(scenario(), Duel, default_catalog())
    error = caught.value
    assert (error.file, error.line, error.field) == ("untargeted.yaml", 18, "steps[0].target")
    assert "needs a scripted target" in error.message


def test_a_step_expected_refused_is_still_a_script_error_when_its_script_is_incomplete():
    with pytest.raises(ScenarioError) as caught:
        replay(scenario(", illegal: invalid_target"), Duel, default_catalog())
    assert caught.value.field == "steps[0].target"


def test_a_step_without_its_player_is_a_script_error_where_a_rule_needs_one():
    step = scenario().steps[0]
    assert step.actor == "A"
    step.player = None  # only pass_turns may leave it out; here a rule needs it
    with pytest.raises(ScriptError) as caught:
        step.actor
    assert caught.value.field == "player"


def test_a_step_without_its_card_is_a_script_error_where_a_rule_needs_one():
    step = scenario().steps[0]
    assert step.card_id == "mst"
    step.card = None
    with pytest.raises(ScriptError) as caught:
        step.card_id
    assert caught.value.field == "activate"


UNKNOWN_WHILE = textwrap.dedent("""\
    slug: unknown-while
    format: core
    rule: core/chains#resolving-backwards
    title: A banner whose condition names nothing
    narrative: Player A's own monster gains ATK while a condition the engine does not know holds.
    cards:
      - name: Odd Banner Beast
        kind: monster
        subtype: effect
        attribute: EARTH
        race: Beast
        level: 4
        atk: 1400
        def: 1000
        effects:
          - continuous: {stats: {atk: 500}, while: no_such_condition}
    setup:
      turn: {number: 3, player: A, phase: main1}
      players:
        A: {lp: 8000, deck: 5, monsters: [{id: beast, card: Odd Banner Beast, position: attack}]}
        B: {lp: 8000, deck: 5}
    steps:
      - {player: A, end_turn: true}
    expect: {}
    """)


@pytest.mark.parametrize("record_states", [False, True])
def test_an_own_cards_unknown_condition_is_a_scenario_error_outside_the_steps_too(record_states):
    """Found while writing the table or observing the outcome (not inside a step), the script
    error still names the file, never escaping as an engine error (a fuzzed file found it)."""
    found = parse_scenario(UNKNOWN_WHILE, "unknown-while.yaml", formats={"core"})
    with pytest.raises(ScenarioError) as error:
        replay(found, Duel, default_catalog(), record_states=record_states)
    assert error.value.file == "unknown-while.yaml"
    assert "no_such_condition" in error.value.message
