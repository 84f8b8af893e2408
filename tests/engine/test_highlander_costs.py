"""Thought Ruler Highlander costs: no cost takes the Deck Master out of the Extra Monster Zone
(thought-ruler-highlander/extra-monster-zone#leaves-only-by-normal-summon-or-set)."""
from scenarios.engine import parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog

from .conftest import ROOT, parameters

EMZ = ROOT / "scenarios" / "data" / "thought-ruler-highlander" / \
    "deck-master-in-the-emz-cannot-be-tributed-for-a-cost.yaml"
ANCHOR = "thought-ruler-highlander/extra-monster-zone#leaves-only-by-normal-summon-or-set"


def run(text, mutation=None):
    scenario = parse_scenario(text, "trh.yaml", formats={"thought-ruler-highlander"})
    return replay(scenario, ruleset_for("thought-ruler-highlander"), default_catalog(),
                  params=parameters("thought-ruler-highlander"), mutation=mutation)


def test_a_tribute_cost_naming_the_waiting_deck_master_is_refused_with_its_rule():
    result = run(EMZ.read_text())
    assert result.matches, result.differences
    refused = result.steps[0]
    assert refused.reason == "deck_master_in_emz" and ANCHOR in result.rules


def test_the_costs_too_reading_lets_the_cost_take_the_deck_master_out():
    result = run(EMZ.read_text(), mutation="emz-leaves-only-by-normal-summon:costs-too")
    assert result.duel.card("gamma").zone == "graveyard"


def test_a_banish_cost_cannot_take_the_waiting_deck_master_either():
    text = EMZ.read_text().replace(
        "spell_trap: [{id: driver, card: Mass Driver, face: up}]",
        "spell_trap: [{id: driver, card: Banishing Driver, face: up}]").replace(
        "select: {tribute: gamma}", "select: {banish: gamma}").replace(
        "select: {tribute: sangan}", "select: {banish: sangan}").replace(
        "setup:", "cards:\n  - name: Banishing Driver\n    kind: spell\n    subtype: continuous\n"
        "    effects:\n      - ignition:\n          cost: [{banish: {from: field}}]\n"
        "          resolve: [{damage: {to: opponent, amount: 400}}]\nsetup:", 1)
    result = run(text)
    assert result.steps[0].reason == "deck_master_in_emz"
    assert result.duel.card("gamma").zone == "extra_monster_zone"
    assert result.duel.card("sangan").zone == "banished"
