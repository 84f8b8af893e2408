"""Models of the knowledge base.

They stay thin: parsing, rendering and publishing live in plain modules
(`articlefile`, `rendering`, `publishing`). A Revision's source fields are
written once and never edited; its `html` is the cached rendering, refreshed
when something it shows (a linked title, a parameter, a glossary term) changes.
"""
from django.conf import settings
from django.db import models
from django.urls import reverse

from .fields import OrderedJSONField


class Format(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    summary = models.TextField(blank=True)
    order = models.PositiveIntegerField(default=0)
    # When the format's own fields last changed: part of the cached reading pages' stamp.
    changed = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["order", "slug"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("format", args=[self.slug])


class Article(models.Model):
    format = models.ForeignKey(Format, on_delete=models.CASCADE, related_name="articles")
    slug = models.SlugField()
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True)
    order = models.IntegerField(default=0)
    current_revision = models.OneToOneField(
        "Revision", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["format__order", "order", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["format", "slug"], name="unique_article_slug_per_format")
        ]

    def __str__(self):
        return f"{self.format.slug}/{self.slug}"

    def get_absolute_url(self):
        return reverse("article", args=[self.format.slug, self.slug])


class Revision(models.Model):
    # Where a revision's text came from: loading a file never overwrites one written on the
    # site (rulings/knowledge/loading.py), unless told to with --force.
    FILE, SITE = "file", "site"
    ORIGINS = [(FILE, "loaded from a file"), (SITE, "written on the site")]

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True)
    order = models.IntegerField(default=0)
    parameters = OrderedJSONField(default=dict, blank=True)
    terms = OrderedJSONField(default=list, blank=True)
    body = models.TextField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    comment = models.CharField(max_length=300, blank=True)
    origin = models.CharField(max_length=4, choices=ORIGINS, default=SITE)
    # Derived from the source above when the revision is made.
    anchors = OrderedJSONField(default=dict, blank=True)
    html = models.TextField(blank=True)

    class Meta:
        ordering = ["article", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["article", "number"], name="unique_revision_number")
        ]

    def __str__(self):
        return f"{self.article} r{self.number}"

    def get_absolute_url(self):
        return reverse(
            "revision", args=[self.article.format.slug, self.article.slug, self.number]
        )


class Term(models.Model):
    """A glossary entry, declared in the front matter of the article that defines it."""

    format = models.ForeignKey(Format, on_delete=models.CASCADE, related_name="terms")
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="defined_terms")
    name = models.CharField(max_length=100)
    aliases = models.JSONField(default=list, blank=True)
    anchor = models.CharField(max_length=100)
    definition = models.TextField()

    class Meta:
        ordering = ["format__order", "name"]
        constraints = [
            models.UniqueConstraint(fields=["format", "name"], name="unique_term_per_format")
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return f"{self.article.get_absolute_url()}#{self.anchor}"


class Link(models.Model):
    """A cross-link written in an article's current revision; broken ones are kept too."""

    source = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="outgoing_links")
    target = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.SET_NULL, related_name="incoming_links"
    )
    target_format = models.CharField(max_length=100)
    target_slug = models.CharField(max_length=200)
    target_anchor = models.CharField(max_length=200, blank=True)
    text = models.CharField(max_length=300)
    line = models.PositiveIntegerField()
    broken = models.BooleanField(default=False)
    problem = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["source", "line"]
        indexes = [models.Index(fields=["target_format", "target_slug"])]

    def __str__(self):
        return f"{self.source} -> {self.target_format}/{self.target_slug}#{self.target_anchor}"


class Section(models.Model):
    """A heading-bounded piece of an article: the unit of the table of contents and of search."""

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="sections")
    anchor = models.CharField(max_length=200, blank=True)
    heading = models.CharField(max_length=300)
    level = models.PositiveSmallIntegerField()
    position = models.PositiveIntegerField()
    text = models.TextField()

    class Meta:
        ordering = ["article", "position"]

    def __str__(self):
        return f"{self.article}#{self.anchor}"


class Example(models.Model):
    """A worked example block of an article; scenarios attach to its citable id."""

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="examples")
    anchor = models.CharField(max_length=200)
    title = models.CharField(max_length=300)
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["article", "position"]
        constraints = [
            models.UniqueConstraint(fields=["article", "anchor"], name="unique_example_per_article")
        ]

    def __str__(self):
        return self.citation

    @property
    def citation(self):
        return f"{self.article.format.slug}/{self.article.slug}#{self.anchor}"


class ThrottleCount(models.Model):
    """How many times one client did one thing in the current window (see rulings/knowledge/throttles.py).

    Kept in the database every app server shares, so all workers see one count; rows whose
    window has ended are reset in place or purged by `manage.py clean_up`.
    """

    key = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    window_ends = models.FloatField()  # seconds since the epoch

    def __str__(self):
        return f"{self.key}: {self.count}"
