"""In Chromium, on a desktop and on a phone: after previewing an edit that breaks scenarios
the summary and the Save button are both in view, and saving it asks for a confirmation
before anything is saved."""
import pytest

from rulings.knowledge.models import Article

pytestmark = pytest.mark.browser
EDIT = "/rules/thought-ruler-highlander/nightfall/edit/"
SIZES = [pytest.param({"width": 1280, "height": 800}, id="desktop"),
         pytest.param({"width": 390, "height": 844}, id="phone")]


@pytest.fixture
def sized_page(browser, request):
    context = browser.new_context(viewport=request.param)
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


def in_view(page, locator):
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]


def preview_breaking_edit(page):
    parameters = page.get_by_label("Parameters")
    parameters.fill(parameters.input_value().replace("nightfall_cost: 500",
                                                     "nightfall_cost: 1000"))
    page.get_by_role("button", name="Preview").click()
    page.locator("#impact .impact-summary").wait_for()


def nightfall_revision():
    return Article.objects.get(format__slug="thought-ruler-highlander",
                               slug="nightfall").current_revision


@pytest.mark.parametrize("sized_page", SIZES, indirect=True)
def test_the_summary_and_the_save_button_are_in_view_after_a_breaking_preview(
        site, log_in_editor, sized_page):
    page = sized_page
    log_in_editor(page, EDIT)
    preview_breaking_edit(page)
    summary = page.locator("#impact .impact-summary")
    assert "would fail" in summary.inner_text()
    assert in_view(page, summary)
    assert in_view(page, page.get_by_role("button", name="Save"))
    page.mouse.wheel(0, 3000)  # scrolled down through the table: Save stays in view
    page.wait_for_timeout(200)
    assert in_view(page, page.get_by_role("button", name="Save"))
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("sized_page", SIZES, indirect=True)
def test_saving_a_breaking_edit_asks_for_confirmation(site, log_in_editor, sized_page):
    page = sized_page
    log_in_editor(page, EDIT)
    before = nightfall_revision().number
    preview_breaking_edit(page)
    page.get_by_role("button", name="Save").click()
    note = page.locator(".confirm-failures-note")
    note.wait_for()
    assert "Not saved yet" in note.inner_text()
    assert nightfall_revision().number == before
    box = page.get_by_label("scenarios will fail", exact=False)
    assert in_view(page, box) and in_view(page, page.get_by_role("button", name="Save"))
    box.check()
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/rules/thought-ruler-highlander/nightfall/")
    message = page.locator(".messages li").inner_text()
    assert "scenarios now fail" in message and "quiz questions were withdrawn" in message
    assert nightfall_revision().number == before + 1
    page.get_by_role("link", name="see the verification run and the failing scenarios").click()
    page.wait_for_url("**/verification/*/")
