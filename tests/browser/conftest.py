import os
import shutil

import pytest

# Playwright's sync API runs an event loop in this thread; the live server's
# database work happens in its own thread, so Django's async guard is moot here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def chromium_path():
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which(
        "chromium-browser")
    if not path:
        pytest.fail("Debian's chromium is needed for browser tests: run .ci/install-chromium")
    return path


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()
