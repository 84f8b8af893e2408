"""In Chromium, with jobs in a thread of the server (no Redis): pressing Save on a breaking
edit whose impact is not known yet shows the check, and the page's script submits the form
again by itself once the check is done, which then asks for the confirmation."""
import pytest
from django.test import override_settings

from rulings.knowledge.models import Article

pytestmark = pytest.mark.browser
EDIT = "/rules/thought-ruler-highlander/nightfall/edit/"


def test_a_save_waiting_for_the_impact_is_sent_again_when_the_check_is_done(
        site, log_in_editor, page):
    with override_settings(JOBS_MODE="thread"):
        log_in_editor(page, EDIT)
        before = Article.objects.get(format__slug="thought-ruler-highlander",
                                     slug="nightfall").current_revision.number
        posts = []
        page.on("request", lambda request: posts.append(request.url)
                if request.method == "POST" and request.url.endswith(EDIT) else None)
        parameters = page.get_by_label("Parameters")
        parameters.fill(parameters.input_value().replace("nightfall_cost: 500",
                                                         "nightfall_cost: 1000"))
        page.get_by_role("button", name="Save").click()
        note = page.locator(".confirm-failures-note", has_text="this edit makes")
        note.wait_for(timeout=60000)
        assert "Not saved yet: this edit makes" in note.inner_text()
        assert len(posts) == 2  # the editor's Save, then the script's once the check was done
        assert Article.objects.get(format__slug="thought-ruler-highlander",
                                   slug="nightfall").current_revision.number == before
