"""A number with thousands of digits is refused where it enters, by name, never a 500 or an
aborted load.

Found by the attack: Python refuses to convert an integer of more than 4,300 digits, and the
ValueError escaped from the deck checker, the scenario editor, the article editor, If-Match,
load_rules (0 of 50 articles loaded) and import_cards.
"""
import json

import pytest

from rulings.knowledge.loading import load_content
from rulings.knowledge.models import Article
from scenarios.decks.models import CardRecord
from scenarios.verification.models import Scenario
from tests.decks.conftest import SAMPLE_FILE, run_import

HUGE = "9" * 5000

SCENARIO = f"""slug: huge-life-points
format: core
rule: core/chains#building-a-chain
title: Huge Life Points
narrative: A starts with far too many Life Points.
setup:
  turn: {{number: 1, player: A, phase: main1}}
  players:
    A: {{lp: {HUGE}}}
    B: {{lp: 8000}}
steps:
  - {{player: A, pass: true}}
expect:
  lp: {{A: 8000}}
"""


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/decks/check/", "/decks/check/"])
def test_a_huge_card_count_in_a_decklist_is_a_problem_on_its_line(client, url, bundled_rules):
    decklist = f"Main Deck:\n{HUGE} Sangan\n"
    response = client.post(url, {"format": "thought-ruler-highlander", "decklist": decklist})
    assert response.status_code == 200
    text = response.content.decode()
    assert "line 2" in text.lower() and "copies" in text


@pytest.mark.django_db
@pytest.mark.parametrize("button", ["check", "save"])
def test_a_huge_number_in_a_scenario_draft_is_refused_at_its_line(editor_client, button,
                                                                 bundled_rules):
    response = editor_client.post("/scenarios/new/", {"source": SCENARIO, button: "1"})
    assert response.status_code == 200
    text = response.content.decode()
    assert "line 9" in text and "out of range" in text
    assert not Scenario.objects.filter(slug="huge-life-points").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["parameters", "terms"])
def test_a_huge_number_in_the_article_editor_is_refused_by_field(editor_client, make_article,
                                                                field):
    article = make_article("draws", "## Draws {#draws}\n\nText.\n", fmt="core")
    value = {"parameters": f"draw_count: {HUGE}\n",
             "terms": f"- name: Draw\n  anchor: draws\n  definition: {HUGE}\n"}[field]
    response = editor_client.post("/rules/core/draws/edit/", {
        "title": "Draws", "summary": "", "order": "0", "body": "## Draws {#draws}\n\nText.\n",
        "parameters": "", "terms": "", field: value, "comment": "",
        "base_revision": str(article.current_revision.number), "save": "1"})
    assert response.status_code == 200
    assert "out of range" in response.content.decode()
    assert Article.objects.get(pk=article.pk).current_revision.number == 1


@pytest.mark.django_db
def test_a_huge_revision_in_if_match_is_a_400_naming_the_header(editor_client, make_article):
    make_article("draws", "Text.\n", fmt="core")
    response = editor_client.patch("/api/articles/core/draws/", {"summary": "x"},
                                   content_type="application/json",
                                   HTTP_IF_MATCH=f'"core/draws/r{HUGE}"')
    assert response.status_code == 400 and "If-Match" in response.json()


def test_a_huge_parameter_skips_its_article_and_the_rest_loads(db, content_copy):
    path = content_copy / "core" / "draws.md"
    text = path.read_text()
    path.write_text(text.replace("---\n", f"---\nhuge_number: {HUGE}\n", 1))
    report = load_content(content_copy)
    assert "core/draws" in report.skipped
    assert any("draws.md" in str(p) and "out of range" in str(p) for p in report.errors)
    assert Article.objects.count() >= 40


def test_a_huge_number_in_a_card_file_skips_that_entry(db, tmp_path):
    data = json.loads(SAMPLE_FILE.read_text(encoding="utf-8"))["data"]
    text = json.dumps({"data": data})
    first = text.index('"atk": ')
    text = text[:first] + f'"atk": {HUGE}' + text[text.index(",", first):]
    path = tmp_path / "cards.json"
    path.write_text(text)
    out, err = run_import(path)
    assert "entry" in err and "out of range" in err
    assert CardRecord.objects.count() == len(data) - 1
