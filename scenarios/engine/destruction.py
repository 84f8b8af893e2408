"""What destroyed a card, and the event a destruction is for the triggers that watch it.

Every destruction has a cause the rules care about: a battle, a card effect, or a game rule (a
Field Spell replaced by a new one is destroyed by a game mechanic, core/card-types
#field-spell-game-mechanic-destruction; so is a card whose duration or maintenance ends).

A card's trigger effect `trigger: destroyed` wakes when a card is destroyed:

- `watch:` which destroyed cards it watches: `self` (the default: "when this card is
  destroyed") or a filter with `side: own | opponent | any`, counted from the watching card's
  controller, over the destroyed card's controller at the moment it was destroyed, and any
  filter key of `Duel.matches` (`{kind: spell, subtype: field}`: "a Field Spell");
- `by:` what must have destroyed it: `battle`, `effect`, `rule`, or a list of them (left out:
  any of them).

How a trigger watches, and whether an event wakes it, is watching.py's, the one reading shared
with the other watched event (a summon) and with Deck Master Abilities. Pure Python.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .watching import announce as announce_event
from .yamltypes import YamlValue

if TYPE_CHECKING:
    from .duel import Duel
    from .state import CardInstance

EVENT = "destroyed"
# A cause that names neither a card nor a battle is a game rule's.
BATTLE = "battle"


def destruction_kind(duel: Duel, cause: str) -> str:
    """What destroyed a card, from the cause `Duel.destroy` was given: `battle`, `effect` (the
    cause is a card in the duel, whose effect it was) or `rule`."""
    if cause == BATTLE:
        return "battle"
    return "effect" if cause in duel.cards else "rule"


def announce(duel: Duel, card: CardInstance, controller: str, how: str) -> None:
    """`card`, controlled by `controller`, has just been destroyed by `how`: its own
    "when destroyed" effects and the cards watching wake."""
    data: dict[str, YamlValue] = {"destroyed": card.id, "by": how, "controller": controller}
    announce_event(duel, EVENT, [card], data)
