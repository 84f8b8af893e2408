"""Kingdom Duels rulings on single cards: Traps that wait a turn or have no Trigger, FLIP effects
and the position of a flipped monster, cards limited "Once per Turn" or "Once per duel", and
surrendering.

- A Trap is activated only after a turn Set (the core's rule, cited from this format's article);
  a Trap whose Trigger is "None" (no `trigger` in its activation) is activated at will.
- A FLIP effect activates whenever its monster is flipped face-up, by battle included. A player
  who turns their own monster face-up (`flip_summon`, with `position`) chooses its position; a
  monster the opponent's attack turns face-up keeps the position it had.
- A card's flag `once_per_turn` or `once_per_duel` limits it as a hard limit: by its name, so a
  second copy counts the first one's use.
- Placing one's hand on the Deck (`concede`) surrenders the duel.
"""
from ..rules import Rule

CARD_RULINGS_RULES = (
    # The core's rule of Traps Set this turn, cited from this format's own statement of it.
    Rule("trap-set-turn", "kingdom-duels/spells-and-traps#trap-set-a-turn",
         "A Trap Card must spend a turn Set in the Backrow before it can be activated.",
         {"same-turn-allowed": "a Trap may be activated the turn it is Set"}),
    Rule("kd-trigger-none", "kingdom-duels/spells-and-traps#trigger-none",
         "A Trap whose Trigger is None is activated at will by its player, whenever they could.",
         {"needs-a-trigger": "a Trap with no Trigger never has one met, so it cannot be "
                             "activated"}),
    Rule("kd-quick-answers-slow", "kingdom-duels/terminology#quick-responds-to-both",
         "A Quick effect may respond to a Slow effect as well as to a Quick one.",
         {"quick-answers-quick-only": "a Quick effect responds only to another Quick effect"}),
    Rule("kd-flip-effect", "kingdom-duels/effect-types#flip-activation",
         "A FLIP effect activates whenever its card is flipped face-up, by battle, by an effect "
         "or by hand.",
         {"own-flip-only": "only a monster its player turns face-up activates its FLIP effect, "
                           "not one an attack reveals"}),
    Rule("kd-hidden-summon", "kingdom-duels/clarifications#hidden-from-hand-is-summon",
         "Playing a monster Hidden from the hand is a summon: it uses the turn's Normal Summon.",
         {"hidden-not-a-summon": "a monster played Hidden from the hand is not summoned, so the "
                                 "Normal Summon is still free"}),
    Rule("kd-flip-keeps-position", "kingdom-duels/clarifications#flip-by-opponent-same-position",
         "A monster the opponent turns face-up keeps the position it had.",
         {"flipped-to-atk": "a monster turned face-up by the opponent's attack ends in ATK "
                            "Position"}),
    Rule("kd-flip-choose", "kingdom-duels/clarifications#flip-choose-position",
         "A player who turns their own monster face-up chooses ATK or DEF Position for it.",
         {"always-atk": "a monster turned face-up by its player always ends in ATK Position, as "
                        "a Flip Summon does in the official game"}),
    Rule("kd-no-equip-hidden", "kingdom-duels/clarifications#no-equip-attach-to-hidden",
         "No card can be equipped or attached to a monster that is already Hidden.",
         {"hidden-equippable": "a Hidden monster can be equipped like a face-up one"}),
    Rule("kd-once-per-turn", "kingdom-duels/clarifications#hard-once-per-turn",
         "An effect marked Once per Turn is hard once per turn: one use per turn for all copies "
         "of the card.",
         {"per-copy": "each copy of the card may use it once per turn (a soft limit)"}),
    Rule("kd-once-per-duel", "kingdom-duels/clarifications#hard-once-per-duel",
         "An effect marked Once per duel is hard once per duel: one use per duel for all copies "
         "of the card.",
         {"per-copy": "each copy of the card may use it once per duel (a soft limit)"}),
    Rule("kd-surrender", "kingdom-duels/clarifications#hand-on-deck-surrenders",
         "A player who places their hand on top of their Deck surrenders: the opponent wins.",
         {"surrender-is-a-draw": "a surrender ends the duel with no winner"}),
)


