"""Finding one's way: anonymous visitors at a review page are told it needs an account (with
links to log in and sign up), the login page links to sign-up, and the editors' menu links
every editor tool."""
import re

import pytest


def test_an_anonymous_visitor_at_review_is_told_it_needs_an_account(client, db):
    response = client.get("/quiz/review/")
    html = response.content.decode()
    assert response.status_code == 403  # a page saying so, not a redirect to the login form
    assert "Review needs an account" in html
    assert 'href="/accounts/login/?next=/quiz/review/"' in html
    assert 'href="/accounts/signup/?next=/quiz/review/"' in html


def test_an_anonymous_post_to_review_starts_nothing_and_gets_the_same_page(client, db):
    response = client.post("/quiz/review/")
    assert response.status_code == 403 and "Review needs an account" in response.content.decode()


def test_a_signed_in_reader_sees_their_review_queue(reader_client):
    response = reader_client.get("/quiz/review/")
    assert response.status_code == 200 and "Your review queue" in response.content.decode()


def test_the_login_page_links_to_sign_up_keeping_where_to_go_next(client, db):
    html = client.get("/accounts/login/?next=/quiz/review/").content.decode()
    assert 'href="/accounts/signup/?next=/quiz/review/"' in html and ">Sign up</a>" in html
    assert "No account yet?" in html


def menu(html):
    found = re.search(r'<details class="editor-menu">(.*?)</details>', html, re.S)
    return found.group(1) if found else ""


@pytest.mark.parametrize("href, words", [
    ("/quiz/questions/", "Question bank"),
    ("/quiz/reports/", "Reported questions"),
    ("/verification/", "Verification runs"),
    ("/rules/core/coverage/", "Core"),
    ("/rules/kingdom-duels/coverage/", "Kingdom Duels"),
    ("/maintenance/links/", "Maintenance"),
    ("/scenarios/new/", "Scenario editor"),
])
def test_the_editors_menu_links_every_editor_tool(editor_client, bundled_rules, href, words):
    links = menu(editor_client.get("/").content.decode())
    assert re.search(rf'href="{re.escape(href)}">[^<]*{words}', links), links


def test_readers_and_visitors_get_no_editors_menu(client, reader, bundled_rules):
    assert "Editor tools" not in client.get("/").content.decode()
    client.force_login(reader)
    assert "Editor tools" not in client.get("/").content.decode()
