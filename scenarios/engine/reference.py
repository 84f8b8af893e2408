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

For each step, the reason codes that can refuse it are listed in the order the engine checks
them (step_fields.refusal_order): when several rules would refuse a step, the refusal names the
first, and `illegal: true` accepts any of them. The card language (vocabulary/effects.py) is
listed with one example per word, the shortest the catalog writes.

Nothing here is written by hand but the card language's meanings, which tests hold to the
engine's code, so the reference cannot drift from what the engine does.
Pure Python, like the rest of the engine.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

import yaml

from . import schema
from .step_fields import refusal_order
from .vocabulary import COMMON_STEP_OPTIONS
from .vocabulary.effects import WORD_KINDS, WordKind, word_for
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .cards import CardDef
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
    ("match", "setup: match:", "setup.match", schema.MATCH),
    ("earlier-duel", "An earlier Duel (setup: match: duels:)", "setup.match.duels[0]",
     schema.EARLIER_DUEL),
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
    ("match-expected", "expect: match:", "expect.match", schema.EXPECT["properties"]["match"]),
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
                   "options": list(ruleset.STEP_OPTIONS.get(verb, ())),
                   "refused_with": list(refusal_order(ruleset, verb))}
                  for verb in sorted(ruleset.STEP_VERBS)],
        "common_step_options": list(COMMON_STEP_OPTIONS),
        "setup_fields": sorted(ruleset.SETUP_FIELDS),
        "player_fields": sorted(ruleset.PLAYER_FIELDS),
        "card_fields": sorted(ruleset.CARD_FIELDS),
        "expect_keys": list(ruleset.EXPECT_KEYS),
        "card_facts": list(ruleset.CARD_FACTS),
        "reason_codes": codes,
    }


def kingdom_terms() -> list[YamlMapping]:
    """[{field, card, key, holds, required}]: the Kingdom Duels terms a card's `summon_with`
    (by kind and subtype) and `rule` (by Rule Card subtype) take, from the checks the catalog
    loader applies to them (card_terms.py)."""
    from .card_terms import RULE_TERMS, RULE_TERMS_REQUIRED, SUMMON_WITH, SUMMON_WITH_REQUIRED

    found: list[YamlMapping] = []
    for (kind, subtype), terms in SUMMON_WITH.items():
        found += [{"field": "summon_with", "card": f"{subtype.title()} {kind.title()}", "key": key,
                   "holds": holds, "required": key in SUMMON_WITH_REQUIRED[(kind, subtype)]}
                  for key, (_, holds) in terms.items()]
    for subtype, terms in RULE_TERMS.items():
        found += [{"field": "rule", "card": f"{subtype.replace('-', ' ').title()} Rule Card",
                   "key": key, "holds": holds,
                   "required": key in RULE_TERMS_REQUIRED.get(subtype, ())}
                  for key, (_, holds) in terms.items()]
    return found


def scenario_card_reference() -> YamlMapping:
    """What a card of a scenario's `cards:` (or of the catalog) may say."""
    from .cards import ATTRIBUTES, CARD_KEYS, KINDS, MAX_CARD_NAME, MAX_SCENARIO_CARDS
    from .primitives import COSTS, PRIMITIVES

    return {"fields": sorted(CARD_KEYS),
            "kinds": {kind: sorted(subtypes) for kind, subtypes in sorted(KINDS.items())},
            "attributes": sorted(ATTRIBUTES),
            "primitives": sorted(PRIMITIVES), "costs": sorted(COSTS),
            "kingdom_terms": kingdom_terms(),
            "max_cards": MAX_SCENARIO_CARDS, "max_name_length": MAX_CARD_NAME}


def overlapping_codes() -> list[YamlMapping]:
    """[{title, steps, codes: [{code, meaning, when}]}]: close reason codes a judge may take for
    one another, and when the engine names each (vocabulary/overlaps.py)."""
    from .vocabulary.overlaps import OVERLAPS

    return [{"title": overlap.title, "steps": list(overlap.steps),
             "codes": [{"code": code.value, "meaning": code.meaning, "when": when}
                       for code, when in overlap.when]}
            for overlap in OVERLAPS]


# --- the card language, with an example from the catalog for each word ------------------------

