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
