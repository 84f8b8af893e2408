"""The scenario schema (scenarios/engine/schema.py) decides a file's shape: every mistake it
finds is reported once, in words, with the file, line and field; the reference lists every
field it has; the formats' vocabulary and the schema agree."""
import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from scenarios.engine import ScenarioError, parse_scenario, schema, shape
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel
from scenarios.engine.fastcheck import compile_check
from scenarios.engine.reference import field_list
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.scenario import Scenario, build_duel
from scenarios.engine.yamlsource import safe_load

from .conftest import SCENARIO_FILES
from .hostile import ATTACK_VALUES
from .hostile import _mutate as mutate
from .test_bad_input import GOOD


def error_of(text, formats=None):
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(text, "tiny.yaml", formats)
    return raised.value


def line_of(text, needle):
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(schema.SCHEMA)


def test_the_good_file_fits_the_schema():
    assert shape.problems(safe_load(GOOD)) == []


@pytest.mark.parametrize("old, new, field, needle, words", [
    ("title: A tiny scenario\n", "title: A tiny scenario\ncolour: blue\n", "colour",
     "colour:", "unknown field 'colour' (allowed: cards, example,"),
    ("title: A tiny scenario\n", "", "", "slug:", "missing field 'title'"),
    ("slug: tiny", "slug: Tiny Scenario", "slug", "slug:",
     "slug cannot be “Tiny Scenario”: it is lowercase words joined by hyphens"),
    ("rule: core/chains#resolving-backwards", "rule: chains", "rule", "rule:",
     "it is an anchor like 'format/article#anchor'"),
    ("title: A tiny scenario", "title: '  '", "title", "title:", "it is non-empty text"),
    ("{player: B, pass: true}", "{player: B, pass: true, activate: pot}", "steps[1]",
     "{player: B, pass: true, activate", "a step needs exactly one action among activate,"),
    ("{player: B, pass: true}", "{player: B}", "steps[1]", "{player: B}",
     "a step needs exactly one action among"),
    ("{player: B, pass: true}", "{player: B, pas: true}", "steps[1].pas", "pas: true",
     "unknown step field 'pas'"),
    ("{player: B, pass: true}", "{player: B, pass: yes please}", "steps[1].pass",
     "yes please", "write 'pass: true'"),
    ("{player: B, pass: true}", "{player: G, pass: true}", "steps[1].player", "player: G",
     "player cannot be “G”: it is A or B (or C to F in team formats)"),
    ("{player: B, pass: true}", "{pass: true}", "steps[1]", "- {pass: true}",
     "missing field 'player'"),
    ("- {player: A, activate: pot}", "- {player: A, activate: pot, tributes: pot}",
     "steps[0].tributes", "tributes: pot", "it is a list of card ids"),
    ("- {player: A, activate: pot}", "- {player: A, activate: pot, select: [pot]}",
     "steps[0].select", "select: [pot]", "it is a mapping of choice names to card ids"),
    ("      hand: [{id: pot, card: Pot of Greed}]", "      hand: 3", "setup.players.A.hand",
     "hand: 3", "hand cannot be 3: it is a list of cards"),
    ("      hand: [{id: pot, card: Pot of Greed}]",
     "      hand: [{id: pot, card: Pot of Greed, face: sideways}]",
     "setup.players.A.hand[0].face", "sideways", "face cannot be “sideways”: it is up or down"),
    ("      hand: [{id: pot, card: Pot of Greed}]", "      hand: [{id: pot}]",
     "setup.players.A.hand[0]", "hand: [{id: pot}]", "missing field 'card'"),
    ("      hand: [{id: pot, card: Pot of Greed}]",
     "      hand: [{id: pot, card: Pot of Greed, colour: red}]", "setup.players.A.hand[0].colour",
     "colour: red", "unknown card field 'colour' (allowed: attached_to, card, column,"),
    ("    B:\n", "    G: {lp: 8000}\n    B:\n", "setup.players.G", "G: {lp",
     "players are named A and B (C to F in team formats), not G"),
    ("  players:\n", "  player: Z\n  players:\n", "setup.player", "player: Z",
     "unknown setup field 'player'"),
    ("turn: {number: 3, player: A, phase: main1}", "turn: {number: 3, player: A, phase: lunch}",
     "setup.turn.phase", "lunch", "phase cannot be “lunch”: it is draw, standby, main1,"),
    ("      lp: 8000\n      hand", "      lp: eight thousand\n      hand", "setup.players.A.lp",
     "eight thousand", "lp cannot be “eight thousand”: it is a whole number from 0 to"),
    ("      lp: 8000\n      hand", "      lp: 8000.0\n      hand", "setup.players.A.lp",
     "8000.0", "lp cannot be 8000.0: it is a whole number"),
    ("    A: {hand: 2}", "    A: {hand: two}", "expect.zones.A.hand", "hand: two",
     "hand cannot be “two”: it is a list of card ids or a count"),
    ("expect:\n", "expect:\n  result: {winner: A}\n", "expect.result", "result:",
     "missing field 'reason'"),
    ("expect:\n", "expect:\n  result: {reason: lp_zero}\n", "expect.result", "result:",
     "result cannot be a mapping: it is 'none', {winner: A, reason: ...}"),
    ("expect:\n", "expect:\n  result: lost\n", "expect.result", "result:",
     "result cannot be “lost”: it is 'none', {winner: A, reason: ...}"),
    ("expect:\n", "expect:\n  score: 3\n", "expect.score", "score:",
     "unknown expectation 'score' (allowed: cards, chain, charges,"),
    ("expect:\n", "expect:\n  resolved: pot\n", "expect.resolved", "resolved:",
     "resolved cannot be “pot”: it is a list of card ids"),
])
def test_a_shape_mistake_names_its_field_and_line_in_words(old, new, field, needle, words):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    error = error_of(text)
    assert (error.file, error.field, error.line) == ("tiny.yaml", field, line_of(text, needle))
    assert words in error.message, error.message


