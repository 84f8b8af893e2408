"""Deck Master Abilities as data: what one Ability entry may say, and which of a Deck Master's
Abilities a step means.

One path for both places an Ability is written: the Abilities catalog
(catalog/abilities/deck-masters.yaml, one entry per Deck Master, named by `deck_master`) and a
scenario's own card (`abilities:` in its `cards:` entry, a list, since a Deck Master can have
one or more Abilities: deck-masters/abilities#one-or-more). Both are checked here, and the
engine reads both the same way (`DeckMastersDuel.abilities_of`).

An Ability's `name` is its name printed in green; it has no effect on the Duel
(deck-masters/abilities#name-has-no-effect) and only lets a `use_ability` or `decline` step say
which Ability it means (`ability: <name>`). Pure Python, like the rest of the engine.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import ScriptError

if TYPE_CHECKING:
    from ..yamltypes import YamlMapping, YamlValue

# The types a Deck Master Ability may have: each needs its row in the `ability_types` table.
ABILITY_TYPES = ("Ignition", "Trigger", "Compulsory Trigger", "Continuous", "Spell", "Trap")
# Every key an Ability entry may have; `deck_master` only in the catalog, where it names the card.
ABILITY_KEYS = {"deck_master", "name", "type", "text", "cost", "target", "when", "resolve",
                "once_per_turn", "self_negation", "reaches_position", "continuous", "trigger",
                "watch", "by", "how", "type_reading", "overrides"}
# The keys an Ability shares with a card's activation, checked by the card checker.
ACTIVATION_LIKE = ("cost", "target", "when", "resolve")
# The trigger events a card's effect may wait for that never happen to a Deck Master's
# Abilities, and why; an Ability may wait for every other one (the vocabulary's trigger events),
# read by the same code as a card's trigger (watching.py), with the Deck Master as its card.
NOT_FOR_ABILITIES = {
    "tribute_summoned": "a monster's Tribute Summon happens before it is the Deck Master "
                        "(deck-masters/faq#raiza-ability-does-not-trigger); an Ability that "
                        "watches its player's Tribute Summons is trigger: tribute_summon",
    "flipped": "a Deck Master is never face-down",
    "sent_to_graveyard_from_field": "a Deck Master that leaves the field is lost",
    "sent_from_deck_to_graveyard": "a Deck Master is never in its Deck",
    "standby_in_graveyard": "a Deck Master in the Graveyard is lost",
    "opponent_summons": "only Kingdom Duels Traps spring on it (a Deck Master Ability watches "
                        "summons with trigger: summoned)",
    "opponent_attacks": "only Kingdom Duels Traps spring on it",
}
# Beside `trigger`: the keys saying what a watched event must be (watching.py).
WATCH_KEYS = ("watch", "by", "how")
# What a Continuous Ability can apply, and the conditions (`while:`) it can have.
CONTINUOUS_KEYS = {"set_race_all", "set_race_own", "while"}
CONTINUOUS_WHILE = ("on_field", "in_position", "paid")
# At most this many Abilities on one scenario card.
MAX_ABILITIES = 6


def ability_problem(entry: YamlValue, inline: bool) -> tuple[str, str] | None:
    """(field, message) for the first problem with one Ability entry, or None. `inline`: the
    entry is written on a scenario's own card, which is the Deck Master it belongs to."""
    from ..primitives import check_card_spec

    if not isinstance(entry, dict):
        return "", "an Ability is a mapping (type, text, resolve...)"
    unknown = set(entry) - ABILITY_KEYS
    if unknown:
        return sorted(unknown)[0], f"unknown field(s) {', '.join(sorted(unknown))}"
    if inline and "deck_master" in entry:
        return "deck_master", "an Ability written on a card belongs to that card: leave out " \
                              "deck_master"
    if not inline and not isinstance(entry.get("deck_master"), str):
        return "deck_master", "an Ability of the catalog names its Deck Master"
    if entry.get("type") not in ABILITY_TYPES:
        return "type", f"type is one of {', '.join(ABILITY_TYPES)}, not {entry.get('type')!r}"
    if "name" in entry and (not isinstance(entry["name"], str) or not entry["name"].strip()):
        return "name", "an Ability's name is a text"
    trigger = trigger_entry_problem(entry)
    if trigger:
        return trigger
    continuous = entry.get("continuous")
    if continuous is not None:
        if not isinstance(continuous, dict) or set(continuous) - CONTINUOUS_KEYS:
            return "continuous", "continuous is a mapping of " + \
                ", ".join(sorted(CONTINUOUS_KEYS))
        if continuous.get("while", "on_field") not in CONTINUOUS_WHILE:
            return "continuous", f"while is one of {', '.join(CONTINUOUS_WHILE)}"
    problem = check_card_spec({key: entry[key] for key in ACTIVATION_LIKE if key in entry})
    if problem:
        return next((key for key in ACTIVATION_LIKE if key in problem), "resolve"), problem
    negation = entry.get("self_negation")
    if negation is not None:
        if not isinstance(negation, dict) or set(negation) != {"cost"}:
            return "self_negation", "self_negation is {cost: [...]}"
        problem = check_card_spec({"cost": negation["cost"]})
        if problem:
            return "self_negation", problem
    return None


