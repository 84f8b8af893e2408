"""Each rule matters: replaying under every wrong reading changes some scenario's outcome."""
from functools import lru_cache

import pytest

from scenarios.engine.rulesets import RULESETS

from .conftest import SCENARIO_FILES, run, scenario_at

MUTATIONS = sorted({(name, mutation) for cls in RULESETS.values()
                    for name, rule in cls.RULES.items() for mutation in rule.mutations})


@lru_cache(maxsize=None)
def plain_replay(path):
    """What a scenario's plain replay used: the anchors of its rules, and the wrong readings
    it asked about (only those can change it: tests/engine/test_readings_asked.py)."""
    replay = run(scenario_at(path), record_states=False)
    return frozenset(replay.rules), frozenset(replay.readings_asked)


def scenarios_under(rule, mutation):
    """The scenarios of every format whose ruleset has `rule` and whose replay asks about this
    wrong reading of it, those whose replay uses the rule first: that is where a wrong reading
    of it shows, so the search mostly ends at once."""
    anchors = {path: RULESETS[scenario_at(path).format].RULES[rule].anchor
               for path in SCENARIO_FILES if rule in RULESETS[scenario_at(path).format].RULES
               and f"{rule}:{mutation}" in plain_replay(path)[1]}
    return sorted(anchors, key=lambda path: anchors[path] not in plain_replay(path)[0])


def test_every_rule_hook_has_a_mutation_and_an_anchor():
    for slug, cls in RULESETS.items():
        for rule in cls.RULES.values():
            assert rule.mutations, f"{slug}: rule {rule.name} has no wrong reading"
            assert "#" in rule.anchor


@pytest.mark.parametrize("rule, mutation", MUTATIONS, ids=lambda v: str(v))
def test_mutation_changes_at_least_one_scenario(rule, mutation):
    """Stops at the first scenario whose outcome the wrong reading changes; a reading that
    changes none is a gap in the examples, found after trying them all."""
    for path in scenarios_under(rule, mutation):
        if run(scenario_at(path), mutation=f"{rule}:{mutation}", record_states=False).differences:
            return
    pytest.fail(f"no scenario depends on {rule} (wrong reading '{mutation}')")