@pytest.mark.parametrize("old, new", [
    ("{player: B, pass: true}", "{player: B, pass: [1, {a: 2}], target: [x], activate: 3}"),
    ("turn: {number: 3, player: A, phase: main1}", "turn: [{number: x}]"),
    ("expect:\n", "expect:\n  result: [{winner: [A]}, 3]\n"),
    ("      hand: [{id: pot, card: Pot of Greed}]", "      hand: [[1], {card: [2], id: []}]"),
])
def test_one_mistake_is_reported_in_words_not_a_wall_of_alternatives(old, new):
    message = error_of(GOOD.replace(old, new, 1)).message
    assert "\n" not in message and len(message) < 500
    for noise in ("is not valid under", "{'", "[1", "is not of type", "True", "None"):
        assert noise not in message, message


def test_the_outermost_mistake_is_reported_first():
    text = GOOD.replace("{player: B, pass: true}", "{player: B, pass: 3}") + "colour: blue\n"
    assert error_of(text).field == "colour"


def test_a_format_vocabulary_mistake_comes_before_a_setup_shape_mistake():
    text = GOOD.replace("{id: pot, card: Pot of Greed}", "{id: pot, card: Pot of Greed, line: 9}")
    assert "front or back" in error_of(text).message  # without the formats: the shape
    error = error_of(text, RULESETS)
    assert "'line' is not a card field of core" in error.message
    assert error.field == "setup.players.A.hand[0].line"


def test_keys_that_are_not_words_are_reported_without_a_crash():
    text = GOOD.replace("    B:\n", "    1:\n").replace("  players:\n", "  true: 1\n  players:\n")
    error = error_of(text)
    assert error.field in ("setup.true", "setup.True", "setup.players.1") and error.line


def test_a_setup_made_by_the_engine_is_checked_against_the_schema_too():
    sketch = Scenario(slug="subduel", format="core", rule="core/chains#x", title="Subduel",
                      narrative="", steps=[], expect={},
                      setup={"players": {"A": {"monsters": [{"card": "Sangan",
                                                              "position": "sideways"}]}}})
    with pytest.raises(ScenarioError) as raised:
        build_duel(sketch, Duel(default_catalog()))
    assert raised.value.field == "setup.players.A.monsters[0].position"
    assert "it is attack or defense" in raised.value.message


