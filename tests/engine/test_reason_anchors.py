"""Reason codes carry their meaning and anchors, and the engine's source agrees with them.

The scenario reference reads each code's anchors from the Reason enum; these tests read the
engine's source (tests/engine/reason_sites.py) to check that every refusal the code can give
names a rule its Reason declares, so the enum cannot drift from what the engine does.
"""
import pytest

from scenarios.engine.errors import IllegalAction
from scenarios.engine.reference import reference
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.vocabulary import Reason

from .reason_sites import code_anchors

FORMATS = sorted(RULESETS)


def test_every_reason_has_a_one_line_meaning():
    for code in Reason:
        assert code.meaning.strip() and "\n" not in code.meaning, code


def test_a_reason_equals_its_code_so_files_and_stored_replays_keep_strings():
    assert Reason.NO_PRIORITY == "no_priority"
    assert Reason("no_priority") is Reason.NO_PRIORITY
    assert f"{Reason.NO_PRIORITY}" == "no_priority"
    assert repr(Reason.NO_PRIORITY) == "'no_priority'"  # as a message shows what it got


def test_a_refusal_with_a_code_no_reason_declares_is_an_engine_bug():
    with pytest.raises(ValueError):
        IllegalAction("no_such_reason", "made up")
    assert IllegalAction("no_priority").reason is Reason.NO_PRIORITY


@pytest.mark.parametrize("format_slug", FORMATS)
def test_every_rule_that_refuses_with_a_code_is_one_of_its_anchors(format_slug):
    ruleset = RULESETS[format_slug]
    for code, (anchors, bare) in code_anchors(ruleset).items():
        reason = Reason(code)
        missing = set(anchors) - set(reason.anchors)
        assert not missing, f"{code} is raised by {sorted(missing)}: add them to its Reason"
        assert not bare or reason.core_mechanics, \
            f"{code} is raised with no rule: mark its Reason core=True"


def test_every_declared_anchor_belongs_to_a_rule_of_some_format():
    rule_anchors = {rule.anchor for ruleset in RULESETS.values()
                    for rule in ruleset.RULES.values()}
    for code in Reason:
        assert set(code.anchors) <= rule_anchors, code


def test_each_anchor_a_reason_declares_is_raised_somewhere_with_it():
    raised = set()
    for ruleset in RULESETS.values():
        for code, (anchors, _) in code_anchors(ruleset).items():
            raised |= {(code, anchor) for anchor in anchors}
    # A Once per Duel limit is refused from a loop over (scope, rule, code) rows that the
    # source reading does not follow; it is the one declared anchor the reading cannot see.
    unseen = {(code.value, anchor) for code in Reason for anchor in code.anchors} - raised
    assert unseen == {("once_per_duel", "kingdom-duels/clarifications#hard-once-per-duel")}


def test_the_reference_lists_a_codes_anchors_from_its_reason_within_the_format():
    formats = {fmt["slug"]: fmt for fmt in reference()["formats"]}
    core = {c["code"]: c for c in formats["core"]["reason_codes"]}
    assert core["spell_speed_too_low"]["anchors"] == ["core/chains#chaining-speed"]
    assert core["spell_speed_too_low"]["meaning"] == Reason.SPELL_SPEED_TOO_LOW.meaning
    kingdom = {c["code"]: c for c in formats["kingdom-duels"]["reason_codes"]}
    assert kingdom["once_per_duel"]["anchors"] == [
        "kingdom-duels/clarifications#hard-once-per-duel"]
    assert all(isinstance(c["code"], str) and type(c["code"]) is str
               for fmt in formats.values() for c in fmt["reason_codes"])

