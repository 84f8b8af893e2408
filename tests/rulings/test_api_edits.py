"""Edits through the API never lose work: PUT is whole, PATCH partial, every edit names its
base revision (base_revision or If-Match), a stale one is a 409 with the diffs and the
submitted text, and an identical save makes no revision."""
import pytest

from rulings.knowledge.models import Article

URL = "/api/articles/trh/nightfall/"
TERMS = [{"name": "Nightfall", "anchor": "cost", "definition": "A flip rule."}]


@pytest.fixture
def nightfall(make_format):
    from rulings.knowledge.articlefile import ArticleSource
    from rulings.knowledge.publishing import publish

    article = Article(format=make_format("trh", "Trh"), slug="nightfall", title="Nightfall")
    publish(article, ArticleSource(
        title="Nightfall", summary="Flip rule.", order=7, body="## Cost {#cost}\n\nPay {{ cost }} LP.\n",
        parameters={"cost": 500}, terms=TERMS))
    return Article.objects.select_related("current_revision").get(pk=article.pk)


def whole(**changes):
    data = {"title": "Nightfall", "summary": "Flip rule.", "order": 7,
            "markdown": "## Cost {#cost}\n\nPay {{ cost }} Life Points.\n",
            "parameters": {"cost": 500}, "terms": TERMS, "comment": "api edit", "base_revision": 1}
    data.update(changes)
    return data


def put(client, data, **headers):
    return client.put(URL, data, content_type="application/json", headers=headers)


def patch(client, data, **headers):
    return client.patch(URL, data, content_type="application/json", headers=headers)


def current(article):
    return Article.objects.select_related("current_revision").get(pk=article.pk).current_revision


def test_put_lacking_fields_is_refused_naming_them_and_nothing_is_lost(editor_client, nightfall):
    response = put(editor_client, {"title": "Nightfall", "markdown": "Short.\n",
                                   "base_revision": 1})
    assert response.status_code == 400
    body = response.json()
    assert body["missing"] == ["summary", "order", "parameters", "terms"]
    assert set(body) >= {"summary", "order", "parameters", "terms"}
    assert "PATCH" in body["detail"]
    rev = current(nightfall)
    assert (rev.number, rev.summary, rev.order, rev.terms) == (1, "Flip rule.", 7, TERMS)
    assert nightfall.defined_terms.count() == 1


def test_put_replaces_the_whole_article(editor_client, nightfall):
    response = put(editor_client, whole(summary="", order=3, terms=[]))
    assert response.status_code == 200 and response.json()["unchanged"] is False
    rev = current(nightfall)
    assert (rev.number, rev.summary, rev.order, rev.terms) == (2, "", 3, [])
    assert rev.body.endswith("Life Points.\n") and nightfall.defined_terms.count() == 0


def test_put_and_patch_need_a_base_revision(editor_client, nightfall):
    for send in (put, patch):
        for data in (whole(base_revision=None), {k: v for k, v in whole().items()
                                                 if k != "base_revision"}):
            response = send(editor_client, data)
            assert response.status_code == 400, (send, data)
            assert "base_revision" in response.json()
    assert current(nightfall).number == 1


def test_patch_changes_only_the_fields_sent(editor_client, nightfall):
    response = patch(editor_client, {"summary": "Turn a monster face-down.", "base_revision": 1})
    assert response.status_code == 200
    data = response.json()
    assert data["revision"] == 2 and data["summary"] == "Turn a monster face-down."
    rev = current(nightfall)
    assert (rev.title, rev.order, rev.parameters, rev.terms) == ("Nightfall", 7, {"cost": 500}, TERMS)
    assert rev.body == "## Cost {#cost}\n\nPay {{ cost }} LP.\n"
    assert nightfall.defined_terms.count() == 1


