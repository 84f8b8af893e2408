"""The styled 404 page, and pages running under the Content-Security-Policy with no console
errors, in real Chromium."""
import pytest


pytestmark = pytest.mark.browser


def test_a_missing_page_is_the_styled_404(site, page):
    response = page.goto(site + "/rules/no-such-format/nothing/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page not found"
    assert page.locator("header.site-header").is_visible()
    assert page.locator("a", has_text="Search the rules").count() >= 1


@pytest.mark.parametrize("path", ["/rules/core/ending-the-game/",
                                  "/scenarios/moved-target-causes-a-replay/", "/quiz/"])
def test_pages_work_under_the_policy_without_console_errors(site, page, path):
    problems = []
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    response = page.goto(site + path)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_load_state("networkidle")
    if path.startswith("/scenarios/"):
        assert page.locator(".viewer-controls").is_visible()  # the page's script ran
    assert problems == []
