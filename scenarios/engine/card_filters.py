"""Card filters: what a card must be to be targeted, paid as a cost, used as a material,
reached by a continuous effect or counted ("a face-up Level 4 or lower Beast-Type monster your
opponent controls"). `FILTER_KEYS` lists what a filter may say of a card and `filter_problem`
checks a filter as a card writes it; `fits` is the one reading of a filter at play (whose card
it is here, what it is in `Duel.matches`, which formats refine).

Curly-bracket restrictions in card text are read as filters too.

Kingdom Duels cards write some restrictions between curly brackets, and how the name inside is
written decides what it matches (kingdom-duels/clarifications#bracket-syntax):

- `{ only on a "Rulebook" monster }`: a monster whose name contains the word Rulebook;
- `{ only on "Rulebook" }`: a monster whose name is exactly Rulebook;
- `{ only on a Rulebook monster }`: a monster of the Monster Type Rulebook.

A catalog card states such a restriction in a target or search filter as `only_on:` with the
text as the card prints it (the braces and the words "only on" may be left out):
`target: {card: monster, side: any, only_on: 'a "Soldier" monster'}`. `parse_bracket` turns
that text into one plain filter; the ruleset applies it (and its wrong readings). Pure Python.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .yamltypes import YamlMapping

if TYPE_CHECKING:
    from .duel import Duel
    from .state import CardInstance

# Straight and typographic double quotes, as card texts print them.
QUOTES = "\"\u201c\u201d"
_QUOTED = f"[{QUOTES}]([^{QUOTES}]+)[{QUOTES}]"
NAME_CONTAINS_RE = re.compile(rf"^an?\s+{_QUOTED}\s+monsters?$", re.IGNORECASE)
EXACT_NAME_RE = re.compile(rf"^{_QUOTED}$")
MONSTER_TYPE_RE = re.compile(rf"^an?\s+([^{QUOTES}]+?)\s+monsters?$", re.IGNORECASE)

# What each way of writing the name means, as a filter key of `Duel.matches`.
NAME_CONTAINS, EXACT_NAME, MONSTER_TYPE = "name_contains", "name", "race"


def bracket_body(text: object) -> str:
    """The words inside the brackets: `{ only on X }` -> `X`."""
    body = str(text).strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1].strip()
    if body.lower().startswith("only on "):
        body = body[len("only on "):].strip()
    return body


def parse_bracket(text: object) -> tuple[str, str]:
    """(how, name) for a bracket restriction: how is NAME_CONTAINS, EXACT_NAME or MONSTER_TYPE.

    Raises ValueError for text written in none of the three ways."""
    body = bracket_body(text)
    for how, pattern in ((NAME_CONTAINS, NAME_CONTAINS_RE), (EXACT_NAME, EXACT_NAME_RE),
                         (MONSTER_TYPE, MONSTER_TYPE_RE)):
        found = pattern.match(body)
        if found:
            return how, found.group(1).strip()
    raise ValueError(f"{text!r} is not a bracket restriction: write 'a \"Name\" monster' (the "
                     "name contains it), '\"Name\"' (exactly that name) or 'a Type monster' "
                     "(a Monster Type)")


def bracket_problem(text: object) -> str | None:
    """Why `text` is not a bracket restriction, or None (used when the catalog loads)."""
    try:
        parse_bracket(text)
    except ValueError as error:
        return str(error)
    return None


def name_contains(names: Iterable[str], word: str) -> bool:
    """Does any of the names contain `word` (as words of the name, not inside another word)?"""
    pattern = re.compile(rf"(?<![\w]){re.escape(word)}(?![\w])", re.IGNORECASE)
    return any(pattern.search(name) for name in names)


# The keys of a card filter every format reads (`Duel.matches`), with the kind of value each
# takes: what a card must be, wherever the filter is written (a target, a cost, a Fusion
# Material, a continuous effect's `to:`, a `control:` condition...).
FILTER_KEYS: dict[str, type] = {
    "kind": str, "subtype": str, "attribute": str, "race": str, "name": str,
    "name_contains": str, "face": str, "position": str, "only_on": str,
    # the Level printed on the card: exactly, at most, at least
    "level": int, "level_max": int, "level_min": int,
    # the ATK printed on the card, whatever changes apply now ("with 1500 or less original ATK")
    "atk_max": int, "atk_min": int,
    # the monster's ATK as it is now, after every change ("a monster with 2000 or more ATK")
    "atk_at_least": int, "atk_at_most": int,
}
# Whose card it is, counted from the player the filter speaks for (the controller of the card
# that writes it): `side` is who controls it ("your opponent controls"), `owner` who owns it
# ("a monster you own that your opponent controls"). Each is own, opponent or any.
WHOSE_KEYS = ("side", "owner")
SIDES = ("own", "opponent", "any")
# What a target says besides the card itself (read by the targeting code, not by `matches`).
TARGET_KEYS = ("card", "zone", "for")


def filter_problem(spec: object, also: tuple[str, ...] = ()) -> str | None:
    """What is wrong with a card filter as written, or None (checked when a card loads).
    `also` names the keys the place of the filter reads besides the card's own (WHOSE_KEYS
    where the filter is counted from a player, TARGET_KEYS in a target)."""
    if not isinstance(spec, dict):
        return "a filter is a mapping, such as {race: Beast, atk_at_least: 2000}"
    for key, value in spec.items():
        if key in also:
            if key in WHOSE_KEYS and value not in SIDES:
                return f"filter {key} is one of {', '.join(SIDES)}, not {value!r}"
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                return f"filter {key} takes a word, not {value!r}"
            continue
        wanted = FILTER_KEYS.get(key)
        if wanted is None:
            known = sorted([*FILTER_KEYS, *also])
            return f"unknown filter '{key}' (known: {', '.join(known)})"
        if not isinstance(value, wanted) or isinstance(value, bool):
            return f"filter {key} takes {'a number' if wanted is int else 'a word'}, " \
                   f"not {value!r}"
        if key == "only_on":
            problem = bracket_problem(value)
            if problem:
                return f"only_on: {problem}"
    return None


def whose_fits(duel: Duel, card: CardInstance, spec: YamlMapping, player: str) -> bool:
    """Does `card` belong where the filter's `side` and `owner` say, seen from `player`? A
    side a format's team shares (a Boss Duel) is the player's own too."""
    side = spec.get("side", "any")
    if side != "any":
        if duel.side_of(card, player) != side:
            return False
        if side == "own" and card.controller != player and duel.SHARED_SIDE_RULE:
            duel.note_rule(duel.SHARED_SIDE_RULE)  # a teammate's card on a shared side
    owner = spec.get("owner", "any")
    if owner != "any" and duel.owner_side(card, player) != owner:
        return False
    return True


def fits(duel: Duel, card: CardInstance, spec: YamlMapping, player: str,
         skip: tuple[str, ...] = ()) -> bool:
    """Does `card` fit the filter `spec` written by a card of `player`: whose it is (WHOSE_KEYS)
    and what it is (`Duel.matches`)? The one reading of a filter; `skip` names keys the caller
    reads itself (a target's `card`, `zone`, `for`)."""
    if not whose_fits(duel, card, spec, player):
        return False
    return duel.matches(card, {k: v for k, v in spec.items()
                               if k not in WHOSE_KEYS and k not in skip})
