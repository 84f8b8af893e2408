"""ATK/DEF modifiers: one registry that every rule changing a monster's stats writes to.

A ruleset's `effective_atk` / `effective_def` read the registry instead of each rule overriding
them in turn. A modifier names its source (the rule or part of a ruleset that adds it), the stat
it changes, an amount (a number, or a function of the card), an optional condition (which cards
and when it applies) and an optional lifetime (until when it stays registered).

Modifiers apply in the order they were registered: their functions may note the rules they
follow in the duel's trace, so the order is part of what a replay records.

A function given as an amount, condition or lifetime should be a bound method of the duel or of
one of its parts (not a lambda over them): a copy of the duel (`copy.deepcopy`, as a trial of a
step makes) then gets a registry whose functions read the copy, not the original.

Pure Python, like the rest of the engine.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

STATS = ("atk", "def")

# What a modifier's functions are given: the card whose stat is read (any object: the engine's
# CardInstance, or a stand-in in tests).
Card = Any
Amount = int | Callable[[Card], int]


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to a stat: `amount` (a number, or card -> number) while `applies(card)` holds,
    until `expired()` does."""

    source: str
    stat: str
    amount: Amount
    applies: Callable[[Card], bool] | None = None
    expired: Callable[[], bool] | None = None

    def __post_init__(self) -> None:
        if self.stat not in STATS:
            raise ValueError(f"modifier {self.source}: stat is one of {', '.join(STATS)}, "
                             f"not {self.stat!r}")

    def value(self, card: Card) -> int:
        """What this modifier adds to the card's stat now (0 when it does not apply)."""
        if self.applies is not None and not self.applies(card):
            return 0
        return self.amount(card) if callable(self.amount) else self.amount

    def __deepcopy__(self, memo: dict[int, Any]) -> Modifier:
        """A copy whose functions (bound methods) read the copies of their owners."""
        return Modifier(self.source, self.stat, copy.deepcopy(self.amount, memo),
                        copy.deepcopy(self.applies, memo), copy.deepcopy(self.expired, memo))


class ModifierRegistry:
    """The modifiers of one duel, in the order they were registered."""

    def __init__(self) -> None:
        self._modifiers: list[Modifier] = []
        # stat -> the modifiers of that stat, in order (rebuilt on change)
        self._by_stat: dict[str, tuple[Modifier, ...]] = {}
        self._lifetimes = False  # does any modifier have a lifetime to check?

    def _changed(self) -> None:
        self._by_stat = {}
        self._lifetimes = any(m.expired is not None for m in self._modifiers)

    def register(self, source: str, stat: str, amount: Amount,
                 applies: Callable[[Card], bool] | None = None,
                 expired: Callable[[], bool] | None = None) -> Modifier:
        """Add a modifier; returns it (to remove it later)."""
        modifier = Modifier(source, stat, amount, applies, expired)
        self._modifiers.append(modifier)
        self._by_stat = {}
        self._lifetimes = self._lifetimes or expired is not None
        return modifier

    def remove(self, modifier: Modifier) -> None:
        """Take a modifier out (one the registry does not hold is ignored)."""
        if modifier in self._modifiers:
            self._modifiers.remove(modifier)
            self._changed()

    def remove_source(self, source: str) -> None:
        """Take out every modifier of one source."""
        self._modifiers = [m for m in self._modifiers if m.source != source]
        self._changed()

    def of(self, stat: str) -> tuple[Modifier, ...]:
        """The modifiers of one stat that still last, in order."""
        found = self._by_stat.get(stat)
        if found is None:
            found = self._by_stat[stat] = tuple(m for m in self._modifiers if m.stat == stat)
        if self._lifetimes and any(m.expired is not None and m.expired() for m in found):
            self._modifiers = [m for m in self._modifiers
                               if m.expired is None or not m.expired()]
            self._changed()
            return self.of(stat)
        return found

    def total(self, card: Card, stat: str, base: int = 0, reductions: bool = True) -> int:
        """The card's stat: `base` plus every lasting modifier of that stat, applied in order;
        with `reductions=False` (the stat "cannot be reduced") a modifier that would lower it
        is left out. (Read for every monster of every state a replay records: kept to one
        loop.)"""
        value = base
        for modifier in self.of(stat):
            if modifier.applies is None or modifier.applies(card):
                amount = modifier.amount
                change = amount(card) if callable(amount) else amount
                if reductions or change > 0:
                    value += change
        return value

    def breakdown(self, card: Card, stat: str) -> list[tuple[str, int]]:
        """[(source, amount)] of the modifiers that change the card's stat now, for pages and
        tests that explain a number."""
        return [(m.source, amount) for m in self.of(stat) if (amount := m.value(card))]

    def __deepcopy__(self, memo: dict[int, Any]) -> ModifierRegistry:
        copied = ModifierRegistry()
        memo[id(self)] = copied
        copied._modifiers = [copy.deepcopy(m, memo) for m in self._modifiers]
        copied._changed()
        return copied
