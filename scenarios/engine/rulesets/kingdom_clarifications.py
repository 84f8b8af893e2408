"""Kingdom Duels: the order of phases, the zones the board lacks, Spells Set before they are
activated, STRIKE as an attack, replays, and what a Rule Card in the Rule Zone adds.

- Phases only move forward through Draw, Standby, Main 1, Battle, Main 2 and End.
- The board has no Field Zone: a Field Spell cannot be activated (`no_field_zone`).
- A Spell may be activated from the hand or, once Set, from the Backrow.
- A STRIKE counts as an attack: the opponent's Traps whose Trigger is an attack spring. A card
  may restrict the Terrains its STRIKE may hit with a flag `strike_on:<Terrain>` (one flag per
  Terrain allowed); another Terrain is refused (`invalid_terrain`).
- In a replay the attacking player chooses the target anew.
- A Battle Lock that gives no number of turns is permanent while its effect is active.
- A Rule Card is played to the Rule Zone and nowhere else, and what it adds (its `atk_bonus`)
  applies for as long as it is there.
- A monster moved to another Terrain goes to an unoccupied Terrain of its controller
  (`kingdom_battle.move_to_terrain`), and a Ritual Summon meets its Ritual Spell's requirements
  (`kingdom_extra_deck.check_ritual_materials`).
"""
from ..rules import Rule
from ..state import PHASES

STRIKE_ON = "strike_on:"

CLARIFICATION_RULES = (
    Rule("kd-phase-order", "kingdom-duels/turn-structure#phase-order",
         "Every turn passes through its phases in order (Draw, Standby, the first Main Phase, "
         "Battle, the second Main Phase, End); a phase once left is not entered again.",
         {"any-order": "the turn player may go back to an earlier phase, as to a second Battle "
                       "Phase after Main Phase 2"}),
    Rule("kd-no-field-zone", "kingdom-duels/board#no-link-pendulum-field-zones",
         "The board has no Field Zone (nor Extra Monster or Pendulum Zones): a Field Spell has "
         "nowhere to be played.",
         {"field-zone-exists": "each player has a Field Zone for a Field Spell, as in the "
                               "official game"}),
    Rule("kd-spell-from-set", "kingdom-duels/spells-and-traps#spell-from-hand-or-set",
         "A Spell is activated from the hand or, after being Set, from the field.",
         {"hand-only": "a Spell is activated only from the hand; a Set Spell stays Set"}),
    Rule("kd-strike-attack", "kingdom-duels/effect-types#strike-is-an-attack",
         "A STRIKE is treated as an attack: the opponent's Traps triggered by an attack spring.",
         {"not-an-attack": "a STRIKE hits a Terrain, not a monster, so it is no attack and "
                           "triggers nothing that waits for one"}),
    Rule("kd-strike-terrain-kind", "kingdom-duels/effect-types#strike-terrain-restriction",
         "A card may restrict the kinds of Terrain its STRIKE can hit.",
         {"restriction-ignored": "STRIKE may hit any of the opponent's Terrains whatever its "
                                 "card says"}),
    Rule("kd-replay-choose-again", "kingdom-duels/clarifications#replay-choose-again",
         "In a replay the attacking player selects the attack target anew.",
         {"same-target": "the replayed attack must go to the monster it was first declared "
                         "on"}),
    Rule("kd-battle-lock-permanent", "kingdom-duels/terminology#battle-lock-no-duration",
         "A Battle Lock that gives no number of turns lasts for as long as its effect is active.",
         {"this-turn-only": "a Battle Lock with no number of turns lasts only for the turn it "
                            "was applied"}),
    Rule("kd-rule-zone-only", "kingdom-duels/rule-cards#rule-zone-only",
         "A Rule Card is played into the Rule Zone and nowhere else.",
         {"backrow": "a Rule Card is played into the Backrow like a Continuous Spell"}),
    Rule("kd-rule-adds", "kingdom-duels/rule-cards#adds-mechanics",
         "While a Rule Card is in the Rule Zone, what it adds applies to the duel.",
         {"once-only": "a Rule Card applies once, when it is played, and adds nothing after"}),
    Rule("kd-move-own-terrain", "kingdom-duels/clarifications#move-unoccupied-own-terrain",
         "A monster moved to another Terrain goes to an unoccupied Terrain of its controller.",
         {"next-terrain": "the monster moves to the next Terrain to its right, occupied or "
                          "not, trading places with a monster there"}),
    Rule("kd-ritual-requirements", "kingdom-duels/ritual-monsters#ritual-summon-requirements",
         "A Ritual Summon must meet the requirements of the Ritual Spell its monster names (the "
         "Levels its Materials must total).",
         {"levels-ignored": "any monsters will do as Ritual Materials, whatever their Levels"}),
)


