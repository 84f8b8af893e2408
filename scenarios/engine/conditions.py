"""Conditions a card's text states, joined as its text joins them.

A condition is a name (`monster_summoned`) or a one-key mapping (`lp_at_most: 3000`). Activation
conditions (`when:` of an activation) and the conditions of continuous effects (`while:`) are
written the same way, and may be joined:

- `all_of: [c1, c2]`: every one holds ("if you control X and your LP are 3000 or less");
- `any_of: [c1, c2]`: at least one holds ("if you control X or Y").

Conditions every format understands (a format's own names stay in `ChainRules.condition_holds`):

- `lp_at_most: N` / `lp_at_least: N`: the card's controller has N or fewer / N or more LP;
- `turn: own` / `turn: opponent`: whose turn it is, for the card's controller;
- `control: {filter}`: its controller controls a face-up monster that fits the filter
  (`{race: Beast, atk_at_least: 2000}`: ATK as it is now, after every change);
- `summoned: {how: special, by: effect}`: this card was summoned that way (how: normal,
  tribute, flip, special; by: effect or procedure).

Pure Python; the duel is passed in.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .yamltypes import YamlValue

if TYPE_CHECKING:
    from .duel import Duel
    from .state import CardInstance

JOINS = ("all_of", "any_of")
GENERAL = ("lp_at_most", "lp_at_least", "turn", "control", "summoned")
SUMMON_KINDS = ("normal", "tribute", "flip", "special")
SUMMON_CAUSES = ("effect", "procedure")


def split(condition: YamlValue) -> tuple[str, YamlValue]:
    """(name, argument) of one condition as a card writes it."""
    if isinstance(condition, str):
        return condition, None
    if isinstance(condition, dict) and len(condition) == 1:
        (name, arg), = condition.items()
        return str(name), arg
    raise ValueError(f"a condition is a name or a one-key mapping, not {condition!r}")


def is_general(name: str) -> bool:
    """Is this a condition this module decides (a join or a general condition)?"""
    return name in JOINS or name in GENERAL


def holds(duel: Duel, name: str, arg: YamlValue, card: CardInstance, player: str) -> bool:
    """Does the general condition `name` hold now, for `card` controlled by `player`?"""
    if name == "all_of":
        return all(duel.condition_holds(*split(part), card, player) for part in arg)
    if name == "any_of":
        return any(duel.condition_holds(*split(part), card, player) for part in arg)
    if name == "lp_at_most":
        return duel.players[player].lp <= arg
    if name == "lp_at_least":
        return duel.players[player].lp >= arg
    if name == "turn":
        return duel.is_your_turn(player) == (arg == "own")
    if name == "control":
        # "you control": the monsters on the player's side as the format counts it
        return any(other.face_up and duel.side_of(other, player) == "own" and
                   duel.matches(other, arg) for other in duel.cards_on_field("monster"))
    if name == "summoned":
        how = card.summoned_how
        if how is None or card.zone != "monsters":
            return False
        kind, cause = how
        return arg.get("how", kind) == kind and arg.get("by", cause) == cause
    raise KeyError(name)


def condition_problem(condition: YamlValue, where: str = "condition") -> str | None:
    """What is wrong with a condition as written, or None (checked when a card loads). Names
    this module does not decide are left to the format (they are checked when used)."""
    try:
        name, arg = split(condition)
    except ValueError as error:
        return f"{where}: {error}"
    if name in JOINS:
        if not isinstance(arg, list) or len(arg) < 2:
            return f"{where}: {name} joins a list of at least two conditions"
        for number, part in enumerate(arg, start=1):
            problem = condition_problem(part, f"{where}.{name}[{number}]")
            if problem:
                return problem
        return None
    if name in ("lp_at_most", "lp_at_least"):
        if not isinstance(arg, int) or isinstance(arg, bool) or arg < 0:
            return f"{where}: {name} takes a number of LP, such as {name}: 3000"
    elif name == "turn":
        if arg not in ("own", "opponent"):
            return f"{where}: turn is own or opponent, not {arg!r}"
    elif name == "control":
        if not isinstance(arg, dict) or not arg:
            return f"{where}: control takes a filter, such as control: {{race: Beast}}"
        from .card_filters import filter_problem
        problem = filter_problem(arg)
        if problem:
            return f"{where}: control: {problem}"
    elif name == "summoned":
        if not isinstance(arg, dict) or not arg or set(arg) - {"how", "by"}:
            return f"{where}: summoned takes {{how: ..., by: ...}} (either or both)"
        if "how" in arg and arg["how"] not in SUMMON_KINDS:
            return f"{where}: summoned how is one of {', '.join(SUMMON_KINDS)}, not {arg['how']!r}"
        if "by" in arg and arg["by"] not in SUMMON_CAUSES:
            return f"{where}: summoned by is effect or procedure, not {arg['by']!r}"
    return None
