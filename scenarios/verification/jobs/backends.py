"""Where a job runs: an rq queue on Redis, a thread of this process, or in the caller.

`submit` is called in the transaction that wrote the job's row; the queue hears of the job
only once that transaction commits, so a worker never looks for a row it cannot see yet (and a
rolled-back save starts no job). Should Redis not answer at that moment, the row stays queued
and the next worker to start queues it again (`requeue_orphans`).

In-process mode runs jobs on one daemon thread per process, one job at a time, rather than
synchronously after the response: under gunicorn or runserver "after the response" still holds
the worker (and a keep-alive client) for the whole replay, while a thread lets the process
serve the next request at once. Its limit, said in docs/scaling.md: a job in progress when the
process stops is picked up again only when the process next starts a job.
"""
import logging
import queue
import threading

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

logger = logging.getLogger(__name__)


def rq_id(job_id):
    """The rq job id of a VerificationJob: one per row, so queueing a row twice is harmless."""
    return f"verification-job-{job_id}"


def submit(job):
    """Start `job` (a saved VerificationJob) the way settings.JOBS_MODE says."""
    mode = settings.JOBS_MODE
    if mode == "sync":
        from .running import run_attempts

        run_attempts(job.pk)
        return
    after_commit(lambda: _START[mode](job.pk))


def after_commit(start):
    """Run `start` once the current transaction commits (at once outside one)."""
    transaction.on_commit(start, robust=True)


def _to_rq(job_id, attempts=None):
    import django_rq
    from rq import Retry
    from rq.job import Callback

    from .running import job_stopped

    attempts = attempts or settings.JOBS_ATTEMPTS
    django_rq.get_queue(settings.JOBS_QUEUE).enqueue(
        "scenarios.verification.jobs.running.run_job", job_id, job_id=rq_id(job_id),
        retry=Retry(max=attempts - 1) if attempts > 1 else None,
        on_failure=Callback(job_stopped), job_timeout=settings.JOBS_TIMEOUT,
        result_ttl=3600, failure_ttl=7 * 24 * 3600)


_inbox = queue.Queue()
_thread = None
_thread_lock = threading.Lock()


def _to_thread(job_id):
    global _thread
    with _thread_lock:
        if _thread is None or not _thread.is_alive():
            first = _thread is None
            _thread = threading.Thread(target=_work, name="verification-jobs", daemon=True)
            _thread.start()
            if first:
                _inbox.put(None)  # first: pick up what a stopped process left unfinished
    _inbox.put(job_id)


def _work():
    from .running import run_attempts

    while True:
        job_id = _inbox.get()
        try:
            if job_id is None:
                for left in _left_by_a_stopped_process():
                    run_attempts(left)
            else:
                run_attempts(job_id)
        except Exception:  # broad on purpose: the thread must outlive any one job's failure
            logger.exception("verification job %s failed", job_id)
        finally:
            connection.close()  # this thread's own connection, opened again by the next job


def _left_by_a_stopped_process(quiet_seconds=120):
    """Ids of in-process jobs not heard of for a while: their process stopped mid-job."""
    from ..job_models import VerificationJob

    since = timezone.now() - timezone.timedelta(seconds=quiet_seconds)
    return list(VerificationJob.objects.filter(
        status__in=VerificationJob.ACTIVE, created_at__lt=since).exclude(
        heartbeat_at__gte=since).values_list("pk", flat=True))


def requeue_orphans(connection_to_redis):
    """Queue again every unfinished job that Redis does not know of (Redis was down when it
    was saved, or restarted and lost its queue). Returns their ids."""
    from rq.job import Job

    from ..job_models import VerificationJob

    orphans = [pk for pk in VerificationJob.objects.filter(
        status__in=VerificationJob.ACTIVE).values_list("pk", flat=True)
        if not Job.exists(rq_id(pk), connection=connection_to_redis)]
    for pk in orphans:
        _to_rq(pk)
    return orphans


_START = {"rq": _to_rq, "thread": _to_thread}
