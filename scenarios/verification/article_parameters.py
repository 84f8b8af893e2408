"""The rule parameters a format's ruleset reads: those of its articles' current revisions.

When the database holds no articles of the format (a fresh checkout running
`verify` before `load_rules`), the bundled article files are read instead.
"""
from django.conf import settings
from django.db import DatabaseError

from rulings.knowledge.articlefile import folder_parameters
from rulings.knowledge.models import Article


def parameters_for(format_slug):
    try:
        revisions = [a.current_revision for a in Article.objects.filter(
            format__slug=format_slug).exclude(current_revision=None).select_related(
            "current_revision")]
    except DatabaseError:
        revisions = []
    if revisions:
        merged = {}
        for revision in revisions:
            merged.update(revision.parameters)
        return merged
    return bundled_parameters(format_slug)


def bundled_parameters(format_slug):
    return folder_parameters(settings.RULES_CONTENT_DIR / format_slug)


def parameters_by_format(format_slugs):
    """{format slug: its parameters} for several formats in one query, merged as
    `parameters_for` merges them (a page that shows scenarios of any format reads them all at
    once, so its query count does not grow with the formats it shows)."""
    merged = {slug: None for slug in format_slugs}
    try:
        articles = list(Article.objects.filter(format__slug__in=list(merged)).exclude(
            current_revision=None).select_related("format", "current_revision"))
    except DatabaseError:
        articles = []
    for article in articles:
        found = merged.get(article.format.slug)
        if found is None:
            found = merged[article.format.slug] = {}
        found.update(article.current_revision.parameters)
    return {slug: values if values is not None else bundled_parameters(slug)
            for slug, values in merged.items()}
