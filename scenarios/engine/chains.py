"""Activations and chains: spell speeds, priority, costs, targets, and resolving backwards."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import conditions
from .card_filters import TARGET_KEYS, fits
from .conditions import is_general
from .deck_effects import hand_size_holds
from .effect_zones import activation_zones, is_quick_effect
from .duelpart import DuelPart, whole_duel
from .errors import IllegalAction, ScriptError
from .primitives import COSTS, EffectContext, check_at_activation, run
from .restrictions import shields_from_targeting
from .rules import Rule
from .state import ChainLink
from .vocabulary.board import Zone
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .scenario import Action
    from .state import CardInstance

# What a target spec's `card:` may name, as card texts do; where it may be, when no `zone:` says.
TARGET_KINDS = ("card", "monster", "spell_trap", "spell", "trap")
MONSTER_AREAS = ("monsters", "extra_monster_zone")
ON_FIELD_TARGETS = ("monsters", "spell_trap", "field_zone", "extra_monster_zone")
# A target spec's `zone:` that names several zones; any other names one zone.
TARGET_ZONE_GROUPS = {"field": ("monsters", "spell_trap", "field_zone"),
                      "spell_trap": ("spell_trap", "field_zone")}
# Where the cards paid for a cost go, and the words a move's reason uses for each kind.
COST_DESTINATIONS = {"tribute": "graveyard", "discard": "graveyard", "banish": "banished",
                     "send_to_graveyard": "graveyard"}
COST_WORDS = {"tribute": "Tributed", "discard": "discarded", "banish": "banished",
              "send_to_graveyard": "sent to the Graveyard"}

NON_PERMANENT = {("spell", "normal"), ("spell", "quick-play"), ("spell", "ritual"),
                 ("trap", "normal"), ("trap", "counter")}
CARD_SPEEDS = {("spell", "quick-play"): 2, ("trap", "normal"): 2, ("trap", "continuous"): 2,
               ("trap", "counter"): 3}


class ChainRules(DuelPart):
    CHAIN_RULES = (
        Rule("spell-speed", "core/chains#chaining-speed",
             "A link may be answered only at the same or a higher Spell Speed, never at 1.",
             {"any-speed": "any card may answer any link, whatever its Spell Speed"}),
        Rule("chain-order", "core/chains#resolving-backwards",
             "The chain resolves last link first.",
             {"first-in-first-out": "the chain resolves from Chain Link 1 upwards"}),
        Rule("costs", "core/chains#costs-at-activation",
             "Costs are paid on activation; one that cannot be paid in full forbids it.",
             {"partial-payment": "a player may pay as much of a cost as they can",
              "paid-on-resolution": "a cost is paid when the card resolves, not when it is "
                                    "activated"}),
        Rule("all-remaining-lp", "core/chains#paying-all-remaining-lp",
             "A player may pay an LP cost with all of their remaining LP, and then loses at 0 LP.",
             {"keep-one-lp": "a player must keep at least 1 LP, so a cost equal to their LP "
                             "cannot be paid"}),
        Rule("leaving-after-chain", "core/chains#leaving-after-the-chain",
             "Normal Spells and Traps stay on the field until the whole chain has resolved.",
             {"leaves-on-activation": "the card goes to the Graveyard as soon as it is activated"}),
        Rule("quick-play-set-turn", "core/card-types#quick-play-not-turn-set",
             "A Quick-Play Spell cannot be activated the turn it was Set.",
             {"same-turn-allowed": "a Set Quick-Play Spell may be activated at once"}),
        Rule("trap-set-turn", "core/card-types#trap-not-turn-set",
             "A Trap cannot be activated the turn it was Set.",
             {"same-turn-allowed": "a Set Trap may be activated the turn it was Set"}),
        Rule("trap-next-turn", "core/card-types#trap-from-next-draw-phase",
             "A Set Trap may be activated from the next turn's Draw Phase on, in either player's "
             "turn.",
             {"own-turn-only": "a Set Trap first becomes usable in its controller's own next "
                               "turn"}),
        Rule("quick-play-hand", "core/card-types#quick-play-not-from-hand-opponent-turn",
             "A Quick-Play Spell is activated from the hand only in its owner's turn.",
             {"any-turn": "a Quick-Play Spell may be activated from the hand in either turn"}),
        Rule("counter-trap-speed", "core/card-types#counter-trap-spell-speed-3",
             "Counter Traps are the only Spell Speed 3 cards.",
             {"speed-2": "Counter Traps are Spell Speed 2 like other Traps"}),
        Rule("continuous-trap-once", "core/card-types#continuous-trap-once-in-flip-chain",
             "A Continuous Trap flipped face-up in a chain cannot activate its effect again in it.",
             {"reactivation-allowed": "the effect may be activated again in the same chain"}),
        Rule("field-spell-own", "core/card-types#field-spell-own-replacement",
             "Your old Field Spell is destroyed as soon as you activate a new one.",
             {"replaced-on-resolution": "your old Field Spell leaves only if the new one resolves"}),
        Rule("field-spell-opponent", "core/card-types#field-spell-opponent-replacement",
             "The opponent's Field Spell leaves only when the new one resolves.",
             {"replaced-on-activation": "the opponent's Field Spell leaves as soon as the new one "
                                        "is activated"}),
        Rule("one-link-chain", "core/card-types#normal-spell-one-link-chain",
             "A Spell nobody answers is still a chain of 1 link: it stays until it has resolved.",
             {"no-chain": "an unanswered Spell forms no chain and leaves the field at once",
              "resolves-at-once": "a Spell nobody has answered is not a chain, so it resolves the "
                                  "moment it is activated"}),
        Rule("normal-spell-destroyed", "core/card-types#normal-spell-destroyed-after-activation",
             "An activated Normal Spell counts as destroyed at once: while it waits on the field "
             "for its chain, an effect cannot destroy it again, nor count it as a card it "
             "destroyed.",
             {"not-destroyed-yet": "an activated Normal Spell is an ordinary card until its chain "
                                   "has resolved, so an effect destroys it (and counts it)",
              "destroyed-loses-effect": "an effect that destroys an activated Normal Spell before "
                                        "it resolves also stops its effect, as it would a "
                                        "permanent card's"}),
        Rule("normal-spell-main-phase", "core/card-types#normal-spell-main-phase",
             "A Normal Spell is activated only in its controller's Main Phases.",
             {"any-phase-own-turn": "a Normal Spell may be activated in any Phase of one's turn"}),
        Rule("normal-spell-set-turn", "core/card-types#normal-spell-set-and-activate",
             "A Normal Spell may be Set and activated in the same turn.",
             {"set-turn-wait": "a Set Normal Spell must wait a turn, like a Trap"}),
        Rule("quick-play-own-turn", "core/card-types#quick-play-from-hand-own-turn",
             "A Quick-Play Spell may be activated from the hand in any Phase of one's own turn.",
             {"main-phase-only": "from the hand it may be activated only in the Main Phases"}),
        Rule("trap-set-first", "core/card-types#trap-set-first",
             "A Trap Card must be Set before it can be activated.",
             {"from-hand": "a Trap may be activated straight from the hand"}),
        Rule("chain-stops", "core/ending-the-game#zero-lp-chain-stops",
             "Once a player is at 0 LP after a link resolves, the rest of the chain does not.",
             {"chain-finishes": "the remaining links still resolve before the duel ends"}),
        Rule("counter-trap-game-state", "core/card-types#counter-trap-game-state",
             "A Counter Trap that looks at a Game State may be activated while that state lasts.",
             {"direct-response-only": "such a Counter Trap must directly answer the event"}),
        Rule("counter-trap-direct", "core/card-types#counter-trap-responds-directly",
             "A Counter Trap answers its event only directly: as the link right after it.",
             {"any-earlier-link": "a Counter Trap may answer its event anywhere in the chain"}),
        Rule("spell-speed-2", "core/chains#spell-speed-2",
             "Quick-Play Spells, Normal and Continuous Traps and Quick Effects are Spell Speed 2.",
             {"continuous-trap-speed-1": "a Continuous Trap is Spell Speed 1, like a Continuous "
                                         "Spell",
              "quick-play-speed-1": "a Quick-Play Spell is Spell Speed 1, like the other Spells",
              "quick-effect-speed-1": "a monster's Quick Effect is Spell Speed 1, like an "
                                      "Ignition Effect",
              "responses-only": "a Spell Speed 2 card can only be activated in response to "
                                "something, never to start a chain"}),
        Rule("building-a-chain", "core/chains#building-a-chain",
             "After an activation the other player may respond first; two passes in a row close "
             "the chain.",
             {"activator-responds-first": "the player who activated keeps priority to respond "
                                          "first",
              "no-self-response": "only the other player may respond to an activation: no one "
                                  "may chain to their own card"}),
        Rule("field-zone-per-player", "core/card-types#field-zone-per-player",
             "Each player plays Field Spells to a Field Zone of their own.",
             {"shared-field-zone": "both players share one Field Zone, so a Field Spell cannot "
                                   "be played while the opponent's occupies it"}),
        Rule("one-active-field-spell", "core/card-types#one-active-field-spell",
             "Only one Field Spell is active on the whole field: the opponent's goes when a new "
             "one becomes active.",
             {"one-per-player": "each player may keep an active Field Spell of their own"}),
        Rule("set-field-spell-inactive", "core/card-types#set-field-spells-inactive",
             "A Set Field Spell is not active, so a new face-up one does not replace it.",
             {"set-counts-as-active": "a Set Field Spell is active and is replaced like a face-up "
                                      "one"}),
        Rule("field-spell-new-negated", "core/card-types#field-spell-opponent-new-negated",
             "The opponent's Field Spell stays if the new one is negated or destroyed before it "
             "resolves.",
             {"replaced-anyway": "the opponent's Field Spell goes even if the new one never "
                                 "resolves"}),
        Rule("permanent-stays", "core/card-types#permanent-stay-on-field",
             "A permanent card stays on the field after its chain, until an effect destroys it.",
             {"leaves-after-chain": "every Spell and Trap goes to the Graveyard once its chain "
                                    "has resolved"}),
        Rule("permanent-card-types", "core/card-types#permanent-card-types",
             "Continuous, Equip and Field Spells and Continuous Traps are permanent cards.",
             {"continuous-trap-not-permanent": "a Continuous Trap leaves after its chain, like a "
                                               "Normal Trap"}),
        Rule("permanent-without-icon", "core/card-types#permanent-without-icon",
             "Some cards without a Continuous icon (Blast with Chain) stay on the field too.",
             {"icon-decides": "a card without a Continuous icon always leaves after its chain"}),
        Rule("permanent-effects-end", "core/card-types#permanent-effects-end-off-field",
             "A permanent card that has left the field before its link resolves has no effect.",
             {"resolves-anyway": "the link still applies its effect from the Graveyard"}),
        Rule("field-spell-mechanic", "core/card-types#field-spell-game-mechanic-destruction",
             "A replaced Field Spell is destroyed by a game mechanic, not by the new card's effect.",
             {"new-cards-effect": "the new Field Spell's effect destroys the old one, so it does "
                                  "so only if that effect resolves"}),
    )

    # --- what is being activated ---------------------------------------------------------------

    def activation_for(self, card: CardInstance, player: str) -> tuple[YamlMapping, bool]:
        """(program, is_card_activation) for what `player` would activate with `card` now."""
        definition = card.card
        if definition.kind in ("spell", "trap") and (card.zone == Zone.HAND or
                                                     (card.on_field and not card.face_up)):
            if definition.activation is None:
                self.illegal(None, "not_activatable", f"{card.name} has no activation")
            return definition.activation, True
        for waiting in self.optional_triggers:
            if waiting["card"] == card.id:
                self.optional_triggers.remove(waiting)
                self.trigger_data = waiting["data"]
                return waiting["effect"], False
        for effect in definition.effects:
            for key in ("quick", "ignition"):
                if key in effect and self.usable_where_it_is(card, effect):
                    return effect[key], False
        self.illegal(None, "not_activatable", f"{card.id} has nothing to activate now")

    def usable_where_it_is(self, card: CardInstance, effect: YamlMapping) -> bool:
        """May this Quick or Ignition effect be activated where the card is now? Face-up on the
        field with its effects applying, unless its `from:` names the hand or the Graveyard
        (effect_zones.py)."""
        zones = activation_zones(effect)
        if card.zone in zones:
            return True
        return "field" in zones and card.on_field and card.face_up and self.has_effects(card)

    def speed_of(self, card: CardInstance, program: YamlMapping, is_card_activation: bool) -> int:
        if not is_card_activation and card.card.is_monster and \
                is_quick_effect(card.card.effects_of("quick"), program):
            # A monster's Quick Effect is Spell Speed 2, from whatever zone it is activated.
            if self.misreads("spell-speed-2", "quick-effect-speed-1"):
                return 1
            self.note_rule("spell-speed-2")
            return program.get("speed", 2)
        if "speed" in program:
            return program["speed"]
        if not is_card_activation and card.card.kind == "trap" and not card.card.is_monster:
            # The effect of a face-up Trap Card (a Continuous Trap's) has the card's own Spell
            # Speed 2, not the Spell Speed 1 of a Spell's or an Ignition Effect.
            if self.misreads("spell-speed-2", "continuous-trap-speed-1"):
                return 1
            self.note_rule("spell-speed-2")
            return 2
        if is_card_activation:
            speed = CARD_SPEEDS.get((card.card.kind, card.card.subtype), 1)
            if speed == 3 and self.misreads("counter-trap-speed", "speed-2"):
                return 2
            if speed == 2:
                if card.card.subtype == "continuous" and \
                        self.misreads("spell-speed-2", "continuous-trap-speed-1"):
                    return 1
                if card.card.subtype == "quick-play" and \
                        self.misreads("spell-speed-2", "quick-play-speed-1"):
                    return 1
                self.note_rule("spell-speed-2")
            return speed
        return 1

    # --- activating ----------------------------------------------------------------------------

    def do_activate(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card_id)
        if card.controller != player:
            self.illegal(None, "not_your_card", f"{player} does not control {card.id}")
        if self.priority != player and not self.may_answer_out_of_turn(card, action):
            self.illegal(None, "no_priority", f"{player} does not hold priority")
        program, is_card = self.activation_for(card, player)
        activated_in = card.zone  # before a cost moves it (`discard: self`)
        speed = self.speed_of(card, program, is_card)
        self.check_timing(card, player, speed, is_card, program)
        self.check_conditions(card, player, program)
        targets = self.choose_targets(card, player, program, action)
        choice = self.check_choice(card, program, action)
        check_at_activation(whole_duel(self), player, program, list(action.materials),
                            dict(action.select), card.id)
        selections = dict(action.select)
        deferred = bool(program.get("cost")) and \
            self.misreads(self.cost_rule(card, program), "paid-on-resolution")
        if not deferred:
            self.pay_costs(card, player, program, selections)
        self.put_on_field(card, player, is_card)
        link = ChainLink(number=len(self.chain) + 1, card_id=card.id, player=player, speed=speed,
                         program=program, is_card_activation=is_card, targets=targets,
                         choice=choice, selections=selections,
                         data={**self.__dict__.pop("trigger_data", {}),
                               **({"activated_in": activated_in} if not is_card and
                                  activated_in in (Zone.HAND, Zone.GRAVEYARD) else {}),
                               **({"materials": list(action.materials)} if action.materials
                                  else {}), **({"costs_due": True} if deferred else {})})
        self.chain.append(link)
        self.emit("activate", f"{player} activates {card.id} ({card.name}) as Chain Link "
                  f"{link.number} (Spell Speed {speed})", card=card.id, link=link.number,
                  player=player, speed=speed, card_activation=is_card)
        if is_card and card.card.subtype == "field":
            self.field_spell_activated(card, player)
        if is_card and (card.card.kind, card.card.subtype) in NON_PERMANENT:
            if self.misreads("leaving-after-chain", "leaves-on-activation"):
                self.move(card, "graveyard", reason="sent at activation")
            elif card.on_field:
                self.note_rule("leaving-after-chain")  # it waits on the field for its chain
        # The other player answers first; the activator responds only after they pass.
        self.priority, self.passes = (player if self.misreads("building-a-chain",
                                                              "activator-responds-first")
                                      else self.next_player(player)), 0
        self.note_rule("building-a-chain")
        if len(self.chain) == 1 and self.is_lone_spell(link) and \
                self.misreads("one-link-chain", "resolves-at-once"):
            self.resolve_chain()  # the wrong reading: nobody answered yet, so no chain waits
            self.priority = self.turn_player

    def may_answer_out_of_turn(self, card: CardInstance, action: Action) -> bool:
        """A waiting trigger needs no passed priority. A card answering an open summon does:
        the turn player holds priority first in the summon negation window, and the opponent
        may negate the summon once the turn player has passed
        (core/chains#priority-after-a-summon)."""
        if self.chain:
            return False
        if any(t["card"] == card.id for t in self.optional_triggers):
            return True
        if self.summon_attempt is None or not self.answers_summon(action):
            return False
        if self.misreads("summon-priority", "opponent-answers-at-once"):
            return True
        self.note_rule("summon-priority")  # the turn player has not passed yet
        return False

    def check_timing(self, card: CardInstance, player: str, speed: int, is_card: bool,
                     program: YamlMapping) -> None:
        definition = card.card
        self.check_damage_step(card, is_card, program)
        if self.chain:
            top = self.chain[-1]
            if top.player == player and self.misreads("building-a-chain", "no-self-response"):
                self.note_rule("building-a-chain")  # a wrong reading of it refuses the step
                self.illegal(None, "no_priority",
                             f"{player} may not chain to their own Chain Link {top.number}")
            if not self.misreads("spell-speed", "any-speed") and (speed < 2 or speed < top.speed):
                rules = ["spell-speed"] + (["counter-trap-speed"] if top.speed == 3 else [])
                for rule in rules[1:]:
                    self.rules_used.append(self.anchor(rule))
                self.illegal("spell-speed", "spell_speed_too_low",
                             f"Spell Speed {speed} cannot answer Chain Link {top.number} "
                             f"(Spell Speed {top.speed})")
        elif speed == 2 and is_card and self.misreads("spell-speed-2", "responses-only"):
            self.note_rule("spell-speed-2")  # a wrong reading of it refuses the step
            self.illegal(None, "condition_not_met",
                         f"{card.name} would need a Chain Link to respond to")
        elif speed == 1 and not self.is_trigger(program) and (player != self.turn_player or self.phase not in ("main1", "main2")
                             or self.attack is not None):
            normal_spell = is_card and (definition.kind, definition.subtype) == ("spell", "normal")
            if not (normal_spell and player == self.turn_player and
                    self.misreads("normal-spell-main-phase", "any-phase-own-turn")):
                self.illegal("normal-spell-main-phase" if normal_spell else "spell-speed",
                             "spell_speed_1_timing",
                             "a Spell Speed 1 activation needs its controller's open Main Phase")
        if is_card and card.on_field and not card.face_up and definition.kind == "trap" and \
                card.set_turn is not None and card.set_turn == self.turn - 1:
            # the turn after its Set, from its Draw Phase on, whoever's turn it is
            if player != self.turn_player and \
                    self.misreads("trap-next-turn", "own-turn-only"):
                self.illegal("trap-next-turn", "set_this_turn",
                             f"{card.id} waits for {player}'s own next turn")
            self.note_rule("trap-next-turn")
        if is_card and card.on_field and not card.face_up and card.set_turn == self.turn:
            if definition.kind == "trap" and not self.misreads("trap-set-turn", "same-turn-allowed"):
                self.illegal("trap-set-turn", "set_this_turn", f"{card.id} was Set this turn")
            if definition.subtype == "quick-play" and \
                    not self.misreads("quick-play-set-turn", "same-turn-allowed"):
                self.illegal("quick-play-set-turn", "set_this_turn", f"{card.id} was Set this turn")
            if (definition.kind, definition.subtype) == ("spell", "normal"):
                if self.misreads("normal-spell-set-turn", "set-turn-wait"):
                    self.illegal("normal-spell-set-turn", "set_this_turn",
                                 f"{card.id} was Set this turn")
                self.note_rule("normal-spell-set-turn")
        if is_card and card.zone == Zone.HAND:
            if definition.kind == "trap" and not self.misreads("trap-set-first", "from-hand"):
                self.illegal("trap-set-first", "trap_from_hand",
                             "a Trap must be Set before it is activated")
            if definition.subtype == "quick-play" and player == self.turn_player and \
                    self.phase not in ("main1", "main2"):
                if self.misreads("quick-play-own-turn", "main-phase-only"):
                    self.illegal("quick-play-own-turn", "wrong_phase",
                                 "a Quick-Play Spell from the hand needs a Main Phase")
                self.note_rule("quick-play-own-turn")
            if definition.subtype == "quick-play" and player != self.turn_player and \
                    not self.misreads("quick-play-hand", "any-turn"):
                self.illegal("quick-play-hand", "quick_play_from_hand_opponent_turn",
                             "a Quick-Play Spell cannot be activated from the hand in the "
                             "opponent's turn")
        if not is_card and card.flipped_in_chain and card.card.kind == "trap" and \
                not self.misreads("continuous-trap-once", "reactivation-allowed"):
            self.illegal("continuous-trap-once", "flipped_this_chain",
                         f"{card.id} was flipped face-up in this chain")

    @staticmethod
    def is_trigger(program: YamlMapping) -> bool:
        return "trigger" in program

    def check_conditions(self, card: CardInstance, player: str, program: YamlMapping) -> None:
        for condition in program.get("when", []):
            name, arg = (condition, None) if isinstance(condition, str) else next(iter(condition.items()))
            if not self.condition_holds(name, arg, card, player):
                self.illegal(None, "condition_not_met",
                             f"{card.name} needs '{name}' and it does not hold now")

    def condition_holds(self, name: str, arg: YamlValue, card: CardInstance, player: str) -> bool:
        if is_general(name):  # joins and conditions every format reads (conditions.py)
            return conditions.holds(self, name, arg, card, player)  # type: ignore[arg-type]
        top = self.chain[-1] if self.chain else None
        if name in ("summon_attempt", "normal_summon_attempt") and \
                self.misreads("summon-priority", "no-attempt"):
            return False  # the wrong reading: the summon already succeeded
        if name == "summon_attempt":
            return self.summon_attempt is not None and not self.summon_attempt["negated"] and \
                self.summon_attempt["player"] != player and not self.chain
        if name == "normal_summon_attempt":
            return self.summon_attempt is not None and not self.summon_attempt["negated"] and \
                self.summon_attempt["how"] in ("normal", "tribute") and \
                self.summon_attempt["player"] != player and not self.chain
        if name == "summon_attempt_or_summoning_card":
            return self.condition_holds("summon_attempt", None, card, player) or (
                top is not None and top.player != player and any(
                    key in step for step in self.program_steps(top)
                    for key in ("special_summon", "fusion_summon")))
        if name == "monster_summoned":
            return bool(self.just_summoned) and not self.chain
        if name == "opponent_attack":
            holds = self.attack is not None and not self.attack.negated and \
                self.is_opponent(self.attack.player, player)
            if holds and top is not None and card.card.subtype == "counter":
                # Not a direct answer to the attack: the attack is a Game State that still lasts.
                if self.misreads("counter-trap-game-state", "direct-response-only"):
                    return False
                self.note_rule("counter-trap-game-state")
            return holds
        if name in ("responds_to_spell_trap", "responds_to_spell"):
            kinds = ("spell", "trap") if name == "responds_to_spell_trap" else ("spell",)
            answers = [link for link in self.chain if link.is_card_activation and self.card(
                link.card_id).card.kind in kinds or name == "responds_to_spell_trap" and
                link.ability_type in kinds]
            if top is not None and top in answers:
                return True
            if answers and card.card.subtype == "counter":
                # The event is in the chain, but not as the link this one would answer directly.
                if self.misreads("counter-trap-direct", "any-earlier-link"):
                    return True
                self.note_rule("counter-trap-direct")
            return False
        if name == "responds_to_special_summon":
            return top is not None and any("special_summon" in step for step in
                                           self.program_steps(top))
        if name == "lp_behind_by":
            # "your opponent has N or more LP than you": any opposing player (kd-team-opponents)
            return any(self.players[player].lp <= self.players[rival].lp - arg
                       for rival in self.opponents_of(player))
        if name == "hand_size":
            return hand_size_holds(whole_duel(self), arg, card, player)
        raise ScriptError(f"unknown activation condition '{name}' on {card.name}")

    @staticmethod
    def program_steps(link: ChainLink) -> list[YamlMapping]:
        program = link.program.get("resolve", [])
        if isinstance(program, dict):
            program = program.get(link.choice, [])
        return program

    def choose_targets(self, card: CardInstance, player: str, program: YamlMapping,
                       action: Action) -> list[str]:
        spec = program.get("target")
        if spec is None:
            if action.targets:
                raise ScriptError(f"{card.name} takes no target", field="target")
            return []
        if not action.targets:
            raise ScriptError(f"{card.name} needs a scripted target (target: <card id>)",
                                field="target")
        for target_id in action.targets:
            target = self.card(target_id)
            if not self.valid_target(target, spec, player, card):
                self.illegal(None, "invalid_target", f"{target_id} is not a valid target "
                             f"for {card.name}")
        return list(action.targets)

    def valid_target(self, target: CardInstance, spec: YamlMapping, player: str,
                     source: CardInstance) -> bool:
        """A target is described as the card text does: `card:` names what it must be (a monster,
        a Spell/Trap Card, any card; on the field unless `zone:` names another place, such as the
        Graveyard), and the rules decide what counts as one (`is_card_of_kind`)."""
        if "zone" in spec:
            zones = TARGET_ZONE_GROUPS.get(spec["zone"], (spec["zone"],))
        else:
            zones = ON_FIELD_TARGETS
        if target.zone not in zones or target.id == source.id:
            return False
        if "card" in spec and not self.is_card_of_kind(target, spec["card"]):
            return False
        return fits(whole_duel(self), target, spec, player, skip=TARGET_KEYS) \
            and self.can_be_targeted(target, source, spec.get("for")) \
            and shields_from_targeting(whole_duel(self), target, source) is None

    def is_card_of_kind(self, card: CardInstance, kind: str) -> bool:
        """Is this card what a card text calls `kind` (TARGET_KINDS)? A monster is a card in a
        Monster Zone, a Spell/Trap Card one in a Spell & Trap Zone or Field Zone; off the field,
        the printed card type decides. A format may count more (a Phalanx rampart)."""
        if kind == "card":
            return True
        if card.zone in MONSTER_AREAS:
            return kind == "monster"
        if card.zone in ("spell_trap", "field_zone"):
            # a monster card there (a Pendulum Scale) is a Spell Card
            return kind in ("spell_trap", "spell" if card.card.is_monster else card.card.kind)
        return kind == card.card.kind or (kind == "spell_trap" and
                                          card.card.kind in ("spell", "trap"))

    def effect_kind(self, source_id: str) -> str | None:
        """'spell' or 'trap' when the effect of the card `source_id` is a Spell or Trap effect,
        else None (a format may count more as one: a Deck Master's Spell or Trap Ability)."""
        source = self.cards.get(source_id)
        kind = source.card.kind if source is not None else None
        return kind if kind in ("spell", "trap") else None

    def unaffected_by(self, card: CardInstance, source_id: str) -> bool:
        """Is `card` unaffected by the effect of the card `source_id` as it resolves? A card
        printed "unaffected by Spell (Trap) effects" carries the flag `unaffected:spell`
        (`unaffected:trap`), in every format; format rules may add more (a Kingdom Duels
        Hierarchy). It may still have been targeted."""
        if any(flag.startswith("unaffected:") for flag in card.card.flags):
            kind = self.effect_kind(source_id)
            if kind is not None and f"unaffected:{kind}" in card.card.flags:
                self.emit("effect", f"{card.id} is unaffected by {kind.capitalize()} effects, "
                          f"such as that of {source_id}", card=card.id, by=source_id,
                          effect_kind=kind, what="unaffected")
                return True
        return False

    def can_be_targeted(self, target: CardInstance, source: CardInstance,
                        purpose: str | None = None) -> bool:
        """Format rules may shield a card from some effects (a Deck Master); a card printed
        "cannot be targeted by card effects" carries the flag `cannot_be_targeted`."""
        return "cannot_be_targeted" not in target.card.flags

    def check_choice(self, card: CardInstance, program: YamlMapping, action: Action) -> str | None:
        options = program.get("resolve")
        if isinstance(options, dict):
            if action.choose is None:
                raise ScriptError(f"{card.name} needs a scripted choice among "
                                    f"{', '.join(options)} (choose: ...)", field="choose")
            if action.choose not in options:
                raise ScriptError(f"'{action.choose}' is not an option of {card.name} "
                                    f"({', '.join(options)})", field="choose")
            return action.choose
        if action.choose is not None:
            raise ScriptError(f"{card.name} has no options to choose from", field="choose")
        return None

    def pay_costs(self, card: CardInstance, player: str, program: YamlMapping,
                  selections: dict[str, str]) -> None:
        payments = [COSTS[name](whole_duel(self), player, arg, selections)
                    for step in program.get("cost", []) for name, arg in step.items()]
        rule = self.cost_rule(card, program)
        for kind, value in payments:
            if kind == "lp" and not self.can_pay_lp(rule, self.players[player].lp, value):
                if not self.misreads(rule, "partial-payment"):
                    self.illegal(rule, "cannot_pay_cost",
                                 f"{player} cannot pay {value} LP with {self.players[player].lp} LP")
            if kind == "discard_self":  # "discard this card": it must be in the hand
                if card.zone != Zone.HAND:
                    self.illegal("costs", "cannot_pay_cost", f"{card.id} is not in the hand to "
                                 "be discarded")
            elif kind == "banish_self":  # "banish this card": from wherever it is activated
                if card.zone == "banished":
                    self.illegal("costs", "cannot_pay_cost", f"{card.id} is already banished")
            elif kind != "lp" and card.id in value:
                self.illegal("costs", "cannot_pay_cost", f"{card.id} cannot pay its own cost")
        for kind, value in payments:
            if kind == "lp":
                paid = min(value, self.players[player].lp)
                self.players[player].lp -= paid
                self.emit("cost", f"{player} pays {paid} LP for {card.id}", [rule],
                          player=player, amount=paid, card=card.id, purpose=program.get("purpose"),
                          before=self.players[player].lp + paid, after=self.players[player].lp)
                if self.players[player].lp <= 0:
                    self.lp_changed(card.id)  # paying the last LP ends the Duel
                continue
            if kind == "discard_self":
                self.move(card, "graveyard", reason="discarded for its own cost")
                continue
            if kind == "banish_self":
                self.move(card, COST_DESTINATIONS["banish"], reason="banished for its own cost")
                self.note_rule(rule)
                continue
            for card_id in value:
                self.move(self.card(str(card_id)), COST_DESTINATIONS[kind],
                          reason=f"{COST_WORDS[kind]} as the cost of {card.id}")
            if value:
                self.note_rule(rule)  # a card paid as a cost goes now, as LP paid do

    def may_discard(self, card: CardInstance, player: str) -> bool:
        """May `player` discard this card in hand for a cost? Their own cards (a format may
        refine it)."""
        return card.controller == player

    def cost_rule(self, card: CardInstance, program: YamlMapping) -> str:
        """The rule whose reading decides whether this cost can be paid (a format may refine it)."""
        return "costs"

    def can_pay_lp(self, rule: str, lp: int, cost: int) -> bool:
        """Can a player with `lp` pay an LP cost under `rule`? As the rulebook allows, all of
        their remaining LP (a format may refine it)."""
        if rule == "costs" and lp == cost:
            # Every Life Point left: the rulebook allows it (chains#paying-all-remaining-lp).
            if self.misreads("all-remaining-lp", "keep-one-lp"):
                return False
            self.note_rule("all-remaining-lp")
        return lp >= cost

    def put_on_field(self, card: CardInstance, player: str, is_card: bool) -> None:
        if not is_card:
            return
        if card.zone == Zone.HAND:
            zone = "field_zone" if card.card.subtype == "field" else "spell_trap"
            if zone == Zone.SPELL_TRAP and self.spell_trap_full(player):
                self.illegal(None, "no_free_zone", "no free Spell & Trap Zone")
            if zone == Zone.FIELD_ZONE and any(self.zone_of(p, "field_zone") for p in self.players
                                            if p != player):
                # Another player's Field Zone is occupied; this player's own is not that one.
                rule = self.field_zone_rule()
                if self.misreads(rule, "shared-field-zone"):
                    self.illegal(rule, "no_free_zone", "the Field Zone is occupied")
                self.note_rule(rule)
            self.move(card, zone, controller=player, reason="activated")
        else:
            card.face_up = True
            if card.card.subtype == "continuous":
                card.flipped_in_chain = True
            self.emit("flip", f"{card.id} is flipped face-up to be activated", card=card.id,
                      what="activated")

    # --- Field Spells --------------------------------------------------------------------------

    def field_zone_rule(self) -> str:
        """The rule that gives each player a Field Zone of their own (a format may restate it)."""
        return "field-zone-per-player"

    def face_up_field_spell(self, player: str, besides: str | None = None) -> CardInstance | None:
        for card_id in self.zone_of(player, "field_zone"):
            card = self.card(card_id)
            if card.face_up and card_id != besides:
                return card
        return None

    def field_spell_activated(self, card: CardInstance, player: str) -> None:
        own = self.face_up_field_spell(player, besides=card.id)
        if own and not self.misreads("field-spell-own", "replaced-on-resolution") and \
                not self.misreads("field-spell-mechanic", "new-cards-effect"):
            self.emit("field", f"{own.id} is destroyed at once: {player} activated a new Field "
                      "Spell", ["field-spell-own", "field-spell-mechanic"],
                      card=own.id, player=player, what="own_replaced")
            self.destroy(own, "a new Field Spell (game mechanics)")
        rival = self.face_up_field_spell(self.opponent(player))
        if rival and self.misreads("field-spell-opponent", "replaced-on-activation"):
            self.move(rival, "graveyard", reason="replaced by a new Field Spell")
        elif rival:
            self.emit("field", f"{rival.id} stays until the new Field Spell {card.id} resolves",
                      ["field-spell-opponent"], card=rival.id, new=card.id, what="stays")

    def field_spell_resolved(self, card: CardInstance) -> None:
        player = card.controller
        if self.misreads("field-spell-own", "replaced-on-resolution") or \
                self.misreads("field-spell-mechanic", "new-cards-effect"):
            own = self.face_up_field_spell(player, besides=card.id)
            if own:  # the wrong reading: destroyed by the new card's effect
                self.destroy(own, card.id)
        rival = self.face_up_field_spell(self.opponent(player))
        if rival and self.misreads("one-active-field-spell", "one-per-player"):
            rival = None
        if rival:
            self.emit("field", f"{rival.id} leaves: the new Field Spell {card.id} resolved",
                      ["field-spell-opponent", "one-active-field-spell"], card=rival.id,
                      new=card.id, what="replaced")
            self.destroy(rival, "a new Field Spell (game mechanics)")
        for set_id in list(self.zone_of(self.opponent(player), "field_zone")):
            inactive = self.card(set_id)
            if inactive.face_up:
                continue
            if self.misreads("set-field-spell-inactive", "set-counts-as-active"):
                self.move(inactive, "graveyard", reason="replaced by a new Field Spell")
                continue
            self.emit("field", f"{set_id} stays: a Set Field Spell is not active",
                      ["set-field-spell-inactive"], card=set_id, new=card.id, what="set_stays")

    def field_spell_never_resolved(self, card: CardInstance) -> None:
        """The new Field Spell was negated or left the field: the opponent's one stays."""
        rival = self.face_up_field_spell(self.opponent(card.controller))
        if rival is None:
            return
        if self.misreads("field-spell-new-negated", "replaced-anyway"):
            self.move(rival, "graveyard", reason="replaced by a new Field Spell")
            return
        self.emit("field", f"{rival.id} stays: the new Field Spell {card.id} never resolved",
                  ["field-spell-new-negated"], card=rival.id, new=card.id, what="kept")

    # --- passing and resolving ---------------------------------------------------------------

    def do_pass(self, action: Action) -> None:
        if self.priority != action.player:
            self.illegal(None, "no_priority", f"{action.player} does not hold priority")
        self.passes += 1
        self.priority = self.next_player(action.player)
        if self.summon_attempt is not None and not self.chain:
            self.pass_in_summon_window()
            return
        if self.passes < len(self.turn_order()):
            return
        self.passes = 0
        if self.chain:
            self.resolve_chain()
        elif self.attack is not None and self.attack.step == "battle" and \
                not self.attack.negated:
            self.begin_damage_step()
        elif self.attack is not None:
            self.fight()
        if not self.chain:
            self.priority = self.turn_player

    def pass_in_summon_window(self) -> None:
        """A pass while a summon is attempted: the next player may still negate it; once every
        player has passed in turn, the summon succeeds (core/chains#priority-after-a-summon)."""
        self.note_rule("summon-priority")
        if self.passes < len(self.turn_order()):
            return
        self.passes = 0
        self.settle_summon()

    def resolve_chain(self) -> None:
        order = list(self.chain) if self.misreads("chain-order", "first-in-first-out") \
            else list(reversed(self.chain))
        self.emit("chain", "both players pass: the chain resolves "
                  + ("from Chain Link 1" if order and order[0].number == 1 and len(order) > 1
                     else "last link first"), ["chain-order"],
                  what="resolves", players=len(self.turn_order()),
                  from_first=bool(order and order[0].number == 1 and len(order) > 1))
        if len(order) == 1 and self.is_lone_spell(order[0]) and \
                self.misreads("one-link-chain", "no-chain"):
            self.move(self.card(order[0].card_id), "graveyard", reason="no chain: it leaves at once")
        self.resolving = True
        for link in order:
            if self.result is not None and not self.misreads("chain-stops", "chain-finishes"):
                self.emit("chain", f"Chain Link {link.number} ({link.card_id}) never resolves: "
                          "the duel is over", ["zero-lp", "chain-stops"],
                          link=link.number, card=link.card_id, what="never")
                break
            self.resolve_link(link)
            self.link_resolved(link)
        self.resolving = False
        self.chain = []  # cleared first: a Trap that springs now starts a new chain
        if self.result is None:
            self.chain_finished(order)

    def is_lone_spell(self, link: ChainLink) -> bool:
        """Is this link a Spell Card activation that leaves after its chain (Normal, Ritual...)?"""
        card = self.card(link.card_id)
        return link.is_card_activation and card.card.kind == "spell" and \
            (card.card.kind, card.card.subtype) in NON_PERMANENT and \
            "stays_on_field" not in card.card.flags

    def counts_as_destroyed(self, card: CardInstance) -> bool:
        """Is this an activated Normal Spell whose chain is still open? It counts as destroyed
        already (core/card-types#normal-spell-destroyed-after-activation)."""
        if (card.card.kind, card.card.subtype) != ("spell", "normal") or not card.on_field or \
                not any(link.card_id == card.id and link.is_card_activation
                        for link in self.chain):
            return False
        return not self.misreads("normal-spell-destroyed", "not-destroyed-yet") and \
            not self.misreads("normal-spell-destroyed", "destroyed-loses-effect")

    def resolve_link(self, link: ChainLink) -> None:
        card = self.card(link.card_id)
        new_field_spell = link.is_card_activation and card.card.subtype == "field"
        if link.data.pop("costs_due", False) and not link.negated:
            try:  # the wrong reading: the cost is paid only now
                self.pay_costs(card, link.player, link.program, link.selections)
            # A script made for the right reading may lack the choice this late payment asks
            # for: under the wrong reading that is a cost that cannot be paid, like a refusal.
            except (IllegalAction, ScriptError):
                self.emit("resolve", f"Chain Link {link.number} ({card.id}) has no effect: its "
                          "cost cannot be paid", link=link.number, card=card.id,
                          what="no_effect")
                return
            if self.result is not None:
                return
        if link.negated:
            self.emit("negated", f"Chain Link {link.number} ({link.card_id}) is negated",
                      link=link.number, card=link.card_id)
            if new_field_spell:
                self.field_spell_never_resolved(card)
            return
        if link.is_card_activation and not card.on_field and \
                (card.card.kind, card.card.subtype) == ("spell", "normal") and \
                self.misreads("normal-spell-destroyed", "destroyed-loses-effect"):
            self.emit("resolve", f"Chain Link {link.number} ({card.id}) has no effect: it was "
                      "destroyed before it resolved", ["normal-spell-destroyed"],
                      link=link.number, card=card.id, what="no_effect")
            return
        if link.is_card_activation and not card.on_field and \
                (card.card.kind, card.card.subtype) not in NON_PERMANENT and \
                not self.misreads("permanent-effects-end", "resolves-anyway"):
            self.emit("resolve", f"Chain Link {link.number} ({card.id}) has no effect: the card "
                      "left the field before it resolved", ["permanent-effects-end"],
                      link=link.number, card=card.id, what="no_effect")
            if new_field_spell:
                self.field_spell_never_resolved(card)
            return
        program = self.program_steps(link)
        ctx = EffectContext(card_id=card.id, controller=link.player, targets=link.targets,
                            selections=link.selections, link=link, remembered=dict(link.data))
        self.emit("resolve", f"Chain Link {link.number} ({card.id}, {card.name}) resolves",
                  link=link.number, card=card.id)
        run(whole_duel(self), program, ctx)
        if ctx.selections and self.result is None:
            raise ScriptError(f"unused selection(s) {', '.join(ctx.selections)} for {card.id}",
                                field="select")
        link.resolved = True
        self.resolved.append(card.id)
        if link.is_card_activation and card.card.subtype == "field" and \
                card.zone == Zone.FIELD_ZONE:
            self.field_spell_resolved(card)

    def chain_finished(self, order: list[ChainLink]) -> None:
        for link in order:
            card = self.card(link.card_id)
            card.flipped_in_chain = False
            if link.is_card_activation and card.on_field and "persisting" not in card.notes \
                    and card.card.kind in ("spell", "trap") and not self.is_permanent(card):
                self.emit("chain", f"{card.id} goes to the Graveyard after the chain",
                          ["leaving-after-chain"] + (["one-link-chain"] if len(order) == 1 and
                                                     self.is_lone_spell(link) else []),
                          card=card.id, what="leaves")
                self.move(card, "graveyard", reason="its chain has resolved")
        self.chain_resolved()

    def is_permanent(self, card: CardInstance) -> bool:
        """Does this activated Spell or Trap stay on the field once its chain has resolved?"""
        if (card.card.kind, card.card.subtype) not in NON_PERMANENT:
            if (card.card.kind, card.card.subtype) == ("trap", "continuous") and \
                    self.misreads("permanent-card-types", "continuous-trap-not-permanent"):
                return False
            rules = ["permanent-card-types"]
        elif "stays_on_field" in card.card.flags:
            if self.misreads("permanent-without-icon", "icon-decides"):
                return False
            rules = ["permanent-without-icon"]
        else:
            return False
        if self.misreads("permanent-stays", "leaves-after-chain"):
            return False
        for rule in rules + ["permanent-stays"]:
            self.note_rule(rule)
        return True

    def chain_resolved(self) -> None:
        """After a chain: LP checks deferred by a misreading, then the battle's bookkeeping."""
        if self.summon_attempt is not None:
            self.settle_summon()
        self.check_state(after_chain=True)
        if self.attack is not None and self.attack.negated:
            self.attack = None
        if self.end_battle_phase_pending:
            self.end_battle_phase_pending = False
            self.attack = None
            self.phase = "main2"
            self.emit("phase", "the Battle Phase ends; Main Phase 2 begins", what="battle_ends")

    def negate_link_below(self, link: ChainLink, destroy: bool = True, cause: str = "") -> None:
        if link.number < 2:
            return
        below = self.chain[link.number - 2]
        below.negated = True
        self.negated.append(below.card_id)
        self.emit("negate", f"{cause} negates Chain Link {below.number} ({below.card_id})",
                  link=below.number, card=below.card_id, by=cause, what="link")
        card = self.card(below.card_id)
        if destroy and card.on_field:
            self.destroy(card, cause)

    def start_trigger_chain(self) -> None:
        triggers = sorted(self.pending_triggers,
                          key=lambda t: self.card(t["card"]).controller != self.turn_player)
        self.pending_triggers = []
        for waiting in triggers:
            card_id, effect = waiting["card"], waiting["effect"]
            card = self.card(card_id)
            link = ChainLink(number=len(self.chain) + 1, card_id=card_id, player=card.controller,
                             speed=effect.get("speed", 1), program=effect,
                             is_card_activation=False, data=dict(waiting["data"]))
            self.chain.append(link)
            self.emit("trigger", f"{card_id} ({card.name}) activates its mandatory effect as "
                      f"Chain Link {link.number}", card=card_id, link=link.number,
                      player=card.controller, what="mandatory")
            self.priority, self.passes = self.next_player(card.controller), 0
