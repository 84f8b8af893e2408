"""Card pages in search: a query that is a card's name, or close to one ("solemn warn",
"sangn"), lists that card's page before the article sections (registered as a search leader
in rulings.knowledge.registries)."""
import difflib
import re

from django.urls import reverse
from django.utils.html import escape

from .entries import catalog_entries

WORD = re.compile(r"[\w'-]+", re.UNICODE)
# How close a whole query must be to a name, or a query word to a name word, to count.
NAME_CLOSENESS = 0.8
WORD_CLOSENESS = 0.8
MIN_FUZZY_WORD = 4
MAX_CARD_HITS = 5
SNIPPET_CHARS = 200


def words(text):
    return [w.lower() for w in WORD.findall(str(text or ""))]


def word_matches(query_word, name_word):
    """A query word stands for a name word: a beginning of it ("warn", "solem"), or a
    near spelling of it ("sangn")."""
    if name_word.startswith(query_word):
        return True
    return len(query_word) >= MIN_FUZZY_WORD and difflib.SequenceMatcher(
        None, query_word, name_word).ratio() >= WORD_CLOSENESS


def closeness(query, name):
    """How well a query names a card, 0 when it does not: 3 for the name itself, 2 for every
    query word standing for a word of the name (covering at least half of it), 1 for a near
    spelling of the whole name; the share of the name covered breaks ties."""
    asked, named = words(query), words(name)
    if not asked or not named:
        return 0.0
    if asked == named:
        return 3.0
    used = set()
    for word in asked:
        match = next((i for i, w in enumerate(named) if i not in used and word_matches(word, w)),
                     None)
        if match is None:
            break
        used.add(match)
    else:
        covered = len(used) / len(named)
        if covered >= 0.5:
            return 2.0 + covered / 2
    ratio = difflib.SequenceMatcher(None, " ".join(asked), " ".join(named)).ratio()
    return 1.0 + ratio / 2 if ratio >= NAME_CLOSENESS else 0.0


def card_hits(query, format_slug=None, limit=MAX_CARD_HITS):
    """Search hits for the cards the query names, best first (`format_slug` keeps the cards
    of that format's catalog)."""
    scored = []
    for entry in catalog_entries():
        if format_slug and format_slug not in entry.home_formats:
            continue
        score = closeness(query, entry.name)
        if score:
            scored.append((-score, entry.name.lower(), entry))
    scored.sort(key=lambda item: item[:2])
    return [{"kind": "card", "format": (entry.home_formats or ("",))[0], "slug": entry.slug,
             "title": entry.name, "anchor": "", "heading": entry.type_line,
             "snippet": escape(entry.text[:SNIPPET_CHARS]),
             "url": reverse("card", args=[entry.slug])}
            for _, _, entry in scored[:min(limit, MAX_CARD_HITS)]]
