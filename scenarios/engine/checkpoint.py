"""Putting a duel back as it was before a step: how a refused step changes nothing.

A step that does not answer an open summon attempt first lets the summon succeed, and only
then may be refused; the refused step must leave the attempt open (`Duel.play`). Rather than
trying the step on a copy of the duel, the step runs on the duel itself after a `Checkpoint`
has saved the contents of every mutable object the duel holds, and a refusal puts those
contents back into the same objects (so every reference between them stays valid).

What is saved, found by walking the duel's attributes as a deep copy would:

- lists, dicts and sets: their items; objects with a `__dict__` (cards, players, chain links,
  a format's own objects, a nested duel): their attributes; the duel's random `Generator`:
  its state, which it saves itself before its first draw in the step;
- the cards of `duel.cards`, lazily: the table is swapped for a `WatchedCards` that saves a
  card the first time the step looks it up, so a step on a 600-card duel saves the few cards
  it reads, not all 600 (`release` puts the plain table back).

What is shared and never saved: strings, numbers and enum members; the catalog and the card
definitions (a duel never changes a definition, only which one a card has); the article
parameters (`ReadTracking`: a refused step's reads still count, since the verdict depended on
them); the scenario's steps; the events emitted (a record is never changed once emitted, the
list of them is saved). An object of any other kind that has no `__dict__` stops the walk
with a TypeError naming it, so a new kind of state cannot slip past unsaved.

Restoring writes back only what differs (compared by identity), so shared data that the walk
meets inside the state (an effect program of the catalog in a chain link) is never written.
"""
import enum
import random
import types
import weakref
from typing import TYPE_CHECKING, Any, Iterable

from .cards import CardDef
from .modifiers import Modifier
from .state import CardInstance, Event, PlayerState

if TYPE_CHECKING:
    from .duel import Duel

ATOMS = frozenset({str, int, float, bool, type(None), bytes, complex})
# Kinds of objects the duel holds but never changes (see the module docstring).
SHARED = frozenset({CardDef, Event})
SKIP = ATOMS | SHARED  # kinds the walk never goes into
# A modifier of ATK/DEF is frozen, and a weak reference (a Kingdom Duels part's to its duel)
# points at an object the walk reaches from the duel itself.
SHARED_KINDS = (CardDef, Event, enum.Enum, type, types.FunctionType, types.MethodType,
                types.BuiltinFunctionType, types.ModuleType, Modifier, weakref.ReferenceType)
# The duel's lists it only appends to (and cuts back to a mark, `Duel.quietly`): saved as
# their length, however long the replay has made them.
LOGS = ("events", "rules_used")
# How a saved object is put back (see `Checkpoint.restore`).
LIST, DICT, SET, ATTRIBUTES, GENERATOR, LOG = range(6)
Saved = tuple[Any, int, Any]  # an object, how it is put back, what is saved of it


class Checkpoint:
    """The contents of a duel's mutable objects before a step, to put back on refusal."""

    def __init__(self, duel: "Duel") -> None:
        self._duel, self._cards = duel, duel.cards
        # The readings a step asked about stay asked about when the step is refused.
        self._seen = {id(duel.catalog), id(duel.params), id(duel.cards),
                      id(duel.readings_asked)}
        self._saved: list[Saved] = []  # in the order met
        self._generators: list[Generator] = []
        self.rules_count = len(duel.rules_used)
        for name in LOGS:
            log = getattr(duel, name)
            self._seen.add(id(log))
            self._saved.append((log, LOG, len(log)))
        self._walk(duel)
        duel.cards = WatchedCards(self._cards, self)

    # --- saving ------------------------------------------------------------------------------

    def _walk(self, root: object) -> None:
        """Save `root` and every mutable object reachable from it, once each."""
        stack: list[Any] = [root]
        seen, save = self._seen, self._saved.append
        pop, push, mark = stack.pop, stack.extend, seen.add
        while stack:
            value = pop()
            if id(value) in seen:
                continue
            mark(id(value))
            kind = type(value)
            how: int | None
            contents: Any
            children: Iterable[Any]
            if kind is list:
                how, contents = LIST, value[:]
                children = contents
            elif kind is dict:
                how, contents = DICT, value.copy()
                children = contents.values()
            elif kind is CardInstance:
                how, contents = ATTRIBUTES, value.__dict__.copy()
                children = contents.values()
            elif kind is set:
                how, contents = SET, value.copy()
                children = contents
            elif kind in SHARED:
                continue
            elif kind is PlayerState:
                self._save_zones(value.zones)
                how, contents = ATTRIBUTES, value.__dict__.copy()
                children = contents.values()
            else:
                how, contents, children = self._save_other(value)
            if how is not None:
                save((value, how, contents))
            # Most containers hold only strings and numbers or records: that is found at C
            # speed, and the walk does not go through them.
            if children and not set(map(type, children)) <= SKIP:
                push([child for child in children if type(child) not in SKIP])

    def _save_zones(self, zones: dict[str, list[str]]) -> None:
        """A player's zones: lists of card ids (strings), saved without looking inside."""
        self._seen.add(id(zones))
        self._saved.append((zones, DICT, zones.copy()))
        for ids in zones.values():
            self._seen.add(id(ids))
            self._saved.append((ids, LIST, ids[:]))

    def _save_other(self, value: Any) -> tuple[int | None, Any, Iterable[Any]]:
        """How an object of a less common kind is put back (None: it is not saved), what is
        saved of it and the values to walk into."""
        if isinstance(value, SHARED_KINDS):
            return None, None, ()
        if isinstance(value, (tuple, frozenset)):
            return None, None, value
        if isinstance(value, Generator):
            value.keeper = self._saved  # it saves its state itself before its next draw
            self._generators.append(value)
            return None, None, ()
        if isinstance(value, random.Random):
            return GENERATOR, value.getstate(), ()
        # A subclass of list, dict or set: its items, put back in the same object.
        if isinstance(value, dict):
            copied = dict(value)
            return DICT, copied, copied.values()
        if isinstance(value, (list, set)):
            items = list(value) if isinstance(value, list) else set(value)
            return (LIST if isinstance(value, list) else SET), items, items
        if isinstance(value, (str, int, float, bytes)):
            return None, None, ()
        if not hasattr(value, "__dict__") or hasattr(type(value), "__slots__"):
            raise TypeError(f"a duel holds a {type(value).__name__}, which a checkpoint "
                            "cannot save: teach scenarios/engine/checkpoint.py its kind")
        contents = value.__dict__.copy()
        return ATTRIBUTES, contents, contents.values()

    def save_card(self, card: CardInstance) -> None:
        """Save one card of the table the first time the step looks it up."""
        if id(card) not in self._seen:
            self._walk(card)

    # --- ending ------------------------------------------------------------------------------

    def release(self) -> None:
        """The step stands: the duel keeps a plain table of its cards (the same dict as before
        the step, holding what the step left in it)."""
        self._stop_watching()
        watched = self._duel.cards
        if type(watched) is WatchedCards:
            if not _same_table(watched, self._cards):
                self._cards.clear()
                self._cards.update(dict.items(watched))
            self._duel.cards = self._cards

    def _stop_watching(self) -> None:
        for generator in self._generators:
            generator.keeper = None

    def restore(self) -> None:
        """The step is refused: every saved object gets its contents back, and the duel its
        table of cards as it was (the step wrote only to the watched copy).

        An object is written only when its contents differ (item by item, by identity; the
        order of a dict's keys counts too): shared data met on the walk (a catalog card's
        effect program in a chain link) is never written to."""
        self._stop_watching()
        self._duel.cards = self._cards
        for value, how, contents in reversed(self._saved):
            if how is LIST:
                if len(value) != len(contents) or not _same_items(value, contents):
                    value[:] = contents
            elif how is DICT or how is ATTRIBUTES:
                held = value if how is DICT else value.__dict__
                if not (len(held) == len(contents) and list(held) == list(contents) and
                        _same_items(held.values(), contents.values())):
                    held.clear()
                    held.update(contents)
            elif how is SET:
                if value != contents:
                    value.clear()
                    value.update(contents)
            elif how is LOG:
                del value[contents:]
            else:  # GENERATOR: a random generator's state
                value.setstate(contents)


