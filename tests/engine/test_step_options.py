"""A step takes only the options its format declares, the declaration matches what the format's
handler reads (read from the engine's source), and the codes that can refuse a step are listed in
the order the engine checks them."""
import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.step_fields import options_read, refusal_order
from scenarios.engine.vocabulary import option_problem
from tests.engine.conftest import SCENARIO_FILES, run, scenario_at

DECK_MASTERS_SUMMON = """\
slug: option-check
format: deck-masters
rule: core/summoning#normal-summon
title: An option check
narrative: A summons a monster.
setup:
  turn: {number: 3, player: A, phase: main1}
  players:
    A: {lp: 8000, deck: 5, deck_master: {card: Sangan},
        hand: [{id: soldier, card: Giant Soldier of Stone}]}
    B: {lp: 8000, deck: 5, deck_master: {card: Sangan}}
steps:
  - {player: A, summon: soldier, position: attack%s}
expect: {}
"""


def test_an_option_the_step_does_not_read_is_refused_with_its_name_line_and_field():
    with pytest.raises(ScenarioError) as error:
        parse_scenario(DECK_MASTERS_SUMMON % ", materials: [x]", "dm.yaml", RULESETS)
    assert error.value.file == "dm.yaml" and error.value.line == 13  # the step's line
    assert error.value.field == "steps[0].materials"
    assert "summon steps of deck-masters take no 'materials'" in error.value.message
    assert "(its options: position, tributes)" in error.value.message


def test_the_same_step_with_only_its_own_options_is_accepted():
    scenario = parse_scenario(DECK_MASTERS_SUMMON % "", "dm.yaml", RULESETS)
    assert scenario.steps[0].position == "attack"


def step_options(ruleset, verb):
    return ruleset.STEP_OPTIONS[verb]


@pytest.mark.parametrize("slug, verb", sorted((slug, verb) for slug, ruleset in RULESETS.items()
                                              for verb in ruleset.STEP_VERBS))
def test_each_step_declares_exactly_the_options_its_handler_reads(slug, verb):
    """A handler that starts reading an option must declare it (or the option would be refused),
    and a declared option the handler never reads would be silently ignored."""
    ruleset = RULESETS[slug]
    assert tuple(sorted(ruleset.STEP_OPTIONS.get(verb, ()))) == options_read(ruleset, verb), \
        f"{slug}: {verb} steps declare {ruleset.STEP_OPTIONS.get(verb)} in STEP_OPTIONS"


def test_options_follow_each_format_s_handler():
    kingdom, core = RULESETS["kingdom-duels"], RULESETS["core"]
    assert {"select", "materials", "target"} <= set(step_options(kingdom, "activate"))
    assert "select" in step_options(kingdom, "summon") and "to" in step_options(kingdom, "summon")
    assert "select" not in step_options(core, "summon")
    assert option_problem(core, "summon", ["player", "select"], "core") == (
        "select", "summon steps of core take no 'select' (its options: position, tributes)")
    assert option_problem(kingdom, "summon", ["player", "select"], "kingdom-duels") is None
    # a Deck Masters summon hands the step to the core summon through super(): its options too
    assert "position" in step_options(RULESETS["deck-masters"], "summon")


def test_a_step_that_takes_no_options_says_so():
    assert option_problem(RULESETS["core"], "end_turn", ["target"], "core")[1] == \
        "end_turn steps of core take no 'target' (its options: stop_at)"
    assert option_problem(RULESETS["core"], "pass", ["to"], "core")[1] == \
        "pass steps of core take no 'to' (it takes no options)"


def test_every_bundled_refusal_is_listed_under_its_step():
    missing = []
    for path in SCENARIO_FILES:
        scenario = scenario_at(path)
        for number, step in enumerate(scenario.steps):
            code = step.expect_illegal
            if isinstance(code, str) and code not in refusal_order(RULESETS[scenario.format],
                                                                   step.verb):
                missing.append(f"{path.name} steps[{number}] {step.verb}: {code}")
    assert not missing, missing


def test_refusals_begin_with_the_checks_every_step_goes_through():
    for verb in ("attack", "pass", "activate", "concede"):
        assert refusal_order(RULESETS["core"], verb)[:2] == ("duel_over",
                                                             "mandatory_trigger_pending")
    assert refusal_order(RULESETS["core"], "attack")[2:] == (
        "wrong_phase", "not_open_game_state", "cannot_attack", "already_attacked",
        "direct_attack_blocked", "invalid_attack_target")


TWO_RULES = """\
slug: two-rules
format: core
rule: core/chains#priority
title: Two rules refuse one step
narrative: B activates a Trap Set this turn while A holds priority.
setup:
  turn: {number: 3, player: A, phase: main1}
  players:
    A: {lp: 8000, deck: 5}
    B: {lp: 8000, deck: 5, spell_trap: [{id: trap, card: Ceasefire, face: down, set_turn: 3}]}
steps:
  - {player: B, activate: trap, illegal: %s}
expect: {}
"""


def test_when_two_rules_refuse_a_step_the_first_in_the_order_names_it():
    order = refusal_order(RULESETS["core"], "activate")
    assert order.index("no_priority") < order.index("set_this_turn")
    named = run(parse_scenario(TWO_RULES % "no_priority", "two.yaml", RULESETS))
    assert named.matches, named.differences
    later = run(parse_scenario(TWO_RULES % "set_this_turn", "two.yaml", RULESETS))
    assert [(d.expected, d.got) for d in later.differences] == [("set_this_turn",
                                                                 "no_priority")]
