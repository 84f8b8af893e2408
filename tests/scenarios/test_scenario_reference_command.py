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


def test_the_reference_documents_card_fields_references_amounts_and_kingdom_terms(db):
    text = printed("--width", "100")
    for heading in ("A card entry's own fields", "Cards named by their role", "Amounts",
                    "Kingdom Duels card terms", "Codes that overlap"):
        assert f"\n{heading}\n" in text, heading
    for term in ("  materials: ", "  procedure: ", "  summon_condition: ", "  summon_with: ",
                 "  that_monster: ", "  equipped: ", "  attacker: ", "  side: ",
                 "  summon_with: ritual_spell (required): ", "  rule: terrains (required): "):
        assert f"\n{term}" in text, term
    assert "and while: of a continuous" in text  # conditions are read in a stat change too


def test_overlapping_codes_say_when_each_applies_and_follow_the_format(db):
    whole = printed("--width", "100")
    assert "\n  deck_master_tribute: The player's own Deck Master" in whole
    assert "\n  back_line_cannot_attack: " in whole
    masters = printed("--format", "deck-masters", "--width", "100")
    assert "Codes that overlap" in masters and "  opponents_deck_master: " in masters
    assert "back_line_cannot_attack: The attacker" not in masters  # not a Deck Masters code


def test_tag_team_phalanx_teams_of_three_have_their_priority_order(db):
    text = printed("--format", "tag-team-phalanx", "--width", "100")
    assert "Tag Team Phalanx: two teams of three" in text
    assert "On A's turn: A → D → B → E → C → F" in text
