"""The background jobs of verification, as the site tracks them (see scenarios/verification/jobs/).

A row is written when a job is asked for, in the same transaction as what asked for it
(an edit's revision, say), so a job is never lost between the request and the queue. The
queue (a worker on Redis, or a thread of the web process) only carries the row's id: the
row holds what the job replays, how far it got, how many attempts it took and what it found.
"""
from django.conf import settings
from django.db import models
from django.urls import reverse


class VerificationJob(models.Model):
    """One job: re-verify the scenarios an article edit touched, rebuild the quiz questions
    of the verdicts it recorded, or work out what a draft would do to the scenarios (the
    impact the editor confirms before saving)."""

    REVERIFY, QUESTIONS, IMPACT = "reverify", "questions", "impact"
    KINDS = [(REVERIFY, "re-verification after an edit"),
             (QUESTIONS, "quiz questions of new verdicts"), (IMPACT, "the impact of a draft")]
    QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
    STATUSES = [(s, s) for s in (QUEUED, RUNNING, DONE, FAILED)]
    ACTIVE = (QUEUED, RUNNING)

    kind = models.CharField(max_length=10, choices=KINDS)
    # For a draft's impact: a digest of everything it is computed from (scenarios/verification/jobs/drafts.py).
    key = models.CharField(max_length=64, blank=True, db_index=True)
    status = models.CharField(max_length=10, choices=STATUSES, default=QUEUED, db_index=True)
    format_slug = models.SlugField()
    article = models.ForeignKey("rulings.Article", null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="+")
    label = models.CharField(max_length=300)  # "kingdom-duels/setup r12": what it is about
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    payload = models.JSONField(default=dict, blank=True)  # what the kind needs to run
    slugs = models.JSONField(default=list, blank=True)  # the scenarios it replays
    total = models.PositiveIntegerField(default=0)  # scenarios to replay
    done = models.PositiveIntegerField(default=0)  # replayed so far in this attempt
    attempts = models.PositiveSmallIntegerField(default=0)
    max_attempts = models.PositiveSmallIntegerField(default=3)
    error = models.TextField(blank=True)  # why the last attempt that stopped did
    result = models.JSONField(null=True, blank=True)  # a draft's impact, as Impact.as_dict()
    run = models.ForeignKey("scenarios.VerificationRun", null=True, blank=True,
                            on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["kind", "status"], name="job_kind_status")]

    def __str__(self):
        return f"{self.get_kind_display()} {self.label} ({self.status})"

    def get_absolute_url(self):
        return reverse("verification-job", args=[self.pk])

    @property
    def is_active(self):
        return self.status in self.ACTIVE

    @property
    def retried(self):
        return self.attempts > 1 or (self.status == self.QUEUED and self.attempts >= 1)
