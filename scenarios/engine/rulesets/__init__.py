"""The rulesets, by format slug: the core Duel and the formats built on it."""
from ..duel import Duel

RULESETS = {"core": Duel}


def ruleset_for(format_slug):
    return RULESETS.get(format_slug)
