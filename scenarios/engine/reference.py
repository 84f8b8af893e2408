"""The scenario reference, generated from the engine: what each format lets a scenario say.

`reference()` returns plain data (lists, dicts, strings) built only from the declarations the
engine already keeps (the scenario schema, schema.py, for every field's name, what it takes and
its description; each ruleset's STEP_VERBS, SETUP_FIELDS, PLAYER_FIELDS, CARD_FIELDS,
EXPECT_KEYS, CARD_FACTS and REASON_CODES; the Reason enum's meanings and anchors; the catalog's
card fields and the effect primitives) and, for a step's options, from the engine's own source,
read with `ast`: the fields of the step its `do_<verb>` handler reads (`action.target`...),
following the handler into the methods it hands the step to.

A reason code's anchors are those its Reason declares that belong to the format's rule book; a
code with none there (or that the core mechanics raise with no rule) is "core mechanics". A
test (tests/engine/test_reason_anchors.py) reads the engine's source to check no refusal
names a rule its Reason does not declare.

Nothing here is written by hand, so the reference cannot drift from what the engine does.
Pure Python, like the rest of the engine.
"""
from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import TYPE_CHECKING

from . import schema
from .step_fields import COMMON_STEP_OPTIONS, step_options
from .yamltypes import YamlMapping

if TYPE_CHECKING:
    from .duel import Duel


CORE_MECHANICS = "core mechanics"


# --- steps and their options ---------------------------------------------------------------

def step_value(verb: str) -> str:
    """What a step's verb is given (a card id, `true`, a phase, a number of turns), as the
    scenario schema says."""
    return schema.STEP_VERBS[verb]["x-is"] if verb in schema.STEP_VERBS else "a value"


# --- fields, from the scenario schema ----------------------------------------------------------

# The parts of a scenario file the reference lists, with the schema node that holds each part's
# fields and where the part stands in a file.
FIELD_PARTS: tuple[tuple[str, str, str, YamlMapping], ...] = (
    ("scenario", "A scenario file", "", schema.SCHEMA),
    ("setup", "setup:", "setup", schema.SETUP),
    ("turn", "setup: turn:", "setup.turn", schema.TURN),
    ("players", "setup: players:", "setup.players", schema.PLAYERS),
    ("player", "A player (setup: players: A:)", "setup.players.A", schema.PLAYER),
    ("deck-master", "A Deck Master (setup: players: A: deck_master:)",
     "setup.players.A.deck_master", schema.PLAYER["properties"]["deck_master"]),
    ("card", "A card in the setup", "setup.players.A.hand[0]", schema.CARD_ENTRY),
    ("action", "A step's action (exactly one)", "steps[0]",
     {"properties": schema.STEP_VERBS}),
    ("option", "A step's other fields", "steps[0]", {"properties": schema.STEP_OPTIONS,
                                                     "required": ["player"]}),
    ("expect", "expect:", "expect", schema.EXPECT),
    ("result", "expect: result: (when the duel ends)", "expect.result",
     schema.EXPECT["properties"]["result"]["else"]),
)
TYPE_WORDS = {"string": "text", "integer": "a whole number", "boolean": "true or false",
              "array": "a list", "object": "a mapping", "null": "nothing"}


def takes(node: YamlMapping) -> str:
    """What a field takes, in words, from its schema node."""
    if isinstance(node.get("x-is"), str):
        return node["x-is"]
    kinds = node.get("type")
    if kinds is None:
        return "any value the outcome reports"
    kinds = [kinds] if isinstance(kinds, str) else kinds
    return " or ".join(TYPE_WORDS.get(kind, kind) for kind in kinds)


def allowed(node: YamlMapping) -> list[str]:
    """The values a field allows, when the schema lists them."""
    if "enum" in node:
        return [str(value) for value in node["enum"]]
    if "const" in node:
        value = node["const"]
        return ["true" if value is True else "false" if value is False else str(value)]
    return []


def field_entry(name: str, node: YamlMapping, required: Collection[str]) -> YamlMapping:
    return {"name": name, "takes": takes(node), "allowed": allowed(node),
            "description": node.get("description", ""), "required": name in required}


def field_list() -> list[YamlMapping]:
    """[{part, title, path, fields: [{name, takes, allowed, description, required}]}] for
    every part of a scenario file, in the schema's order."""
    return [{"part": part, "title": title, "path": path,
             "fields": [field_entry(name, node, node_of.get("required", ()))
                        for name, node in node_of["properties"].items()]}
            for part, title, path, node_of in FIELD_PARTS]


# --- the reference -----------------------------------------------------------------------------

def format_reference(slug: str, ruleset: type[Duel]) -> YamlMapping:
    """One format's vocabulary as plain data."""
    rule_anchors = {rule.anchor for rule in getattr(ruleset, "RULES", {}).values()}
    codes = []
    for code in sorted(ruleset.REASON_CODES):
        found = code.anchors_in(rule_anchors)
        codes.append({"code": code.value, "meaning": code.meaning, "anchors": found,
                      "core_mechanics": code.core_mechanics or not found})
    return {
        "slug": slug,
        "steps": [{"verb": verb, "value": step_value(verb),
                   "options": list(step_options(ruleset, verb))}
                  for verb in sorted(ruleset.STEP_VERBS)],
        "common_step_options": list(COMMON_STEP_OPTIONS),
        "setup_fields": sorted(ruleset.SETUP_FIELDS),
        "player_fields": sorted(ruleset.PLAYER_FIELDS),
        "card_fields": sorted(ruleset.CARD_FIELDS),
        "expect_keys": list(ruleset.EXPECT_KEYS),
        "card_facts": list(ruleset.CARD_FACTS),
        "reason_codes": codes,
    }


def scenario_card_reference() -> YamlMapping:
    """What a card of a scenario's `cards:` (or of the catalog) may say."""
    from .cards import ATTRIBUTES, CARD_KEYS, KINDS, MAX_CARD_NAME, MAX_SCENARIO_CARDS
    from .primitives import COSTS, PRIMITIVES

    return {"fields": sorted(CARD_KEYS),
            "kinds": {kind: sorted(subtypes) for kind, subtypes in sorted(KINDS.items())},
            "attributes": sorted(ATTRIBUTES),
            "primitives": sorted(PRIMITIVES), "costs": sorted(COSTS),
            "max_cards": MAX_SCENARIO_CARDS, "max_name_length": MAX_CARD_NAME}


@lru_cache(maxsize=None)
def _reference() -> YamlMapping:
    from .rulesets import RULESETS

    return {"scenario_fields": sorted(schema.TOP_KEYS),
            "fields": field_list(),
            "scenario_cards": scenario_card_reference(),
            "core_mechanics": CORE_MECHANICS,
            "formats": [format_reference(slug, ruleset) for slug, ruleset in RULESETS.items()]}


def reference() -> YamlMapping:
    """The whole reference: scenario fields, scenario cards and every format's vocabulary.

    Plain data, ready for JSON; a fresh copy each call."""
    import copy

    return copy.deepcopy(_reference())
