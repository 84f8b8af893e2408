"""Activations and chains: spell speeds, priority, costs, targets, and resolving backwards."""
from .errors import ScriptError
from .primitives import COSTS, EffectContext, run
from .rules import Rule
from .state import ChainLink

NON_PERMANENT = {("spell", "normal"), ("spell", "quick-play"), ("spell", "ritual"),
                 ("trap", "normal"), ("trap", "counter")}
CARD_SPEEDS = {("spell", "quick-play"): 2, ("trap", "normal"): 2, ("trap", "continuous"): 2,
               ("trap", "counter"): 3}


class ChainRules:
    CHAIN_RULES = (
        Rule("spell-speed", "core/chains#chaining-speed",
             "A link may be answered only at the same or a higher Spell Speed, never at 1.",
             {"any-speed": "any card may answer any link, whatever its Spell Speed"}),
        Rule("chain-order", "core/chains#resolving-backwards",
             "The chain resolves last link first.",
             {"first-in-first-out": "the chain resolves from Chain Link 1 upwards"}),
        Rule("costs", "core/chains#costs-at-activation",
             "Costs are paid on activation; one that cannot be paid in full forbids it.",
             {"partial-payment": "a player may pay as much of a cost as they can"}),
        Rule("leaving-after-chain", "core/chains#leaving-after-the-chain",
             "Normal Spells and Traps stay on the field until the whole chain has resolved.",
             {"leaves-on-activation": "the card goes to the Graveyard as soon as it is activated"}),
        Rule("quick-play-set-turn", "core/card-types#quick-play-not-turn-set",
             "A Quick-Play Spell cannot be activated the turn it was Set.",
             {"same-turn-allowed": "a Set Quick-Play Spell may be activated at once"}),
        Rule("trap-set-turn", "core/card-types#trap-not-turn-set",
             "A Trap cannot be activated the turn it was Set.",
             {"same-turn-allowed": "a Set Trap may be activated the turn it was Set"}),
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
             {"no-chain": "an unanswered Spell forms no chain and leaves the field at once"}),
        Rule("counter-trap-game-state", "core/card-types#counter-trap-game-state",
             "A Counter Trap that looks at a Game State may be activated while that state lasts.",
             {"direct-response-only": "such a Counter Trap must directly answer the event"}),
    )

    # --- what is being activated ---------------------------------------------------------------

    def activation_for(self, card, player):
        """(program, is_card_activation) for what `player` would activate with `card` now."""
        definition = card.card
        if definition.kind in ("spell", "trap") and (card.zone == "hand" or
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
                if key in effect and card.on_field and card.face_up and self.has_effects(card):
                    return effect[key], False
        self.illegal(None, "not_activatable", f"{card.id} has nothing to activate now")

    def speed_of(self, card, program, is_card_activation):
        if "speed" in program:
            return program["speed"]
        if is_card_activation:
            speed = CARD_SPEEDS.get((card.card.kind, card.card.subtype), 1)
            if speed == 3 and self.misreads("counter-trap-speed", "speed-2"):
                return 2
            return speed
        return 1

    # --- activating ----------------------------------------------------------------------------

    def do_activate(self, action):
        player, card = action.player, self.card(action.card)
        if card.controller != player:
            self.illegal(None, "not_your_card", f"{player} does not control {card.id}")
        if self.priority != player and not self.may_answer_out_of_turn(card, action):
            self.illegal(None, "no_priority", f"{player} does not hold priority")
        program, is_card = self.activation_for(card, player)
        speed = self.speed_of(card, program, is_card)
        self.check_timing(card, player, speed, is_card, program)
        self.check_conditions(card, player, program)
        targets = self.choose_targets(card, player, program, action)
        choice = self.check_choice(card, program, action)
        selections = dict(action.select)
        self.pay_costs(card, player, program, selections)
        self.put_on_field(card, player, is_card)
        link = ChainLink(number=len(self.chain) + 1, card_id=card.id, player=player, speed=speed,
                         program=program, is_card_activation=is_card, targets=targets,
                         choice=choice, selections=selections,
                         data={**self.__dict__.pop("trigger_data", {}),
                               **({"materials": list(action.materials)} if action.materials
                                  else {})})
        self.chain.append(link)
        self.emit("activate", f"{player} activates {card.id} ({card.name}) as Chain Link "
                  f"{link.number} (Spell Speed {speed})", card=card.id, link=link.number,
                  player=player, speed=speed, card_activation=is_card)
        if is_card and card.card.subtype == "field":
            self.field_spell_activated(card, player)
        if is_card and self.misreads("leaving-after-chain", "leaves-on-activation") and \
                (card.card.kind, card.card.subtype) in NON_PERMANENT:
            self.move(card, "graveyard", reason="sent at activation")
        self.priority, self.passes = self.next_player(player), 0

    def may_answer_out_of_turn(self, card, action):
        """A waiting trigger, or a card answering an open summon, needs no passed priority."""
        if self.chain:
            return False
        if any(t["card"] == card.id for t in self.optional_triggers):
            return True
        return self.summon_attempt is not None and self.answers_summon(action)

    def check_timing(self, card, player, speed, is_card, program):
        definition = card.card
        if self.chain:
            top = self.chain[-1]
            if not self.misreads("spell-speed", "any-speed") and (speed < 2 or speed < top.speed):
                rules = ["spell-speed"] + (["counter-trap-speed"] if top.speed == 3 else [])
                for rule in rules[1:]:
                    self.rules_used.append(self.anchor(rule))
                self.illegal("spell-speed", "spell_speed_too_low",
                             f"Spell Speed {speed} cannot answer Chain Link {top.number} "
                             f"(Spell Speed {top.speed})")
        elif speed == 1 and not self.is_trigger(program) and (player != self.turn_player or self.phase not in ("main1", "main2")
                             or self.attack is not None):
            self.illegal("spell-speed", "spell_speed_1_timing",
                         "a Spell Speed 1 activation needs its controller's open Main Phase")
        if is_card and card.on_field and not card.face_up and card.set_turn == self.turn:
            if definition.kind == "trap" and not self.misreads("trap-set-turn", "same-turn-allowed"):
                self.illegal("trap-set-turn", "set_this_turn", f"{card.id} was Set this turn")
            if definition.subtype == "quick-play" and \
                    not self.misreads("quick-play-set-turn", "same-turn-allowed"):
                self.illegal("quick-play-set-turn", "set_this_turn", f"{card.id} was Set this turn")
        if is_card and card.zone == "hand":
            if definition.kind == "trap":
                self.illegal("trap-set-turn", "trap_from_hand", "a Trap must be Set before it is activated")
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
    def is_trigger(program):
        return "trigger" in program

    def check_conditions(self, card, player, program):
        for condition in program.get("when", []):
            name, arg = (condition, None) if isinstance(condition, str) else next(iter(condition.items()))
            if not self.condition_holds(name, arg, card, player):
                self.illegal(None, "condition_not_met",
                             f"{card.name} needs '{name}' and it does not hold now")

    def condition_holds(self, name, arg, card, player):
        top = self.chain[-1] if self.chain else None
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
        if name == "responds_to_spell_trap":
            return top is not None and (top.is_card_activation and self.card(
                top.card_id).card.kind in ("spell", "trap") or top.ability_type in ("spell", "trap"))
        if name == "responds_to_spell":
            return top is not None and top.is_card_activation and \
                self.card(top.card_id).card.kind == "spell"
        if name == "responds_to_special_summon":
            return top is not None and any("special_summon" in step for step in
                                           self.program_steps(top))
        if name == "lp_behind_by":
            return self.players[player].lp <= self.players[self.opponent(player)].lp - arg
        raise ScriptError(f"unknown activation condition '{name}' on {card.name}")

    @staticmethod
    def program_steps(link):
        program = link.program.get("resolve", [])
        if isinstance(program, dict):
            program = program.get(link.choice, [])
        return program

    def choose_targets(self, card, player, program, action):
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

    def valid_target(self, target, spec, player, source):
        zones = {"field": ("monsters", "spell_trap", "field_zone"),
                 "spell_trap": ("spell_trap", "field_zone")}.get(spec.get("zone"), (spec.get("zone"),))
        side = spec.get("side", "any")
        if target.zone not in zones or target.id == source.id:
            return False
        if side == "own" and target.controller != player or \
                side == "opponent" and not self.is_opponent(target.controller, player):
            return False
        return self.matches(target, {k: v for k, v in spec.items()
                                     if k not in ("zone", "side", "for")}) \
            and self.can_be_targeted(target, source, spec.get("for"))

    def can_be_targeted(self, target, source, purpose=None):
        """Format rules may shield a card from some effects (a Deck Master)."""
        return True

    def check_choice(self, card, program, action):
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

    def pay_costs(self, card, player, program, selections):
        payments = [COSTS[name](self, player, arg, selections)
                    for step in program.get("cost", []) for name, arg in step.items()]
        rule = self.cost_rule(card, program)
        for kind, value in payments:
            if kind == "lp" and self.players[player].lp <= value:
                if not self.misreads(rule, "partial-payment"):
                    self.illegal(rule, "cannot_pay_cost",
                                 f"{player} cannot pay {value} LP with {self.players[player].lp} LP")
            if kind == "discard":
                discarded = self.card(value)
                if discarded.zone != "hand" or discarded is card or \
                        not self.may_discard(discarded, player):
                    self.illegal("costs", "cannot_pay_cost", f"{value} is not a card {player} "
                                 f"can discard")
        selections.pop("discard", None)
        selections.pop("tribute", None)
        for kind, value in payments:
            if kind == "lp":
                paid = min(value, self.players[player].lp - (0 if self.misreads(
                    rule, "partial-payment") else 1))
                self.players[player].lp -= paid
                self.emit("cost", f"{player} pays {paid} LP for {card.id}", [rule],
                          player=player, amount=paid, card=card.id, purpose=program.get("purpose"),
                          before=self.players[player].lp + paid, after=self.players[player].lp)
            elif kind in ("discard", "tribute"):
                self.move(self.card(value), "graveyard", reason=f"cost of {card.id}")

    def may_discard(self, card, player):
        """May `player` discard this card in hand for a cost? Their own cards (a format may
        refine it)."""
        return card.controller == player

    def cost_rule(self, card, program):
        """The rule whose reading decides whether this cost can be paid (a format may refine it)."""
        return "costs"

    def put_on_field(self, card, player, is_card):
        if not is_card:
            return
        if card.zone == "hand":
            zone = "field_zone" if card.card.subtype == "field" else "spell_trap"
            if zone == "spell_trap" and self.spell_trap_full(player):
                self.illegal(None, "no_free_zone", "no free Spell & Trap Zone")
            self.move(card, zone, controller=player, reason="activated")
        else:
            card.face_up = True
            if card.card.subtype == "continuous":
                card.flipped_in_chain = True
            self.emit("flip", f"{card.id} is flipped face-up to be activated", card=card.id,
                      what="activated")

    # --- Field Spells --------------------------------------------------------------------------

    def face_up_field_spell(self, player, besides=None):
        for card_id in self.zone_of(player, "field_zone"):
            card = self.card(card_id)
            if card.face_up and card_id != besides:
                return card
        return None

    def field_spell_activated(self, card, player):
        own = self.face_up_field_spell(player, besides=card.id)
        if own and not self.misreads("field-spell-own", "replaced-on-resolution"):
            self.emit("field", f"{own.id} is destroyed at once: {player} activated a new Field "
                      "Spell", ["field-spell-own"],
                      card=own.id, player=player, what="own_replaced")
            self.destroy(own, "a new Field Spell (game mechanics)")
        rival = self.face_up_field_spell(self.opponent(player))
        if rival and self.misreads("field-spell-opponent", "replaced-on-activation"):
            self.move(rival, "graveyard", reason="replaced by a new Field Spell")
        elif rival:
            self.emit("field", f"{rival.id} stays until the new Field Spell {card.id} resolves",
                      ["field-spell-opponent"], card=rival.id, new=card.id, what="stays")

    def field_spell_resolved(self, card):
        player = card.controller
        if self.misreads("field-spell-own", "replaced-on-resolution"):
            own = self.face_up_field_spell(player, besides=card.id)
            if own:
                self.move(own, "graveyard", reason="replaced by a new Field Spell")
        rival = self.face_up_field_spell(self.opponent(player))
        if rival:
            self.emit("field", f"{rival.id} leaves: the new Field Spell {card.id} resolved",
                      ["field-spell-opponent"], card=rival.id, new=card.id, what="replaced")
            self.move(rival, "graveyard", reason="replaced by a new Field Spell (game mechanics)")

    # --- passing and resolving ---------------------------------------------------------------

    def do_pass(self, action):
        if self.priority != action.player:
            self.illegal(None, "no_priority", f"{action.player} does not hold priority")
        self.passes += 1
        self.priority = self.next_player(action.player)
        if self.passes < len(self.turn_order()):
            return
        self.passes = 0
        if self.chain:
            self.resolve_chain()
        elif self.attack is not None:
            self.fight()
        if not self.chain:
            self.priority = self.turn_player

    def resolve_chain(self):
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
            if self.result is not None:
                self.emit("chain", f"Chain Link {link.number} ({link.card_id}) never resolves: "
                          "the duel is over", ["zero-lp"],
                          link=link.number, card=link.card_id, what="never")
                break
            self.resolve_link(link)
            self.link_resolved(link)
        self.resolving = False
        self.chain = []  # cleared first: a Trap that springs now starts a new chain
        if self.result is None:
            self.chain_finished(order)

    def is_lone_spell(self, link):
        """Is this link a Spell Card activation that leaves after its chain (Normal, Ritual...)?"""
        card = self.card(link.card_id)
        return link.is_card_activation and card.card.kind == "spell" and \
            (card.card.kind, card.card.subtype) in NON_PERMANENT and \
            "stays_on_field" not in card.card.flags

    def resolve_link(self, link):
        card = self.card(link.card_id)
        if link.negated:
            self.emit("negated", f"Chain Link {link.number} ({link.card_id}) is negated",
                      link=link.number, card=link.card_id)
            return
        if link.is_card_activation and not card.on_field and \
                (card.card.kind, card.card.subtype) not in NON_PERMANENT:
            self.emit("resolve", f"Chain Link {link.number} ({card.id}) has no effect: the card "
                      "left the field before it resolved", link=link.number,
                      card=card.id, what="no_effect")
            return
        program = self.program_steps(link)
        ctx = EffectContext(card_id=card.id, controller=link.player, targets=link.targets,
                            selections=link.selections, link=link, remembered=dict(link.data))
        self.emit("resolve", f"Chain Link {link.number} ({card.id}, {card.name}) resolves",
                  link=link.number, card=card.id)
        run(self, program, ctx)
        if ctx.selections and self.result is None:
            raise ScriptError(f"unused selection(s) {', '.join(ctx.selections)} for {card.id}",
                                field="select")
        link.resolved = True
        self.resolved.append(card.id)
        if link.is_card_activation and card.card.subtype == "field" and card.zone == "field_zone":
            self.field_spell_resolved(card)

    def chain_finished(self, order):
        for link in order:
            card = self.card(link.card_id)
            card.flipped_in_chain = False
            if link.is_card_activation and card.on_field and "stays_on_field" not in \
                    card.card.flags and "persisting" not in card.notes and \
                    (card.card.kind, card.card.subtype) in NON_PERMANENT:
                self.emit("chain", f"{card.id} goes to the Graveyard after the chain",
                          ["leaving-after-chain"] + (["one-link-chain"] if len(order) == 1 and
                                                     self.is_lone_spell(link) else []),
                          card=card.id, what="leaves")
                self.move(card, "graveyard", reason="its chain has resolved")
        self.chain_resolved()

    def chain_resolved(self):
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

    def negate_link_below(self, link, destroy=True, cause=""):
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

    def start_trigger_chain(self):
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
