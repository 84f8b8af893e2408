"""What pages say while verdicts are being brought up to date: the unfinished
re-verification jobs and the scenarios they replay (one query)."""
from ..job_models import VerificationJob


class Pending:
    """The unfinished re-verifications, read once per page."""

    def __init__(self):
        self.jobs = list(VerificationJob.objects.filter(
            kind=VerificationJob.REVERIFY, status__in=VerificationJob.ACTIVE).order_by("pk"))
        self.slugs = {slug for job in self.jobs for slug in job.slugs}

    def __bool__(self):
        return bool(self.jobs)

    def covers(self, slug):
        return slug in self.slugs

    def jobs_for(self, slug):
        return [job for job in self.jobs if slug in job.slugs]
