"""The core game restricts no card: the core articles hold no deck-construction rules."""
from ..card_legality import LEGAL, Legality


def card_legality(card, rules):
    return Legality(LEGAL, "Legal: the core rules restrict no card.", None)
