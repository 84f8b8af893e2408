"""The state of a duel: players, their zones, the cards, the turn, the chain and the result."""
import copy
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
    notes: set = field(default_factory=set)  # per-card rule marks a format may set
    host: str | None = None  # the card it is equipped to (on the field) or attached beneath
    # One of the cards a deck given as a count holds: no card the scenario named.
    filler: bool = False

    def __deepcopy__(self, memo):
        """A copy for a trial run of a step (`Duel.play`), without `copy.deepcopy`'s general
        machinery: a trial may read hundreds of cards, on every step while a summon is open.

        The card's definition is shared, as the catalog is: a duel never changes a definition
        (it may only give a card another one). The small marks (counters, notes) are copied
        directly; every other field holds a plain value."""
        copied = object.__new__(type(self))
        memo[id(self)] = copied
        fields = self.__dict__.copy()
        counters, notes = self.counters, self.notes  # most cards have none: a new empty one
        fields["counters"] = {} if type(counters) is dict and not counters else \
            _copied(counters, memo)
        fields["notes"] = set() if type(notes) is set and not notes else _copied(notes, memo)
        if len(fields) != _FIELD_COUNT:  # an attribute a format added: copied the usual way
            for name, value in self.__dict__.items():
                if name not in _FIELD_NAMES:
                    fields[name] = _copied(value, memo)
        copied.__dict__ = fields
        return copied

    @property
    def name(self):
        return self.card.name

    @property
    def on_field(self):
        return self.zone in ON_FIELD

    def describe(self):
        """The card as the scenario format writes it (the engine can write states back)."""
        entry = {"id": self.id, "card": self.card.name}
        if self.on_field and not self.face_up:
            entry["face"] = "down"
        if self.zone == "monsters" and self.position:
            entry["position"] = self.position
        if self.set_turn is not None and not self.face_up:
            entry["set_turn"] = self.set_turn
        if self.counters:
            entry["counters"] = dict(self.counters)
        if self.line and self.zone == "monsters":
            entry["line"] = self.line
        if self.column is not None and self.zone == "monsters":
            entry["column"] = self.column
        if self.controller != self.owner:
            entry["owner"] = self.owner
        if self.host:
            entry["attached_to" if self.zone == "attached" else "equipped_to"] = self.host
        return entry


_PLAIN = frozenset({str, int, float, bool, type(None)})
_FIELD_NAMES = frozenset(CardInstance.__dataclass_fields__)
_FIELD_COUNT = len(_FIELD_NAMES)


class TrialCards(dict):
    """The cards of a trial copy of a duel (`Duel.trial_copy`): each card is copied from the
    real duel's the first time the trial looks it up, so trying a step costs the cards the step
    reads, not all 600 (a step is tried on a copy on every step while a summon is open).

    Whatever needs every card (iterating, counting, comparing) first copies the ones not yet
    read, in the real duel's order, and from then on this is a plain dict of copies. A card
    copied here is registered in the trial's `memo`, so other references find the same copy."""

    def __init__(self, source, memo):
        super().__init__()
        self._source, self._memo = source, memo
        self._gone = set()  # real ids the trial removed (and did not put back)
        self._moved = set()  # real ids removed and put back: now last in order, as in a dict
        self._whole = False

    def _unread(self, card_id):
        return not self._whole and card_id not in self._gone and \
            not dict.__contains__(self, card_id) and card_id in self._source

    def _read(self, card_id):
        card = self._source[card_id]
        copied = self._memo.get(id(card))
        if copied is None:
            copied = card.__deepcopy__(self._memo)
        dict.__setitem__(self, card_id, copied)
        return copied

    def whole(self):
        """Copy every card not read yet; the order is the real duel's, then the trial's own."""
        if self._whole:
            return self
        ordered = [(card_id, dict.__getitem__(self, card_id) if dict.__contains__(self, card_id)
                    else self._read(card_id))
                   for card_id in self._source
                   if card_id not in self._gone and card_id not in self._moved]
        ordered += [(card_id, card) for card_id, card in dict.items(self)
                    if card_id not in self._source or card_id in self._moved]
        dict.clear(self)
        dict.update(self, ordered)
        self._whole = True
        return self

    def __getitem__(self, card_id):
        if self._unread(card_id):
            return self._read(card_id)
        return dict.__getitem__(self, card_id)

    def get(self, card_id, default=None):
        return self[card_id] if card_id in self else default

    def __contains__(self, card_id):
        return dict.__contains__(self, card_id) or self._unread(card_id)

    def __setitem__(self, card_id, card):
        if not self._whole and card_id in self._gone:
            self._gone.discard(card_id)
            self._moved.add(card_id)
        dict.__setitem__(self, card_id, card)

    def __delitem__(self, card_id):
        if self._unread(card_id):
            self._read(card_id)
        dict.__delitem__(self, card_id)
        if not self._whole and card_id in self._source:
            self._gone.add(card_id)
            self._moved.discard(card_id)

    def pop(self, card_id, *default):
        if card_id not in self:
            if default:
                return default[0]
            raise KeyError(card_id)
        card = self[card_id]
        del self[card_id]
        return card

    def setdefault(self, card_id, default=None):
        if card_id not in self:
            self[card_id] = default
        return self[card_id]

    def __deepcopy__(self, memo):
        return {card_id: copy.deepcopy(card, memo) for card_id, card in self.whole().items()}

    def __reduce_ex__(self, protocol):
        return dict, (dict(self.whole().items()),)


def _whole_first(name):
    """A dict method that needs every card: it copies the rest first."""
    method = getattr(dict, name)

    def whole_then(self, *args, **kwargs):
        return method(self.whole(), *args, **kwargs)
    whole_then.__name__ = name
    return whole_then


for _name in ("keys", "values", "items", "__iter__", "__len__", "__reversed__", "__eq__",
              "__ne__", "__repr__", "copy", "popitem", "clear", "update", "__or__", "__ior__"):
    setattr(TrialCards, _name, _whole_first(_name))


def _copied(value, memo):
    """A deep copy of one attribute, without the generic machinery for the usual plain ones."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind in (set, frozenset) and all(type(item) in _PLAIN for item in value):
        return kind(value)
    if kind is dict and all(type(k) in _PLAIN and type(v) in _PLAIN for k, v in value.items()):
        return dict(value)
    return copy.deepcopy(value, memo)


@dataclass
class LifePool:
    """Life Points; teammates who share them hold the same pool."""

    lp: int


class PlayerState:
    def __init__(self, name, lp, pool=None):
        self.name = name
        self.pool = pool or LifePool(lp)
        self.zones = {zone: [] for zone in ZONES}

    @property
    def lp(self):
        return self.pool.lp

    @lp.setter
    def lp(self, value):
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
    def is_draw(self):
        return self.winner is None

    def as_dict(self):
        if self.winner is None:
            return {"draw": True, "reason": self.reason}
        data = {"winner": self.winner, "reason": self.reason}
        if self.match:
            data["match"] = True
        if self.players:
            data["players"] = list(self.players)
        return data
