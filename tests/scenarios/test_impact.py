"""Impact before saving, rule coverage, and the example badges on article pages."""
import json
from html import unescape

from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulings.knowledge.models import Article, Revision
from scenarios.engine import parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS, ruleset_for
from scenarios.verification.models import Scenario, VerificationRun
from scenarios.verification.article_parameters import parameters_for

TRH = "thought-ruler-highlander"
PREVIEW = f"/api/articles/{TRH}/nightfall/preview/"


def post(client, url, data):
    return client.post(url, json.dumps(data), content_type="application/json")


def replayed(format_slug, params):
    """Each stored scenario of the format replayed by the engine directly, by slug."""
    found = {}
    for row in Scenario.objects.filter(format_slug=format_slug):
        scenario = parse_scenario(row.source, row.path, RULESETS)
        found[row.slug] = replay(scenario, ruleset_for(format_slug), default_catalog(),
                                 params=params, record_states=False)
    return found


def current_parameters():
    return Article.objects.get(format__slug=TRH, slug="nightfall").current_revision.parameters


def test_preview_with_a_changed_parameter_reports_exactly_the_dependent_scenarios(
        editor_client, loaded):
    params = parameters_for(TRH)
    before = replayed(TRH, params)
    after = replayed(TRH, {**params, "nightfall_cost": 1000})
    readers = {slug for slug, r in before.items() if "nightfall_cost" in r.params_read}
    citing = {row.slug for row in Scenario.objects.filter(format_slug=TRH)
              if any(a.startswith(f"{TRH}/nightfall#") for a in (*row.trace, row.rule))}
    response = post(editor_client, PREVIEW,
                    {"parameters": {**current_parameters(), "nightfall_cost": 1000}})
    assert response.status_code == 200
    impact = response.json()["impact"]
    assert impact["affected"] == len(readers | citing)
    failing = {entry["slug"]: entry for entry in impact["failing"]}
    assert set(failing) == {slug for slug in readers if after[slug].status == "failed"}
    assert failing and impact["passing"] == len(readers | citing) - len(failing)
    for slug, entry in failing.items():
        assert entry["differences"] == [d.as_dict() for d in after[slug].differences]
        assert entry["differences"][0]["key"].startswith("lp.")
    assert impact["fixed"] == []


def test_a_preview_saves_nothing(editor_client, loaded):
    revisions, runs = Revision.objects.count(), VerificationRun.objects.count()
    statuses = dict(Scenario.objects.values_list("slug", "status"))
    post(editor_client, PREVIEW, {"parameters": {**current_parameters(), "nightfall_cost": 1000}})
    assert Revision.objects.count() == revisions and VerificationRun.objects.count() == runs
    assert dict(Scenario.objects.values_list("slug", "status")) == statuses
    assert current_parameters()["nightfall_cost"] == 500


def test_a_draft_that_makes_failing_scenarios_pass_lists_them_as_fixed(editor_client, loaded):
    article = Article.objects.get(format__slug=TRH, slug="nightfall")
    Revision.objects.filter(pk=article.current_revision_id).update(
        parameters={**current_parameters(), "nightfall_cost": 1000})
    response = post(editor_client, PREVIEW,
                    {"parameters": {**current_parameters(), "nightfall_cost": 500}})
    impact = response.json()["impact"]
    assert impact["fixed"] and not impact["failing"]


def test_removing_an_anchor_a_scenario_illustrates_fails_it(editor_client, loaded):
    row = Scenario.objects.filter(rule__startswith=f"{TRH}/nightfall#").first()
    anchor = row.rule.partition("#")[2]
    body = Article.objects.get(format__slug=TRH, slug="nightfall").current_revision.body
    response = post(editor_client, PREVIEW, {"markdown": body.replace(f"{{#{anchor}}}", "")})
    failing = {entry["slug"]: entry for entry in response.json()["impact"]["failing"]}
    assert failing[row.slug]["differences"][0] == {
        "key": "rule", "expected": row.rule, "got": None,
        "detail": "the draft removes this anchor"}


def test_preview_is_for_editors(client, reader_client, loaded):
    assert post(client, PREVIEW, {"markdown": "x"}).status_code == 403
    assert post(reader_client, PREVIEW, {"markdown": "x"}).status_code == 403


def test_preview_renders_the_draft(editor_client, loaded):
    body = Article.objects.get(format__slug=TRH, slug="nightfall").current_revision.body
    data = post(editor_client, PREVIEW, {"markdown": body + "\nA new line. {#a-new-line}\n",
                                         "parameters": current_parameters()}).json()
    assert 'id="a-new-line"' in data["html"] and data["errors"] == []
    assert data["impact"]["failing"] == []


