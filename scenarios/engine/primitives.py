"""Effect primitives: the small vocabulary card behaviour is written in.

A card's program is a list of steps, each a one-key mapping: `{damage: {to:
opponent, amount: 500}}`. Each primitive is a function of the duel, the
context of the effect resolving (who controls it, its targets, the selections
scripted for it) and the step's argument. Cards never need engine code of
their own; a new combination of catalogued cards runs as it is.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from .card_filters import TARGET_KEYS, WHOSE_KEYS, filter_problem, fits
from .effect_zones import from_problem
from .errors import IllegalAction, ScriptError
from .restrictions import continuous_problem, forbids_tribute
from .watching import trigger_problem
from .wording import counted, counter_name
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .duel import Duel
    from .state import CardInstance, ChainLink

# What one step of a card's program does to the duel, given the step's argument.
Primitive: TypeAlias = "Callable[[Duel, EffectContext, YamlValue], None]"
# What paying a cost takes from `player`: its kind (lp, tribute, discard) and its value (LP, or
# a card id), given the cost's argument and the choices scripted for the activation.
Payment: TypeAlias = "tuple[str, YamlValue]"
Cost: TypeAlias = "Callable[[Duel, str, YamlValue, dict[str, str]], Payment]"

# The duel of one format, for a primitive only that format's cards use (format_duel).
FormatDuel = TypeVar("FormatDuel", bound="Duel")

PRIMITIVES: dict[str, Primitive] = {}
COSTS: dict[str, Cost] = {}


def primitive(name: str) -> Callable[[Primitive], Primitive]:
    """Register the decorated function as the primitive `name` of card programs."""
    def register(fn: Primitive) -> Primitive:
        PRIMITIVES[name] = fn
        return fn
    return register


def cost(name: str) -> Callable[[Cost], Cost]:
    """Register the decorated function as the cost `name` of card activations."""
    def register(fn: Cost) -> Cost:
        COSTS[name] = fn
        return fn
    return register


@dataclass
class EffectContext:
    """What an effect knows while it resolves."""

    card_id: str
    controller: str
    targets: list[str] = field(default_factory=list)
    selections: dict[str, str] = field(default_factory=dict)  # scripted choices, used up
    link: ChainLink | None = None  # the Chain Link resolving, if the effect is one
    remembered: dict[str, YamlValue] = field(default_factory=dict)  # for a later step

    def select(self, key: str) -> str:
        if key not in self.selections:
            raise ScriptError(f"the effect of '{self.card_id}' needs a scripted choice "
                                f"'{key}' (select: {{{key}: <card id>}})", field="select")
        return self.selections.pop(key)

    def select_cards(self, key: str, count: int) -> list[str]:
        """The `count` different cards scripted for the choice `key`: one id, or a list of ids
        (`select: {send: [a, b]}`, read as the choices `send`, `send 2`, ...)."""
        if key not in self.selections:
            raise ScriptError(f"the effect of '{self.card_id}' needs a scripted choice "
                              f"'{key}' (select: {{{key}: [<card id>, ...]}})", field="select")
        ids = [self.selections.pop(key)]
        while f"{key} {len(ids) + 1}" in self.selections:
            ids.append(self.selections.pop(f"{key} {len(ids) + 1}"))
        if len(ids) != count or len(set(ids)) != count:
            raise IllegalAction("invalid_selection", f"this effect of '{self.card_id}' chooses "
                                f"{counted(count, 'different card')} for '{key}', "
                                f"not {len(set(ids))}")
        return ids


def run(duel: Duel, program: list[YamlMapping], ctx: EffectContext) -> None:
    """Run a program step by step; stops early once the duel has a result."""
    for step in program:
        (name, arg), = step.items()
        PRIMITIVES[name](duel, ctx, arg)
        duel.after_primitive(ctx)
        if duel.result is not None:
            return


def check_program(program: YamlValue, where: str = "resolve") -> str | None:
    """The first problem with a program, or None: used when the catalog loads."""
    if isinstance(program, dict):
        for option, steps in program.items():
            problem = check_program(steps, f"{where}.{option}")
            if problem:
                return problem
        return None
    if not isinstance(program, list):
        return f"{where} must be a list of steps"
    for number, step in enumerate(program, start=1):
        if not isinstance(step, dict) or len(step) != 1:
            return f"{where} step {number} must be a single 'primitive: argument' pair"
        (name, arg), = step.items()
        if name not in PRIMITIVES:
            return f"{where} step {number}: unknown primitive '{name}'"
        if name == "dice" and (not isinstance(arg, dict) or "sides" in arg):
            return f"{where} step {number}: dice takes only results (the die's sides are the " \
                   "format's rule, not the card's)"
        if name in deck_effects.ARGUMENT_PROBLEMS:
            problem = deck_effects.ARGUMENT_PROBLEMS[name](arg)
            if problem:
                return f"{where} step {number}: {name} {problem}"
        if name == "special_summon" and isinstance(arg, dict) and "count" in arg and (
                not isinstance(arg["count"], int) or isinstance(arg["count"], bool) or
                arg["count"] < 2 or "card" in arg):
            return f"{where} step {number}: special_summon count is a whole number of at " \
                   "least 2, of monsters chosen with select (not with card:)"
        if name == "permanently":
            problem = check_program(arg, f"{where} step {number}.permanently")
            if problem:
                return problem
        if name == "destroy_all":
            # `monsters`, or the cards a text describes, written as the filter itself
            problem = None if arg == "monsters" else \
                filter_problem(arg, WHOSE_KEYS + ("card",)) if isinstance(arg, dict) else \
                f"takes monsters or a filter such as {{card: spell, side: opponent}}, not {arg!r}"
            if problem:
                return f"{where} step {number}: destroy_all {problem}"
            continue
        if isinstance(arg, dict) and "filter" in arg:
            problem = filter_problem(arg["filter"])
            if problem:
                return f"{where} step {number}: {name} filter: {problem}"
    return None


def format_duel(duel: Duel, kind: type[FormatDuel], what: str) -> FormatDuel:
    """The duel as the format a primitive of that format's cards is written for (a Deck
    Masters duel); a ScriptError naming `what` the format lacks, in another format."""
    if not isinstance(duel, kind):
        raise ScriptError(f"this format has no {what}", field="activate")
    return duel


# --- values -------------------------------------------------------------------------------

def players_named(duel: Duel, ctx: EffectContext, who: str | None) -> list[str]:
    me = ctx.controller
    if who == "opponent":  # with several opponents, the format says which one (or whom)
        return [duel.opponent_aimed_at(ctx)]
    if who in ("blue", "red"):  # "the Blue/Red Side": a format with coloured sides knows whose
        if not hasattr(duel, "side_players"):
            raise ScriptError("this format has no Blue and Red Sides", field="activate")
        return duel.side_players(who, me)
    if who == "both" and hasattr(duel, "both_players"):  # a format with more than two players
        return duel.both_players(me)
    return {"self": [me], "controller": [me], "both": [me, duel.opponent(me)]}[who or "self"]


def per_player(spec: YamlValue) -> bool:
    """Is this amount counted for each player it reaches (a count of `their` cards)?"""
    return isinstance(spec, dict) and (spec.get("side") == "their" or isinstance(
        spec.get("per"), dict) and spec["per"].get("side") == "their")


def amounts(duel: Duel, ctx: EffectContext, spec: YamlValue,
            players: list[str]) -> dict[str, int]:
    """The amount for each of `players`: counted once for all of them (an amount such as
    `doubling` changes as it is read), or once each when it counts `their` cards."""
    if per_player(spec):
        return {p: amount(duel, ctx, spec, p) for p in players}
    value = amount(duel, ctx, spec)
    return {p: value for p in players}


def amount(duel: Duel, ctx: EffectContext, spec: YamlValue, player: str | None = None) -> int:
    """A number: literal, `target.atk`, `half_lp`, or `{per: <count>, each: n}`. A count that
    says `their` is counted for `player`, the one the number is for (the damage each player
    takes "for each monster they controlled"): `{per: {zone: monsters, side: their}, each: n}`,
    `{per: destroyed, side: their, each: n}`."""
    if isinstance(spec, int):
        return spec
    if spec == "target.atk":
        return ctx.remembered.get("target.atk", duel.effective_atk(duel.card(ctx.targets[0])))
    if spec == "half_lp":
        return duel.players[ctx.controller].lp // 2
    if spec == "doubling":
        card = duel.card(ctx.card_id)
        value = card.counters.get("damage", 0) * 2 or 300
        card.counters["damage"] = value
        return value
    if isinstance(spec, dict) and spec.get("side") == "their" and player is None:
        raise ScriptError(f"amount {spec!r} counts for each player, and this step reaches no "
                          "player")
    if isinstance(spec, dict) and spec.get("per") in ("destroyed", "milled", "flipped"):
        # the cards an earlier step of this effect destroyed (destroy_all), sent from the top
        # of a Deck (mill) or changed to face-down (flip_face_down: all)
        if spec.get("side") == "their":
            theirs = duel.their_players(str(player))
            return sum(1 for gone in ctx.remembered.get("destroyed_cards", [])
                       if gone["controller"] in theirs) * spec["each"]
        return ctx.remembered.get(spec["per"], 0) * spec["each"]
    if isinstance(spec, dict) and "per" in spec:
        per = spec["per"]
        if isinstance(per, dict) and per.get("side") == "their":
            if player is None:
                raise ScriptError(f"amount {spec!r} counts for each player, and this step "
                                  "reaches no player")
            return sum(duel.count({**per, "side": "own"}, p)
                       for p in duel.their_players(player)) * spec["each"]
        return duel.count(per, ctx.controller) * spec["each"]
    raise ScriptError(f"cannot read amount {spec!r}")


# What a trigger's event data may call the monster it is about, for `that_monster`, in order.
THAT_MONSTER_KEYS = ("monster", "flipped", "attacker", "card")
# Words a step may use for a card its text names by its role, not by a target.
CARD_REFERENCES = ("self", "target", "attacker", "that_monster", "equipped")


def referenced(duel: Duel, ctx: EffectContext, ref: str) -> list[str]:
    """The card ids a reference names: `attacker` ("the attacking monster": the one the
    effect's event names, else the monster attacking now), `that_monster` (the monster the
    trigger's event is about), `equipped` ("the equipped monster": this card's host). None
    when there is no such monster now."""
    if ref == "attacker":
        attacker = ctx.remembered.get("attacker") or duel.attacking_monster()
        return [attacker] if attacker else []
    if ref == "that_monster":
        found = next((ctx.remembered[k] for k in THAT_MONSTER_KEYS if ctx.remembered.get(k)),
                     None)
        return [found] if found else []
    host = duel.card(ctx.card_id).host
    return [host] if host else []


def cards_in(duel: Duel, ctx: EffectContext, ref: str) -> list[CardInstance]:
    """The cards an effect step reaches, less those its rules say it cannot affect."""
    if ref == "self":
        return [duel.card(ctx.card_id)]
    if ref == "target":
        found = [duel.card(i) for i in ctx.targets]
    elif ref in ("attacker", "that_monster", "equipped"):
        found = [duel.card(i) for i in referenced(duel, ctx, ref)]
    else:
        found = [duel.card(ref)]
    return [card for card in found if not duel.unaffected_by(card, ctx.card_id)]


# --- life points ---------------------------------------------------------------------------

@primitive("gain_lp")
def gain_lp(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`gain_lp: 800` (the controller gains) or `gain_lp: {to: opponent, amount: 1000}`."""
    if isinstance(arg, dict) and "to" in arg:
        value = amount(duel, ctx, arg["amount"])
        duel.change_lp({p: value for p in players_named(duel, ctx, arg["to"])}, ctx.card_id)
        return
    duel.change_lp({ctx.controller: amount(duel, ctx, arg)}, ctx.card_id)


