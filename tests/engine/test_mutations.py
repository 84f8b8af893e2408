"""Each rule matters: replaying under every wrong reading changes some scenario's outcome."""
import pytest

from scenarios.engine.rulesets import RULESETS

from .conftest import SCENARIO_FILES, run, scenario_at

MUTATIONS = sorted({(name, mutation) for cls in RULESETS.values()
                    for name, rule in cls.RULES.items() for mutation in rule.mutations})


def test_every_rule_hook_has_a_mutation_and_an_anchor():
    for slug, cls in RULESETS.items():
        for rule in cls.RULES.values():
            assert rule.mutations, f"{slug}: rule {rule.name} has no wrong reading"
            assert "#" in rule.anchor


@pytest.mark.parametrize("rule, mutation", MUTATIONS, ids=lambda v: str(v))
def test_mutation_changes_at_least_one_scenario(rule, mutation):
    changed = []
    for path in SCENARIO_FILES:
        scenario = scenario_at(path)
        if rule not in RULESETS[scenario.format].RULES:
            continue
        if run(scenario, mutation=f"{rule}:{mutation}").differences:
            changed.append(scenario.slug)
    assert changed, f"no scenario depends on {rule} (wrong reading '{mutation}')"
