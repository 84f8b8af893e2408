"""Continuous restrictions: what a face-up card forbids for as long as it stays face-up on the
field ("your opponent's monsters cannot declare an attack", "cannot be destroyed by battle").

A card states each in its effects as `{continuous: {<restriction>: {...}}}`:

- `cannot_attack: {cards: {side: opponent}}`: the monsters it reaches cannot declare an attack;
- `cannot_be_destroyed: {by: battle}`: they are not destroyed by battle (`by` is `battle`,
  `effect`, `rule`, or a list of them; left out, nothing destroys them);
- `cannot_be_tributed: {}`: they cannot be Tributed, for a summon or for a cost;
- `cannot_be_targeted: {by: opponent}`: the card effects of the source's controller's opponents
  (`by: any`: every card effect) cannot target them.

`cards:` says which cards a restriction reaches: `self` (the default: the card that has it) or
a filter of the cards on the field, with `side: own | opponent | any` counted from the source's
controller and any filter key of `Duel.matches` (`{side: own, race: Warrior}`).

A card unaffected by the source's effects (`Duel.unaffected_by`) escapes a restriction on
other cards. The restriction lasts exactly as long as its source: a card that leaves the field or is turned
face-down no longer restricts anything, and a monster whose effects are negated neither. Only
cards whose definition has a restriction are ever looked at, so a duel without one pays for no
check beyond an empty list. Pure Python.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .card_filters import WHOSE_KEYS, filter_problem, fits
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .cards import CardDef
    from .duel import Duel
    from .state import CardInstance

RESTRICTIONS = ("cannot_attack", "cannot_be_destroyed", "cannot_be_tributed",
                "cannot_be_targeted")
# What destroyed a card: a battle, a card effect, or a game rule (a replaced Field Spell).
DESTRUCTION_KINDS = ("battle", "effect", "rule")
TARGETING_SIDES = ("opponent", "any")
# The options of each restriction besides `cards`.
OPTIONS: dict[str, tuple[str, ...]] = {"cannot_attack": (), "cannot_be_destroyed": ("by",),
                                       "cannot_be_tributed": (), "cannot_be_targeted": ("by",)}


# --- checking card data -------------------------------------------------------------------

def cards_problem(cards: YamlValue, where: str) -> str | None:
    """Why the cards a restriction reaches or a trigger watches (`where` names the field) are
    not 'self' or a filter with a side, or None."""
    if cards == "self":
        return None
    if not isinstance(cards, dict):
        return f"{where} is 'self' or a filter such as {{side: opponent, race: Warrior}}"
    problem = filter_problem(cards, WHOSE_KEYS)
    return f"{where}: {problem}" if problem else None


def restriction_problem(name: str, spec: YamlValue) -> str | None:
    """Why one restriction of a continuous effect is written wrong, or None (checked when the
    catalog or a scenario's cards load)."""
    where = f"continuous {name}:"
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        return f"{where} takes a mapping, such as {{cards: self}}"
    unknown = sorted(set(spec) - {"cards"} - set(OPTIONS[name]))
    if unknown:
        known = ", ".join(("cards",) + OPTIONS[name])
        return f"{where} unknown field(s) {', '.join(unknown)} (known: {known})"
    problem = cards_problem(spec.get("cards", "self"), f"continuous {name} cards")
    if problem:
        return problem
    by = spec.get("by")
    if name == "cannot_be_destroyed" and by is not None:
        kinds = [by] if isinstance(by, str) else by
        if not isinstance(kinds, list) or any(kind not in DESTRUCTION_KINDS for kind in kinds):
            return f"{where} by is one or more of {', '.join(DESTRUCTION_KINDS)}, not {by!r}"
    if name == "cannot_be_targeted" and by is not None and by not in TARGETING_SIDES:
        return f"{where} by is one of {', '.join(TARGETING_SIDES)}, not {by!r}"
    return None


def continuous_problem(spec: YamlValue) -> str | None:
    """The first problem with the restrictions of one `continuous:` effect, or None."""
    if not isinstance(spec, dict):
        return None  # other continuous effects are checked where they are read
    for name in RESTRICTIONS:
        if name in spec:
            problem = restriction_problem(name, spec[name])
            if problem:
                return problem
    return None


# --- applying them ------------------------------------------------------------------------

def restricts(definition: CardDef) -> bool:
    """Does this card definition have a restriction? Found once per definition (a definition
    never changes, and a duel may hold many copies of one)."""
    found = definition.__dict__.get("_restricts")
    if found is None:
        found = any(name in effect["continuous"]
                    for effect in definition.effects_of("continuous")
                    if isinstance(effect["continuous"], dict) for name in RESTRICTIONS)
        definition.__dict__["_restricts"] = found
    return found


def restricting_cards(duel: Duel) -> list[str]:
    """The ids of the duel's cards whose definition has a restriction, found once (again only
    when a card, such as a Token, joins the duel)."""
    known = duel.__dict__.get("_restricting")
    if known is None or known[0] != len(duel.cards):
        ids = [card_id for card_id, card in duel.cards.items() if restricts(card.card)]
        known = duel.__dict__["_restricting"] = (len(duel.cards), ids)
    return known[1]


def active(duel: Duel, name: str) -> Iterator[tuple[CardInstance, YamlMapping]]:
    """(source, restriction) for each restriction `name` that applies now: its source is
    face-up on the field, and a monster source still has its effects."""
    for card_id in restricting_cards(duel):
        source = duel.cards[card_id]
        if not (source.on_field and source.face_up) and not duel.restricts_off_the_field(source):
            continue
        # A monster whose effects are erased (a Deck Master) restricts nothing: the format that
        # erases them notes the rule that does.
        if source.card.is_monster and not duel.continuous_effect_applies(source):
            continue
        for effect in source.card.effects_of("continuous"):
            spec = effect["continuous"]
            if isinstance(spec, dict) and name in spec:
                yield source, spec[name] or {}


def reaches(duel: Duel, source: CardInstance, spec: YamlMapping, card: CardInstance) -> bool:
    """Does the restriction `spec` of `source` reach `card`?"""
    cards = spec.get("cards", "self")
    if cards == "self":
        return card is source
    # A card that is unaffected by the source's effects (a higher Hierarchy, "unaffected by
    # Spell effects") escapes what it forbids, card by card.
    return fits(duel, card, cards, source.controller) and \
        not duel.unaffected_by(card, source.id)


def restricting(duel: Duel, name: str, card: CardInstance) -> CardInstance | None:
    """The card whose restriction `name` reaches `card` now, or None."""
    for source, spec in active(duel, name):
        if reaches(duel, source, spec, card):
            return source
    return None


def forbids_attack(duel: Duel, attacker: CardInstance) -> CardInstance | None:
    """The card that forbids this monster to declare an attack, or None."""
    return restricting(duel, "cannot_attack", attacker)


def forbids_tribute(duel: Duel, card: CardInstance) -> CardInstance | None:
    """The card that forbids Tributing this monster, or None."""
    return restricting(duel, "cannot_be_tributed", card)


def shields_from_destruction(duel: Duel, card: CardInstance, how: str) -> CardInstance | None:
    """The card that keeps `card` from being destroyed this way (`how`: battle, effect or
    rule), or None."""
    for source, spec in active(duel, "cannot_be_destroyed"):
        by = spec.get("by", DESTRUCTION_KINDS)
        if how in ([by] if isinstance(by, str) else by) and reaches(duel, source, spec, card):
            return source
    return None


def shields_from_targeting(duel: Duel, target: CardInstance,
                           effect_source: CardInstance) -> CardInstance | None:
    """The card that keeps the effect of `effect_source` from targeting `target`, or None:
    `by: opponent` shields from the effects of cards the shielded card's opponents control."""
    for source, spec in active(duel, "cannot_be_targeted"):
        if spec.get("by", "opponent") == "opponent" and \
                not duel.is_opponent(effect_source.controller, target.controller):
            continue
        if reaches(duel, source, spec, target):
            return source
    return None
