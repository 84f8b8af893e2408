"""Scenarios as the site knows them: synced from the files, with their last verdict.

The files under scenarios/data/ are the source; a row keeps what pages and the
API need (title, the article and example it illustrates, the source text) and
the outcome of the last verification.
"""
from django.conf import settings
from django.db import models
from django.urls import reverse

from rulings.knowledge.fields import OrderedJSONField


class Scenario(models.Model):
    PASSED, FAILED, INVALID, XFAIL, XPASS, UNVERIFIED = (
        "passed", "failed", "invalid", "xfail", "xpass", "unverified")
    STATUSES = [(s, s) for s in (PASSED, FAILED, INVALID, XFAIL, XPASS, UNVERIFIED)]

    slug = models.SlugField(max_length=120, unique=True)
    format = models.ForeignKey("rulings.Format", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="scenarios")
    format_slug = models.SlugField()
    path = models.CharField(max_length=300)
    title = models.CharField(max_length=300)
    narrative = models.TextField()
    rule = models.CharField(max_length=300)
    example = models.CharField(max_length=300, blank=True)
    article = models.ForeignKey("rulings.Article", null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="scenarios")
    example_block = models.ForeignKey("rulings.Example", null=True, blank=True,
                                      on_delete=models.SET_NULL, related_name="scenarios")
    source = models.TextField()
    status = models.CharField(max_length=12, choices=STATUSES, default=UNVERIFIED)
    message = models.TextField(blank=True)
    ms = models.FloatField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    # What the verdict was computed from and what it found (see scenarios/verification/fingerprints.py).
    fingerprint = models.CharField(max_length=64, blank=True)
    params_read = models.JSONField(default=list, blank=True)  # parameter names the replay read
    trace = models.JSONField(default=list, blank=True)  # rule anchors the replay cited
    # The wrong readings ("rule:reading") that change its outcome (verification/deciding.py).
    decided_by = models.JSONField(default=list, blank=True)
    # In their own key order on PostgreSQL too: pages read them out in that order.
    expected = OrderedJSONField(default=dict, blank=True)  # the scenario's `expect:`
    outcome = OrderedJSONField(null=True, blank=True)  # the engine's Outcome, as data
    differences = models.JSONField(default=list, blank=True)  # [{key, expected, got}]

    class Meta:
        ordering = ["format_slug", "slug"]

    def __str__(self):
        return self.slug

    def get_absolute_url(self):
        return reverse("scenario", args=[self.slug])

    @property
    def rule_url(self):
        format_slug, _, rest = self.rule.partition("/")
        article, _, anchor = rest.partition("#")
        return reverse("article", args=[format_slug, article]) + f"#{anchor}"


class ScenarioCard(models.Model):
    """One catalogued card a scenario names (engine/card_uses.py), stored when its verdict is
    recorded, so that a card's page finds its scenarios in one query without replaying any."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="card_uses")
    name = models.CharField(max_length=200, db_index=True)

    class Meta:
        ordering = ["scenario", "name"]
        constraints = [models.UniqueConstraint(fields=["scenario", "name"],
                                               name="unique_scenario_card")]

    def __str__(self):
        return f"{self.scenario_id}: {self.name}"


class ScenarioRevision(models.Model):
    """One saved text of a scenario: loaded from its file or written on the site."""

    # Loading files never overwrites nor deletes a scenario written on the site
    # (scenarios/verification/sync.py), unless told to with --force.
    FILE, SITE = "file", "site"
    ORIGINS = [(FILE, "loaded from a file"), (SITE, "written on the site")]

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    source = models.TextField()
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="+")
    comment = models.CharField(max_length=300, blank=True)
    origin = models.CharField(max_length=4, choices=ORIGINS, default=SITE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["scenario", "-number"]
        constraints = [models.UniqueConstraint(fields=["scenario", "number"],
                                               name="unique_scenario_revision_number")]

    def __str__(self):
        return f"{self.scenario.slug} r{self.number}"


class VerificationRun(models.Model):
    """One verification of some scenarios: why it ran, by whom, and which verdicts it changed."""

    EDIT, LOAD, CLI, API = "edit", "load", "cli", "api"
    TRIGGERS = [(EDIT, "article edit"), (LOAD, "load"), (CLI, "command line"), (API, "API")]

    trigger = models.CharField(max_length=10, choices=TRIGGERS)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="verification_runs")
    created_at = models.DateTimeField(auto_now_add=True)
    revisions = models.JSONField(default=list, blank=True)  # ["format/article r12", ...]
    total = models.PositiveIntegerField(default=0)
    passed = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    invalid = models.PositiveIntegerField(default=0)
    changes = models.JSONField(default=list, blank=True)  # [{slug, before, after}]

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.get_trigger_display()} run {self.pk}"

    def get_absolute_url(self):
        return reverse("verification-run", args=[self.pk])


from .job_models import VerificationJob  # noqa: E402,F401  (the job model lives beside)
