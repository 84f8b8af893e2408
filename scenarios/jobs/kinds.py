"""What each kind of job does: replay, then write everything it found in one transaction."""
from django.db import transaction
from django.utils import timezone

from rulings.contention import retrying
from rulings.models import Article

from ..impact import impact_between, replay_rows
from ..job_models import VerificationJob
from ..models import Scenario, VerificationRun
from ..sync import record
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
    """The verdicts, the run, the quiz questions rebuilt from them (record sends
    verdicts_recorded) and the job's end land together, or none of them does."""
    row = claimed(job).first()
    if row is None:
        return  # another attempt holds the job now: it records, not this one
    run = record(report, trigger=VerificationRun.EDIT, user=row.user, revisions=[job.label],
                 sources=True)
    claimed(job).update(status=VerificationJob.DONE, run=run, done=len(report.verdicts),
                        total=len(report.verdicts), finished_at=timezone.now())


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


KINDS = {VerificationJob.REVERIFY: reverify, VerificationJob.IMPACT: impact}
