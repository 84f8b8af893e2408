"""Server-side time of an article preview that replays every scenario of the largest format.

Run from the repository root: `python benchmarks/preview.py [--repeat N]`.
It builds a scratch SQLite database (migrate, load_rules, load_scenarios), then
POSTs to the real preview endpoint through Django's test client as an editor,
changing a parameter that every scenario of that format reads. Target: median
under 300 ms.
"""
import argparse
import json
import statistics
import time

from scratch_site import set_up


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    set_up("preview")
    from django.conf import settings
    from django.contrib.auth.models import Group, User
    from django.test import Client

    from rulings.knowledge.models import Article
    from scenarios.verification.models import Scenario

    counts = {}
    for slug in Scenario.objects.values_list("format_slug", flat=True):
        counts[slug] = counts.get(slug, 0) + 1
    largest = max(counts, key=counts.get)
    rows = list(Scenario.objects.filter(format_slug=largest))
    read_by_all = set.intersection(*(set(r.params_read) for r in rows))
    article = next(a for a in Article.objects.filter(format__slug=largest).select_related(
        "current_revision") if read_by_all & set(a.current_revision.parameters))
    name = sorted(read_by_all & set(article.current_revision.parameters))[0]
    value = article.current_revision.parameters[name]
    draft = {**article.current_revision.parameters,
             name: value + 1 if isinstance(value, int) else value}
    editor = User.objects.create_user("bench-editor")
    editor.groups.add(Group.objects.get(name=settings.EDITORS_GROUP))
    client = Client()
    client.force_login(editor)
    url = f"/api/articles/{largest}/{article.slug}/preview/"
    body = json.dumps({"parameters": draft})
    times, impact = [], None
    for _ in range(args.repeat + 1):
        started = time.perf_counter()
        response = client.post(url, body, content_type="application/json")
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.content[:500]
        impact = response.json()["impact"]
    times = times[1:]  # the first request warms the caches
    print(f"format {largest}: {counts[largest]} scenarios; preview of {article.slug} "
          f"changing {name}: {impact['affected']} affected, {len(impact['failing'])} failing")
    print(f"preview: median {statistics.median(times):.1f} ms, min {min(times):.1f} ms, "
          f"max {max(times):.1f} ms over {args.repeat} requests (target: median < 300 ms)")


if __name__ == "__main__":
    main()
