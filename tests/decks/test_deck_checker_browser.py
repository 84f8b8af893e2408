"""A judge checks a deck in a real headless Chromium and follows the problem to its rule."""
import pytest
from django.conf import settings

from rulings.knowledge.loading import load_content

from .conftest import SAMPLE_FILE, make_fillers, run_import
from .decklists import FILLER_MAIN, legal_highlander, legal_main, swap

pytestmark = pytest.mark.browser


@pytest.fixture
def site(live_server, transactional_db):
    report = load_content(settings.RULES_CONTENT_DIR)
    assert not report.errors
    run_import(SAMPLE_FILE)
    make_fillers()
    return live_server.url


def test_a_forbidden_card_is_reported_and_linked_to_the_forbidden_list(site, page):
    page.goto(site + "/")
    page.get_by_role("link", name="Deck checker").click()
    page.wait_for_url("**/decks/check/")

    page.get_by_label("Format").select_option("thought-ruler-highlander")
    page.get_by_label("Decklist").fill(
        legal_highlander(main=swap(legal_main(), FILLER_MAIN[0], "Pot of Greed")))
    page.get_by_role("button", name="Check deck").click()

    verdict = page.locator(".deck-report h2")
    verdict.wait_for()
    assert verdict.inner_text() == "Not legal"
    problem = page.locator("tr.problem-forbidden-spell")
    assert "“Pot of Greed”" in problem.inner_text()

    problem.get_by_role("link").click()
    page.wait_for_url("**/rules/thought-ruler-highlander/forbidden-list/#forbidden-spells-list")
    assert page.locator("article.rules h1").inner_text() == "Forbidden list"
    assert page.locator("#forbidden-spells-list").is_visible()
