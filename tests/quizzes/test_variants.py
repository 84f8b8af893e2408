"""Exam questions are variants: the same scenario reworked (other Life Points, another vanilla
monster of the same shape), replayed by the engine, and kept only while its question still
tests the ruling. A key learned in practice does not answer them."""
import json

import pytest

from scenarios.engine import parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS, ruleset_for
from scenarios.verification.article_parameters import parameters_for
from scenarios.quizzes import attempts, generation, variants
from scenarios.quizzes.models import Attempt, Question

pytestmark = pytest.mark.django_db


def with_variants():
    return Question.objects.filter(active=True, status=Question.PUBLISHED,
                                   pool=Question.EXAM_POOL).exclude(variants=[])


def test_most_exam_questions_have_variants(bank):
    exam = Question.objects.filter(active=True, status=Question.PUBLISHED,
                                   pool=Question.EXAM_POOL)
    assert with_variants().count() >= exam.count() // 3


def test_a_variant_is_its_own_replay_of_a_reworked_scenario(bank):
    """Each stored variant is what the generator builds from one reworked copy of the
    scenario: the engine's right answer and misreadings for that copy."""
    for question in with_variants()[:12]:
        row = question.scenario
        params = parameters_for(row.format_slug)
        built = []
        for text in variants.reworked(row.source, row.slug):
            scenario = parse_scenario(text, row.path, RULESETS)
            duel_class = ruleset_for(scenario.format)
            truth = replay(scenario, duel_class, default_catalog(), params=params)
            _, drafts = generation.build(scenario, duel_class, default_catalog(), params,
                                         truth, question.scenario.format.name)
            built += [variants.payload(d) for d in drafts if d.key == question.key]
        for variant in question.variants:
            assert variant in built, (row.slug, question.key)


def test_a_variant_shows_something_else_and_still_tests_the_ruling(bank):
    for question in with_variants():
        original = [question.facts, question.steps, [o["text"] for o in question.options]]
        for variant in question.variants:
            assert [variant["facts"], variant["steps"],
                    [o["text"] for o in variant["options"]]] != original
            sources = [o["source"] for o in variant["options"]]
            assert sources.count("engine") == 1
            assert sources.count("wrong_reading") >= generation.MIN_WRONG
            assert sum(o["correct"] for o in variant["options"]) == 1


def test_an_exam_asks_variants_and_scores_them(bank, client):
    response = client.post("/api/quizzes/", json.dumps({"mode": "exam", "count": 20}),
                           content_type="application/json")
    assert response.status_code == 201, response.content
    attempt = Attempt.objects.get(pk=response.json()["id"])
    entries = list(attempt.entries.select_related("question"))
    asked = [e for e in entries if e.variant]
    assert asked, "no drawn exam question has a variant"
    for entry in asked:
        assert entry.variant in entry.question.variants
        shown = client.get(f"/api/quizzes/{attempt.pk}/questions/{entry.number}/").json()
        assert shown["stem"] == entry.variant["prompt"]
        assert [o["text"] for o in shown["options"]] == [o["text"] for o in
                                                         entry.variant["options"]]
        right = next(o["key"] for o in entry.variant["options"] if o["correct"])
        client.post(f"/api/quizzes/{attempt.pk}/questions/{entry.number}/answer/",
                    json.dumps({"option": right}), content_type="application/json")
    results = client.post(f"/api/quizzes/{attempt.pk}/finish/").json()
    assert results["score"] >= len(asked)


def test_variants_are_drawn_the_same_way_for_one_attempt_and_differently_across(bank):
    drawn = list(with_variants()[:10])
    first = attempts.exam_variants(drawn, "seed-one")
    assert first == attempts.exam_variants(drawn, "seed-one")
    several = [q for q in drawn if len(q.variants) > 1]
    if several:
        picks = {json.dumps(attempts.exam_variants(several, f"seed-{n}")) for n in range(8)}
        assert len(picks) > 1
