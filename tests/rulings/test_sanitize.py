"""Editors' markdown may hold raw HTML; none of these payloads may survive into a page."""
import re
from html.parser import HTMLParser

import pytest

from rulings.knowledge.rendering import RenderContext, render

PAYLOADS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    "<body onload=alert(1)>",
    "<a href=\"javascript:alert(1)\">click</a>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "![x](javascript:alert(1))",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<svg><a xlink:href=\"javascript:alert(1)\"><text>x</text></a></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<iframe src=\"javascript:alert(1)\"></iframe>",
    "<object data=\"javascript:alert(1)\"></object>",
    "<embed src=\"javascript:alert(1)\">",
    "<div style=\"background:url(javascript:alert(1))\">x</div>",
    "<p onclick=\"alert(1)\">x</p>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<form action=\"javascript:alert(1)\"><button>x</button></form>",
    "<input onfocus=alert(1) autofocus>",
    "<details open ontoggle=alert(1)>",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    "<link rel=stylesheet href=\"javascript:alert(1)\">",
    "<style>@import 'javascript:alert(1)';</style>",
    "<base href=\"javascript:alert(1)//\">",
    "<a href=\"vbscript:msgbox(1)\">x</a>",
    "<!--><script>alert(1)</script>-->",
    "<aside class=\"example\" onmouseover=\"alert(1)\">x</aside>",
    "::: example {#example-x} <img src=x onerror=alert(1)>\ntext\n:::",
    "[[nightfall|<img src=x onerror=alert(1)>]]",
    "Text {#x\" onmouseover=\"alert(1)}",
]

DANGEROUS_TAGS = {"script", "iframe", "object", "embed", "svg", "math", "style", "form", "input",
                  "meta", "link", "base", "details", "img", "body"}
DANGEROUS_SCHEME = re.compile(r"^\s*(javascript|vbscript|data):", re.I)


class Elements(HTMLParser):
    """Every start tag with its attributes, as a browser would see them."""

    def __init__(self, html):
        super().__init__()
        self.found = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


def dangers(html):
    found = []
    for tag, attrs in Elements(html).found:
        if tag in DANGEROUS_TAGS:
            found.append(f"<{tag}>")
        for name, value in attrs.items():
            if name.startswith("on") or name == "style":
                found.append(f"{tag}[{name}]")
            if name in ("href", "src", "action", "data") and DANGEROUS_SCHEME.match(value or ""):
                found.append(f"{tag}[{name}={value}]")
    return found


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payload_is_neutralised(payload):
    html = render(f"Before.\n\n{payload}\n\nAfter.\n", RenderContext("testing", "page")).html
    assert dangers(html) == [], html
    assert "Before." in html


def test_the_checker_itself_spots_live_payloads():
    assert dangers('<img src=x onerror=alert(1)><a href="javascript:x">') == [
        "<img>", "img[onerror]", "a[href=javascript:x]"]


def test_harmless_markup_survives_sanitizing():
    html = render("**bold** and <em>em</em> and [a link](https://example.org/x)\n",
                  RenderContext("testing", "page")).html
    assert "<strong>bold</strong>" in html and "<em>em</em>" in html
    assert 'href="https://example.org/x"' in html


def test_ids_and_classes_in_editor_html_are_dropped_so_nothing_clobbers_a_global():
    from rulings.knowledge.rendering import RenderContext, render

    body = ('<p id="__x" class="site-header">Raw.</p>\n\n<div markdown="1" id="config">'
            '\n\nInside.\n\n</div>\n\nA rule of ours. {#our-rule}\n')
    html = render(body, RenderContext("trh", "nightfall")).html
    assert 'id="__x"' not in html and 'class="site-header"' not in html
    assert 'id="config"' not in html
    assert '<p id="our-rule">' in html and 'class="anchor-link"' in html
    assert "own" not in html.split("our-rule")[0][-40:]