def ability_triggers() -> tuple[str, ...]:
    """The trigger events an Ability may wait for: the vocabulary's, less NOT_FOR_ABILITIES."""
    from ..vocabulary.effects import TRIGGERS

    return tuple(word.word for word in TRIGGERS.words if word.word not in NOT_FOR_ABILITIES)


def trigger_entry_problem(entry: YamlMapping) -> tuple[str, str] | None:
    """(field, message) for an Ability's `trigger` and what it watches, or None."""
    from ..watching import trigger_problem

    if "trigger" not in entry:
        stray = next((key for key in WATCH_KEYS if key in entry), None)
        return None if stray is None else (stray, f"{stray} belongs beside a trigger")
    event = entry["trigger"]
    if not isinstance(event, str):
        return "trigger", f"an Ability's trigger is the name of one event (one of " \
                          f"{', '.join(ability_triggers())}), not {type(event).__name__}"
    if event in NOT_FOR_ABILITIES:
        return "trigger", f"an Ability cannot trigger on {event}: {NOT_FOR_ABILITIES[event]}"
    if event not in ability_triggers():
        return "trigger", f"an Ability triggers on one of {', '.join(ability_triggers())}, " \
                          f"not {event!r}"
    problem = trigger_problem(entry)
    if problem:
        return next((key for key in WATCH_KEYS if key in entry and problem.startswith(
            (f"trigger {key}", f"{key} belongs"))), "trigger"), problem
    return None


def abilities_problem(entries: YamlValue) -> tuple[str, str] | None:
    """(field, message) for the first problem with a card's `abilities:` list, or None. The
    field is relative to the list (`[1].type`)."""
    if not isinstance(entries, list) or not entries:
        return "", "abilities is a list of one or more Abilities"
    if len(entries) > MAX_ABILITIES:
        return "", f"a card has at most {MAX_ABILITIES} Abilities, not {len(entries)}"
    names: set[str] = set()
    for number, entry in enumerate(entries):
        problem = ability_problem(entry, inline=True)
        if problem:
            field, message = problem
            return f"[{number}]" + (f".{field}" if field else ""), message
        name = entry.get("name")
        if len(entries) > 1 and name is None:
            return f"[{number}].name", "a card with several Abilities names each of them " \
                                       "(name: ...), so a step can say which one it uses"
        if name in names:
            return f"[{number}].name", f"two Abilities are named {name!r}"
        names.add(name)
    return None


def ability_named(abilities: Sequence[YamlMapping], name: str | None,
                  card_label: str) -> YamlMapping | None:
    """The Ability a step means: the one named, or the only one when none is named; None when
    the card has no Ability. A name the card lacks, or no name where several could be meant, is
    the script's fault (ScriptError on the step's `ability`)."""
    if not abilities:
        return None
    if name is None:
        if len(abilities) > 1:
            raise ScriptError(f"{card_label} has {len(abilities)} Abilities "
                              f"({', '.join(names_of(abilities))}): say which one with "
                              "ability: <name>", field="ability")
        return abilities[0]
    for ability in abilities:
        if ability.get("name") == name:
            return ability
    raise ScriptError(f"{card_label} has no Ability named {name!r} (its Abilities: "
                      f"{', '.join(names_of(abilities)) or 'one without a name'})",
                      field="ability")


def names_of(abilities: Sequence[YamlMapping]) -> list[str]:
    return [str(a["name"]) for a in abilities if a.get("name") is not None]


def ability_key(card_id: str, ability: YamlMapping) -> str:
    """What `once per turn` and a paid Continuous Ability are counted by: the Deck Master, and
    the Ability's name when it has one (each of several Abilities is used on its own)."""
    name = ability.get("name")
    return card_id if name is None else f"{card_id}/{name}"
