"""A worker killed in the middle of a re-verification job: the job is retried by another
worker, completes, and at no moment were the verdicts half written (the previous ones stay
whole until the new ones land, all together).

This runs real `manage.py rqworker` processes against Redis (database 15, on a queue of this
test's own) and the test database itself (the SQLite file of this session, or the PostgreSQL
test database), so it takes tens of seconds: it is marked `slow`. Without Redis it is skipped,
saying so.
"""
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from rulings.knowledge.models import Article
from rulings.knowledge.publishing import publish, source_of
from scenarios.verification.jobs.backends import rq_id
from scenarios.verification.models import Scenario, VerificationJob, VerificationRun

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
REDIS = os.environ.get("REDIS_URL_FOR_TESTS", "redis://127.0.0.1:6379/15")
TRH = "thought-ruler-highlander"


@pytest.fixture
def redis_connection():
    import redis

    conn = redis.Redis.from_url(REDIS, socket_connect_timeout=2)
    try:
        conn.ping()
    except redis.exceptions.RedisError as error:
        pytest.skip(f"Redis does not answer at {REDIS} ({error}): the worker test needs it")
    return conn


@pytest.fixture
def queue(redis_connection):
    """A queue of this test's own, emptied afterwards."""
    import django_rq

    name = f"test-killed-{uuid.uuid4().hex[:8]}"
    overrides = override_settings(JOBS_MODE="rq", REDIS_URL=REDIS, JOBS_QUEUE=name,
                                  RQ_QUEUES={name: {"URL": REDIS, "DEFAULT_TIMEOUT": 900}})
    with overrides:
        yield name
        rq_queue = django_rq.get_queue(name)
        rq_queue.empty()
        rq_queue.delete(delete_jobs=True)


def database_url():
    """The test database, as the worker processes must reach it."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{db['NAME']}"
    user = quote(db["USER"] or "") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return (f"postgres://{user}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/"
            f"{quote(db['NAME'])}")


def start_worker(queue):
    env = {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": REDIS,
           "JOBS_MODE": "rq", "JOBS_QUEUE": queue, "DJANGO_SETTINGS_MODULE": "rulings.project.settings",
           # Slow enough to be stopped half-way; quick to notice that a worker died.
           "JOBS_STEP_DELAY": "0.3", "JOBS_HEARTBEAT_SECONDS": "1", "JOBS_HEARTBEAT_GRACE": "2",
           "JOBS_MAINTENANCE_SECONDS": "1"}
    return subprocess.Popen([sys.executable, "manage.py", "rqworker", queue],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)


def children(pid):
    """The processes `pid` started (rq's work horse runs in a process group of its own)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def stop(worker, how=signal.SIGTERM):
    """Signal the worker and the work horse it forked; wait for the worker to end."""
    if worker.poll() is None:
        for horse in children(worker.pid):
            os.kill(horse, how)
        os.killpg(worker.pid, how)
    worker.wait(30)


class Watch:
    """Reads the job's verdicts again and again: each reading must be the previous verdicts
    whole or the new ones whole, never some of each."""

    def __init__(self, slugs):
        self.slugs = slugs
        self.before = self.verdicts()
        self.readings = {"previous": 0, "new": 0}

    def verdicts(self):
        return dict((slug, (fingerprint, verified_at)) for slug, fingerprint, verified_at in
                    Scenario.objects.filter(slug__in=self.slugs).values_list(
                        "slug", "fingerprint", "verified_at"))

    def look(self):
        now = self.verdicts()
        changed = {slug for slug in self.slugs if now[slug] != self.before[slug]}
        assert not changed or changed == set(self.slugs), (
            f"half-written verdicts: {len(changed)} of {len(self.slugs)} changed")
        state = "new" if changed else "previous"
        self.readings[state] += 1
        return state


def wait_until(condition, watch, timeout, worker):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        watch.look()
        found = condition()
        if found:
            return found
        if worker.poll() is not None:
            pytest.fail(f"the worker stopped: {worker.stderr.read().decode()[-3000:]}")
        time.sleep(0.05)
    pytest.fail(f"waited {timeout} s in vain; the job: {job_row().__dict__}")


def job_row():
    return VerificationJob.objects.get(kind=VerificationJob.REVERIFY)


def test_a_worker_killed_mid_job_is_retried_and_no_verdict_is_half_written(
        queue, redis_connection, bundled_rules, settings, tmp_path):
    import django_rq
    from rq.job import Job

    folder = tmp_path / "data" / TRH
    shutil.copytree(django_settings.SCENARIOS_DIR / TRH, folder)
    settings.SCENARIOS_DIR = tmp_path / "data"
    call_command("load_scenarios", stdout=open(os.devnull, "w"))
    article = Article.objects.select_related("current_revision", "format").get(
        format__slug=TRH, slug="nightfall")
    draft = source_of(article.current_revision)
    draft.parameters = {**draft.parameters, "nightfall_cost": 1000}
    revision, _ = publish(article, draft)  # commits, then queues the job on Redis

    job = job_row()
    assert job.status == "queued" and len(job.slugs) >= 5
    assert Job.exists(rq_id(job.pk), connection=django_rq.get_queue(queue).connection)
    watch = Watch(job.slugs)

    first = start_worker(queue)
    try:
        wait_until(lambda: job_row().status == "running" and job_row().done >= 2, watch, 90,
                   first)
        assert children(first.pid), "the job runs in a work horse"
        stop(first, signal.SIGKILL)
    finally:
        stop(first)
    killed = job_row()
    assert (killed.status, killed.attempts) == ("running", 1)
    assert killed.done < len(job.slugs)  # stopped half-way through its replays
    assert watch.look() == "previous"
    assert not VerificationRun.objects.filter(revisions=[job.label]).exists()

    second = start_worker(queue)
    try:
        wait_until(lambda: job_row().status == "done", watch, 120, second)
    finally:
        stop(second)
    done = job_row()
    assert done.attempts == 2
    assert done.error == "Attempt 1 stopped: the worker stopped in the middle of the job"
    assert watch.look() == "new"
    assert watch.readings["previous"] > 10  # it watched the killed attempt and the retry
    (run,) = VerificationRun.objects.filter(revisions=[f"{TRH}/nightfall r{revision.number}"])
    assert done.run_id == run.pk and run.total == len(job.slugs)
