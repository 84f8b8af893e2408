"""Curly-bracket restrictions in card text, read as filters.

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
import re
from collections.abc import Iterable

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
# takes: what a continuous effect's `to:` or a `control:` condition may say of a card.
FILTER_KEYS: dict[str, type] = {
    "kind": str, "subtype": str, "attribute": str, "race": str, "name": str,
    "name_contains": str, "face": str, "position": str, "only_on": str,
    "level_max": int, "atk_max": int, "atk_min": int,
    # the monster's ATK as it is now, after every change ("a monster with 2000 or more ATK")
    "atk_at_least": int, "atk_at_most": int,
}


def filter_problem(spec: object) -> str | None:
    """What is wrong with a card filter as written, or None (checked when a card loads)."""
    if not isinstance(spec, dict):
        return "a filter is a mapping, such as {race: Beast, atk_at_least: 2000}"
    for key, value in spec.items():
        wanted = FILTER_KEYS.get(key)
        if wanted is None:
            return f"unknown filter '{key}' (known: {', '.join(sorted(FILTER_KEYS))})"
        if not isinstance(value, wanted) or isinstance(value, bool):
            return f"filter {key} takes {'a number' if wanted is int else 'a word'}, " \
                   f"not {value!r}"
        if key == "only_on":
            problem = bracket_problem(value)
            if problem:
                return f"only_on: {problem}"
    return None
