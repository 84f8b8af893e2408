"""After an article is saved: a job that re-verifies the scenarios the save changed."""
from django.conf import settings

from ..impact import edit_dependents, edit_label
from ..job_models import VerificationJob
from .backends import submit


def reverify_later(article, before, after, user=None):
    """Write the job (in the saving transaction) and start it once the save commits.

    The scenarios are chosen now, from the parameters the edit changed (cheap: no replay),
    so the pages can say at once which verdicts are being brought up to date. An edit that
    changes no parameter changes no replay: no job (None)."""
    rows = edit_dependents(article, before, after)
    if not rows:
        return None
    job = VerificationJob.objects.create(
        kind=VerificationJob.REVERIFY, format_slug=article.format.slug, article=article,
        label=edit_label(article, after),
        user=user if user is not None and user.is_authenticated else None,
        slugs=[row.slug for row in rows], total=len(rows),
        max_attempts=settings.JOBS_ATTEMPTS)
    submit(job)
    return job
