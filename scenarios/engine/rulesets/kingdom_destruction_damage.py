"""Kingdom Duels Destruction Damage: a share of a destroyed monster's ATK, capped per turn.

The damage is `destruction_damage_fraction` of the monster's ATK (kd-destruction-amount), at most
`destruction_damage_cap_per_turn` a turn against one Life Point total: players who share one
share the cap (kd-destruction-damage). It is effect damage (`BoardRulings.lp_changes`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .kingdom_component import Component

if TYPE_CHECKING:
    from .kingdom_duels import KingdomDuel


class DestructionDamage(Component):
    """The Destruction Damage each Life Point total has taken this turn."""

    def __init__(self, duel: KingdomDuel) -> None:
        super().__init__(duel)
        # players sharing one Life Point total -> damage taken this turn
        self.taken: dict[tuple[str, ...], int] = {}

    def new_turn(self) -> None:
        self.taken = {}

    def deal(self, player: str, atk: int, cause: str) -> None:
        duel = self.duel
        fraction = 1 if self.misreads("kd-destruction-amount", "full-atk") else \
            self.params["destruction_damage_fraction"]
        value = int(atk * fraction)
        # The cap holds against a Life Point total: players who share one share the cap.
        players = duel.players
        pool = tuple(p for p in players if players[p].pool is players[player].pool)
        if len(pool) == 1 or self.misreads("kd-destruction-damage", "cap-per-player"):
            pool = (player,)
        if not self.misreads("kd-destruction-damage", "no-cap"):
            room = self.params["destruction_damage_cap_per_turn"] - self.taken.get(pool, 0)
            value = max(0, min(value, room))
        self.taken[pool] = self.taken.get(pool, 0) + value
        self.emit("damage", f"{player} takes {value} Destruction Damage",
                  ["kd-destruction-amount", "kd-destruction-damage"], player=player, amount=value)
        duel.change_lp({player: -value}, cause, kind="Destruction Damage")
