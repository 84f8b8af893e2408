"""What pages say while verdicts are being brought up to date: the unfinished
re-verification jobs and the scenarios they replay (one query)."""
from django.db import connection

from ..job_models import VerificationJob


def stamp_query():
    """How many re-verifications are unfinished, for the site stamp (registered with the
    knowledge base): cached pages change when a job starts and when it ends, even one that
    ends without recording a run."""
    table = connection.ops.quote_name(VerificationJob._meta.db_table)
    return (f"SELECT COUNT(*) FROM {table} WHERE kind = %s AND status IN (%s, %s)",
            [VerificationJob.REVERIFY, *VerificationJob.ACTIVE])


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
