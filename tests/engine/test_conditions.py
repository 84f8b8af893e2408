"""Conditions joined by `all_of` / `any_of`, the general conditions every format reads (LP,
whose turn, `control:` with ATK as it is now, how a card was summoned), and the references
"the attacking monster", "that monster" and "the equipped monster"."""
import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.conditions import condition_problem
from scenarios.engine.primitives import EffectContext, referenced
from scenarios.engine.rulesets import RULESETS, ruleset_for

from .conftest import ROOT, parameters

DATA = ROOT / "scenarios" / "data"
WARD = (DATA / "core" / "attacking-monster-saved-by-the-last-link.yaml").read_text()
HERALD = (DATA / "thought-ruler-highlander" /
          "revived-herald-lowers-lp-and-raises-the-limit.yaml").read_text()
BANNER = (DATA / "core" / "beast-banner-while-lp-low-in-your-turn.yaml").read_text()


def replayed(text):
    scenario = parse_scenario(text, "probe.yaml", RULESETS)
    return replay(scenario, ruleset_for(scenario.format), default_catalog(),
                  params=parameters(scenario.format))


def cut_after(text, step, refusal, expect="expect: {}\n"):
    """The scenario up to the step `step` (its exact text), marked refused with `refusal`."""
    head = text.split(step)[0]
    return head + step.replace("}", f", illegal: {refusal}}}") + "\n" + expect


def edited(text, old, new):
    assert text.count(old) == 1, old
    return text.replace(old, new)


def test_any_of_holds_when_one_of_its_conditions_holds():
    assert replayed(WARD).matches  # ATK 2300 with the Banner; LP 8000


def test_any_of_fails_when_none_of_its_conditions_holds():
    without_banner = edited(WARD, "        - {id: banner, card: Herd Banner}\n", "")
    result = replayed(cut_after(without_banner, "  - {player: B, activate: ward}",
                                "condition_not_met"))
    assert result.matches, result.differences


def test_any_of_holds_through_its_other_condition():
    low_lp = edited(edited(WARD, "        - {id: banner, card: Herd Banner}\n", ""),
                    "    B:\n      lp: 8000", "    B:\n      lp: 2000")
    result = replayed(low_lp.split("expect:")[0] + "expect: {}\n")
    assert result.matches, result.differences
    assert result.duel.card("boar").zone == "hand"


def test_control_reads_atk_as_it_is_now_not_as_printed():
    # The Hound's printed ATK (1800) is under 2000; only the Banner's gain lets the Ward be used.
    duel = replayed(WARD).duel
    hound = duel.card("hound")
    assert hound.card.atk == 1800 and duel.matches(hound, {"atk_at_least": 2000})
    assert not duel.matches(hound, {"atk_at_most": 2000})


def test_all_of_needs_every_condition():
    # In Player B's turn the Banner's "during your turn" part fails: no gain, whatever the LP.
    result = replayed(BANNER)
    duel = result.duel
    boar, banner = duel.card("boar"), duel.card("banner")
    assert duel.effective_atk(boar) == 2400
    assert duel.condition_holds("all_of", [{"turn": "own"}, {"lp_at_most": 3000}], banner, "A")
    duel.turn_player = "B"
    assert not duel.condition_holds("all_of", [{"turn": "own"}, {"lp_at_most": 3000}],
                                    banner, "A")
    assert duel.effective_atk(boar) == 1400


@pytest.mark.parametrize("whose, holds", [("own", True), ("opponent", False)])
def test_turn_names_whose_turn_it_is(whose, holds):
    duel = replayed(BANNER).duel
    assert duel.condition_holds("turn", whose, duel.card("banner"), "A") is holds
    assert duel.condition_holds("turn", whose, duel.card("banner"), "B") is not holds


def test_a_monster_special_summoned_by_an_effect_meets_its_summon_condition():
    result = replayed(HERALD)
    assert result.matches, result.differences
    assert result.duel.card("herald").summoned_how == ("special", "effect")


