"""The python-markdown extension that turns an article body into HTML.

It adds, on top of plain markdown: example blocks, rule anchors with copyable
links, parameter values, cross-links, and glossary terms linked on first use
in each section.
"""
import html
import re
import xml.etree.ElementTree as etree

from markdown import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from scenarios.engine.rules import share_words

from . import anchors as anchor_syntax
from .parameter_words import parameter_label
from .params import BLOCK_REFERENCE_RE, UnknownParameter, format_value, humanize_key, lookup

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
SECTION_HEADINGS = {"h2", "h3", "h4"}
ANCHORABLE = HEADINGS | {"p", "li", "dt", "dd", "td", "th"}
NO_TERM_LINKS = HEADINGS | {"a", "code", "pre", "span"}


class ExampleBlocks(Preprocessor):
    """`::: example {#id} Title` ... `:::` becomes an <aside> whose body is markdown."""

    def __init__(self, md, own=""):
        super().__init__(md)
        self.own = own  # the render's mark on ids and classes it sets (see OwnAttributes)

    def run(self, lines):
        out = []
        for line in lines:
            opening = anchor_syntax.EXAMPLE_OPEN_RE.match(line)
            if opening and opening.group(1):
                anchor = html.escape(opening.group(1), quote=True)
                title = html.escape(opening.group(2) or "")
                out += [
                    "",
                    f'<aside class="{self.own}example" id="{self.own}{anchor}" '
                    f'data-example="{anchor}" markdown="1">',
                    f'<p class="{self.own}example-title"><span class="{self.own}example-label">'
                    f'Example</span> {title}</p>',
                    "",
                ]
            elif anchor_syntax.EXAMPLE_CLOSE_RE.match(line):
                out += ["", "</aside>", ""]
            else:
                out.append(line)
        return out


class ParameterBlocks(Preprocessor):
    """A line holding only `{{ name }}` of a list becomes a bullet list or a table."""

    def __init__(self, md, parameters, own=""):
        super().__init__(md)
        self.parameters = parameters
        self.own = own

    def run(self, lines):
        out = []
        for line in lines:
            match = BLOCK_REFERENCE_RE.match(line)
            value = self._list_value(match.group(1)) if match else None
            if value is None:
                out.append(line)
                continue
            name = html.escape(match.group(1), quote=True)
            out += ["", f'<div class="{self.own}param-block" data-parameter="{name}" '
                        'markdown="1">', ""]
            out += _table(value) if all(isinstance(v, dict) for v in value) else _bullets(value)
            out += ["", "</div>", ""]
        return out

    def _list_value(self, path):
        try:
            value = lookup(self.parameters, path)
        except UnknownParameter:
            return None
        return value if isinstance(value, list) and value else None


LIST_ITEM_RE = re.compile(r"^( *)([-*+]|\d+\.)( +)\S")
INTERRUPTING_ITEM_RE = re.compile(r"^ {0,3}(?:[-*+]|1\.) +\S")
PLAIN_TEXT_RE = re.compile(r"^ {0,3}[^\s#|<>`~:]")
TAB = 4


