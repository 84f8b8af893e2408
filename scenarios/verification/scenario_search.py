"""Scenarios in search results: those whose title or story holds every word of a query.

A word that is a glossary term's name or alias also matches the term's other names
(rulings.knowledge.search.term_forms), as in the article search.
"""
from django.db.models import Q

from rulings.knowledge.search import bounded_query, plain_snippet, query_words, term_forms

from .models import Scenario


def matching_scenarios(query, format_slug=None, limit=10):
    words = query_words(bounded_query(query)[0])[:10]
    if not words:
        return []
    forms = term_forms(words)
    rows = Scenario.objects.only("slug", "title", "narrative", "format_slug")
    if format_slug:
        rows = rows.filter(format_slug=format_slug)
    for word in words:
        found = Q()
        for form in [word, *forms.get(word, ())]:
            found |= Q(title__icontains=form) | Q(narrative__icontains=form)
        rows = rows.filter(found)
    return list(rows.order_by("format_slug", "title")[:limit])


def scenario_hits(query, format_slug=None, limit=10):
    """The API's entries for matching scenarios (`kind: "scenario"`)."""
    words = query_words(bounded_query(query)[0])
    return [{"kind": "scenario", "format": s.format_slug, "slug": s.slug, "title": s.title,
             "anchor": "", "heading": s.title, "snippet": plain_snippet(s.narrative, words),
             "url": s.get_absolute_url()}
            for s in matching_scenarios(query, format_slug, limit)]
