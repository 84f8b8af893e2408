"""`manage.py scenario_reference [--format SLUG] [--markdown]` prints the scenario reference for
a terminal: the same data as its pages."""
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from scenarios.engine.reference import reference
from scenarios.engine.rulesets import RULESETS


def printed(*args):
    out = StringIO()
    call_command("scenario_reference", *args, stdout=out)
    return out.getvalue()


def test_the_whole_reference_in_plain_text_wrapped_for_a_terminal(db):
    text = printed("--width", "80")
    for heading in ("Scenario reference", "Scenario files", "Expecting a refusal",
                    "The card language", "Trigger events", "Conditions", "Continuous effects",
                    "Costs", "Filters", "Flags", "Priority: who passes in what order"):
        assert f"\n{heading}" in text or text.startswith(heading), heading
    assert "  flipped: This card is flipped face-up" in text
    assert "illegal: true" in text and "`" not in text  # plain text: no markdown marks
    for slug in RULESETS:
        assert f"Format: {slug}" in text
    for line in text.splitlines():
        assert len(line) <= 80 or line.startswith("      e.g. "), line  # examples stay whole
    assert "On A's turn: A → C → B → D" in text  # teams of two take turns passing


def test_one_format_s_part_with_its_steps_refusals_and_priority(db):
    text = printed("--format", "kingdom-duels", "--width", "100")
    assert text.startswith("Scenario reference: kingdom-duels")
    assert "Format: kingdom-duels" in text and "Format: core" not in text
    kingdom = next(f for f in reference()["formats"] if f["slug"] == "kingdom-duels")
    for step in kingdom["steps"]:
        assert f"\n  {step['verb']}: Takes " in text
    assert "Kingdom Duels Boss Duel" in text and "Tag Team Phalanx" not in text
    assert "The card language" not in text


def test_markdown(db):
    text = printed("--markdown")
    assert text.startswith("# Scenario reference\n")
    assert "\n## The card language\n" in text and "\n- `flipped`: This card" in text
    assert "\n  `flags: [piercing]   (" in text  # an example, as code


def test_an_unknown_format_is_refused_by_name(db):
    with pytest.raises(CommandError) as error:
        printed("--format", "no-such-format")
    assert "unknown format 'no-such-format'" in str(error.value)
    assert "kingdom-duels" in str(error.value)
