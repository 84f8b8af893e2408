"""Typed rule parameters: each ruleset declares every parameter it reads, refuses malformed
ones, and each declared parameter changes some scenario's outcome when it changes."""
import copy
import re
from functools import lru_cache

import pytest

from rulings.knowledge.rendering import anchors as article_anchors
from scenarios.engine import ScenarioError, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.parameters import (Fraction, Names, Param, Row, Table, Whole,
                                         check_parameters, declarations)
from scenarios.engine.rulesets import RULESETS

from .conftest import ROOT, SCENARIO_FILES, parameters, scenario_at

FORMATS = sorted(slug for slug, ruleset in RULESETS.items() if ruleset.PARAMETERS)

# Parameters no bundled scenario's outcome depends on, and why. Keep it small: a new
# scenario that shows the number at work is better than an entry here.
UNOBSERVABLE = {
    "tag-team-phalanx/back_line_slots": "no Tag Team Phalanx scenario fills a team's Back Line",
    "tag-team-phalanx/rampart_def": "the scenarios' ramparts are in Attack Position, so their "
                                    "DEF never decides a battle",
}

# Another valid value where "the value + 1" would not show anything or is not defined.
ALTERNATIVES = {
    # 10 zones shared by 2 partners is 5 each; 11 would still be 5 each
    "kingdom-duels/tag_shared_frontrow_zones": 12,
    "kingdom-duels/tag_shared_backrow_zones": 12,
    # the seeded die of dice-result-picks-the-effect shows 2 with 6 or 7 sides and 5 with 20
    "kingdom-duels/dice_sides": 20,
    "kingdom-duels/tag_players_per_team": 1,
    "thought-ruler-highlander/summon_limit_table": lambda rows: [
        {**row, "limit": row["limit"] + 1} for row in rows],
    "deck-masters/ability_types": lambda rows: [
        {**row, "chain_link": "any"} if row["type"] == "Ignition" else row for row in rows],
}


def scenarios_of(format_slug):
    return [scenario_at(path) for path in SCENARIO_FILES
            if path.parent.name == format_slug]


def outcome(scenario, params):
    """What a judge would see: the verdict and its differences, or the error."""
    return judged(scenario, params)[0]


def judged(scenario, params):
    """(outcome, the parameters the replay read: empty for an invalid scenario)."""
    try:
        result = replay(scenario, ruleset_for(scenario.format), default_catalog(), params=params,
                        record_states=False)
    except ScenarioError as error:
        return ("invalid", str(error)), frozenset()
    return (result.status, tuple(str(d) for d in result.differences)), \
        frozenset(result.params_read)


@lru_cache(maxsize=None)
def bundled_judged(fmt):
    """Each of the format's scenarios with its outcome and reads under the bundled parameters,
    worked out once for every parameter's test."""
    return [(scenario, *judged(scenario, parameters(fmt))) for scenario in scenarios_of(fmt)]


def declared():
    return [(fmt, name) for fmt in FORMATS for name in declarations(ruleset_for(fmt))]


def other_value(fmt, name, value):
    alternative = ALTERNATIVES.get(f"{fmt}/{name}")
    if callable(alternative):
        return alternative(copy.deepcopy(value))
    if alternative is not None:
        return alternative
    return declarations(ruleset_for(fmt))[name].shape.other_value(value)


# --- the declarations ----------------------------------------------------------------------

@pytest.mark.parametrize("fmt", FORMATS)
def test_bundled_parameters_fit_their_declarations(fmt):
    assert check_parameters(ruleset_for(fmt), parameters(fmt)) == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_declaration_cites_rules_that_exist(fmt):
    found = {}
    for path in (ROOT / "rulings" / "content").glob("*/*.md"):
        text = path.read_text(encoding="utf-8")
        body = text.split("\n---\n", 1)[1] if "\n---\n" in text else text
        found[f"{path.parent.name}/{path.stem}"] = {a.anchor for a in article_anchors.scan(body)[0]}
    for spec in ruleset_for(fmt).PARAMETERS:
        assert spec.anchors, spec.name
        for anchor in spec.anchors:
            article, _, name = anchor.partition("#")
            assert name in found.get(article, ()), f"{spec.name}: no anchor {anchor}"


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_parameter_is_declared_once(fmt):
    names = [spec.name for spec in ruleset_for(fmt).PARAMETERS]
    assert len(names) == len(set(names))
    assert all(isinstance(spec, Param) for spec in ruleset_for(fmt).PARAMETERS)


