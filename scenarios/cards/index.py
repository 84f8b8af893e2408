"""The card index: every catalogued card with its slug, printed data, legality in each format
and how many stored scenarios of each format use it.

`card_index()` builds it from the catalog (scenarios/cards/entries.py), the formats' answers
(legality.py) and two queries (the rule parameters of every format, the stored card uses),
and keeps it in the cache under the site stamp: a new revision or verification run builds it
again, and every request in between reads it whole from the cache.
"""
from collections import Counter
from dataclasses import dataclass

from django.core.cache import cache

from rulings.knowledge.page_cache import PAGE_SECONDS, site_stamp

from scenarios.formats import all_formats
from scenarios.verification.article_parameters import parameters_by_format
from scenarios.verification.models import ScenarioCard
from .entries import KIND_WORDS, CardEntry, catalog_entries
from .legality import legality_table

# The longest search a card list or the API reads; the rest of a longer `q` is ignored.
MAX_QUERY = 100


@dataclass
class CardIndex:
    entries: tuple[CardEntry, ...]
    legality: dict  # slug -> [(format slug, Legality)]
    uses: dict  # slug -> Counter{format slug: scenarios}

    def __post_init__(self) -> None:
        self.by_slug = {entry.slug: entry for entry in self.entries}
        self.by_name = {entry.name: entry for entry in self.entries}
        self.by_folded = {entry.name.lower(): entry for entry in self.entries}

    def get(self, slug):
        return self.by_slug.get(slug)

    def named(self, name):
        """The entry of a card name (exact, else in any case), or None."""
        return self.by_name.get(name) or self.by_folded.get(str(name).lower())

    def formats_of(self, entry):
        """The formats a card belongs to: its catalog files' and those of its scenarios."""
        used = self.uses.get(entry.slug, {})
        return [fmt.slug for fmt in all_formats()
                if fmt.slug in entry.home_formats or used.get(fmt.slug)]

    def filtered(self, query="", format_slug="", kind="", card_type=""):
        """The entries a list asks for: name words (every word, in any case), a format, a
        kind and a type; names that start with the query first."""
        words = str(query or "")[:MAX_QUERY].lower().split()
        found = []
        for entry in self.entries:
            name = entry.name.lower()
            if words and not all(word in name for word in words):
                continue
            if format_slug and format_slug not in self.formats_of(entry):
                continue
            if kind and kind not in entry.kinds:
                continue
            if card_type and card_type.lower() not in (t.lower() for t in entry.types):
                continue
            found.append(entry)
        if words:
            joined = " ".join(words)
            found.sort(key=lambda e: (not e.name.lower().startswith(joined), e.name.lower()))
        return found

    def types(self):
        """Every type a filter can ask for, sorted."""
        return sorted({t for entry in self.entries for t in entry.types})

    @staticmethod
    def kinds():
        return list(KIND_WORDS.items())


def build_index():
    """The index computed now (two queries)."""
    entries = catalog_entries()
    by_name = {entry.name: entry.slug for entry in entries}
    uses: dict = {}
    for name, format_slug in ScenarioCard.objects.values_list("name", "scenario__format_slug"):
        slug = by_name.get(name)
        if slug:
            uses.setdefault(slug, Counter())[format_slug] += 1
    return CardIndex(entries, legality_table(
        entries, parameters_by_format([fmt.slug for fmt in all_formats()])), uses)


def card_index(stamp=None):
    """The index for the site's state `stamp` (read when not given), from the cache."""
    key = f"card-index:{stamp or site_stamp()}"
    index = cache.get(key)
    if index is None:
        index = build_index()
        cache.set(key, index, PAGE_SECONDS)
    return index