def test_coverage_lists_every_anchor_with_the_scenarios_that_depend_on_it(client, loaded,
                                                                          monkeypatch):
    """A scenario is listed under a rule only when a wrong reading of that rule changes its
    outcome (or, for an example block, when some wrong reading changes the scenario that
    encodes it); the page reads what verification stored and replays nothing."""
    from scenarios.engine.rulesets import RULESETS
    from scenarios.verification import deciding
    from scenarios.verification.file_coverage import file_coverage

    from_files, _ = file_coverage(TRH)

    def no_replay(*args, **kwargs):
        raise AssertionError("the coverage page replayed a scenario")

    monkeypatch.setattr(deciding, "replay", no_replay)
    book = RULESETS[TRH].RULES
    data = client.get(f"/api/rules/{TRH}/coverage/").json()
    revision = Article.objects.get(format__slug=TRH, slug="nightfall").current_revision
    listed = {entry["anchor"]: entry for entry in data["anchors"]}
    for anchor in revision.anchors:
        assert f"{TRH}/nightfall#{anchor}" in listed
    for entry in data["anchors"]:
        for slug in entry["scenarios"]:
            row = Scenario.objects.get(slug=slug)
            deciding_anchors = {book[r.partition(":")[0]].anchor for r in row.decided_by}
            assert entry["anchor"] in deciding_anchors or \
                (entry["anchor"] == row.example and row.decided_by)
    assert set(data["uncovered"]) == {a for a, e in listed.items() if not e["scenarios"]
                                      and e["kind"] != "heading" and not e["not_replayable"]}
    # What verification stored gives the same coverage as replaying the files.
    assert {e["anchor"]: sorted(e["scenarios"]) for e in data["anchors"] if e["scenarios"]} == \
        {e.anchor: sorted(slug for slug, _ in e.scenarios) for e in from_files.anchors
         if e.scenarios}
    page = client.get(f"/rules/{TRH}/coverage/")
    assert page.status_code == 200 and "Not tested by any scenario" in page.content.decode()
    assert client.get("/api/rules/nope/coverage/").status_code == 404


def test_example_blocks_show_their_verdict_and_the_computed_outcome(client, loaded):
    html = client.get("/rules/core/ending-the-game/").content.decode()
    assert 'class="example-verdict verdict-verified"' in html
    assert "B wins (Life Points reached 0). A has 0 LP." in html
    assert 'href="/scenarios/poison-vs-ceasefire/"' in html


def test_a_failing_or_stale_example_says_so(client, loaded):
    row = Scenario.objects.get(slug="poison-vs-ceasefire")
    Scenario.objects.filter(pk=row.pk).update(
        status="failed", differences=[{"key": "lp.B", "expected": 7999, "got": 8000}])
    cache.clear()  # written behind the site's back: no verification run marks the change
    html = client.get("/rules/core/ending-the-game/").content.decode()
    assert "verdict-failed" in html and "lp.B" not in html
    assert "B's LP: the scenario expects “B has 7999 LP.”; the engine computes “B has 8000 LP.”" \
        in unescape(html)
    Scenario.objects.filter(pk=row.pk).update(status="passed", source=row.source + "\n# edited")
    cache.clear()
    html = client.get("/rules/core/ending-the-game/").content.decode()
    assert "verdict-stale" in html


def test_an_example_without_a_scenario_says_not_encoded(client, loaded):
    Scenario.objects.filter(slug="poison-vs-ceasefire").delete()
    cache.clear()
    html = client.get("/rules/core/ending-the-game/").content.decode()
    assert "not encoded yet" in html


def test_the_article_page_query_count_does_not_grow_with_its_scenarios(client, loaded):
    url = "/rules/core/ending-the-game/"
    with CaptureQueriesContext(connection) as first:
        client.get(url)
    template = Scenario.objects.get(slug="poison-vs-ceasefire")
    for n in range(12):
        template.pk, template.slug = None, f"copy-{n}"
        template.save()
    cache.clear()
    with CaptureQueriesContext(connection) as second:
        html = client.get(url).content.decode()
    assert html.count("Step through the replay") >= 13
    assert len(second) == len(first)


def test_the_editors_preview_shows_the_impact_and_saves_nothing(editor_client, loaded):
    from rulings.knowledge.articlefile import dump_yaml

    revision = Article.objects.get(format__slug=TRH, slug="nightfall").current_revision
    form = {"title": revision.title, "summary": revision.summary, "order": revision.order,
            "body": revision.body, "terms": dump_yaml(revision.terms) if revision.terms else "",
            "parameters": dump_yaml({**revision.parameters, "nightfall_cost": 1000}),
            "comment": "", "base_revision": revision.number, "preview": "1"}
    revisions = Revision.objects.count()
    html = editor_client.post(f"/rules/{TRH}/nightfall/edit/", form).content.decode()
    assert "This edit changes" in html and "would fail" in html
    failing = [row.title for row in Scenario.objects.filter(format_slug=TRH)
               if "nightfall_cost" in row.params_read]
    assert any(title in html for title in failing)
    assert "<td>A&#x27;s LP</td>" in html or "<td>B&#x27;s LP</td>" in html
    assert "<code>lp." not in html
    assert Revision.objects.count() == revisions
