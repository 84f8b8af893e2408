"""The kinds of event a replay records, and the payload each kind carries.

`Duel.emit(kind, text, rules, **data)` is the one door every event goes through: it records the
event with `Event.of`, which holds the keys to the kind's payload, a frozen dataclass whose
fields are the keys that kind may carry. A key the kind does not declare is a TypeError and a
sub-kind (`what`) it does not list a ValueError, so a misspelt or new key fails at once (and the
tests read every emitter's keys from the source). An event serialises exactly as before
(`Event.as_dict`): the kind, the text, the rule anchors, then the keys the emitter gave, in the
order it gave them.

A field no replay of the bundled scenarios has filled yet is typed `object`. Every payload may
carry `subduel: True`: a Kingdom Duels Subduel's events are taken over into the main duel's
story with that mark.
"""
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, Iterable


class EventKind(StrEnum):
    """What kind of thing happened."""
    ABILITY = "ability"
    ACTIVATE = "activate"
    ATTACH = "attach"
    ATTACK = "attack"
    BATTLE = "battle"
    CHAIN = "chain"
    COIN = "coin"
    CONTROL = "control"
    COST = "cost"
    COUNTER = "counter"
    DAMAGE = "damage"
    DECK_MASTER = "deck-master"
    DEFEAT = "defeat"
    DICE = "dice"
    DRAW = "draw"
    EFFECT = "effect"
    END = "end"
    EQUIP = "equip"
    FIELD = "field"
    FLIP = "flip"
    FORMATION = "formation"
    HAND = "hand"
    HIDE = "hide"
    IDLE = "idle"
    JOIN = "join"
    LIMIT = "limit"
    LINE = "line"
    LP = "lp"
    MOVE = "move"
    NEGATE = "negate"
    NEGATED = "negated"
    NIGHTFALL = "nightfall"
    PERSIST = "persist"
    PHASE = "phase"
    PLAY = "play"
    POSITION = "position"
    RAMPART = "rampart"
    REPLAY = "replay"
    RESOLVE = "resolve"
    RESULT = "result"
    REVEAL = "reveal"
    RITUAL = "ritual"
    RULE = "rule"
    SETUP = "setup"
    SHUFFLE = "shuffle"
    STANDBY = "standby"
    STRIKE = "strike"
    SUBDUEL = "subduel"
    SUMMON = "summon"
    TARGET = "target"
    TERRAIN = "terrain"
    TILEMAP = "tilemap"
    TRAP = "trap"
    TRIGGER = "trigger"
    TURN = "turn"
    WIN = "win"


# Keys an emitter writes that are not Python names, and the payload field that holds each.
ALIASES = {"from": "from_zone"}
ALIASES_BACK = {field: key for key, field in ALIASES.items()}


@dataclass(frozen=True, slots=True)
class Payload:
    """What an event says beyond its kind and text. Every field is optional: an emitter gives
    the keys that apply. WHATS lists the sub-kinds (`what`) the kind may take."""
    WHATS: ClassVar[frozenset[str]] = frozenset()
    subduel: bool | None = None


@dataclass(frozen=True, slots=True)
class AbilityPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"declined", "triggered", "made_active"})
    card: str | None = None
    what: str | None = None
    link: int | None = None
    player: str | None = None
    ability: str | None = None
    speed: int | None = None


@dataclass(frozen=True, slots=True)
class ActivatePayload(Payload):
    card: str | None = None
    link: int | None = None
    player: str | None = None
    speed: int | None = None
    card_activation: bool | None = None
    effect: str | None = None


@dataclass(frozen=True, slots=True)
class AttachPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"attached", "cannot", "carried", "not_detached"})
    card: str | None = None
    host: str | None = None
    what: str | None = None
    cards: list | None = None
    why: str | None = None


@dataclass(frozen=True, slots=True)
class AttackPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "counts_as", "negated", "not_redirected", "protected", "redirected", "replay",
        "retargeted"})
    attacker: str | None = None
    target: str | None = None
    player: str | None = None
    by: str | None = None
    what: str | None = None
    old: object = None


@dataclass(frozen=True, slots=True)
class BattlePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "damage_pass", "damage_step", "def_protects", "no_damage", "not_destroyed", "pierce",
        "redirect_protects"})
    attacker: str | None = None
    what: str | None = None
    player: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class ChainPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"leaves", "never", "resolves"})
    what: str | None = None
    players: int | None = None
    from_first: bool | None = None
    link: int | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class CoinPayload(Payload):
    player: str | None = None
    call: str | None = None
    result: str | None = None


