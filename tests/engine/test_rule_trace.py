"""Every bundled scenario's own `rule` anchor is in its replay's rule trace: the engine cites the
rule the scenario illustrates, so the site can say why the outcome is what it is."""
import pytest

from .conftest import SCENARIO_FILES, ROOT, run, scenario_at


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_rule_is_in_its_trace(path):
    scenario = scenario_at(path)
    result = run(scenario)
    assert scenario.rule in result.rules, (
        f"{path.relative_to(ROOT)}: rule {scenario.rule} is not in the trace {result.rules}")
