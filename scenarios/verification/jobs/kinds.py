"""What each kind of job does: replay, then write everything it found in one transaction.

A re-verification records its verdicts and its run, then hands the quiz questions to a job of
their own (kind `questions`, queued in the same transaction): the verdicts are up to date as
soon as the replays are, and rebuilding questions (which replays every wrong reading of each
scenario) never holds the verdicts back, nor, on SQLite, the write lock for its whole length.
"""
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from rulings.knowledge.contention import retrying
from rulings.knowledge.models import Article

from ..impact import impact_between, replay_rows
from ..job_models import VerificationJob
from ..models import Scenario, VerificationRun
from ..signals import verdicts_recorded
from ..sync import record
from .backends import submit
from .running import claimed


def reverify(job, progress):
    """Replay the scenarios an edit touched, with the rules as they are now."""
    rows = list(Scenario.objects.filter(slug__in=job.slugs).only("id", "slug", "source", "path"))
    progress(0, len(rows))
    report = replay_rows(rows, progress)
    _finish_reverify(job, report)


@retrying
@transaction.atomic
def _finish_reverify(job, report):
    """The verdicts, the run, the job's end and the questions' job land together, or none of
    them does."""
    row = claimed(job).first()
    if row is None:
        return  # another attempt holds the job now: it records, not this one
    run = record(report, trigger=VerificationRun.EDIT, user=row.user, revisions=[job.label],
                 sources=True, notify=False)
    claimed(job).update(status=VerificationJob.DONE, run=run, done=len(report.verdicts),
                        total=len(report.verdicts), finished_at=timezone.now())
    slugs = [verdict.slug for verdict in report.verdicts]
    questions_job = VerificationJob.objects.create(
        kind=VerificationJob.QUESTIONS, format_slug=job.format_slug, article_id=job.article_id,
        label=job.label, user_id=row.user_id, slugs=slugs, total=len(slugs),
        payload={"run": run.pk}, max_attempts=settings.JOBS_ATTEMPTS)
    submit(questions_job)


def questions(job, progress):
    """Rebuild (or withdraw) the quiz questions of the scenarios a run verified: whoever
    listens to `verdicts_recorded` (the quiz bank). Each scenario's questions are stored in
    a transaction of their own, and a scenario whose questions already match its verdict is
    skipped, so an attempt that dies is simply run again."""
    run = VerificationRun.objects.filter(pk=job.payload.get("run")).first()
    verdicts_recorded.send(sender=VerificationRun, slugs=list(job.slugs), run=run)
    progress(len(job.slugs), len(job.slugs))
    with transaction.atomic():
        claimed(job).update(status=VerificationJob.DONE, finished_at=timezone.now())


def impact(job, progress):
    """Replay the scenarios a draft touches under today's and the draft's parameters."""
    article = Article.objects.select_related("format").get(pk=job.article_id)
    payload = job.payload
    found = impact_between(article, payload["current"], payload["draft"],
                           set(payload["anchors"]), progress)
    _finish_impact(job, found)


@transaction.atomic
def _finish_impact(job, found):
    claimed(job).update(status=VerificationJob.DONE, result=found.as_dict(),
                        done=found.affected, total=found.affected, finished_at=timezone.now())


KINDS = {VerificationJob.REVERIFY: reverify, VerificationJob.QUESTIONS: questions,
         VerificationJob.IMPACT: impact}
