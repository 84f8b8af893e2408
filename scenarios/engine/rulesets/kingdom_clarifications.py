"""Kingdom Duels clarifications: the order of phases, the zones the board lacks, Spells Set before
they are activated, STRIKE as an attack, replays, and what a Rule Card in the Rule Zone adds.

The rules are declared here; the `Clarifications` part applies the first ones and the Battle
Lock, `kingdom_strike` STRIKE's, `kingdom_battle` the replay's, `kingdom_rule_cards` the Rule
Zone's.

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
  (`kingdom_terrain.Terrains.move_to_terrain`), and a Ritual Summon meets its Ritual Spell's
  requirements (`kingdom_extra_deck.check_ritual_materials`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import Rule
from ..state import PHASES
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..scenario import Action
    from ..state import CardInstance

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
    Rule("kd-battle-lock-turns", "kingdom-duels/terminology#battle-lock-rule",
         "A Battle Lock given a number of turns lasts that many turns, counting every player's "
         "turn from the one it was applied in, and then ends.",
         {"never-ends": "a Battle Lock stays for good once applied, whatever number of turns "
                        "it gives"}),
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


class Clarifications(Component):
    """The order of phases, the missing Field Zone, Spells Set before they are activated, and a
    Battle Lock with no number of turns. (STRIKE's Terrain restriction is in `kingdom_strike`,
    the replay's new target in `kingdom_battle`, the Rule Zone in `kingdom_rule_cards`.)"""

    # --- the order of phases -----------------------------------------------------------------

    def goes_back(self, action: Action) -> bool:
        """A turn player's step back to an earlier phase: refused, or under the wrong reading
        taken back to the Draw Phase. True when nothing more is done (the phase named is the
        Draw Phase)."""
        duel = self.duel
        phase = action.phase
        backwards = phase in PHASES and duel.phase in PHASES and \
            PHASES.index(phase) <= PHASES.index(duel.phase)
        if action.player == duel.turn_player and backwards and not duel.chain and \
                duel.attack is None:
            if not self.misreads("kd-phase-order", "any-order"):
                self.illegal("kd-phase-order", "phase_order",
                             f"{phase} does not come after {duel.phase} in a turn")
            duel.phase = PHASES[0]  # the wrong reading: back to an earlier phase
            if phase == PHASES[0]:
                return True
        return False

    # --- the Field Zone that is not there, Spells Set before they are activated -------------

    def check_put_on_field(self, card: CardInstance, is_card: bool) -> None:
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

    # --- a Battle Lock with no number of turns -----------------------------------------------

    def date_lasting_effect(self) -> None:
        """Remember the turn of the lasting effect just made (a Battle Lock's start)."""
        self.duel.lasting_effects[-1].setdefault("turn", self.duel.turn)

    def count_battle_locks(self) -> None:
        """The turn ends: each Battle Lock given a number of turns has one turn fewer left, and
        one with none left ends."""
        duel = self.duel
        for card in list(duel.cards_on_field("monster")):
            left = card.counters.get("battle_lock")
            if not left:
                continue  # no Battle Lock, or one with no number of turns
            if self.misreads("kd-battle-lock-turns", "never-ends"):
                continue
            if left > 1:
                card.counters["battle_lock"] = left - 1
                continue
            card.counters.pop("battle_lock")
            duel.lasting_effects[:] = [e for e in duel.lasting_effects
                                       if not (e["card"] == card.id and e["key"] == "battle_lock")]
            duel.emit("position", f"the Battle Lock on {card.id} has lasted its turns and ends",
                      ["kd-battle-lock-turns"], card=card.id, what="battle_lock_ends")

    def battle_lock_holds(self, card: CardInstance) -> bool:
        """Does the Battle Lock on `card` still hold? One with no number of turns is permanent
        while its effect is active."""
        duel = self.duel
        if card.counters.get("battle_lock"):
            return True  # a number of turns is given
        placed = next((e.get("turn") for e in duel.lasting_effects
                       if e["card"] == card.id and e["key"] == "battle_lock"), duel.turn)
        if placed != duel.turn and self.misreads("kd-battle-lock-permanent", "this-turn-only"):
            return False
        self.note_rule("kd-battle-lock-permanent")
        return True
