"""The card language the reference documents (scenarios/engine/vocabulary/effects.py) is the
one the engine reads: every word the catalog writes is listed, every condition and filter the
engine compares is listed, every listed word is read somewhere in the engine's code, and every
word has a meaning and an example."""
import ast
from pathlib import Path

import scenarios.engine.rulesets  # noqa: F401  (registers the formats' own primitives)
from scenarios.engine import conditions
from scenarios.engine.primitives import COSTS as COST_FUNCTIONS
from scenarios.engine.primitives import EFFECT_KINDS as CHECKED_EFFECT_KINDS
from scenarios.engine.primitives import ACTIVATION_KEYS, PRIMITIVES as PRIMITIVE_FUNCTIONS
from scenarios.engine.reference import catalog_uses, effect_vocabulary
from scenarios.engine.rulesets.deck_masters import ABILITY_KEYS
from scenarios.engine.vocabulary.effects import (ABILITIES, ACTIVATION, CONDITIONS, COSTS,
                                                 EFFECT_KINDS, FILTERS, PRIMITIVES, WORD_KINDS,
                                                 word_for)

ENGINE = Path(__file__).resolve().parent.parent.parent / "scenarios" / "engine"
VOCABULARY = ENGINE / "vocabulary" / "effects.py"


def engine_trees():
    return [ast.parse(p.read_text(encoding="utf-8")) for p in sorted(ENGINE.rglob("*.py"))
            if p != VOCABULARY and "__pycache__" not in p.parts]


def engine_strings():
    """Every string constant in the engine's code (the vocabulary's own table left out)."""
    return {node.value for tree in engine_trees() for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def compared_with(function_name, variable):
    """The strings a function compares a variable with (`name == "x"`, `name in ("x", "y")`)."""
    found = set()
    for tree in engine_trees():
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef) or fn.name != function_name:
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and \
                        node.left.id == variable:
                    for right in node.comparators:
                        items = right.elts if isinstance(right, (ast.Tuple, ast.Set)) else [right]
                        found |= {i.value for i in items if isinstance(i, ast.Constant)}
    return found


def words(kind):
    return {word.word for word in kind.words}


def test_every_word_the_catalog_and_the_abilities_write_is_listed():
    kinds = {kind.key: kind for kind in WORD_KINDS}
    unlisted = sorted(f"{kind}: {word}" for kind, word in catalog_uses()
                      if kind in kinds and word_for(kinds[kind], word) is None)
    assert not unlisted, unlisted


def test_the_conditions_listed_are_those_the_engine_compares():
    """The formats' own (compared in condition_holds) and the general ones (conditions.py)."""
    general = {*conditions.JOINS, *conditions.GENERAL}
    assert words(CONDITIONS) == compared_with("condition_holds", "name") | general


def test_every_filter_the_engine_compares_is_listed():
    assert compared_with("matches", "key") <= words(FILTERS)
    assert {"zone", "side", "for", "card"} <= words(FILTERS)  # what valid_target reads itself


def test_the_keys_the_catalog_checks_are_listed():
    assert CHECKED_EFFECT_KINDS <= words(EFFECT_KINDS)
    assert words(ACTIVATION) == ACTIVATION_KEYS
    assert words(ABILITIES) == ABILITY_KEYS


def test_primitives_and_costs_are_exactly_the_registered_ones():
    assert words(PRIMITIVES) == set(PRIMITIVE_FUNCTIONS)
    assert words(COSTS) == set(COST_FUNCTIONS)


def test_every_listed_word_is_read_by_the_engine():
    strings = engine_strings()
    unread = [f"{kind.key}: {word.word}" for kind in WORD_KINDS for word in kind.words
              if word.word not in strings and not (word.word.endswith(":") and any(
                  s.startswith(word.word) for s in strings))]
    assert not unread, unread


def test_every_word_has_a_meaning_and_an_example():
    for kind in effect_vocabulary():
        for word in kind["words"]:
            assert word["means"].endswith(".") and len(word["means"].split()) >= 4, word
            assert word["example"] and word["example"]["text"], (kind["kind"], word["word"])


def test_an_example_comes_from_the_catalog_when_a_card_uses_the_word():
    kinds = {kind["kind"]: {w["word"]: w for w in kind["words"]} for kind in effect_vocabulary()}
    piercing = kinds["flags"]["piercing"]
    assert piercing["example"]["text"] == "flags: [piercing]" and piercing["cards"] >= 1
    assert piercing["example"]["card"]  # the card that writes it
    flipped = kinds["triggers"]["flipped"]["example"]
    assert flipped["text"] == "trigger: flipped" and flipped["card"]
    # a word no catalog card writes yet shows the vocabulary's own example, with no card
    sealed = kinds["flags"]["strike_on:"]
    assert sealed["cards"] == 0 and sealed["example"] == {"card": None,
                                                          "text": 'flags: ["strike_on:Forest"]'}


def test_a_written_example_is_only_for_a_word_no_catalog_card_uses():
    shown = {kind["kind"]: {w["word"]: w for w in kind["words"]} for kind in effect_vocabulary()}
    for kind in WORD_KINDS:
        for word in kind.words:
            if word.example:
                assert shown[kind.key][word.word]["cards"] == 0, (kind.key, word.word)


def test_the_card_fields_listed_are_those_a_card_entry_may_write():
    from scenarios.engine.cards import CARD_KEYS
    from scenarios.engine.reference import CARD_FIELD_ATTRIBUTES
    from scenarios.engine.vocabulary.effects import CARD_FIELDS

    assert words(CARD_FIELDS) == CARD_KEYS == {field for field, _ in CARD_FIELD_ATTRIBUTES}


def test_the_card_references_listed_are_those_the_engine_resolves():
    from scenarios.engine.primitives import CARD_REFERENCES
    from scenarios.engine.vocabulary.effects import REFERENCES

    assert words(REFERENCES) == set(CARD_REFERENCES)


def test_every_amount_form_the_engine_compares_is_listed():
    from scenarios.engine.vocabulary.effects import AMOUNTS

    compared = compared_with("amount", "spec")
    assert {"target.atk", "half_lp", "doubling"} <= compared <= words(AMOUNTS)
    assert {"per", "each", "side", "destroyed", "milled", "flipped"} <= words(AMOUNTS)


def test_a_catalog_card_s_references_and_amounts_are_found_with_their_snippet():
    uses = catalog_uses()
    assert any("return_to_hand: attacker" in snippet
               for _, snippet in uses[("references", "attacker")])
    assert any("per: destroyed" in snippet for _, snippet in uses[("amounts", "per")])
    assert any(snippet.startswith("materials: ") for _, snippet in uses[("card-fields",
                                                                         "materials")])


def test_conditions_are_documented_in_a_stat_change_s_while_too():
    assert "`while:`" in CONDITIONS.where
    shown = {kind["kind"]: {w["word"]: w for w in kind["words"]} for kind in effect_vocabulary()}
    assert "conditions" in shown["continuous"]["while"]["means"]
