"""Declining an optional effect: the `decline` step, in every format.

A trigger effect that its player may activate (one without `mandatory`) waits for them after
its event. A `decline` step says, in so many words, that they do not activate it: it stops
waiting, so a later `activate` of it is refused, and nothing else changes (no priority passes).
A mandatory effect cannot be declined: a `decline` naming one, whether it still waits for its
targets or has already gone on the Chain by itself, is refused with `mandatory_effect`. Naming
a card with nothing waiting is refused with `nothing_to_decline`.

Formats add what else can be declined by overriding `do_decline` (a Deck Master's triggered
Ability; a Kingdom Duels Trap whose Trigger is met) and hand the rest to this one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .duelpart import DuelPart

if TYPE_CHECKING:
    from .scenario import Action
    from .state import CardInstance


class DecliningRules(DuelPart):
    """The core `decline` step."""

    def do_decline(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card_id)
        if self.mandatory_effect_started(card):
            self.illegal(None, "mandatory_effect", f"the effect of {card.id} ({card.name}) is "
                         "mandatory: it is activated, and cannot be declined")
        waiting = next((t for t in self.optional_triggers
                        if t["card"] == card.id and card.controller == player), None)
        if waiting is None:
            self.illegal(None, "nothing_to_decline", f"{player} has no optional effect of "
                         f"{card.id} waiting to be activated")
        self.optional_triggers.remove(waiting)
        self.emit("trigger", f"{player} declines the optional effect of {card.id} ({card.name}): "
                  "it is not activated", card=card.id, player=player, what="effect_declined")

    def mandatory_effect_started(self, card: CardInstance) -> bool:
        """Has a mandatory trigger effect of this card started: waiting for its targets, about
        to start a Chain, or on the Chain unresolved?"""
        waiting = self.optional_triggers + self.pending_triggers
        return any(t["card"] == card.id and t["effect"].get("mandatory") for t in waiting) or \
            any(link.card_id == card.id and not link.is_card_activation and not link.resolved
                and link.program.get("mandatory") for link in self.chain)
