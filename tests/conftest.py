import os
import shutil

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.test import override_settings

from rulings.knowledge.articlefile import ArticleSource
from rulings.knowledge.loading import load_content
from rulings.knowledge.models import Article, Format
from rulings.knowledge.publishing import publish
from tests import site_levels


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


def load_bundled_rules():
    """The real bundled content, loaded the way `load_rules` loads it."""
    report = load_content(settings.RULES_CONTENT_DIR)
    assert not report.errors, [str(p) for p in report.errors]
    return report


def load_bundled_scenarios():
    """The bundled scenarios on top of the rules, as `load_scenarios` leaves them: verified,
    with the question bank built from them."""
    call_command("load_scenarios", verbosity=0)


SITE_LEVELS = site_levels.SiteLevels({site_levels.RULES: load_bundled_rules,
                                      site_levels.SITE: load_bundled_scenarios})


def pytest_itemcollected(item):
    """The fast tier (`-m fast`): every test that needs no database, no browser and is not
    marked `slow`."""
    if site_levels.database_use(item) is None and not any(
            item.get_closest_marker(name) for name in ("slow", "browser")):
        item.add_marker(pytest.mark.fast)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """After pytest-django's own ordering: the shared site's levels rise once in a run."""
    items.sort(key=site_levels.run_order)


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing():
    """Tests create and log in users by the hundred: a fast hasher keeps that cheap (the site's
    own setting, PBKDF2, is what production uses and is left alone)."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, django_db_keepdb):
    """The test database as the migrations left it, remembered so that the shared site can go
    back to it; and left that way at the end when the database is kept (`--reuse-db`)."""
    with django_db_blocker.unblock():
        SITE_LEVELS.record_baseline()
    yield
    if django_db_keepdb:
        with django_db_blocker.unblock():
            SITE_LEVELS.commit(site_levels.EMPTY)


@pytest.fixture(scope="session")
def _bundled_rules_committed(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        SITE_LEVELS.commit(site_levels.RULES)


@pytest.fixture(scope="session")
def _loaded_site_committed(_bundled_rules_committed, django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        SITE_LEVELS.commit(site_levels.SITE)


@pytest.fixture(autouse=True)
def _site_level(request):
    """Every database test finds the level it asks for (see tests/site_levels.py), inside its
    own transaction; a test without a database is left alone."""
    use = site_levels.database_use(request.node)
    if use is None:
        yield
        return
    request.getfixturevalue("transactional_db" if use == "transactional" else "db")
    SITE_LEVELS.provide(site_levels.wanted_level(request.fixturenames),
                        transactional=use == "transactional")
    yield
    if use == "transactional":
        SITE_LEVELS.flushed()


@pytest.fixture
def bundled_rules(_bundled_rules_committed, db):
    """The real bundled content, loaded the way `load_rules` loads it (once per session: the
    test runs inside a transaction on top of it). Gives the load's report."""
    return SITE_LEVELS.value(site_levels.RULES)


@pytest.fixture
def loaded_site(_loaded_site_committed, db):
    """The bundled rules and scenarios in the database, as the README's run command leaves
    them: scenarios verified, the question bank built (once per session, like
    `bundled_rules`). Gives the rules' load report."""
    return SITE_LEVELS.value(site_levels.SITE)


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