class ListLayout(Preprocessor):
    """Lays lists out the way python-markdown needs them, so they render as written.

    Authors write lists as most markdown does: a list straight after a paragraph,
    and sub-items indented under their parent's text (two or three spaces). Python-
    markdown wants a blank line before a list and four spaces per nesting level;
    without them the items are swallowed into the text above, raw `- ` and `{#anchor}`
    included. This re-indents list items and their continuation lines to four
    spaces per level, and opens a new block before a list that interrupts a
    paragraph (a bullet, or an ordered list starting at 1) and after a line that
    ends a rule with `{#anchor}` in a plain paragraph, matching how
    `anchors.scan` splits the source.
    """

    def run(self, lines):
        out, levels, block, in_fence = [], [], None, False
        indented_block = False  # the current block opened with a list item's later paragraph
        # levels: one (source indent, content column, output indent) per open list item
        for line in lines:
            stripped = line.strip()
            if anchor_syntax.FENCE_RE.match(stripped):
                in_fence = not in_fence
            if in_fence or anchor_syntax.FENCE_RE.match(stripped):
                out.append(line)
                continue
            if not stripped:
                out.append(line)
                block = None if block != "list" else "list-gap"
                indented_block = False
                continue
            item = LIST_ITEM_RE.match(line)
            indent = len(line) - len(line.lstrip(" "))
            if block == "list-gap" and not item and indent == 0:
                levels, block = [], None
            if item and (block in (None, "list", "list-gap") or INTERRUPTING_ITEM_RE.match(line)):
                if block in ("paragraph", "anchored") or indented_block:
                    out.append("")
                    indented_block = False
                out.append(self._item(line, item, indent, levels))
                block = "list"
                continue
            if block in ("list", "list-gap") and levels:
                indented_block = indented_block or block == "list-gap"
                out.append(self._continuation(line, indent, levels))
                block = "list"
                continue
            if block == "anchored":
                out.append("")
                block = None
            if block is None:
                levels = []
                block = "paragraph" if PLAIN_TEXT_RE.match(line) else "other"
            out.append(line)
            if block == "paragraph" and anchor_syntax.TRAILING_ANCHOR_RE.search(line):
                block = "anchored"
        return out

    @staticmethod
    def _item(line, item, indent, levels):
        while levels and indent < levels[-1][0]:
            levels.pop()
        if levels and indent >= min(levels[-1][1], levels[-1][0] + 2):
            out_indent = levels[-1][2] + TAB
        elif levels:
            out_indent = levels.pop()[2]
        else:
            out_indent = 0
        content = indent + len(item.group(2)) + len(item.group(3))
        levels.append((indent, content, out_indent))
        return " " * out_indent + line[indent:]

    @staticmethod
    def _continuation(line, indent, levels):
        owner = next((level for level in reversed(levels) if indent >= level[1]), None)
        if owner is None:
            return line  # a lazy continuation line: python-markdown keeps it in the item
        return " " * (owner[2] + TAB + indent - owner[1]) + line[indent:]


MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")


def _cell(value):
    """A value as markdown that renders it as written: HTML and markdown characters escaped,
    since a parameter value is data, never markup."""
    return MARKDOWN_SPECIALS.sub(r"\\\1", html.escape(format_value(value), quote=False))


def _bullets(values):
    return [f"- {_cell(v)}" for v in values]


def _table(rows):
    keys = list(dict.fromkeys(k for row in rows for k in row))
    lines = ["| " + " | ".join(humanize_key(k) for k in keys) + " |",
             "|" + "---|" * len(keys)]
    for row in rows:
        lines.append("| " + " | ".join(_cell(row.get(k, "")) for k in keys) + " |")
    return lines


class ParameterPattern(InlineProcessor):
    """`{{ name }}` shows the parameter's value, marked as coming from the rules' data."""

    def __init__(self, pattern, md, parameters):
        super().__init__(pattern, md)
        self.parameters = parameters

    def handleMatch(self, m, data):
        path = m.group(1)
        el = etree.Element("span")
        try:
            # Atomic: the value is data, shown as written, never parsed as markup.
            value = lookup(self.parameters, path)
            shown = share_words(value) if m.group(3) else None  # "half of", not "0.5 of"
            el.text = AtomicString(shown or format_value(value))
            el.set("class", "param")
            el.set("title", f"{parameter_label(path)}: {el.text}")
            if m.group(2):  # "{{ uses }} time(s)": the word follows the number, 1 time or 2 times
                el.tail = " " + m.group(2) + ("" if value == 1 else "s")
            elif m.group(3):
                el.tail = m.group(3)
        except UnknownParameter:
            el.text = m.group(0)
            el.set("class", "param-missing")
            el.set("title", f"No rule parameter is named {parameter_label(path)}")
        return el, m.start(0), m.end(0)


# A determiner just before a link: a title "The Deck Master Position" then drops its "The",
# so the sentence reads "in a Deck Master Position", never "in a The Deck Master Position".
DETERMINER_BEFORE_RE = re.compile(
    r"\b(?:a|an|the|its|their|his|her|your|my|our|this|that|each|every|any|no)\s+$", re.I)


def without_doubled_article(title, before):
    if title.startswith("The ") and DETERMINER_BEFORE_RE.search(before):
        return title[4:]
    return title


