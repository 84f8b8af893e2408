"""The rq worker the site runs (`manage.py rqworker verification`, settings.RQ).

rq's own Worker (each job in a forked work horse), with three changes. It notices a dead
worker sooner: how often it looks for abandoned jobs (JOBS_MAINTENANCE_SECONDS; rq's default
is ten minutes), and the heartbeat's period and grace (JOBS_HEARTBEAT_SECONDS,
JOBS_HEARTBEAT_GRACE); a job whose worker died is retried by rq itself once its heartbeat has
lapsed. When it starts, it queues again the jobs the database holds as unfinished that Redis
has lost (`requeue_orphans`). And it loads the engine, the card catalog and every stored
scenario's parsed text before it forks, so no job pays for them again.
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

    @property
    def dequeue_timeout(self):
        """An idle worker wakes at least every maintenance interval, so that it looks for
        abandoned jobs then (rq's waits for the worker's whole time to live)."""
        return max(1, min(super().dequeue_timeout, self.maintenance_interval))

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
            warm_up()
        finally:
            connections.close_all()  # no connection may be shared with the forked jobs
        return super().work(*args, **kwargs)


def warm_up():
    """Load what every job needs once, in the process the work horses are forked from."""
    from ...engine.cards import default_catalog
    from ..models import Scenario
    from ..verifier import parsed
    from . import kinds  # noqa: F401  (the engine and the job kinds, imported once)

    default_catalog()
    for source, path in Scenario.objects.values_list("source", "path").iterator():
        try:
            parsed(source, path)
        except Exception:  # broad on purpose: a file that does not parse fails in its job
            continue
