"""Server-side time to start a 20-question exam, and the size, richness and pools of the bank.

Run from the repository root: `python benchmarks/quiz.py [--repeat N]`. It builds a scratch
SQLite database (migrate, load_rules, load_scenarios: loading verifies the scenarios and
builds the question bank), then POSTs to the real `/api/quizzes/` endpoint through
Django's test client, each start as a new visitor (a new session, as a first visit does;
the quiz-start throttle is lifted, since every start here comes from one address). Target:
median under 50 ms; at least 80% of the questions with three or more engine-computed wrong
options; every format and every difficulty with questions in both pools (practice, exam).
"""
import argparse
import json
import statistics
import time
from collections import Counter, defaultdict

from scratch_site import set_up


def pool_split(questions):
    """Rows of (what, practice, exam) per format a question cites and per difficulty."""
    tally = defaultdict(Counter)
    for question in questions:
        for format_slug in question.formats:
            tally[format_slug][question.pool] += 1
        tally[f"difficulty {question.difficulty}"][question.pool] += 1
    return [(what, counts["practice"], counts["exam"]) for what, counts in sorted(tally.items())]


def time_starts(client_class, mode, repeat):
    """Milliseconds per start of a 20-question quiz, each by a new visitor (the first is a
    warm-up and not counted)."""
    body = json.dumps({"mode": mode, "count": 20})
    times = []
    for _ in range(repeat + 1):
        client = client_class()
        begun = time.perf_counter()
        response = client.post("/api/quizzes/", body, content_type="application/json")
        times.append((time.perf_counter() - begun) * 1000)
        assert response.status_code == 201, response.content[:300]
    return times[1:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    building = set_up("quiz")
    from django.conf import settings
    from django.test import Client

    from scenarios.models import Scenario
    from scenarios.quizzes.models import Question

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "100000/minute",
                               "quiz_start": "100000/hour"}
    questions = list(Question.objects.filter(active=True))
    rich = sum(1 for q in questions if q.engine_wrong_options >= 3)
    passing = Scenario.objects.filter(status="passed").count()
    asked = Question.objects.filter(active=True).values("scenario").distinct().count()
    by_kind = Counter(question.kind for question in questions)
    pools = Counter(question.pool for question in questions)
    exam_times = time_starts(Client, "exam", args.repeat)
    practice_times = time_starts(Client, "practice", args.repeat)
    print(f"bank: {len(questions)} questions from {asked} of {passing} passing scenarios "
          f"({', '.join(f'{n} {kind}' for kind, n in sorted(by_kind.items()))}); "
          f"built in {building:.1f} s by load_scenarios")
    print(f"questions with 3+ engine-computed wrong options: {rich} of {len(questions)} "
          f"({100 * rich / len(questions):.1f}%, target >= 80%)")
    print(f"pools: {pools['practice']} practice, {pools['exam']} exam "
          f"({100 * pools['exam'] / len(questions):.0f}% exam); per format and difficulty "
          f"(practice/exam):")
    for what, practice, exam in pool_split(questions):
        missing = "" if practice and exam else "  (one pool only)"
        print(f"  {what:<26} {practice:>4} / {exam:>4}{missing}")
    for mode, times in (("exam", exam_times), ("practice quiz", practice_times)):
        print(f"start a 20-question {mode}: median {statistics.median(times):.1f} ms, min "
              f"{min(times):.1f} ms, max {max(times):.1f} ms over {args.repeat} (target: median "
              f"< 50 ms)")


if __name__ == "__main__":
    main()
