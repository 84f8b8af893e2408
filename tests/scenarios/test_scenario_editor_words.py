"""The scenario editor speaks a judge's language: every mistake and every difference comes
with its line and in words, never a Python value; misspelt card words get the closest known
word; a missing field is reported as missing."""
import html as htmllib
import re

from scenarios.verification.models import Scenario
from .test_scenario_editing import SOURCE

WITH_OWN_CARD = """slug: an-example-warrior
format: core
rule: core/ending-the-game#zero-lp-immediate-loss
title: A monster of the scenario's own
narrative: >
  A Normal Summons a monster defined by this scenario.
cards:
  - {name: Example Warrior, kind: monster, subtype: normal, attribute: EARTH, race: Warrior,
     level: 4, atk: 2000, def: 1000}
setup:
  turn: {number: 3, player: A, phase: main1}
  players:
    A: {lp: 8000, hand: [{id: warrior, card: Example Warrior}]}
    B: {lp: 8000}
steps:
  - {player: A, summon: warrior}
expect:
  cards: {warrior: {zone: monsters}}
"""


def check(client, source):
    response = client.post("/scenarios/new/", {"source": source, "check": "1"})
    assert response.status_code == 200
    return htmllib.unescape(response.content.decode())


def line_of(text, needle):
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_a_wrong_winner_is_said_in_words_at_the_line_of_the_expectation(editor_client,
                                                                        bundled_rules):
    draft = SOURCE.replace("result: {winner: A, reason: lp_zero}",
                           "result: {winner: B, reason: lp_zero}")
    page = check(editor_client, draft)
    line = line_of(draft, "result: {winner: B")
    assert (f"line {line}</a>: Who wins: the scenario expects “B wins (Life Points reached "
            f"0).”; the engine says “A wins (Life Points reached 0).”.") in page
    assert "{'" not in page and "expected {" not in page and "'match'" not in page


def test_a_wrong_number_is_said_in_words_at_its_line(editor_client, bundled_rules):
    draft = SOURCE.replace("  result: {winner: A, reason: lp_zero}\n",
                           "  result: {winner: A, reason: lp_zero}\n  lp: {A: 7000}\n")
    page = check(editor_client, draft)
    line = line_of(draft, "lp: {A: 7000}")
    assert (f"line {line}</a>: A's LP: the scenario expects “A has 7000 LP.”; the engine says "
            f"“A has 8000 LP.”.") in page


def test_a_refused_step_the_draft_did_not_expect_names_the_step_and_the_reason(
        editor_client, bundled_rules):
    draft = SOURCE.replace("phase: battle}", "phase: main1}")
    page = check(editor_client, draft)
    line = line_of(draft, "attack: skull")
    found = re.search(rf"line {line}</a>: Step 1: the scenario expects “The step is allowed\.”; "
                      r"the engine says “The step is refused: ([^”]+)\.”", page)
    assert found and "_" not in found.group(1)


def test_a_missing_lp_is_reported_as_missing_with_its_line(editor_client, bundled_rules):
    draft = SOURCE.replace("B: {lp: 100, monsters", "B: {monsters")
    page = check(editor_client, draft)
    line = line_of(draft, "B: {monsters")
    assert f"line {line} (setup.players.B): lp is missing" in page
    assert "whole number" not in page


def test_a_misspelt_type_is_refused_with_the_closest_known_one(editor_client, bundled_rules):
    draft = WITH_OWN_CARD.replace("race: Warrior", "race: Warior")
    assert "Warrior" in check(editor_client, WITH_OWN_CARD) and "did you mean" not in check(
        editor_client, WITH_OWN_CARD)
    page = check(editor_client, draft)
    line = line_of(draft, "race: Warior")
    assert (f"line {line} (cards[0].race): Warior — did you mean Warrior? (not a Type the "
            f"catalog knows)") in page
    assert 'class="replay-step' not in page  # nothing is drawn on the board


def test_a_misspelt_card_name_in_the_setup_gets_the_closest_card(editor_client, bundled_rules):
    draft = SOURCE.replace("card: Gemini Elf", "card: Gemini Elv")
    page = check(editor_client, draft)
    line = line_of(draft, "Gemini Elv")
    assert (f"line {line} (setup.players.B.monsters[0].card): unknown card 'Gemini Elv' — did "
            f"you mean Gemini Elf?") in page


def test_a_draft_with_a_misspelt_type_is_not_saved(editor_client, bundled_rules):
    draft = WITH_OWN_CARD.replace("race: Warrior", "race: Warior")
    response = editor_client.post("/scenarios/new/", {"source": draft, "save": "1"})
    assert response.status_code == 200
    assert not Scenario.objects.filter(slug="an-example-warrior").exists()


def test_a_card_field_with_a_value_it_cannot_take_says_what_it_takes(editor_client,
                                                                     bundled_rules):
    draft = SOURCE.replace("card: Summoned Skull, position: attack",
                           "card: Summoned Skull, position: {up: 1}")
    page = check(editor_client, draft)
    line = line_of(draft, "position: {up: 1}")
    assert (f"line {line} (setup.players.A.monsters[0].position): position cannot be a "
            f"mapping: it is attack or defense") in page
    assert "{'" not in page


def test_a_drafts_check_shows_a_steps_expectation_under_it_as_the_page_does(editor_client,
                                                                            bundled_rules):
    draft = WITH_OWN_CARD.replace("expect:\n", "expect_after:\n  1: {lp: {A: 7000}}\nexpect:\n")
    page = check(editor_client, draft)
    step = re.search(r'id="step-1">.*?</li></ul>\s*</div>', page, re.S).group(0)
    assert "Expected after this step" in step and "✗ differs" in step
    assert "A has 7000 LP." in step and "The engine computed: A has 8000 LP." in step
    assert '<a href="#step-1">After step 1</a>' in page and "At the end" in page