def flow(value: YamlValue) -> str:
    """A value written the way scenario and catalog files write short things: on one line, in
    YAML flow style."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else value
        return "[" + ", ".join(flow(item) for item in items) + "]"
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True).strip() \
        .removesuffix("\n...").strip()


# A use of a word in card data: (word kind key, the word as written, the snippet that shows it).
Use = tuple[str, str, str]


def _amount_uses(amount: YamlValue, shown: str) -> Iterator[Use]:
    """The amount forms (`target.atk`, `{per: destroyed, each: N}`...) an amount uses."""
    if isinstance(amount, str):
        yield "amounts", amount, shown
    if not isinstance(amount, dict):
        return
    for key in amount:
        yield "amounts", str(key), shown
    per = amount.get("per")
    if isinstance(per, str):
        yield "amounts", per, shown
    for key in per if isinstance(per, dict) else ():
        if key in ("zone", "side"):
            yield "amounts", str(key), shown


def _argument_uses(name: str, arg: YamlValue, shown: str) -> Iterator[Use]:
    """The card references and amounts a primitive's argument uses."""
    from .primitives import CARD_REFERENCES

    card = arg.get("card") if isinstance(arg, dict) else arg
    if isinstance(card, str) and card in CARD_REFERENCES:
        yield "references", card, shown
    if isinstance(arg, dict) and "amount" in arg:
        yield from _amount_uses(arg["amount"], shown)
    elif name == "gain_lp" or (isinstance(arg, dict) and isinstance(arg.get("count"), dict)):
        yield from _amount_uses(arg["count"] if name != "gain_lp" else arg, shown)


def _program_uses(program: YamlValue) -> Iterator[Use]:
    """The effect primitives and filters a `resolve:` program (or a choice of programs) uses."""
    if isinstance(program, dict):
        for steps in program.values():
            yield from _program_uses(steps)
        return
    for step in program if isinstance(program, list) else ():
        if not isinstance(step, dict) or len(step) != 1:
            continue
        (name, arg), = step.items()
        yield "primitives", str(name), "- " + flow(step)
        yield from _argument_uses(str(name), arg, "- " + flow(step))
        if name == "permanently":
            yield from _program_uses(arg)
        if isinstance(arg, dict) and isinstance(arg.get("filter"), dict):
            for key in arg["filter"]:
                yield "filters", str(key), "filter: " + flow(arg["filter"])
        if isinstance(arg, dict) and isinstance(arg.get("count"), dict) and \
                isinstance(arg["count"].get("filter"), dict):
            for key in arg["count"]["filter"]:
                yield "filters", str(key), "filter: " + flow(arg["count"]["filter"])


def _activation_uses(spec: YamlMapping, kind: str = "activation") -> Iterator[Use]:
    """The words an activation (or a Deck Master Ability, or a quick or ignition effect) uses."""
    for key in spec:
        yield kind, str(key), f"{key}: {flow(spec[key])}"
    if spec.get("trigger"):
        yield "triggers", str(spec["trigger"]), f"trigger: {flow(spec['trigger'])}"
    for condition in spec.get("when") or ():
        name = condition if isinstance(condition, str) else next(iter(condition), "")
        yield "conditions", str(name), "when: " + flow([condition])
    for cost in spec.get("cost") or ():
        for name, arg in cost.items() if isinstance(cost, dict) else ():
            yield "costs", str(name), "cost: " + flow([cost])
            if isinstance(arg, dict) and isinstance(arg.get("filter"), dict):
                for key in arg["filter"]:
                    yield "filters", str(key), "cost: " + flow([cost])
    if isinstance(spec.get("target"), dict):
        for key in spec["target"]:
            yield "filters", str(key), "target: " + flow(spec["target"])
    if isinstance(spec.get("continuous"), dict):
        for key, value in spec["continuous"].items():
            yield "continuous", str(key), "continuous: " + flow({key: value})
        to = spec["continuous"].get("to")
        if isinstance(to, str):
            yield "references", to, "continuous: " + flow(spec["continuous"])
    yield from _program_uses(spec.get("resolve", []))


# A card entry's fields, as CardDef keeps them: (field as written, attribute).
CARD_FIELD_ATTRIBUTES = (("name", "name"), ("kind", "kind"), ("subtype", "subtype"),
                         ("attribute", "attribute"), ("race", "race"), ("level", "level"),
                         ("atk", "atk"), ("def", "defense"), ("text", "text"), ("note", "note"),
                         ("activation", "activation"), ("effects", "effects"),
                         ("flags", "flags"), ("materials", "materials"), ("scale", "scale"),
                         ("summon_condition", "summon_condition"), ("procedure", "procedure"),
                         ("hierarchy", "hierarchy"), ("rule", "rule"),
                         ("summon_with", "summon_with"), ("also", "also"),
                         ("abilities", "abilities"))