def test_engine_never_imports_django():
    source = (ROOT / "scenarios" / "engine" / "parameters.py").read_text(encoding="utf-8")
    assert "django" not in source.lower().replace("no django here", "")


# --- the shapes ----------------------------------------------------------------------------

def highlander(**changes):
    return {**parameters("thought-ruler-highlander"), **changes}


@pytest.mark.parametrize("value, words", [
    ("500 LP", "nightfall_cost must be a whole number ≥ 0, got '500 LP'"),
    (-500, "nightfall_cost must be a whole number ≥ 0, got -500"),
    (2.5, "nightfall_cost must be a whole number ≥ 0, got 2.5"),
    (True, "nightfall_cost must be a whole number ≥ 0, got True"),
    (None, "nightfall_cost must be a whole number ≥ 0, got None"),
    (5_000_000, "nightfall_cost must be at most 1,000,000, got 5,000,000"),
])
def test_a_wrong_number_is_named(value, words):
    from scenarios.engine.rulesets.highlander import HighlanderDuel

    assert check_parameters(HighlanderDuel, highlander(nightfall_cost=value)) == \
        [("nightfall_cost", words)]


def test_the_summon_limit_table_needs_its_zero_row():
    from scenarios.engine.rulesets.highlander import HighlanderDuel

    rows = [{"opponent_lp_at_least": 4000, "limit": 2}, {"opponent_lp_at_least": 2000, "limit": 3}]
    [(name, message)] = check_parameters(HighlanderDuel, highlander(summon_limit_table=rows))
    assert name == "summon_limit_table"
    assert "must have a row with opponent_lp_at_least: 0" in message


@pytest.mark.parametrize("rows, words", [
    ("2 per turn", "must be a table"),
    ([], "got 0 rows"),
    ([{"opponent_lp_at_least": 0}], "row 1 has no limit"),
    ([{"opponent_lp_at_least": 0, "limit": "two"}], "row 1: limit must be a whole number"),
    ([{"opponent_lp_at_least": 0, "limit": 4}] * 2, "two rows with opponent_lp_at_least: 0"),
    ([{"opponent_lp_at_least": n, "limit": 1} for n in range(101)], "got 101 rows"),
    (["limit 4"], "row 1 must be a mapping"),
])
def test_a_malformed_table_is_named(rows, words):
    from scenarios.engine.rulesets.highlander import HighlanderDuel

    [(name, message)] = check_parameters(HighlanderDuel, highlander(summon_limit_table=rows))
    assert name == "summon_limit_table" and message.startswith("summon_limit_table ")
    assert words in message


def test_other_shapes():
    assert Whole(1).problem(0)
    assert Whole(1, 20).problem(21) == "must be at most 20, got 21"
    assert Fraction().problem(0.5) is None and Fraction().problem(1.5)
    assert Fraction().problem("half")
    assert Names().problem(["Pot of Greed"]) is None
    assert "must be a list" in Names().problem("Pot of Greed")
    assert "item 2" in Names().problem(["Pot of Greed", 3])
    assert Names(maximum=2).problem(["a", "b", "c"])
    table = Table({"type": Whole(0)}, required=(Row({"type": 1}, "why"),))
    assert table.problem([{"type": 2}]) == "must have a row with type: 1 (why)"


def test_a_choice_names_its_options():
    from scenarios.engine.rulesets.kingdom_duels import KingdomDuel

    params = {**parameters("kingdom-duels"), "default_terrain": "Lava Lake"}
    [(name, message)] = check_parameters(KingdomDuel, params)
    assert name == "default_terrain" and "one of Land" in message and "'Lava Lake'" in message


def test_a_missing_parameter_is_named():
    from scenarios.engine.rulesets.highlander import HighlanderDuel

    params = highlander()
    del params["nightfall_cost"]
    assert check_parameters(HighlanderDuel, params)[0][0] == "nightfall_cost"
    assert check_parameters(HighlanderDuel, params, require_all=False) == []


