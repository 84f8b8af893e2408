"""Continuous ATK/DEF changes that cards state, fed into the duel's one modifier pipeline.

A card's continuous effect may change the stats of the monsters it describes, for as long as
the card is face-up on the field and its effects apply:

    effects:
      - continuous:
          stats: {atk: 500}                  # gain (a negative number: lose)
          to: {side: own, race: Beast}       # which monsters: "your Beast-Type monsters"
          while: {lp_at_most: 3000}          # optional: only while this condition holds

`to:` is `self` (this card), `equipped` (the monster this card is equipped to), or a filter of
`Duel.matches` with `side:` own, opponent or any (seen from the card's controller; any when
left out). `while:` is a condition of `conditions.py`, joins included.

A monster may be protected from reductions: `continuous: {cannot_be_reduced: [atk]}` ("its ATK
cannot be reduced"). Every change that would lower that stat is left out, whichever rule or
card makes it; increases still apply.

The core's other stat changes join the same pipeline here: `atk_per` ("gains N ATK for each
...") and the lasting changes of effects that have resolved (`change_atk`).

Nothing here runs for a duel whose cards state none of this: each modifier is registered only
when a card that states one is put into the duel (`StatEffects.notice`), or when the first
lasting change is made.
"""
from __future__ import annotations

import copy
import weakref
from typing import TYPE_CHECKING, Any

from .card_filters import WHOSE_KEYS, filter_problem, fits
from .conditions import condition_problem, split
from .modifiers import STATS
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .cards import CardDef
    from .duel import Duel
    from .state import CardInstance

STAT_KEYS = {"stats", "to", "while"}


def stat_effects_of(definition: CardDef) -> tuple[YamlMapping, ...]:
    """The continuous stat changes a card states (`stats:`), found once per definition (a
    definition never changes, and this is read at every stat of every monster)."""
    found = definition.__dict__.get("_stat_effects")
    if found is None:
        found = definition.__dict__["_stat_effects"] = tuple(
            e["continuous"] for e in definition.effects_of("continuous")
            if isinstance(e["continuous"], dict) and "stats" in e["continuous"])
    return found


def guarded_stats(definition: CardDef) -> frozenset[str]:
    """The stats of this card that cannot be reduced (`cannot_be_reduced: [atk]`), found once
    per definition."""
    found = definition.__dict__.get("_guarded_stats")
    if found is None:
        stats: set[str] = set()
        for effect in definition.effects_of("continuous"):
            spec = effect["continuous"]
            if isinstance(spec, dict) and "cannot_be_reduced" in spec:
                stats.update(spec["cannot_be_reduced"])
        found = definition.__dict__["_guarded_stats"] = frozenset(stats)
    return found


def gains_for_each(definition: CardDef) -> bool:
    """Does the card state an `atk_per` gain? (found once per definition)"""
    found = definition.__dict__.get("_gains_for_each")
    if found is None:
        found = definition.__dict__["_gains_for_each"] = any(
            isinstance(e["continuous"], dict) and "atk_per" in e["continuous"]
            for e in definition.effects_of("continuous"))
    return found


