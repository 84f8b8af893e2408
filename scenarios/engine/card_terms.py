"""Kingdom Duels card terms: what an Extra Deck monster needs (`summon_with`), the other kinds a
dual-type card also is (`also`), and a Rule Card's terms (`rule`).

Each check returns why the data cannot be used, or None, so the catalog loader can name the card,
file, line and field of a mistake before any scenario runs.
"""
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TypeAlias

from .yamltypes import YamlMapping, YamlValue

# One key of a card's terms: the check its value must pass, and what the value holds (the
# words an error message uses).
Term: TypeAlias = tuple[Callable[[object], bool], str]


def _is_name(value: object) -> bool:
    return isinstance(value, str) and value != ""


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


# What an Extra Deck summon needs, by (kind, subtype): {key: (check, what it holds)}, and the
# keys each must state. A Ritual Spell holds the requirements its Ritual Summons must meet.
SUMMON_WITH: dict[tuple[str, str], dict[str, Term]] = {
    ("monster", "ritual"): {"ritual_spell": (_is_name, "the name of its Ritual Spell")},
    ("spell", "ritual"): {"material_levels": (_is_count, "the Levels its Materials must total")},
    ("monster", "alter"): {"alter_type": (_is_name, "the Alter Type a card must allow"),
                           "material": (_is_name, "the name of the monster it transforms"),
                           "counters": (_is_count, "the Summoning Counters the material needs")},
    ("monster", "integration"): {
        "duelist_setup": (_is_name, "the name of the Duelist Setup it needs"),
        "materials": (lambda v: isinstance(v, list) and bool(v) and all(_is_name(n) for n in v),
                      "the names of the Materials it erodes")},
}
SUMMON_WITH_REQUIRED: dict[tuple[str, str], set[str]] = {
    ("monster", "ritual"): {"ritual_spell"}, ("spell", "ritual"): {"material_levels"},
    ("monster", "alter"): {"alter_type", "material"},
    ("monster", "integration"): {"duelist_setup", "materials"}}


def terms_problem(field: str, value: YamlValue, allowed: Mapping[str, Term],
                  required: Iterable[str], whose: str = "") -> str | None:
    """Why a mapping of card terms cannot be used, or None: only `allowed` keys, every
    `required` one, and each value passing its check. `whose` says which card kind it is for."""
    if not isinstance(value, dict):
        return f"{field} is a mapping of " + (", ".join(sorted(allowed)) or "nothing")
    unknown = set(value) - set(allowed)
    if unknown:
        return f"unknown {field} key(s) {', '.join(sorted(unknown))}{whose} " \
               f"(allowed: {', '.join(sorted(allowed)) or 'none'})"
    missing = set(required) - set(value)
    if missing:
        return f"{field} needs {', '.join(sorted(missing))}{whose}"
    for key, item in value.items():
        check, meaning = allowed[key]
        if not check(item):
            return f"{field}.{key} is {meaning}, not {item!r}"
    return None


def summon_with_problem(kind: str, subtype: str, value: YamlValue) -> str | None:
    """Why a card's `summon_with` cannot be used, or None."""
    allowed = SUMMON_WITH.get((kind, subtype))
    if allowed is None:
        return "only Ritual, Alter and Integration Monsters and Ritual Spells have summon_with"
    return terms_problem("summon_with", value, allowed, SUMMON_WITH_REQUIRED[(kind, subtype)])


def also_problem(kind: str, value: YamlValue, kinds: Mapping[str, Collection[str]]) -> str | None:
    """Why a dual-type card's `also` list cannot be used, or None: each entry is another
    playable kind, optionally with its subtype ("spell", "trap:continuous")."""
    if not isinstance(value, list) or not value:
        return "also is a list of the other card kinds it is (spell, trap, monster)"
    for entry in value:
        other, _, subtype = str(entry).partition(":")
        if other not in ("monster", "spell", "trap") or other == kind:
            return f"also: {entry!r} is not another kind among monster, spell, trap"
        if subtype and subtype not in kinds[other]:
            return f"also: a {other}'s subtype is one of {', '.join(sorted(kinds[other]))}"
    return None


def _is_names(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(_is_name(v) for v in value)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_atk_bonus(value: object) -> bool:
    return isinstance(value, dict) and set(value) <= {"filter", "amount"} and \
        isinstance(value.get("amount"), int) and isinstance(value.get("filter", {}), dict)


def _is_symbol_effects(value: object) -> bool:
    return isinstance(value, dict) and bool(value) and all(
        isinstance(e, dict) and set(e) <= {"charges", "target", "resolve"} and
        _is_whole(e.get("charges")) and isinstance(e.get("resolve"), list) for e in value.values())


# A Kingdom Duels Rule Card's terms by subtype: {key: (check, what it holds)}, and the keys each
# must state. `atk_bonus` is ATK that matching monsters gain while the card is in a Rule Zone.
_ATK_BONUS: Term = (_is_atk_bonus,
                    "{filter: {...}, amount: N}, ATK gained by the monsters it matches")
RULE_TERMS: dict[str, dict[str, Term]] = {
    "normal": {"keyword": (_is_names, "a list of the Types or Attributes that activate it"),
               "reliance": (_is_name, "the name of the card whose effect activates it"),
               "on_activation_only": (lambda v: v is True, "true if its Reliance is on activation"),
               "atk_bonus": _ATK_BONUS},
    "game-setup": {"atk_bonus": _ATK_BONUS},
    "field-setup": {"terrains": (_is_names, "its starting Terrains, from left to right")},
    "duelist-setup": {"cardlist": (_is_names, "the names of the cards on its Cardlist")},
    "challenge-setup": {},
    "symbol": {"charges": (_is_whole, "the charges it starts with"),
               "effects": (_is_symbol_effects, "names mapped to {charges: N, resolve: [...]}")},
}
RULE_TERMS_REQUIRED: dict[str, set[str]] = {
    "field-setup": {"terrains"}, "duelist-setup": {"cardlist"}, "symbol": {"charges", "effects"}}


def rule_terms_problem(kind: str, subtype: str, value: YamlValue,
                       vocabulary: Callable[[YamlMapping], str | None] | None = None) -> str | None:
    """Why a card's `rule` terms cannot be used, or None."""
    if kind != "rule":
        return "only Rule Cards have rule terms"
    problem = terms_problem("rule", value, RULE_TERMS[subtype],
                            RULE_TERMS_REQUIRED.get(subtype, ()), f" for a {subtype} Rule Card")
    if problem:
        return problem
    if subtype == "normal" and ("keyword" in value) == ("reliance" in value):
        return "a Normal Rule Card has either a rule.keyword or a rule.reliance condition"
    if "on_activation_only" in value and "reliance" not in value:
        return "rule.on_activation_only goes with a rule.reliance condition"
    for name, effect in value.get("effects", {}).items():
        problem = vocabulary and vocabulary({k: v for k, v in effect.items() if k != "charges"})
        if problem:
            return f"rule.effects.{name}: {problem}"
    return None
