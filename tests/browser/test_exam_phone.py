"""An exam on a 390-px phone, in real Chromium: the timer stays in view while the question is
scrolled, nothing is wider than the screen, and the results show the breakdown."""
import pytest

from scenarios.quizzes.models import Question

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_an_exam_on_a_phone_keeps_its_timer_in_view_and_ends_with_the_breakdown(site, page):
    Question.objects.filter(active=True).update(status=Question.PUBLISHED)
    page.set_viewport_size(PHONE)
    page.goto(site + "/quiz/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert "Every format (the default)" in page.locator(".blueprint-list").inner_text()
    page.get_by_label("Exam: timed, results at the end").check()
    page.get_by_label("Count").fill("3")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/quiz/*/")
    for number in range(1, 4):
        assert page.locator("h1").inner_text() == f"Question {number} of 3"
        assert page.locator(".quiz-format").inner_text().startswith("Format: ")
        assert "Time left:" in page.locator(".quiz-timer").inner_text()  # the script counts
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_function("window.scrollY > 0")
        assert in_view(page, ".quiz-timer"), page.locator(".quiz-timer").bounding_box()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide on a 390px phone"
        page.locator(".quiz-answer input[type=radio]").first.check()
        with page.expect_navigation():
            page.get_by_role("button", name="Record my answer").click()
    page.get_by_role("button", name="Submit the exam").click()
    page.wait_for_url("**/results/")
    lead = page.locator(".lead").inner_text()
    assert "of 3, passed" in lead or "of 3, not passed" in lead
    assert "time taken" in page.locator(".quiz-time").inner_text()
    breakdown = page.locator(".quiz-breakdown")
    breakdown.scroll_into_view_if_needed()
    assert breakdown.is_visible()
    rows = breakdown.locator("table").first.locator("tbody tr")
    assert rows.count() >= 1
    asked = sum(int(rows.nth(n).locator("td").nth(2).inner_text()) for n in range(rows.count()))
    assert asked == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
