"""Browser tests share the `browser` and `page` fixtures of tests/conftest.py, and these: the
live site with the bundled rules (and scenarios) loaded, and an editor who logs in."""
import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User

EDITOR_PASSWORD = "a-long-test-password"


@pytest.fixture
def site(live_server, transactional_db, loaded_site):
    """The live site's address, with the bundled rules and scenarios loaded (built once per
    run, written back from its snapshot for each test: tests/site_levels.py)."""
    return live_server.url


@pytest.fixture
def log_in_editor(site):
    """Log a page in as a member of the editors group, landing on `next`."""
    user = User.objects.create_user("edith", password=EDITOR_PASSWORD)
    user.groups.add(Group.objects.get_or_create(name=settings.EDITORS_GROUP)[0])

    def log_in(page, next_path):
        page.goto(f"{site}/accounts/login/?next={next_path}")
        page.get_by_label("Username").fill("edith")
        page.get_by_label("Password").fill(EDITOR_PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"**{next_path}**")
    return log_in
