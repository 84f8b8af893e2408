"""What every part of the Kingdom Duels ruleset shares: its duel, given when it is made.

The Kingdom Duels ruleset is one duel class (`KingdomDuel`) holding its parts as attributes: the
Terrains, Field Power, the Tilemap, Rule Cards, the Setup Phase, teams, equips, Subduels... Each
part is a plain class with one job. It receives the duel it belongs to and the other parts it
needs in its constructor, and reads nothing it was not given: the duel's core (`Duel`) for the
state every format shares, its siblings for theirs.

The rule trace (which rules decided what, and the wrong readings a replay may apply) belongs to
the duel; the few calls to it that every part makes are named here once, and `self.emit` is the
duel's `emit`.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from ..state import CardInstance
    from .kingdom_duels import KingdomDuel


class Component:
    """One part of the Kingdom Duels ruleset."""

    def __init__(self, duel: KingdomDuel) -> None:
        self.duel = duel
        # The duel's own emit, bound: each part's call writes its event's kind as a literal, as
        # every emitter does (tests/engine/test_event_payloads.py reads them), with no emit of
        # a kind passed along in between.
        self.emit = duel.emit

    def __deepcopy__(self, memo: dict[int, Any]) -> Component:
        """A copy for a copied duel (a trial of a step): its attributes copied with the duel's
        memo, so it points at the copied duel and parts."""
        copied = object.__new__(type(self))
        memo[id(self)] = copied
        copied.__dict__ = copy.deepcopy(self.__dict__, memo)
        return copied

    @property
    def params(self) -> Any:
        """The duel's article parameters (read through the duel: a replay tracks the reads)."""
        return self.duel.params

    def misreads(self, rule: str, name: str) -> bool:
        return self.duel.misreads(rule, name)

    def note_rule(self, rule: str) -> None:
        self.duel.note_rule(rule)

    def illegal(self, rule: str | None, reason: str, message: str) -> NoReturn:
        self.duel.illegal(rule, reason, message)

    def card(self, card_id: str | None) -> CardInstance:
        """The card with this id (a step's card may be missing: the duel says it is unknown)."""
        return self.duel.card(card_id)

    def zone_of(self, player: str, zone: str) -> list[str]:
        return self.duel.zone_of(player, zone)
