"""Tag Team Phalanx states no card list of its own: it plays Grand Format decks."""
from ..card_legality import open_legality

TTP = "tag-team-phalanx"


def card_legality(card, rules):
    return open_legality(f"{TTP}/overview#grand-format-decks",
                         "Legal: the format plays decks built under Grand Format.")
