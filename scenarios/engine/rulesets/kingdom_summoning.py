"""Kingdom Duels summoning: Normal Summons counted per turn, no Tributes, no Sets, Hidden
summons of FLIP monsters, face-up DEF Position summons, and Special Summons without a limit.

A monster is Normal Summoned `normal_summons_per_turn` times a turn (kd-normal-summons), at any
Level without a Tribute (kd-no-tributes), in face-up ATK or DEF Position
(kd-summon-face-up-def), never Set (kd-no-set); a FLIP monster may be summoned Hidden in DEF
Position, which uses a Normal Summon (kd-flip-hidden, kd-hidden-summon). Special Summons do not
share the Normal Summon's limit (kd-special-summons).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..wording import counted
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..scenario import Action
    from ..state import CardInstance
    from .kingdom_duels import KingdomDuel


class Summoning(Component):
    """The turn's Normal Summons, and what a summon may be."""

    def __init__(self, duel: KingdomDuel) -> None:
        super().__init__(duel)
        self.normal_summons_this_turn = 0

    # --- the Normal Summons of the turn --------------------------------------------------------

    def all_used(self) -> bool:
        """True once the turn's Normal Summons (`normal_summons_per_turn`) are all used."""
        if self.misreads("kd-normal-summons", "no-limit"):
            return False
        return self.normal_summons_this_turn >= self.params["normal_summons_per_turn"]

    def count(self, used: bool) -> None:
        """The core marks the Normal Summon used (True) or gives it back for a new turn
        (False)."""
        self.normal_summons_this_turn = self.normal_summons_this_turn + 1 if used else 0

    def check_normal_summon(self, player: str) -> None:
        if self.all_used():
            self.illegal("kd-normal-summons", "normal_summon_used",
                         f"{player} has used this turn's "
                         f"{counted(self.normal_summons_this_turn, 'Normal Summon')}")

    def tributes_needed(self) -> int | None:
        """No Tribute at any Level; None under the wrong reading (the official game's)."""
        if self.misreads("kd-no-tributes", "tributes-needed"):
            return None
        self.note_rule("kd-no-tributes")
        return 0

    def check_set(self, card: CardInstance) -> None:
        if card.card.is_monster and not self.misreads("kd-no-set", "set-allowed"):
            self.illegal("kd-no-set", "no_set", "monsters are never Set in Kingdom Duels")

    # --- summoning -----------------------------------------------------------------------------

    def hidden(self, action: Action) -> bool:
        """Is this Normal Summon made Hidden? (A face-up DEF Position summon is checked.)"""
        if action.position == "defense":
            if self.misreads("kd-summon-face-up-def", "atk-only"):
                self.illegal("kd-summon-face-up-def", "cannot_normal_summon",
                             "a Normal Summon is made in ATK Position only")
            self.note_rule("kd-summon-face-up-def")
        return action.position == "hidden"

    def summon_hidden(self, action: Action) -> None:
        """A FLIP monster summoned Hidden in DEF Position: its player's Normal Summon."""
        duel = self.duel
        card = self.card(action.card)
        is_flip = any(e.get("trigger") == "flipped" for e in card.card.effects)
        if (not is_flip and not self.misreads("kd-flip-hidden", "any-monster")) or \
                self.misreads("kd-flip-hidden", "no-hidden-summon"):
            self.illegal("kd-flip-hidden", "cannot_hide",
                         f"{card.name} may not be summoned Hidden without an effect")
        player = action.actor
        duel.require_open_main_phase(player, "a Normal Summon")
        counts = not self.misreads("kd-hidden-summon", "hidden-not-a-summon")
        if counts:  # playing it Hidden from the hand is its player's Normal Summon
            duel.normal_summon_check(card, player)
            duel.normal_summon_used = True
        duel.summon_to_field(card, player, "defense", face_up=False, how="normal")
        self.note_rule("kd-flip-hidden")
        if counts:
            self.note_rule("kd-hidden-summon")

    def special_summon_allowed(self, player: str, cause: str) -> bool:
        """Special Summons have no limit: the turn's Normal Summon being used changes nothing."""
        duel = self.duel
        if player != duel.turn_player or \
                self.normal_summons_this_turn < self.params["normal_summons_per_turn"]:
            return True
        if self.misreads("kd-special-summons", "one-summon-in-all"):
            self.emit("summon", f"{cause} cannot Special Summon: {player} has already summoned "
                      "this turn", player=player, by=cause, what="refused")
            return False
        self.note_rule("kd-special-summons")
        return True
