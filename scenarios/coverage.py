"""Rule coverage: which anchors of a format's articles the scenarios' replays exercise.

An anchor is covered when a scenario's rule trace cites it, or when it is the
example block the scenario encodes.
"""
from dataclasses import dataclass, field

from rulings.models import Article

from .models import Scenario


@dataclass
class AnchorCoverage:
    anchor: str  # "format/article#anchor"
    article: str
    label: str
    url: str
    scenarios: list = field(default_factory=list)  # [(slug, title)]


@dataclass
class Coverage:
    format_slug: str
    anchors: list

    @property
    def uncovered(self):
        return [entry for entry in self.anchors if not entry.scenarios]

    @property
    def covered_count(self):
        return len(self.anchors) - len(self.uncovered)

    def as_dict(self):
        return {"format": self.format_slug, "total": len(self.anchors),
                "covered": self.covered_count,
                "anchors": [{"anchor": e.anchor, "article": e.article,
                             "scenarios": [slug for slug, _ in e.scenarios]}
                            for e in self.anchors],
                "uncovered": [e.anchor for e in self.uncovered]}


def coverage(format_obj):
    """Every anchor of the format's current articles, with the scenarios that exercise it."""
    citing = {}
    for slug, title, trace, example in Scenario.objects.filter(
            format_slug=format_obj.slug).values_list("slug", "title", "trace", "example"):
        for anchor in dict.fromkeys([*trace, *([example] if example else [])]):
            citing.setdefault(anchor, []).append((slug, title))
    entries = []
    for article in Article.objects.filter(format=format_obj).exclude(
            current_revision=None).select_related("current_revision").order_by("order", "slug"):
        url = article.get_absolute_url()
        for anchor, label in article.current_revision.anchors.items():
            key = f"{format_obj.slug}/{article.slug}#{anchor}"
            entries.append(AnchorCoverage(key, article.slug, label or anchor, f"{url}#{anchor}",
                                          citing.get(key, [])))
    return Coverage(format_obj.slug, entries)