class Clarifications:
    """Mixed into the Kingdom Duels ruleset, before its other parts."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.replayed_attack = None  # (attacker id, first target id) after a replay

    # --- the order of phases -----------------------------------------------------------------

    def do_phase(self, action):
        phase = action.phase
        backwards = phase in PHASES and self.phase in PHASES and \
            PHASES.index(phase) <= PHASES.index(self.phase)
        if action.player == self.turn_player and backwards and not self.chain and \
                self.attack is None:
            if not self.misreads("kd-phase-order", "any-order"):
                self.illegal("kd-phase-order", "phase_order",
                             f"{phase} does not come after {self.phase} in a turn")
            self.phase = PHASES[0]  # the wrong reading: back to an earlier phase
            if phase == PHASES[0]:
                return
        super().do_phase(action)
        self.replayed_attack = None

    # --- the Field Zone that is not there, Spells Set before they are activated -------------

    def put_on_field(self, card, player, is_card):
        if is_card and card.zone == "hand" and card.card.kind == "spell" and \
                card.card.subtype == "field" and \
                not self.misreads("kd-no-field-zone", "field-zone-exists"):
            self.illegal("kd-no-field-zone", "no_field_zone",
                         f"{card.id} is a Field Spell, and the board has no Field Zone")
        if is_card and card.zone == "spell_trap" and not card.face_up and \
                card.card.kind == "spell":
            if self.misreads("kd-spell-from-set", "hand-only"):
                self.illegal("kd-spell-from-set", "not_activatable",
                             f"{card.id} is Set; a Spell is activated from the hand")
            self.note_rule("kd-spell-from-set")
        super().put_on_field(card, player, is_card)

    # --- STRIKE ------------------------------------------------------------------------------

    def check_strike_terrain(self, card, terrain):
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

    def strike_made(self, player):
        """A STRIKE is treated as an attack: Traps waiting for an attack spring."""
        if self.misreads("kd-strike-attack", "not-an-attack"):
            return
        self.note_rule("kd-strike-attack")
        self.spring_traps("opponent_attacks", player)

    # --- replays -----------------------------------------------------------------------------

    def replay(self, attack):
        super().replay(attack)
        self.replayed_attack = (attack.attacker, attack.target)

    def do_attack(self, action):
        replayed, self.replayed_attack = self.replayed_attack, None
        if replayed and replayed[0] == action.card:
            first = replayed[1]
            if action.target != first and self.misreads("kd-replay-choose-again", "same-target"):
                self.illegal("kd-replay-choose-again", "invalid_attack_target",
                             f"the replayed attack must go to {first} again")
            self.note_rule("kd-replay-choose-again")
        super().do_attack(action)

    # --- Rule Cards in the Rule Zone ---------------------------------------------------------

    def place_in_rule_zone(self, card, player, how):
        super().place_in_rule_zone(card, player, how)
        if self.misreads("kd-rule-zone-only", "backrow"):
            self.move(card, "spell_trap", controller=player, reason=how)
            return
        self.note_rule("kd-rule-zone-only")

    def rule_zone_atk_bonus(self, card):
        bonus = super().rule_zone_atk_bonus(card)
        if not bonus:
            return 0
        if self.misreads("kd-rule-adds", "once-only"):
            return 0
        self.note_rule("kd-rule-adds")
        return bonus

    # --- a Battle Lock with no number of turns -----------------------------------------------

    def lasting_effect(self, ctx, card, key, value=None):
        super().lasting_effect(ctx, card, key, value)
        self.lasting_effects[-1].setdefault("turn", self.turn)

    def battle_lock_holds(self, card):
        """Does the Battle Lock on `card` still hold? One with no number of turns is permanent
        while its effect is active."""
        if card.counters.get("battle_lock"):
            return True  # a number of turns is given
        placed = next((e.get("turn") for e in self.lasting_effects
                       if e["card"] == card.id and e["key"] == "battle_lock"), self.turn)
        if placed != self.turn and self.misreads("kd-battle-lock-permanent", "this-turn-only"):
            return False
        self.note_rule("kd-battle-lock-permanent")
        return True