# --- the engine refuses what it cannot use ---------------------------------------------------

@pytest.mark.parametrize("fmt, name, value", [
    ("thought-ruler-highlander", "nightfall_cost", "500 LP"),
    ("thought-ruler-highlander", "summon_limit_table", [{"opponent_lp_at_least": 4000, "limit": 2}]),
    ("kingdom-duels", "starting_lp", -1),
    ("kingdom-duels", "destruction_damage_fraction", "half"),
    ("deck-masters", "ability_types", "Ignition, Trigger"),
    ("tag-team-phalanx", "front_line_slots", [4]),
])
def test_a_duel_refuses_a_malformed_parameter(catalog, fmt, name, value):
    params = {**parameters(fmt), name: value}
    with pytest.raises(ScenarioError) as raised:
        ruleset_for(fmt)(catalog, params=params)
    assert raised.value.field == "parameters"
    assert name in raised.value.message


def test_a_replay_with_a_malformed_parameter_is_invalid_not_a_crash():
    [scenario] = [s for s in scenarios_of("thought-ruler-highlander")
                  if "limit" in s.slug][:1]
    rows = [{"opponent_lp_at_least": 4000, "limit": 2}]
    status, message = outcome(scenario, {**parameters(scenario.format), "summon_limit_table": rows})
    assert status == "invalid" and "summon_limit_table" in message


def test_a_missing_parameter_is_refused(catalog):
    params = dict(parameters("kingdom-duels"))
    del params["strike_per_turn"]
    with pytest.raises(ScenarioError, match="strike_per_turn"):
        ruleset_for("kingdom-duels")(catalog, params=params)


# --- every declared number is at work ----------------------------------------------------------

def test_unobservable_stays_small_and_explained():
    assert len(UNOBSERVABLE) <= 5
    known = {f"{fmt}/{name}" for fmt, name in declared()}
    for key, why in UNOBSERVABLE.items():
        assert key in known, f"{key} is not a declared parameter"
        assert why.strip(), key


@pytest.mark.parametrize("fmt, name", declared(), ids=lambda v: v)
def test_changing_a_parameter_changes_some_outcome(fmt, name):
    base = parameters(fmt)
    changed_value = other_value(fmt, name, base[name])
    assert changed_value is not None and changed_value != base[name]
    spec = declarations(ruleset_for(fmt))[name]
    assert spec.problem(changed_value) is None, "the other value must be valid"
    changed = {**base, name: changed_value}
    if f"{fmt}/{name}" in UNOBSERVABLE:  # every scenario is replayed: none may move
        moved = [s.slug for s, seen, _ in bundled_judged(fmt) if outcome(s, changed) != seen]
        assert not moved, f"{name} changes {moved}: take it out of UNOBSERVABLE"
    else:
        # Only a replay that read the number can move with it (the engine reads its numbers
        # only through the parameters a replay tracks: replay.ReadTracking); the first of
        # those that moves is enough.
        moved = next((s.slug for s, seen, read in bundled_judged(fmt)
                      if name in read and outcome(s, changed) != seen), None)
        assert moved, f"no {fmt} scenario's outcome depends on {name}"


def test_editing_strike_per_turn_changes_what_the_engine_allows():
    [scenario] = [s for s in scenarios_of("kingdom-duels") if s.slug == "strike-once-per-turn"]
    params = parameters("kingdom-duels")
    assert outcome(scenario, params) == ("passed", ())
    status, differences = outcome(scenario, {**params, "strike_per_turn": 2})
    assert status == "failed"
    assert "step 2 was allowed" in differences[0]


def test_frontrow_zones_sizes_the_kingdom_duels_board(catalog):
    from scenarios.engine.rulesets.kingdom_duels import KingdomDuel

    duel = KingdomDuel(catalog, params={**parameters("kingdom-duels"), "frontrow_zones": 3})
    assert duel.monster_zones() == 3
    assert not hasattr(__import__("scenarios.engine.battle", fromlist=["x"]), "MONSTER_ZONES")


