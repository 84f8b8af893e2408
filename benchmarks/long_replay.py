"""Size and server-side time of the replay page and the editor's Check for the longest scenario.

Run from the repository root: `python benchmarks/long_replay.py [--repeat N]`.
It builds a scratch SQLite database (migrate, load_rules, load_scenarios), saves the worst
scenarios the limits allow (tests/hostile/long_scenario.py: 600 cards, about 500 steps; a duel of
whole turns, and one summon left open through 499 refused steps) as an editor would, then
requests through Django's test client, with the cache cleared before each cold request:

- the replay page as an anonymous reader (cold, then served from the reader cache);
- the page with `?step=N` (a window of boards far down the replay) and one board on demand;
- the editor's Check of the same text as a new draft.

Targets: every page under 1 s and under 2 MB.
"""
import argparse
import statistics
import time

from scratch_site import ROOT, set_up

SECONDS, BYTES = 1.0, 2_000_000


def timed(request, repeat, clear):
    """(median seconds, median CPU seconds, size in bytes, status) of `repeat` requests,
    clearing the cache before each one when `clear` (a cold request)."""
    from django.core.cache import cache

    times, cpu, size, status = [], [], 0, None
    for _ in range(repeat):
        if clear:
            cache.clear()
        started, started_cpu = time.perf_counter(), time.process_time()
        response = request()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        size, status = len(response.content), response.status_code
    return statistics.median(times), statistics.median(cpu), size, status


def report(label, seconds, cpu, size, status):
    """One line: wall time (the target), the CPU time of this process (what the request costs
    when other processes share the machine), the size and whether it meets the targets."""
    verdict = "ok" if seconds < SECONDS and size < BYTES else "OVER TARGET"
    if status != 200:
        verdict = f"answered {status}"
    print(f"{label:<44} {seconds * 1000:6.0f} ms ({cpu * 1000:4.0f} ms CPU) "
          f"{size:>11,} bytes  {verdict}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true",
                        help="also print where the time of one cold page request goes")
    args = parser.parse_args()
    set_up("long_replay")
    import sys

    sys.path.insert(0, str(ROOT))
    from django.conf import settings
    from django.contrib.auth.models import Group, User
    from django.test import Client

    from tests.hostile.long_scenario import PATTERNS

    editor = User.objects.create_user("bench-editor")
    editor.groups.add(Group.objects.get(name=settings.EDITORS_GROUP))
    reader, writer = Client(), Client()
    writer.force_login(editor)
    for pattern in PATTERNS:
        measure(pattern, editor, reader, writer, args.repeat)
    print(f"targets: under {SECONDS * 1000:.0f} ms and under {BYTES:,} bytes each")
    if args.profile:
        import cProfile
        import pstats

        from django.core.cache import cache

        cache.clear()
        profiler = cProfile.Profile()
        profiler.runcall(reader.get, f"/scenarios/{slug_of(PATTERNS[-1])}/")
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)


def slug_of(pattern):
    from tests.hostile.long_scenario import SLUG

    return f"{SLUG}-{pattern}"


def measure(pattern, editor, reader, writer, repeat):
    """Save the scenario of `pattern` as an editor would, then time its pages."""
    from django.core.cache import cache

    from scenarios.verification import editing
    from tests.hostile.long_scenario import long_scenario_source

    slug = slug_of(pattern)
    source = long_scenario_source(slug=slug, pattern=pattern)
    row, _ = editing.save(source, editor, comment="benchmark")
    steps = ("\n" + source.split("\nsteps:\n")[1]).count("\n  - ")
    print(f"scenario {row.slug}: {len(source):,} characters, {steps} steps, verdict {row.status}")
    far = steps - 3
    page = f"/scenarios/{slug}/"
    report("replay page, anonymous, cold cache", *timed(lambda: reader.get(page), repeat, True))
    report("replay page, anonymous, cached", *timed(lambda: reader.get(page), repeat, False))
    report(f"replay page ?step={far}, cold cache",
           *timed(lambda: reader.get(f"{page}?step={far}"), repeat, True))
    cache.clear()
    report(f"board {far} on demand, cold cache",
           *timed(lambda: reader.get(f"{page}boards/{far}/"), 1, False))
    report(f"board {far - 1} on demand, after one board",
           *timed(lambda: reader.get(f"{page}boards/{far - 1}/"), repeat, False))
    draft = source.replace(f"slug: {slug}", f"slug: {slug}-draft")
    report("editor's Check of the same text",
           *timed(lambda: writer.post("/scenarios/new/", {"source": draft, "check": "1"}),
                  repeat, True))


if __name__ == "__main__":
    main()
