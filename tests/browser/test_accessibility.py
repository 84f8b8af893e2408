"""axe-core finds no serious or critical accessibility violation on the pages people use most:
home, an article, a replay, a quiz question, quiz results and the article editor."""
import pytest

from .axe import serious_violations

pytestmark = pytest.mark.browser

@pytest.fixture
def axe_page(browser):
    """A page that lets axe's script in: the site's policy allows no script Playwright injects."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


def test_the_main_pages_have_no_serious_accessibility_violations(site, axe_page, log_in_editor):
    page = axe_page
    found = {}

    def check(name):
        problems = serious_violations(page)
        if problems:
            found[name] = problems

    page.goto(site + "/")
    check("home")
    page.goto(site + "/rules/core/chains/")
    check("an article")
    page.goto(site + "/scenarios/blast-with-chain-stays-on-the-field/")
    check("a replay")
    page.goto(site + "/quiz/")
    page.get_by_label("Practice: one question at a time, with feedback at once").check()
    page.get_by_label("Count").fill("2")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/quiz/*/")
    check("a quiz question")
    page.locator(".quiz-answer input[type=radio]").first.check()
    with page.expect_navigation():
        page.get_by_role("button", name="Check my answer").click()
    check("a quiz question's feedback")
    with page.expect_navigation():
        page.get_by_role("button", name="Finish and see my results").click()
    check("quiz results")
    log_in_editor(page, "/rules/core/chains/edit/")
    check("the article editor")
    assert not found, "\n".join(f"{name}: {problem}" for name, problems in found.items()
                                for problem in problems)


def test_the_check_reports_a_serious_violation_when_there_is_one(axe_page):
    axe_page.set_content('<!DOCTYPE html><html lang="en"><head><title>Test</title></head>'
                         '<body><main><h1>A page</h1><img src="board.png">'
                         '<p style="color:#bbb;background:#fff">Faint words</p></main></body></html>')
    problems = serious_violations(axe_page)
    assert any(p.startswith("image-alt:") for p in problems), problems
    assert any(p.startswith("color-contrast:") for p in problems), problems
