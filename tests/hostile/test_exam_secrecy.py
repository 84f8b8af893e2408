"""An exam cannot be answered from what the site shows elsewhere.

The review behind these tests: 40 anonymous practice quizzes harvested the answer key to
1,133 of some 1,192 questions, which then scored 97-99% on an exam; and an exam could be
limited to one scenario, whose public replay page names the answer.
"""
import json
import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils.html import escape

from scenarios.verification.models import Scenario
from scenarios.quizzes import attempts
from scenarios.quizzes.models import Attempt, Question, ReviewCard

KEY_FIELDS = ("right_option", "options_explained", "explanation", "scenario")


@pytest.fixture
def quiz_bank(bundled_rules):
    call_command("load_scenarios", verbosity=0)
    return bundled_rules


@pytest.fixture
def unthrottled(settings):
    """The harvest sends some thousand requests from one address; the throttle is
    test_quiz_spam's business, and an attacker with many addresses would not meet it."""
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "100000/minute",
                               "user": "100000/minute", "quiz_start": "100000/hour"}


def post(client, url, data=None):
    return client.post(url, json.dumps(data or {}), content_type="application/json")


def shown_as(question):
    """How a taker recognises a question: what happened, what is asked and the options offered,
    as the API shows them (the prompt alone repeats across scenarios)."""
    return (tuple(question["steps"]), question["stem"],
            tuple(o["text"] for o in question["options"]))


def harvest_practice_keys(client):
    """What an attacker learns from practice: every practice quiz the site will start (one
    per scenario, 100 questions each), finished at once; the results name the right option
    of each question. Returns {shown_as: right option text} and the questions seen."""
    known, seen = {}, set()
    for slug in Scenario.objects.values_list("slug", flat=True):
        started = post(client, "/api/quizzes/", {"mode": "practice", "scenario": slug,
                                                 "count": 100})
        if started.status_code != 201:
            assert started.status_code == 422, started.content
            continue
        quiz = started.json()
        seen |= set(Attempt.objects.get(pk=quiz["id"]).entries.values_list("question_id",
                                                                            flat=True))
        results = post(client, f"/api/quizzes/{quiz['id']}/finish/").json()
        for question in results["questions"]:
            right = next(o["text"] for o in question["options"]
                         if o["key"] == question["right_option"])
            known[shown_as(question)] = right
    return known, seen


def take_exam(client, count, answer_with=None, as_themselves=False):
    """Starts and answers an exam; `as_themselves` asks every question as stored, as an exam
    does for a question whose scenario has no variant."""
    quiz = post(client, "/api/quizzes/", {"mode": "exam", "count": count}).json()
    if as_themselves:
        Attempt.objects.get(pk=quiz["id"]).entries.update(variant=None)
    for number in range(1, quiz["count"] + 1):
        shown = client.get(f"/api/quizzes/{quiz['id']}/questions/{number}/").json()
        option = shown["options"][0]["key"]
        if answer_with is not None and shown_as(shown) in answer_with:
            option = next(o["key"] for o in shown["options"]
                          if o["text"] == answer_with[shown_as(shown)])
        post(client, f"/api/quizzes/{quiz['id']}/questions/{number}/answer/", {"option": option})
    return quiz


def test_practice_reveals_no_key_an_exam_asks(quiz_bank, unthrottled):
    attacker = Client()
    known, seen = harvest_practice_keys(attacker)
    practice = Question.objects.filter(active=True, status=Question.PUBLISHED, pool="practice")
    assert len(known) >= 0.9 * practice.count()  # practice still teaches its whole pool
    exam = take_exam(attacker, 100, answer_with=known)
    results = post(attacker, f"/api/quizzes/{exam['id']}/finish/").json()
    asked = {shown_as(q) for q in results["questions"]}
    assert results["total"] == 100
    assert not asked & set(known), f"{len(asked & set(known))} of 100 exam keys harvested"
    exam_questions = set(Attempt.objects.get(pk=exam["id"]).entries.values_list("question_id",
                                                                                flat=True))
    assert not exam_questions & seen
    assert set(Question.objects.filter(pk__in=exam_questions).values_list("pool",
                                                                          flat=True)) == {"exam"}
    assert set(Question.objects.filter(pk__in=seen).values_list("pool", flat=True)) == {
        "practice"}


