"""The question bank the bundled scenarios build, read straight from the files (no database):
published questions per format and kind, drafts by reason, and the share of published
questions with three wrong options from misreadings.

`python benchmarks/question_bank.py [--format SLUG] [--list] [--show]`: `--list` adds one line
per scenario (its questions' status, kind and number of wrong options from misreadings);
`--show` prints every published question as a taker would read it.
"""
import argparse
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulings.project.settings")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--format", dest="format_slug")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    import django

    django.setup()
    from scenarios.engine import replay
    from scenarios.engine.rulesets import ruleset_for
    from scenarios.quizzes import generation
    from scenarios.verification.verifier import Verifier, discover, parsed

    verifier = Verifier()
    published, kinds, reasons = collections.Counter(), collections.Counter(), collections.Counter()
    rich = total = 0
    started = time.perf_counter()
    for path in discover():
        scenario = parsed(path.read_text(encoding="utf-8"), str(path))
        if args.format_slug and scenario.format != args.format_slug:
            continue
        duel_class, params = ruleset_for(scenario.format), verifier.params(scenario.format)
        truth = replay(scenario, duel_class, verifier.catalog, params=params)
        _, drafts = generation.build(scenario, duel_class, verifier.catalog, params, truth,
                                     scenario.format)
        for draft in drafts:
            if draft.status == generation.PUBLISHED:
                published[scenario.format] += 1
                kinds[draft.kind] += 1
                total += 1
                rich += draft.wrong_from_readings >= 3
                if args.show:
                    show(scenario, draft)
            else:
                reasons[draft.reason] += 1
        if args.list:
            said = ", ".join(f"{d.status} {d.kind} ({d.wrong_from_readings} wrong)"
                             for d in drafts) or "no question: no misreading of the teaching " \
                                                 "rule changes an answer"
            print(f"{scenario.format:26} {scenario.slug:60} {said}")
    print(f"published questions: {total} (built in {time.perf_counter() - started:.0f} s)")
    for name, count in sorted(published.items()):
        print(f"  {name:26} {count}")
    print("by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    print(f"with three wrong options from misreadings: {rich} of {total}"
          + (f" ({100 * rich / total:.0f}%)" if total else ""))
    print("drafts by reason:")
    for reason, count in reasons.most_common():
        print(f"  {count:5}  {reason}")


def show(scenario, draft):
    print(f"\n[{scenario.format}] {scenario.slug} — {draft.kind}")
    for line in draft.facts + draft.steps:
        print(f"    {line}")
    print(f"  {draft.prompt}")
    for option in draft.options:
        print(f"    {option.key}) {'*' if option.correct else ' '} {option.text}")
    print(f"  {draft.explanation}")


if __name__ == "__main__":
    main()
