"""The work a replay skips or does once (for speed) gives what doing it every time gave."""
import copy
import random

import pytest

from scenarios.engine import load_scenario, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.errors import ScenarioError

from .conftest import ROOT, parameters, run, scenario_at
from .test_refused_step import CORE, built


@pytest.fixture
def kingdom_parameters():
    """A caller's own mapping of the Kingdom Duels parameters, as a verifier holds one."""
    return copy.deepcopy(parameters("kingdom-duels"))


def test_a_parameter_changed_in_place_after_a_check_is_checked_again(kingdom_parameters):
    duel_class = ruleset_for("kingdom-duels")
    duel_class(default_catalog(), params=kingdom_parameters)
    kingdom_parameters["starting_lp"] = -1
    with pytest.raises(ScenarioError, match="starting_lp"):
        duel_class(default_catalog(), params=kingdom_parameters)


def test_a_parameter_changed_deep_inside_after_a_check_is_checked_again():
    params = copy.deepcopy(parameters("deck-masters"))
    duel_class = ruleset_for("deck-masters")
    duel_class(default_catalog(), params=params)
    params["ability_types"][0]["type"] = 7
    with pytest.raises(ScenarioError, match="ability_types"):
        duel_class(default_catalog(), params=params)


def test_a_malformed_mapping_is_refused_every_time_it_is_given(kingdom_parameters):
    kingdom_parameters["starting_lp"] = "many"
    for _ in range(2):
        with pytest.raises(ScenarioError, match="starting_lp"):
            ruleset_for("kingdom-duels")(default_catalog(), params=kingdom_parameters)


def test_the_generator_is_made_when_first_drawn_and_draws_as_one_made_at_the_start():
    duel = built(scenario_at(CORE))
    assert duel._rng is None
    draws = [duel.rng.randint(1, 6) for _ in range(10)]
    python = random.Random(duel.seed)
    assert draws == [python.randint(1, 6) for _ in range(10)]


def test_a_coin_scenario_replays_alike_twice():
    scenario = scenario_at(CORE.parent.parent / "kingdom-duels" / "coin-called-right.yaml")
    first, second = run(scenario), run(scenario)
    assert first.outcome.as_dict() == second.outcome.as_dict()
    assert [s.events for s in first.steps] == [s.events for s in second.steps]


def test_quietly_inside_quietly_forgets_everything_both_computed():
    duel = built(scenario_at(CORE))
    rules, events, read = list(duel.rules_used), len(duel.events), set(duel.params.read)

    def inner():
        duel.note_rule("costs")
        duel.emit("effect", "an inner event", ["costs"])
        return duel.params.get("starting_lp")

    def outer():
        duel.emit("effect", "an outer event")
        return duel.quietly(inner)

    duel.quietly(outer)
    assert duel.rules_used == rules and len(duel.events) == events
    assert duel.params.read == read


def test_a_cards_effects_of_one_kind_are_its_effects_with_that_key():
    for definition in list(default_catalog().cards.values())[:200]:
        for key in ("trigger", "continuous", "hand_win"):
            assert list(definition.effects_of(key)) == \
                [e for e in definition.effects if key in e]
            assert definition.effects_of(key) == definition.effects_of(key)


def test_a_scenario_built_again_places_the_cards_a_fresh_parse_places():
    path = ROOT / "scenarios" / "data" / "core" / "vennominaga-third-counter.yaml"
    scenario = load_scenario(path)
    first = built(scenario)
    for card in first.cards.values():  # a replay changes its own cards' counters
        card.counters["spell"] = 99
    again, fresh = built(scenario), built(load_scenario(path))
    assert [vars(c) for c in again.cards.values()] == [vars(c) for c in fresh.cards.values()]
    assert all(c.counters.get("spell") != 99 for c in again.cards.values())


def test_an_unknown_card_is_reported_by_every_build_of_the_scenario():
    scenario = load_scenario(CORE)
    scenario.setup["players"]["A"]["hand"] = ["No Such Card"]
    for _ in range(2):
        with pytest.raises(ScenarioError, match="unknown card 'No Such Card'"):
            built(scenario)
