"""Curation in real Chromium, on a 390-px phone: a taker reports a problem with a question, and
an editor finds a draft in the bank, reads why it was not published, and publishes it."""
import pytest

from scenarios.quizzes.models import Question, QuestionReport

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def fits_the_phone(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a 390px phone"


def test_a_taker_reports_a_problem_with_a_question(site, page):
    Question.objects.filter(active=True).update(status=Question.PUBLISHED)
    page.set_viewport_size(PHONE)
    page.goto(site + "/quiz/")
    page.get_by_label("Practice: one question at a time, with feedback at once").check()
    page.get_by_label("Count").fill("1")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/quiz/*/")
    page.get_by_text("Report a problem with this question", exact=True).click()
    page.get_by_label("What is wrong with it?").fill("The stem never says whose turn it is.")
    fits_the_phone(page)
    with page.expect_navigation():
        page.get_by_role("button", name="Send the report").click()
    assert "your report is with the editors" in page.locator(".messages").inner_text()
    assert "You reported a problem with this question" in page.locator(
        ".question-report").inner_text()
    assert page.locator("#feedback").count() == 0  # reporting showed nothing of the answer
    fits_the_phone(page)
    made = QuestionReport.objects.get()
    assert made.text == "The stem never says whose turn it is." and made.handled_at is None


def test_an_editor_publishes_a_draft(site, log_in_editor, page):
    question = Question.objects.filter(active=True).order_by("pk").first()
    Question.objects.filter(pk=question.pk).update(
        status=Question.DRAFT, draft_reason="Only one wrong reading changes the answer.")
    page.set_viewport_size(PHONE)
    log_in_editor(page, "/quiz/")
    page.get_by_text("Editor tools").click()  # the editors' menu opens
    page.get_by_role("link", name="Question bank").click()
    page.get_by_label("Status").select_option("draft")
    with page.expect_navigation():
        page.get_by_role("button", name="Show").click()
    listed = page.locator("table.bank").inner_text()
    assert "Not published because: Only one wrong reading" in listed
    fits_the_phone(page)
    with page.expect_navigation():
        page.locator(f'a[href="/quiz/questions/{question.pk}/"]').click()
    assert "Not published because: Only one wrong reading changes the answer." in page.locator(
        ".lead").inner_text()
    fits_the_phone(page)
    with page.expect_navigation():
        page.get_by_role("button", name="Publish").click()
    assert "Published: takers are asked it from now on." in page.locator(".messages").inner_text()
    assert "edith: published" in page.locator(".question-history").inner_text()
    assert Question.objects.get(pk=question.pk).status == Question.PUBLISHED
