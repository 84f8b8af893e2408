"""Verification is not vacuous: any change to an expected value makes the scenario fail."""
import copy

import pytest

from scenarios.engine.scenario import Action

from .conftest import SCENARIO_FILES, run, scenario_at


def variants(expect):
    """Copies of `expect`, each with one expected value made wrong."""
    for key, value in expect.items():
        if key == "result":
            wrong = [{"winner": "A", "reason": "concession"}, {"draw": True, "reason": "lp_zero"}] \
                if value == "none" else ["none"]
            for item in wrong:
                yield key, {**expect, key: item}
        elif key in ("lp", "counters"):
            for player, amount in value.items():
                yield f"{key}.{player}", {**expect, key: {**value, player: amount + 1}}
        elif key == "zones":
            for player, zones in value.items():
                for zone, cards in zones.items():
                    wrong = cards + 1 if isinstance(cards, int) else cards + ["no-such-card"]
                    changed = copy.deepcopy(value)
                    changed[player][zone] = wrong
                    yield f"zones.{player}.{zone}", {**expect, key: changed}
        elif key == "cards":
            for card_id, facts in value.items():
                for fact in facts:
                    changed = copy.deepcopy(value)
                    changed[card_id][fact] = "something else"
                    yield f"cards.{card_id}.{fact}", {**expect, key: changed}
        elif isinstance(value, list):
            yield key, {**expect, key: value + ["no-such-card"]}
        elif isinstance(value, int):
            yield key, {**expect, key: value + 1}
        else:
            yield key, {**expect, key: f"not-{value}"}


CASES = [(path, label, expect) for path in SCENARIO_FILES
         for label, expect in variants(scenario_at(path).expect)]


@pytest.mark.parametrize("path, label, expect", CASES,
                         ids=[f"{p.stem}:{label}" for p, label, _ in CASES])
def test_a_wrong_expectation_fails(path, label, expect):
    scenario = copy.copy(scenario_at(path))
    scenario.expect = expect
    assert run(scenario).differences, f"{label} changed and the scenario still passes"


ILLEGAL = [(path, number) for path in SCENARIO_FILES
           for number, step in enumerate(scenario_at(path).steps) if step.expect_illegal]


@pytest.mark.parametrize("path, number", ILLEGAL, ids=[f"{p.stem}:step{n + 1}" for p, n in ILLEGAL])
def test_a_wrong_illegal_reason_fails(path, number):
    scenario = copy.copy(scenario_at(path))
    scenario.steps = list(scenario.steps)
    step = scenario.steps[number]
    scenario.steps[number] = Action(**{**step.__dict__, "expect_illegal": "some_other_reason"})
    assert run(scenario).differences


def test_every_scenario_expects_something():
    for path in SCENARIO_FILES:
        assert list(variants(scenario_at(path).expect)), path.stem
