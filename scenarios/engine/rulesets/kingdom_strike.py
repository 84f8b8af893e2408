"""Kingdom Duels STRIKE: an ATK Position monster's effect aimed at an opponent's Terrain.

STRIKE is used `strike_per_turn` times a turn, in Main Phase 1 only (kd-strike-timing); its
player skips that turn's Battle Phase (kd-strike-skips). It hits a Terrain Marker, not a monster
or Life Points (kd-strike-terrain, kd-strike-no-battle), and counts as an attack, so the
opponent's Traps waiting for an attack spring (kd-strike-attack). A card may restrict the
Terrains its STRIKE hits with `strike_on:<Terrain>` flags (kd-strike-terrain-kind).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .kingdom_component import Component

if TYPE_CHECKING:
    from ..state import CardInstance
    from .kingdom_duels import KingdomDuel
    from .kingdom_teams import Teams
    from .kingdom_terrain import Terrains
    from .kingdom_traps import SpellsAndTraps

STRIKE_ON = "strike_on:"


class Strike(Component):
    """STRIKE, and how many were used this turn."""

    def __init__(self, duel: KingdomDuel, terrain: Terrains, teams: Teams,
                 traps: SpellsAndTraps) -> None:
        super().__init__(duel)
        self.terrain = terrain
        self.teams = teams
        self.traps = traps
        self.strikes_this_turn = 0
        self.struck_this_turn: set[str] = set()  # the monsters that used it (a wrong reading counts them)

    def new_turn(self) -> None:
        self.strikes_this_turn = 0
        self.struck_this_turn = set()

    def use(self, player: str, card: CardInstance, to: str | None,
            chosen_player: str | None) -> None:
        """`player` uses the STRIKE of `card` on the Terrain in column `to` of an opponent."""
        from ..primitives import EffectContext, run

        duel = self.duel
        allowed = ("main1", "main2") if self.misreads("kd-strike-timing", "any-main-phase") \
            else ("main1",)
        if player != duel.turn_player or duel.phase not in allowed or duel.chain:
            self.illegal("kd-strike-timing", "wrong_phase", "STRIKE is used in your Main Phase 1")
        strikes = [e["strike"] for e in card.card.effects if "strike" in e]
        if card.zone != "monsters" or card.controller != player or not card.face_up or \
                card.position != "attack" or not strikes:
            self.illegal(None, "cannot_strike", f"{card.id} is not an ATK Position monster with STRIKE")
        if self.misreads("kd-strike-timing", "per-monster"):
            spent = card.id in self.struck_this_turn
        else:
            spent = self.strikes_this_turn >= self.params["strike_per_turn"]
        if spent:
            self.illegal("kd-strike-timing", "once_per_turn",
                         f"STRIKE was already used {self.strikes_this_turn} "
                         f"time{'s' if self.strikes_this_turn != 1 else ''} this turn")
        rival = self.teams.chosen_rival(player, chosen_player)  # whose Terrain
        markers = self.terrain.markers
        column = int(str(to)) if str(to).isdigit() else None
        if column is None or not 0 <= column < len(markers[rival]):
            self.illegal(None, "invalid_terrain", "STRIKE names a Terrain column of the opponent")
        self.check_strike_terrain(card, markers[rival][column])
        duel.turn_flags.add("strike")
        self.strikes_this_turn += 1
        self.struck_this_turn.add(card.id)
        card.attacked_this_turn = True
        if not self.misreads("kd-strike-skips", "battle-phase-kept"):
            duel.turn_flags.add("skip_battle")
        if self.misreads("kd-strike-terrain", "strikes-life-points"):
            self.emit("strike", f"{card.id} STRIKEs past {rival}'s Terrain {column} at the Life "
                      "Points", ["kd-strike-timing", "kd-strike-skips"],
                      card=card.id, player=rival, column=column, what="past")
            duel.battle_damage(rival, duel.effective_atk(card), card, direct=True)
        else:
            self.emit("strike", f"{card.id} STRIKEs {rival}'s Terrain {column} "
                      f"({markers[rival][column]}), not a monster or Life Points; it counts "
                      "as an attack", ["kd-strike-timing", "kd-strike-skips", "kd-strike-terrain"],
                      card=card.id, player=rival,
                      column=column, terrain=markers[rival][column], what="terrain")
        occupant = next((self.card(i) for i in self.zone_of(rival, "monsters")
                         if self.card(i).column == column), None)
        if occupant and self.misreads("kd-strike-no-battle", "destroys-occupant"):
            duel.destroy(occupant, f"{card.id}'s STRIKE")
        elif occupant:
            self.note_rule("kd-strike-no-battle")
        ctx = EffectContext(card.id, player, remembered={"struck_player": rival,
                                                         "struck_column": column})
        run(duel, strikes[0], ctx)
        self.strike_made(player)

    def check_strike_terrain(self, card: CardInstance, terrain: str) -> None:
        """A card's `strike_on:<Terrain>` flags restrict the Terrains its STRIKE may hit."""
        allowed = [f[len(STRIKE_ON):] for f in card.card.flags if f.startswith(STRIKE_ON)]
        if not allowed:
            return
        if terrain not in allowed:
            if self.misreads("kd-strike-terrain-kind", "restriction-ignored"):
                return
            self.illegal("kd-strike-terrain-kind", "invalid_terrain",
                         f"{card.id}'s STRIKE hits only {' or '.join(allowed)}, not {terrain}")
        self.note_rule("kd-strike-terrain-kind")

    def strike_made(self, player: str) -> None:
        """A STRIKE is treated as an attack: Traps waiting for an attack spring."""
        if self.misreads("kd-strike-attack", "not-an-attack"):
            return
        self.note_rule("kd-strike-attack")
        self.traps.spring_traps("opponent_attacks", player)