def _same_items(now: Iterable[Any], saved: Iterable[Any]) -> bool:
    """The very same items in the same order (compared by identity, at C speed)."""
    now_ids, saved_ids = list(map(id, now)), list(map(id, saved))
    return now_ids == saved_ids


def _same_table(watched: "WatchedCards", table: dict[str, CardInstance]) -> bool:
    """Does the watched table hold the same ids, in the same order, for the same cards?"""
    return len(watched) == len(table) and list(dict.keys(watched)) == list(table) and \
        _same_items(dict.values(watched), table.values())


class Generator(random.Random):
    """The duel's seeded random generator (coins, dice, shuffles). Its state is 625 numbers,
    so a checkpoint does not copy it: it asks the generator to save its state itself before
    its next draw, and a step that draws nothing costs nothing."""

    def __init__(self, seed: int) -> None:
        self.keeper: list[Saved] | None = None  # where a checkpoint saves, while one is open
        super().__init__(seed)

    def getrandbits(self, k: int) -> int:
        if self.keeper is not None:
            self._keep()
        return super().getrandbits(k)

    def random(self) -> float:
        if self.keeper is not None:
            self._keep()
        return super().random()

    def _keep(self) -> None:
        keeper, self.keeper = self.keeper, None
        if keeper is not None:
            keeper.append((self, GENERATOR, self.getstate()))


class WatchedCards(dict[str, CardInstance]):
    """The duel's table of cards while a checkpoint is open: the same cards, each saved by the
    checkpoint the first time it is handed out (by key, by value or by item). Cards added or
    taken away are found at `release` by comparing it with the table it copies."""

    def __init__(self, cards: dict[str, CardInstance], checkpoint: Checkpoint) -> None:
        super().__init__(cards)
        self._checkpoint = checkpoint

    def __getitem__(self, card_id: str) -> CardInstance:
        card = dict.__getitem__(self, card_id)
        self._checkpoint.save_card(card)
        return card

    def get(self, card_id: str, default: Any = None) -> Any:
        card = dict.get(self, card_id, default)
        if card is not default:
            self._checkpoint.save_card(card)
        return card

    def values(self) -> Any:
        for card in dict.values(self):
            self._checkpoint.save_card(card)
        return dict.values(self)

    def items(self) -> Any:
        self.values()
        return dict.items(self)

    def __iter__(self) -> Any:
        # Iterating through the type (not dict's fast path) makes `dict(cards)` and
        # `other.update(cards)` read the cards through __getitem__, so they are saved too.
        return dict.__iter__(self)

    def pop(self, card_id: str, *default: Any) -> Any:
        if card_id in self:
            self._checkpoint.save_card(dict.__getitem__(self, card_id))
        return dict.pop(self, card_id, *default)

    def popitem(self) -> tuple[str, CardInstance]:
        self.values()
        return dict.popitem(self)

    def setdefault(self, card_id: str, default: Any = None) -> Any:
        if card_id in self:
            return self[card_id]
        return dict.setdefault(self, card_id, default)

    def copy(self) -> dict[str, CardInstance]:
        return dict(self.items())
