"""Deck Masters: the events a triggered Ability hears. A mixin composed into `DeckMastersDuel`
(deck_masters.py).

An Ability with `trigger:` waits for any trigger event a card's effect can wait for (less those
that never happen to a Deck Master: ability_entries.NOT_FOR_ABILITIES), read by the same code as
a card's trigger (`watching.trigger_wakes`), with its Deck Master as the watching card: a
destruction or a summon it watches (`watch:`, with `by:` / `how:`), an event of the Deck Master
itself (it inflicts battle damage), the End Phase of its player's turn. A Tribute Summon by its
player (`tribute_summon`) keeps its own path in deck_masters.py.

Only the Abilities that apply hear it: each player's current Deck Master's, while they are
active (`ability_holders`: a replaced Deck Master's Abilities no longer apply,
`new-abilities-replace-old`), wherever it is (its Position or the field), and never an event
that happened before its monster was the Deck Master (`trigger-before-deck-master`: the Tribute
Summon that made it one). What the Ability's type then does (on the Chain by itself, or waiting
for its player) is `ability_triggered`'s.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..watching import QUALIFIERS, as_list, trigger_wakes

if TYPE_CHECKING:
    from ..duel import Duel as DuelBase
    from ..state import CardInstance, PendingTrigger
    from ..yamltypes import YamlMapping
else:
    DuelBase = object


class AbilityTriggerRules(DuelBase):
    """Tells each applying Deck Master Ability the events its `trigger:` waits for."""

    if TYPE_CHECKING:  # what DeckMastersDuel provides
        deck_masters: dict[str, str]  # player -> the id of their Deck Master
        former_deck_masters: set[str]

        def abilities_of(self, card: CardInstance) -> tuple[YamlMapping, ...]: ...
        def ability_holders(self) -> list[tuple[str, CardInstance, bool]]: ...
        def ability_triggered(self, waiting: PendingTrigger) -> None: ...

    def queue_triggers(self, card: CardInstance, event: str, **data: object) -> None:
        super().queue_triggers(card, event, **data)
        if event not in QUALIFIERS:  # a watched event is heard once, by event_watched
            self.abilities_hear(event, data, card=card)

    def event_watched(self, event: str, data: YamlMapping) -> None:
        super().event_watched(event, data)
        self.abilities_hear(event, data)

    def end_phase(self) -> None:
        super().end_phase()
        self.abilities_hear("end_phase", {}, player=self.turn_player)

    def abilities_hear(self, event: str, data: YamlMapping, card: CardInstance | None = None,
                       player: str | None = None) -> None:
        """Trigger the applying Abilities that wait for this event (only those of `card`'s,
        for an event of that card; only `player`'s, for an event of their turn)."""
        ids = set(self.deck_masters.values()) | self.former_deck_masters
        if not any(a.get("trigger") == event for i in ids for a in self.abilities_of(self.card(i))):
            return  # nobody waits for it: the duel pays nothing for it
        for owner, holder, active in self.ability_holders():
            if not active or (card is not None and holder is not card) or \
                    (player is not None and owner != player):
                continue
            for ability in self.abilities_of(holder):
                if ability.get("trigger") == event and \
                        trigger_wakes(self, holder, ability, data) and \
                        not self.before_deck_master(holder, event, data):
                    self.ability_triggered(self.ability_waiting(holder, ability, event, data))

    def before_deck_master(self, holder: CardInstance, event: str, data: YamlMapping) -> bool:
        """Did this event happen before `holder` was the Deck Master? Its own Tribute Summon
        did: that summon made it the Deck Master (deck-masters/faq#raiza-ability-does-not-
        trigger), though it succeeds, and is heard, once it is one."""
        if event != "summoned" or data.get("how") != "tribute" or \
                holder.id not in as_list(data.get("summoned")):
            return False
        if self.misreads("trigger-before-deck-master", "sees-own-summon"):
            return False
        self.note_rule("trigger-before-deck-master")
        return True

    def ability_waiting(self, card: CardInstance, ability: YamlMapping, event: str,
                        data: YamlMapping) -> PendingTrigger:
        """A triggered Ability waiting on its own, the Ability riding along (as `ability`) for
        the step that uses or declines it, with its event's data (what `that_monster` names)."""
        return {"card": card.id, "effect": {"resolve": ability.get("resolve", []),
                                            "trigger": event, "ability": ability,
                                            "ability_type": ability["type"].lower()},
                "data": dict(data)}
