"""The longest replay in real Chromium: the viewer fetches a board the page left out when a judge
steps to it, and without JavaScript a plain link draws it, on a phone's width."""
import pytest
from django.contrib.auth.models import User

from scenarios.verification import editing
from tests.hostile.long_scenario import SLUG, long_scenario_source

pytestmark = pytest.mark.browser


@pytest.fixture
def long_page(site):
    """The address of the longest scenario's page, saved as an editor saves one."""
    author = User.objects.create_user("long-author")
    editing.save(long_scenario_source(), author, comment="the longest replay")
    return f"{site}/scenarios/{SLUG}/"


def visible_step(page):
    return page.locator(".replay-step:visible")


def test_stepping_past_the_drawn_boards_fetches_the_next_one(long_page, page):
    page.goto(long_page)
    drawn = page.locator(".replay-step:has(figure svg)")
    last = max(int(drawn.nth(n).get_attribute("id").split("-")[1])
               for n in range(drawn.count())
               if drawn.nth(n).get_attribute("id").startswith("step-"))
    later = page.locator(f"#step-{last + 1} .board-later")
    assert later.count() == 1, "the step after the drawn ones waits for its board"
    page.goto(f"{long_page}#step-{last}")
    page.reload()
    assert visible_step(page).get_attribute("id") == f"step-{last}"
    page.keyboard.press("ArrowRight")
    step = visible_step(page)
    assert step.get_attribute("id") == f"step-{last + 1}"
    board = step.locator("figure.board-figure svg.duel-board:visible")
    board.wait_for()
    assert step.locator("figcaption").inner_text() == f"The table after step {last + 1}"
    fetched = page.request.get(f"{long_page}boards/{last + 1}/").text()
    assert board.get_attribute("aria-label") in fetched
    # The next step's board was fetched ahead, and the hand shows a bounded number of cards.
    page.get_by_role("button", name="Next step").click()
    visible_step(page).locator("svg.duel-board:visible").wait_for()
    assert " more" in visible_step(page).locator("svg.duel-board:visible").text_content()


def test_without_javascript_a_link_draws_the_board_on_a_phone(long_page, browser):
    context = browser.new_context(java_script_enabled=False,
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(long_page)
    steps = page.locator(".replay-step")
    assert steps.count() > 400 and steps.last.is_visible()
    # A scripted step near the end (entries for what the duel did by itself have ids of
    # their own, "after-step-N").
    ids = [steps.nth(n).get_attribute("id") for n in range(steps.count() - 12, steps.count())]
    target = int([i for i in ids if i.startswith("step-")][-5].split("-")[1])
    link = page.get_by_role("link", name=f"Show the table after step {target}", exact=True)
    link.click()
    page.wait_for_url(f"**?step={target}#step-{target}")
    assert page.locator(f"#step-{target} figure svg.duel-board:visible").is_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    context.close()
