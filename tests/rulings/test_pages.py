from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulings.knowledge.models import Article


def test_home_lists_formats_with_article_counts(client, make_article):
    make_article("one", "Text.\n", fmt="alpha")
    make_article("two", "Text.\n", fmt="alpha")
    make_article("three", "Text.\n", fmt="beta")
    page = client.get("/").content.decode()
    assert "2 articles" in page and "1 article<" in page


def test_home_lists_formats_in_their_own_order(client, make_format):
    make_format("zeta", "Zeta first", order=1)
    make_format("alpha", "Alpha second", order=2)
    page = client.get("/").content.decode()
    assert page.index("Zeta first") < page.index("Alpha second")


def test_format_page_is_a_table_of_contents(client, make_article):
    make_article("nightfall", "## Using it {#using-it}\n\nText.\n", fmt="trh")
    page = client.get("/rules/trh/").content.decode()
    assert 'href="/rules/trh/nightfall/"' in page
    assert 'href="/rules/trh/nightfall/#using-it"' in page


def test_unknown_format_or_article_is_404(client, make_article):
    make_article("nightfall", "Text.\n", fmt="trh")
    assert client.get("/rules/nope/").status_code == 404
    assert client.get("/rules/trh/nope/").status_code == 404


def test_article_page_shows_contents_body_backlinks_and_history(client, make_article):
    make_article("nightfall", "## Cost {#cost}\n\nPay up. {#pay}\n", fmt="trh", title="Nightfall")
    make_article("overview", "Read [[nightfall#cost]].\n", fmt="trh", title="Overview")
    response = client.get("/rules/trh/nightfall/")
    page = response.content.decode()
    assert response.status_code == 200
    assert '<a href="#cost">Cost</a>' in page
    assert '<p id="pay">Pay up.' in page
    assert 'href="/rules/trh/overview/">Overview</a>' in page
    assert "/rules/trh/nightfall/revisions/1/" in page
    assert 'class="anchor-link" href="#pay"' in page


def test_article_page_query_count_does_not_grow_with_links(client, make_article):
    make_article("target", "## A {#a}\n", fmt="trh")
    make_article("small", "See [[target#a]].\n", fmt="trh")
    with CaptureQueriesContext(connection) as small:
        assert client.get("/rules/trh/small/").status_code == 200

    links = "\n".join(f"See [[target#a]] and [[other-{n}]]." for n in range(40))
    make_article("large", links + "\n", fmt="trh")
    for n in range(15):
        make_article(f"fan-{n}", "Back to [[large]].\n", fmt="trh")
    with CaptureQueriesContext(connection) as large:
        assert client.get("/rules/trh/large/").status_code == 200
    assert len(large) == len(small)


def test_glossary_lists_terms_with_definitions(client, make_article):
    terms = [{"name": "Nightfall", "aliases": ["NF"], "anchor": "what",
              "definition": "Flipping a card face-down for LP."}]
    make_article("nightfall", "## What {#what}\n", fmt="trh", terms=terms)
    page = client.get("/glossary/").content.decode()
    assert "Flipping a card face-down for LP." in page
    assert 'href="/rules/trh/nightfall/#what"' in page and "also: NF" in page


def test_history_diff_and_revision_pages(client, make_article):
    article = make_article("nightfall", "Old line.\n", fmt="trh")
    make_article("nightfall", "New line.\n", fmt="trh")
    history = client.get("/rules/trh/nightfall/history/").content.decode()
    assert "r1" in history and "r2" in history and "(current)" in history
    diff = client.get("/rules/trh/nightfall/diff/?from=1&to=2").content.decode()
    assert 'class="diff-removed"' in diff and "Old line." in diff
    assert 'class="diff-added"' in diff and "New line." in diff
    old = client.get("/rules/trh/nightfall/revisions/1/").content.decode()
    assert "not the current one" in old and "Old line." in old
    assert client.get("/rules/trh/nightfall/diff/?from=x").status_code == 400
    assert client.get("/rules/trh/nightfall/diff/?from=1&to=9").status_code == 404
    assert article.revisions.count() == 2


def test_restore_needs_an_editor_and_a_confirmed_post(client, reader_client, make_article,
                                                       editor):
    make_article("nightfall", "Old.\n", fmt="trh")
    make_article("nightfall", "New.\n", fmt="trh")
    url = "/rules/trh/nightfall/restore/1/"
    assert reader_client.post(url, {"confirm": "1"}).status_code == 403
    assert reader_client.get(url).status_code == 403
    client.force_login(editor)
    assert "Restore revision 1 of" in client.get(url).content.decode()  # asks first
    assert client.post(url).status_code == 200  # a POST without the confirm button asks too
    assert Article.objects.get(slug="nightfall").current_revision.number == 2
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    article = Article.objects.get(slug="nightfall")
    assert (article.current_revision.number, article.current_revision.body) == (3, "Old.\n")


def test_broken_links_page_lists_each_with_its_line(editor_client, make_article):
    make_article("overview", "Fine.\n\nSee [[ghost#here]].\n", fmt="trh")
    page = editor_client.get("/maintenance/links/").content.decode()
    assert "[[trh/ghost#here]]" in page and "<td>3</td>" in page


def test_maintenance_is_for_editors_only(client, reader_client):
    assert client.get("/maintenance/links/").status_code == 403
    assert reader_client.get("/maintenance/links/").status_code == 403
    assert "/maintenance/" not in client.get("/").content.decode()


def test_the_article_page_is_rendered_once_per_revision_and_verdict_state(
        client, make_article, django_assert_max_num_queries):
    make_article("nightfall", "## Cost {#cost}\n\nPay 500 LP. {#pay}\n", fmt="trh")
    first = client.get("/rules/trh/nightfall/").content.decode()
    with django_assert_max_num_queries(4):
        again = client.get("/rules/trh/nightfall/").content.decode()
    assert again == first
    make_article("nightfall", "## Cost {#cost}\n\nPay 1000 LP. {#pay}\n", fmt="trh")
    assert "Pay 1000 LP." in client.get("/rules/trh/nightfall/").content.decode()
