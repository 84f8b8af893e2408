"""Kingdom Duels battle: redirected attacks, replays and piercing.

A redirected attack counts from then on as the opponent's attack (so the
attacking player's Traps that answer an opponent's attack wake up), while its
source stays the monster that attacked. If the attacked monster changes while
the attack stands (it is Hidden, moved, taken, fused or gone), the attack is
not fought: a replay lets the attacking player choose a target again. Only a
monster whose card says so (the `piercing` flag) hurts a defender's LP.
"""
from ..rules import Rule

BATTLE_RULES = (
    Rule("kd-redirect", "kingdom-duels/battle#redirect-counts-as-opponent-attack",
         "A redirected attack counts as the opponent's attack, even in your own Battle Phase.",
         {"stays-attackers": "the redirected attack still counts as the attacking player's"}),
    Rule("kd-replay", "kingdom-duels/clarifications#replay-trigger",
         "If the attacked monster changes after the attack is declared, a replay lets the "
         "attacking player choose the target again.",
         {"attack-goes-on": "the attack goes on against the changed monster"}),
    Rule("kd-piercing", "kingdom-duels/terminology#piercing-only-when-stated",
         "Only a monster whose card states piercing inflicts damage through a weaker Defense "
         "Position monster.",
         {"never-pierces": "piercing is ignored, as Defense Position always protects LP",
          "always-pierces": "every monster pierces a weaker Defense Position monster"}),
    Rule("kd-def-protects", "kingdom-duels/battle#def-protects-lp",
         "A monster in DEF Position shields its controller's Life Points, even when the attack "
         "destroys it.",
         {"shield-falls-with-it": "a DEF Position monster destroyed by the attack no longer "
                                  "shields its player: the excess ATK goes through"}),
)


class RedirectsAndReplays:
    """Redirects and replays, mixed into the Kingdom Duels ruleset."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.target_when_declared = None
        self.waking_triggers = []
        self.fighting = None  # the attack being fought, while damage is calculated

    # --- declaring and redirecting -----------------------------------------------------------

    def do_attack(self, action):
        super().do_attack(action)
        self.target_when_declared = self.target_state(self.attack.target)
        self.spring_traps("opponent_attacks", action.player)

    def redirect_attack(self, new_target, cause):
        attack = self.attack
        if attack is not None and new_target.zone == "monsters":
            if self.misreads("kd-redirect-allowed", "no-redirect"):
                self.emit("attack", f"{cause} cannot redirect the attack of {attack.attacker}",
                          attacker=attack.attacker, by=cause, what="not_redirected")
                return
            self.note_rule("kd-redirect-allowed")
        super().redirect_attack(new_target, cause)
        if attack is None or attack.target != new_target.id:
            return
        self.target_when_declared = self.target_state(new_target.id)
        if self.misreads("kd-redirect", "stays-attackers"):
            return
        attack.counts_as = self.redirected_by(attack, new_target, cause)
        self.emit("attack", f"the redirected attack now counts as {attack.counts_as}'s attack; "
                  f"its source is still {attack.attacker}", ["kd-redirect"],
                  attacker=attack.attacker, player=attack.counts_as, what="counts_as")
        self.waking_triggers.append(("opponent_attacks", attack.counts_as))

    def chain_resolved(self):
        waking, self.waking_triggers = self.waking_triggers, []
        super().chain_resolved()
        for trigger, actor in waking:
            self.spring_traps(trigger, actor)

    # --- replays -----------------------------------------------------------------------------

    def target_state(self, card_id):
        """What must stay the same for the attack to be fought as declared."""
        if card_id is None:
            return None
        card = self.card(card_id)
        return card.zone, card.controller, card.face_up, card.column

    def fight(self):
        attack = self.attack
        if attack is not None and not attack.negated and attack.target is not None and \
                self.target_state(attack.target) != self.target_when_declared and \
                self.card(attack.attacker).zone == "monsters" and \
                not self.misreads("kd-replay", "attack-goes-on"):
            self.replay(attack)
            return
        self.fighting = attack
        try:
            super().fight()
        finally:
            self.fighting = None

    def monster_battle(self, attacker, defender, player, rival):
        shielding = defender.position == "defense"
        pierced = shielding and self.piercing(attacker)
        margin = self.effective_atk(attacker) - self.effective_def(defender)
        super().monster_battle(attacker, defender, player, rival)
        if pierced and margin > 0:
            self.emit("battle", f"{attacker.id} pierces: {rival} takes the difference",
                      ["kd-piercing"], card=attacker.id, player=rival, what="pierce")
            self.battle_damage(rival, margin, attacker)
        elif shielding and margin > 0:
            if defender.zone != "monsters" and \
                    self.misreads("kd-def-protects", "shield-falls-with-it"):
                self.battle_damage(rival, margin, attacker)
            else:
                self.emit("battle", f"{defender.id} was in DEF Position: {rival} takes no damage",
                          ["kd-def-protects"], card=defender.id, player=rival, what="def_protects")

    def piercing(self, attacker):
        if self.misreads("kd-piercing", "always-pierces"):
            return True
        return "piercing" in attacker.card.flags and \
            not self.misreads("kd-piercing", "never-pierces")

    def replay(self, attack):
        """The attack is not fought; its player declares an attack again."""
        self.attack = None
        self.card(attack.attacker).attacked_this_turn = False
        self.attacks_this_phase -= 1
        self.emit("replay", f"{attack.target} changed after the attack was declared: a replay, "
                  f"{attack.player} chooses the attack target again", ["kd-replay"],
                  attacker=attack.attacker,
                  card=attack.target, player=attack.player, what="replay")

    def move_to_terrain(self, card, cause):
        """A monster moves to an unoccupied Terrain of its controller (the leftmost one)."""
        taken = {self.card(i).column for i in self.zone_of(card.controller, "monsters")}
        free = sorted(set(range(self.params["terrain_markers_per_side"])) - taken)
        if card.zone != "monsters" or not free:
            return
        old, card.column = card.column, free[0]
        if old is not None and self.misreads("kd-move-own-terrain", "next-terrain"):
            card.column = (old + 1) % len(self.terrains[card.controller])
            for other in self.zone_of(card.controller, "monsters"):
                if other != card.id and self.card(other).column == card.column:
                    self.card(other).column = old  # the two trade places
        else:
            self.note_rule("kd-move-own-terrain")
        markers = self.terrains[card.controller]
        if old is not None and self.misreads("kd-terrain-stays", "marker-moves"):
            markers[old], markers[card.column] = markers[card.column], markers[old]
        elif old is not None:
            self.note_rule("kd-terrain-stays")  # the old zone keeps its marker
        self.emit("move", f"{card.id} moves to Terrain {card.column} "
                  f"({self.terrains[card.controller][card.column]}) by {cause}", card=card.id,
                  player=card.controller, column=card.column,
                  terrain=self.terrains[card.controller][card.column], by=cause, what="terrain")
