"""Creating the same slug at the same moment: one creation answers 201 (or "Saved"), every
other one a 409 (or the form's "already exists"), nobody a 500, and no text is overwritten.

Found by the attack: 20 parallel article creations gave 9 × 500 on both databases; 20
parallel scenario creations on PostgreSQL gave 6 × 500, and three creators were told
"Saved" while their text silently replaced another's.
"""
from collections import Counter

import pytest

from rulings.knowledge.models import Article
from scenarios.verification.models import Scenario, ScenarioRevision
from tests.concurrency import editor_clients, run_together

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 20


@pytest.fixture
def clients(make_format):
    make_format("core", "Core")
    return editor_clients(THREADS, "creator")


def test_twenty_creations_of_one_article_give_one_201_and_409s(clients):
    answers = []

    def create(n):
        response = clients[n].post("/api/articles/", {
            "format": "core", "slug": "same-slug", "title": f"Creator {n}",
            "markdown": f"Text of creator {n}.\n"}, content_type="application/json")
        answers.append((n, response.status_code))

    assert run_together(create, THREADS) == []
    counts = Counter(status for _, status in answers)
    assert counts == {201: 1, 409: THREADS - 1}, counts
    winner = next(n for n, status in answers if status == 201)
    article = Article.objects.select_related("current_revision").get(slug="same-slug")
    assert article.revisions.count() == 1
    assert article.current_revision.body == f"Text of creator {winner}.\n"


def test_twenty_creations_of_one_article_through_the_form_never_fail(clients):
    answers = []

    def create(n):
        response = clients[n].post("/rules/core/new/", {
            "slug": "same-form-slug", "title": f"Creator {n}", "summary": "", "order": "1",
            "body": f"Text of creator {n}.\n", "parameters": "", "terms": "", "comment": "",
            "save": "1"})
        answers.append((n, response.status_code))

    assert run_together(create, THREADS) == []
    counts = Counter(status for _, status in answers)
    assert counts == {302: 1, 200: THREADS - 1}, counts
    winner = next(n for n, status in answers if status == 302)
    article = Article.objects.select_related("current_revision").get(slug="same-form-slug")
    assert article.current_revision.body == f"Text of creator {winner}.\n"


SCENARIO = """slug: same-scenario
format: core
rule: core/chains#building-a-chain
title: Creator {n}
narrative: Written by creator {n}.
setup:
  turn: {{number: 1, player: A, phase: main1}}
  players:
    A: {{lp: 8000}}
    B: {{lp: 8000}}
steps:
  - {{player: A, pass: true}}
expect:
  lp: {{A: 8000}}
"""


def test_twenty_creations_of_one_scenario_save_one_text_and_overwrite_none(clients):
    answers = []

    def create(n):
        response = clients[n].post("/scenarios/new/", {"source": SCENARIO.format(n=n),
                                                       "save": "1"})
        answers.append((n, response.status_code, response.content.decode()))

    assert run_together(create, THREADS) == []
    saved = [n for n, status, _ in answers if status == 302]
    refused = [text for _, status, text in answers if status == 200]
    assert len(saved) == 1 and len(refused) == THREADS - 1, Counter(s for _, s, _ in answers)
    assert all("already exists" in text for text in refused)
    scenario = Scenario.objects.get(slug="same-scenario")
    assert scenario.title == f"Creator {saved[0]}"
    assert ScenarioRevision.objects.filter(scenario=scenario).count() == 1
