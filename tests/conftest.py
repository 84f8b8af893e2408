import os
import shutil

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User

from rulings.knowledge.articlefile import ArticleSource
from rulings.knowledge.loading import load_content
from rulings.knowledge.models import Article, Format
from rulings.knowledge.publishing import publish


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """Test on a SQLite file, not in memory: an in-memory database cannot be shared by the
    threads of the concurrent-edit tests (nor run in WAL mode), and a file behaves as the
    site does. Each session gets its own file, so simultaneous runs never collide."""
    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3" and not db.get("TEST", {}).get("NAME"):
        db.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "test.sqlite3")


@pytest.fixture(scope="session", autouse=True)
def jobs_in_the_caller():
    """Background jobs run in the caller, at once, unless a test is about the queue (it
    overrides JOBS_MODE itself): what a test asserts after a save has happened by then."""
    from django.test import override_settings

    with override_settings(JOBS_MODE="sync"):
        yield


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache: cached page renders are keyed on database ids,
    which a rolled-back test database hands out again."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def editor(db):
    user = User.objects.create_user("edna", password="a-long-test-password")
    user.groups.add(Group.objects.get(name=settings.EDITORS_GROUP))
    return user


@pytest.fixture
def reader(db):
    return User.objects.create_user("rita", password="a-long-test-password")


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client


@pytest.fixture
def reader_client(client, reader):
    client.force_login(reader)
    return client


@pytest.fixture
def make_format(db):
    def make(slug="testing", name="Testing", order=1):
        return Format.objects.get_or_create(slug=slug, defaults={"name": name, "order": order})[0]
    return make


@pytest.fixture
def make_article(make_format):
    """Publish an article through the same path an editor's save takes."""
    def make(slug, body, title=None, fmt="testing", parameters=None, terms=None, author=None):
        format_obj = make_format(fmt, fmt.title())
        article = Article.objects.filter(format=format_obj, slug=slug).first() or Article(
            format=format_obj, slug=slug, title=title or slug)
        source = ArticleSource(title=title or slug.replace("-", " ").title(), body=body,
                               parameters=parameters or {}, terms=terms or [])
        publish(article, source, author=author)
        return Article.objects.select_related("current_revision", "format").get(pk=article.pk)
    return make


@pytest.fixture
def bundled_rules(db):
    """The real bundled content, loaded the way `load_rules` loads it."""
    report = load_content(settings.RULES_CONTENT_DIR)
    assert not report.errors, [str(p) for p in report.errors]
    return report


@pytest.fixture
def content_copy(tmp_path):
    """A writable copy of the bundled content folder."""
    target = tmp_path / "content"
    shutil.copytree(settings.RULES_CONTENT_DIR, target)
    return target

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
