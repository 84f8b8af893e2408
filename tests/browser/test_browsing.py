"""A judge's first visit, in a real headless Chromium against the live site."""
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def site(live_server, transactional_db, bundled_rules):
    """The live site with the bundled rules (no scenarios)."""
    return live_server.url


def path_of(url):
    parsed = urlparse(url)
    return parsed.path + (f"#{parsed.fragment}" if parsed.fragment else "")


def test_open_home_follow_a_cross_link_and_search_for_the_summon_limit(site, page):
    page.goto(site + "/")
    assert page.locator("h1").inner_text() == "Rule sets"
    page.get_by_role("link", name="Thought Ruler Highlander", exact=True).click()
    page.wait_for_url("**/rules/thought-ruler-highlander/")
    page.locator("ol.contents > li > a", has_text="Summoning the Deck Master").click()
    page.wait_for_url("**/rules/thought-ruler-highlander/summoning-the-deck-master/")

    cross_link = page.locator(".article-body a.xref").first
    target = cross_link.get_attribute("href")
    cross_link.click()
    page.wait_for_url(lambda url: path_of(url) == target)
    assert page.locator("article.rules h1").is_visible()

    page.get_by_label("Search the rules").first.fill("summon limit")
    page.get_by_label("Search the rules").first.press("Enter")
    page.wait_for_url("**/search/?q=summon+limit*")
    page.locator("a.hit-title").first.click()
    page.wait_for_url("**/rules/thought-ruler-highlander/summon-limit/**")
    assert urlparse(page.url).path == "/rules/thought-ruler-highlander/summon-limit/"
    assert "Summon Limit" in page.locator("article.rules h1").inner_text()


def test_glossary_term_carries_its_definition_as_a_tooltip(site, page):
    page.goto(site + "/rules/thought-ruler-highlander/nightfall/")
    term = page.locator(".article-body a.term").first
    assert ":" in term.get_attribute("title")
    assert term.get_attribute("href").startswith("/rules/")
