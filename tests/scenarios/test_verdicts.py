"""Verdicts you can trust: fingerprints, re-verification after edits, verification runs."""
import pytest
from django.core.management import call_command

from rulings.knowledge.models import Article, Revision
from rulings.knowledge.publishing import publish, source_of
from scenarios.engine import parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS, ruleset_for
from scenarios.verification.models import Scenario, VerificationRun
from scenarios.verification.article_parameters import parameters_for

TRH = "thought-ruler-highlander"


def nightfall_article():
    return Article.objects.select_related("format", "current_revision").get(
        format__slug=TRH, slug="nightfall")


def with_cost(article, cost):
    source = source_of(article.current_revision)
    source.parameters = {**source.parameters, "nightfall_cost": cost}
    return source


def engine_verdicts(format_slug, params):
    """Each stored scenario of a format replayed straight through the engine."""
    verdicts = {}
    for row in Scenario.objects.filter(format_slug=format_slug):
        scenario = parse_scenario(row.source, row.path, RULESETS)
        result = replay(scenario, ruleset_for(format_slug), default_catalog(), params=params,
                        record_states=False)
        verdicts[row.slug] = result
    return verdicts


def test_a_stored_verdict_carries_its_fingerprint_trace_and_outcome(loaded):
    row = Scenario.objects.get(slug="poison-vs-ceasefire")
    assert len(row.fingerprint) == 64
    assert "core/ending-the-game#zero-lp-immediate-loss" in row.trace
    assert row.outcome["lp"] == {"A": 0, "B": 8000} and row.differences == []


def test_a_verdict_is_stale_when_a_parameter_it_read_changes_behind_its_back(client, loaded):
    article = nightfall_article()
    Revision.objects.filter(pk=article.current_revision.pk).update(
        parameters={**article.current_revision.parameters, "nightfall_cost": 1000})
    readers = {row.slug for row in Scenario.objects.filter(format_slug=TRH)
               if "nightfall_cost" in row.params_read}
    assert readers
    listing = {s["slug"]: s for s in client.get(f"/api/scenarios/?format={TRH}").json()[
        "results"]}
    for slug, entry in listing.items():
        assert entry["status"] == ("stale" if slug in readers else "passed"), slug
        assert entry["last_status"] == "passed"
    page = client.get(f"/scenarios/?format={TRH}").content.decode()
    assert "stale" in page and "the rules or the engine changed since" in page


def test_a_verdict_is_stale_when_the_engine_changes(client, loaded, monkeypatch):
    from scenarios.verification import fingerprints

    monkeypatch.setattr(fingerprints, "engine_version", lambda: "another-engine")
    data = client.get("/api/scenarios/poison-vs-ceasefire/").json()
    assert data["status"] == "stale" and data["verdict"]["stale"] is True


def test_saving_an_article_reverifies_its_dependents_and_records_a_run(loaded, editor):
    article = nightfall_article()
    expected = engine_verdicts(TRH, {**parameters_for(TRH), "nightfall_cost": 1000})
    newly_failing = {slug for slug, r in expected.items() if r.status == "failed"}
    assert newly_failing, "some Nightfall scenario must depend on its cost"
    runs = VerificationRun.objects.count()
    publish(article, with_cost(article, 1000), author=editor,
            base_number=article.current_revision.number)
    run = VerificationRun.objects.first()
    assert VerificationRun.objects.count() == runs + 1
    assert run.trigger == "edit" and run.user == editor
    assert run.revisions == [f"{TRH}/nightfall r{article.current_revision.number + 1}"]
    assert {c["slug"] for c in run.changes} == newly_failing
    assert all(c["before"] == "passed" and c["after"] == "failed" for c in run.changes)
    for slug in newly_failing:
        row = Scenario.objects.get(slug=slug)
        assert row.status == "failed" and row.differences
        assert row.differences[0]["key"].startswith("lp.")


def test_after_a_save_no_verdict_is_shown_stale(client, loaded, editor):
    article = nightfall_article()
    publish(article, with_cost(article, 1000), author=editor,
            base_number=article.current_revision.number)
    statuses = {s["status"] for s in client.get(f"/api/scenarios/?format={TRH}").json()[
        "results"]}
    assert "stale" not in statuses and "failed" in statuses


def test_load_scenarios_and_load_rules_and_verify_record_runs(loaded, content_copy, capsys):
    assert VerificationRun.objects.filter(trigger="load").exists()  # load_scenarios
    path = content_copy / TRH / "nightfall.md"
    path.write_text(path.read_text().replace("nightfall_cost: 500", "nightfall_cost: 1000"))
    before = VerificationRun.objects.count()
    call_command("load_rules", dir=str(content_copy))
    run = VerificationRun.objects.first()
    assert VerificationRun.objects.count() == before + 1 and run.trigger == "load"
    assert run.failed > 0 and any(c["after"] == "failed" for c in run.changes)
    with pytest.raises(SystemExit):
        call_command("verify", "--format", "core")
    assert VerificationRun.objects.first().trigger == "cli"
    count = VerificationRun.objects.count()
    with pytest.raises(SystemExit):
        call_command("verify", "--format", "core", "--no-record")
    assert VerificationRun.objects.count() == count


def test_anonymous_and_readers_cannot_verify(client, reader_client, loaded):
    assert client.post("/api/scenarios/poison-vs-ceasefire/verify/").status_code == 403
    assert reader_client.post("/api/scenarios/poison-vs-ceasefire/verify/").status_code == 403
    assert not VerificationRun.objects.filter(trigger="api").exists()


def test_an_editor_verifies_and_the_run_names_them(editor_client, editor, loaded):
    data = editor_client.post("/api/scenarios/poison-vs-ceasefire/verify/").json()
    run = VerificationRun.objects.get(pk=data["run"])
    assert run.trigger == "api" and run.user == editor and run.total == 1


def test_runs_are_listed_on_the_site_and_in_the_api(client, loaded, editor):
    article = nightfall_article()
    publish(article, with_cost(article, 1000), author=editor,
            base_number=article.current_revision.number)
    data = client.get("/api/verification-runs/").json()
    latest = data["results"][0]
    assert latest["trigger"] == "edit" and latest["user"] == editor.username
    assert latest["changes"] and {"slug", "before", "after"} == set(latest["changes"][0])
    page = client.get("/verification/").content.decode()
    assert "article edit" in page
    detail = client.get(latest["url"]).content.decode()
    assert "passed → " in detail or "passed →" in detail


def test_scenario_example_links_survive_an_edit(loaded, editor):
    row = Scenario.objects.get(slug="poison-vs-ceasefire")
    example = row.example_block
    article = Article.objects.select_related("format", "current_revision").get(
        format__slug="core", slug="ending-the-game")
    source = source_of(article.current_revision)
    source.body += "\nOne more sentence for the test. {#one-more-sentence}\n"
    publish(article, source, author=editor, base_number=article.current_revision.number)
    assert Scenario.objects.get(slug="poison-vs-ceasefire").example_block == example
