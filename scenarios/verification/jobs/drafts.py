"""The impact of a draft, worked out by a job and found again by what it is computed from.

The Preview button and the Save button of the same draft compute the same key, so the save
reads what the preview's job found, and pressing Save again (or the page's script doing it)
picks the result up once the job is done. The key holds everything the impact depends on:
the article, the format's parameters now and in the draft, the draft's anchors, the latest
verification run (scenarios edited since give a new key) and the engine's version.
"""
import hashlib
import json
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from ...engine.version import engine_version
from ..impact import Impact, changed_parameters, draft_parameters_of, impact_without_replay
from ..job_models import VerificationJob
from ..models import VerificationRun
from .backends import submit

# Finished impact jobs are kept this long: long enough for the save that follows a preview.
KEEP_FINISHED = timedelta(days=1)


def draft_key(article, current, draft, anchors):
    latest_run = VerificationRun.objects.order_by("-pk").values_list("pk", flat=True).first()
    text = json.dumps([article.pk, current, draft, sorted(anchors), latest_run,
                       engine_version()], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def draft_impact(article, source, anchors, user=None):
    """(Impact, None) when the impact is known; (None, job) while its job works it out.

    A draft that changes no parameter is answered at once, replaying nothing."""
    current, draft = draft_parameters_of(article, source)
    if not changed_parameters(current, draft):
        return impact_without_replay(article, anchors), None
    key = draft_key(article, current, draft, anchors)
    job = VerificationJob.objects.filter(kind=VerificationJob.IMPACT, key=key).exclude(
        status=VerificationJob.FAILED).first()
    if job is None:
        VerificationJob.objects.filter(
            kind=VerificationJob.IMPACT, finished_at__lt=timezone.now() - KEEP_FINISHED).delete()
        revision = article.current_revision
        job = VerificationJob.objects.create(
            kind=VerificationJob.IMPACT, key=key, format_slug=article.format.slug,
            article=article, label=f"{article.format.slug}/{article.slug} draft on r"
                                   f"{revision.number if revision else 0}",
            user=user if user is not None and user.is_authenticated else None,
            payload={"current": current, "draft": draft, "anchors": sorted(anchors)},
            max_attempts=settings.JOBS_ATTEMPTS)
        submit(job)
        job.refresh_from_db()
    if job.status == VerificationJob.DONE:
        return Impact.from_dict(job.result), job
    return None, job
