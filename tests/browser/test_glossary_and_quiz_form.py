"""In real Chromium: the glossary's filter hides the terms that do not match as you type, and
the quiz start form fits a 390-px phone without sideways scrolling."""
import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def rules_site(live_server, transactional_db, bundled_rules):
    return live_server.url


def test_the_glossary_filter_hides_terms_that_do_not_match(rules_site, page):
    page.goto(rules_site + "/glossary/")
    entries = page.locator(".glossary-entry")
    total = entries.count()
    assert total > 50
    page.get_by_label("Filter the terms").press_sequentially("summon limit")
    visible = page.locator(".glossary-entry:visible")
    assert 0 < visible.count() < total
    assert "Summon Limit" in visible.first.inner_text()
    for n in range(visible.count()):
        assert "summon limit" in visible.nth(n).inner_text().lower()
    assert not page.locator("section#deck-masters").is_visible()  # no matching term there
    assert "of %d terms match" % total in page.locator("#glossary-count").inner_text()
    page.get_by_label("Filter the terms").fill("")
    page.get_by_label("Filter the terms").dispatch_event("input")
    assert page.locator(".glossary-entry:visible").count() == total


def test_the_glossary_filter_says_when_nothing_matches(rules_site, page):
    page.goto(rules_site + "/glossary/")
    page.get_by_label("Filter the terms").press_sequentially("zzzz")
    assert page.locator(".glossary-entry:visible").count() == 0
    assert "No term matches" in page.locator("#glossary-count").inner_text()


def test_the_quiz_start_form_fits_a_phone(rules_site, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(rules_site + "/quiz/")
    assert page.locator("form.quiz-choice").is_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the quiz form is {width}px wide on a 390px phone"
    assert page.get_by_text("easy when 80% or more answer it right").is_visible()
    context.close()