class CardRulings:
    """Rulings on single cards, mixed into Kingdom Duels."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.limited_uses = []  # (player, name, "turn" or "duel", turn, card id) of limited uses
        self.battling = False  # while two monsters battle (an attack may flip one face-up)

    # --- Traps -----------------------------------------------------------------------------------

    def check_timing(self, card, player, speed, is_card, program):
        answers_slow = bool(self.chain) and self.chain[-1].speed == 1 and speed == 2
        if answers_slow and self.misreads("kd-quick-answers-slow", "quick-answers-quick-only"):
            self.illegal("kd-quick-answers-slow", "spell_speed_too_low",
                         f"{card.id} is Quick, and answers Quick effects only")
        super().check_timing(card, player, speed, is_card, program)
        if answers_slow:
            self.note_rule("kd-quick-answers-slow")
        if is_card and card.card.kind == "trap" and card.on_field and \
                not (program or {}).get("trigger"):
            if self.misreads("kd-trigger-none", "needs-a-trigger"):
                self.illegal("kd-trigger-none", "not_triggered",
                             f"{card.id} has no Trigger to be met")
            self.note_rule("kd-trigger-none")

    # --- FLIP effects and the position of a flipped monster ----------------------------------

    def queue_triggers(self, card, event, **data):
        if event == "flipped" and any(e.get("trigger") == "flipped" for e in card.card.effects):
            if self.battling and self.misreads("kd-flip-effect", "own-flip-only"):
                return
            self.note_rule("kd-flip-effect")
        super().queue_triggers(card, event, **data)

    def monster_battle(self, attacker, defender, player, rival):
        revealed = not defender.face_up and defender.position == "defense" and \
            defender.controller != player
        if revealed and self.misreads("kd-flip-keeps-position", "flipped-to-atk"):
            defender.position = "attack"
            revealed = False
        self.battling = True
        try:
            super().monster_battle(attacker, defender, player, rival)
        finally:
            self.battling = False
        if revealed:
            self.note_rule("kd-flip-keeps-position")

    def do_flip_summon(self, action):
        card = self.card(action.card)
        position = action.position or "attack"
        super().do_flip_summon(action)
        if self.misreads("kd-flip-choose", "always-atk"):
            return
        if card.position != position:
            card.position = position
            self.emit("position", f"{action.player} chooses {position} position for {card.id} "
                      "as it is turned face-up", ["kd-flip-choose"], card=card.id,
                      position=position, what="flip_position")

    # --- equipping a Hidden monster ------------------------------------------------------------

    def equip(self, card, host, cause, controller=None):
        if host.zone == "monsters" and not host.face_up:
            if self.misreads("kd-no-equip-hidden", "hidden-equippable"):
                host.face_up = True  # taken for a face-up monster while it is equipped
                try:
                    return super().equip(card, host, cause, controller)
                finally:
                    host.face_up = False
            self.note_rule("kd-no-equip-hidden")
        return super().equip(card, host, cause, controller)

    # --- Once per Turn, Once per duel ----------------------------------------------------------

    def do_activate(self, action):
        card = self.card(action.card)
        limits = [(scope, rule, code) for scope, rule, code in (
            ("turn", "kd-once-per-turn", "once_per_turn"),
            ("duel", "kd-once-per-duel", "once_per_duel")) if code in (card.card.flags or ())]
        for scope, rule, code in limits:
            soft = self.misreads(rule, "per-copy")
            used = [u for u in self.limited_uses
                    if u[:3] == (action.player, card.name, scope) and
                    (scope == "duel" or u[3] == self.turn) and (not soft or u[4] == card.id)]
            if used:
                self.illegal(rule, code,
                             f"{card.name} is limited Once per {scope.capitalize()}: "
                             f"{used[0][4]} already used it")
        super().do_activate(action)
        for scope, rule, _ in limits:
            self.limited_uses.append((action.player, card.name, scope, self.turn, card.id))
            self.note_rule(rule)

    # --- surrendering --------------------------------------------------------------------------

    def do_concede(self, action):
        if self.misreads("kd-surrender", "surrender-is-a-draw"):
            return self.finish(None, "concession")
        self.note_rule("kd-surrender")
        super().do_concede(action)
