"""Turns and phases: moving through a turn, ending it, and the next turn's draw."""
from .state import PHASES


class TurnRules:
    TURN_RULES = ()

    def do_phase(self, action):
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
        self.emit("phase", f"{player} enters the {phase} phase")
        if phase == "end":
            self.end_phase()

    def end_phase(self):
        """End Phase effects that apply by themselves (a Spirit monster returning to the hand)."""
        from .primitives import EffectContext, run

        for card in self.cards_on_field("monster", controller=self.turn_player):
            if not card.face_up or not self.has_effects(card):
                continue
            for effect in card.card.effects_of("trigger"):
                if effect["trigger"] == "end_phase":
                    self.emit("trigger", f"{card.id} ({card.name}) applies its End Phase effect")
                    run(self, effect["resolve"], EffectContext(card.id, card.controller))

    def do_end_turn(self, action):
        if action.player != self.turn_player:
            self.illegal(None, "not_your_turn", "only the turn player ends the turn")
        self.next_turn(action.stop_at or "main1")

    def do_pass_turns(self, action):
        for _ in range(action.count):
            if self.result is not None:
                return
            self.next_turn("main1")

    def next_turn(self, stop_at):
        if self.chain or self.attack is not None:
            self.illegal(None, "not_open_game_state", "finish the chain or attack first")
        if self.phase != "end":
            self.phase = "end"
            self.end_phase()
        self.turn_ended()
        if self.result is not None:
            return
        self.turn += 1
        self.turn_player = self.next_turn_player()
        self.normal_summon_used = False
        self.turn_flags = set()
        for card in self.cards.values():
            card.attacked_this_turn = False
        self.phase, self.priority, self.passes = "draw", self.turn_player, 0
        self.emit("turn", f"turn {self.turn} begins: {self.turn_player}'s turn")
        self.draw_phase_draw(self.turn_player)
        if self.result is not None:
            return
        self.phase = "standby"
        self.standby_phase()
        if stop_at != "standby":
            self.phase = stop_at

    def next_turn_player(self):
        return self.next_player(self.turn_player)

    def standby_phase(self):
        """Cards whose effects wake in their owner's Standby Phase from the Graveyard."""
        for card_id in list(self.zone_of(self.turn_player, "graveyard")):
            self.queue_triggers(self.card(card_id), "standby_in_graveyard")
