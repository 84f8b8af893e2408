"""Running one attempt of a job: claiming its row, telling its progress, marking its end.

An attempt claims the row (status running, attempt number one higher, progress back to 0), so
a retry starts over cleanly; everything a job writes at its end is written only while its
attempt still holds the row (`claimed`), so an attempt that was given up for dead and then
woke up can never record a second time. Progress is written to the row alone, in its own
small transactions, never to the verdicts.
"""
import logging
import time

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone

from ..job_models import VerificationJob

logger = logging.getLogger(__name__)

# Progress is written at most this often (seconds), and always at the last scenario.
PROGRESS_EVERY = 0.5


def run_job(job_id):
    """One attempt at the job (what an rq worker runs). Raises what the attempt raised, after
    marking the row queued again (attempts left) or failed, so rq retries it."""
    from .kinds import KINDS

    job = _start(job_id)
    if job is None:
        return "nothing to do"
    try:
        KINDS[job.kind](job, Progress(job))
    except Exception as error:  # any failure ends the attempt: recorded, then raised again
        mark_stopped(job.pk, job.attempts, f"{type(error).__name__}: {error}")
        raise
    return "done"


def run_attempts(job_id):
    """Run the job in this process until it is done or out of attempts (in-process modes)."""
    while True:
        try:
            run_job(job_id)
            return
        except Exception:  # recorded on the row by run_job; try again while attempts remain
            logger.exception("verification job %s: an attempt failed", job_id)
            status = VerificationJob.objects.filter(pk=job_id).values_list(
                "status", flat=True).first()
            if status != VerificationJob.QUEUED:
                return


@transaction.atomic
def _start(job_id):
    job = VerificationJob.objects.select_for_update().filter(pk=job_id).first()
    if job is None or job.status in (VerificationJob.DONE, VerificationJob.FAILED):
        return None
    now = timezone.now()
    if job.status == VerificationJob.RUNNING:  # its last attempt died without a word
        job.error = f"Attempt {job.attempts} stopped before it finished."
    if job.attempts >= job.max_attempts:
        job.status, job.finished_at = VerificationJob.FAILED, now
        job.save(update_fields=["status", "finished_at", "error"])
        return None
    job.attempts += 1
    job.status, job.done, job.started_at, job.heartbeat_at = (
        VerificationJob.RUNNING, 0, now, now)
    job.save(update_fields=["attempts", "status", "done", "started_at", "heartbeat_at",
                            "error"])
    return job


def claimed(job):
    """The job's row, while this attempt still holds it (locked, in the caller's transaction)."""
    return VerificationJob.objects.select_for_update().filter(
        pk=job.pk, attempts=job.attempts, status=VerificationJob.RUNNING)


def mark_stopped(job_id, attempt, reason):
    """The attempt ended without finishing: queued again while attempts remain, else failed."""
    row = VerificationJob.objects.filter(pk=job_id, attempts=attempt,
                                         status=VerificationJob.RUNNING).first()
    if row is None:
        return
    failed = row.attempts >= row.max_attempts
    VerificationJob.objects.filter(pk=job_id, attempts=attempt,
                                   status=VerificationJob.RUNNING).update(
        status=VerificationJob.FAILED if failed else VerificationJob.QUEUED,
        error=f"Attempt {attempt} stopped: {reason}"[:2000],
        finished_at=timezone.now() if failed else None)


def job_stopped(rq_job, connection, error_type, error, traceback):
    """rq's failure callback: an attempt raised (already marked by run_job) or its worker died
    (rq found it abandoned): mark the attempt stopped. It may run in a worker's main process,
    which forks the next job: the database connection is closed again so none is shared."""
    try:
        job_id = rq_job.args[0]
        row = VerificationJob.objects.filter(pk=job_id).only("attempts").first()
        if row is not None:
            reason = ("the worker stopped in the middle of the job"
                      if error_type is not None and error_type.__name__ == "AbandonedJobError"
                      else f"{getattr(error_type, '__name__', 'error')}: {error}")
            mark_stopped(job_id, row.attempts, reason)
    finally:
        connections.close_all()


class Progress:
    """Told after each scenario: writes `done of total` to the job's row now and then."""

    def __init__(self, job):
        self.job_id, self.attempt, self.written = job.pk, job.attempts, 0.0

    def __call__(self, done, total):
        if settings.JOBS_STEP_DELAY:
            time.sleep(settings.JOBS_STEP_DELAY)
        now = time.monotonic()
        if done < total and now - self.written < PROGRESS_EVERY:
            return
        self.written = now
        VerificationJob.objects.filter(pk=self.job_id, attempts=self.attempt,
                                       status=VerificationJob.RUNNING).update(
            done=done, total=total, heartbeat_at=timezone.now())
