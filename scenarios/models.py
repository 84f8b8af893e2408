"""Scenarios as the site knows them: synced from the files, with their last verdict.

The files under scenarios/data/ are the source; a row keeps what pages and the
API need (title, the article and example it illustrates, the source text) and
the outcome of the last verification.
"""
from django.db import models
from django.urls import reverse


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