@dataclass(frozen=True, slots=True)
class ControlPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"equips", "no_zone", "placed", "stays", "swap"})
    card: str | None = None
    player: str | None = None
    column: int | None = None
    what: str | None = None
    cards: list | None = None
    old: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class CostPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"charges", "maintenance"})
    player: str | None = None
    amount: int | None = None
    card: str | None = None
    purpose: str | None = None
    before: int | None = None
    after: int | None = None
    charges: int | None = None
    left: int | None = None
    effect: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class CounterPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"removed"})
    card: str | None = None
    counter: str | None = None
    count: int | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class DamagePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"prevented"})
    card: str | None = None
    player: str | None = None
    how: str | None = None
    what: str | None = None
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class DeckMasterPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"held", "replaced", "summoned"})
    card: str | None = None
    player: str | None = None
    what: str | None = None
    old: str | None = None


@dataclass(frozen=True, slots=True)
class DefeatPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"stays"})
    card: str | None = None
    player: str | None = None
    owner: str | None = None
    what: str | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class DicePayload(Payload):
    player: str | None = None
    roll: int | None = None


@dataclass(frozen=True, slots=True)
class DrawPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"skip", "added_last"})
    player: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class EffectPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "already_destroyed", "atk", "declare_race", "detach", "draw_check", "draw_check_over",
        "ends", "no_stats", "not_destroyed", "permanent", "rest_of_turn", "shuffle",
        "unaffected"})
    card: str | None = None
    player: str | None = None  # whose Deck a shuffle shuffles
    players: list | None = None  # whose draws a lasting check watches
    by: str | None = None
    what: str | None = None
    effect: str | None = None
    race: str | None = None
    amount: int | None = None
    permanent: bool | None = None
    effect_kind: str | None = None
    how: str | None = None  # what would have destroyed it: battle, effect or rule
    shield: str | None = None  # the card whose restriction kept it on the field


@dataclass(frozen=True, slots=True)
class EndPayload(Payload):
    """No keys of its own."""


@dataclass(frozen=True, slots=True)
class EquipPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "cannot", "host_left", "re_equipped", "stay_face_up", "zone"})
    card: str | None = None
    host: str | None = None
    what: str | None = None
    player: str | None = None
    zone: str | None = None
    cards: list | None = None
    why: str | None = None
    old: str | None = None


@dataclass(frozen=True, slots=True)
class FieldPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "kept", "own_replaced", "replaced", "set_stays", "stays"})
    card: str | None = None
    new: str | None = None
    what: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class FlipPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"activated", "attack", "combat", "face_down"})
    card: str | None = None
    what: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class FormationPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"front_line_falls"})
    team: str | None = None
    what: str | None = None
    before: int | None = None
    after: int | None = None


@dataclass(frozen=True, slots=True)
class HandPayload(Payload):
    player: str | None = None
    count: int | None = None


@dataclass(frozen=True, slots=True)
class HidePayload(Payload):
    card: str | None = None
    player: str | None = None
    summon: bool | None = None


@dataclass(frozen=True, slots=True)
class IdlePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"spared", "loses_instead"})
    player: str | None = None
    count: int | None = None
    cards: list | None = None
    what: str | None = None
    warnings: int | None = None  # loses_instead: the warnings the player already had


@dataclass(frozen=True, slots=True)
class JoinPayload(Payload):
    """No keys of its own."""


@dataclass(frozen=True, slots=True)
class LimitPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "at_limit", "count", "flip", "not_resolved", "set", "tokens"})
    player: str | None = None
    added: int | None = None
    count: int | None = None
    limit: int | None = None
    what: str | None = None
    by: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class LinePayload(Payload):
    card: str | None = None
    line: str | None = None


@dataclass(frozen=True, slots=True)
class LpPayload(Payload):
    player: str | None = None
    before: int | None = None
    after: int | None = None
    how: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class MovePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "attached_left", "hand_to_hand", "terrain", "token_gone"})
    card: str | None = None
    to: str | None = None
    player: str | None = None
    from_player: str | None = None
    what: str | None = None
    column: int | None = None
    terrain: str | None = None
    by: str | None = None
    host: str | None = None
    from_zone: str | None = None


@dataclass(frozen=True, slots=True)
class NegatePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "ability_immune", "cannot", "link", "not_negated", "overridden", "pay_to_negate", "summon",
        "unstoppable"})
    card: str | None = None
    by: str | None = None
    what: str | None = None
    link: int | None = None
    ability: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class NegatedPayload(Payload):
    link: int | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class NightfallPayload(Payload):
    card: str | None = None
    player: str | None = None
    defense: bool | None = None


