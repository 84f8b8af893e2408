"""Card text is the card's own words; what the engine leaves out of a card is a note for
editors on the scenario's page, never part of the text a board shows for the card."""
import pytest
from django.test import Client

from scenarios.engine.cards import default_catalog

SLUG = "rule-5-own-field-zone"  # uses Sogen, whose stat changes the engine does not play out


def test_no_catalog_card_text_says_what_the_engine_leaves_out():
    catalog = default_catalog()
    for name, card in catalog.cards.items():
        assert "model" not in card.text.lower(), name
    assert "does not change ATK or DEF" in catalog.get("Sogen").note
    assert "Warrior and Beast-Warrior" in catalog.get("Sogen").text


@pytest.mark.django_db
def test_an_editor_reads_the_cards_notes_on_the_scenario_page(loaded, editor_client):
    editors_page = editor_client.get(f"/scenarios/{SLUG}/").content.decode()
    assert "What the engine leaves out of these cards" in editors_page
    assert "Sogen" in editors_page and "does not change ATK or DEF" in editors_page
    readers_page = Client().get(f"/scenarios/{SLUG}/").content.decode()
    assert "What the engine leaves out of these cards" not in readers_page
    assert "does not change ATK or DEF" not in readers_page
