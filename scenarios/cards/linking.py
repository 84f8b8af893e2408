"""Card names as links to their card pages, with the card's text on hover (`title`).

The lower layers ask for this through rulings.knowledge.registries (`link_card_names`,
`card_url`), which CardsConfig.ready fills: articles, replay sentences, the board's card text
and quiz explanations after an answer. Only catalogued cards link (Terrain names are everyday
words, so they do not); a name given in `unlinked` (a scenario's own cards) is matched as a
whole and left as it is, so "Sangan Deluxe", a scenario's card, never links "Sangan".
"""
import re
from functools import lru_cache

from django.urls import reverse
from django.utils.html import escape

from .entries import catalog_entries

# Inside these elements nothing is linked: a link in a link, code, headings, form controls.
SKIPPED = ("a", "code", "pre", "script", "style", "textarea", "button", "select", "option",
           "title", "svg", "h1", "h2", "h3", "h4", "h5", "h6", "label", "summary")
TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
TAG_NAME = re.compile(r"<\s*(/)?\s*([a-zA-Z0-9]+)")
VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "col", "area", "source"}
APOSTROPHE = "(?:'|&#x27;|&#39;|&rsquo;|\u2019)"


def name_pattern(name):
    """A name as it may be written in escaped HTML text."""
    parts = [APOSTROPHE if ch in "'\u2019" else re.escape(escape(ch)) for ch in name]
    return "".join(parts)


@lru_cache(maxsize=1)
def linked_entries():
    """{name: entry} of the cards whose names link."""
    return {entry.name: entry for entry in catalog_entries() if entry.kind != "terrain"}


@lru_cache(maxsize=64)
def names_regex(unlinked=()):
    """One pattern of every linked name (and the `unlinked` ones), longest first, each a whole
    phrase (not part of a longer word)."""
    names = sorted(set(linked_entries()) | set(unlinked), key=len, reverse=True)
    alternatives = "|".join(name_pattern(name) for name in names)
    return re.compile(r"(?<![\w-])(" + alternatives + r")(?![\w-])")


def canonical(written):
    """The catalogued name a matched piece of HTML text stands for, or None."""
    text = re.sub(APOSTROPHE, "'", written)
    text = text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return text


def card_url(name):
    """The card page of a catalogued card name, or None."""
    entry = linked_entries().get(name)
    return reverse("card", args=[entry.slug]) if entry else None


def anchor_for(entry, written):
    return (f'<a class="card-link" href="{reverse("card", args=[entry.slug])}" '
            f'title="{escape(entry.hover_text)}">{written}</a>')


def link_text(html_text, unlinked=()):
    """Card names in one piece of escaped HTML text (no tags) as links."""
    entries = linked_entries()
    unlinked = tuple(sorted(set(unlinked)))

    def replace(match):
        written = match.group(1)
        name = canonical(written)
        if name in unlinked or name not in entries:
            return written
        return anchor_for(entries[name], written)

    return names_regex(unlinked).sub(replace, html_text)


def link_card_names(html, unlinked=()):
    """The HTML with every catalogued card name in its text linked, outside the SKIPPED
    elements and outside tags."""
    if not html:
        return html
    pieces = TAG.split(str(html))
    depth = 0
    out = []
    for piece in pieces:
        if piece.startswith("<"):
            found = TAG_NAME.match(piece)
            if found and found.group(2).lower() in SKIPPED and not piece.endswith("/>"):
                depth += -1 if found.group(1) else 1
                depth = max(depth, 0)
            out.append(piece)
        elif depth == 0 and piece:
            out.append(link_text(piece, unlinked))
        else:
            out.append(piece)
    return "".join(out)