class CrossLinkPattern(InlineProcessor):
    def __init__(self, pattern, md, resolver):
        super().__init__(pattern, md)
        self.resolver = resolver

    def handleMatch(self, m, data):
        link = self.resolver.resolve(m.group(1), m.group(2))
        if link.broken:
            el = etree.Element("span")
            el.set("class", "broken-link")
            el.set("title", f"Broken link: {link.problem}")
        else:
            el = etree.Element("a")
            el.set("class", "xref")
            el.set("href", link.href)
        el.text = without_doubled_article(link.text, data[:m.start(0)]) \
            if not m.group(2) else link.text
        return el, m.start(0), m.end(0)


def _last_text_holder(el):
    """The element and attribute ('text' or 'tail') holding an element's own final text.

    Text inside nested blocks (a sub-list) belongs to them, so the last non-blank
    piece among the element's text and its children's tails is the one.
    """
    holders = [(el, "text")] + [(child, "tail") for child in el]
    for holder, attr in reversed(holders):
        if (getattr(holder, attr) or "").strip():
            return holder, attr
    return el, "text"


class RuleAnchors(Treeprocessor):
    """Moves a trailing `{#anchor}` into the element's id; headings get a slug id if none.

    In a loose list the text sits in a <p> inside the <li>; the id goes on the <li>,
    so a bullet is cited the same way whether its list is tight or loose.
    """

    def run(self, root):
        parents = {child: parent for parent in root.iter() for child in parent}
        seen = set()
        for el in list(root.iter()):
            if el.tag not in ANCHORABLE:
                continue
            holder, attr = _last_text_holder(el)
            text = getattr(holder, attr) or ""
            match = anchor_syntax.TRAILING_ANCHOR_RE.search(text)
            if match:
                setattr(holder, attr, text[: match.start()])
                parent = parents.get(el)
                if el.tag == "p" and parent is not None and parent.tag == "li" and len(parent) == 1:
                    el = parent
                el.set("id", match.group(1))
                seen.add(match.group(1))
            elif el.tag in HEADINGS and not el.get("id"):
                anchor = anchor_syntax.heading_slug("".join(el.itertext()))
                anchor = anchor if anchor not in seen else anchor_syntax.unique(anchor, seen)
                el.set("id", anchor)
                seen.add(anchor)


class GlossaryTerms(Treeprocessor):
    """Links the first use of each glossary term in each section to its definition."""

    def __init__(self, md, terms, article_key):
        super().__init__(md)
        self.terms = terms
        self.article_key = article_key
        names = sorted({n for t in terms for n in t.names}, key=len, reverse=True)
        self.by_name = {n.lower(): t for t in terms for n in t.names}
        self.pattern = (
            re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in names) + r")(?![\w-])",
                       re.IGNORECASE)
            if names else None
        )

    def run(self, root):
        if self.pattern is None:
            return
        linked, section_ids = set(), self._ids_until_next_heading(root, 0)
        for index, child in enumerate(list(root)):
            if child.tag in SECTION_HEADINGS:
                linked = set()
                section_ids = self._ids_until_next_heading(root, index)
                continue
            self._link_inside(child, linked, section_ids)

    def _ids_until_next_heading(self, root, start):
        ids = set()
        for index, child in enumerate(list(root)[start:]):
            if index and child.tag in SECTION_HEADINGS:
                break
            ids |= {el.get("id") for el in child.iter() if el.get("id")}
        return ids

    def _defined_here(self, term, section_ids):
        return term.article_key == self.article_key and term.anchor in section_ids

    def _first_match(self, text, linked, section_ids):
        for match in self.pattern.finditer(text):
            term = self.by_name[match.group(1).lower()]
            if term.key not in linked and not self._defined_here(term, section_ids):
                return match, term
        return None, None

    def _link_inside(self, el, linked, section_ids):
        if el.tag in NO_TERM_LINKS or "example-title" in (el.get("class") or ""):
            return
        self._link_text(el, "text", el, 0, linked, section_ids)
        for child in list(el):
            self._link_inside(child, linked, section_ids)
            self._link_text(child, "tail", el, list(el).index(child) + 1, linked, section_ids)

    def _link_text(self, holder, attr, parent, position, linked, section_ids):
        text = getattr(holder, attr)
        while text:
            match, term = self._first_match(text, linked, section_ids)
            if match is None:
                return
            linked.add(term.key)
            link = etree.Element("a", {"class": "term", "href": term.url,
                                       "title": f"{term.name}: {term.definition}"})
            link.text = match.group(1)
            link.tail = text[match.end():]
            setattr(holder, attr, text[: match.start()])
            parent.insert(position, link)
            holder, attr, position, text = link, "tail", position + 1, link.tail


