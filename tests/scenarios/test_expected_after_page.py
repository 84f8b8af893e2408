"""A scenario's page shows, under each step its `expect_after` names, what the judge expected
right after that step and whether the engine agreed; the comparison at the top groups the same
checks by step and links to them."""
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scenarios.verification.models import Scenario

from ..judge_words import problems

ROTATION = "rule-3-teams-of-three-take-turns-in-rotation"


def step_item(html, number):
    """The list item of scripted step `number` on a scenario page."""
    found = re.search(rf'<li class="replay-step[^"]*" id="step-{number}".*?'
                      rf'(?=<li class="replay-step|</ol>)', html, re.S)
    assert found, f"step {number} is not on the page"
    return found.group(0)


def block_of(item):
    found = re.search(r'<div class="expected-after">.*?</div>', item, re.S)
    return found.group(0) if found else None


def words(html):
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def copy_with(slug, old, new):
    """A copy of a bundled scenario whose source says `new` where it said `old`."""
    scenario = Scenario.objects.get(slug=slug)
    assert old in scenario.source
    scenario.pk, scenario.slug = None, f"{slug}-copy"
    scenario.source = scenario.source.replace(old, new)
    scenario.save()
    cache.clear()
    return scenario


def test_a_step_with_expectations_shows_them_in_words_under_its_sentence(client, loaded):
    html = client.get(f"/scenarios/{ROTATION}/").content.decode()
    third = step_item(html, 3)
    block = block_of(third)
    assert block, "step 3 has an expectation and no block"
    assert third.index("step-sentence") < third.index("expected-after")
    assert "Expected after this step" in block and "It is E's turn." in words(block)
    assert "as expected" in block and "differs" not in block
    assert "turn_player" not in block and "(s)" not in words(block)
    fifth = words(block_of(step_item(html, 5)))
    assert "It is F's turn." in fifth and "It is turn 12." in fifth
    assert block_of(step_item(html, 4)) is None and block_of(step_item(html, 6)) is None
    assert problems(html) == []


def test_a_step_whose_expectation_fails_says_so_and_what_the_engine_computed(client, loaded):
    copy = copy_with(ROTATION, "3: {turn_player: E}", "3: {turn_player: F}")
    html = client.get(f"/scenarios/{copy.slug}/").content.decode()
    block = block_of(step_item(html, 3))
    assert 'class="differs"' in block and "✗ differs" in block
    assert "It is F's turn. The engine computed: It is E's turn." in words(block)
    assert "as expected" not in block
    assert "as expected" in block_of(step_item(html, 2))
    assert problems(html) == []


def test_the_comparison_groups_the_checks_by_step_and_links_to_each(client, loaded):
    html = client.get(f"/scenarios/{ROTATION}/").content.decode()
    table = re.search(r'<table class="data comparison">.*?</table>', html, re.S).group(0)
    assert '<a href="#step-3">After step 3</a>' in table
    assert "At the end" in table
    assert "After step 3:" not in table, "each row no longer repeats its step"
    moments = re.findall(r'class="comparison-moment"><th[^>]*>(.*?)</th>', table)
    assert [words(m) for m in moments] == ["After step 1", "After step 2", "After step 3",
                                           "After step 5", "At the end"]


def test_a_step_the_replay_never_reached_is_not_linked(client, loaded):
    copy = copy_with(ROTATION, "1: {turn_player: D}", "1: {turn_player: B}")
    html = client.get(f"/scenarios/{copy.slug}/").content.decode()
    table = re.search(r'<table class="data comparison">.*?</table>', html, re.S).group(0)
    assert '<a href="#step-1">' in table and '<a href="#step-3">' not in table
    assert "The replay stopped after step 1." in table
    assert 'id="step-3"' not in html


def test_a_scenario_without_step_expectations_keeps_one_plain_table(client, loaded):
    html = client.get("/scenarios/poison-vs-ceasefire/").content.decode()
    assert "comparison-moment" not in html and "expected-after" not in html


def queries_for(client, url):
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("other", ["poison-vs-ceasefire", "rule-10-front-line-falls"])
def test_step_expectations_cost_the_page_no_query(client, loaded, other):
    assert queries_for(client, f"/scenarios/{ROTATION}/") == queries_for(
        client, f"/scenarios/{other}/")
