"""Cross-links between articles: `[[slug]]`, `[[format/slug#anchor|text]]`.

A link is resolved against an index of the site's articles; one that points at
nothing renders visibly as broken and is reported, never raised.
"""
import re
from dataclasses import dataclass

from django.urls import reverse

from ..articlefile import SLUG_RE

LINK_RE = re.compile(r"\[\[([^\[\]|]+?)(?:\|([^\[\]]+?))?\]\]")


@dataclass(frozen=True)
class ArticleEntry:
    """What a link needs to know of its target article."""

    title: str
    anchors: dict  # anchor -> label


@dataclass(frozen=True)
class ResolvedLink:
    raw: str
    target_format: str
    target_slug: str
    anchor: str
    text: str
    href: str
    problem: str = ""

    @property
    def broken(self):
        return bool(self.problem)


class LinkResolver:
    """Resolves link targets written in one article against the site's articles."""

    def __init__(self, index, format_slug, article_slug):
        self.index = index  # (format_slug, article_slug) -> ArticleEntry
        self.format_slug = format_slug
        self.article_slug = article_slug

    def resolve(self, target, text=None):
        raw = target.strip()
        path, _, anchor = raw.partition("#")
        path, anchor = path.strip(), anchor.strip()
        if "/" in path:
            format_slug, _, slug = path.partition("/")
        else:
            format_slug, slug = self.format_slug, path or self.article_slug
        label = (text or "").strip()
        if not (SLUG_RE.match(format_slug) and SLUG_RE.match(slug)):
            return ResolvedLink(raw, format_slug, slug, anchor, label or raw, "",
                                f"'{raw}' is not a valid link target")
        href = reverse("article", args=[format_slug, slug]) + (f"#{anchor}" if anchor else "")
        entry = self.index.get((format_slug, slug))
        if entry is None:
            return ResolvedLink(raw, format_slug, slug, anchor, label or raw, href,
                                f"no article '{format_slug}/{slug}'")
        if anchor and anchor not in entry.anchors:
            return ResolvedLink(raw, format_slug, slug, anchor, label or raw, href,
                                f"no anchor '#{anchor}' in '{format_slug}/{slug}'")
        if not label:
            label = entry.anchors.get(anchor) if anchor else entry.title
        return ResolvedLink(raw, format_slug, slug, anchor, label or entry.title, href)


def scan(body):
    """Every link in a body as (target, text, line)."""
    found = []
    for number, line in enumerate(body.split("\n"), start=1):
        for match in LINK_RE.finditer(line):
            found.append((match.group(1), match.group(2), number))
    return found
