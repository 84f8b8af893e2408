"""Expectations after a step (`expect_after: {3: {...}}`): the table is compared once that step
is done, a failure names the step, a step number the file does not have is refused with its
field, and a replay without them observes nothing between the steps."""
import sys
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS

from .conftest import parameters

SOURCE = textwrap.dedent("""\
    slug: expect-after-probe
    format: core
    rule: core/chains#costs-at-activation
    title: A probe of expectations after a step
    narrative: Player A pays 2000 LP for Final Countdown; B lets it resolve.
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A: {{lp: 8000, deck: 5, hand: [{{id: countdown, card: Final Countdown}}]}}
        B: {{lp: 8000, deck: 5}}
    steps:
      - {{player: A, activate: countdown}}
      - {{player: B, pass: true}}
      - {{player: A, pass: true}}
    {after}
    expect:
      lp: {{A: 6000}}
    """)


def probe(after, formats=RULESETS, mutation=None):
    scenario = parse_scenario(SOURCE.format(after=after), "probe.yaml", formats)
    return replay(scenario, ruleset_for("core"), default_catalog(), params=parameters("core"),
                  mutation=mutation, record_states=False)


def test_an_expectation_after_a_step_is_compared_with_the_table_after_that_step():
    done = probe("expect_after: {1: {lp: {A: 6000}, chain: [countdown]}, 3: {chain: []}}")
    assert done.matches


def test_a_failed_expectation_after_a_step_names_the_step():
    done = probe("expect_after: {1: {lp: {A: 8000}}}")
    assert [d.key for d in done.differences] == ["expect_after.1.lp.A"]
    assert "after step 1" in str(done.differences[0])
    assert done.differences[0].got == 6000


def test_a_wrong_reading_shows_after_the_step_even_when_the_end_agrees():
    # Paid on resolution, the cost is not yet paid after step 1; by the end it is.
    done = probe("expect_after: {1: {lp: {A: 6000}}}", mutation="costs:paid-on-resolution")
    assert [d.key for d in done.differences] == ["expect_after.1.lp.A"]


@pytest.mark.parametrize("after, field", [
    ("expect_after: {4: {lp: {A: 6000}}}", "expect_after.4"),
    ("expect_after: {0: {lp: {A: 6000}}}", "expect_after.0"),
    ("expect_after: {'two': {lp: {A: 6000}}}", "expect_after"),
    ("expect_after: {1: {sparkle: 3}}", "expect_after.1.sparkle"),
    ("expect_after: {1: {cards: {countdown: {glow: up}}}}", "expect_after.1.cards.countdown.glow"),
    ("expect_after: {1: {lp: 3}}", "expect_after.1.lp"),
    ("expect_after: [1, 2]", "expect_after"),
])
def test_a_wrong_expect_after_is_refused_naming_its_field(after, field):
    with pytest.raises(ScenarioError) as refused:
        probe(after)
    assert refused.value.field == field
    assert refused.value.file == "probe.yaml" and refused.value.line


def test_a_step_number_written_as_text_is_that_step():
    assert probe("expect_after: {'2': {chain: [countdown]}}").matches


def test_a_replay_without_expect_after_observes_only_at_the_end(monkeypatch):
    replay_module = sys.modules["scenarios.engine.replay"]
    seen = []
    real = replay_module.observe
    monkeypatch.setattr(replay_module, "observe", lambda *a, **k: seen.append(1) or real(*a, **k))
    probe("")
    assert len(seen) == 1
    seen.clear()
    probe("expect_after: {2: {chain: [countdown]}}")
    assert len(seen) == 2
