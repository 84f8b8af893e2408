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
