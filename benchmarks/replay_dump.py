"""Every bundled scenario's replay written out as JSON, to show an engine change kept replays
identical: run it before and after the change and compare the two files (`cmp` or `diff`).

Run from the repository root: `python benchmarks/replay_dump.py OUT.json [--mutations]`.
For each scenario it writes the replay the pages show (states recorded): every step's status,
reason, events, rules and table, the interludes, the outcome, the differences, the rule trace
and the parameters read. The two long scenarios of tests/hostile/long_scenario.py are included.
With --mutations it also writes, for every wrong reading of a rule the format knows, the
outcome of the replay played to the end (`keep_going`), as quiz distractors are made.
"""
import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings.knowledge.articlefile import folder_parameters  # noqa: E402  (pure Python, no Django)
from scenarios.engine import load_scenario, parse_scenario, replay, ruleset_for  # noqa: E402
from scenarios.engine.cards import default_catalog  # noqa: E402
from scenarios.engine.errors import ScenarioError  # noqa: E402
from scenarios.engine.rulesets import RULESETS  # noqa: E402
from tests.hostile.long_scenario import PATTERNS, long_scenario_source  # noqa: E402


def recorded(result):
    """A replay as plain data: everything a page, a verdict or a question is built from."""
    return {
        "steps": [asdict(step) for step in result.steps],
        "initial_state": result.initial_state,
        "closing": None if result.closing is None else asdict(result.closing),
        "outcome": result.outcome.as_dict(),
        "differences": [d.as_dict() for d in result.differences],
        "result": result.result,
        "rules": result.rules,
        "params_read": result.params_read,
        "events": [e.as_dict() for e in result.duel.events],
        "rules_used": list(result.duel.rules_used),
    }


def misread(scenario, duel_class, catalog, params, mutation):
    """The replay under a wrong reading, played to the end; or the error it stopped with (a
    wrong reading may leave a later step's card where the script no longer finds it)."""
    try:
        return recorded(replay(scenario, duel_class, catalog, params=params, mutation=mutation,
                               record_states=False, keep_going=True))
    except ScenarioError as error:
        return {"error": str(error)}


def scenarios():
    found = [load_scenario(p) for p in sorted((ROOT / "scenarios" / "data").rglob("*.yaml"))]
    for pattern in PATTERNS:
        slug = f"long-{pattern}"
        found.append(parse_scenario(long_scenario_source(slug=slug, pattern=pattern),
                                    f"{slug}.yaml", RULESETS))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--mutations", action="store_true")
    args = parser.parse_args()
    catalog = default_catalog()
    params = {}
    dump = {}
    for scenario in scenarios():
        if scenario.format not in params:
            params[scenario.format] = folder_parameters(ROOT / "rulings" / "content"
                                                        / scenario.format)
        duel_class = ruleset_for(scenario.format)
        entry = recorded(replay(scenario, duel_class, catalog, params=params[scenario.format]))
        if args.mutations:
            entry["mutations"] = {
                f"{name}:{wrong}": misread(scenario, duel_class, catalog,
                                           params[scenario.format], f"{name}:{wrong}")
                for name, rule in sorted(duel_class.RULES.items()) for wrong in rule.mutations}
        dump[scenario.slug] = entry
    Path(args.out).write_text(json.dumps(dump, sort_keys=True, indent=0, default=repr))
    print(f"{len(dump)} replays written to {args.out}")


if __name__ == "__main__":
    main()
