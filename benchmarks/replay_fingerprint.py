"""Fingerprints of every scenario's replay, to show a refactor of the engine changed no replay.

Run from the repository root:

    python benchmarks/replay_fingerprint.py dump before.json [--format kingdom-duels]
    ... change the engine ...
    python benchmarks/replay_fingerprint.py dump after.json [--format kingdom-duels]
    python benchmarks/replay_fingerprint.py compare before.json after.json

A dump holds, for each scenario, its replay (each step's status, events, rules and state, what
the duel did by itself, the outcome, the rule trace and the parameters read) and, with
`--readings trace` (the default), its replay under each wrong reading of the rules in its trace,
as quiz questions replay it; `--readings all` replays every scenario under every wrong reading
of its format, without states. `compare` prints each scenario and reading whose replay differs,
with the first field that does, and exits 1 if any does.
"""
import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings.articlefile import folder_parameters  # noqa: E402  (pure Python, no Django)
from scenarios.engine import load_scenario, replay, ruleset_for  # noqa: E402
from scenarios.engine.cards import default_catalog  # noqa: E402


def interlude(part):
    if part is None:
        return None
    return {"what": part.what, "events": part.events, "rules": part.rules, "state": part.state}


def fingerprint(record):
    return {
        "steps": [{"number": s.number, "status": s.status, "reason": s.reason,
                   "events": s.events, "rules": s.rules, "state": s.state,
                   "prelude": interlude(s.prelude)} for s in record.steps],
        "differences": [str(d) for d in record.differences],
        "result": record.result, "rules": record.rules, "params_read": record.params_read,
        "initial": record.initial_state, "closing": interlude(record.closing),
        "outcome": record.outcome.as_dict(),
    }


def replayed(scenario, catalog, params, mutation=None, states=True):
    try:
        record = replay(scenario, ruleset_for(scenario.format), catalog, params=params,
                        mutation=mutation, record_states=states, keep_going=mutation is not None)
    except Exception as error:  # noqa: BLE001 - an engine error is part of the fingerprint
        # named by its path in the repository, so that two checkouts compare equal
        return {"error": f"{type(error).__name__}: {error}".replace(f"{ROOT}/", "")}
    return fingerprint(record)


def dump(out, format_slug, readings):
    catalog = default_catalog()
    paths = sorted((ROOT / "scenarios" / "data").rglob("*.yaml"))
    scenarios = [load_scenario(p) for p in paths]
    scenarios = [s for s in scenarios if format_slug in (None, s.format)]
    params = {}
    found, count, started = {}, 0, time.perf_counter()
    for scenario in scenarios:
        ruleset = ruleset_for(scenario.format)
        if scenario.format not in params:
            params[scenario.format] = folder_parameters(ROOT / "rulings" / "content" /
                                                        scenario.format)
        given = params[scenario.format]
        entry = {"replay": replayed(scenario, catalog, given)}
        if readings == "trace":
            anchors = set(entry["replay"].get("rules", ()))
            names = sorted(n for n, r in ruleset.RULES.items() if r.anchor in anchors)
        else:
            names = sorted(ruleset.RULES) if readings == "all" else []
        for name in names:
            for wrong in ruleset.RULES[name].mutations:
                entry[f"{name}:{wrong}"] = replayed(scenario, catalog, given, f"{name}:{wrong}",
                                                    states=readings != "all")
        count += len(entry)
        found[f"{scenario.format}/{scenario.slug}"] = entry
    Path(out).write_text(json.dumps(found, default=repr))
    print(f"{len(found)} scenarios, {count} replays in {time.perf_counter() - started:.1f} s "
          f"-> {out}")


def first_difference(before, after, where=""):
    """The path and values of the first field that differs, or None."""
    if type(before) is not type(after):
        return where, before, after
    if isinstance(before, dict):
        for key in list(before) + [k for k in after if k not in before]:
            found = first_difference(before.get(key), after.get(key), f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(before, list):
        for index in range(max(len(before), len(after))):
            found = first_difference(before[index] if index < len(before) else None,
                                     after[index] if index < len(after) else None,
                                     f"{where}[{index}]")
            if found:
                return found
        return None
    return None if before == after else (where, before, after)


def compare(before_file, after_file):
    before = json.loads(Path(before_file).read_text())
    after = json.loads(Path(after_file).read_text())
    differing = 0
    for scenario in sorted(set(before) | set(after)):
        old, new = before.get(scenario, {}), after.get(scenario, {})
        for reading in sorted(set(old) | set(new)):
            found = first_difference(old.get(reading), new.get(reading))
            if found:
                differing += 1
                where, was, now = found
                print(f"{scenario} [{reading}] {where}: {str(was)[:200]} -> {str(now)[:200]}")
    total = sum(len(v) for v in before.values())
    print(f"{differing} of {total} replays differ")
    return 1 if differing else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    dumping = commands.add_parser("dump")
    dumping.add_argument("out")
    dumping.add_argument("--format", dest="format_slug")
    dumping.add_argument("--readings", choices=("none", "trace", "all"), default="trace")
    comparing = commands.add_parser("compare")
    comparing.add_argument("before")
    comparing.add_argument("after")
    args = parser.parse_args()
    if args.command == "dump":
        dump(args.out, args.format_slug, args.readings)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
