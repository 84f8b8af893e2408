"""Every rule of every article is exercised by a scenario, or marked not replayable with why.

A mark (scenarios/marks/<format>.yaml) names why the rule cannot be replayed (deck construction,
tournament procedure) and the test that covers it instead; any other rule without a scenario
fails the test.
"""
import pytest

from scenarios.verification.file_coverage import file_coverage, mark_problems
from scenarios.engine.rulesets import RULESETS
from scenarios.verification.verifier import Verifier


@pytest.fixture(scope="module")
def report(django_db_blocker):
    with django_db_blocker.unblock():
        return Verifier().verify()


@pytest.mark.parametrize("format_slug", list(RULESETS))
def test_every_rule_is_covered_or_marked(report, format_slug):
    coverage, texts = file_coverage(format_slug, report)
    missing = sorted(e.anchor for e in coverage.uncovered)
    assert not missing, f"{len(missing)} rules neither exercised nor marked:\n" + "\n".join(
        f"{a}: {texts.get(a, '')[:80]}" for a in missing[:40])


@pytest.mark.parametrize("format_slug", list(RULESETS))
def test_marks_point_at_real_rules_and_tests(report, format_slug):
    coverage, _ = file_coverage(format_slug, report)
    assert mark_problems(coverage) == []
