"""How long saving (and restoring) an article takes, and how long until its verdicts are up
to date.

Run from the repository root: `python benchmarks/save.py [--repeat N] [--modes rq,thread]`.
It builds a scratch SQLite database (migrate, load_rules, load_scenarios), finds the article
of the largest format (Kingdom Duels) holding a parameter that every one of its scenarios
reads, and edits that parameter through the real edit form (Django's test client, as an
editor): Preview (which starts the draft's impact job), then, once the impact is known, Save
with the failures confirmed, each on an idle queue; then restores the previous revision the
same way (its restore page, then Restore, confirmed). It prints the median time of each
request (target: under 500 ms) and the CPU time the request itself used (what it would take
on an idle machine), the time from the request until the re-verification job has recorded
the verdicts, and until the quiz questions are rebuilt from them, in each mode:

- `rq`: jobs on a Redis queue (REDIS_URL, default redis://127.0.0.1:6379/0, on a queue of
  this run's own) worked by a real `manage.py rqworker` process on the same database;
- `thread`: no Redis, jobs in a thread of the web process (the embedded default).
Each save sets the parameter to its value plus one and each restore sets it back, so every
save and every restore changes it and every scenario of the format is replayed again.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

from scratch_site import ROOT, set_up

POLL = 0.01


def wait_for(predicate, timeout=300):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(POLL)
    raise TimeoutError("the job did not finish in time")


def find_article():
    """The largest format, and its article holding a parameter all its scenarios read."""
    from rulings.knowledge.models import Article
    from scenarios.verification.models import Scenario

    counts = {}
    for slug in Scenario.objects.values_list("format_slug", flat=True):
        counts[slug] = counts.get(slug, 0) + 1
    largest = max(counts, key=counts.get)
    rows = list(Scenario.objects.filter(format_slug=largest))
    read_by_all = set.intersection(*(set(r.params_read) for r in rows))
    article = next(a for a in Article.objects.filter(format__slug=largest).select_related(
        "current_revision", "format") if read_by_all & set(a.current_revision.parameters))
    name = sorted(read_by_all & set(article.current_revision.parameters))[0]
    return article, name, counts[largest]


def start_worker(queue, redis_url):
    env = {**os.environ, "REDIS_URL": redis_url, "JOBS_QUEUE": queue, "JOBS_MODE": "rq"}
    worker = subprocess.Popen([sys.executable, "manage.py", "rqworker", queue, "-v", "0"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, start_new_session=True)
    from django_rq import get_queue
    from rq import Worker

    connection = get_queue(queue).connection
    wait_for(lambda: Worker.all(connection=connection) or worker.poll() is not None, 60)
    if worker.poll() is not None:
        raise RuntimeError(f"the worker stopped: {worker.stderr.read().decode()[-2000:]}")
    return worker


def edit_once(client, article, name, value):
    """Preview, wait for the impact, Save with its failures confirmed: the timings."""
    from rulings.knowledge.articlefile import dump_yaml
    from rulings.knowledge.forms import ArticleForm
    from rulings.knowledge.models import Article

    article = Article.objects.select_related("current_revision", "format").get(pk=article.pk)
    revision = article.current_revision
    data = {**ArticleForm.initial_from(revision), "comment": "benchmark",
            "parameters": dump_yaml({**revision.parameters, name: value})}
    url = f"/rules/{article.format.slug}/{article.slug}/edit/"
    client.post(url, {**data, "preview": "1"})
    idle()
    failing = len(client.post(url, {**data, "preview": "1"}).context["impact"].failing)
    return timed(client, url, {**data, "save": "1", "confirm_failures": str(failing)},
                 article, revision.number + 1)


def restore_once(client, article):
    """Open the restore page of the previous revision (its impact is worked out), then
    restore it with its failures confirmed: the timings."""
    from rulings.knowledge.models import Article

    article = Article.objects.select_related("current_revision", "format").get(pk=article.pk)
    number = article.current_revision.number
    url = f"/rules/{article.format.slug}/{article.slug}/restore/{number - 1}/"
    client.get(url)
    idle()
    failing = len(client.get(url).context["impact"].failing)
    return timed(client, url, {"confirm": "1", "confirm_failures": str(failing)}, article,
                 number + 1)


def timed(client, url, data, article, number):
    """POST the save (on an idle queue), then wait for its jobs: {save, cpu, verdicts,
    questions} in ms, and the scenarios re-verified."""
    from scenarios.verification.models import VerificationJob

    idle()
    started, cpu = time.perf_counter(), time.thread_time()
    response = client.post(url, data)
    saved, cpu = time.perf_counter(), time.thread_time() - cpu
    assert response.status_code == 302, response.content.decode()[:2000]
    label = f"{article.format.slug}/{article.slug} r{number}"

    def finished(kind):
        return VerificationJob.objects.filter(kind=kind, label=label,
                                              status=VerificationJob.DONE).first()

    job = wait_for(lambda: finished(VerificationJob.REVERIFY))
    visible = time.perf_counter()  # the verdicts are committed and readable (polled 10 ms)
    wait_for(lambda: finished(VerificationJob.QUESTIONS))
    rebuilt = time.perf_counter()
    return {"save": (saved - started) * 1000, "cpu": cpu * 1000,
            "verdicts": (visible - started) * 1000, "questions": (rebuilt - started) * 1000,
            "total": job.total}


def idle():
    """Wait until no job is queued or running: each save is timed on an idle queue."""
    from scenarios.verification.models import VerificationJob

    wait_for(lambda: not VerificationJob.objects.filter(
        status__in=VerificationJob.ACTIVE).exists())


def measure(mode, args, client, article, name, base):
    from django.test import override_settings

    from scenarios.verification.models import VerificationJob

    worker = None
    queue = f"bench-save-{os.getpid()}"
    overrides = {"JOBS_MODE": mode}
    if mode == "rq":
        overrides.update(REDIS_URL=args.redis, JOBS_QUEUE=queue,
                         RQ_QUEUES={queue: {"URL": args.redis, "DEFAULT_TIMEOUT": 900}})
    with override_settings(**overrides):
        try:
            if mode == "rq":
                worker = start_worker(queue, args.redis)
            edit_once(client, article, name, base + 1)  # warms the caches
            restore_once(client, article)
            saves, restores = [], []
            for _ in range(args.repeat):
                saves.append(edit_once(client, article, name, base + 1))
                restores.append(restore_once(client, article))
        finally:
            if worker is not None:
                os.killpg(worker.pid, 15)
                worker.wait(30)
    failed = VerificationJob.objects.filter(status=VerificationJob.FAILED).count()
    label = {"rq": "rq worker on Redis", "thread": "in-process thread (no Redis)"}[mode]
    print(f"{label}, {args.repeat} saves and {args.repeat} restores, {failed} failed jobs:")
    for what, times in (("save", saves), ("restore", restores)):
        print(f"  the {what} request: {said(times, 'save')}; its own CPU time "
              f"{said(times, 'cpu')}")
        print(f"    until the verdicts of {times[0]['total']} scenarios are recorded: "
              f"{said(times, 'verdicts')}")
        print(f"    until their quiz questions are rebuilt: {said(times, 'questions')}")


def said(times, key):
    values = [t[key] for t in times]
    return (f"median {statistics.median(values):.0f} ms (min {min(values):.0f}, "
            f"max {max(values):.0f})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--modes", default="rq,thread")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL",
                                                          "redis://127.0.0.1:6379/0"))
    args = parser.parse_args()
    os.environ.setdefault("JOBS_MODE", "thread")
    set_up("save")
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the test client then keeps each response's context
    from django.conf import settings
    from django.contrib.auth.models import Group, User
    from django.test import Client

    article, name, count = find_article()
    base = article.current_revision.parameters[name]
    editor = User.objects.create_user("bench-editor")
    editor.groups.add(Group.objects.get(name=settings.EDITORS_GROUP))
    client = Client()
    client.force_login(editor)
    print(f"format {article.format.slug}: {count} scenarios; saving {article.slug} with "
          f"{name} changed ({base} <-> {base + 1}); target: save under 500 ms; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for mode in args.modes.split(","):
        measure(mode.strip(), args, client, article, name, base)


if __name__ == "__main__":
    main()
