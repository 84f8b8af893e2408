"""A taker's quiz history outlives the scenarios its questions came from.

The review behind these tests: deleting a scenario row (as `load_scenarios` does for a file
that is gone) cascaded into the questions and every attempt's entries, so a finished quiz
went from a total of 1 to 0 and an unfinished one answered with a 500.
"""
import json

import pytest
from django.core.management import call_command
from django.db.models import ProtectedError

from scenarios.verification.models import Scenario
from scenarios.quizzes import attempts
from scenarios.quizzes.bank import refresh
from scenarios.quizzes.models import Attempt, Question, ReviewCard

REMOVED = "has been removed"


@pytest.fixture
def quiz_bank(bundled_rules):
    call_command("load_scenarios", verbosity=0)
    return bundled_rules


def post(client, url, data=None):
    return client.post(url, json.dumps(data or {}), content_type="application/json")


def start(client, **data):
    response = post(client, "/api/quizzes/", {"mode": "practice", "count": 3, **data})
    assert response.status_code == 201, response.content
    return response.json()


def question_of(quiz_id, number):
    return Attempt.objects.get(pk=quiz_id).entries.get(number=number).question


def right_key(quiz_id, number):
    """The right option of what the entry asks (an exam's variant has keys of its own)."""
    entry = Attempt.objects.get(pk=quiz_id).entries.get(number=number)
    return attempts.right_option(attempts.shown(entry)["options"])


def delete_scenario_of(quiz_id, number):
    question = question_of(quiz_id, number)
    Scenario.objects.filter(pk=question.scenario_id).delete()
    return question.pk


def test_a_finished_quiz_keeps_its_total_and_score_after_its_scenarios_are_deleted(
        quiz_bank, reader_client):
    quiz = start(reader_client)
    for number in (1, 2, 3):
        post(reader_client, f"/api/quizzes/{quiz['id']}/questions/{number}/answer/",
             {"option": right_key(quiz["id"], number)})
    before = post(reader_client, f"/api/quizzes/{quiz['id']}/finish/").json()
    for number in (1, 2, 3):
        delete_scenario_of(quiz["id"], number)
    after = reader_client.get(f"/api/quizzes/{quiz['id']}/results/")
    assert after.status_code == 200
    data = after.json()
    assert (data["total"], data["score"], data["passed"]) == (3, 3, True) == (
        before["total"], before["score"], before["passed"])
    assert all(q["scenario"] is None for q in data["questions"])
    page = reader_client.get(f"/quiz/{quiz['id']}/results/")
    assert page.status_code == 200 and "3 of 3 right" in page.content.decode()
    assert REMOVED in page.content.decode()
    history = reader_client.get("/quiz/review/")
    assert history.status_code == 200 and "3 right" in history.content.decode()


def test_an_unfinished_quiz_whose_scenario_was_deleted_still_shows_answers_and_finishes(
        quiz_bank, client):
    quiz = start(client, count=2)
    right = right_key(quiz["id"], 1)
    delete_scenario_of(quiz["id"], 1)
    assert client.get(quiz["url"]).status_code == 200
    assert client.get(f"/api/quizzes/{quiz['id']}/questions/1/").status_code == 200
    answered = post(client, f"/api/quizzes/{quiz['id']}/questions/1/answer/", {"option": right})
    assert answered.status_code == 200, answered.content
    assert answered.json()["correct"] is True and answered.json()["scenario"] is None
    page = client.get(f"{quiz['url']}?n=1")
    assert page.status_code == 200 and REMOVED in page.content.decode()
    finished = post(client, f"/api/quizzes/{quiz['id']}/finish/")
    assert finished.status_code == 200 and finished.json()["score"] == 1
    results = client.get(f"/quiz/{quiz['id']}/results/")
    assert results.status_code == 200 and "1 of 2 right" in results.content.decode()


