"""The state of a duel: players, their zones, the cards, the turn, the chain and the result."""
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NotRequired, TypedDict

if TYPE_CHECKING:
    from .cards import CardDef
    from .yamltypes import YamlMapping

from .vocabulary.board import FIELD_ZONES, Phase, Zone
from .vocabulary.events import Event  # noqa: F401 - where the engine has always found it

# The vocabularies' values as plain strings: what the state records and dumps.
ZONES = tuple(zone.value for zone in Zone)
ON_FIELD = tuple(zone.value for zone in FIELD_ZONES)
PHASES = tuple(phase.value for phase in Phase)


@dataclass
class CardInstance:
    """One physical card in the duel, known by the scenario's local id."""

    id: str
    card: "CardDef"
    owner: str
    controller: str
    zone: str
    face_up: bool = True
    position: str | None = None  # "attack" or "defense" for monsters on the field
    set_turn: int | None = None
    counters: dict = field(default_factory=dict)
    attacked_this_turn: bool = False
    line: str | None = None  # "front" or "back" where a format splits the Monster Zone
    column: int | None = None  # the Monster Zone (0 = leftmost) where a format needs it
    flipped_in_chain: bool = False  # a continuous trap flipped face-up in the open chain
    summoned_turn: int | None = None
    # How it was summoned while on the field: (normal|tribute|flip|special, effect|procedure).
    summoned_how: tuple[str, str] | None = None
    notes: set = field(default_factory=set)  # per-card rule marks a format may set
    host: str | None = None  # the card it is equipped to (on the field) or attached beneath
    # One of the cards a deck given as a count holds: no card the scenario named.
    filler: bool = False

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def on_field(self) -> bool:
        return self.zone in ON_FIELD

    def describe(self) -> "YamlMapping":
        """The card as the scenario format writes it (the engine can write states back)."""
        entry: "YamlMapping" = {"id": self.id, "card": self.card.name}
        # (Written for every card of every table a replay records: the cheapest tests first,
        # the keys in their order.)
        in_monster_zone = self.zone == "monsters"
        if not self.face_up and self.zone in ON_FIELD:
            entry["face"] = "down"
        if in_monster_zone and self.position:
            entry["position"] = self.position
        if self.set_turn is not None and not self.face_up:
            entry["set_turn"] = self.set_turn
        if self.counters:
            entry["counters"] = dict(self.counters)
        if in_monster_zone and self.line:
            entry["line"] = self.line
        if in_monster_zone and self.column is not None:
            entry["column"] = self.column
        if self.controller != self.owner:
            entry["owner"] = self.owner
        if self.host:
            entry["attached_to" if self.zone == "attached" else "equipped_to"] = self.host
        return entry


@dataclass
class LifePool:
    """Life Points; teammates who share them hold the same pool."""

    lp: int


class PlayerState:
    """A player's Life Points and zones; a zone is a list of card ids (strings) only, which is
    what lets a checkpoint copy it without looking inside (checkpoint.py)."""

    def __init__(self, name: str, lp: int, pool: LifePool | None = None) -> None:
        self.name = name
        self.pool = pool or LifePool(lp)
        self.zones: dict[str, list[str]] = {zone: [] for zone in ZONES}

    @property
    def lp(self) -> int:
        return self.pool.lp

    @lp.setter
    def lp(self, value: int) -> None:
        self.pool.lp = value


@dataclass
class ChainLink:
    number: int
    card_id: str
    player: str
    speed: int
    program: dict  # the activation or effect being resolved
    is_card_activation: bool
    ability_type: str | None = None  # set when a Deck Master Ability is activated
    targets: list = field(default_factory=list)
    choice: str | None = None
    negated: bool = False
    resolved: bool = False
    selections: dict = field(default_factory=dict)  # choices scripted for its resolution
    data: dict = field(default_factory=dict)  # what the triggering event passed on (the attacker)


class PendingTrigger(TypedDict):
    """A triggered effect waiting for the chain: its card, the effect (as the catalog writes
    it), and what the event that triggered it passed on (the attacker...)."""

    card: str
    effect: "YamlMapping"
    data: dict[str, object]


class SummonAttempt(TypedDict):
    """A summon under way, which may still be answered: its monsters, who summons them and how
    (normal, tribute, special, flip, pendulum, token...), the Tributes, and whether it was
    negated; `shuffled` holds the cards a Highlander Deck Master's summon shuffled away."""

    cards: list[str]
    player: str
    how: str
    tributes: list[str]
    negated: bool
    shuffled: NotRequired[list[str]]


@dataclass
class Attack:
    attacker: str
    target: str | None  # None: a direct attack
    player: str
    negated: bool = False
    counts_as: str | None = None  # whose attack it counts as, when a format says it changed
    protected: bool = False  # the attacker neither dies nor takes damage in this battle
    # "battle": the Battle Step, where the declaration is answered; "damage": the Damage Step
    # has begun, before damage calculation (core/card-types#quick-play-damage-step).
    step: str = "battle"
    # The Damage Step's window was opened by an activation in it: passes then close it as any
    # other window; until then the first step that is not an activation calculates the damage.
    damage_window: bool = False


@dataclass
class Result:
    """Who won and why. `winner` is a player, a team's name, or several players joined by
    `+`; when it names more than one player (a team, or players who won together), `players`
    lists them in turn order."""

    winner: str | None
    reason: str
    match: bool = False
    players: tuple = ()

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def as_dict(self) -> "YamlMapping":
        if self.winner is None:
            return {"draw": True, "reason": self.reason}
        data: "YamlMapping" = {"winner": self.winner, "reason": self.reason}
        if self.match:
            data["match"] = True
        if self.players:
            data["players"] = list(self.players)
        return data
