"""The rulesets, by format slug: the core Duel and the formats built on it."""
from ..duel import Duel
from .deck_masters import DeckMastersDuel
from .highlander import HighlanderDuel
from .kingdom_duels import KingdomDuel
from .phalanx import PhalanxDuel

RULESETS: dict[str, type[Duel]] = {
    "core": Duel, "deck-masters": DeckMastersDuel, "thought-ruler-highlander": HighlanderDuel,
    "tag-team-phalanx": PhalanxDuel, "kingdom-duels": KingdomDuel}


def ruleset_for(format_slug: str) -> type[Duel] | None:
    """The Duel class of a format, or None for a slug no ruleset has."""
    return RULESETS.get(format_slug)
