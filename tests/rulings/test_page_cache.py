"""Readers who are not logged in get whole pages from the cache, and never a stale one."""
from django.contrib.messages import constants
from django.contrib.messages.storage.cookie import CookieStorage
from django.test import RequestFactory

from rulings.knowledge.models import Format
from rulings.knowledge.page_cache import site_stamp
from scenarios.verification.models import VerificationRun


def test_a_readers_second_visit_costs_one_query(client, make_article, django_assert_num_queries):
    make_article("nightfall", "## Cost {#cost}\n\nPay 500 LP. {#pay}\n", fmt="trh")
    first = client.get("/rules/trh/nightfall/")
    with django_assert_num_queries(1):
        again = client.get("/rules/trh/nightfall/")
    assert again.content == first.content
    assert again["Content-Type"] == first["Content-Type"]
    assert "Content-Security-Policy" in again


def test_a_new_revision_elsewhere_refreshes_the_kept_page(client, make_article):
    make_article("nightfall", "Pay 500 LP. {#pay}\n", fmt="trh")
    assert "No article links here yet." in client.get("/rules/trh/nightfall/").content.decode()
    make_article("banlist", "See [the cost](nightfall#pay).\n", title="Banlist", fmt="trh")
    page = client.get("/rules/trh/nightfall/").content.decode()
    assert 'href="/rules/trh/banlist/"' in page


def test_a_recorded_verdict_changes_the_stamp(db, make_article):
    make_article("nightfall", "Text.\n", fmt="trh")
    before = site_stamp()
    VerificationRun.objects.create(trigger=VerificationRun.CLI)
    assert site_stamp() != before


def test_renaming_a_format_refreshes_its_kept_pages(client, make_article):
    make_article("nightfall", "Text.\n", fmt="trh")
    assert "Trh" in client.get("/rules/trh/nightfall/").content.decode()
    fmt = Format.objects.get(slug="trh")
    fmt.name = "Thought Ruler Highlander"
    fmt.save()
    assert "Thought Ruler Highlander" in client.get("/rules/trh/nightfall/").content.decode()


def test_a_logged_in_reader_gets_their_own_header(client, make_article, reader):
    make_article("nightfall", "Text.\n", fmt="trh")
    client.get("/rules/trh/nightfall/")  # kept for readers who are not logged in
    client.force_login(reader)
    page = client.get("/rules/trh/nightfall/").content.decode()
    assert "rita" in page and "Log out" in page


def test_a_flash_message_is_shown_not_served_from_the_cache(client, make_article):
    make_article("nightfall", "Text.\n", fmt="trh")
    client.get("/rules/trh/nightfall/")
    storage = CookieStorage(RequestFactory().get("/"))
    storage.add(constants.INFO, "You have been logged out.")
    response = client.get("/")  # a response to carry the cookie the storage encodes
    storage.update(response)
    client.cookies["messages"] = response.cookies["messages"].value
    page = client.get("/rules/trh/nightfall/").content.decode()
    assert "You have been logged out." in page


def test_a_missing_page_is_not_kept(client, make_article):
    make_article("nightfall", "Text.\n", fmt="trh")
    assert client.get("/rules/trh/missing/").status_code == 404
    make_article("missing", "Now it exists.\n", fmt="trh")
    assert client.get("/rules/trh/missing/").status_code == 200
