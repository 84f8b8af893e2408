"""Loading every bundled scenario file: read, parse, check (schema, vocabulary, own cards).

Run from the repository root of the tree to measure: `python benchmarks/scenario_loading.py
[--rounds 7]`. It loads all of scenarios/data with every format's vocabulary, as `verify` and
`load_scenarios` do, `--rounds` times in this process (the first round also pays for building
the catalog and the schema validator, which happens once per process), and prints the first
round, the median and the best of the others, and the time per file, in CPU time (so that
other work on a shared machine counts as little as it can). No replay is run: this is
the cost of reading files, which a change to the checks must not make notably slower.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path.cwd()  # the tree to measure: run from its root, whichever tree this script is in
sys.path.insert(0, str(ROOT))


def load_all(files, load_scenario, formats):
    """CPU seconds to load every file: other processes on a shared machine do not count."""
    started = time.process_time()
    for path in files:
        load_scenario(path, formats=formats)
    return time.process_time() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    started = time.perf_counter()
    from scenarios.engine import load_scenario
    from scenarios.engine.cards import default_catalog
    from scenarios.engine.rulesets import RULESETS

    default_catalog()
    imported = time.perf_counter() - started
    files = sorted((ROOT / "scenarios" / "data").glob("*/*.yaml"))
    first = load_all(files, load_scenario, RULESETS)
    rest = [load_all(files, load_scenario, RULESETS) for _ in range(max(args.rounds - 1, 1))]
    print(f"{len(files)} scenario files; import and catalog {imported * 1000:.0f} ms")
    print(f"first round {first * 1000:.0f} ms; then median {statistics.median(rest) * 1000:.0f} "
          f"ms, best {min(rest) * 1000:.0f} ms "
          f"({min(rest) / len(files) * 1e6:.0f} µs per file)")


if __name__ == "__main__":
    main()
