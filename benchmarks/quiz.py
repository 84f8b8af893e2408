"""Server-side time to start a 20-question exam, and the size and richness of the bank.

Run from the repository root: `python benchmarks/quiz.py [--repeat N]`. It builds a scratch
SQLite database (migrate, load_rules, load_scenarios: loading verifies the scenarios and
builds the question bank), then POSTs to the real `/api/quizzes/` endpoint through
Django's test client. Target: median under 50 ms; at least 80% of the questions with three
or more engine-computed wrong options.
"""
import argparse
import json
import statistics
import time

from scratch_site import set_up


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    building = set_up("quiz")
    from django.test import Client

    from scenarios.models import Scenario
    from scenarios.quizzes.models import Question

    questions = list(Question.objects.filter(active=True))
    rich = sum(1 for q in questions if q.engine_wrong_options >= 3)
    passing = Scenario.objects.filter(status="passed").count()
    asked = Question.objects.filter(active=True).values("scenario").distinct().count()
    by_kind = {}
    for question in questions:
        by_kind[question.kind] = by_kind.get(question.kind, 0) + 1
    client = Client()
    body = json.dumps({"mode": "exam", "count": 20})
    times = []
    for _ in range(args.repeat + 1):
        begun = time.perf_counter()
        response = client.post("/api/quizzes/", body, content_type="application/json")
        times.append((time.perf_counter() - begun) * 1000)
        assert response.status_code == 201, response.content[:300]
    times = times[1:]
    print(f"bank: {len(questions)} questions from {asked} of {passing} passing scenarios "
          f"({', '.join(f'{n} {kind}' for kind, n in sorted(by_kind.items()))}); "
          f"built in {building:.1f} s by load_scenarios")
    print(f"questions with 3+ engine-computed wrong options: {rich} of {len(questions)} "
          f"({100 * rich / len(questions):.1f}%, target >= 80%)")
    print(f"start a 20-question exam: median {statistics.median(times):.1f} ms, min "
          f"{min(times):.1f} ms, max {max(times):.1f} ms over {args.repeat} (target: median "
          f"< 50 ms)")


if __name__ == "__main__":
    main()
