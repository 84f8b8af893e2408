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
