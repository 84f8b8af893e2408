"""Rendering an article body: markdown with the site's additions, then sanitized.

`render()` is pure: given the body and its context (parameters, link index,
glossary) it returns the HTML and what it found, and touches no database.
"""
import html as htmllib
import re
import secrets
from dataclasses import dataclass, field
from functools import lru_cache

import markdown

from . import anchors, links, params
from .links import ArticleEntry, LinkResolver
from .markup import ArticleMarkup
from .sanitize import sanitize
from .sections import split_sections


@dataclass(frozen=True)
class TermEntry:
    """A glossary term as the renderer links it."""

    key: str
    name: str
    url: str
    definition: str
    article_key: tuple
    anchor: str
    names: tuple = ()  # the name and aliases that link to this entry


@dataclass
class RenderContext:
    format_slug: str
    article_slug: str
    parameters: dict = field(default_factory=dict)
    index: dict = field(default_factory=dict)  # (format, slug) -> ArticleEntry
    terms: list = field(default_factory=list)  # TermEntry


@dataclass
class Rendered:
    html: str
    sections: list
    links: list  # ResolvedLink with its source line, as (link, line)


def render(body, context):
    resolver = LinkResolver(context.index, context.format_slug, context.article_slug)
    own = own_prefix()
    extension = ArticleMarkup(
        context.parameters, resolver, context.terms, (context.format_slug, context.article_slug),
        own)
    md = markdown.Markdown(
        extensions=["tables", "sane_lists", "md_in_html", "fenced_code", extension],
        output_format="html",
    )
    html = sanitize(md.convert(body), own)
    found = [(resolver.resolve(target, text), line) for target, text, line in links.scan(body)]
    return Rendered(html=html, sections=split_sections(html), links=found)


ID_RE = re.compile(r'\sid="([^"]*)"')


@lru_cache(maxsize=512)
def rendered_ids(body):
    """Every element id a body renders with: the anchors a link can really land on.

    Rendered without parameter values, links or glossary, none of which adds or
    moves an anchor (a heading's slug then matches the one `anchors.scan` gives).
    """
    own = own_prefix()
    extension = ArticleMarkup({}, LinkResolver({}, "", ""), [], ("", ""), own)
    md = markdown.Markdown(
        extensions=["tables", "sane_lists", "md_in_html", "fenced_code", extension],
        output_format="html")
    return frozenset(htmllib.unescape(i) for i in ID_RE.findall(sanitize(md.convert(body), own)))


def own_prefix():
    """A secret mark for the ids and classes one rendering sets itself (see OwnAttributes)."""
    return f"own{secrets.token_hex(8)}-"


__all__ = ["ArticleEntry", "RenderContext", "Rendered", "TermEntry", "anchors", "params",
           "render", "rendered_ids", "sanitize"]