@dataclass(frozen=True, slots=True)
class PersistPayload(Payload):
    card: str | None = None


@dataclass(frozen=True, slots=True)
class PhasePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"battle_ends"})
    what: str | None = None
    player: str | None = None
    phase: str | None = None


@dataclass(frozen=True, slots=True)
class PlayPayload(Payload):
    card: str | None = None
    as_kind: str | None = None


@dataclass(frozen=True, slots=True)
class PositionPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "battle_lock", "battle_lock_ends", "battle_swap", "battle_swap_kept", "flip_position"})
    card: str | None = None
    position: str | None = None
    what: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class RampartPayload(Payload):
    card: str | None = None
    atk: int | None = None
    defense: int | None = None


@dataclass(frozen=True, slots=True)
class ReplayPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"replay"})
    attacker: str | None = None
    card: str | None = None
    player: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class ResolvePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"no_effect"})
    link: int | None = None
    card: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class ResultPayload(Payload):
    winner: str | None = None
    reason: str | None = None
    match: bool | None = None
    players: list | None = None


@dataclass(frozen=True, slots=True)
class RevealPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"cardlist"})
    card: str | None = None
    materials: list | None = None
    player: str | None = None
    proper: bool | None = None
    at_end: bool | None = None
    setup: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class RitualPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"fulfilled", "sent", "stays"})
    card: str | None = None
    what: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class RulePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "keyword", "none_in_extra_deck", "reliance_activated", "reliance_leaves",
        "reliance_refused", "reliance_stays", "symbol_enters"})
    card: str | None = None
    keywords: list | None = None
    what: str | None = None
    by: str | None = None
    player: str | None = None
    charges: int | None = None
    name: str | None = None
    relies_on: object = None


@dataclass(frozen=True, slots=True)
class SetupPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"field_setup", "rule_card"})
    player: str | None = None
    card: str | None = None
    what: str | None = None
    by: str | None = None
    terrains: list | None = None


@dataclass(frozen=True, slots=True)
class ShufflePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"swap"})
    player: str | None = None
    by: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class StandbyPayload(Payload):
    card: str | None = None


@dataclass(frozen=True, slots=True)
class StrikePayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"past", "terrain"})
    card: str | None = None
    player: str | None = None
    column: int | None = None
    what: str | None = None
    terrain: str | None = None


@dataclass(frozen=True, slots=True)
class SubduelPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"declared", "over", "result", "winner_effect"})
    card: str | None = None
    what: str | None = None
    lp: dict | None = None
    player: str | None = None
    winner: str | None = None
    reason: str | None = None
    match: bool | None = None
    players: list | None = None


@dataclass(frozen=True, slots=True)
class SummonPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "alter_failed", "materials_apart", "refused", "same_zone", "sealed"})
    card: str | None = None
    how: str | None = None
    player: str | None = None
    position: str | None = None
    face_up: bool | None = None
    by: str | None = None
    token: str | None = None
    cards: list | None = None
    what: str | None = None
    reason: str | None = None
    material: str | None = None
    column: int | None = None


@dataclass(frozen=True, slots=True)
class TargetPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"retargeted"})
    link: int | None = None
    card: str | None = None
    old: str | None = None
    new: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class TerrainPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"default", "replaced", "stacked"})
    player: str | None = None
    column: int | None = None
    old: str | None = None
    terrain: str | None = None
    what: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class TilemapPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "artwork", "created", "ended", "lines_removed", "moved", "off", "placed", "replaced"})
    card: str | None = None
    terrain: str | None = None
    count: int | None = None
    what: str | None = None
    by: str | None = None
    tile: str | None = None
    old: str | None = None


@dataclass(frozen=True, slots=True)
class TrapPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({"flipped_only"})
    card: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class TriggerPayload(Payload):
    WHATS: ClassVar[frozenset[str]] = frozenset({
        "continuous_effect", "declined", "effect_declined", "end_phase", "mandatory", "sprung"})
    card: str | None = None
    link: int | None = None
    player: str | None = None
    what: str | None = None


@dataclass(frozen=True, slots=True)
class TurnPayload(Payload):
    """No keys of its own."""


@dataclass(frozen=True, slots=True)
class WinPayload(Payload):
    player: str | None = None
    turns: int | None = None
    by: str | None = None


