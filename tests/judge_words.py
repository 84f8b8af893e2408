"""What a page must never say: the marks of generated text a judge would not write.

`problems(html)` reads a page as a person sees it (its text, and the hovers and labels of its
elements; not scripts, styles or code blocks, where an editor's file is shown as written) and
returns each phrase that gives it away, with a little of its context.
"""
import re
from html.parser import HTMLParser

CHECKS = [
    # "the The", "a The", "an the": an article before an article. A capital "A" alone is a
    # player ("activated by A"), so it never starts a match.
    ("a doubled article", re.compile(r"\b(?:[Tt]he|an?|An) (?:[Tt]he|an?|An)\b|"
                                     r"\b(?:its|their|his|her|your) The\b")),
    ("a count written with (s)", re.compile(r"\w\(s\)")),
    ("a snake_case identifier", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
    ("a Python repr", re.compile(r"\{'|\['")),
    ("a dotted key", re.compile(r"\b(?:lp|fp|zones|cards|counters|result|expect|setup|players|"
                                r"summons|terrains|team_lp|formation_points|steps)"
                                r"\.(?!(?:md|yaml|yml|json|html)\b)[A-Za-z0-9_]+")),
    ("stray punctuation", re.compile(r"\.;|;\.|,\.|(?<!\.)\.\.(?!\.)")),
    ("a note that the engine does not model something", re.compile(r"not model+ed", re.I)),
    ("an unfilled template marker",
     re.compile(r"\{\{|\}\}|\{%|%\}|\{[a-z_]+\}|%\([a-z_]+\)s")),
]
SKIPPED = {"script", "style", "pre", "code", "textarea"}
SPOKEN = ("title", "aria-label", "alt", "placeholder")


class PageText(HTMLParser):
    """A page's visible text, one piece per text node, and its spoken attributes."""

    def __init__(self):
        super().__init__()
        self.pieces, self.spoken, self.skipping = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping += 1
        self.spoken += [value for name, value in attrs if name in SPOKEN and value]

    def handle_endtag(self, tag):
        if tag in SKIPPED and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.pieces += [" ".join(line.split()) for line in data.splitlines() if line.strip()]


def problems(html):
    """[(what, context)] for every phrase of the page a judge would not write."""
    page = PageText()
    page.feed(html)
    found = []
    for piece in page.pieces + page.spoken:
        for what, pattern in CHECKS:
            for match in pattern.finditer(piece):
                found.append((what, piece[max(0, match.start() - 50):match.end() + 30]))
    return found
