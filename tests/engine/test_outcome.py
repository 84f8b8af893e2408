"""Outcomes as data: what a replay ended with, and structured differences from `expect`."""
import copy
import json

import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.outcome import Difference, compare
from scenarios.engine.rulesets import RULESETS

from .conftest import SCENARIO_FILES, run, scenario_at

BY_FORMAT = {}
for _path in SCENARIO_FILES:
    BY_FORMAT.setdefault(scenario_at(_path).format, []).append(_path)


def wrong(value):
    """A value of the same shape as `value` that differs from it."""
    if value == "none":
        return {"winner": "A", "reason": "lp_zero"}
    if isinstance(value, dict) and ("winner" in value or "draw" in value):
        return "none"
    if isinstance(value, dict):
        if not value:
            return {"no-such-name": 1}
        key = next(iter(value))
        return {key: wrong(value[key])}
    if isinstance(value, list):
        return value + ["no-such-card"]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if value is None:
        return "something"
    return f"not-{value}"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_every_outcome_is_json_data_with_the_formats_keys(path):
    scenario = scenario_at(path)
    outcome = run(scenario).outcome
    data = json.loads(json.dumps(outcome.as_dict()))
    assert set(RULESETS[scenario.format].EXPECT_KEYS) <= set(data)
    assert data["refused"] is None or {"step", "reason", "message"} <= set(data["refused"])


CASES = [(slug, key) for slug, cls in RULESETS.items() for key in cls.EXPECT_KEYS]


@pytest.mark.parametrize("format_slug, key", CASES, ids=lambda v: str(v))
def test_every_expectation_key_of_every_format_can_make_a_scenario_fail(format_slug, key):
    scenario = copy.copy(scenario_at(BY_FORMAT[format_slug][0]))
    true_value = run(scenario).outcome[key]
    scenario.expect = {key: true_value}
    assert run(scenario).status == "passed", f"{key} as computed should pass"
    scenario.expect = {key: wrong(true_value)}
    replay = run(scenario)
    assert replay.status == "failed"
    assert all(isinstance(d, Difference) and d.key.split(".")[0] == key
               for d in replay.differences)


def test_differences_name_the_key_what_was_expected_and_what_came():
    scenario = copy.copy(scenario_at(next(p for p in SCENARIO_FILES
                                          if p.stem == "poison-vs-ceasefire")))
    scenario.expect = {**scenario.expect, "lp": {"A": 0, "B": 7999}}
    replay = run(scenario)
    assert [d.as_dict() for d in replay.differences] == [
        {"key": "lp.B", "expected": 7999, "got": 8000}]
    assert replay.message == "lp.B: expected 7999, got 8000"


def test_a_refused_step_is_part_of_the_outcome_with_its_reason_code():
    path = next(p for p in SCENARIO_FILES
                if any(step.expect_illegal for step in scenario_at(p).steps))
    scenario = scenario_at(path)
    # the outcome records the last refused step (a scenario may refuse several)
    number, step = [(n, s) for n, s in enumerate(scenario.steps, 1) if s.expect_illegal][-1]
    outcome = run(scenario).outcome
    assert outcome.refused["step"] == number
    assert outcome.refused["reason"] == step.expect_illegal


def test_an_unexpected_refusal_is_a_difference_at_that_step():
    path = next(p for p in SCENARIO_FILES
                if any(step.expect_illegal for step in scenario_at(p).steps))
    scenario = copy.copy(scenario_at(path))
    number = next(n for n, s in enumerate(scenario.steps) if s.expect_illegal)
    scenario.steps = list(scenario.steps)
    scenario.steps[number] = _without_illegal(scenario.steps[number])
    (difference,) = run(scenario).differences
    assert difference.key == f"steps[{number}].illegal" and difference.expected is None
    assert difference.got == scenario_at(path).steps[number].expect_illegal


def _without_illegal(step):
    step = copy.copy(step)
    step.expect_illegal = None
    return step


CORE_TEXT = """\
slug: probe
format: {format}
rule: core/chains#resolving-backwards
title: A probe
narrative: Checks what the format knows.
setup:
  players:
    A: {{hand: []}}
    B: {{hand: []}}
steps: []
expect:
  lp: {{A: 8000}}
  {extra}
"""


@pytest.mark.parametrize("format_slug, key, value", [
    ("core", "summons", "{A: 1}"), ("core", "team_lp", "{X: 1}"), ("core", "charges", "{c: 1}"),
    ("core", "warnings", "{A: 1}"), ("deck-masters", "formation_points", "{X: 1}"),
    ("thought-ruler-highlander", "defeated", "[A]"), ("tag-team-phalanx", "terrains", "{A: []}"),
    ("kingdom-duels", "summons", "{A: 1}"),
])
def test_an_expectation_the_format_does_not_compare_is_invalid_at_its_line(format_slug, key,
                                                                           value):
    text = CORE_TEXT.format(format=format_slug, extra=f"{key}: {value}")
    with pytest.raises(ScenarioError) as error:
        parse_scenario(text, "probe.yaml", RULESETS)
    assert error.value.field == f"expect.{key}"
    assert error.value.line == 13 and error.value.file == "probe.yaml"
    assert format_slug in error.value.message


def test_a_card_fact_the_format_does_not_report_is_invalid():
    text = CORE_TEXT.format(format="core", extra="cards: {x: {line: front}}")
    with pytest.raises(ScenarioError) as error:
        parse_scenario(text, "probe.yaml", RULESETS)
    assert error.value.field == "expect.cards.x.line"


def test_compare_reads_a_malformed_expectation_as_a_whole_difference():
    scenario = scenario_at(SCENARIO_FILES[0])
    outcome = run(scenario).outcome
    (difference,) = compare({"lp": "lots"}, outcome)
    assert difference.key == "lp" and difference.expected == "lots"
