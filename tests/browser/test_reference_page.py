"""The scenario reference reads on a 390-px phone, in real Chromium."""
import pytest

pytestmark = pytest.mark.browser


def test_the_reference_fits_a_phone(live_server, transactional_db, bundled_rules, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    for address in ("/scenarios/reference/", "/scenarios/reference/kingdom-duels/",
                    "/scenarios/reference/core/"):
        page.goto(live_server.url + address)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{address} is {width}px wide on a 390px phone"
    assert page.locator("h1", has_text="Core judge rulings").count() == 1
    context.close()