def test_an_exam_whose_scenario_was_deleted_still_finishes(quiz_bank, client):
    quiz = start(client, mode="exam", count=2)
    right = right_key(quiz["id"], 2)
    delete_scenario_of(quiz["id"], 2)
    assert client.get(f"{quiz['url']}?n=2").status_code == 200
    assert post(client, f"/api/quizzes/{quiz['id']}/questions/2/answer/",
                {"option": right}).status_code == 200
    results = post(client, f"/api/quizzes/{quiz['id']}/finish/").json()
    assert results["score"] == 1 and results["total"] == 2
    assert client.get(f"/quiz/{quiz['id']}/results/").status_code == 200


def test_a_deleted_scenario_leaves_its_questions_withdrawn_not_deleted(quiz_bank):
    scenario = Scenario.objects.filter(questions__isnull=False).first()
    kept = set(scenario.questions.values_list("pk", flat=True))
    scenario.delete()
    questions = Question.objects.filter(pk__in=kept)
    assert set(questions.values_list("pk", flat=True)) == kept
    assert all(q.scenario_id is None and not q.active and REMOVED in q.withdrawn_reason
               for q in questions)
    assert str(questions.first())  # the bank still names it


def test_load_scenarios_pruning_a_scenario_keeps_the_quizzes_taken_on_it(quiz_bank, reader):
    """A scenario row with no bundled file (as after its file is deleted) is pruned by the
    next `load_scenarios`; the quizzes taken on its questions stay whole."""
    copy = Scenario.objects.filter(status="passed").order_by("slug").first()
    copy.pk, copy.slug = None, "a-scenario-whose-file-is-gone"
    copy.save()
    refresh([copy.slug])
    questions = list(Question.objects.filter(scenario=copy))
    assert questions
    finished = attempts.start("practice", user=reader, questions=questions)
    attempts.answer(finished, 1, questions[0].right_option)
    attempts.finish(finished)
    unfinished = attempts.start("exam", user=reader, questions=questions)
    call_command("load_scenarios", verbosity=0)
    assert not Scenario.objects.filter(slug=copy.slug).exists()
    data = attempts.results(Attempt.objects.get(pk=finished.pk))
    assert (data["total"], data["score"]) == (len(questions), 1)
    attempts.answer(unfinished, 1, questions[0].right_option)
    assert attempts.finish(unfinished).score == 1


def test_history_and_review_cards_cannot_be_deleted_with_their_question(quiz_bank, reader_client,
                                                                       reader):
    quiz = start(reader_client, count=1)
    question = question_of(quiz["id"], 1)
    wrong = next(o["key"] for o in question.options if not o["correct"])
    post(reader_client, f"/api/quizzes/{quiz['id']}/questions/1/answer/", {"option": wrong})
    assert ReviewCard.objects.filter(user=reader, question=question).exists()
    with pytest.raises(ProtectedError):
        question.delete()
    delete_scenario_of(quiz["id"], 1)
    assert ReviewCard.objects.filter(user=reader, question=question).exists()
    review = reader_client.get("/quiz/review/")
    assert review.status_code == 200  # a withdrawn question is not due, and nothing breaks


def test_editors_see_questions_whose_scenario_is_gone(quiz_bank, client, editor_client):
    quiz = start(client, count=1)
    post(client, f"/api/quizzes/{quiz['id']}/questions/1/answer/",
         {"option": right_key(quiz["id"], 1)})
    question_id = delete_scenario_of(quiz["id"], 1)
    bank = editor_client.get("/quiz/questions/")
    assert bank.status_code == 200 and REMOVED in bank.content.decode()
    stats = editor_client.get(f"/api/questions/{question_id}/stats/")
    assert stats.status_code == 200 and stats.json()["scenario"] is None
    assert stats.json()["answers"] == 1
    listing = editor_client.get("/api/questions/?page=1")
    assert listing.status_code == 200
    pages = [listing.json()]
    while pages[-1]["next"]:
        pages.append(editor_client.get(pages[-1]["next"]).json())
    orphan = next(q for page in pages for q in page["results"] if q["id"] == question_id)
    assert orphan["scenario"] is None and orphan["url"] is None and not orphan["active"]
