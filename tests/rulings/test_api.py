import pytest

from rulings.knowledge.models import Article


@pytest.fixture
def nightfall(make_article):
    return make_article("nightfall", "## Cost {#cost}\n\nPay {{ cost }} LP.\n", fmt="trh",
                        parameters={"cost": 500}, title="Nightfall")


def test_formats_list_with_article_counts(client, nightfall, make_article):
    make_article("other", "x\n", fmt="core")
    page = client.get("/api/formats/").json()
    data = page["results"]
    assert page["count"] == 2 and page["next"] is None
    assert {(f["slug"], f["article_count"]) for f in data} == {("trh", 1), ("core", 1)}
    assert set(data[0]) == {"slug", "name", "summary", "article_count", "url"}


def test_articles_list_filters_by_format(client, nightfall, make_article):
    make_article("other", "x\n", fmt="core")
    assert [a["slug"] for a in client.get("/api/articles/?format=trh").json()["results"]] == [
        "nightfall"]
    assert client.get("/api/articles/").json()["count"] == 2
    response = client.get("/api/articles/?format=nope")
    assert response.status_code == 400 and "nope" in response.json()["format"]


def test_article_detail_has_markdown_html_parameters_and_revision(client, nightfall):
    data = client.get("/api/articles/trh/nightfall/").json()
    assert data["markdown"].startswith("## Cost {#cost}")
    assert '<h2 id="cost">' in data["html"] and ">500</span>" in data["html"]
    assert data["parameters"] == {"cost": 500}
    assert data["revision"] == 1


def test_revisions_list(client, nightfall, make_article):
    make_article("nightfall", "Changed.\n", fmt="trh", parameters={"cost": 500})
    data = client.get("/api/articles/trh/nightfall/revisions/").json()
    assert [r["number"] for r in data["results"]] == [2, 1]


def test_glossary_endpoint(client, make_article):
    make_article("nightfall", "## What {#what}\n", fmt="trh",
                 terms=[{"name": "Nightfall", "anchor": "what", "definition": "Flip rule."}])
    data = client.get("/api/glossary/").json()["results"]
    assert data == [{"name": "Nightfall", "aliases": [], "definition": "Flip rule.",
                     "format": "trh", "article": "nightfall", "anchor": "what",
                     "url": "/rules/trh/nightfall/#what"}]


def test_search_endpoint_returns_anchor_and_snippet(client, nightfall):
    data = client.get("/api/search/?q=pay").json()
    assert data[0]["format"] == "trh" and data[0]["slug"] == "nightfall"
    assert data[0]["anchor"] == "cost" and "<mark>Pay</mark>" in data[0]["snippet"]
    assert client.get("/api/search/").status_code == 400


def write(**changes):
    data = {"title": "Nightfall", "summary": "", "order": 0, "markdown": "New text.\n",
            "parameters": {"cost": 500}, "terms": [], "comment": "api edit", "base_revision": 1}
    data.update(changes)
    return data


def test_writes_are_refused_for_anonymous_users_and_readers(client, reader_client, nightfall):
    url = "/api/articles/trh/nightfall/"
    assert client.put(url, write(), content_type="application/json").status_code == 403
    assert reader_client.put(url, write(), content_type="application/json").status_code == 403
    assert Article.objects.get(pk=nightfall.pk).current_revision.number == 1


def test_editor_can_update_an_article(editor_client, nightfall):
    response = editor_client.put("/api/articles/trh/nightfall/", write(),
                                 content_type="application/json")
    assert response.status_code == 200
    assert response.json()["revision"] == 2 and response.json()["markdown"] == "New text.\n"


def test_update_on_a_stale_revision_is_a_conflict(editor_client, nightfall, make_article):
    make_article("nightfall", "Someone else.\n", fmt="trh", parameters={"cost": 500})
    response = editor_client.put("/api/articles/trh/nightfall/", write(),
                                 content_type="application/json")
    assert response.status_code == 409 and response.json()["current_revision"] == 2


def test_invalid_update_names_field_and_line(editor_client, nightfall):
    response = editor_client.put("/api/articles/trh/nightfall/",
                                 write(markdown="Fine.\nCosts {{ nope }}.\n"),
                                 content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"field": "body", "line": 2, "message": "unknown parameter '{{ nope }}'"}]


def test_editor_can_create_and_duplicate_slug_is_refused(editor_client, nightfall):
    data = write(format="trh", slug="faq", title="FAQ", parameters={}, base_revision=None)
    assert editor_client.post("/api/articles/", data, content_type="application/json").status_code == 201
    response = editor_client.post("/api/articles/", dict(data, slug="nightfall"),
                                  content_type="application/json")
    assert response.status_code == 409 and "already exists" in response.json()["slug"][0]
