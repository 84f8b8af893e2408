import pytest
from django.contrib.messages import get_messages

from rulings.knowledge.models import Article


def form_data(article, **changes):
    rev = article.current_revision
    data = {"title": rev.title, "summary": rev.summary, "order": rev.order, "body": rev.body,
            "parameters": "", "terms": "", "comment": "", "base_revision": rev.number}
    data.update(changes)
    return data


def test_anonymous_users_are_sent_to_log_in(client, make_article):
    make_article("nightfall", "Text.\n", fmt="trh")
    response = client.get("/rules/trh/nightfall/edit/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_readers_outside_the_editors_group_cannot_edit(reader_client, make_article):
    article = make_article("nightfall", "Text.\n", fmt="trh")
    assert reader_client.get("/rules/trh/nightfall/edit/").status_code == 403
    assert reader_client.post("/rules/trh/nightfall/edit/", form_data(article)).status_code == 403


def test_editor_saves_a_new_revision_with_author_and_comment(editor_client, editor, make_article):
    article = make_article("nightfall", "Text.\n", fmt="trh")
    response = editor_client.post("/rules/trh/nightfall/edit/", form_data(
        article, body="Better text.\r\n", comment="clearer", parameters="cost: 500\n"))
    assert response.status_code == 302
    rev = Article.objects.get(pk=article.pk).current_revision
    assert (rev.number, rev.body, rev.comment, rev.author) == (2, "Better text.\n", "clearer", editor)
    assert rev.parameters == {"cost": 500}


def test_preview_renders_without_saving(editor_client, make_article):
    article = make_article("nightfall", "Text.\n", fmt="trh")
    response = editor_client.post("/rules/trh/nightfall/edit/", form_data(
        article, body="**Bold** {{ cost }}\n", parameters="cost: 800\n", preview="1"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "<strong>Bold</strong>" in page and ">800</span>" in page
    assert Article.objects.get(pk=article.pk).current_revision.number == 1


def test_saving_on_top_of_a_newer_revision_is_refused_with_a_diff(editor_client, make_article):
    article = make_article("nightfall", "Original line.\n", fmt="trh")
    stale = form_data(article, body="My typed text.\n")
    make_article("nightfall", "Someone else's line.\n", fmt="trh")
    response = editor_client.post("/rules/trh/nightfall/edit/", stale)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Not saved" in page
    assert "Someone else&#x27;s line." in page and 'class="diff-added"' in page
    assert "My typed text." in page  # the typed text is kept in the form
    assert 'name="base_revision" value="2"' in page
    assert Article.objects.get(pk=article.pk).current_revision.body == "Someone else's line.\n"


def test_unknown_parameter_is_an_error_on_the_body_field_with_its_line(editor_client, make_article):
    article = make_article("nightfall", "Text.\n", fmt="trh")
    response = editor_client.post("/rules/trh/nightfall/edit/", form_data(
        article, body="Fine.\n\nCosts {{ nope }}.\n"))
    errors = response.context["form"].errors
    assert errors["body"] == ["line 3: unknown parameter '{{ nope }}'"]
    assert Article.objects.get(pk=article.pk).current_revision.number == 1


def test_malformed_parameters_yaml_names_the_field_and_line(editor_client, make_article):
    article = make_article("nightfall", "Text.\n", fmt="trh")
    response = editor_client.post("/rules/trh/nightfall/edit/", form_data(
        article, parameters="cost: 500\nlimits: [1, 2\n"))
    assert "line" in response.context["form"].errors["parameters"][0]


def test_term_with_missing_anchor_is_an_error_on_the_terms_field(editor_client, make_article):
    article = make_article("nightfall", "Text.\n", fmt="trh")
    terms = "- name: Nightfall\n  anchor: nowhere\n  definition: A rule.\n"
    response = editor_client.post("/rules/trh/nightfall/edit/", form_data(article, terms=terms))
    assert "nowhere" in response.context["form"].errors["terms"][0]


def test_broken_link_warns_but_still_saves(editor_client, make_article):
    article = make_article("nightfall", "Text.\n", fmt="trh")
    response = editor_client.post("/rules/trh/nightfall/edit/", form_data(
        article, body="See [[ghost]].\n"))
    assert response.status_code == 302
    assert "broken-link" in Article.objects.get(pk=article.pk).current_revision.html


def test_new_article_and_duplicate_slug(editor_client, make_article):
    make_article("nightfall", "Text.\n", fmt="trh")
    data = {"slug": "faq", "title": "FAQ", "summary": "", "order": 90, "body": "## Q {#q}\n",
            "parameters": "", "terms": "", "comment": "new"}
    assert editor_client.post("/rules/trh/new/", data).status_code == 302
    assert Article.objects.get(slug="faq").current_revision.number == 1
    response = editor_client.post("/rules/trh/new/", dict(data, slug="nightfall"))
    assert "already exists" in response.context["form"].errors["slug"][0]


@pytest.mark.parametrize("base", ["", None])
def test_a_save_without_base_revision_is_refused_and_the_typed_text_kept(editor_client, make_article,
                                                                        base):
    article = make_article("nightfall", "Original line.\n", fmt="trh")
    data = form_data(article, body="My typed text.\n", base_revision=base)
    if base is None:
        del data["base_revision"]
    response = editor_client.post("/rules/trh/nightfall/edit/", data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "base_revision" in response.context["form"].errors
    assert "Not saved" in page and "does not say which revision" in page
    assert "My typed text." in page and 'class="diff-added"' in page
    assert 'name="base_revision" value="1"' in page  # the next save is based on the current one
    assert Article.objects.get(pk=article.pk).current_revision.number == 1


def test_a_stale_save_with_a_blank_field_elsewhere_keeps_the_typed_text(editor_client, make_article):
    article = make_article("nightfall", "Original line.\n", fmt="trh")
    stale = form_data(article, body="My typed text.\n", summary="")
    make_article("nightfall", "Someone else's line.\n", fmt="trh")
    page = editor_client.post("/rules/trh/nightfall/edit/", stale).content.decode()
    assert "Not saved" in page and "My typed text." in page
    assert Article.objects.get(pk=article.pk).current_revision.number == 2


def test_saving_unchanged_text_makes_no_revision(editor_client, make_article):
    article = make_article("nightfall", "Text.\n", fmt="trh")
    response = editor_client.post("/rules/trh/nightfall/edit/", form_data(article))
    assert response.status_code == 302 and response["Location"] == "/rules/trh/nightfall/"
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(m.startswith("No changes to save") for m in shown)
    assert Article.objects.get(pk=article.pk).revisions.count() == 1
