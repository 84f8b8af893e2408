"""A judge steps through a replay with the keyboard and takes quizzes, in real Chromium."""
import pytest

from scenarios.quizzes.models import Attempt

pytestmark = pytest.mark.browser


def visible_step(page):
    return page.locator(".replay-step:visible")


def test_stepping_through_a_replay_with_the_keyboard(site, page):
    page.goto(site + "/scenarios/moved-target-causes-a-replay/")
    assert page.locator(".viewer-controls").is_visible()
    assert visible_step(page).count() == 1
    assert visible_step(page).get_attribute("id") == "step-0"
    assert visible_step(page).locator("svg.duel-board:visible").count() == 1
    page.keyboard.press("ArrowRight")
    assert visible_step(page).get_attribute("id") == "step-1"
    assert "A attacks Kingdom Soldier with Kingdom Wolf." in visible_step(page).inner_text()
    assert page.locator(".viewer-position").inner_text().startswith("Step 1 (2 of")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert visible_step(page).get_attribute("id") == "step-3"
    page.keyboard.press("ArrowLeft")
    assert visible_step(page).get_attribute("id") == "step-2"
    assert page.url.endswith("#step-2")
    page.get_by_role("button", name="Previous step").click()
    assert visible_step(page).get_attribute("id") == "step-1"
    decided = visible_step(page).locator(".decided-by a")
    if decided.count():
        assert decided.first.get_attribute("href").startswith("/rules/")
    # The comparison's "After step N" links show that step, with what it expects under it.
    page.goto(site + "/scenarios/rule-3-teams-of-three-take-turns-in-rotation/")
    page.locator(".viewer-position").wait_for()
    page.locator("table.comparison").get_by_role("link", name="After step 3").click()
    page.locator("#step-3").wait_for(state="visible")  # the viewer answers the hash change
    assert visible_step(page).get_attribute("id") == "step-3"
    assert "It is E's turn." in visible_step(page).locator(".expected-after").inner_text()


def test_the_replay_is_a_plain_list_without_javascript(site, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(site + "/scenarios/moved-target-causes-a-replay/")
    steps = page.locator(".replay-step")
    assert steps.count() >= 4 and all(steps.nth(n).is_visible() for n in range(steps.count()))
    assert not page.locator(".viewer-controls").is_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    # A step the scenario states expectations after shows them under its sentence.
    page.goto(site + "/scenarios/rule-3-teams-of-three-take-turns-in-rotation/")
    step = page.locator("#step-5")
    block = step.locator(".expected-after")
    assert block.is_visible()
    assert "Expected after this step" in block.inner_text()
    assert "It is F's turn." in block.inner_text() and "It is turn 12." in block.inner_text()
    sentence, box = step.locator(".step-sentence").bounding_box(), block.bounding_box()
    assert box["y"] >= sentence["y"] + sentence["height"] - 1, "the block sits under the sentence"
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    context.close()


def test_a_five_question_practice_quiz_with_feedback(site, page):
    page.goto(site + "/quiz/")
    page.get_by_label("Practice: one question at a time, with feedback at once").check()
    page.get_by_label("Count").fill("5")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/quiz/*/")
    for number in range(1, 6):
        assert page.locator("h1").inner_text() == f"Question {number} of 5"
        assert page.locator(".quiz-prompt").first.is_visible()
        assert page.locator("#feedback").count() == 0
        page.locator(".quiz-answer input[type=radio]").first.check()
        with page.expect_navigation():
            page.get_by_role("button", name="Check my answer").click()
        feedback = page.locator("#feedback")
        feedback.wait_for()
        assert feedback.locator("h3").inner_text() in ("Right.", "Not quite.")
        assert feedback.locator(".option-right").count() == 1
        if number < 5:
            with page.expect_navigation():
                page.get_by_role("link", name="Next", exact=True).click()
    with page.expect_navigation():
        page.get_by_role("button", name="Finish and see my results").click()
    assert page.url.split("#")[0].endswith("/results/")
    assert " of 5 right" in page.locator("h1").inner_text()


def test_an_exam_taken_to_the_results_page(site, page):
    page.goto(site + "/quiz/")
    page.get_by_label("Exam: timed, results at the end").check()
    page.get_by_label("Count").fill("3")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/quiz/*/")
    assert page.locator(".quiz-timer").is_visible()
    for number in range(1, 4):
        assert page.locator("h1").inner_text() == f"Question {number} of 3"
        page.locator(".quiz-answer input[type=radio]").last.check()
        with page.expect_navigation():
            page.get_by_role("button", name="Record my answer").click()
        assert page.locator("#feedback").count() == 0
    page.get_by_role("button", name="Submit the exam").click()
    page.wait_for_url("**/results/")
    assert " of 3 right" in page.locator("h1").inner_text()
    assert page.locator(".quiz-review-list > li").count() == 3
    # A question asked as stored keeps its key confidential (each answer is marked right or
    # not); a variant, made for this exam alone, shows its right option.
    attempt = Attempt.objects.get()
    variants = attempt.entries.exclude(variant=None).count()
    assert page.locator(".quiz-review-list .option-right").count() == variants
    assert page.locator(".quiz-review-list .option-chosen").count() == 3
    assert "confidential" in page.locator(".exam-confidential").inner_text()
    assert attempt.finished_at is not None and attempt.mode == "exam"