def test_stale_put_is_a_conflict_with_the_diffs_and_the_submitted_text(editor_client, nightfall):
    assert patch(editor_client, {"markdown": "## Cost {#cost}\n\nSomeone else's {{ cost }}.\n",
                                 "base_revision": 1}).status_code == 200
    response = put(editor_client, whole(markdown="## Cost {#cost}\n\nMy typed {{ cost }}.\n"))
    assert response.status_code == 409
    body = response.json()
    assert body["current_revision"] == 2 and body["base_revision"] == 1
    assert body["submitted"]["markdown"] == "## Cost {#cost}\n\nMy typed {{ cost }}.\n"
    assert body["submitted"]["terms"] == TERMS and body["submitted"]["summary"] == "Flip rule."
    theirs = body["diff"]["their_changes"]
    assert {"kind": "added", "text": "Someone else's {{ cost }}."} in [
        {"kind": r["kind"], "text": r["text"]} for r in theirs]
    yours = [(r["kind"], r["text"]) for r in body["diff"]["yours_against_current"]]
    assert ("removed", "Someone else's {{ cost }}.") in yours
    assert ("added", "My typed {{ cost }}.") in yours
    assert response["ETag"] == '"trh/nightfall/r2"'
    assert current(nightfall).number == 2


def test_stale_patch_is_a_conflict_too(editor_client, nightfall):
    assert patch(editor_client, {"title": "Nightfall!", "base_revision": 1}).status_code == 200
    response = patch(editor_client, {"summary": "Mine.", "base_revision": 1})
    assert response.status_code == 409
    assert response.json()["submitted"] == {"summary": "Mine.", "base_revision": 1}
    assert current(nightfall).summary == "Flip rule."


def test_get_has_an_etag_and_if_none_match_is_honoured(client, nightfall):
    response = client.get(URL)
    assert response["ETag"] == '"trh/nightfall/r1"'
    assert client.get(URL, headers={"If-None-Match": response["ETag"]}).status_code == 304


def test_if_match_stands_in_for_base_revision(editor_client, nightfall):
    tag = editor_client.get(URL)["ETag"]
    data = whole()
    del data["base_revision"]
    response = put(editor_client, data, if_match=tag)
    assert response.status_code == 200 and response["ETag"] == '"trh/nightfall/r2"'
    stale = put(editor_client, whole(markdown="Again.\n", base_revision=None), if_match=tag)
    assert stale.status_code == 409 and stale.json()["current_revision"] == 2
    assert patch(editor_client, {"order": 9}, if_match=response["ETag"]).status_code == 200
    assert current(nightfall).order == 9


def test_if_match_and_base_revision_that_disagree_are_refused(editor_client, nightfall):
    response = put(editor_client, whole(base_revision=1), if_match='"trh/nightfall/r2"')
    assert response.status_code == 400 and "disagree" in str(response.json()["base_revision"])
    other = put(editor_client, whole(), if_match='"core/chains/r1"')
    assert other.status_code == 400 and "If-Match" in other.json()
    assert current(nightfall).number == 1


def test_identical_save_makes_no_revision(editor_client, nightfall):
    same = whole(markdown="## Cost {#cost}\n\nPay {{ cost }} LP.\n")
    response = put(editor_client, same)
    assert response.status_code == 200
    assert response.json()["unchanged"] is True and response.json()["revision"] == 1
    assert patch(editor_client, {"title": "Nightfall", "base_revision": 1}).json()["unchanged"]
    assert nightfall.revisions.count() == 1


def test_creating_still_needs_no_base_revision(editor_client, nightfall):
    response = editor_client.post("/api/articles/", {
        "format": "trh", "slug": "faq", "title": "FAQ", "markdown": "## Q {#q}\n"},
        content_type="application/json")
    assert response.status_code == 201 and response["ETag"] == '"trh/faq/r1"'


def test_readers_cannot_patch(reader_client, nightfall):
    assert patch(reader_client, {"summary": "x", "base_revision": 1}).status_code == 403
    assert current(nightfall).number == 1