def test_finished_exam_results_name_no_right_option_nor_explanation(quiz_bank, client):
    quiz = take_exam(client, 6, as_themselves=True)
    finished = post(client, f"/api/quizzes/{quiz['id']}/finish/")
    questions = [e.question for e in Attempt.objects.get(pk=quiz["id"]).entries.all()]
    secrets = [q.explanation for q in questions] + [
        o["explanation"] for q in questions for o in q.options if o["explanation"]]
    for response in (finished, client.get(f"/api/quizzes/{quiz['id']}/results/")):
        data = response.json()
        assert data["score"] is not None and "passed" in data and data["key_shown"] is False
        assert "confidential" in data["note"]
        for question in data["questions"]:
            assert not set(KEY_FIELDS) & set(question), sorted(question)
            assert question["correct"] in (True, False) and question["answer"]
            assert question["rules"]
        text = response.content.decode()
        assert not any(json.dumps(secret)[1:-1] in text for secret in secrets)
    for number in range(1, len(questions) + 1):
        shown = client.get(f"/api/quizzes/{quiz['id']}/questions/{number}/").json()
        assert not set(KEY_FIELDS) & set(shown)
    page = client.get(f"/quiz/{quiz['id']}/results/").content.decode()
    assert "option-right" not in page and "the right answer" not in page
    assert not any(escape(secret) in page for secret in secrets)
    assert not re.search(r'href="/scenarios/[^"/]+/"', page)
    assert "confidential" in page and "/rules/" in page
    assert page.count("your answer") == len(questions)


def test_a_finished_exam_shows_its_variants_keys_and_never_their_questions(quiz_bank, client):
    quiz = take_exam(client, 8)
    entries = list(Attempt.objects.get(pk=quiz["id"]).entries.select_related("question"))
    assert any(entry.variant for entry in entries)
    text = post(client, f"/api/quizzes/{quiz['id']}/finish/").content.decode()
    results = json.loads(text)
    for entry, shown in zip(entries, results["questions"]):
        if not entry.variant:
            assert not shown["key_shown"] and not set(KEY_FIELDS) & set(shown)
            continue
        right = next(o["key"] for o in entry.variant["options"] if o["correct"])
        assert shown["key_shown"] and shown["right_option"] == right
        assert shown["explanation"] == entry.variant["explanation"]
        asked_as_stored = (entry.question.facts, entry.question.steps, entry.question.board)
        assert (entry.variant["facts"], entry.variant["steps"],
                entry.variant["board"]) != asked_as_stored


def test_an_exam_cannot_be_limited_to_one_scenario(quiz_bank, client):
    slug = Question.objects.filter(active=True, status=Question.PUBLISHED,
                                   pool="practice").values_list("scenario__slug",
                                                                flat=True).first()
    refused = post(client, "/api/quizzes/", {"mode": "exam", "scenario": slug})
    assert refused.status_code == 400 and "scenario" in refused.json()
    page = client.get(f"/quiz/?scenario={slug}").content.decode()
    assert 'value="exam"' not in page and 'value="practice"' in page
    sent = client.post("/quiz/", {"mode": "exam", "scenario": slug, "count": 2})
    assert sent.status_code == 200 and not Attempt.objects.exists()
    assert client.get("/quiz/").content.decode().count('value="exam"') == 1


def test_exam_misses_make_no_review_cards_but_count_among_the_rules_missed(
        quiz_bank, reader_client, reader):
    quiz = post(reader_client, "/api/quizzes/", {"mode": "exam", "count": 3}).json()
    for entry in Attempt.objects.get(pk=quiz["id"]).entries.select_related("question"):
        wrong = next(o["key"] for o in attempts.shown(entry)["options"] if not o["correct"])
        post(reader_client, f"/api/quizzes/{quiz['id']}/questions/{entry.number}/answer/",
             {"option": wrong})
    post(reader_client, f"/api/quizzes/{quiz['id']}/finish/")
    assert not ReviewCard.objects.filter(user=reader).exists()
    review = reader_client.get("/quiz/review/").content.decode()
    assert "Nothing is due" in review and re.search(r"missed \d+ of \d+", review)


def test_every_format_and_difficulty_has_questions_in_both_pools(quiz_bank):
    active = Question.objects.filter(active=True)
    exam_share = active.filter(pool="exam").count() / active.count()
    assert 0.25 < exam_share < 0.42
    for format_slug in Scenario.objects.values_list("format_slug", flat=True).distinct():
        pools = {q.pool for q in active if format_slug in q.formats}
        assert pools == {"practice", "exam"}, format_slug
    for level in (1, 2, 3):
        assert set(active.filter(difficulty=level).values_list("pool", flat=True)) == {
            "practice", "exam"}, level
