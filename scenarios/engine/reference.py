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
import ast
import inspect
import textwrap
from functools import lru_cache

from . import schema


# Step fields every step may carry, whatever its verb.
COMMON_STEP_OPTIONS = ("player", "illegal")
# Attributes of a parsed step (scenario.Action) -> the step option it comes from.
ACTION_OPTIONS = {"target": ("target",), "targets": ("target", "targets"), "choose": ("choose",),
                  "select": ("select",), "tributes": ("tributes",), "materials": ("materials",),
                  "position": ("position",), "stop_at": ("stop_at",), "to": ("to",)}
CORE_MECHANICS = "core mechanics"


# --- steps and their options ---------------------------------------------------------------

def _owner(cls, name):
    return next((k for k in cls.__mro__ if name in vars(k)), None)


def _function_node(function):
    try:
        source = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError):
        return None
    node = ast.parse(source).body[0]
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _reads(cls, owner, name, param, seen):
    """Attributes of the step `param` that the method `name` (as defined in `owner` or after it
    in cls's MRO) reads, following the calls that hand the step on."""
    mro = cls.__mro__
    start = mro.index(owner) if owner in mro else 0
    holder = next((k for k in mro[start:] if name in vars(k)), None)
    if holder is None or (holder, name, param) in seen:
        return set()
    seen.add((holder, name, param))
    node = _function_node(vars(holder)[name])
    if node is None:
        return set()
    found = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name) and \
                child.value.id == param:
            found.add(child.attr)
        if not isinstance(child, ast.Call) or not isinstance(child.func, ast.Attribute):
            continue
        receiver = child.func.value
        if isinstance(receiver, ast.Name) and receiver.id == "self":
            callee_owner = cls
        elif isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and \
                receiver.func.id == "super" and holder in mro:
            following = mro[mro.index(holder) + 1:]
            callee_owner = following[0] if following else None
        else:
            continue
        callee = child.func.attr
        target = _owner(callee_owner, callee) if callee_owner else None
        if target is None:
            continue
        callee_node = _function_node(vars(target)[callee])
        if callee_node is None:
            continue
        names = [a.arg for a in callee_node.args.args][1:]
        for index, arg in enumerate(child.args):
            if isinstance(arg, ast.Name) and arg.id == param and index < len(names):
                found |= _reads(cls, target, callee, names[index], seen)
        for keyword in child.keywords:
            if isinstance(keyword.value, ast.Name) and keyword.value.id == param and keyword.arg:
                found |= _reads(cls, target, callee, keyword.arg, seen)
    return found


def step_options(ruleset, verb):
    """The step fields (beyond player and illegal) a format's `verb` step reads."""
    name = f"do_{verb}"
    owner = _owner(ruleset, name)
    if owner is None:
        return []
    node = _function_node(vars(owner)[name])
    params = [a.arg for a in node.args.args][1:] if node is not None else []
    if not params:
        return []
    read = _reads(ruleset, owner, name, params[0], set())
    return sorted({option for attr in read for option in ACTION_OPTIONS.get(attr, ())})


def step_value(verb):
    """What a step's verb is given (a card id, `true`, a phase, a number of turns), as the
    scenario schema says."""
    return schema.STEP_VERBS[verb]["x-is"] if verb in schema.STEP_VERBS else "a value"


# --- fields, from the scenario schema ----------------------------------------------------------

# The parts of a scenario file the reference lists, with the schema node that holds each part's
# fields and where the part stands in a file.
FIELD_PARTS = (
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


def takes(node):
    """What a field takes, in words, from its schema node."""
    if isinstance(node.get("x-is"), str):
        return node["x-is"]
    kinds = node.get("type")
    if kinds is None:
        return "any value the outcome reports"
    kinds = [kinds] if isinstance(kinds, str) else kinds
    return " or ".join(TYPE_WORDS.get(kind, kind) for kind in kinds)


def allowed(node):
    """The values a field allows, when the schema lists them."""
    if "enum" in node:
        return [str(value) for value in node["enum"]]
    if "const" in node:
        value = node["const"]
        return ["true" if value is True else "false" if value is False else str(value)]
    return []


def field_entry(name, node, required):
    return {"name": name, "takes": takes(node), "allowed": allowed(node),
            "description": node.get("description", ""), "required": name in required}


def field_list():
    """[{part, title, path, fields: [{name, takes, allowed, description, required}]}] for
    every part of a scenario file, in the schema's order."""
    return [{"part": part, "title": title, "path": path,
             "fields": [field_entry(name, node, node_of.get("required", ()))
                        for name, node in node_of["properties"].items()]}
            for part, title, path, node_of in FIELD_PARTS]


# --- the reference -----------------------------------------------------------------------------

def format_reference(slug, ruleset):
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
                   "options": step_options(ruleset, verb)} for verb in sorted(ruleset.STEP_VERBS)],
        "common_step_options": list(COMMON_STEP_OPTIONS),
        "setup_fields": sorted(ruleset.SETUP_FIELDS),
        "player_fields": sorted(ruleset.PLAYER_FIELDS),
        "card_fields": sorted(ruleset.CARD_FIELDS),
        "expect_keys": list(ruleset.EXPECT_KEYS),
        "card_facts": list(ruleset.CARD_FACTS),
        "reason_codes": codes,
    }


def scenario_card_reference():
    """What a card of a scenario's `cards:` (or of the catalog) may say."""
    from .cards import ATTRIBUTES, CARD_KEYS, KINDS, MAX_CARD_NAME, MAX_SCENARIO_CARDS
    from .primitives import COSTS, PRIMITIVES

    return {"fields": sorted(CARD_KEYS),
            "kinds": {kind: sorted(subtypes) for kind, subtypes in sorted(KINDS.items())},
            "attributes": sorted(ATTRIBUTES),
            "primitives": sorted(PRIMITIVES), "costs": sorted(COSTS),
            "max_cards": MAX_SCENARIO_CARDS, "max_name_length": MAX_CARD_NAME}


@lru_cache(maxsize=None)
def _reference():
    from .rulesets import RULESETS

    return {"scenario_fields": sorted(schema.TOP_KEYS),
            "fields": field_list(),
            "scenario_cards": scenario_card_reference(),
            "core_mechanics": CORE_MECHANICS,
            "formats": [format_reference(slug, ruleset) for slug, ruleset in RULESETS.items()]}


def reference():
    """The whole reference: scenario fields, scenario cards and every format's vocabulary.

    Plain data, ready for JSON; a fresh copy each call."""
    import copy

    return copy.deepcopy(_reference())