class AnchorLinks(Treeprocessor):
    """Adds a copyable ¶ link to every element that carries an anchor."""

    def run(self, root):
        for el in list(root.iter()):
            if el.tag in ANCHORABLE and el.get("id"):
                link = etree.SubElement(el, "a", {"class": "anchor-link", "href": f"#{el.get('id')}",
                                                  "title": "Link to this rule"})
                link.text = "¶"
                link.tail = None
                self._move_to_end_text(el, link)

    @staticmethod
    def _move_to_end_text(el, link):
        # An item with a sub-list: its ¶ follows its own text, before the sub-list.
        sub = next((i for i, child in enumerate(el) if child.tag in ("ul", "ol")), None)
        if el.tag == "li" and sub is not None:
            el.remove(link)
            if sub and el[sub - 1].tag == "p":
                el[sub - 1].append(link)
            else:
                el.insert(sub, link)
        # A loose list item holds paragraphs; keep its ¶ after the last one's text.
        elif el.tag == "li" and len(el) > 1 and el[-2].tag == "p":
            el.remove(link)
            el[-1].append(link)


MARKDOWN_IN_HTML_RE = re.compile(r"""\s+markdown\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)""", re.I)


class NoMarkdownInEditorHtml(Preprocessor):
    """Raw HTML an editor writes stays raw HTML: it may not ask to be parsed as markdown, so it
    never joins the tree where the renderer's own ids and classes are marked."""

    def run(self, lines):
        return [MARKDOWN_IN_HTML_RE.sub("", line) if "<" in line else line for line in lines]


class OwnAttributes(Treeprocessor):
    """Mark the ids and classes the renderer set itself (everything in the tree) with the
    render's secret prefix; the sanitizer keeps only marked ones and drops the mark, so ids
    and classes in an editor's raw HTML never reach a page (no DOM clobbering)."""

    def __init__(self, md, prefix):
        super().__init__(md)
        self.prefix = prefix

    def run(self, root):
        for element in root.iter():
            for name in ("id", "class"):
                value = element.get(name)
                if value is not None and not value.startswith(self.prefix):
                    element.set(name, self.prefix + value)


class ArticleMarkup(Extension):
    def __init__(self, parameters, resolver, terms, article_key, own_prefix=""):
        super().__init__()
        self.parameters = parameters
        self.resolver = resolver
        self.terms = terms
        self.article_key = article_key
        self.own_prefix = own_prefix

    def extendMarkdown(self, md):
        md.preprocessors.register(NoMarkdownInEditorHtml(md), "no_markdown_in_editor_html", 45)
        md.preprocessors.register(ExampleBlocks(md, self.own_prefix), "example_blocks", 40)
        md.preprocessors.register(ParameterBlocks(md, self.parameters, self.own_prefix),
                                  "parameter_blocks", 35)
        md.preprocessors.register(ListLayout(md), "list_layout", 33)
        md.inlinePatterns.register(
            ParameterPattern(r"\{\{\s*([A-Za-z_]\w*(?:\.\w+)*)\s*\}\}(?: (\w+)\(s\)|( of\b))?", md,
                             self.parameters),
            "parameters", 185)
        md.inlinePatterns.register(
            CrossLinkPattern(r"\[\[([^\[\]|]+?)(?:\|([^\[\]]+?))?\]\]", md, self.resolver),
            "cross_links", 186)
        md.treeprocessors.register(RuleAnchors(md), "rule_anchors", 15)
        md.treeprocessors.register(GlossaryTerms(md, self.terms, self.article_key), "terms", 12)
        md.treeprocessors.register(AnchorLinks(md), "anchor_links", 9)
        if self.own_prefix:
            md.treeprocessors.register(OwnAttributes(md, self.own_prefix), "own_attributes", 1)
