"""An editor writes a ruling as a scenario on the site, with a card of its own, in Chromium."""
import pytest


pytestmark = pytest.mark.browser
PASSWORD = "a-long-test-password"

DRAFT = """slug: a-2600-atk-beast-beats-a-2500-atk-beast
format: core
rule: core/ending-the-game#zero-lp-immediate-loss
title: A 2600-ATK Beast beats a 2500-ATK Beast
narrative: >
  A Beast with 2600 ATK attacks a Beast with 2500 ATK; B, at 100 LP, takes the 100 difference.
cards:
  - {name: Beast with 2600 ATK, kind: monster, subtype: normal, attribute: EARTH,
     race: Beast, level: 4, atk: 2600, def: 1000}
  - {name: Beast with 2500 ATK, kind: monster, subtype: normal, attribute: EARTH,
     race: Beast, level: 4, atk: 2500, def: 1000}
setup:
  turn: {number: 3, player: A, phase: battle}
  players:
    A: {lp: 8000, monsters: [{id: big, card: Beast with 2600 ATK, position: attack}]}
    B: {lp: 100, monsters: [{id: small, card: Beast with 2500 ATK, position: attack}]}
steps:
  - {player: A, atack: big, target: small}
  - {player: A, pass: true}
  - {player: B, pass: true}
expect:
  result: {winner: A, reason: lp_zero}
"""


def test_an_editor_writes_a_scenario_with_its_own_card(site, log_in_editor, page):
    log_in_editor(page, "/scenarios/new/")

    source = page.get_by_label("Scenario (YAML)")
    source.fill(DRAFT)
    page.get_by_role("button", name="Check").click()
    error = page.locator(".errorlist").first
    error.wait_for()
    assert "line 18" in error.inner_text() and "atack" in error.inner_text()

    source.fill(DRAFT.replace("atack:", "attack:"))
    page.get_by_role("button", name="Check").click()
    result = page.locator("#check-result")
    result.wait_for()
    assert "passed" in result.locator(".status").first.inner_text()
    assert "A attacks Beast with 2500 ATK with Beast with 2600 ATK." in result.text_content()

    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/scenarios/a-2600-atk-beast-beats-a-2500-atk-beast/**")
    assert page.locator("h1").inner_text() == "A 2600-ATK Beast beats a 2500-ATK Beast"

    page.goto(site + "/rules/core/coverage/")
    assert page.get_by_role("link", name="A 2600-ATK Beast beats a 2500-ATK Beast").count() >= 1
