"""An editor previews a rule change in Chromium, sees what it breaks, and cancels."""
import pytest

from rulings.knowledge.models import Article, Revision
from scenarios.verification.models import Scenario

pytestmark = pytest.mark.browser
PASSWORD = "a-long-test-password"


def test_editor_previews_the_nightfall_cost_change_sees_the_failures_and_cancels(
        site, log_in_editor, page):
    revisions = Revision.objects.count()
    statuses = dict(Scenario.objects.values_list("slug", "status"))
    log_in_editor(page, "/rules/thought-ruler-highlander/nightfall/edit/")

    parameters = page.get_by_label("Parameters")
    text = parameters.input_value()
    assert "nightfall_cost: 500" in text
    parameters.fill(text.replace("nightfall_cost: 500", "nightfall_cost: 1000"))
    page.get_by_role("button", name="Preview").click()

    impact = page.locator("#impact")
    impact.wait_for()
    assert "would fail" in impact.locator(".impact-summary").inner_text()
    rows = impact.locator("tr.impact-failing-row")
    assert rows.count() >= 1
    first = rows.first.inner_text()
    assert "'s LP" in first and "lp." not in first
    assert page.get_by_label("Parameters").input_value().count("nightfall_cost: 1000") == 1

    page.get_by_role("link", name="Cancel").click()
    page.wait_for_url("**/rules/thought-ruler-highlander/nightfall/")
    assert "500" in page.locator(".article-body").inner_text()
    assert Revision.objects.count() == revisions
    assert dict(Scenario.objects.values_list("slug", "status")) == statuses
    nightfall = Article.objects.get(format__slug="thought-ruler-highlander", slug="nightfall")
    assert nightfall.current_revision.parameters["nightfall_cost"] == 500
