"""The deck checker page (no JavaScript needed) and POST /api/decks/check/."""
import re

import pytest
from django.test import Client

from .decklists import FILLER_MAIN, legal_highlander, legal_main, swap

FORBIDDEN_LIST = legal_highlander(main=swap(legal_main(), FILLER_MAIN[0], "Pot of Greed"))


def test_the_page_offers_the_formats_and_a_decklist_box(client, db):
    page = client.get("/decks/check/").content.decode()
    assert "<h1>Deck checker</h1>" in page
    assert 'value="thought-ruler-highlander"' in page and 'value="deck-masters"' in page
    assert 'name="decklist"' in page and "csrfmiddlewaretoken" in page
    assert 'href="/decks/check/">Deck checker</a>' in page  # the nav link


def test_the_page_names_formats_as_the_site_does_and_preselects_one(client, bundled_rules):
    page = client.get("/decks/check/?format=deck-masters").content.decode()
    assert '<option value="deck-masters" selected>Deck Masters</option>' in page
    assert ">Thought Ruler Highlander</option>" in page


def test_posting_a_legal_list_says_legal(client, deck_cards):
    page = client.post("/decks/check/", {"format": "thought-ruler-highlander",
                                         "decklist": legal_highlander()}).content.decode()
    assert '<span class="status status-passed">Legal</span>' in page
    assert 'class="problem ' not in page
    assert "Practice Dummy 49" in page  # the list is kept in the box


def test_posting_a_forbidden_card_links_the_rule_and_names_the_card(client, deck_cards,
                                                                    bundled_rules):
    page = client.post("/decks/check/", {"format": "thought-ruler-highlander",
                                         "decklist": FORBIDDEN_LIST}).content.decode()
    assert '<span class="status status-failed">Not legal</span>' in page
    link = "/rules/thought-ruler-highlander/forbidden-list/#forbidden-spells-list"
    assert f'href="{link}"' in page
    assert "“Pot of Greed”" in page
    article = client.get(link.split("#")[0]).content.decode()
    assert 'id="forbidden-spells-list"' in article


def test_problems_without_an_article_are_shown_unlinked(client, deck_cards):
    page = client.post("/decks/check/", {"format": "deck-masters",
                                         "decklist": "Deck Master: Mystery\n"}).content.decode()
    assert "<code>unknown-card</code>" in page and "“Mystery”" in page


@pytest.mark.parametrize("data, field", [
    ({"format": "thought-ruler-highlander"}, "decklist"),
    ({"format": "tag-team-phalanx", "decklist": "Sangan"}, "format"),
    ({"decklist": "Sangan"}, "format"),
    ({"format": "deck-masters", "decklist": "x" * 20001}, "decklist"),
])
def test_an_incomplete_form_shows_errors_and_no_verdict(client, db, data, field):
    response = client.post("/decks/check/", data)
    page = response.content.decode()
    assert 'class="errorlist' in page and "status-" not in page
    assert list(response.context["form"].errors) == [field]
    assert re.search(rf'<div class="field has-errors">\s*<label for="id_{field}">', page)


# --- the API -------------------------------------------------------------------------------

def api(client, payload, **extra):
    return client.post("/api/decks/check/", payload, content_type="application/json", **extra)


def test_api_legal_list(client, deck_cards):
    response = api(client, {"format": "thought-ruler-highlander", "decklist": legal_highlander()})
    assert response.status_code == 200
    assert response.json() == {"legal": True, "problems": []}


def test_api_reports_each_problem_with_rule_anchor_cards_and_message(client, deck_cards):
    response = api(client, {"format": "thought-ruler-highlander", "decklist": FORBIDDEN_LIST})
    assert response.json() == {"legal": False, "problems": [{
        "rule": "forbidden-spell",
        "anchor": "thought-ruler-highlander/forbidden-list#forbidden-spells-list",
        "cards": ["Pot of Greed"],
        "message": 'Forbidden Spells may not be used: "Pot of Greed".',
        "url": "/rules/thought-ruler-highlander/forbidden-list/#forbidden-spells-list"}]}


def test_api_gemini_elf_in_deck_masters(client, sample_cards):
    legal = api(client, {"format": "deck-masters",
                         "decklist": "Deck Master: Gemini Elf\n2 Gemini Elf\n"}).json()
    assert legal == {"legal": True, "problems": []}
    illegal = api(client, {"format": "deck-masters",
                           "decklist": "Deck Master: Gemini Elf\n3 Gemini Elf\n"}).json()
    assert [p["anchor"] for p in illegal["problems"]] == [
        "deck-masters/setup#deck-master-counts-as-deck"]


def test_api_format_without_checker_is_a_problem_not_an_error(client, db):
    data = api(client, {"format": "tag-team-phalanx", "decklist": "1 Sangan"}).json()
    assert data["legal"] is False and data["problems"][0]["rule"] == "no-deck-checker"


@pytest.mark.parametrize("payload, field", [
    ({"decklist": "1 Sangan"}, "format"),
    ({"format": "deck-masters"}, "decklist"),
    ({"format": 3, "decklist": "1 Sangan"}, "format"),
    ({"format": "deck-masters", "decklist": ["1 Sangan"]}, "decklist"),
    ({"format": "deck-masters", "decklist": None}, "decklist"),
    ({"format": "deck-masters", "decklist": "x" * 20001}, "decklist"),
])
def test_api_missing_or_wrong_typed_fields_are_400_naming_the_field(client, db, payload, field):
    response = api(client, payload)
    assert response.status_code == 400
    assert field in response.json()


@pytest.mark.parametrize("body", ["[1, 2]", "not json", '"a string"'])
def test_api_a_body_that_is_not_an_object_is_400(client, db, body):
    response = client.post("/api/decks/check/", body, content_type="application/json")
    assert response.status_code == 400


def test_api_anyone_may_post_even_a_logged_in_browser_without_a_csrf_token(reader, db):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(reader)
    response = api(browser, {"format": "deck-masters", "decklist": "Deck Master: Nobody\n"})
    assert response.status_code == 200
    assert Client(enforce_csrf_checks=True).post(
        "/api/decks/check/", {"format": "deck-masters", "decklist": ""},
        content_type="application/json").status_code == 200


def test_api_only_takes_posts(client, db):
    assert client.get("/api/decks/check/").status_code == 405
