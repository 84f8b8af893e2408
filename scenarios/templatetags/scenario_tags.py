from django import template
from django.urls import NoReverseMatch, reverse

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


@register.inclusion_tag("scenarios/_board.html")
def show_board(state):
    """The table top after a step: Monster Zones with Terrains or lines, then the other zones."""
    from ..boards import board

    return {"sides": board(state)}
