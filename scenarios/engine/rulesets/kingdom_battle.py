"""Kingdom Duels battle: who may attack, redirected attacks, replays, Hidden monsters in battle,
piercing, and the damage of two ATK Position monsters.

A monster attacks only in ATK Position, never directly, one attack per Battle Phase (the
`attacks_per_battle_phase` parameter), and not in the first round unless it is the Rotation's
last player's.

A redirected attack counts from then on as the opponent's attack (so the
attacking player's Traps that answer an opponent's attack wake up), while its
source stays the monster that attacked. If the attacked monster changes while
the attack stands (it is Hidden, moved, taken, fused or gone), the attack is
not fought: a replay lets the attacking player choose a target again. Only a
monster whose card says so (the `piercing` flag) hurts a defender's LP. The Damage Step is
the official one (kd-damage-step): the guide states no difference.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeAlias

from ..rules import Rule
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..scenario import Action
    from ..state import Attack, CardInstance
    from ..yamltypes import YamlMapping
    from .kingdom_duels import KingdomDuel
    from .kingdom_equips import EquipsAndControl
    from .kingdom_teams import Teams
    from .kingdom_traps import SpellsAndTraps

# What must stay the same for an attack to be fought as declared: the target's zone, controller,
# face and column (`Battle.target_state`).
TargetState: TypeAlias = "tuple[str, str, bool, int | None]"

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
    Rule("kd-damage-step", "kingdom-duels/battle#damage-step-as-official",
         "A battle keeps the official Damage Step: before damage calculation only a card or "
         "effect that changes ATK or DEF, or a Counter Trap, may be activated.",
         {"no-damage-step": "Kingdom Duels battles have no Damage Step: once the attack stands, "
                            "damage is calculated and nothing may be activated before it",
          "any-quick-effect": "with only Slow and Quick speeds, any Quick card or effect may be "
                              "activated in the Damage Step"}),
    Rule("kd-def-protects", "kingdom-duels/battle#def-protects-lp",
         "A monster in DEF Position shields its controller's Life Points, even when the attack "
         "destroys it.",
         {"shield-falls-with-it": "a DEF Position monster destroyed by the attack no longer "
                                  "shields its player: the excess ATK goes through"}),
)


class Battle(Component):
    """Attacks in Kingdom Duels: who may attack, redirects and replays, Hidden monsters in
    battle, piercing, and the damage of two ATK Position monsters."""

    def __init__(self, duel: KingdomDuel, teams: Teams, traps: SpellsAndTraps,
                 equips: EquipsAndControl) -> None:
        super().__init__(duel)
        self.teams = teams
        self.traps = traps
        self.equips = equips
        self.attacks_this_phase = 0
        self.target_when_declared: TargetState | None = None
        self.waking_triggers: list[tuple[str, str]] = []  # (Trigger, the player it wakes for)
        self.fighting: Attack | None = None  # the attack being fought, while damage is calculated
        # (attacker id, its player) while two ATK monsters battle
        self.atk_battle: tuple[str, str] | None = None
        # (attacker id, first target id) after a replay
        self.replayed_attack: tuple[str, str | None] | None = None

    def new_turn(self) -> None:
        self.attacks_this_phase = 0
        for card in self.duel.cards.values():
            card.notes.discard("revealed_in_combat")

    # `phase`: the phase a step named, typed as `Action.phase` holds it
    def phase_entered(self, phase: str | YamlMapping | None) -> None:
        self.replayed_attack = None
        if phase == "battle":
            self.attacks_this_phase = 0

    # --- declaring an attack -------------------------------------------------------------------

    def may_attack_in_position(self, attacker: CardInstance) -> bool:
        if attacker.position == "attack":
            return True
        if self.misreads("kd-atk-attacks", "def-attacks"):
            return True
        self.note_rule("kd-atk-attacks")
        return False

    def check_no_direct_attack(self, target: CardInstance | None) -> None:
        if target is None and not self.misreads("kd-no-direct", "direct-allowed"):
            self.illegal("kd-no-direct", "no_direct_attacks",
                         "monsters never attack Life Points directly")

    def check_attack(self, action: Action) -> None:
        """What refuses an attack before the core's own checks: the first round, a Fusion's
        Material, the Battle Phase's one attack, and a replayed attack's target."""
        duel = self.duel
        if self.teams.first_round_forbids_attack():
            self.illegal("kd-first-round", "too_early_to_attack",
                         "in the first round only the last player of the Rotation attacks")
        attacker = self.card(action.card)
        fusion_on_field = any(attacker.name in c.card.material_names
                              for c in duel.cards_on_field("monster", controller=action.player)
                              if c.face_up and c.id != attacker.id)
        if fusion_on_field and attacker.summoned_turn == duel.turn and \
                not self.misreads("kd-material-no-attack", "may-attack"):
            self.illegal("kd-material-no-attack", "cannot_attack",
                         f"{attacker.id} entered the field while its Fusion is there")
        if not self.misreads("kd-one-attack", "one-per-monster") and \
                self.attacks_this_phase >= self.params["attacks_per_battle_phase"]:
            self.illegal("kd-one-attack", "one_attack_per_battle_phase",
                         "this Battle Phase already had its attack")
        replayed, self.replayed_attack = self.replayed_attack, None
        if replayed and replayed[0] == action.card:
            first = replayed[1]
            if action.target != first and self.misreads("kd-replay-choose-again", "same-target"):
                self.illegal("kd-replay-choose-again", "invalid_attack_target",
                             f"the replayed attack must go to {first} again")
            self.note_rule("kd-replay-choose-again")

    def attack_declared(self, player: str) -> None:
        attack = self.duel.attack
        assert attack is not None  # the core's do_attack has just declared it
        self.target_when_declared = self.target_state(attack.target)
        self.traps.spring_traps("opponent_attacks", player)
        self.attacks_this_phase += 1

    # --- redirecting ---------------------------------------------------------------------------

    def may_redirect(self, new_target: CardInstance, cause: str) -> bool:
        attack = self.duel.attack
        if attack is not None and new_target.zone == "monsters":
            if self.misreads("kd-redirect-allowed", "no-redirect"):
                self.emit("attack", f"{cause} cannot redirect the attack of {attack.attacker}",
                          attacker=attack.attacker, by=cause, what="not_redirected")
                return False
            self.note_rule("kd-redirect-allowed")
        return True

    def redirected(self, attack: Attack | None, new_target: CardInstance, cause: str) -> None:
        """The attack now aims at `new_target`: it counts as the opponent's attack."""
        if attack is None or attack.target != new_target.id:
            return
        self.target_when_declared = self.target_state(new_target.id)
        if self.misreads("kd-redirect", "stays-attackers"):
            return
        attack.counts_as = self.teams.redirected_by(attack, new_target, cause)
        self.emit("attack", f"the redirected attack now counts as {attack.counts_as}'s attack; "
                  f"its source is still {attack.attacker}", ["kd-redirect"],
                  attacker=attack.attacker, player=attack.counts_as, what="counts_as")
        self.waking_triggers.append(("opponent_attacks", attack.counts_as))

    def take_waking_triggers(self) -> list[tuple[str, str]]:
        """The Triggers a redirect met while a chain was open, to spring once it resolves."""
        waking, self.waking_triggers = self.waking_triggers, []
        return waking

    # --- replays -----------------------------------------------------------------------------

    def target_state(self, card_id: str | None) -> TargetState | None:
        """What must stay the same for the attack to be fought as declared."""
        if card_id is None:
            return None
        card = self.card(card_id)
        return card.zone, card.controller, card.face_up, card.column

    def replayed(self) -> bool:
        """Is the attack replayed instead of fought (its target changed since it was declared)?"""
        duel = self.duel
        attack = duel.attack
        if attack is not None and not attack.negated and attack.target is not None and \
                self.target_state(attack.target) != self.target_when_declared and \
                self.card(attack.attacker).zone == "monsters" and \
                not self.misreads("kd-replay", "attack-goes-on"):
            self.replay(attack)
            return True
        return False

    def replay(self, attack: Attack) -> None:
        """The attack is not fought; its player declares an attack again."""
        self.duel.attack = None
        self.card(attack.attacker).attacked_this_turn = False
        self.attacks_this_phase -= 1
        self.emit("replay", f"{attack.target} changed after the attack was declared: a replay, "
                  f"{attack.player} chooses the attack target again", ["kd-replay"],
                  attacker=attack.attacker,
                  card=attack.target, player=attack.player, what="replay")
        self.replayed_attack = (attack.attacker, attack.target)

    # --- Hidden monsters in battle -------------------------------------------------------------

    def reveal_hidden_defender(self, defender: CardInstance) -> None:
        if not defender.face_up and defender.position == "defense":
            if self.misreads("kd-hidden-def", "fights-in-atk"):
                defender.position = "attack"  # taken for a Hidden ATK monster
            else:
                self.note_rule("kd-hidden-def")  # flipped face-up, its DEF shields as usual
        if not defender.face_up and defender.position == "attack":
            defender.face_up = True
            defender.notes.add("revealed_in_combat")
            self.emit("flip", f"{defender.id}, Hidden in ATK Position, is revealed by the combat",
                      ["kd-hidden-atk"], card=defender.id, what="combat")

    def hide(self, player: str, card: CardInstance) -> None:
        """A monster revealed in combat is Hidden again (`hide`)."""
        if card.controller != player or card.zone != "monsters" or \
                "revealed_in_combat" not in card.notes or \
                self.misreads("kd-hidden-atk", "stays-revealed"):
            self.illegal("kd-hidden-atk", "cannot_hide",
                         f"{card.id} can only be Hidden again after being revealed in combat")
        card.notes.discard("revealed_in_combat")
        card.face_up = False
        self.equips.cards_on_hidden_monster(card)  # its equips stay face-up
        if self.misreads("kd-hide-not-summon", "hiding-summons"):
            self.emit("hide", f"{player} Hides {card.id} again, as a summon", card=card.id,
                      player=player, summon=True)
            self.duel.just_summoned = [card.id]
            self.traps.spring_traps("opponent_summons", player)
            return
        self.emit("hide", f"{player} Hides {card.id} again in ATK Position (not a summon)",
                  ["kd-hidden-atk", "kd-hide-not-summon"], card=card.id,
                  player=player, summon=False)

    # --- the Damage Step -----------------------------------------------------------------------

    def damage_step_allows(self, official: bool) -> bool:
        """May a card be activated in the Damage Step? As in the official game (`official`, the
        core's answer for it): Kingdom Duels states no difference (kd-damage-step)."""
        if self.misreads("kd-damage-step", "no-damage-step"):
            return False
        if self.misreads("kd-damage-step", "any-quick-effect"):
            return True
        self.note_rule("kd-damage-step")
        return official

    # --- damage calculation ------------------------------------------------------------------

    def weigh_piercing(self, attacker: CardInstance,
                       defender: CardInstance) -> tuple[bool, bool, int]:
        """Before damage calculation: (shielding, pierced, margin) of the attack on a DEF
        Position monster."""
        duel = self.duel
        shielding = defender.position == "defense"
        pierced = shielding and self.piercing(attacker)
        margin = duel.effective_atk(attacker) - duel.effective_def(defender)
        return shielding, pierced, margin

    def pierce_or_shield(self, weighed: tuple[bool, bool, int], attacker: CardInstance,
                         defender: CardInstance, rival: str) -> None:
        """After damage calculation: a piercing attacker deals the difference; otherwise a DEF
        Position monster shields its controller's Life Points."""
        shielding, pierced, margin = weighed
        if pierced and margin > 0:
            self.emit("battle", f"{attacker.id} pierces: {rival} takes the difference",
                      ["kd-piercing"], card=attacker.id, player=rival, what="pierce")
            self.duel.battle_damage(rival, margin, attacker)
        elif shielding and margin > 0:
            if defender.zone != "monsters" and \
                    self.misreads("kd-def-protects", "shield-falls-with-it"):
                self.duel.battle_damage(rival, margin, attacker)
            else:
                self.emit("battle", f"{defender.id} was in DEF Position: {rival} takes no damage",
                          ["kd-def-protects"], card=defender.id, player=rival, what="def_protects")

    @contextmanager
    def fighting_out(self, attack: Attack | None) -> Iterator[None]:
        """While damage is calculated for `attack`."""
        self.fighting = attack
        try:
            yield
        finally:
            self.fighting = None

    @contextmanager
    def between_atk_monsters(self, attacker: CardInstance, defender: CardInstance,
                             player: str) -> Iterator[None]:
        """While two monsters battle: two ATK Position monsters, the lower ATK's controller
        takes the difference (kd-atk-difference)."""
        self.atk_battle = (attacker.id, player) if defender.position == "attack" else None
        try:
            yield
        finally:
            self.atk_battle = None

    def piercing(self, attacker: CardInstance) -> bool:
        if self.misreads("kd-piercing", "always-pierces"):
            return True
        return "piercing" in attacker.card.flags and \
            not self.misreads("kd-piercing", "never-pierces")

    def spares_attacker(self, card: CardInstance) -> bool:
        """A redirected Battle Royale attack does not destroy its attacker."""
        fight = self.fighting
        if fight is not None and fight.protected and card.id == fight.attacker:
            self.emit("battle", f"{card.id} is not destroyed: the attack was redirected",
                      ["kd-royale-redirect"], card=card.id, what="redirect_protects")
            return True
        return False

    def spares_damage(self, player: str, value: int) -> bool:
        """Battle Damage that does not reach `player`: the attacking player of two ATK Position
        monsters under a wrong reading, or the controller of a redirected Battle Royale
        attacker."""
        atk_battle = self.atk_battle
        if atk_battle is not None and value > 0:
            attacker, attacking_player = atk_battle
            if player == attacking_player and \
                    self.misreads("kd-atk-difference", "attacker-safe"):
                return True
            self.note_rule("kd-atk-difference")
        fight = self.fighting
        if fight is not None and fight.protected and \
                player == self.card(fight.attacker).controller:
            self.emit("battle", f"{player} takes no damage from the redirected attack",
                      ["kd-royale-redirect"])
            return True
        return False