class StatEffects:
    """The duel's continuous stat changes and protections, read through its modifiers."""

    def __init__(self, duel: Duel) -> None:
        # Refers back to the duel weakly, as a Kingdom Duels part does: a duel is no cycle of
        # references, and its modifiers' functions are methods of this part.
        self._duel: weakref.ReferenceType[Duel] = weakref.ref(duel)
        self.sources: list[str] = []  # ids of the cards that state a stat change
        self.guarded: dict[str, frozenset[str]] = {}  # card id -> stats it keeps from reduction
        self.registered: set[str] = set()  # the modifiers registered so far

    @property
    def duel(self) -> Duel:
        return self._duel()  # type: ignore[return-value]

    def __deepcopy__(self, memo: dict[int, Any]) -> StatEffects:
        """A copy for a copied duel, pointing at the copy."""
        copied = object.__new__(StatEffects)
        memo[id(self)] = copied
        state = dict(self.__dict__)
        duel = copy.deepcopy(state.pop("_duel")(), memo)
        copied.__dict__ = copy.deepcopy(state, memo)
        copied._duel = weakref.ref(duel)
        return copied

    def notice(self, card: CardInstance) -> None:
        """A card enters the duel: remember it if it states a stat change or a protection,
        and register the modifiers the first time one does."""
        definition = card.card
        if stat_effects_of(definition):
            self.sources.append(card.id)
            self.register("continuous effects", self.atk_change, self.def_change)
        guarded = guarded_stats(definition)
        if guarded:
            self.guarded[card.id] = guarded
        if "gains for each" not in self.registered and gains_for_each(definition):
            self.register("gains for each", self.atk_per_bonus)

    def lasting_change_made(self) -> None:
        """An effect has left a lasting ATK or DEF change (`Duel.lasting_effect`)."""
        self.register("lasting changes", self.lasting_atk, self.lasting_def)

    def register(self, source: str, atk: Any, defense: Any = None) -> None:
        if source in self.registered:
            return
        self.registered.add(source)
        self.duel.modifiers.register(source, "atk", atk)
        if defense is not None:
            self.duel.modifiers.register(source, "def", defense)

    def atk_per_bonus(self, card: CardInstance) -> int:
        """`atk_per`: "gains N ATK for each ..."."""
        duel = self.duel
        return sum(duel.count(e["atk_per"]["count"], card.controller) * e["atk_per"]["each"]
                   for e in duel.continuous_effects(card, "atk_per"))

    def lasting_atk(self, card: CardInstance) -> int:
        return self.lasting_change(card, "atk")

    def lasting_def(self, card: CardInstance) -> int:
        return self.lasting_change(card, "def")

    def lasting_change(self, card: CardInstance, stat: str) -> int:
        """What the lasting changes of effects that resolved add to the card's stat; a stat
        that cannot be reduced keeps only the increases."""
        changes = [e["value"] for e in self.duel.lasting_effects
                   if e["card"] == card.id and e["key"] == stat]
        if changes and self.guarded and self.is_guarded(card, stat):
            return sum(value for value in changes if value > 0)
        return sum(changes)

    def atk_change(self, card: CardInstance) -> int:
        return self.change(card, "atk")

    def def_change(self, card: CardInstance) -> int:
        return self.change(card, "def")

    def change(self, card: CardInstance, stat: str) -> int:
        """What every applying continuous effect adds to the monster's stat now."""
        if card.zone != "monsters" or not card.face_up:
            return 0
        duel = self.duel
        guarded = self.is_guarded(card, stat)
        total = 0
        for source_id in self.sources:
            source = duel.cards[source_id]
            if not (source.on_field and source.face_up) or (
                    source.card.kind == "monster" and
                    not duel.continuous_effect_applies(source)):
                continue
            for effect in stat_effects_of(source.card):
                value = effect["stats"].get(stat, 0)
                if not value or (guarded and value < 0) or not self.reaches(source, effect, card):
                    continue
                if "while" in effect and \
                        not duel.condition_holds(*split(effect["while"]), source,
                                                 source.controller):
                    continue
                total += value
        return total

    def reaches(self, source: CardInstance, effect: YamlMapping, card: CardInstance) -> bool:
        """Is `card` one of the monsters the effect of `source` describes?"""
        to = effect.get("to", "self")
        if to == "self":
            return card.id == source.id
        if to == "equipped":
            return source.host == card.id
        return fits(self.duel, card, to, source.controller)

    def is_guarded(self, card: CardInstance, stat: str) -> bool:
        """Can this monster's stat not be reduced now (its protection applies)?"""
        stats = self.guarded.get(card.id, frozenset())
        return stat in stats and card.zone == "monsters" and card.face_up and \
            self.duel.continuous_effect_applies(card)


def stat_effect_problem(spec: YamlValue) -> str | None:
    """What is wrong with a continuous effect's stat change or protection, or None."""
    if not isinstance(spec, dict):
        return None
    if "cannot_be_reduced" in spec:
        stats = spec["cannot_be_reduced"]
        if not isinstance(stats, list) or not stats or any(s not in STATS for s in stats):
            return "cannot_be_reduced lists the stats kept from reductions: [atk], [def] or " \
                   "[atk, def]"
    if "stats" not in spec:
        if "while" in spec or "to" in spec:
            return "to: and while: belong to a stat change (stats: {atk: 500})"
        return None
    unknown = set(spec) - STAT_KEYS
    if unknown:
        return f"a stat change has stats, to and while, not {', '.join(sorted(unknown))}"
    stats = spec["stats"]
    if not isinstance(stats, dict) or not stats or set(stats) - set(STATS) or \
            any(not isinstance(v, int) or isinstance(v, bool) for v in stats.values()):
        return "stats gives a number to atk and/or def, such as {atk: 500} or {atk: -500}"
    to = spec.get("to", "self")
    if isinstance(to, dict):
        problem = filter_problem(to, WHOSE_KEYS)
        if problem:
            return f"to: {problem}"
    elif to not in ("self", "equipped"):
        return f"to is self, equipped or a filter such as {{side: own, race: Beast}}, not {to!r}"
    if "while" in spec:
        return condition_problem(spec["while"], "while")
    return None
