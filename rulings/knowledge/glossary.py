"""What the glossary page lists: each term with the other names worth reading, and the terms a
filter keeps.

Aliases exist so prose can link a term however it is written ("Chain Links" links Chain Link);
a list of them on the glossary page need not repeat a name that is only another of the
term's names plus "s", "es" or "ies" ("Abilities" beside Ability). The filter is the page's
`?q=`: the page works without a script, and the script (glossary.js) filters as you type.
"""
from dataclasses import dataclass, field

MAX_FILTER = 100  # characters of a filter kept; a longer one is cut


def is_trivial_plural(word, other):
    """True when `word` is `other` plus "s" or "es", or `other` in "y" made "ies" (any case)."""
    word, other = word.casefold(), other.casefold()
    return word in {other + "s", other + "es"} or (
        other.endswith("y") and word == other[:-1] + "ies")


def shown_aliases(name, aliases):
    """`aliases` less those that add nothing to the term's name: an alias that is another name
    plus "s" ("Abilities" beside Ability), or that the name is plus "s" (Formation Point
    beside "Formation Points")."""
    shown = []
    for alias in aliases:
        others = [name, *(a for a in aliases if a is not alias)]
        if any(is_trivial_plural(alias, other) for other in others):
            continue
        if is_trivial_plural(name, alias):
            continue
        shown.append(alias)
    return shown


@dataclass
class Entry:
    term: object
    aliases: list = field(default_factory=list)
    text: str = ""  # every word the filter looks in, folded


def matches(entry, query):
    return all(word in entry.text for word in query.casefold().split())


def entries(terms, query=""):
    """Glossary entries (term, the aliases to show) kept by `query`, in the terms' order."""
    query = query[:MAX_FILTER]
    found = []
    for term in terms:
        aliases = shown_aliases(term.name, list(term.aliases or []))
        entry = Entry(term, aliases, " ".join(
            [term.name, *(term.aliases or []), term.definition]).casefold())
        if not query.strip() or matches(entry, query):
            found.append(entry)
    return found
