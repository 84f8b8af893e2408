import re

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe

from rulings.knowledge.page_cache import text_digest
from rulings.knowledge.registries import link_card_names

register = template.Library()


@register.filter
def rule_url(anchor):
    """`core/chains#resolving-backwards` -> the address of that rule on the site."""
    format_slug, _, rest = str(anchor).partition("/")
    article, _, fragment = rest.partition("#")
    try:
        return reverse("article", args=[format_slug, article]) + (f"#{fragment}" if fragment else "")
    except NoReverseMatch:
        return ""


@register.simple_tag
def article_body(article, revision):
    """The article's rendered HTML with each example block's verdict badge."""
    from ..badges import with_example_badges

    return mark_safe(link_card_names(with_example_badges(article, revision)))


@register.filter
def card_links(text, unlinked=()):
    """Plain text, escaped, with the names of catalogued cards linked to their card pages
    (their text on hover); names in `unlinked` (a scenario's own cards) stay plain. Never
    for a quiz question before it is answered: a card page could give the answer away."""
    return mark_safe(link_card_names(escape(str(text)), tuple(unlinked or ())))


@register.filter
def inline_code(text):
    """Words written between backticks (`select: {tribute: <id>}`) shown as code; the rest
    escaped as text."""
    return mark_safe(re.sub(r"`([^`]+)`", r"<code>\1</code>", escape(str(text))))


@register.filter
def digest(text):
    """A short digest of a text, for cache keys that must change when the text does."""
    return text_digest(text)


@register.simple_tag
def article_scenarios(article):
    """The scenarios illustrating the article's rules, each with its verdict as it holds now."""
    from scenarios.verification.fingerprints import StaleCheck

    return StaleCheck().mark(article.scenarios.only(
        "slug", "title", "status", "rule", "example", "article_id", "source", "fingerprint",
        "params_read", "format_slug"))


@register.simple_tag
def matching_scenarios(query, format_slug=None, limit=10):
    """Scenarios whose title or story holds every word of a search, for the search page."""
    from scenarios.verification.scenario_search import matching_scenarios as matching

    return matching(query, format_slug, limit)


@register.inclusion_tag("scenarios/_board.html")
def show_board(state):
    """The table top after a step: Monster Zones with Terrains or lines, then the other zones."""
    from ..table_top import board

    return {"sides": board(state)}


@register.filter
def as_step(action):
    """A step as the scenario file writes it: `{player: A, attack: wolf, target: soldier}`."""
    def written(value):
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list):
            return "[" + ", ".join(written(v) for v in value) + "]"
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {written(v)}" for k, v in value.items()) + "}"
        return str(value)

    return written(action) if isinstance(action, dict) else str(action)
