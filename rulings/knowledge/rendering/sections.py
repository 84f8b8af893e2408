"""Cutting rendered HTML into heading-bounded sections, as plain text.

Done on the final HTML (after raw HTML is restored and sanitized), so the text
is exactly what a reader sees: the table of contents and search use it.
"""
from html.parser import HTMLParser

SECTION_HEADINGS = {"h2", "h3", "h4"}
BLOCKS = {"p", "li", "div", "aside", "table", "tr", "td", "th", "ul", "ol", "blockquote", "pre",
          "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "br"}


class _SectionParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections = [self._new("", "", 1)]
        self.heading = None  # parts of the heading being read
        self.skip_depth = 0  # inside an anchor-link (¶) whose text is not content

    @staticmethod
    def _new(anchor, heading, level):
        return {"anchor": anchor, "heading": heading, "level": level, "parts": []}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.skip_depth or (tag == "a" and "anchor-link" in (attrs.get("class") or "")):
            self.skip_depth += 1
            return
        if tag in SECTION_HEADINGS:
            self.sections.append(self._new(attrs.get("id", ""), "", int(tag[1])))
            self.heading = []
        elif tag in BLOCKS:
            self._text(" ")

    def handle_endtag(self, tag):
        if self.skip_depth:
            self.skip_depth -= 1
            return
        if tag in SECTION_HEADINGS and self.heading is not None:
            self.sections[-1]["heading"] = " ".join("".join(self.heading).split())
            self.heading = None
        elif tag in BLOCKS:
            self._text(" ")

    def handle_data(self, data):
        if not self.skip_depth:
            self._text(data)

    def _text(self, data):
        if self.heading is not None:
            self.heading.append(data)
        else:
            self.sections[-1]["parts"].append(data)


def split_sections(html):
    """[{anchor, heading, level, text}] in order; text before the first heading has anchor ''."""
    parser = _SectionParser()
    parser.feed(html)
    parser.close()
    result = []
    for section in parser.sections:
        text = " ".join("".join(section["parts"]).split())
        if section["heading"] or text:
            result.append({"anchor": section["anchor"], "heading": section["heading"],
                           "level": section["level"], "text": text})
    return result
