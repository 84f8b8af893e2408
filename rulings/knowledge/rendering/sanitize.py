"""Sanitizing rendered markdown: editors' text never reaches a page unfiltered."""
import nh3

ALLOWED_TAGS = {
    "a", "abbr", "aside", "b", "blockquote", "br", "code", "dd", "del", "div", "dl", "dt", "em",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "li", "mark", "ol", "p", "pre", "s", "small",
    "span", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "ul",
}
ALLOWED_ATTRIBUTES = {
    "*": {"id", "class", "title"},
    "a": {"href"},
    "aside": {"data-example"},
    "div": {"data-parameter"},
    "ol": {"start"},
    "td": {"align"},
    "th": {"align"},
}
URL_SCHEMES = {"http", "https", "mailto"}


def sanitize(html, own_prefix=""):
    """Allowed tags and attributes only. An `id` or `class` is kept only when it carries
    `own_prefix`, the mark the renderer puts on the ones it set itself (the mark is removed);
    those an editor wrote in raw HTML are dropped, so no element can clobber a global name."""

    def own_only(tag, attribute, value):
        if attribute not in ("id", "class"):
            return value
        if own_prefix and value.startswith(own_prefix):
            return value[len(own_prefix):]
        return None

    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
        attribute_filter=own_only,
    )
