"""A judge looks a ruling up by card, in real Chromium on a phone (390 px) and a desktop
(1280 px): typing "solem" in the card search offers Solemn Warning, its page opens one of its
replays, and a card name linked in an article shows the card's text when hovered."""
import pytest

pytestmark = pytest.mark.browser


def find_solemn_warning(page, site, width):
    page.goto(site + "/cards/")
    assert fits_the_screen(page, width), width
    page.get_by_label("Card name").press_sequentially("solem", delay=40)
    option = page.get_by_role("option", name="Solemn Warning")
    option.wait_for()
    assert fits_the_screen(page, width), width
    option.click()
    page.wait_for_url("**/cards/solemn-warning/")
    assert page.get_by_role("heading", level=1).inner_text() == "Solemn Warning"


def fits_the_screen(page, width):
    return page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_card_found_by_typing_opens_its_replays_and_linked_names_show_their_text(
        site, browser):
    for width, height in ((390, 844), (1280, 800)):
        context = browser.new_context(viewport={"width": width, "height": height},
                                      has_touch=width < 600)
        page = context.new_page()
        page.set_default_timeout(15000)
        try:
            find_solemn_warning(page, site, width)
            assert fits_the_screen(page, width), width
            legality = page.locator("table.legality")
            assert "Thought Ruler Highlander" in legality.inner_text()
            replay = page.locator(".card-rulings a.replay-link").first
            replay.click()
            page.wait_for_url("**/scenarios/**")
            assert page.locator(".replay-steps").count() == 1
            assert "Solemn Warning" in page.locator("main").inner_text()

            page.goto(site + "/rules/core/chains/")
            name = page.locator("a.card-link", has_text="Solemn Warning").first
            name.scroll_into_view_if_needed()
            name.hover()
            box = page.locator("#card-text")
            box.wait_for(state="visible")
            assert "Pay 2000 LP" in box.inner_text()
            assert fits_the_screen(page, width), width
        finally:
            context.close()