@primitive("damage")
def damage(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{to: opponent, amount: 500}`. Every player it reaches takes it at once; an amount that
    counts `their` cards is computed for each of them (`{to: both, amount: {per: {zone:
    monsters, side: their}, each: 500}}`)."""
    players = players_named(duel, ctx, arg.get("to", "opponent"))
    duel.change_lp({p: -value for p, value in amounts(duel, ctx, arg["amount"], players).items()},
                   ctx.card_id, kind="effect damage")


@primitive("set_lp")
def set_lp(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    players = players_named(duel, ctx, arg.get("who", "both"))
    duel.change_lp({p: arg["value"] - duel.players[p].lp for p in players}, ctx.card_id)


# --- cards ---------------------------------------------------------------------------------

@primitive("draw")
def draw(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    spec = arg if isinstance(arg, dict) else {"count": arg}
    duel.draw(amounts(duel, ctx, spec["count"], players_named(duel, ctx, spec.get("who", "self"))),
              ctx.card_id)


@primitive("destroy")
def destroy(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, arg):
        if card.on_field:
            if arg in ("target", "that_monster", "attacker"):
                # what a later step reads once the card has left the field
                ctx.remembered[f"{arg}.atk"] = duel.effective_atk(card)
                ctx.remembered[f"{arg}.controller"] = card.controller
            duel.destroy(card, ctx.card_id)


@primitive("discard_hand")
def discard_hand(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for player in players_named(duel, ctx, arg):
        for card_id in list(duel.players[player].zones["hand"]):
            duel.move(duel.card(card_id), "graveyard", reason=f"discarded by {ctx.card_id}")


@primitive("banish_from_hand")
def banish_from_hand(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    hand = [duel.card(i) for i in duel.players[ctx.controller].zones["hand"]]
    allowed = [c for c in hand if duel.matches(c, arg.get("filter", {}))]
    if not allowed:
        otherwise = arg.get("otherwise")
        if otherwise:
            run(duel, [{otherwise: "self"}], ctx)
        return
    chosen = duel.card(ctx.select("banish"))
    if chosen not in allowed:
        raise IllegalAction("invalid_selection", f"'{chosen.id}' cannot be banished by this effect")
    duel.move(chosen, "banished", reason=f"banished by {ctx.card_id}")


@primitive("flip_face_up")
def flip_face_up(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in duel.cards_on_field(kind="monster"):
        if not card.face_up:
            duel.flip_face_up(card, activate_flip=not arg.get("no_flip_effects", False),
                              cause=ctx.card_id)


@primitive("add_to_hand")
def add_to_hand(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, arg):
        if card.zone in ("graveyard", "deck", "banished"):
            duel.move(card, "hand", reason=f"added by {ctx.card_id}")


@primitive("special_summon")
def special_summon(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    if arg.get("card") == "self":
        card = duel.card(ctx.card_id)
        left = ctx.remembered.get("activated_in")
        if left is not None and card.zone != left:
            # activated in the hand or Graveyard, and gone from there before it resolved
            duel.emit("summon", f"{card.id} has left the {left} it was activated in: it is "
                      "not Special Summoned", card=card.id, by=ctx.card_id, what="refused")
            return
    elif arg.get("card") == "target":
        card = duel.card(ctx.targets[0])
        if card.zone not in arg.get("from", [card.zone]):
            return
    elif "count" in arg:
        return special_summon_several(duel, ctx, arg)
    else:
        card = duel.card(ctx.select("summon"))
        if card.zone not in arg.get("from", ["hand"]) or not duel.matches(card, arg.get("filter", {})):
            raise IllegalAction("invalid_selection", f"'{card.id}' cannot be summoned by this effect")
    player = card.owner if arg.get("side") == "owner" else ctx.controller
    duel.special_summon(card, player, arg.get("position", "attack"), cause=ctx.card_id,
                        face_up=arg.get("face", "up") == "up")


def may_summon_chosen(duel: Duel, card: CardInstance, controller: str,
                      arg: YamlMapping) -> bool:
    """Is `card` one its controller's summon of several may choose: their own, in a zone the
    step names (the hand unless `from` says), fitting its filter?"""
    return card.zone in arg.get("from", ["hand"]) and card.owner == controller and \
        duel.matches(card, arg.get("filter", {}))


def special_summon_several(duel: Duel, ctx: EffectContext, arg: YamlMapping) -> None:
    """`special_summon: {count: N, from: [...], filter: ...}`: the N different monsters chosen
    with `select: {summon: [a, b]}` are Special Summoned together, as one event."""
    cards = [duel.card(i) for i in ctx.select_cards("summon", arg["count"])]
    for card in cards:
        if not may_summon_chosen(duel, card, ctx.controller, arg):
            raise IllegalAction("invalid_selection",
                                f"'{card.id}' cannot be summoned by this effect")
    duel.special_summon_together(cards, ctx.controller, arg.get("position", "attack"),
                                 cause=ctx.card_id, face_up=arg.get("face", "up") == "up")


def chosen_from_deck(duel: Duel, ctx: EffectContext, key: str, arg: YamlMapping,
                     verb: str) -> CardInstance:
    """The card a step chose from its controller's Deck, checked against the effect's filter."""
    return checked_from_deck(duel, ctx, duel.card(ctx.select(key)), arg, verb)


def checked_from_deck(duel: Duel, ctx: EffectContext, card: CardInstance, arg: YamlMapping,
                      verb: str) -> CardInstance:
    """`card`, if it is in its controller's Deck and fits the effect's filter."""
    if card.zone != "deck" or card.owner != ctx.controller or \
            not duel.matches(card, arg.get("filter", {})):
        raise IllegalAction("invalid_selection", f"'{card.id}' cannot be {verb} by this effect")
    return card


@primitive("search_deck")
def search_deck(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    card = chosen_from_deck(duel, ctx, "search", arg, "added")
    owner = card.owner
    duel.move(card, "hand", reason=f"added by {ctx.card_id}")
    duel.added_from_deck(owner, ctx.card_id)


@primitive("return_to_hand")
def return_to_hand(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    card_id = ctx.remembered.get(arg) if arg in ("attacker",) else None
    if arg == "attacker" and card_id is None:
        # not an event's attacker: the monster attacking now, if any ("the attacking monster")
        card_id = duel.attacking_monster()
        if card_id is None:
            return  # no attacking monster to return
    for card in ([duel.card(card_id)] if card_id else cards_in(duel, ctx, arg)):
        if card.on_field:
            duel.move(card, "hand", reason=f"returned by {ctx.card_id}")


@primitive("add_counter")
def add_counter(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    card = duel.card(ctx.card_id)
    card.counters[arg["counter"]] = card.counters.get(arg["counter"], 0) + arg.get("count", 1)
    duel.emit("counter", f"{card.id} now has "
                         f"{counted(card.counters[arg['counter']], counter_name(arg['counter']))}",
              card=card.id, counter=arg['counter'],
              count=card.counters[arg['counter']])


@primitive("destroy_all")
def destroy_all(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`destroy_all: monsters`, or the cards a text describes: `{card: spell, side: opponent,
    face: up}` ("all face-up Spell Cards your opponent controls"). Remembers how many it
    destroyed, for `amount: {per: destroyed, each: N}`."""
    if isinstance(arg, dict):
        doomed = [c for c in duel.cards_on_field()
                  if duel.is_card_of_kind(c, arg.get("card", "card"))
                  and fits(duel, c, arg, ctx.controller, skip=("card",))
                  and not duel.unaffected_by(c, ctx.card_id)]
    else:
        doomed = [c for c in duel.cards_on_field("monster")
                  if not duel.unaffected_by(c, ctx.card_id)]
    gone: list[YamlValue] = []
    for card in doomed:
        if card.on_field:
            # what "for each card destroyed this way" reads: whose it was and its last ATK
            record = {"id": card.id, "controller": card.controller,
                      "atk": duel.effective_atk(card) if card.zone == "monsters" else 0}
            duel.destroy(card, ctx.card_id)
            if not card.on_field:
                gone.append(record)
    ctx.remembered["destroyed"] = len(gone)
    ctx.remembered["destroyed_cards"] = gone
    duel.after_mass_move(ctx.card_id)


@primitive("flip_face_down")
def flip_face_down(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`flip_face_down: target`, or `all` ("change all face-up monsters on the field to
    face-down Defense Position"), or the monsters a text describes: `{side: opponent}`. Each
    monster's own protection is judged on its own; remembers how many were changed, for
    `amount: {per: flipped, each: N}`."""
    if arg == "all" or isinstance(arg, dict):
        spec = arg if isinstance(arg, dict) else {}
        cards = [c for c in duel.cards_on_field("monster")
                 if c.zone == "monsters" and c.face_up and fits(duel, c, spec, ctx.controller)
                 and not duel.unaffected_by(c, ctx.card_id)]
    else:
        cards = cards_in(duel, ctx, arg)
    flipped = 0
    for card in cards:
        if card.zone == "monsters" and not duel.setting_forbidden() and \
                not duel.stays_face_up(card):
            card.face_up, card.position = False, "defense"
            flipped += 1
            duel.emit("flip", f"{card.id} is changed to face-down Defense Position by {ctx.card_id}",
                      card=card.id, by=ctx.card_id, what="face_down")
            duel.queue_triggers_for_face_down(card)
    ctx.remembered["flipped"] = flipped


@primitive("take_control")
def take_control(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, arg):
        if card.zone == "monsters" and card.controller != ctx.controller:
            duel.gain_control(card, ctx.controller, ctx.card_id)


@primitive("swap_control")
def swap_control(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{card: target, to: self|opponent}`: "swap control" of a card: the player the text names
    takes control of it (a format may say what else that means)."""
    player = players_named(duel, ctx, arg.get("to", "self"))[0]
    for card in cards_in(duel, ctx, arg.get("card", "target")):
        if card.zone == "monsters" and card.controller != player:
            duel.swap_control(card, player, ctx.card_id)


@primitive("equip_monster")
def equip_monster(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, arg):
        if card.zone == "monsters":
            duel.move(card, "spell_trap", controller=ctx.controller,
                      reason=f"equipped to {ctx.card_id}")


@primitive("turn_flag")
def turn_flag(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    duel.turn_flags.add(arg)
    duel.emit("effect", f"{ctx.card_id}: {arg.replace('_', ' ')} for the rest of this turn",
              by=ctx.card_id, effect=arg, what="rest_of_turn")


@primitive("declare_race")
def declare_race(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    race = ctx.select("race")
    duel.card(ctx.card_id).counters["declared_race"] = race
    duel.emit("effect", f"{ctx.card_id} declares the Type {race}",
              by=ctx.card_id, race=race, what="declare_race")


def fills_slots(duel: Duel, materials: list[CardInstance],
                slots: tuple[YamlMapping, ...]) -> bool:
    """Can each material stand for a different one of the Fusion Monster's materials, none
    left over ("1 Beast-Type monster + 1 WIND monster": a WIND Beast may be either)?"""
    if len(materials) != len(slots):
        return False

    def fills(material: CardInstance, slot: YamlMapping) -> bool:
        if set(slot) == {"name"}:
            return material.name == slot["name"]
        return duel.matches(material, slot)

    def assign(index: int, free: tuple[int, ...]) -> bool:
        if index == len(materials):
            return True
        return any(fills(materials[index], slots[slot]) and
                   assign(index + 1, free[:n] + free[n + 1:]) for n, slot in enumerate(free))

    return assign(0, tuple(range(len(slots))))


def check_fusion(duel: Duel, controller: str, fusion: CardInstance,
                 materials: list[CardInstance], arg: YamlMapping) -> None:
    """Refuse a Fusion Summon of `fusion` with these materials unless it is legal now: asked
    when the card is activated and again when it resolves."""
    if fusion.zone != "extra_deck" or fusion.owner != controller or \
            not fills_slots(duel, materials, fusion.card.material_slots):
        raise IllegalAction("invalid_fusion", f"{fusion.id} cannot be Fusion Summoned with "
                            f"{', '.join(m.id for m in materials) or 'no materials'}")
    for material in materials:
        if material.zone not in arg.get("materials_from", ("hand", "monsters")) or not (
                material.owner == controller if material.zone != "monsters"
                else duel.may_use_as_material(material, controller)):
            raise IllegalAction("invalid_fusion", f"{material.id} cannot be a Fusion Material")
        duel.check_tribute(material, controller, "fusion")
        duel.check_fusion_material(material, controller)


def check_at_activation(duel: Duel, controller: str, program: YamlMapping,
                        materials: list[str], selections: dict[str, str],
                        card_id: str = "") -> None:
    """What a card will do must be possible when it is activated: a Fusion Summon whose
    scripted materials are illegal now (a Deck Master still in its Deck Master Position) is
    refused at activation, not found out at resolution."""
    steps = program.get("resolve")
    if not isinstance(steps, list):
        return
    for step in steps:
        if not isinstance(step, dict):
            continue
        if "fusion_summon" in step and materials and "fusion" in selections:
            check_fusion(duel, controller, duel.card(selections["fusion"]),
                         [duel.card(i) for i in materials], step["fusion_summon"] or {})
        several = step.get("special_summon")
        if isinstance(several, dict) and "count" in several and "summon" in selections:
            # the monsters a summon of several names must be there to summon now, too
            ctx = EffectContext(card_id=card_id, controller=controller,
                                selections=dict(selections))
            for card in [duel.card(i) for i in ctx.select_cards("summon", several["count"])]:
                if not may_summon_chosen(duel, card, controller, several):
                    raise IllegalAction("invalid_selection",
                                        f"'{card.id}' cannot be summoned by this effect")


@primitive("fusion_summon")
def fusion_summon(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    fusion = duel.card(ctx.select("fusion"))
    materials = [duel.card(i) for i in ctx.remembered.get("materials", [])]
    check_fusion(duel, ctx.controller, fusion, materials, arg)
    duel.place_fusion_materials(materials, fusion)
    if duel.special_summon(fusion, ctx.controller, arg.get("position", "attack"),
                           cause=ctx.card_id):
        duel.fusion_summoned(fusion, materials)


@primitive("ritual_summon")
def ritual_summon(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """A Ritual Spell's effect: Tribute monsters from the hand or the field whose Levels total at
    least the Ritual Monster's, then Special Summon it from the hand (`select: {ritual: id}`,
    the Tributes as the step's `materials`)."""
    monster = duel.card(ctx.select("ritual"))
    materials = [duel.card(i) for i in ctx.remembered.get("materials", [])]
    needed = monster.card.level or 0
    if monster.zone != "hand" or monster.owner != ctx.controller or \
            (monster.card.kind, monster.card.subtype) != ("monster", "ritual") or not materials \
            or sum(m.card.level or 0 for m in materials) < needed:
        raise IllegalAction("invalid_ritual", f"{monster.id} cannot be Ritual Summoned with "
                            f"{', '.join(m.id for m in materials) or 'no Tributes'}")
    for material in materials:
        if material.id == monster.id or material.zone not in ("hand", "monsters") or not (
                material.owner == ctx.controller if material.zone != "monsters"
                else duel.may_use_from_field(material, ctx.controller)):
            raise IllegalAction("invalid_ritual", f"{material.id} cannot be Tributed for it")
        duel.check_tribute(material, ctx.controller, "ritual")
    for material in materials:
        duel.move(material, "graveyard", reason=f"Tributed for the Ritual Summon of {monster.id}")
    if duel.special_summon(monster, ctx.controller, arg.get("position", "attack"),
                           cause=ctx.card_id):
        duel.ritual_summoned(monster, materials)


# --- private zones: whose hand, Deck or Graveyard an effect reaches ---------------------------

@primitive("coin_call")
def coin_call(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    call = ctx.select("call")
    if call not in ("heads", "tails"):
        raise ScriptError("call the coin: select: {call: heads} or {call: tails}", field="select")
    result = duel.rng.choice(["heads", "tails"])
    right = call == result
    duel.emit("coin", f"{ctx.controller} calls {call}; the coin shows {result}",
              player=ctx.controller, call=call, result=result)
    run(duel, arg[duel.coin_branch(right)], ctx)


@primitive("dice")
def dice(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    roll = duel.rng.randint(1, duel.dice_sides())  # the format's die, never the card's
    duel.emit("dice", f"{ctx.controller} rolls a {roll}", player=ctx.controller, roll=roll)
    for faces, program in arg["results"].items():
        if roll in [int(f) for f in str(faces).split("|")]:
            if duel.dice_part_applies(roll):
                run(duel, program, ctx)
            return


@primitive("banish")
def banish(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`banish: target`: the card(s) on the field are removed from play (banished)."""
    for card in cards_in(duel, ctx, arg):
        if card.on_field:
            duel.move(card, "banished", reason=f"banished by {ctx.card_id}")


@primitive("banish_graveyard")
def banish_graveyard(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for player in duel.one_players_zone(ctx, arg):
        for card_id in list(duel.zone_of(player, "graveyard")):
            duel.move(duel.card(card_id), "banished", reason=f"banished by {ctx.card_id}")


@primitive("mill_for_graveyard")
def mill_for_graveyard(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    count = sum(len(duel.zone_of(p, "graveyard")) for p in duel.one_players_zone(ctx, arg))
    for card_id in duel.zone_of(ctx.controller, "deck")[:count]:
        duel.move(duel.card(card_id), "graveyard", reason=f"sent by {ctx.card_id}")


@primitive("discard_and_redraw")
def discard_and_redraw(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    counts = {}
    for player in duel.every_players_zone(ctx):
        hand = list(duel.zone_of(player, "hand"))
        counts[player] = len(hand)
        for card_id in hand:
            duel.move(duel.card(card_id), "graveyard", reason=f"discarded by {ctx.card_id}")
    duel.draw({p: n for p, n in counts.items() if n}, ctx.card_id)


@primitive("exchange_cards")
def exchange_cards(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    rival = duel.one_players_zone(ctx, "exchange")[0]
    taken, given = duel.card(ctx.select("take")), duel.card(ctx.select("give"))
    if taken.zone != "hand" or taken.owner != rival or given.zone != "hand" or \
            given.owner != ctx.controller:
        raise IllegalAction("invalid_selection", "Exchange swaps one card of each hand")
    for card, old, new in ((taken, rival, ctx.controller), (given, ctx.controller, rival)):
        duel.zone_of(old, "hand").remove(card.id)
        duel.zone_of(new, "hand").append(card.id)
        card.controller = new
        duel.emit("move", f"{card.id} goes from {old}'s hand to {new}'s hand", card=card.id,
                  from_player=old, player=new, what="hand_to_hand")


@primitive("destroy_in_hand")
def destroy_in_hand(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for player in duel.one_players_zone(ctx, "opponent"):
        for card_id in list(duel.zone_of(player, "hand")):
            card = duel.card(card_id)
            if duel.matches(card, arg.get("filter", {})):
                duel.move(card, "graveyard", reason=f"destroyed by {ctx.card_id}")


@primitive("lasts_opponent_turns")
def lasts_opponent_turns(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    duel.card(ctx.card_id).counters["turns_left"] = arg


# --- chains and battle ---------------------------------------------------------------------

@primitive("negate_previous")
def negate_previous(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    if ctx.link is not None:  # an effect that is no Chain Link has no link below it
        duel.negate_link_below(ctx.link, destroy=arg.get("destroy", True), cause=ctx.card_id)


@primitive("destruction_damage")
def destruction_damage(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`destruction_damage: target` (or `that_monster`, `attacker`: the card an earlier `destroy`
    step of the effect destroyed), or `destroyed`: for each card an earlier `destroy_all` step
    of this effect destroyed, in turn; by its last ATK, to the player who controlled it."""
    if arg == "destroyed":
        for gone in ctx.remembered.get("destroyed_cards", []):
            duel.apply_destruction_damage(gone["controller"], gone["atk"], ctx.card_id)
        return
    for card in cards_in(duel, ctx, arg):
        if card.on_field:  # not destroyed (it cannot be, or it was not): no Destruction Damage
            continue
        atk = ctx.remembered.get(f"{arg}.atk", duel.effective_atk(card))
        # the player who controlled it as it was destroyed, not its owner it went back to
        controller = ctx.remembered.get(f"{arg}.controller", card.controller)
        duel.apply_destruction_damage(str(controller), atk, ctx.card_id)


@primitive("replace_terrain")
def replace_terrain(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    format_hook(duel, "replace_terrain", "Terrains")(
        ctx.remembered["struck_player"], ctx.remembered["struck_column"], arg)


@primitive("activate_rule_card")
def activate_rule_card(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """Activate the named Rule Card from the controller's Extra Deck (a RELIANCE on this card)."""
    format_hook(duel, "activate_rule_by_effect", "Rule Cards")(ctx, arg)


@primitive("battle_swap")
def battle_swap(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, arg):
        if card.zone == "monsters":
            duel.battle_swap(card, ctx)


@primitive("battle_lock")
def battle_lock(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, "target"):
        card.counters["battle_lock"] = arg.get("turns", 0) if isinstance(arg, dict) else 0
        duel.lasting_effect(ctx, card, "battle_lock", card.counters["battle_lock"])
        duel.emit("position", f"Battle Lock: {card.id}'s battle position is locked",
                  card=card.id, what="battle_lock")


@primitive("erode")
def erode(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, arg):
        duel.erode(card, ctx.card_id)


@primitive("negate_summon")
def negate_summon(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    duel.negate_summon(arg.get("then", "destroy"), ctx.card_id)


@primitive("negate_summon_or_activation")
def negate_summon_or_activation(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    if ctx.link is not None and ctx.link.number > 1:
        duel.negate_link_below(ctx.link, destroy=True, cause=ctx.card_id)
    else:
        duel.negate_summon("destroy", ctx.card_id)


@primitive("special_summon_tokens")
def special_summon_tokens(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    duel.summon_tokens(ctx.controller, arg["token"], arg["count"], ctx.card_id)


@primitive("send_from_deck")
def send_from_deck(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{filter: {...}}` with `select: {send: id}`; `{count: 2, filter: ...}` with `select:
    {send: [a, b]}` sends that many different chosen cards from the controller's Deck."""
    count = arg.get("count", 1)
    if count == 1:
        cards = [chosen_from_deck(duel, ctx, "send", arg, "sent")]
    else:
        cards = [checked_from_deck(duel, ctx, duel.card(card_id), arg, "sent")
                 for card_id in ctx.select_cards("send", count)]
    for card in cards:
        duel.move(card, "graveyard", reason=f"sent by {ctx.card_id}")
        duel.queue_triggers(card, "sent_from_deck_to_graveyard")


@primitive("negate_attack")
def negate_attack(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    duel.negate_attack(end_battle_phase=arg.get("end_battle_phase", False), cause=ctx.card_id)


@primitive("redirect_attack")
def redirect_attack(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, arg):
        duel.redirect_attack(card, ctx.card_id)


@primitive("move_to_terrain")
def move_to_terrain(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    for card in cards_in(duel, ctx, arg):
        format_hook(duel, "move_to_terrain", "Terrains")(card, ctx.card_id)


def format_hook(duel: Duel, name: str, what: str) -> Callable[..., object]:
    """A duel method only some formats have (Kingdom Duels Terrains, Tilemaps, Subduels); a
    ScriptError naming `what` the format lacks, for a card that needs it elsewhere."""
    hook = getattr(duel, name, None)
    if hook is None:
        raise ScriptError(f"this format has no {what}", field="activate")
    return hook


@primitive("create_tilemap")
def create_tilemap(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{terrain, width, height, red, blue, holes, obstructions, moves_per_turn}`: lay out the
    Tilemap the card's artwork draws (rulesets/kingdom_tilemap.py)."""
    format_hook(duel, "create_tilemap", "Tilemaps")(ctx, arg)


@primitive("remove_obstructions")
def remove_obstructions(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`remove_obstructions: all`: the Tilemap's black lines are removed (never its edge)."""
    format_hook(duel, "remove_obstructions", "Tilemaps")(ctx)


@primitive("subduel")
def subduel(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{players: {self: ..., opponent: ...}, turn, winner: [steps]}`: declare a Subduel, a
    separate game played before the duel goes on (rulesets/kingdom_subduel.py)."""
    format_hook(duel, "declare_subduel", "Subduels")(ctx, arg)


# --- equips, lasting changes, counters and Alter Summons ------------------------------------

@primitive("equip")
def equip(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """Equip this card to the monster `arg` names (its target), or, with `{zone: graveyard,
    side: opponent}`, to a whole game zone ("Equip the Graveyard"), where a format knows how."""
    card = duel.card(ctx.card_id)
    if isinstance(arg, dict) and "zone" in arg:
        equip_zone = getattr(duel, "equip_zone", None)
        if equip_zone is None:
            raise ScriptError("this format cannot equip a game zone", field="activate")
        equip_zone(card, players_named(duel, ctx, arg.get("side", "self"))[0], arg["zone"], ctx)
        return
    for host in cards_in(duel, ctx, arg):
        duel.equip(card, host, ctx.card_id, controller=ctx.controller)


@primitive("equip_card")
def equip_card(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{from: [hand], to: target}`: an effect that allows equipping: the card chosen with
    `select: {equip: id}` is equipped to the monster `to` names (a format's rules place it)."""
    _place_chosen_card(duel, ctx, arg, "equip", "equipped", "equip_by_effect",
                       "equip cards by an effect")


@primitive("attach_card")
def attach_card(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{from: [hand, monsters], to: target}`: an effect that allows attaching: the card chosen
    with `select: {attach: id}` is attached beneath the card `to` names."""
    _place_chosen_card(duel, ctx, arg, "attach", "attached", "attach_by_effect", "attach cards")


def _place_chosen_card(duel: Duel, ctx: EffectContext, arg: YamlMapping, verb: str, done: str,
                       hook_name: str, what: str) -> None:
    """Put the card chosen with `select: {<verb>: id}` on each card `to` names, by the format's
    hook (an effect that allows equipping or attaching)."""
    chosen = duel.card(ctx.select(verb))
    if chosen.zone not in arg.get("from", ["hand"]) or chosen.controller != ctx.controller:
        raise IllegalAction("invalid_selection", f"'{chosen.id}' cannot be {done} by this effect")
    hook = getattr(duel, hook_name, None)
    if hook is None:
        raise ScriptError(f"this format cannot {what}", field="activate")
    for host in cards_in(duel, ctx, arg.get("to", "target")):
        hook(chosen, host, ctx)


@primitive("change_atk")
def change_atk(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{amount: 400, card: target}`: the monster's ATK changes until the change ends."""
    value = amount(duel, ctx, arg["amount"])
    for card in cards_in(duel, ctx, arg.get("card", "target")):
        if card.zone == "monsters":
            duel.lasting_effect(ctx, card, "atk", value)
            duel.emit("effect", f"{card.id}'s ATK changes by {value} ({ctx.card_id})"
                      + (", permanently" if ctx.remembered.get("permanently") else ""),
                      card=card.id, amount=value, by=ctx.card_id,
                      permanent=bool(ctx.remembered.get("permanently")), what="atk")


@primitive("permanently")
def permanently(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """Run the steps in `arg` so that what they change lasts for the rest of the duel, even once
    the card that did it has left the field."""
    ctx.remembered["permanently"] = True
    try:
        run(duel, arg, ctx)
    finally:
        ctx.remembered.pop("permanently", None)


@primitive("place_counter")
def place_counter(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{counter: summoning, count: 1}`: put counters on the effect's targets."""
    for card in cards_in(duel, ctx, arg.get("card", "target")):
        if card.on_field:
            card.counters[arg["counter"]] = card.counters.get(arg["counter"], 0) + \
                arg.get("count", 1)
            duel.emit("counter", f"{card.id} now has "
                      f"{counted(card.counters[arg['counter']], counter_name(arg['counter']))}",
                      card=card.id, counter=arg['counter'],
                      count=card.counters[arg['counter']])


@primitive("alter_summon")
def alter_summon(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{type: Toon}`: Alter Summon the Alter Monster of that Type chosen with `select: {alter:
    id}`, over the material the step names; only a format with Alter Summons knows how."""
    summon = getattr(duel, "alter_summon", None)
    if summon is None:
        raise ScriptError("this format has no Alter Summons", field="activate")
    summon(ctx, arg["type"])


# --- winning -------------------------------------------------------------------------------

@primitive("win_after_turns")
def win_after_turns(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    duel.register_turn_win(ctx.controller, arg["turns"], ctx.card_id)


# --- costs (paid at activation) ------------------------------------------------------------

@cost("pay_lp")
def pay_lp(duel: Duel, player: str, arg: YamlValue, selections: dict[str, str]) -> Payment:
    value = duel.players[player].lp // 2 if arg == "half" else arg
    return ("lp", value)


def scripted_cost_cards(selections: dict[str, str], key: str, count: int) -> list[str]:
    """The `count` different cards a step chose to pay a cost with (`select: {key: id}`, or a
    list of ids); a cost never picks one by itself. Taken out of the step's selections, so
    they are not read again."""
    if key not in selections:
        raise ScriptError(f"this cost needs a scripted '{key}' choice (select: {{{key}: <id>}}"
                          f"{' with ' + str(count) + ' ids' if count > 1 else ''})",
                          field="select")
    chosen = [selections.pop(key)]
    while f"{key} {len(chosen) + 1}" in selections:
        chosen.append(selections.pop(f"{key} {len(chosen) + 1}"))
    if len(chosen) != count or len(set(chosen)) != count:
        raise ScriptError(f"this cost takes {counted(count, 'different card')} for '{key}', "
                          f"not {len(set(chosen))}", field="select")
    return chosen


# Where a cost may take its cards from: `from:` names a zone, or `field` for any zone there.
COST_ZONES = {"hand": ("hand",), "graveyard": ("graveyard",), "deck": ("deck",),
              "monsters": ("monsters",), "spell_trap": ("spell_trap", "field_zone"),
              "field": ("monsters", "spell_trap", "field_zone")}


def cost_terms(arg: YamlValue) -> tuple[int, YamlMapping]:
    """(how many cards, the filter they must fit) of a card cost: `1`, `{}`, `{count: 2,
    filter: {race: Beast}}`."""
    if isinstance(arg, int):
        return arg, {}
    arg = arg or {}
    return arg.get("count", 1), arg.get("filter", {})


def cost_cards(duel: Duel, player: str, arg: YamlValue, selections: dict[str, str], key: str,
               default_from: str) -> list[CardInstance]:
    """The cards chosen for a cost that takes cards: each in a zone `from:` allows, fitting the
    filter, and the player's to use (their own hand and Graveyard; on the field, what
    `may_use_from_field` allows, such as a Phalanx teammate's monster). A card that cannot
    pay it forbids the activation."""
    count, spec = cost_terms(arg)
    places = (arg.get("from") if isinstance(arg, dict) else None) or default_from
    zones = [zone for place in ([places] if isinstance(places, str) else places)
             for zone in COST_ZONES[place]]
    cards = [duel.card(i) for i in scripted_cost_cards(selections, key, count)]
    for card in cards:
        usable = duel.may_use_from_field(card, player) if card.on_field else \
            duel.may_use_from_area(card, player)
        if duel.cost_zone(card, player) not in zones or not usable or \
                not duel.matches(card, spec):
            duel.illegal("costs", "cannot_pay_cost", f"{card.id} cannot pay this {key} cost "
                         f"of {player}")
    return cards


@cost("tribute")
def tribute_cost(duel: Duel, player: str, arg: YamlValue, selections: dict[str, str]) -> Payment:
    """`{count: N, filter: ...}`: Tribute monsters the player controls."""
    cards = cost_cards(duel, player, arg, selections, "tribute", "monsters")
    for card in cards:
        forbidding = forbids_tribute(duel, card)
        if forbidding is not None:  # a cost that cannot be paid forbids the activation
            duel.illegal("costs", "cannot_pay_cost", f"{card.id} cannot be Tributed while "
                         f"{forbidding.id} says so")
        duel.check_tribute(card, player, "cost")  # a format's limits on Tributes apply to costs
    return ("tribute", [card.id for card in cards])


@cost("discard")
def discard(duel: Duel, player: str, arg: YamlValue, selections: dict[str, str]) -> Payment:
    """`N` or `{count: N, filter: ...}`: discard cards from the hand chosen with
    `select: {discard: ...}`; `discard: self` discards the card whose effect is activated from
    the hand ("you can discard this card; ...")."""
    if arg == "self":
        return ("discard_self", "")
    count, spec = cost_terms(arg)
    chosen = scripted_cost_cards(selections, "discard", count)
    for card_id in chosen:
        card = duel.card(card_id)
        if card.zone != "hand" or not duel.may_discard(card, player) or \
                not duel.matches(card, spec):
            duel.illegal("costs", "cannot_pay_cost", f"{card_id} is not a card {player} can "
                         "discard")
    return ("discard", chosen)


@cost("banish")
def banish_cost(duel: Duel, player: str, arg: YamlValue, selections: dict[str, str]) -> Payment:
    """`{from: graveyard, count: N, filter: ...}`: banish cards (from the hand, the Graveyard
    or the field) chosen with `select: {banish: ...}`; `banish: self` banishes the card whose
    effect is activated, from where it is ("banish this card from your Graveyard; ...")."""
    if arg == "self":
        return ("banish_self", "")
    cards = cost_cards(duel, player, arg, selections, "banish", "graveyard")
    return ("banish", [card.id for card in cards])


@cost("send_to_graveyard")
def send_cost(duel: Duel, player: str, arg: YamlValue, selections: dict[str, str]) -> Payment:
    """`{from: field, count: N, filter: ...}`: send cards the player controls on the field (or
    from `from:`) to the Graveyard, chosen with `select: {send_to_graveyard: ...}`."""
    cards = cost_cards(duel, player, arg, selections, "send_to_graveyard", "field")
    return ("send_to_graveyard", [card.id for card in cards])


from . import deck_effects  # noqa: E402,F401  (registers the Deck and hand primitives)


# --- checking card data ------------------------------------------------------------------------

ACTIVATION_KEYS = {"speed", "when", "cost", "target", "resolve", "trigger"}
EFFECT_KINDS = {"trigger", "continuous", "quick", "ignition", "hand_win", "standby", "maintenance",
                "strike", "equip", "attach", "detach"}


def cost_problem(name: str, arg: YamlValue) -> str | None:
    """Why a cost's argument cannot be read, or None: an LP cost is a number or `half`; a cost
    that takes cards is a count or `{count: N, filter: ..., from: ...}`."""
    if name == "pay_lp":
        fine = arg == "half" or isinstance(arg, int) and not isinstance(arg, bool) and arg > 0
        return None if fine else f"takes a number of LP or half, not {arg!r}"
    if isinstance(arg, int) and not isinstance(arg, bool):
        return None if arg > 0 else f"takes a count of at least 1, not {arg}"
    if name in ("discard", "banish") and isinstance(arg, str):
        return None if arg == "self" else f"is `self` (this card) or a count, not {arg!r}"
    if arg is None:
        return None
    if not isinstance(arg, dict):
        return "takes a count or {count: N, filter: {...}}"
    allowed = {"count", "filter"} | ({"from"} if name in ("banish", "send_to_graveyard") else set())
    unknown = set(arg) - allowed
    if unknown:
        return f"takes {', '.join(sorted(allowed))}, not {', '.join(sorted(unknown))}"
    count = arg.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return f"count is a number of cards, not {count!r}"
    places = arg.get("from", [])
    for place in [places] if isinstance(places, str) else places if isinstance(places, list) \
            else [places]:
        if not isinstance(place, str) or place not in COST_ZONES:
            return f"from is one of {', '.join(COST_ZONES)} (or a list of them), not {place!r}"
    if "filter" in arg:
        problem = filter_problem(arg["filter"])
        if problem:
            return f"filter: {problem}"
    return None


def check_card_spec(spec: YamlValue) -> str | None:
    """The first problem with a card's activation or effects, or None."""
    if isinstance(spec, list):
        for number, effect in enumerate(spec, start=1):
            if not isinstance(effect, dict) or not EFFECT_KINDS & set(effect):
                return f"effect {number} needs one of {', '.join(sorted(EFFECT_KINDS))}"
            problem = from_problem(effect)
            if problem:
                return f"effect {number}: {problem}"
            for kind in ("quick", "ignition"):
                if kind in effect:
                    problem = check_card_spec(effect[kind])
                    if problem:
                        return problem
            if "continuous" in effect:
                from .stat_effects import stat_effect_problem
                problem = stat_effect_problem(effect["continuous"])
                if problem:
                    return f"effect {number}: {problem}"
            if "trigger" in effect:
                problem = trigger_problem(effect) or check_program(effect.get("resolve", []))
                if problem:
                    return problem
            if "continuous" in effect:
                problem = continuous_problem(effect["continuous"])
                if problem:
                    return problem
            if "detach" in effect:  # a DETACH effect: {resolve: [...], speed: N}
                problem = check_program((effect["detach"] or {}).get("resolve", []))
                if problem:
                    return problem
        return None
    if not isinstance(spec, dict):
        return "an activation is a mapping"
    unknown = set(spec) - ACTIVATION_KEYS
    if unknown:
        return f"unknown activation field(s) {', '.join(sorted(unknown))}"
    target = spec.get("target")
    if target is not None and (not isinstance(target, dict) or not all(
            isinstance(v, (str, int)) for v in target.values())):
        return "target is a mapping of plain values, such as {card: monster, side: any}"
    if target is not None:
        problem = filter_problem(target, WHOSE_KEYS + TARGET_KEYS)
        if problem:
            return f"target: {problem}"
    conditions = spec.get("when", [])
    if not isinstance(conditions, list):
        return "when is a list of conditions (all must hold)"
    for number, condition in enumerate(conditions, start=1):
        if isinstance(condition, dict) and "hand_size" in condition:
            problem = deck_effects.hand_size_problem(condition["hand_size"])
            if problem:
                return f"when[{number}]: {problem}"
            continue
        from .conditions import condition_problem
        problem = condition_problem(condition, f"when[{number}]")
        if problem:
            return problem
    costs = spec.get("cost", [])
    if not isinstance(costs, list):
        return "cost is a list of costs, such as [{pay_lp: 1000}]"
    for number, step in enumerate(costs, start=1):
        if not isinstance(step, dict) or any(name not in COSTS for name in step):
            return f"cost {number}: unknown cost (known: {', '.join(sorted(COSTS))})"
        for name, arg in step.items():
            problem = cost_problem(name, arg)
            if problem:
                return f"cost {number}: {name} {problem}"
    return check_program(spec.get("resolve", []))
