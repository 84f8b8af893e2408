"""Every rule of every article is tested by a scenario, or marked not replayable with why.

Tested means a scenario depends on it (scenarios/verification/rule_coverage.py): a wrong reading
of the rule changes the scenario's outcome; a rule with no wrong reading is recorded refusing or
deciding a step; an example block's scenario is changed by some wrong reading. A mark
(scenarios/formats/<format>/marks/*.yaml) names why the rule cannot be replayed (deck
construction, tournament procedure) and the test that covers it instead; any other rule that no
scenario tests fails the test.
"""
import pytest

from scenarios.verification.file_coverage import file_coverage, mark_problems
from scenarios.engine.rulesets import RULESETS
from scenarios.verification.rule_coverage import build, exercising
from scenarios.verification.verifier import Verifier


@pytest.fixture(scope="module")
def report(django_db_blocker):
    with django_db_blocker.unblock():
        return Verifier().verify()


@pytest.mark.parametrize("format_slug", list(RULESETS))
def test_every_rule_is_covered_or_marked(report, format_slug):
    coverage, texts = file_coverage(format_slug, report)
    missing = sorted(e.anchor for e in coverage.uncovered)
    assert not missing, f"{len(missing)} rules neither tested nor marked:\n" + "\n".join(
        f"{a}: {texts.get(a, '')[:80]}" for a in missing[:40])


@pytest.mark.parametrize("format_slug", list(RULESETS))
def test_marks_point_at_real_rules_and_tests(report, format_slug):
    coverage, _ = file_coverage(format_slug, report)
    assert mark_problems(coverage) == []


ZERO_LP = "core/ending-the-game#zero-lp-immediate-loss"  # a core rule with wrong readings
EXAMPLE = "core/ending-the-game#example-poison-vs-ceasefire"


def test_a_rule_cited_in_a_trace_but_never_deciding_is_not_covered():
    found = exercising("core", [("cites-it", "Cites it", None, [ZERO_LP], [])])
    assert ZERO_LP not in found


def test_a_rule_counts_for_the_scenarios_its_wrong_reading_changes():
    found = exercising("core", [
        ("decided", "Decided", None, [ZERO_LP], ["zero-lp:end-of-battle-phase"]),
        ("other", "Other", None, [ZERO_LP], ["costs:paid-on-resolution"])])
    assert found[ZERO_LP] == [("decided", "Decided")]
    assert found["core/chains#costs-at-activation"] == [("other", "Other")]


def test_an_example_counts_only_when_some_wrong_reading_changes_its_scenario():
    untested = exercising("core", [("s", "S", EXAMPLE, [ZERO_LP], [])])
    tested = exercising("core", [("s", "S", EXAMPLE, [], ["costs:paid-on-resolution"])])
    assert EXAMPLE not in untested and tested[EXAMPLE] == [("s", "S")]


def test_a_rule_with_no_wrong_reading_counts_when_a_step_records_it():
    unhooked = "core/ending-the-game#a-rule-no-hook-names"
    found = exercising("core", [("s", "S", None, [unhooked], [])])
    assert found[unhooked] == [("s", "S")]
    coverage = build("core", [("ending-the-game", "/rules/core/ending-the-game/",
                               {"zero-lp-immediate-loss": "", "a-rule-no-hook-names": ""})],
                     found, {})
    assert [e.anchor for e in coverage.uncovered] == [ZERO_LP]
