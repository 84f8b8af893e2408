"""What the Damage Step lets a card do: change ATK or DEF as it resolves.

A card whose activation or effect changes a monster's ATK/DEF when it resolves may be activated
in the Damage Step (core/card-types#damage-step-atk-changes); `BattleRules.allowed_in_damage_step`
asks this module. A continuous change (`continuous: {stats: ...}`) is no such program: it applies
while its card is face-up, it is not activated for it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import CardDef
    from .yamltypes import YamlValue

# The effect primitives that change a monster's ATK or DEF as they resolve.
STAT_CHANGES = frozenset({"change_atk"})


def changes_stats(definition: CardDef) -> bool:
    """Does the card's activation, or one of its effects, change ATK/DEF as it resolves? Found
    once per definition (a definition never changes)."""
    found = definition.__dict__.get("_changes_stats")
    if found is None:
        programs = [definition.activation, *(definition.effects or ())]
        found = any(_mentions_stat_change(program) for program in programs)
        definition.__dict__["_changes_stats"] = found
    return found


def program_changes_stats(program: YamlValue) -> bool:
    """Does this one program (an activation, or the effect being activated) change ATK/DEF as
    it resolves?"""
    return _mentions_stat_change(program)


def _mentions_stat_change(program: YamlValue) -> bool:
    if isinstance(program, dict):
        return any(key in STAT_CHANGES or (key != "continuous" and _mentions_stat_change(value))
                   for key, value in program.items())
    if isinstance(program, list):
        return any(_mentions_stat_change(item) for item in program)
    return False
