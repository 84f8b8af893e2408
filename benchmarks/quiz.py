"""The question bank the site builds, and the time to start an exam from a bank of 3,000.

Run from the repository root: `python benchmarks/quiz.py [--repeat N] [--bank N]`. It builds a
scratch SQLite database as README's first command does (migrate, load_rules, load_scenarios:
loading verifies the scenarios and builds the question bank) and prints:

- published questions per format and per kind;
- drafts, counted by the reason they are not published;
- the share of published questions with three wrong options from misreadings (fillers are
  gone: every wrong option comes from a misreading);
- the median time to start an exam from the default blueprint, through the real
  `/api/quizzes/` endpoint and Django's test client, each start by a new visitor, once the
  bank has been grown to `--bank` questions (3,000) by copying its published questions into
  the exam pool with new keys (the draw reads the whole exam pool: the worst case).
  Target: median under 50 ms.
"""
import argparse
import json
import statistics
import time
from collections import Counter

from scratch_site import set_up


def report_bank(questions, names):
    published = [q for q in questions if q.status == "published"]
    print(f"bank: {len(questions)} questions, {len(published)} published")
    print("published per format and kind:")
    kinds = sorted({q.kind for q in published})
    print(f"  {'format':<30}" + "".join(f"{k:>10}" for k in kinds) + f"{'all':>8}")
    for slug in sorted({q.format for q in published}):
        mine = Counter(q.kind for q in published if q.format == slug)
        print(f"  {names.get(slug, slug):<30}" + "".join(f"{mine[k]:>10}" for k in kinds)
              + f"{sum(mine.values()):>8}")
    print("drafts by reason:")
    for reason, count in Counter(q.draft_reason or "(none given)" for q in questions
                                 if q.status == "draft").most_common():
        print(f"  {count:5}  {reason}")
    rich = sum(1 for q in published
               if sum(o.get("source") == "wrong_reading" for o in q.options) >= 3)
    print(f"published questions with three wrong options from misreadings: {rich} of "
          f"{len(published)} ({100 * rich / max(1, len(published)):.0f}%)")


def grow_bank(target):
    """Copies of the bank's published questions (new keys, same scenarios, in the exam pool)
    until it holds `target` questions: the exam draw then reads a pool of that size."""
    from scenarios.quizzes.models import Question

    originals = list(Question.objects.filter(status="published"))
    copies, round_number = [], 0
    while Question.objects.count() + len(copies) < target:
        round_number += 1
        for question in originals:
            if Question.objects.count() + len(copies) >= target:
                break
            question.pk = None
            question.key = f"{question.key[:100]}~copy{round_number}"
            question.pool = "exam"
            copies.append(Question(**{f.attname: getattr(question, f.attname)
                                      for f in Question._meta.concrete_fields}))
        Question.objects.bulk_create(copies, batch_size=500)
        copies = []
    return Question.objects.count(), Question.objects.filter(
        active=True, status="published", pool="exam").count()


def time_exam_starts(client_class, repeat):
    """Milliseconds per exam start (default blueprint), each by a new visitor; the first is a
    warm-up and not counted."""
    times = []
    for _ in range(repeat + 1):
        client = client_class()
        begun = time.perf_counter()
        response = client.post("/api/quizzes/", json.dumps({"mode": "exam"}),
                               content_type="application/json")
        times.append((time.perf_counter() - begun) * 1000)
        assert response.status_code == 201, response.content[:300]
    return times[1:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--bank", type=int, default=3000)
    args = parser.parse_args()
    building = set_up("quiz")
    from django.conf import settings
    from django.test import Client

    from scenarios.quizzes.attempts import format_names
    from scenarios.quizzes.models import Attempt, Question

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "100000/minute",
                               "quiz_start": "100000/hour"}
    print(f"load_scenarios built the bank in {building:.1f} s")
    report_bank(list(Question.objects.filter(active=True)), format_names())
    total, exam_pool = grow_bank(args.bank)
    times = time_exam_starts(Client, args.repeat)
    sample = Attempt.objects.filter(mode="exam").latest("started_at")
    print(f"exam start, bank of {total} questions ({exam_pool} published in the exam pool), "
          f"{sample.entries.count()} questions per exam, "
          f"{sample.entries.exclude(variant=None).count()} asked as variants: median "
          f"{statistics.median(times):.1f} ms, min {min(times):.1f} ms, max {max(times):.1f} ms "
          f"over {args.repeat} (target: median < 50 ms)")


if __name__ == "__main__":
    main()