PAYLOADS: dict[str, type[Payload]] = {  # by kind (an EventKind or its string)
    EventKind.ABILITY: AbilityPayload,
    EventKind.ACTIVATE: ActivatePayload,
    EventKind.ATTACH: AttachPayload,
    EventKind.ATTACK: AttackPayload,
    EventKind.BATTLE: BattlePayload,
    EventKind.CHAIN: ChainPayload,
    EventKind.COIN: CoinPayload,
    EventKind.CONTROL: ControlPayload,
    EventKind.COST: CostPayload,
    EventKind.COUNTER: CounterPayload,
    EventKind.DAMAGE: DamagePayload,
    EventKind.DECK_MASTER: DeckMasterPayload,
    EventKind.DEFEAT: DefeatPayload,
    EventKind.DICE: DicePayload,
    EventKind.DRAW: DrawPayload,
    EventKind.EFFECT: EffectPayload,
    EventKind.END: EndPayload,
    EventKind.EQUIP: EquipPayload,
    EventKind.FIELD: FieldPayload,
    EventKind.FLIP: FlipPayload,
    EventKind.FORMATION: FormationPayload,
    EventKind.HAND: HandPayload,
    EventKind.HIDE: HidePayload,
    EventKind.IDLE: IdlePayload,
    EventKind.JOIN: JoinPayload,
    EventKind.LIMIT: LimitPayload,
    EventKind.LINE: LinePayload,
    EventKind.LP: LpPayload,
    EventKind.MOVE: MovePayload,
    EventKind.NEGATE: NegatePayload,
    EventKind.NEGATED: NegatedPayload,
    EventKind.NIGHTFALL: NightfallPayload,
    EventKind.PERSIST: PersistPayload,
    EventKind.PHASE: PhasePayload,
    EventKind.PLAY: PlayPayload,
    EventKind.POSITION: PositionPayload,
    EventKind.RAMPART: RampartPayload,
    EventKind.REPLAY: ReplayPayload,
    EventKind.RESOLVE: ResolvePayload,
    EventKind.RESULT: ResultPayload,
    EventKind.REVEAL: RevealPayload,
    EventKind.RITUAL: RitualPayload,
    EventKind.RULE: RulePayload,
    EventKind.SETUP: SetupPayload,
    EventKind.SHUFFLE: ShufflePayload,
    EventKind.STANDBY: StandbyPayload,
    EventKind.STRIKE: StrikePayload,
    EventKind.SUBDUEL: SubduelPayload,
    EventKind.SUMMON: SummonPayload,
    EventKind.TARGET: TargetPayload,
    EventKind.TERRAIN: TerrainPayload,
    EventKind.TILEMAP: TilemapPayload,
    EventKind.TRAP: TrapPayload,
    EventKind.TRIGGER: TriggerPayload,
    EventKind.TURN: TurnPayload,
    EventKind.WIN: WinPayload,
}


KINDS: dict[str, EventKind] = {kind.value: kind for kind in EventKind}
# The keys each kind's payload declares, as an emitter writes them.
FIELDS: dict[str, frozenset[str]] = {
    kind: frozenset(ALIASES_BACK.get(f.name, f.name) for f in fields(payload))
    for kind, payload in PAYLOADS.items()}


@dataclass(slots=True)
class Event:
    """Something that happened, and the rule anchors that decided it.

    `data` holds the payload's keys as the emitter gave them, in its order (how the event
    serialises); `payload` reads it as the kind's frozen dataclass. `Event.of` checks the keys
    and sub-kind against the payload when the event is recorded, so the typed view always
    builds; building it only when asked keeps recording an event as cheap as it was."""

    kind: EventKind
    text: str
    rules: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, kind: str, text: str, rules: Iterable[str] = (),
           data: dict[str, Any] | None = None) -> "Event":
        """The event of `kind` with the payload `data`; a kind, key or sub-kind its payload
        does not declare is an error."""
        data = data or {}
        member = KINDS.get(kind)
        if member is None:
            raise ValueError(f"{kind!r} is not a kind of event")
        unknown = data.keys() - FIELDS[kind]
        if unknown:
            raise TypeError(f"a {kind} event has no key {', '.join(sorted(unknown))}")
        what = data.get("what")
        if what is not None and what not in PAYLOADS[kind].WHATS:
            raise ValueError(f"{what!r} is not a sub-kind of a {kind} event")
        return cls(member, text, tuple(rules), data)

    @property
    def payload(self) -> Payload:
        """The kind's payload dataclass, built from `data`."""
        return PAYLOADS[self.kind](**{ALIASES.get(key, key): value
                                      for key, value in self.data.items()})

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "text": self.text, "rules": list(self.rules),
                **self.data}