def test_a_die_has_the_sides_the_article_states_not_the_card(catalog):
    from scenarios.engine.primitives import check_program
    from scenarios.engine.rulesets.kingdom_duels import KingdomDuel

    duel = KingdomDuel(catalog, params={**parameters("kingdom-duels"), "dice_sides": 20})
    assert duel.dice_sides() == 20
    assert ruleset_for("core")(catalog).dice_sides() == 6
    assert check_program([{"dice": {"results": {"1": [{"draw": 1}]}}}]) is None
    assert "the die's sides are the format's rule" in check_program(
        [{"dice": {"sides": 6, "results": {"1": [{"draw": 1}]}}}])


@pytest.mark.parametrize("players, words", [
    ("A: {team: X, deck: 5}\n    B: {team: Y, deck: 5}", "a Team Duel has more than 2 players"),
    ("A: {deck: 5}\n    B: {deck: 5}\n    C: {deck: 5, joining: true}",
     "a Battle Royale starts with 3 or more players (not counting those joining later), not 2"),
    ("A: {team: X, deck: 5}\n    B: {team: X, deck: 5}\n    C: {team: Y, deck: 5}",
     "a Tag Duel is two teams of 2 players each, not X: 2, Y: 1"),
])
def test_a_team_duel_too_small_for_its_mode_is_refused(players, words):
    mode = "tag" if "team" in players else "battle_royale"
    text = (f"slug: too-small\nformat: kingdom-duels\nrule: kingdom-duels/multiplayer#tag-two-vs-two\n"
            f"title: t\nnarrative: n\nsetup:\n  mode: {mode}\n"
            f"  turn: {{number: 3, player: A, phase: main1}}\n  players:\n    {players}\n"
            "steps:\n  - {player: A, end_turn: true}\nexpect: {turn: 4}\n")
    from scenarios.engine import parse_scenario

    status, message = outcome(parse_scenario(text, "too-small.yaml"), parameters("kingdom-duels"))
    assert status == "invalid" and words in message


# --- Rule summaries never repeat a parameter's number ------------------------------------------

def scalars(value):
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from scalars(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from scalars(item)


# Digits that name something rather than count it ("Chain Link 1", "Main Phase 1").
NAMING = re.compile(r"(Chain Link|Main Phase|Player|turn|round) \d+")


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_rule_summary_writes_a_parameter_value_by_hand(fmt):
    params = parameters(fmt)
    # 0 is left out: "at 0 LP" is the game's own rule, not a parameter of a format
    values = {str(v) for name in params for v in scalars(params[name]) if v != 0}
    found = []
    for rule in ruleset_for(fmt).RULES.values():
        if not rule.anchor.startswith(f"{fmt}/"):
            continue
        text = NAMING.sub("", re.sub(r"\{\{[^}]*\}\}", "", rule.summary))
        found += [(rule.name, d) for d in re.findall(r"\d+(?:\.\d+)?", text) if d in values]
    assert found == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_rule_summary_templates_name_declared_parameters(fmt):
    ruleset = ruleset_for(fmt)
    names = declarations(ruleset)
    for rule in ruleset.RULES.values():
        for name in rule.parameters:
            assert name in names, f"{rule.name} shows {name}, which {fmt} does not declare"
        assert "{{" not in rule.describe(parameters(fmt))


def test_describe_fills_the_template():
    rule = ruleset_for("thought-ruler-highlander").RULES["deck-master-weight"]
    assert "{{ deck_master_summon_weight }}" in rule.summary
    assert "counts 2 toward" in rule.describe(parameters("thought-ruler-highlander"))
    assert "counts 3 toward" in rule.describe({"deck_master_summon_weight": 3})


def test_a_parameter_read_while_the_duel_is_made_counts_as_read():
    """Deck Masters reads its Ability types table as the duel is made, before the first step:
    a scenario decided by that table depends on it (its replay once read nothing at all, so
    an edit of the table would not have re-verified it)."""
    [scenario] = [s for s in scenarios_of("deck-masters")
                  if s.slug == "ignition-ability-must-be-chain-link-1"]
    result = replay(scenario, ruleset_for("deck-masters"), default_catalog(),
                    params=parameters("deck-masters"), record_states=False)
    assert "ability_types" in result.params_read
