"""The rulesets, by format slug: the core Duel and the formats built on it."""
from ..duel import Duel
from .deck_masters import DeckMastersDuel

RULESETS = {"core": Duel, "deck-masters": DeckMastersDuel}


def ruleset_for(format_slug):
    return RULESETS.get(format_slug)
