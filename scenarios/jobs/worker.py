"""The rq worker the site runs (`manage.py rqworker verification`, settings.RQ).

rq's own Worker, with changes that only make it quicker to notice a dead worker: how often
it looks for abandoned jobs (JOBS_MAINTENANCE_SECONDS; rq's default is ten minutes) and, when
it starts, it first queues again the jobs the database holds as unfinished that Redis has lost
(`requeue_orphans`). A job whose worker died is retried by rq itself, once the job's heartbeat
has lapsed (the heartbeat's period and grace: JOBS_HEARTBEAT_SECONDS, JOBS_HEARTBEAT_GRACE).
"""
from django.conf import settings
from django.db import connections
from rq import Worker

from .backends import requeue_orphans


class VerificationWorker(Worker):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("maintenance_interval", settings.JOBS_MAINTENANCE_SECONDS)
        kwargs.setdefault("job_monitoring_interval", settings.JOBS_HEARTBEAT_SECONDS)
        super().__init__(*args, **kwargs)

    def get_heartbeat_ttl(self, job, working_time=0.0):
        """How long a job may go without a heartbeat before it counts as abandoned: the
        period between heartbeats plus a grace (rq's is a fixed minute)."""
        grace = settings.JOBS_HEARTBEAT_GRACE
        period = self.job_monitoring_interval
        if job.timeout and job.timeout > 0:
            period = min(job.timeout - working_time, period)
        return int(period) + grace

    def work(self, *args, **kwargs):
        try:
            requeue_orphans(self.connection)
        finally:
            connections.close_all()  # no connection may be shared with the forked jobs
        return super().work(*args, **kwargs)
