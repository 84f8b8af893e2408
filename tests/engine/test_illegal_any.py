"""`illegal: true`: the author expects the step to be refused and does not care which rule
refuses it. Any refusal passes; an allowed step still fails; `illegal: false` is an error."""
import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.replay import StepStatus
from scenarios.engine.rulesets import RULESETS
from tests.engine.conftest import run

TRAP_SET_THIS_TURN = """\
slug: any-refusal
format: core
rule: core/chains#priority
title: Any refusal will do
narrative: A activates a Trap Set this turn, then passes.
setup:
  turn: {number: 3, player: A, phase: main1}
  players:
    A: {lp: 8000, deck: 5, spell_trap: [{id: trap, card: Ceasefire, face: down, set_turn: %d}]}
    B: {lp: 8000, deck: 5}
steps:
  - {player: A, activate: trap, illegal: %s}
expect: {}
"""


def test_any_refusal_passes_an_illegal_true_step():
    result = run(parse_scenario(TRAP_SET_THIS_TURN % (3, "true"), "any.yaml", RULESETS))
    assert result.matches, result.differences
    assert result.steps[0].status == StepStatus.REFUSED_AS_EXPECTED
    assert result.steps[0].reason == "set_this_turn"


def test_an_allowed_step_fails_an_illegal_true_step():
    result = run(parse_scenario(TRAP_SET_THIS_TURN % (1, "true"), "any.yaml", RULESETS))
    assert [(d.key, d.expected, d.got) for d in result.differences] == [
        ("steps[0].illegal", True, None)]
    assert result.steps[0].status == StepStatus.ALLOWED_UNEXPECTEDLY


def test_illegal_false_is_refused_with_its_line_and_field():
    with pytest.raises(ScenarioError) as error:
        parse_scenario(TRAP_SET_THIS_TURN % (3, "false"), "any.yaml", RULESETS)
    assert (error.value.line, error.value.field) == (12, "steps[0].illegal")
    assert "write 'illegal: true' or a reason code" in error.value.message


def test_a_named_code_is_still_checked_against_the_format():
    with pytest.raises(ScenarioError) as error:
        parse_scenario(TRAP_SET_THIS_TURN % (3, "set_this_trun"), "any.yaml", RULESETS)
    assert error.value.field == "steps[0].illegal" and "set_this_turn" in error.value.message