def _field_uses(card: CardDef) -> Iterator[Use]:
    """The fields a card entry writes (those left at their default are not written)."""
    for field, attribute in CARD_FIELD_ATTRIBUTES:
        value = getattr(card, attribute)
        if value not in (None, "", (), frozenset(), 0) or (value == 0 and field in ("atk", "def")):
            yield "card-fields", field, f"{field}: {flow(value)}"


def card_uses(card: CardDef) -> Iterator[Use]:
    """Every word of the card language a card's data uses, each with a snippet showing it."""
    yield from _field_uses(card)
    if card.activation:
        yield from _activation_uses(card.activation)
    for effect in card.effects:
        yield from _activation_uses(effect, "effect-kinds")
        for kind in ("quick", "ignition"):
            if isinstance(effect.get(kind), dict):
                yield from _activation_uses(effect[kind])
        if isinstance(effect.get("detach"), dict):
            yield from _program_uses(effect["detach"].get("resolve", []))
        yield from _program_uses(effect.get("strike", []))
    for flag in sorted(card.flags):
        yield "flags", str(flag), "flags: " + flow([flag])
    for entry in card.materials:  # Fusion Materials by filter ("2 Beast-Type monsters")
        for key in entry if isinstance(entry, dict) else ():
            if key != "count":
                yield "filters", str(key), "materials: " + flow([entry])
    tribute = (card.procedure or {}).get("tribute")
    for key in tribute if isinstance(tribute, dict) else ():
        if key != "count":
            yield "filters", str(key), "procedure: " + flow({"tribute": tribute})


def _sources() -> Iterator[tuple[str, Iterator[Use]]]:
    """(whose, the words it uses) for every catalog card and every Deck Master Ability."""
    from .cards import default_catalog
    from .rulesets.deck_masters import abilities

    for name, card in sorted(default_catalog().cards.items()):
        yield name, card_uses(card)
    for name, ability in sorted(abilities().items()):
        yield f"{name}'s Deck Master Ability", _activation_uses(ability, "abilities")


def catalog_uses() -> dict[tuple[str, str], list[tuple[str, str]]]:
    """{(word kind, word as written): [(whose, snippet)]} over the catalog and the Abilities."""
    found: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for whose, uses in _sources():
        for kind, word, snippet in uses:
            found.setdefault((kind, word), []).append((whose, snippet))
    return found


def _example(uses: list[tuple[str, str]]) -> YamlMapping | None:
    """The shortest snippet that shows a word (a short one reads best on a phone)."""
    if not uses:
        return None
    whose, snippet = min(uses, key=lambda use: (len(use[1]), use[0]))
    return {"card": whose, "text": snippet}


def _word_kind(kind: WordKind, uses: dict[tuple[str, str], list[tuple[str, str]]]) -> YamlMapping:
    entries = []
    for word in kind.words:
        found = [use for (key, written), listed in uses.items() if key == kind.key and
                 word_for(kind, written) == word for use in listed]
        example = _example(found) or ({"card": None, "text": word.example}
                                      if word.example else None)
        entries.append({"word": word.word, "means": word.means, "example": example,
                        "cards": len({whose for whose, _ in found})})
    return {"kind": kind.key, "title": kind.title, "where": kind.where, "words": entries}


def effect_vocabulary() -> list[YamlMapping]:
    """[{kind, title, where, words: [{word, means, example: {card, text} or None, cards}]}]:
    every word of the card language, what it means, and an example: the shortest a catalog card
    (or Deck Master Ability) writes, else the one the vocabulary gives."""
    uses = catalog_uses()
    return [_word_kind(kind, uses) for kind in WORD_KINDS]


@lru_cache(maxsize=None)
def _reference() -> YamlMapping:
    from .rulesets import RULESETS

    return {"scenario_fields": sorted(schema.TOP_KEYS),
            "fields": field_list(),
            "scenario_cards": scenario_card_reference(),
            "effect_vocabulary": effect_vocabulary(),
            "overlapping_codes": overlapping_codes(),
            "core_mechanics": CORE_MECHANICS,
            "formats": [format_reference(slug, ruleset) for slug, ruleset in RULESETS.items()]}


def reference() -> YamlMapping:
    """The whole reference: scenario fields, scenario cards and every format's vocabulary.

    Plain data, ready for JSON; a fresh copy each call."""
    import copy

    return copy.deepcopy(_reference())
