"""Running the README's run command again (as a judge does after an upgrade) never loses
what was written on the site: an article edited there, a scenario edited there and a
scenario written there all survive, and the load says in one line what it kept.

Found by the attack: `load_scenarios` deleted scenarios written on the site, with all their
revisions, and both loaders silently reverted edits made on the site ("updated core/chains
(revision 3)").
"""
import io
import re
import shlex

import pytest
from django.conf import settings
from django.core.management import call_command

from rulings.knowledge.models import Article, Revision
from scenarios.verification.models import Scenario, ScenarioRevision

pytestmark = pytest.mark.django_db


def readme_loads():
    """The manage.py commands of the README's run command that load content, in order."""
    readme = (settings.BASE_DIR / "README.md").read_text(encoding="utf-8")
    command = re.search(r"## Run it.*?```sh\n(.*?)\n```", readme, re.S).group(1)
    steps = [shlex.split(part) for part in command.split("&&")]
    loads = [step[2:] for step in steps if step[1:2] == ["manage.py"]
             and step[2] not in ("migrate", "runserver")]
    assert [step[0] for step in loads] == ["load_rules", "load_scenarios"]
    return loads


def run_the_loads(*extra):
    out = io.StringIO()
    for step in readme_loads():
        call_command(*step, *extra, stdout=out, stderr=io.StringIO())
    return out.getvalue()


NEW_SCENARIO = """slug: written-on-the-site
format: core
rule: core/chains#building-a-chain
title: Written on the site
narrative: An editor wrote this scenario on the site; no file holds it.
setup:
  turn: {number: 1, player: A, phase: main1}
  players:
    A: {lp: 8000}
    B: {lp: 8000}
steps:
  - {player: A, pass: true}
expect:
  lp: {A: 8000}
"""


def edit_article(client, format_slug, slug, new_summary):
    article = Article.objects.select_related("current_revision").get(
        format__slug=format_slug, slug=slug)
    revision = article.current_revision
    response = client.patch(f"/api/articles/{format_slug}/{slug}/",
                            {"summary": new_summary, "base_revision": revision.number},
                            content_type="application/json")
    assert response.status_code == 200, response.content


def edit_scenario(client, slug, old, new):
    scenario = Scenario.objects.get(slug=slug)
    number = scenario.revisions.first().number
    response = client.post(f"/scenarios/{slug}/edit/", {
        "source": scenario.source.replace(old, new, 1), "base_revision": str(number),
        "save": "1"})
    assert response.status_code == 302, response.content.decode()[-2000:]


@pytest.fixture
def site_work(editor_client):
    """The first run of the loads, then an editor's work on the site."""
    run_the_loads()
    edit_article(editor_client, "core", "chains", "Edited on the site: chains, in short.")
    bundled = Scenario.objects.filter(format_slug="core").order_by("slug").first()
    edit_scenario(editor_client, bundled.slug, "title: ", "title: Site edit - ")
    response = editor_client.post("/scenarios/new/", {"source": NEW_SCENARIO, "save": "1"})
    assert response.status_code == 302
    return bundled.slug


def test_running_the_loads_again_keeps_every_site_edit_and_says_so(site_work):
    output = run_the_loads()
    chains = Article.objects.select_related("current_revision").get(
        format__slug="core", slug="chains")
    assert chains.current_revision.summary == "Edited on the site: chains, in short."
    assert chains.current_revision.origin == Revision.SITE
    assert "kept     core/chains: kept revision" in output and "--force" in output
    edited = Scenario.objects.get(slug=site_work)
    assert edited.title.startswith("Site edit - ")
    assert f"kept     {site_work}: kept revision" in output
    written = Scenario.objects.get(slug="written-on-the-site")
    assert written.revisions.count() == 1 and written.status == "passed"


def test_a_third_run_changes_nothing_more(site_work):
    run_the_loads()
    counts = (Revision.objects.count(), ScenarioRevision.objects.count(),
              Scenario.objects.count())
    run_the_loads()
    assert (Revision.objects.count(), ScenarioRevision.objects.count(),
            Scenario.objects.count()) == counts


def test_force_loads_the_files_over_site_edits_and_keeps_them_in_the_history(site_work):
    output = run_the_loads("--force")
    chains = Article.objects.select_related("current_revision").get(
        format__slug="core", slug="chains")
    assert chains.current_revision.origin == Revision.FILE
    assert chains.revisions.filter(origin=Revision.SITE).exists()
    edited = Scenario.objects.get(slug=site_work)
    assert not edited.title.startswith("Site edit - ")
    assert edited.revisions.filter(origin=ScenarioRevision.SITE).exists()
    assert Scenario.objects.filter(slug="written-on-the-site").exists()
    assert "kept" not in output


def test_a_scenario_whose_file_is_gone_is_removed_only_if_it_came_from_files(site_work):
    Scenario.objects.create(slug="from-a-removed-file", format_slug="core", path="x.yaml",
                            title="Gone", narrative="Gone.", rule="core/chains#x", source="x")
    run_the_loads()
    assert not Scenario.objects.filter(slug="from-a-removed-file").exists()
    assert Scenario.objects.filter(slug="written-on-the-site").exists()


def test_verify_keeps_site_edits_too(site_work):
    edited = Scenario.objects.get(slug=site_work)
    with pytest.raises(SystemExit):
        call_command("verify", stdout=io.StringIO(), stderr=io.StringIO())
    assert Scenario.objects.get(slug=site_work).source == edited.source
