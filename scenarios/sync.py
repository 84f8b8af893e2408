"""Keeping the Scenario rows in step with the files, and recording verdicts."""
from django.db import transaction
from django.utils import timezone

from rulings.models import Article, Example, Format

from .models import Scenario


def _article_for(anchor):
    format_slug, _, rest = anchor.partition("/")
    slug, _, _ = rest.partition("#")
    return Article.objects.filter(format__slug=format_slug, slug=slug).first()


@transaction.atomic
def record(report, prune=False):
    """Write each verified scenario (source, links, verdict); optionally drop vanished ones."""
    now = timezone.now()
    formats = {f.slug: f for f in Format.objects.all()}
    for verdict in report.verdicts:
        scenario = verdict.scenario
        if scenario is None:
            Scenario.objects.filter(slug=verdict.slug).update(
                status=Scenario.INVALID, message=verdict.message, ms=verdict.ms, verified_at=now)
            continue
        article = _article_for(scenario.rule)
        example = None
        if scenario.example:
            example_article = _article_for(scenario.example)
            example = Example.objects.filter(article=example_article,
                                             anchor=scenario.example.partition("#")[2]).first()
        Scenario.objects.update_or_create(slug=scenario.slug, defaults={
            "format": formats.get(scenario.format), "format_slug": scenario.format,
            "path": verdict.path, "title": scenario.title, "narrative": scenario.narrative,
            "rule": scenario.rule, "example": scenario.example or "", "article": article,
            "example_block": example, "source": scenario.source, "status": verdict.status,
            "message": verdict.message, "ms": verdict.ms, "verified_at": now})
    if prune:
        known = {v.slug for v in report.verdicts}
        Scenario.objects.exclude(slug__in=known).delete()
