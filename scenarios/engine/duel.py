"""The duel: its state and the mechanics every format shares.

`Duel` is the core ruleset. Its rules are split by topic into mixins
(chains, battle, turns, endings); a format subclasses Duel and overrides or
adds rule hooks, the way python-chess builds its variants on one Board.
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, NoReturn, TypeVar

from .battle import BattleRules
from .chains import ChainRules
from .checkpoint import Checkpoint, Generator
from .declining import DecliningRules
from .destruction import announce, destruction_kind
from .draw_checks import DrawCheck, check_drawn
from .endings import EndingRules
from .errors import IllegalAction, ScenarioError, ScriptError
from .match import MatchRules
from .modifiers import ModifierRegistry
from .outcome import CORE_CARD_FACTS, CORE_EXPECT_KEYS
from .parameters import Param, check_parameters
from .restrictions import shields_from_destruction
from .rules import Mutation, rulebook
from .stat_effects import StatEffects
from .state import ON_FIELD, Event, PlayerState
from .tracked_params import ReadTracking
from .turns import TurnRules
from .watching import trigger_wakes
from .vocabulary import (CORE_CARD_FIELDS, CORE_PLAYER_FIELDS, CORE_REASON_CODES,
                         CORE_SETUP_FIELDS, CORE_STEP_OPTIONS, CORE_VERBS)
from .wording import counted
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .cards import Catalog, ScenarioCatalog
    from .primitives import EffectContext
    from .scenario import Action, Scenario
    from .state import CardInstance, PendingTrigger

T = TypeVar("T")  # what a `quietly` computation gives back

PLAYERS = ("A", "B")
# Activation conditions of cards that answer a summon while it is being attempted.
SUMMON_ANSWERS = ("summon_attempt", "normal_summon_attempt", "summon_attempt_or_summoning_card")
# The official game's zone counts; a format whose articles size the field overrides
# monster_zones() / spell_trap_zones() to read its parameters.
SPELL_TRAP_ZONES = 5
MONSTER_ZONES = 5
# Zones outside ON_FIELD whose monsters the snapshot shows with their current ATK/DEF.
STAT_ZONES = ("deck_master", "extra_monster_zone")
# What destroyed a card (destruction.destruction_kind), in words.
DESTROYED_BY = {"battle": "battle", "effect": "card effects", "rule": "the rules"}
DICE_SIDES = 6  # the official game's die; a format whose articles size it overrides dice_sides()


# Parameter checks already made, by ruleset and the identity of the mapping a caller passed
# (a verifier passes the same one to every duel of a format, and checking a format's tables
# took longer than the rest of building a duel): (that mapping, a copy of it as checked, the
# problems found). A mapping changed since, even deep inside, no longer equals its copy and is
# checked again.
_CHECKED: dict[tuple[type, int], tuple[object, dict, list]] = {}
_CHECKED_MAX = 64


def _checked_problems(ruleset: type, given: object, params: dict) -> list:
    known = _CHECKED.get((ruleset, id(given)))
    if known is not None and known[0] is given and known[1] == params:
        return known[2]
    problems = check_parameters(ruleset, params)
    if len(_CHECKED) >= _CHECKED_MAX:
        _CHECKED.clear()
    _CHECKED[(ruleset, id(given))] = (given, copy.deepcopy(params), problems)
    return problems


class Duel(ChainRules, BattleRules, TurnRules, EndingRules, DecliningRules, MatchRules):
    slug = "core"
    RULES = rulebook(*ChainRules.CHAIN_RULES, *BattleRules.BATTLE_RULES,
                     *TurnRules.TURN_RULES, *EndingRules.ENDING_RULES,
                     *MatchRules.MATCH_RULES)
    # What a scenario may expect of this format, and the facts it reports of one card.
    EXPECT_KEYS: tuple[str, ...] = CORE_EXPECT_KEYS
    CARD_FACTS: tuple[str, ...] = CORE_CARD_FACTS
    # The article parameters a ruleset reads, each a parameters.Param (name, shape, the rule
    # anchors that read it); the core needs none.
    PARAMETERS: tuple[Param, ...] = ()
    # What its scenarios may use (vocabulary.py): steps, setup fields, reason codes.
    STEP_VERBS, CARD_FIELDS, PLAYER_FIELDS = CORE_VERBS, CORE_CARD_FIELDS, CORE_PLAYER_FIELDS
    SETUP_FIELDS, REASON_CODES = CORE_SETUP_FIELDS, CORE_REASON_CODES
    STEP_OPTIONS = CORE_STEP_OPTIONS

    def __init__(self, catalog: Catalog | ScenarioCatalog,
                 params: Mapping[str, YamlValue] | None = None,
                 mutation: str | Mutation | None = None, seed: int = 0) -> None:
        self.catalog = catalog
        # Every read is tracked from here on; a duel made inside another (a Kingdom Duels
        # sub-duel) shares the outer duel's tracking, so its reads count for the replay too.
        self.params = params if isinstance(params, ReadTracking) else \
            ReadTracking(params or {})
        self.check_params(dict(self.params), given=params)  # checking reads nothing
        self.mutation = Mutation.parse(mutation) if isinstance(mutation, str) else mutation
        if self.mutation and (self.mutation.rule not in self.RULES or self.mutation.name
                              not in self.RULES[self.mutation.rule].mutations):
            raise ValueError(f"unknown mutation {self.mutation}")
        self.seed = seed
        # Every wrong reading this replay asked about (`misreads`), whatever the answer: only
        # these can change its outcome, so coverage replays a scenario under these alone.
        self.readings_asked: set[tuple[str | None, str]] = set()
        self._rng: Generator | None = None  # made when first used (`rng`)
        self._quiet: bool = False  # computing something `quietly`
        # What a `quietly` computation found once, while it lasts.
        self._quiet_memo: dict[str, YamlValue] | None = None
        self.players = {}
        self.cards = {}
        self.turn = 1
        self.turn_player = "A"
        self.phase = "main1"
        self.chain = []
        self.priority = "A"
        self.passes = 0
        self.attack = None
        self.result = None
        self.events: list[Event] = []
        self.rules_used = []
        self.resolved = []
        self.negated = []
        self.normal_summon_used = False
        self.pending_triggers = []
        self.optional_triggers = []
        self.just_summoned = []
        self.summon_attempt = None
        self.turn_flags = set()
        self.delayed_wins = []
        self.earlier_duels: tuple[str | None, ...] = ()  # the Match so far (match.py)
        self.end_battle_phase_pending = False
        self.resolving = False
        # Effects that keep applying after they resolve: {card, key, value, source, permanent}.
        self.lasting_effects: list[YamlMapping] = []
        self.draw_checks: list[DrawCheck] = []  # effects still checking the cards drawn
        # ATK and DEF: the printed value, then every modifier in the order registered, in every
        # format (modifiers.py). A format may have registered its own before this.
        self.modifiers: ModifierRegistry = self.__dict__.get("modifiers") or ModifierRegistry()
        # Cards' stat changes (stat_effects.py): their modifiers join when first needed.
        self.stat_effects = StatEffects(self)

    @classmethod
    def check_params(cls, params: dict[str, YamlValue], given: object = None) -> None:
        """Refuse missing or malformed article parameters before any rule reads them.
        `given`: the mapping the caller passed, whose check is remembered (`_CHECKED`)."""
        problems = _checked_problems(cls, given, params) if given is not None else \
            check_parameters(cls, params)
        if problems:
            names = ", ".join(name for name, _ in problems)
            raise ScenarioError(f"the {cls.slug} ruleset cannot use the article parameter(s) "
                                f"{names}: " + "; ".join(m for _, m in problems),
                                field="parameters")

    @property
    def rng(self) -> Generator:
        """The seeded generator of coin tosses, die rolls and shuffles, made the first time a
        replay draws: seeding one costs more than a whole step, and most scenarios never draw.
        Made later, it draws what it would have drawn: nothing else seeds or draws from it."""
        if self._rng is None:
            self._rng = Generator(self.seed)
        return self._rng

    # --- rules and trace -------------------------------------------------------------------

    def misreads(self, rule: str | None, name: str) -> bool:
        """True when this replay applies the wrong reading `name` of `rule`."""
        self.readings_asked.add((rule, name))
        return self.mutation is not None and (self.mutation.rule, self.mutation.name) == (rule, name)

    def anchor(self, rule: str) -> str:
        return self.RULES[rule].anchor

    def emit(self, kind: str, text: str, rules: Iterable[str] = (), **data: YamlValue) -> None:
        anchors = tuple(self.anchor(r) for r in rules) if rules else ()
        used = self.rules_used
        for anchor in anchors:
            if anchor not in used:
                used.append(anchor)
        self.events.append(Event.of(kind, text, anchors, data))

    def note_rule(self, rule: str) -> None:
        """Record that a rule decided something, without an event of its own."""
        anchor = self.anchor(rule)
        if anchor not in self.rules_used:
            self.rules_used.append(anchor)

    def illegal(self, rule: str | None, reason: str, message: str) -> NoReturn:
        """Refuse an action, noting the rule that forbids it."""
        if rule:
            self.rules_used.append(self.anchor(rule))
        raise IllegalAction(reason, message)

    # --- looking things up ---------------------------------------------------------------

    def opponent(self, player: str) -> str:
        return "B" if player == "A" else "A"

    def is_opponent(self, player: str, other: str) -> bool:
        """Are these two players on opposite sides (teammates are not)?"""
        return player != other

    def opponents_of(self, player: str) -> list[str]:
        """Every opposing player still in the duel, in turn order: what a rule that says "your
        opponent" looks at when there are several."""
        return [p for p in self.turn_order() if self.is_opponent(player, p)]

    def opponent_aimed_at(self, ctx: EffectContext) -> str:
        """The one opposing player an effect aimed at "your opponent" reaches (its damage, the LP
        it gives): in a duel of two, the opponent; a team format lets the controller choose."""
        return self.opponent(ctx.controller)

    def monster_zone_full(self, player: str) -> bool:
        return len(self.zone_of(player, "monsters")) >= self.monster_zones()

    def spell_trap_full(self, player: str) -> bool:
        return len(self.zone_of(player, "spell_trap")) >= self.spell_trap_zones()

    def monster_zones(self) -> int:
        """How many Monster Zones each player has."""
        return MONSTER_ZONES

    def spell_trap_zones(self) -> int:
        """How many Spell & Trap Zones each player has."""
        return SPELL_TRAP_ZONES

    SHARED_SIDE_RULE: str | None = None  # the rule that shares a side among a team's players

    def own_side(self, player: str, zone: str) -> list[str]:
        """The players whose `zone` is `player`'s own for "you control" and "your Graveyard":
        the player alone, unless a format's team shares that zone (a Boss Duel team)."""
        return [player]

    def side_of(self, card: CardInstance, player: str) -> str | None:
        """Whose side `card` is on, seen from `player`, as a card text counts it: "own" ("you
        control"), "opponent" ("your opponent controls"), or None when it is neither (a
        format's teammate)."""
        if card.controller in self.own_side(player, card.zone):
            return "own"
        return "opponent" if self.is_opponent(card.controller, player) else None

    def owner_side(self, card: CardInstance, player: str) -> str | None:
        """Whose card `card` is by ownership, seen from `player`: "own" ("you own"), "opponent"
        ("your opponent owns"), or None when it is neither (a format's teammate)."""
        return "own" if card.owner == player or not self.is_opponent(card.owner, player) \
            else "opponent"

    def their_players(self, player: str) -> list[str]:
        """The players whose cards a count made for `player` takes in ("each player takes 500
        for each monster they controlled"): the player, unless a format's team shares its
        Life Points."""
        return [player]

    def may_use_from_area(self, card: CardInstance, player: str) -> bool:
        """May `player` use this card in a hand, Graveyard or banished pile as a cost or a
        summon's requirement? Their own cards only (a format may say why)."""
        return card.owner == player

    def may_use_from_field(self, card: CardInstance, player: str) -> bool:
        """May `player` use this card on the field as a cost, Tribute or material?"""
        return card.controller == player

    def cost_zone(self, card: CardInstance, player: str) -> str:
        """Where a cost that takes cards (a Tribute, a banished or sent card) finds this one: its
        zone; a format may refuse a card no cost can take, or count it as elsewhere."""
        return card.zone

    def apply_destruction_damage(self, player: str, atk: int, cause: str) -> None:
        """Formats that know Destruction Damage deal it; the core game has none."""

    def coin_branch(self, right: bool) -> str:
        """Which part of a coin-call effect applies: the card states one for each call."""
        return "right" if right else "wrong"

    def dice_sides(self) -> int:
        """How many sides the die of a dice effect has (a format's articles may say)."""
        return DICE_SIDES

    def dice_part_applies(self, roll: int) -> bool:
        """Does the part of a dice effect whose value was rolled apply?"""
        return True

    def draw_check_players(self, ctx: EffectContext) -> list[str]:
        """Whose draws an effect that checks "the cards your opponent draws" watches: every
        opposing player (a team format may say otherwise)."""
        return self.opponents_of(ctx.controller)

    def draw_check_applies(self, check: DrawCheck, drawer: str) -> None:
        """Hook: a lasting check is about to destroy a card `drawer` drew (a format notes the
        rule that let it reach that player)."""

    def one_players_zone(self, ctx: EffectContext, who: str) -> list[str]:
        """Whose private zone an effect on 'one player' reaches: here, the opponent."""
        return [ctx.controller] if who == "self" else [self.opponent(ctx.controller)]

    def every_players_zone(self, ctx: EffectContext) -> list[str]:
        """Whose private zones an effect on 'both players' reaches: every player."""
        return list(self.players)

    def turn_is_for(self, player: str) -> bool:
        """Is the current turn one that counts as `player`'s own for their cards' effects?"""
        return self.turn_player == player

    def is_your_turn(self, player: str) -> bool:
        """Does a card's "during your turn" (the condition `turn: own`) hold for `player`?"""
        return self.turn_is_for(player)

    def may_use_as_material(self, card: CardInstance, player: str) -> bool:
        """May `player` use this monster on the field as Fusion Material?"""
        return self.may_use_from_field(card, player)

    def turn_order(self) -> list[str]:
        """The players in the duel, in the order priority passes between them."""
        return list(self.players)

    def next_player(self, player: str) -> str:
        """Who receives priority after `player`: the next player in turn order."""
        order = list(self.players)
        return order[(order.index(player) + 1) % len(order)]

    def card(self, card_id: str | None) -> CardInstance:
        """The card with this id; a step's card may be missing (None), which is a ScriptError
        just as an unknown id is."""
        try:
            return self.cards[card_id]  # type: ignore[index]  # None: the KeyError below
        except KeyError:
            raise ScriptError(f"no card with id '{card_id}' in this duel") from None

    def zone_of(self, player: str, zone: str) -> list[str]:
        return self.players[player].zones[zone]

    def cards_on_field(self, kind: str | None = None,
                       controller: str | None = None) -> list[CardInstance]:
        cards = self.cards
        found = [cards[card_id] for player, state in self.players.items()
                 if not controller or player == controller
                 for zone in ON_FIELD for card_id in state.zones[zone]]
        return found if kind is None else [card for card in found if card.card.kind == kind]

    def matches(self, card: CardInstance, spec: YamlMapping) -> bool:
        """Does `card` fit a filter such as {kind: monster, attribute: DARK, level_max: 3}?"""
        definition = card.card
        for key, value in spec.items():
            if key == "kind":
                fits = definition.kind == value
            elif key == "subtype":
                fits = definition.subtype == value
            elif key == "attribute":
                fits = definition.attribute == value
            elif key == "race":
                races = self.races(card)
                fits = bool(races) and value in races
            elif key == "level":
                fits = definition.level is not None and definition.level == value
            elif key == "level_max":
                fits = (definition.level or 0) <= value
            elif key == "level_min":
                fits = (definition.level or 0) >= value
            elif key == "atk_max":  # printed ATK; atk_at_most reads the current one
                fits = (definition.atk or 0) <= value
            elif key == "atk_min":
                fits = (definition.atk or 0) >= value
            elif key == "name_contains":
                fits = value in definition.name
            elif key == "face":
                fits = card.face_up == (value == "up")
            elif key == "position":
                fits = card.position == value
            elif key == "name":
                fits = definition.name == value
            elif key == "atk_at_least":
                fits = self.effective_atk(card) >= value
            elif key == "atk_at_most":
                fits = self.effective_atk(card) <= value
            else:
                raise KeyError(key)
            if not fits:
                return False
        return True

    def count(self, spec: YamlValue, player: str) -> int:
        if spec == "effect_monsters_on_field":
            return sum(1 for c in self.cards_on_field("monster")
                       if c.face_up and self.is_effect_monster(c))
        zone, side = spec["zone"], spec.get("side", "own")
        owners = self.own_side(player, zone) if side == "own" else self.opponents_of(player) \
            if side == "opponent" else list(self.players)
        return sum(1 for p in owners for i in self.zone_of(p, zone)
                   if self.matches(self.cards[i], spec.get("filter", {})))

    # Format rules may change what a card is while it sits somewhere (a Deck Master).
    def is_effect_monster(self, card: CardInstance) -> bool:
        return card.card.is_effect_monster

    def races(self, card: CardInstance) -> set[str]:
        """A monster's Types now: printed, unless a face-up card declares one for all."""
        races = {card.card.race} if card.card.race else set()
        if card.zone == "monsters" and card.face_up:
            for declared in self.declared_races():
                races = {declared}
        return races

    def declared_races(self) -> Iterable[str]:
        """Types declared by face-up cards whose continuous effect changes every monster's Type.
        While something is computed `quietly` (a table: every monster's ATK and DEF) nothing
        changes, so they are looked for once."""
        memo = self._quiet_memo
        if memo is None:
            return self.find_declared_races()
        if "declared_races" not in memo:
            memo["declared_races"] = list(self.find_declared_races())
        return memo["declared_races"]

    def find_declared_races(self) -> Iterator[str]:
        for other in self.cards_on_field():
            if other.face_up and other.card.kind != "monster" and "declared_race" in other.counters:
                if any(e.get("continuous", {}).get("set_race_all") == "declared"
                       for e in other.card.effects):
                    yield other.counters["declared_race"]

    def effective_atk(self, card: CardInstance) -> int:
        """The printed ATK through every modifier of the duel (one pipeline in every format)."""
        guards = self.stat_effects.guarded
        return self.modifiers.total(card, "atk", card.card.atk or 0, reductions=not (
            guards and self.stat_effects.is_guarded(card, "atk")))

    def effective_def(self, card: CardInstance) -> int:
        guards = self.stat_effects.guarded
        return self.modifiers.total(card, "def", card.card.defense or 0, reductions=not (
            guards and self.stat_effects.is_guarded(card, "def")))


    def continuous_effects(self, card: CardInstance, key: str) -> list[YamlMapping]:
        """The card's continuous effects of one kind that apply now (face-up on the field; a
        format whose rules erase them notes the rule, `continuous_effect_applies`)."""
        if not (card.on_field and card.face_up) or card.card.kind != "monster":
            return []
        found = [e["continuous"] for e in card.card.effects_of("continuous")
                 if key in e["continuous"]]
        return found if found and self.continuous_effect_applies(card) else []

    def has_effects(self, card: CardInstance) -> bool:
        return True

    def attacking_monster(self) -> str | None:
        """"The attacking monster" now: the attack's source (a format may say a redirected
        attack keeps or loses it), or None outside an attack."""
        return self.attack.attacker if self.attack is not None else None

    def restricts_off_the_field(self, card: CardInstance) -> bool:
        """Does a card off the field apply its restrictions all the same? Never in the core; a
        format's wrong reading may say so (a Highlander Deck Master waiting in its zone)."""
        return False

    def continuous_effect_applies(self, card: CardInstance) -> bool:
        """Does a monster's own continuous effect apply now? A format whose rules erase it
        notes the rule that does (a Deck Master's)."""
        return self.has_effects(card)

    # --- changing the state --------------------------------------------------------------

    def move(self, card: CardInstance, zone: str, controller: str | None = None,
             face_up: bool = True, position: str | None = None, reason: str = "") -> None:
        """Move a card; cards leaving the field lose their position, counters and control."""
        old_zone, old_controller = card.zone, card.controller
        self.zone_of(old_controller, old_zone).remove(card.id)
        if zone in ON_FIELD:
            card.controller = controller or card.controller
        else:
            card.controller = card.owner
            card.position, card.counters, card.attacked_this_turn = None, {}, False
            card.host = None
            card.summoned_how = None
            self.lasting_effects = [e for e in self.lasting_effects if e["card"] != card.id]
        card.zone, card.face_up = zone, face_up
        if zone == "monsters":
            card.position = position or card.position or "attack"
        self.zone_of(card.controller, zone).append(card.id)
        if old_zone in ON_FIELD and zone not in ON_FIELD and card.card.subtype == "token" and \
                self.token_leaves_game(card):
            self.zone_of(card.controller, zone).remove(card.id)
            card.zone = "gone"
            self.emit("move", f"{card.id} is a Token: it leaves the game", card=card.id, to="gone",
                      player=card.controller, what="token_gone")
            return
        if old_zone in ON_FIELD and zone not in ON_FIELD:
            self.left_field(card, old_zone, old_controller)
            if zone == "graveyard":
                self.queue_triggers(card, "sent_to_graveyard_from_field")
        self.emit("move", f"{card.id} ({card.name}): {old_zone} -> {zone}"
                  + (f" ({reason})" if reason else ""), card=card.id, to=zone,
                  player=card.controller, from_player=old_controller, **{"from": old_zone})

    def token_leaves_game(self, card: CardInstance) -> bool:
        """A Token that leaves the field is removed from the game (a format may cite its rule)."""
        return True

    def left_field(self, card: CardInstance, old_zone: str, old_controller: str) -> None:
        """Hook for formats whose rules watch cards leaving the field."""

    def event_watched(self, event: str, data: YamlMapping) -> None:
        """Hook: an event triggers may watch happened (a destruction, a summon: watching.py),
        once the cards' own triggers have heard it; a format whose rules watch events beside
        card effects (Deck Master Abilities) listens here."""

    def after_mass_move(self, cause: str) -> None:
        """Hook: several cards moved at once (a format may judge them together)."""

    def place_fusion_materials(self, materials: Iterable[CardInstance],
                               fusion: CardInstance) -> None:
        """Where Fusion Materials go: the Graveyard (a format may attach them instead)."""
        for material in materials:
            self.move(material, "graveyard", reason=f"Fusion Material for {fusion.id}")

    def fusion_summoned(self, fusion: CardInstance, materials: list[CardInstance]) -> None:
        """Hook: a Fusion Summon has happened (a format may hand over a role)."""

    def ritual_summoned(self, monster: CardInstance, materials: list[CardInstance]) -> None:
        """Hook: a Ritual Summon has happened (a format may hand over a role)."""

    def queue_triggers_for_face_down(self, card: CardInstance) -> None:
        """Effects that wake when a face-up monster is flipped face-down."""
        for other in self.cards.values():
            if other.controller == card.controller:
                self.queue_triggers(other, "own_monster_flipped_face_down", flipped=card.id)

    def erode(self, card: CardInstance, cause: str) -> None:
        """Eroding is the graveyard elsewhere; a format that knows Erode overrides this."""
        self.move(card, "banished", reason=f"removed by {cause}")

    def gain_control(self, card: CardInstance, player: str, cause: str) -> None:
        """`player` takes control of the monster `card` (a format may say where it goes)."""
        self.move(card, "monsters", controller=player, position=card.position,
                  face_up=card.face_up, reason=f"control taken by {cause}")

    def swap_control(self, card: CardInstance, player: str, cause: str) -> None:
        """"Swap control": the player the text names takes control of the card."""
        self.gain_control(card, player, cause)

    def equip(self, card: CardInstance, host: CardInstance, cause: str,
              controller: str | None = None) -> None:
        """Equip `card` to the face-up monster `host`: it sits in a Spell & Trap Zone, linked to
        its host, so rules can follow the pair (what happens when the host leaves is a format's)."""
        if (not card.on_field and card.zone != "hand") or host.zone != "monsters" or \
                not host.face_up:
            self.emit("equip", f"{card.id} cannot be equipped to {host.id} now", card=card.id,
                      host=host.id, what="cannot")
            return
        if card.zone != "spell_trap":
            self.move(card, "spell_trap", controller=controller or card.controller,
                      reason=f"equipped to {host.id} by {cause}")
        card.host = host.id
        self.emit("equip", f"{card.id} is equipped to {host.id}", card=card.id, host=host.id)

    def lasting_effect(self, ctx: EffectContext, card: CardInstance, key: str,
                       value: YamlValue = None) -> None:
        """An effect leaves a lasting change on `card` (an ATK change, a Battle Lock). It ends when
        `card` leaves the field; a format may end it sooner, when its source leaves."""
        self.lasting_effects.append({"card": card.id, "key": key, "value": value,
                                     "source": ctx.card_id,
                                     "permanent": bool(ctx.remembered.get("permanently"))})
        if key in ("atk", "def"):
            self.stat_effects.lasting_change_made()

    def destroy(self, card: CardInstance, cause: str) -> None:
        if self.counts_as_destroyed(card):
            # It stays until its chain has resolved, then goes to the Graveyard as usual.
            self.emit("effect", f"{card.id} already counts as destroyed: {cause} does not "
                      "destroy it again", ["normal-spell-destroyed"], card=card.id, by=cause,
                      what="already_destroyed")
            return
        how = destruction_kind(self, cause)
        shield = shields_from_destruction(self, card, how)
        if shield is not None:
            self.emit("effect", f"{card.id} cannot be destroyed by {DESTROYED_BY[how]} "
                      f"({shield.id}): {cause} does not destroy it", card=card.id, by=cause,
                      how=how, shield=shield.id, what="not_destroyed")
            return
        controller = card.controller
        self.move(card, "graveyard", reason=f"destroyed by {cause}")
        announce(self, card, controller, how)

    def flip_face_up(self, card: CardInstance, activate_flip: bool = True,
                     cause: str = "") -> None:
        card.face_up = True
        self.emit("flip", f"{card.id} is flipped face-up" + (f" by {cause}" if cause else ""),
                  card=card.id, by=cause)
        if activate_flip:
            self.queue_triggers(card, "flipped")

    def special_summon(self, card: CardInstance, player: str, position: str, cause: str = "",
                       face_up: bool = True) -> bool:
        """Special Summon by an effect; returns whether the monster was summoned."""
        if self.monster_zone_full(player):
            raise IllegalAction("no_free_zone", "no free Monster Zone for the summon")
        self.move(card, "monsters", controller=player, position=position, face_up=face_up,
                  reason=f"special summoned by {cause}" if cause else "special summoned")
        card.summoned_turn = self.turn
        card.summoned_how = ("special", "effect" if cause else "procedure")
        self.just_summoned.append(card.id)
        self.emit("summon", f"{card.id} is special summoned in {position} position",
                  card=card.id, how="special", player=player, position=position, face_up=face_up)
        self.summon_succeeded([card], player, "special")
        return True

    def special_summon_together(self, cards: list[CardInstance], player: str, position: str,
                                cause: str, face_up: bool = True) -> bool:
        """Special Summon several monsters by one effect at the same time: one summon event,
        which a format that counts summons counts once per monster (`summoned` gets them all).
        Returns whether they were summoned."""
        for card in cards:
            if self.monster_zone_full(player):  # the refusal puts back those already moved
                raise IllegalAction("no_free_zone", f"no free Monster Zone for {card.id}: the "
                                    f"{len(cards)} monsters are summoned together or not at all")
            self.move(card, "monsters", controller=player, position=position, face_up=face_up,
                      reason=f"special summoned by {cause}")
            card.summoned_turn = self.turn
            card.summoned_how = ("special", "effect")
            self.just_summoned.append(card.id)
        ids = [card.id for card in cards]
        self.emit("summon", f"{', '.join(ids)} are special summoned at the same time in "
                  f"{position} position", how="special", player=player, position=position,
                  face_up=face_up, by=cause, cards=ids)
        self.summon_succeeded(cards, player, "special")
        return True

    def summon_tokens(self, player: str, token_name: str, count: int, cause: str) -> None:
        definition = self.catalog.get(token_name)
        if definition is None:
            raise ScriptError(f"unknown token card '{token_name}'")
        from .state import CardInstance
        tokens = []
        for number in range(1, count + 1):
            if self.monster_zone_full(player):
                break
            token = CardInstance(id=f"{cause}-token-{number}", card=definition, owner=player,
                                 controller=player, zone="monsters", position="defense")
            self.place(token)
            tokens.append(token)
        self.emit("summon", f"{cause} Special Summons {counted(len(tokens), token_name)}",
                  how="token", player=player, by=cause,
                  token=token_name, cards=[t.id for t in tokens])
        self.summon_succeeded(tokens, player, "token")

    def stays_face_up(self, card: CardInstance) -> bool:
        """Does a format's rule keep this monster from being turned face-down by an effect that
        reaches it without targeting it (a Deck Master)? In the core game, nothing does."""
        return False

    def setting_forbidden(self) -> bool:
        """Is a face-up card forbidding monsters to be Set (Light of Intervention, or a monster
        whose continuous effect says so)?"""
        return any(c.face_up and any(e.get("continuous", {}).get("no_set")
                                     for e in c.card.effects)
                   for c in self.cards_on_field() if c.card.kind != "monster") or \
            any(self.continuous_effects(c, "no_set") for c in self.cards_on_field("monster"))

    def change_lp(self, changes: dict[str, int], cause: str, kind: str = "") -> None:
        """Change several players' LP at once, then check the duel (0 LP ends it)."""
        # The order the effect names them in: what a reading that reaches them one after the
        # other goes by (both-zero-lp:first-to-zero).
        self.lp_order = [player for player, delta in changes.items() if delta]
        for player, delta in changes.items():
            if delta == 0:
                continue
            before = self.players[player].lp
            self.players[player].lp = max(0, before + delta)
            self.emit("lp", f"{player}: {before} -> {self.players[player].lp} LP"
                      + (f" ({kind} from {cause})" if kind else f" ({cause})"),
                      player=player, before=before, after=self.players[player].lp,
                      how=kind, by=cause)
        self.lp_changed(cause)

    def draw(self, counts: dict[str, int], cause: str = "draw") -> None:
        """Players draw at the same time; one who cannot draw them all decks out."""
        short = {p: n for p, n in counts.items() if len(self.zone_of(p, "deck")) < n}
        for player, n in counts.items():
            if player in short and not self.partial_draw_allowed():
                continue
            for _ in range(min(n, len(self.zone_of(player, "deck")))):
                card = self.cards[self.zone_of(player, "deck")[0]]
                self.move(card, "hand", reason=f"drawn ({cause})")
                if self.draw_checks:  # an effect still checks the cards drawn
                    check_drawn(self, card, player)
        if short:
            self.decked_out(list(short), cause)

    def queue_triggers(self, card: CardInstance, event: str, **data: object) -> None:
        """Mandatory triggers wait for the next chain; optional ones may be activated next."""
        for effect in card.card.effects_of("trigger"):
            if effect["trigger"] != event or not self.has_effects(card):
                continue
            if not trigger_wakes(self, card, effect, data):
                continue
            waiting: PendingTrigger = {"card": card.id, "effect": effect, "data": data}
            # A mandatory effect that needs a target waits for its controller to script it.
            automatic = effect.get("mandatory") and "target" not in effect
            (self.pending_triggers if automatic else self.optional_triggers).append(waiting)

    # --- the setup -------------------------------------------------------------------------

    def add_player(self, name: str, lp: int) -> None:
        self.players[name] = PlayerState(name, lp)

    def starting_lp(self) -> int | None:
        """LP when a scenario states none: a format's parameter; the core requires it stated."""
        return self.params.get("starting_lp")

    def setup_players(self, scenario: Scenario, players: YamlMapping) -> None:
        if set(players) != set(PLAYERS):
            raise scenario.error("a duel has players A and B", "setup.players")
        for name, player in players.items():
            lp = player["lp"] if "lp" in player else self.starting_lp()
            if "lp" not in player and lp is None:  # a missing field is reported as missing
                raise scenario.error(f"lp is missing: these rules set no starting LP, so "
                                     f"write {name}'s Life Points (lp: 8000)",
                                     f"setup.players.{name}")
            if not isinstance(lp, int) or lp < 0:
                raise scenario.error("lp must be a whole number of Life Points",
                                     f"setup.players.{name}.lp")
            self.add_player(name, lp)

    def match_sides(self) -> tuple[str, ...]:
        """Who can win a Duel of the Match: the players (a team format: its teams)."""
        return tuple(self.players)

    def setup_player_extras(self, scenario: Scenario, name: str, player: YamlMapping) -> None:
        """Hook for format zones (a Deck Master, terrains)."""

    def place_deck_master(self, scenario: Scenario, name: str, entry: YamlValue,
                          allowed: Collection[str], zone: str,
                          position: str | None = None) -> CardInstance:
        """Put a player's Deck Master (a format's own setup entry) in its starting place."""
        where = f"setup.players.{name}.deck_master"
        if not isinstance(entry, dict) or set(entry) - set(allowed):
            raise scenario.error(f"deck_master is {{{', '.join(allowed)}}}", where)
        # A missing card (None) is looked up too: found as nothing, it is reported just below.
        definition = self.catalog.get(entry.get("card"))  # type: ignore[arg-type]
        if entry.get("card") is None:
            raise scenario.error("card is missing: the Deck Master is {id: ..., card: <a "
                                 "monster's name>}", where)
        if definition is None or not definition.is_monster:
            raise scenario.error(f"the Deck Master must be a known monster, not "
                                 f"“{entry.get('card')}”", f"{where}.card")
        from .state import CardInstance
        card = CardInstance(id=str(entry.get("id", f"{name}-deck-master")), card=definition,
                            owner=name, controller=name, zone=zone, position=position,
                            counters=dict(entry.get("counters", {})))
        if card.id in self.cards:
            raise scenario.error(f"card id '{card.id}' is in two places", f"{where}.id")
        self.place(card)
        return card

    def placement_problem(self, card: CardInstance) -> str | None:
        """Why a card cannot start where the scenario puts it, or None."""
        definition = card.card
        if card.zone == "monsters":
            if not definition.is_monster:
                return f"{definition.name} is not a monster and cannot be in a Monster Zone"
            if card.position not in ("attack", "defense"):
                return "a monster on the field needs position: attack or defense"
            if not card.face_up and card.position != "defense":
                return "a face-down monster is in Defense Position"
        elif card.position is not None:
            return "only monsters on the field have a position"
        if card.zone == "spell_trap" and (definition.kind not in ("spell", "trap")
                                          or definition.subtype == "field") and \
                definition.scale is None:
            return f"{definition.name} cannot be in a Spell & Trap Zone"
        if card.zone == "field_zone" and definition.subtype != "field":
            return f"{definition.name} is not a Field Spell"
        if card.zone in ("hand", "deck", "graveyard", "banished", "extra_deck") and not card.face_up:
            return "only cards on the field can be face-down"
        return None

    def equip_problem(self, card: CardInstance) -> str | None:
        """Why a set-up card cannot start equipped to its `host`, or None: it is a face-up card
        in a Spell & Trap Zone, equipping a face-up monster in a Monster Zone."""
        host = self.cards.get(card.host) if card.host else None
        if host is None:
            return f"{card.id} is equipped to {card.host}, which is no card of this scenario"
        if card.zone != "spell_trap" or not card.face_up:
            return f"{card.id} is equipped to a monster, so it is face-up in a Spell & Trap Zone"
        if host.zone != "monsters" or not host.face_up:
            return f"{card.id} is equipped to {host.id}, which is not a face-up monster in a " \
                   "Monster Zone"
        return None

    def zone_count_problem(self, player: str) -> str | None:
        zones = self.players[player].zones
        monster_zones, spell_trap_zones = self.monster_zones(), self.spell_trap_zones()
        if len(zones["monsters"]) > monster_zones:
            return f"{len(zones['monsters'])} monsters do not fit in {monster_zones} Monster Zones"
        if len(zones["spell_trap"]) > spell_trap_zones:
            return f"{len(zones['spell_trap'])} cards do not fit in {spell_trap_zones} Spell & Trap Zones"
        if len(zones["field_zone"]) > 1:
            return "a player has one Field Zone"
        return None

    def place(self, card_instance: CardInstance) -> None:
        if card_instance.id in self.cards:
            raise ScenarioError(f"card id '{card_instance.id}' is used twice", field="id")
        self.cards[card_instance.id] = card_instance
        self.zone_of(card_instance.controller, card_instance.zone).append(card_instance.id)
        if card_instance.card.effects:
            self.stat_effects.notice(card_instance)

    # --- actions ---------------------------------------------------------------------------

    ACTIONS = ("activate", "pass", "attack", "summon", "set", "flip_summon", "phase", "end_turn",
               "pass_turns", "concede")

    def play(self, action: Action) -> None:
        """One scripted step as a whole: a refused step changes nothing.

        A step that does not answer an open summon attempt closes it (everyone passed on it)
        before it runs; if the step is then refused, the attempt must still be open, so the
        opponent may still negate the summon. While an attempt is open the duel is therefore
        checkpointed before the step (`Checkpoint`: the contents of its objects, the cards saved
        as the step reads them) and put back as it was when the step is refused. The last rule
        the step noted (the one that refused it, when the refusal names one) stays in the
        trace, and the parameters the step read still count. A pass that resolves a chain is
        checkpointed too: a link found illegal while the chain resolves refuses the pass, and
        the chain is put back whole rather than left half-resolved."""
        if (self.summon_attempt is None or self.chain or self.answers_summon(action)) and \
                not self.resolves_chain(action):
            self.perform(action)
            return
        checkpoint = Checkpoint(self)
        try:
            self.perform(action)
        except IllegalAction:
            refusing_rule = self.rules_used[-1] if \
                len(self.rules_used) > checkpoint.rules_count else None
            checkpoint.restore()
            if refusing_rule is not None:
                self.rules_used.append(refusing_rule)
            raise
        finally:
            checkpoint.release()

    def perform(self, action: Action) -> None:
        """Carry out one scripted action; raises IllegalAction when the rules forbid it."""
        if self.damage_step_waiting():
            if self.opens_damage_step(action):
                self.open_damage_step(action)
            else:
                self.close_damage_step()  # nobody acted in the Damage Step: damage is calculated
        if self.result is not None:
            raise IllegalAction("duel_over", "the duel is already over")
        verb = action.verb
        if action.player is not None and action.player not in self.players:
            raise ScriptError(f"player {action.player} is not in this duel", field="player")
        handler = getattr(self, f"do_{verb}", None)
        if handler is None:
            raise ScriptError(f"this format has no action '{verb}'", field=verb)
        waiting = [t for t in self.optional_triggers if t["effect"].get("mandatory")]
        # (a `decline` of the waiting effect itself is refused by its own rule: mandatory_effect)
        if waiting and not (verb in ("activate", "decline") and
                            action.card in {t["card"] for t in waiting}):
            raise IllegalAction("mandatory_trigger_pending",
                                f"{waiting[0]['card']} must first activate its mandatory effect")
        if self.summon_attempt is not None and not self.chain and not self.answers_summon(action) \
                and not self.passes_in_summon_window(action):
            self.settle_summon()
        if verb not in ("activate", "pass", "decline"):
            self.optional_triggers = self.optional_triggers_kept()
            self.just_summoned = []
        handler(action)
        if self.attack is not None and self.attack.step == "damage" and self.chain:
            self.attack.damage_window = True  # a card was activated in the Damage Step
        self.after_action()

    def optional_triggers_kept(self) -> list[PendingTrigger]:
        """Optional triggers not used before the next action lapse: they miss their timing."""
        return []

    def resolves_chain(self, action: Action) -> bool:
        """Would this step, a pass, resolve a chain that a scripted choice can still make
        illegal? A link resolves against the selections and materials its step named, and
        only those are found illegal as it resolves; a chain without any needs no checkpoint."""
        return action.verb == "pass" and bool(self.chain) and \
            self.passes + 1 >= len(self.turn_order()) and \
            any(link.selections or "materials" in link.data for link in self.chain)

    def passes_in_summon_window(self, action: Action) -> bool:
        """Is this step a pass while a summon is still being attempted? Such a pass hands
        priority on and leaves the attempt open (core/chains#priority-after-a-summon)."""
        return action.verb == "pass" and self.summon_attempt is not None and not self.chain \
            and not self.misreads("summon-priority", "pass-ends-window")

    def answers_summon(self, action: Action) -> bool:
        """Is this step a card answering the summon attempt itself (Solemn Warning)?"""
        if action.verb != "activate" or action.card not in self.cards:
            return False
        program = self.card(action.card).card.activation or {}
        return any(c in SUMMON_ANSWERS for c in program.get("when", []) if isinstance(c, str))

    def before_step(self, action: Action) -> list[str] | None:
        """What the duel does by itself before a scripted step's own action, named for the
        replay to show apart (None when nothing): a Damage Step nobody acted in reaches damage
        calculation once the next step is not an activation in it."""
        if self.damage_step_waiting() and not self.opens_damage_step(action):
            self.close_damage_step()
            return ["damage_calculation"]
        return None

    def left_open(self) -> list[str]:
        """What `settle` will carry through when the script ends, as names a replay page puts
        in words: a summon nobody answered, a Damage Step nobody acted in."""
        left = []
        if self.summon_attempt is not None and not self.chain and self.result is None:
            left.append("summon_succeeds")
        if self.damage_step_waiting():
            left.append("damage_calculation")
        return left

    def settle(self) -> None:
        """End of the script: a summon still open succeeds, and a Damage Step nobody acted in
        reaches damage calculation."""
        if self.summon_attempt is not None and not self.chain and self.result is None:
            self.settle_summon()
            self.after_action()
        if self.damage_step_waiting():
            self.close_damage_step()

    def after_action(self) -> None:
        """Put waiting mandatory triggers on a new chain once the game state is open."""
        if self.result is None and not self.chain and self.pending_triggers and not self.resolving:
            self.start_trigger_chain()
        waiting = [t for t in self.optional_triggers if t["effect"].get("mandatory")]
        if waiting and not self.chain:
            self.priority, self.passes = self.card(waiting[0]["card"]).controller, 0
        if self.result is None:
            self.check_state()

    # --- format hooks for expectations ------------------------------------------------------

    def card_facts(self, card: CardInstance) -> YamlMapping:
        """Extra facts about a card that scenarios may expect."""
        return {"races": sorted(self.races(card)), "atk": self.effective_atk(card),
                "def": self.effective_def(card), "level": card.card.level, "host": card.host}

    def observe_format(self) -> YamlMapping:
        """A format's own facts for the outcome (team LP, warnings...), keyed as `expect:` is."""
        return {}

    # --- writing the state out --------------------------------------------------------------

    def snapshot(self) -> YamlMapping:
        """The state after a step, as plain data for replays and pages (drawn `quietly`)."""
        return self.quietly(self.core_snapshot)

    def core_snapshot(self) -> YamlMapping:
        return {
            "turn": self.turn, "turn_player": self.turn_player, "phase": self.phase,
            "priority": self.priority,
            "players": {p: {"lp": s.lp, **{zone: [self.snapshot_card(self.cards[i]) for i in ids]
                                           for zone, ids in s.zones.items() if ids and zone != "deck"},
                            "deck_count": len(s.zones["deck"])}
                        for p, s in self.players.items()},
            "chain": [{"link": l.number, "card": l.card_id, "player": l.player,
                       "speed": l.speed, "negated": l.negated} for l in self.chain],
            "attack": None if self.attack is None else {
                "attacker": self.attack.attacker, "target": self.attack.target,
                "negated": self.attack.negated, "step": self.attack.step},
            "this_turn": self.turn_facts(),
            "result": None if self.result is None else self.result.as_dict(),
        }

    def turn_facts(self) -> YamlMapping:
        """What the turn so far leaves that the table does not show: whether the Normal
        Summon is used, which monsters have attacked (a format adds its own: a negated
        Ability, Summon counts). Questions state these, so a judge can answer from the stem."""
        return {"normal_summon_used": self.normal_summon_used,
                "attacked": [card_id for card_id, card in self.cards.items()
                             if card.attacked_this_turn]}

    def snapshot_card(self, card: CardInstance) -> YamlMapping:
        """One card as `describe()` writes it; a monster on the field (or in a format's monster
        zone) adds its current ATK and DEF."""
        entry = card.describe()
        if card.zone == "monsters" or (card.zone in STAT_ZONES and card.card.is_monster):
            if self._quiet:  # drawing a table
                entry["atk"], entry["def"] = self.effective_atk(card), self.effective_def(card)
            else:
                entry["atk"], entry["def"] = self.quietly(
                    lambda: (self.effective_atk(card), self.effective_def(card)))
        return entry

    def quietly(self, compute: Callable[[], T]) -> T:
        """Compute something to show without it counting as part of the replay: a rule noted,
        an event emitted or a parameter read on the way is forgotten, so recording states never
        changes a replay's rule trace or the parameters its verdict depends on. Inside another
        `quietly` (a card's ATK while the table is drawn) the outer one forgets for both."""
        if self._quiet:
            return compute()
        rules, events = len(self.rules_used), len(self.events)
        read = getattr(self.params, "read", None)
        was_read = set(read) if read is not None else None
        self._quiet, self._quiet_memo = True, {}
        try:
            return compute()
        finally:
            self._quiet, self._quiet_memo = False, None
            del self.rules_used[rules:]
            del self.events[events:]
            if read is not None:
                read.intersection_update(was_read)

    def to_setup(self) -> YamlMapping:
        """The current state in the scenario `setup:` form, to start a new scenario from."""
        players: dict[str, YamlMapping] = {}
        for name, state in self.players.items():
            entry: YamlMapping = {"lp": state.lp}
            for zone, ids in state.zones.items():
                if ids:
                    entry[zone] = [self.cards[i].describe() for i in ids]
            players[name] = entry
        return {"turn": {"number": self.turn, "player": self.turn_player, "phase": self.phase},
                "players": players}
