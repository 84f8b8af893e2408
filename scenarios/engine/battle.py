"""Summoning and battle: Normal Summons, Sets, Flip Summons, attacks and damage."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .card_filters import whose_fits
from .damage_step import changes_stats, program_changes_stats
from .duelpart import DuelPart, whole_duel
from .restrictions import forbids_attack, forbids_tribute
from .rules import Rule
from .state import Attack
from .watching import announce_summon
from .wording import counted
from .yamltypes import YamlMapping

if TYPE_CHECKING:
    from .primitives import EffectContext
    from .scenario import Action
    from .state import CardInstance, SummonAttempt
    from .yamltypes import YamlMapping


class BattleRules(DuelPart):
    BATTLE_RULES = (
        Rule("summon-priority", "core/chains#priority-after-a-summon",
             "While a summon is attempted, the turn player holds priority first; a pass hands it "
             "to the next player, who may still negate the summon, and the summon succeeds once "
             "every player has passed. Once it succeeds, the turn player again receives priority "
             "first, whoever summoned.",
             {"summoner-priority": "the player who summoned receives priority first",
              "opponent-answers-at-once": "the opponent may negate a summon at once, before "
                                          "the turn player has passed",
              "no-attempt": "a summon has succeeded as soon as the monster is on the field, so "
                            "a card that negates summons has nothing left to answer",
              "pass-ends-window": "the turn player's pass lets the summon succeed at once, so "
                                  "the opponent can no longer negate it"}),
        Rule("damage-step-stat-change", "core/card-types#damage-step-atk-changes",
             "A Trap Card or a monster's effect that changes ATK or DEF when it resolves may be "
             "activated in the Damage Step, as the Quick-Play Spells made for it may.",
             {"quick-play-only": "only Quick-Play Spells may be activated in the Damage Step, "
                                 "never a Trap Card or a monster's effect"}),
        Rule("counter-trap-damage-step", "core/card-types#counter-trap-damage-step",
             "A Counter Trap Card may be activated in the Damage Step.",
             {"no-counter-trap": "no Counter Trap Card may be activated in the Damage Step"}),
        Rule("damage-step", "core/card-types#quick-play-damage-step",
             "Once the attack's Battle Step closes, the Damage Step begins before damage "
             "calculation; in it only cards whose text allows it may be activated, so not "
             "every Quick-Play Spell.",
             {"any-quick-play": "every Quick-Play Spell may be activated in the Damage Step",
              "no-quick-play": "no Quick-Play Spell may be activated in the Damage Step"}),
    )

    # --- summoning -----------------------------------------------------------------------------

    def tributes_needed(self, card: CardInstance) -> int:
        level = card.card.level or 0
        return 0 if level <= 4 else 1 if level <= 6 else 2

    def require_open_main_phase(self, player: str, what: str) -> None:
        if player != self.turn_player or self.phase not in ("main1", "main2"):
            self.illegal(None, "wrong_phase", f"{what} happens only in its player's Main Phase")
        if self.chain or self.attack is not None:
            self.illegal(None, "not_open_game_state", f"{what} needs an open game state")

    def take_tributes(self, card: CardInstance, player: str, action: Action,
                      purpose: str) -> None:
        needed = self.tributes_needed(card)
        if len(action.tributes) != needed:
            self.illegal(None, "wrong_tributes", f"{card.name} needs {counted(needed, 'Tribute')}")
        for tribute_id in action.tributes:
            tribute = self.card(tribute_id)
            if tribute.zone != "monsters" or not self.may_use_from_field(tribute, player):
                self.illegal(None, "wrong_tributes", f"{tribute_id} cannot be Tributed")
            forbidding = forbids_tribute(whole_duel(self), tribute)
            if forbidding is not None:
                self.illegal(None, "wrong_tributes",
                             f"{tribute_id} cannot be Tributed while {forbidding.id} says so")
            self.check_tribute(tribute, player, purpose)
        for tribute_id in action.tributes:
            self.move(self.card(tribute_id), "graveyard", reason=f"Tributed for {card.id}")

    def check_tribute(self, tribute: CardInstance, player: str, purpose: str) -> None:
        """Formats forbid some Tributes (a Deck Master)."""

    def check_fusion_material(self, material: CardInstance, player: str) -> None:
        """Formats forbid some Fusion Materials (a Kingdom Duels Token, which cannot be
        attached); asked at activation and again at resolution."""

    def normal_summon_check(self, card: CardInstance, player: str, setting: bool = False) -> None:
        if card.zone != "hand" or card.controller != player or not card.card.is_monster:
            self.illegal(None, "not_in_hand", f"{card.id} is not a monster in {player}'s hand")
        if self.normal_summon_used:
            self.illegal(None, "normal_summon_used", "the Normal Summon or Set of this turn is used")
        self.check_summon_condition(card, player)

    def check_summon_condition(self, card: CardInstance, player: str) -> None:
        condition = card.card.summon_condition or {}
        if condition.get("cannot_normal_summon"):
            self.illegal(None, "cannot_normal_summon", f"{card.name} cannot be Normal Summoned/Set")
        if not condition:
            return
        yours = self.monsters_a_condition_counts(player)
        if "control" in condition and not any(
                self.matches(c, condition["control"]) and c.face_up for c in yours):
            self.illegal(None, "summon_condition", f"{card.name}'s summoning condition is not met")
        if "not_while_you_control" in condition and any(
                self.matches(c, {k: v for k, v in condition["not_while_you_control"].items()
                                 if k != "side"})
                for c in yours):
            self.illegal(None, "cannot_normal_summon", f"{card.name} cannot be Normal Summoned "
                         "or Set while its player controls such a monster")

    def monsters_a_condition_counts(self, player: str) -> list[CardInstance]:
        """The monsters a summoning condition counts as `player`'s: "you control" is the
        player's side as the format counts it (side_of); a format may hold a card apart."""
        return [c for c in self.cards_on_field("monster") if self.side_of(c, player) == "own"]

    def do_summon(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card_id)
        self.require_open_main_phase(player, "a Normal Summon")
        self.normal_summon_check(card, player)
        if not action.tributes and self.monster_zone_full(player):
            self.illegal(None, "no_free_zone", "no free Monster Zone")
        self.take_tributes(card, player, action, "tribute_summon")
        self.normal_summon_used = True
        self.summon_to_field(card, player, action.position or "attack", face_up=True,
                             how="tribute" if action.tributes else "normal",
                             tributes=action.tributes)

    def tribute_summoned(self, card: CardInstance, player: str, tributes: list[str]) -> None:
        """A Tribute Summon has happened: the summoned monster's own effects may start."""
        self.queue_triggers(card, "tribute_summoned")

    def do_set(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card_id)
        self.require_open_main_phase(player, "a Set")
        if card.card.is_monster:
            if self.setting_forbidden():
                self.illegal(None, "setting_forbidden", "a face-up card forbids Setting monsters")
            self.normal_summon_check(card, player, setting=True)
            self.take_tributes(card, player, action, "tribute_set")
            self.normal_summon_used = True
            self.move(card, "monsters", controller=player, face_up=False, position="defense",
                      reason="Set")
            card.set_turn = self.turn
            self.monster_set(card, player)
            return
        if card.zone != "hand":
            self.illegal(None, "not_in_hand", f"{card.id} is not in {player}'s hand")
        zone = "field_zone" if card.card.subtype == "field" else "spell_trap"
        if zone == "spell_trap" and self.spell_trap_full(player):
            self.illegal(None, "no_free_zone", "no free Spell & Trap Zone")
        self.move(card, zone, controller=player, face_up=False, reason="Set")
        card.set_turn = self.turn

    def do_flip_summon(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card_id)
        self.require_open_main_phase(player, "a Flip Summon")
        if card.zone != "monsters" or card.face_up or card.controller != player:
            self.illegal(None, "not_flippable", f"{card.id} is not a face-down monster of {player}")
        if card.set_turn == self.turn:
            self.illegal(None, "set_this_turn", f"{card.id} was Set this turn")
        card.position, card.face_up = "attack", True
        card.summoned_how = ("flip", "procedure")
        self.emit("summon", f"{player} Flip Summons {card.id}", card=card.id, how="flip",
                  player=player)
        # A Flip Summon is attempted like any other summon: its FLIP effect waits for it to
        # succeed (settle_summon), and a card that negates summons may answer it first.
        self.summon_attempt = {"cards": [card.id], "player": player, "how": "flip",
                               "tributes": [], "negated": False}
        self.priority, self.passes = self.turn_player, 0

    def summon_to_field(self, card: CardInstance, player: str, position: str, face_up: bool = True,
                        how: str = "normal", tributes: Sequence[str] = ()) -> SummonAttempt:
        """The monster is placed; the summon succeeds once nobody negates the attempt, which
        is returned (a format may note more on it)."""
        if self.monster_zone_full(player):
            self.illegal(None, "no_free_zone", "no free Monster Zone")
        self.move(card, "monsters", controller=player, face_up=face_up, position=position,
                  reason=f"{how} summoned")
        card.summoned_turn = self.turn
        card.summoned_how = (how, "procedure")
        self.emit("summon", f"{player} {how.capitalize()} Summons {card.id} ({card.name})",
                  card=card.id, how=how, player=player, position=position, face_up=face_up)
        attempt: SummonAttempt = {"cards": [card.id], "player": player, "how": how,
                                  "tributes": list(tributes), "negated": False}
        self.summon_attempt = attempt
        self.priority, self.passes = self.turn_player, 0
        return attempt

    def settle_summon(self) -> None:
        """A summon nobody negated succeeds: it counts, and effects of being summoned start;
        the turn player receives priority first (core/chains#priority-after-a-summon)."""
        attempt, self.summon_attempt = self.summon_attempt, None
        if attempt is None or attempt["negated"]:
            return
        self.priority, self.passes = self.priority_after_summon(attempt["player"]), 0
        cards = [self.card(i) for i in attempt["cards"] if self.card(i).zone == "monsters"]
        self.just_summoned = [c.id for c in cards]
        self.summon_succeeded(cards, attempt["player"], attempt["how"])
        if attempt["how"] == "flip":
            for card in cards:
                self.flip_face_up(card)  # flipped face-up by its summon: its FLIP effect starts
            if self.pending_triggers and not self.chain and not self.resolving:
                self.start_trigger_chain()  # at once, before anything else is done
        if attempt["tributes"] and cards:
            self.tribute_summoned(cards[0], attempt["player"], attempt["tributes"])

    def priority_after_summon(self, summoner: str) -> str:
        """Who may respond first to a summon that has just succeeded: the turn player."""
        if summoner != self.turn_player:
            if self.misreads("summon-priority", "summoner-priority"):
                return summoner
            self.note_rule("summon-priority")
        return self.turn_player

    def summon_succeeded(self, cards: list[CardInstance], player: str, how: str) -> None:
        """Monsters were summoned successfully, by any path: the format counts them
        (`summoned`), then the cards watching summons hear of it (one event for monsters
        summoned together)."""
        self.summoned(cards, player, how)
        announce_summon(whole_duel(self), cards, player, how)

    def summoned(self, cards: list[CardInstance], player: str, how: str) -> None:
        """Hook: monsters were summoned successfully (a format may count them)."""

    def monster_set(self, card: CardInstance, player: str) -> None:
        """Hook: a monster was Set (a format may count a Deck Master's Set)."""

    def negate_summon(self, then: str, cause: str) -> None:
        attempt = self.summon_attempt
        if attempt is None:
            return
        attempt["negated"] = True
        for card_id in attempt["cards"]:
            card = self.card(card_id)
            self.negated.append(card_id)
            self.emit("negate", f"{cause} negates the summon of {card_id}",
                      card=card_id, by=cause, what="summon")
            if card.zone == "monsters":
                if then == "return_to_hand":
                    self.move(card, "hand", reason=f"returned by {cause}")
                else:
                    self.destroy(card, cause)
        self.summon_negated(attempt)

    def summon_negated(self, attempt: SummonAttempt) -> None:
        """Hook: a summon attempt was negated."""

    def do_special_summon(self, action: Action) -> None:
        """A monster that Special Summons itself by its own procedure (Chaos Sorcerer)."""
        player, card = action.actor, self.card(action.card_id)
        procedure = card.card.procedure
        if procedure is None or card.zone != "hand" or card.controller != player:
            self.illegal(None, "no_summon_procedure", f"{card.id} cannot Special Summon itself")
        self.require_open_main_phase(player, "a Special Summon")
        wanted = procedure.get("banish_from_graveyard", [])
        chosen = [self.card(i) for i in action.materials]
        if len(chosen) != len(wanted) or any(
                c.zone != "graveyard" or not self.may_use_from_area(c, player)
                for c in chosen) or not all(
                any(self.matches(c, spec) for c in chosen) for spec in wanted):
            self.illegal(None, "wrong_materials", f"{card.name} needs "
                         f"{len(wanted)} matching cards banished from the Graveyard")
        tributes = self.procedure_tributes(card, player, action, procedure.get("tribute"))
        self.check_special_summon(player, 1)
        for material in chosen:
            self.move(material, "banished", reason=f"banished to summon {card.id}")
        for tribute in tributes:
            self.move(tribute, "graveyard", reason=f"Tributed to summon {card.id}")
        self.summon_to_field(card, player, action.position or "attack", how="special")

    def procedure_tributes(self, card: CardInstance, player: str, action: Action,
                           wanted: YamlMapping | None) -> list[CardInstance]:
        """The monsters a summon procedure Tributes (`tribute: {count: 2, side: opponent}`:
        "by Tributing 2 monsters your opponent controls"), the step's `tributes`. Its text lets
        it take monsters its player could not otherwise use; a format's limits on Tributes
        (a Deck Master) and a card that cannot be Tributed still apply."""
        if wanted is None:
            if action.tributes:
                self.illegal(None, "wrong_tributes", f"{card.name}'s procedure Tributes nothing")
            return []
        count, side = wanted.get("count", 1), wanted.get("side", "own")
        spec = {k: v for k, v in wanted.items() if k not in ("count", "side")}
        chosen = [self.card(i) for i in action.tributes]
        if len(set(action.tributes)) != count:
            self.illegal(None, "wrong_tributes", f"{card.name}'s procedure Tributes "
                         f"{counted(count, 'monster')}")
        for tribute in chosen:
            # its player's own: what they may use on the field (a Phalanx teammate's too);
            # otherwise whose the text says
            usable = self.may_use_from_field(tribute, player) if side == "own" else \
                whose_fits(whole_duel(self), tribute, {"side": side}, player)
            if tribute.zone != "monsters" or not usable or not self.matches(tribute, spec):
                self.illegal(None, "wrong_tributes", f"{tribute.id} is not a monster "
                             f"{card.name}'s procedure may Tribute")
            forbidding = forbids_tribute(whole_duel(self), tribute)
            if forbidding is not None:
                self.illegal(None, "wrong_tributes",
                             f"{tribute.id} cannot be Tributed while {forbidding.id} says so")
            self.check_tribute(tribute, player, "procedure")
        return chosen

    def check_special_summon(self, player: str, count: int) -> None:
        """Hook: a format may forbid attempting a summon (a summon limit)."""

    def do_change_position(self, action: Action) -> None:
        """A manual change of battle position: once per turn, not on the turn it arrived."""
        player, card = action.actor, self.card(action.card_id)
        self.require_open_main_phase(player, "a change of battle position")
        if card.zone != "monsters" or not self.commands(card, player) or not card.face_up:
            self.illegal(None, "not_your_monster", f"{card.id} is not a face-up monster of {player}")
        if card.summoned_turn == self.turn or "position_changed" in card.notes:
            self.illegal(None, "position_change_used", f"{card.id} cannot change position now")
        self.check_position_change(card)
        card.position = "defense" if card.position == "attack" else "attack"
        card.notes.add("position_changed")
        self.emit("position", f"{card.id} changes to {card.position} position", card=card.id,
                  position=card.position)

    def check_position_change(self, card: CardInstance) -> None:
        """Hook: a format may lock a monster's battle position."""

    def battle_swap(self, card: CardInstance, ctx: EffectContext) -> None:
        """An effect switches a monster's battle position (a format may cite its rule)."""
        card.position = "defense" if card.position == "attack" else "attack"
        self.emit("position", f"Battle Swap: {card.id} changes to {card.position} position",
                  card=card.id, position=card.position, what="battle_swap")

    def commands(self, card: CardInstance, player: str) -> bool:
        """May `player` attack with this monster or change its position? Its controller may."""
        return card.controller == player

    # --- attacking -----------------------------------------------------------------------------

    def do_attack(self, action: Action) -> None:
        player, attacker = action.actor, self.card(action.card_id)
        if player != self.turn_player or self.phase != "battle":
            self.illegal(None, "wrong_phase", "attacks are declared in your own Battle Phase")
        if self.chain or self.attack is not None:
            self.illegal(None, "not_open_game_state", "an attack is already under way")
        if attacker.zone != "monsters" or not self.commands(attacker, player) or \
                not attacker.face_up or not self.may_attack_in_position(attacker):
            self.illegal(None, "cannot_attack", f"{attacker.id} is not a face-up Attack Position "
                         f"monster of {player}")
        if attacker.attacked_this_turn:
            self.illegal(None, "already_attacked", f"{attacker.id} has already attacked this turn")
        forbidding = forbids_attack(whole_duel(self), attacker)
        if forbidding is not None:
            self.illegal(None, "cannot_attack", f"{attacker.id} cannot declare an attack while "
                         f"{forbidding.id} ({forbidding.name}) is face-up on the field")
        target = None if action.target in (None, "direct") else self.card(action.target)
        self.check_attack_target(attacker, target, player)
        attacker.attacked_this_turn = True
        self.attack = Attack(attacker.id, target.id if target else None, player)
        self.emit("attack", f"{attacker.id} attacks " + (target.id if target else "directly"),
                  attacker=attacker.id, target=target.id if target else None, player=player)
        self.priority, self.passes = self.turn_player, 0

    def may_attack_in_position(self, attacker: CardInstance) -> bool:
        """Hook: may a face-up monster in this battle position declare an attack?"""
        return attacker.position == "attack"

    def check_attack_target(self, attacker: CardInstance, target: CardInstance | None,
                            player: str) -> None:
        defenders = self.zone_of(self.opponent(player), "monsters")
        if target is None:
            if defenders:
                self.illegal(None, "direct_attack_blocked",
                             "a direct attack needs the opponent to control no monsters")
        elif target.id not in defenders:
            self.illegal(None, "invalid_attack_target", f"{target.id} cannot be attacked")

    def negate_attack(self, end_battle_phase: bool = False, cause: str = "") -> None:
        if self.attack is None:
            return
        self.attack.negated = True
        self.end_battle_phase_pending = self.end_battle_phase_pending or end_battle_phase
        self.emit("attack", f"{cause} negates the attack of {self.attack.attacker}",
                  attacker=self.attack.attacker, by=cause, what="negated")

    def redirect_attack(self, new_target: CardInstance, cause: str) -> None:
        """An effect moves the attack under way onto another monster."""
        if self.attack is None or new_target.zone != "monsters":
            return
        self.attack.target = new_target.id
        self.emit("attack", f"{cause} redirects the attack of {self.attack.attacker} to "
                  f"{new_target.id}", attacker=self.attack.attacker, target=new_target.id,
                  by=cause, what="redirected")

    # --- the Damage Step ------------------------------------------------------------------------

    def begin_damage_step(self) -> None:
        """Both players passed in the Battle Step with the attack standing: the Damage Step
        begins, before damage calculation, and the turn player may act in it first.

        Its window opens only if the next step activates a card that may be activated in it
        (by the turn player, or by another player, the turn player having passed). Any other
        step (a pass, a phase, an activation that must wait, the end of the script) means every
        player passed in it: damage is calculated first. Once a card has been activated in it,
        passes close it as they close any window.
        """
        attack = self.attack
        if attack is None:  # no attack under way: no Damage Step
            return
        attack.step = "damage"
        self.priority, self.passes = self.turn_player, 0
        self.emit("battle", f"the attack of {attack.attacker} stands: the Damage Step "
                  "begins", attacker=attack.attacker, what="damage_step")

    def damage_step_waiting(self) -> bool:
        """Has the Damage Step begun, with no activation in it (yet)?"""
        return self.attack is not None and self.attack.step == "damage" and \
            not self.attack.damage_window and not self.chain and self.result is None

    def opens_damage_step(self, action: Action) -> bool:
        """Does this step act in a Damage Step that has begun (an activation of a card that may
        be activated there), rather than follow it?"""
        if action.verb != "activate" or action.card not in self.cards:
            return False
        card = self.card(action.card)
        is_card = card.card.kind in ("spell", "trap") and (
            card.zone == "hand" or (card.on_field and not card.face_up))
        return self.allowed_in_damage_step(card, is_card)

    def open_damage_step(self, action: Action) -> None:
        """The first activation in the Damage Step: another player than the turn player acts
        in it once the turn player has passed."""
        if action.player in self.players and action.player != self.priority:
            self.emit("battle", f"{self.priority} passes in the Damage Step", what="damage_pass",
                      player=self.priority)
            self.priority, self.passes = action.player, 0

    def close_damage_step(self) -> None:
        """Nobody activated anything in the Damage Step: damage is calculated."""
        self.priority, self.passes = self.turn_player, 0
        self.fight()
        self.after_action()

    def allowed_in_damage_step(self, card: CardInstance, is_card: bool,
                               program: YamlMapping | None = None) -> bool:
        """May this card (this `program` of it, when known) be activated in the Damage Step?
        Only a card made for it (its flag `damage_step`, or a program that changes ATK/DEF as
        it resolves) and a Counter Trap, so not every Quick-Play Spell."""
        definition = card.card
        changes = changes_stats(definition) if program is None else \
            program_changes_stats(program)
        kind = (definition.kind, definition.subtype)
        if is_card and kind == ("trap", "counter"):
            if self.misreads("counter-trap-damage-step", "no-counter-trap"):
                return False
            self.note_rule("counter-trap-damage-step")
            return True
        allowed = "damage_step" in definition.flags
        if is_card and kind == ("spell", "quick-play"):
            if self.misreads("damage-step", "any-quick-play"):
                return True
            if self.misreads("damage-step", "no-quick-play"):
                return False
            return allowed or changes
        if not allowed and changes:
            if self.misreads("damage-step-stat-change", "quick-play-only"):
                return False
            self.note_rule("damage-step-stat-change")
            return True
        return allowed

    def check_damage_step(self, card: CardInstance, is_card: bool,
                          program: YamlMapping | None = None) -> None:
        """In the Damage Step only cards made for it may be activated: not every Quick-Play
        Spell (core/card-types#quick-play-damage-step)."""
        if self.attack is None or self.attack.step != "damage":
            return
        quick_play = is_card and (card.card.kind, card.card.subtype) == ("spell", "quick-play")
        if not self.allowed_in_damage_step(card, is_card, program):
            if quick_play:
                self.illegal("damage-step", "not_in_damage_step",
                             f"{card.name} cannot be activated in the Damage Step")
            # Any other card: only one that changes ATK/DEF (or a Counter Trap) may be.
            self.illegal("damage-step-stat-change", "not_in_damage_step",
                         f"{card.name} cannot be activated in the Damage Step")
        if quick_play:
            self.note_rule("damage-step")
        elif (card.card.kind, card.card.subtype) != ("trap", "counter") or not is_card:
            self.note_rule("damage-step-stat-change")

    def fight(self) -> None:
        """Both players passed with the attack standing: damage calculation."""
        attack, self.attack = self.attack, None
        if attack is None or attack.negated:  # no attack under way, or none left to calculate
            return
        attacker = self.card(attack.attacker)
        if attacker.zone != "monsters":
            return
        player, rival = attack.player, self.opponent(attack.player)
        if attack.target is not None:  # with several opponents: the attacked monster's controller
            rival = self.card(attack.target).controller
        if attack.target is None:
            self.battle_damage(rival, self.effective_atk(attacker), attacker, direct=True)
        else:
            self.monster_battle(attacker, self.card(attack.target), player, rival)
        self.after_battle(attacker)

    def monster_battle(self, attacker: CardInstance, defender: CardInstance, player: str,
                       rival: str) -> None:
        flipped = not defender.face_up
        if flipped:
            defender.face_up = True
            self.emit("flip", f"{defender.id} is flipped face-up by the attack", card=defender.id,
                      what="attack")
        atk = self.effective_atk(attacker)
        if defender.position == "attack":
            other = self.effective_atk(defender)
            if atk > other:
                self.battle_damage(rival, atk - other, attacker)
                self.destroy_by_battle(defender)
            elif atk < other:
                self.battle_damage(player, other - atk, defender)
                self.destroy_by_battle(attacker)
            else:
                self.destroy_by_battle(attacker)
                self.destroy_by_battle(defender)
        else:
            other = self.effective_def(defender)
            if atk > other:
                self.destroy_by_battle(defender)
            elif atk < other:
                self.battle_damage(player, other - atk, defender)
        if flipped:
            self.queue_triggers(defender, "flipped")
        if defender.zone == "monsters" and defender.face_up:
            self.queue_triggers(defender, "attacked_after_damage", attacker=attacker.id)

    def destroy_by_battle(self, card: CardInstance) -> None:
        if self.battle_destroys(card):
            self.destroy(card, "battle")

    def battle_destroys(self, card: CardInstance) -> bool:
        if "no_battle_destruction" in self.turn_flags:
            self.emit("battle", f"{card.id} is not destroyed by this battle",
                      card=card.id, what="not_destroyed")
            return False
        return card.zone == "monsters"

    def battle_damage(self, player: str, value: int, source: CardInstance,
                      direct: bool = False) -> None:
        if value <= 0 or self.result is not None:
            return
        if "no_battle_damage" in self.turn_flags:
            self.emit("battle", f"{player} takes no battle damage this turn",
                      player=player, what="no_damage")
            return
        self.last_battle = {"source": source.id, "direct": direct, "player": player}
        self.change_lp({player: -value}, source.id, kind="battle damage")
        if source.on_field:
            self.queue_triggers(source, "inflicts_battle_damage")

    def after_battle(self, attacker: CardInstance) -> None:
        """Hook for effects that apply after damage calculation."""