def test_the_formats_together_use_exactly_the_schemas_steps_and_fields():
    rulesets = RULESETS.values()
    assert set().union(*(r.STEP_VERBS for r in rulesets)) <= schema.VERBS
    assert set().union(*(r.CARD_FIELDS for r in rulesets)) == schema.CARD_KEYS
    assert set().union(*(r.PLAYER_FIELDS for r in rulesets)) <= schema.PLAYER_KEYS
    assert set().union(*(r.SETUP_FIELDS for r in rulesets)) <= schema.SETUP_KEYS
    assert set().union(*(r.EXPECT_KEYS for r in rulesets)) == schema.EXPECT_KEYS


def _field_nodes(node, found):
    """Every schema node that has fields (`properties`), reached the way a file nests."""
    if not isinstance(node, dict):
        return found
    if "properties" in node:
        found.append(node)
        for child in node["properties"].values():
            _field_nodes(child, found)
    for key in ("items", "additionalProperties", "then", "else"):
        _field_nodes(node.get(key), found)
    return found


def test_the_reference_lists_every_field_of_the_schema_with_its_words():
    listed = [{f["name"] for f in part["fields"]} for part in field_list()]
    for node in _field_nodes(schema.SCHEMA, []):
        names = set(node["properties"])
        assert names == set().union(*(part for part in listed if part <= names)), sorted(names)
    for part in field_list():
        for entry in part["fields"]:
            assert entry["description"].strip() and entry["takes"].strip(), entry
            assert not {"str", "int", "dict", "bool", "object", "array"} & set(
                entry["takes"].replace(",", " ").split()), entry


# --- the quick check (fastcheck.py) answers as jsonschema does --------------------------------

def test_the_quick_check_and_jsonschema_agree_on_bundled_and_thousands_of_broken_files():
    check = shape.SCENARIO
    rng = random.Random(20240611)
    disagreements = []
    for path in SCENARIO_FILES:
        data = safe_load(path.read_text(encoding="utf-8"))
        assert check.fits(data) and check.validator.is_valid(data), path.name
        for _ in range(10):
            broken = mutate(copy.deepcopy(data), rng)
            if check.fits(broken) != check.validator.is_valid(broken):
                disagreements.append((path.name, broken))
    assert not disagreements, disagreements[:1]


LEAVES = st.sampled_from(ATTACK_VALUES[:10] + ATTACK_VALUES[14:] + ["pot", "Sangan", 1.0])


def _values(names):
    keys = st.sampled_from(sorted(names) + ["x", 1])
    return st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=3) |
                        st.dictionaries(keys, inner, max_size=4), max_leaves=12)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["step", "card", "player", "expect"]), st.data())
def test_the_quick_check_and_jsonschema_agree_on_random_steps_cards_players_and_expectations(
        part, data):
    node = {"step": schema.STEP, "card": schema.CARD_ENTRY, "player": schema.PLAYER,
            "expect": schema.EXPECT}[part]
    check = shape.SchemaCheck(node)
    value = data.draw(st.dictionaries(st.sampled_from(sorted(node["properties"])),
                                      _values(node["properties"]), max_size=4))
    assert check.fits(value) == check.validator.is_valid(value), value


def test_a_keyword_the_quick_check_does_not_know_is_refused_when_compiled():
    with pytest.raises(ValueError, match="uniqueItems"):
        compile_check({"type": "array", "uniqueItems": True})


@pytest.mark.parametrize("where, value", [
    (("steps",), [{"player": "A", "pass": True}] * (schema.MAX_STEPS + 1)),
    (("setup", "players", "A", "deck"), schema.MAX_DECK + 1),
    (("setup", "players", "A", "graveyard"), ["Sangan"] * (schema.MAX_CARDS + 1)),
    (("setup", "players", "A", "lp"), schema.MAX_LP + 1),
    (("setup", "turn", "number"), -1),
    (("title",), "T" * (schema.MAX_TEXT["title"] + 1)),
    (("steps", 0, "target"), "x" * (schema.MAX_CARD_ID + 1)),
    (("steps", 0, "pass_turns"), 0),
])
def test_shape_limits_are_in_the_schema_and_both_checks_refuse_past_them(where, value):
    data = safe_load(GOOD)
    node = data
    for step in where[:-1]:
        node = node[step]
    node[where[-1]] = value
    if where[-1] == "pass_turns":
        del node["activate"]
    assert not shape.SCENARIO.fits(data) and not shape.SCENARIO.validator.is_valid(data)
    assert shape.problems(data)[0].path.startswith(".".join(map(str, where[:1])))