def test_a_normal_summoned_monster_does_not_meet_a_special_summon_condition():
    normal = edited(HERALD, "      graveyard: [{id: herald, card: Risen Herald}]\n", "")
    normal = edited(normal, "hand: [{id: reborn, card: Monster Reborn}, "
                    "{id: snake, card: Venom Snake}]",
                    "hand: [{id: herald, card: Risen Herald}]")
    steps = normal.split("steps:")[0] + ("steps:\n  - {player: A, summon: herald}\n"
                                         "  - {player: A, activate: herald, "
                                         "illegal: condition_not_met}\nexpect: {}\n")
    result = replayed(steps)
    assert result.matches, result.differences
    assert result.duel.card("herald").summoned_how == ("normal", "procedure")


def test_a_summon_condition_by_procedure_is_not_met_by_an_effect():
    duel = replayed(HERALD).duel
    herald = duel.card("herald")
    assert duel.condition_holds("summoned", {"how": "special"}, herald, "A")
    assert not duel.condition_holds("summoned", {"by": "procedure"}, herald, "A")


def test_the_attacking_monster_is_the_one_attacking_now():
    result = replayed(WARD.split("  - {player: A, pass: true}")[0] + "expect: {}\n")
    duel = result.duel
    assert referenced(duel, EffectContext("ward", "B"), "attacker") == ["boar"]
    # an event that names its attacker wins over the battle now going on
    named = EffectContext("ward", "B", remembered={"attacker": "hound"})
    assert referenced(duel, named, "attacker") == ["hound"]


def test_that_monster_is_the_monster_the_event_names():
    duel = replayed(WARD).duel
    assert referenced(duel, EffectContext("ward", "B", remembered={"flipped": "hound"}),
                      "that_monster") == ["hound"]
    assert referenced(duel, EffectContext("ward", "B"), "that_monster") == []


def test_the_equipped_monster_is_the_host_of_the_card():
    duel = replayed(WARD).duel
    duel.card("banner").host = "hound"
    assert referenced(duel, EffectContext("banner", "B"), "equipped") == ["hound"]
    assert referenced(duel, EffectContext("ward", "B"), "equipped") == []


def test_there_is_no_attacking_monster_outside_a_battle():
    duel = replayed(BANNER).duel
    assert referenced(duel, EffectContext("banner", "A"), "attacker") == []


# --- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("condition, words", [
    ({"any_of": [{"turn": "own"}]}, "at least two conditions"),
    ({"all_of": "turn"}, "at least two conditions"),
    ({"turn": "mine"}, "turn is own or opponent"),
    ({"lp_at_least": -5}, "lp_at_least takes a number"),
    ({"control": {"atk_at_least": "lots"}}, "filter atk_at_least takes a number"),
    ({"control": {"colour": "red"}}, "unknown filter 'colour'"),
    ({"summoned": {"how": "ritual"}}, "summoned how is one of"),
    ({"summoned": {"by": "magic"}}, "summoned by is effect or procedure"),
    ({"turn": "own", "lp_at_most": 1}, "a condition is a name or a one-key mapping"),
    ({"any_of": [{"turn": "own"}, {"turn": "later"}]}, "any_of[2]: turn is own or opponent"),
])
def test_a_malformed_condition_is_described(condition, words):
    problem = condition_problem(condition)
    assert problem is not None and words in problem


def test_a_malformed_activation_condition_is_refused_at_its_line():
    broken = edited(WARD, "any_of: [{control: {atk_at_least: 2000}}, {lp_at_most: 2000}]",
                    "any_of: [{control: {atk_at_least: 2000}}]")
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(broken, "probe.yaml", RULESETS)
    assert "any_of joins a list of at least two conditions" in raised.value.message
    assert raised.value.field == "cards[3].activation" and raised.value.line is not None


def test_the_conditions_a_format_names_for_itself_are_left_to_it():
    assert condition_problem("opponent_attack") is None
    assert condition_problem({"lp_behind_by": 1000}) is None
