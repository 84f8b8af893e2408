"""Replay speed of the engine: median time per scenario and the whole corpus.

Run from the repository root: `python benchmarks/engine.py [--repeat N]`.
Parsing is done once; the figures are for replaying (the engine's own work).
Target: a median replay under 0.5 ms.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings.knowledge.articlefile import folder_parameters  # noqa: E402  (pure Python, no Django)
from scenarios.engine import load_scenario, replay, ruleset_for  # noqa: E402
from scenarios.engine.cards import default_catalog  # noqa: E402


def parameters(format_slug):
    return folder_parameters(ROOT / "rulings" / "content" / format_slug)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    catalog = default_catalog()
    scenarios = [load_scenario(p) for p in sorted((ROOT / "scenarios" / "data").rglob("*.yaml"))]
    params = {s.format: parameters(s.format) for s in scenarios}
    medians = {}
    for scenario in scenarios:
        duel_class = ruleset_for(scenario.format)
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            replay(scenario, duel_class, catalog, params=params[scenario.format],
                   record_states=False)
            times.append((time.perf_counter() - started) * 1000)
        medians[scenario.slug] = statistics.median(times)
    started = time.perf_counter()
    for scenario in scenarios:
        replay(scenario, ruleset_for(scenario.format), catalog, params=params[scenario.format],
               record_states=False)
    corpus = (time.perf_counter() - started) * 1000
    for slug, ms in sorted(medians.items(), key=lambda kv: -kv[1]):
        print(f"{ms:8.3f} ms  {slug}")
    print(f"scenarios: {len(scenarios)}")
    print(f"median replay: {statistics.median(medians.values()):.3f} ms (target < 0.5 ms)")
    print(f"slowest replay: {max(medians.values()):.3f} ms")
    print(f"whole corpus, one replay each: {corpus:.2f} ms")


if __name__ == "__main__":
    main()
