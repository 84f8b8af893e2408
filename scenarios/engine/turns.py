"""Turns and phases: moving through a turn, ending it, and the next turn's draw."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .duelpart import DuelPart, whole_duel
from .state import PHASES
from .vocabulary.board import Phase

if TYPE_CHECKING:
    from .rules import Rule
    from .scenario import Action
    from .state import CardInstance


class TurnRules(DuelPart):
    TURN_RULES: tuple[Rule, ...] = ()

    def do_phase(self, action: Action) -> None:
        player, phase = action.player, action.phase
        if phase not in PHASES:
            self.illegal(None, "unknown_phase", f"no phase named '{phase}'")
        if player != self.turn_player:
            self.illegal(None, "not_your_turn", "only the turn player moves to another phase")
        if self.chain or self.attack is not None:
            self.illegal(None, "not_open_game_state", "finish the chain or attack first")
        if PHASES.index(phase) <= PHASES.index(self.phase):
            self.illegal(None, "phase_order", f"{phase} does not come after {self.phase}")
        self.phase = phase
        self.priority, self.passes = self.turn_player, 0
        self.emit("phase", f"{player} enters the {phase} phase", player=player, phase=phase)
        if phase == Phase.END:
            self.end_phase()

    def end_phase(self) -> None:
        """End Phase effects that apply by themselves (a Spirit monster returning to the hand)."""
        from .primitives import EffectContext, run

        for card in self.cards_on_field("monster", controller=self.turn_player):
            if not card.face_up or not self.has_effects(card):
                continue
            for effect in card.card.effects_of("trigger"):
                if effect["trigger"] == "end_phase":
                    self.emit("trigger", f"{card.id} ({card.name}) applies its End Phase effect",
                              card=card.id, what="end_phase")
                    run(whole_duel(self), effect["resolve"],
                        EffectContext(card.id, card.controller))

    def do_end_turn(self, action: Action) -> None:
        if action.player != self.turn_player:
            self.illegal(None, "not_your_turn", "only the turn player ends the turn")
        self.next_turn(action.stop_at or "main1")

    def do_pass_turns(self, action: Action) -> None:
        for _ in range(action.count):
            if self.result is not None:
                return
            self.next_turn("main1")

    def next_turn(self, stop_at: str) -> None:
        if self.chain or self.attack is not None:
            self.illegal(None, "not_open_game_state", "finish the chain or attack first")
        if self.phase != Phase.END:
            self.phase = "end"
            self.end_phase()
        self.count_card_turns()
        self.turn_ended()
        if self.result is not None:
            return
        self.turn += 1
        self.turn_player = self.next_turn_player()
        self.normal_summon_used = False
        self.turn_flags = set()
        for card in self.cards.values():
            card.attacked_this_turn = False
            card.notes.discard("position_changed")
        self.phase, self.priority, self.passes = "draw", self.turn_player, 0
        self.emit("turn", f"turn {self.turn} begins: {self.turn_player}'s turn")
        self.draw_phase_draw(self.turn_player)
        if self.result is not None:
            return
        self.phase = "standby"
        self.standby_phase()
        if stop_at != "standby":
            self.phase = stop_at

    def next_turn_player(self) -> str:
        return self.next_player(self.turn_player)

    def standby_phase(self) -> None:
        """Standby Phase effects of face-up cards, maintenance costs, and Graveyard wake-ups."""
        from .primitives import EffectContext, run

        for card in list(self.cards_on_field()):
            if not card.face_up or card.zone not in ("monsters", "spell_trap", "field_zone"):
                continue
            for effect in card.card.effects:
                spec = effect.get("standby")
                if spec and self.standby_applies(card, spec["whose"]):
                    self.emit("standby", f"{card.id} ({card.name}) applies its Standby Phase effect",
                              card=card.id)
                    run(whole_duel(self), spec["resolve"],
                        EffectContext(card.id, card.controller))
                cost = effect.get("maintenance")
                if cost is not None and self.maintenance_due(card):
                    self.pay_maintenance(card, cost)
        for card_id in list(self.zone_of(self.turn_player, "graveyard")):
            self.queue_triggers(self.card(card_id), "standby_in_graveyard")

    def standby_applies(self, card: CardInstance, whose: str) -> bool:
        own = self.turn_is_for(card.controller)
        return whose == "each" or (whose == "own") == own

    def maintenance_due(self, card: CardInstance) -> bool:
        return self.turn_player == card.controller

    def pay_maintenance(self, card: CardInstance, cost: int) -> None:
        payer = self.turn_player
        if self.players[payer].lp > cost:
            self.players[payer].lp -= cost
            self.emit("cost", f"{payer} pays {cost} LP to keep {card.id}", player=payer,
                      card=card.id, amount=cost,
                      before=self.players[payer].lp + cost, after=self.players[payer].lp,
                      what="maintenance")
        else:
            self.destroy(card, "its unpaid maintenance cost")

    def count_card_turns(self) -> None:
        """Cards that last a number of the opponent's turns count this turn down, and so do
        the effects still checking the cards the opponent draws."""
        if self.draw_checks:
            from .draw_checks import count_turn
            count_turn(whole_duel(self))
        for card in list(self.cards_on_field()):
            left = card.counters.get("turns_left")
            if left is not None and self.is_opponent(card.controller, self.turn_player):
                card.counters["turns_left"] = left - 1
                if left - 1 <= 0:
                    self.destroy(card, "the end of its duration")
