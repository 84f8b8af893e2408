"""Boards a judge reads at a glance, in real Chromium: a two-player board fits a 1280×800 screen
beside its step, a team board fits two screens, and a card's text shows next to the card when
it is tapped, hovered or reached with the keyboard, large enough to read on a phone."""
import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def screen(browser):
    contexts = []

    def open_at(width, height, **options):
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        return page
    yield open_at
    for context in contexts:
        context.close()


def shown_board(page):
    board = page.locator(".replay-step:visible svg.duel-board:visible")
    board.wait_for()
    assert board.count() == 1
    return board


def test_a_two_player_board_fits_the_screen_beside_its_step(site, screen):
    page = screen(1280, 800)
    page.goto(site + "/scenarios/deck-master-destroyed-by-battle/#step-2")
    step = page.locator(".replay-step:visible")
    step.scroll_into_view_if_needed()
    page.evaluate("document.querySelector('.replay-step:not([hidden])').scrollIntoView()")
    board = shown_board(page).bounding_box()
    words = step.locator(".step-sentence").bounding_box()
    assert board["width"] <= 1280 and board["height"] <= 800
    assert board["y"] >= 0 and board["y"] + board["height"] <= 800, board
    assert words["x"] + words["width"] <= board["x"], "the step's words sit beside the board"
    assert words["y"] < board["y"] + board["height"]


def test_a_team_board_fits_two_screens(site, screen):
    page = screen(1280, 800)
    page.goto(site + "/scenarios/rule-10-front-line-falls/#after-step-5")
    board = shown_board(page).bounding_box()
    assert board["height"] <= 2 * 800 and board["width"] <= 1280
    assert "damage is calculated" in page.locator(".replay-step:visible").inner_text()


def test_the_last_board_shows_the_result_the_verdict_states(site, screen):
    page = screen(1280, 800)
    page.goto(site + "/scenarios/deck-master-destroyed-by-battle/")
    page.locator(".viewer-position").wait_for()
    for _ in range(10):
        page.keyboard.press("ArrowRight")
    step = page.locator(".replay-step:visible")
    assert step.locator("h3").inner_text().startswith("After step")
    assert "Duel over: Player B wins" in shown_board(page).text_content()
    assert "LP 6500" in shown_board(page).text_content()


def test_a_phone_shows_the_narrow_board_and_the_tapped_cards_text_beside_it(site, screen):
    page = screen(390, 844, has_touch=True, is_mobile=True)
    page.goto(site + "/scenarios/deck-master-destroyed-by-battle/#step-1")
    board = shown_board(page)
    assert "board-narrow" in board.get_attribute("class")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    card = board.locator("[data-card]").first
    card.scroll_into_view_if_needed()
    card.tap()
    text = page.locator(".card-text")
    text.wait_for()
    assert text.is_visible()
    box, spot = text.bounding_box(), card.bounding_box()
    near = max(spot["y"] - (box["y"] + box["height"]), box["y"] - (spot["y"] + spot["height"]),
               spot["x"] - (box["x"] + box["width"]), box["x"] - (spot["x"] + spot["width"]))
    assert near <= 16, f"the text is {near}px away from the card"
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    size = float(text.evaluate("e => getComputedStyle(e).fontSize").rstrip("px"))
    assert size >= 14
    title = card.locator("title").text_content()
    assert title.split("\n")[0] in text.inner_text()
    assert "not modelled" not in text.inner_text()
    page.keyboard.press("Escape")
    assert not text.is_visible()


def test_a_card_reached_with_the_keyboard_shows_its_text(site, screen):
    page = screen(1280, 800)
    page.goto(site + "/scenarios/deck-master-destroyed-by-battle/#step-1")
    card = shown_board(page).locator("[data-card]").first
    card.focus()
    text = page.locator(".card-text")
    text.wait_for()
    assert card.get_attribute("aria-describedby") == "card-text"
    box, spot = text.bounding_box(), card.bounding_box()
    assert abs(box["y"] - spot["y"]) < spot["height"] + 20
