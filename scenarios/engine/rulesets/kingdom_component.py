"""What every part of the Kingdom Duels ruleset shares: its duel, given when it is made.

The Kingdom Duels ruleset is one duel class (`KingdomDuel`) holding its parts as attributes: the
Terrains, Field Power, the Tilemap, Rule Cards, the Setup Phase, teams, equips, Subduels... Each
part is a plain class with one job. It receives the duel it belongs to and the other parts it
needs in its constructor, and reads nothing it was not given: the duel's core (`Duel`) for the
state every format shares, its siblings for theirs.

The rule trace (which rules decided what, and the wrong readings a replay may apply) belongs to
the duel; the few calls to it that every part makes are named here once.
"""
from __future__ import annotations

import copy
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from ..state import CardInstance
    from .kingdom_duels import KingdomDuel


class Component:
    """One part of the Kingdom Duels ruleset."""

    def __init__(self, duel: KingdomDuel) -> None:
        # The duel holds its parts; a part refers back to it weakly, so that a duel is no cycle
        # of references and is freed as soon as its replay is, not at the next garbage
        # collection (replays make many duels: the cycles made the collector's work grow).
        self._duel: weakref.ReferenceType[KingdomDuel] = weakref.ref(duel)

    @property
    def duel(self) -> KingdomDuel:
        """The duel this part belongs to (it outlives none of its parts)."""
        return self._duel()  # type: ignore[return-value]

    def __deepcopy__(self, memo: dict[int, Any]) -> Component:
        """A copy for a copied duel (a trial of a step): its attributes copied with the duel's
        memo, so it points at the copied duel and parts."""
        copied = object.__new__(type(self))
        memo[id(self)] = copied
        state = dict(self.__dict__)
        duel = copy.deepcopy(state.pop("_duel")(), memo)
        copied.__dict__ = copy.deepcopy(state, memo)
        copied._duel = weakref.ref(duel)
        return copied

    @property
    def params(self) -> Any:
        """The duel's article parameters (read through the duel: a replay tracks the reads)."""
        return self._duel().params  # type: ignore[union-attr]

    @property
    def emit(self) -> Callable[..., None]:
        """The duel's `emit`: each part's call writes its event's kind as a literal, as every
        emitter does (tests/engine/test_event_payloads.py reads them)."""
        return self._duel().emit  # type: ignore[union-attr]

    # The duel's own methods every part calls (read often: each goes to the duel directly).

    def misreads(self, rule: str, name: str) -> bool:
        return self._duel().misreads(rule, name)  # type: ignore[union-attr]

    def note_rule(self, rule: str) -> None:
        self._duel().note_rule(rule)  # type: ignore[union-attr]

    def illegal(self, rule: str | None, reason: str, message: str) -> NoReturn:
        self.duel.illegal(rule, reason, message)

    def card(self, card_id: str | None) -> CardInstance:
        """The card with this id (a step's card may be missing: the duel says it is unknown)."""
        return self._duel().card(card_id)  # type: ignore[union-attr]

    def zone_of(self, player: str, zone: str) -> list[str]:
        return self._duel().zone_of(player, zone)  # type: ignore[union-attr]
