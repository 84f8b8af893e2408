"""The scenario reference reads on a 390-px phone, in real Chromium."""
import pytest
from django.conf import settings

from rulings.loading import load_content

pytestmark = pytest.mark.browser


def test_the_reference_fits_a_phone(live_server, transactional_db, browser):
    assert not load_content(settings.RULES_CONTENT_DIR).errors
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server.url + "/scenarios/reference/")
    assert page.locator("h2", has_text="Kingdom Duels").count() == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    context.close()
