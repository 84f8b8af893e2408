"""The exam as a taker meets it: the choose page's blueprints, each question's format and
stem facts, the timer bar, variants asked in place of their question, and the results'
score, pass or fail, time taken, breakdown and missed questions; history lines."""
import json
import re
from datetime import timedelta

import pytest
from django.utils.html import escape

from scenarios.quizzes import attempts
from scenarios.quizzes.models import Attempt, ExamBlueprint, Question

KEY_FIELDS = ("right_option", "options_explained", "explanation", "scenario")
VARIANT = {"prompt": "With 2300 LP left, what happens to B's Kingdom Wolf?",
           "facts": ["Turn 7: B's Battle Phase.", "A has 2300 LP."],
           "steps": ["A attacks Kingdom Wolf with Kingdom Soldier."],
           "board": "<svg class='variant-board'></svg>",
           "options": [{"key": "a", "text": "It is destroyed.", "correct": False,
                        "explanation": "Only if the attack were declared twice."},
                       {"key": "b", "text": "It stays on the field.", "correct": True,
                        "explanation": "The variant's own reason."}],
           "explanation": "The variant's explanation, shown once its exam is over."}


def post(client, url, data=None):
    return client.post(url, json.dumps(data or {}), content_type="application/json")


@pytest.fixture
def exam_bank(bank):
    """Every active question published, so that exams have a pool of some size."""
    Question.objects.filter(active=True).update(status=Question.PUBLISHED)
    return bank


def start_exam(client, count=3, **data):
    started = post(client, "/api/quizzes/", {"mode": "exam", "count": count, **data})
    assert started.status_code == 201, started.content
    return Attempt.objects.get(pk=started.json()["id"])


def key_of(item, right=True):
    return next(o["key"] for o in attempts.shown(item)["options"] if bool(o["correct"]) == right)


# --- choosing -----------------------------------------------------------------------------------

def test_the_choose_page_offers_blueprints_for_exams_and_choices_for_practice(exam_bank,
                                                                              client):
    ExamBlueprint.objects.create(name="Kingdom night", slug="kingdom-night", count=5,
                                 minutes=12, pass_mark=60,
                                 description="Five questions, Kingdom Duels only.",
                                 format_weights={"core": 0})
    page = client.get("/quiz/").content.decode()
    assert "drawn from a blueprint" in page and "Practice only" in page
    assert "Every format" in page and "Kingdom night" in page
    assert "Five questions, Kingdom Duels only." in page
    assert "5 questions, 12 minutes, pass mark 60%" in page
    refused = client.post("/quiz/", {"mode": "exam", "formats": ["core"],
                                     "blueprint": "every-format"})
    assert refused.status_code == 200 and not Attempt.objects.exists()
    assert "choose practice only" in refused.content.decode()
    started = client.post("/quiz/", {"mode": "exam", "blueprint": "kingdom-night"})
    attempt = Attempt.objects.get()
    assert started.status_code == 302 and attempt.blueprint.slug == "kingdom-night"
    assert attempt.entries.count() == 5 and attempt.pass_mark == 60


# --- taking -------------------------------------------------------------------------------------

def test_each_question_names_its_format_on_the_page_and_in_the_api(exam_bank, client):
    attempt = start_exam(client)
    attempt.entries.update(variant=None)
    item = attempt.entries.select_related("question").get(number=1)
    Question.objects.filter(pk=item.question_id).update(facts=["Turn 5: A's Battle Phase."])
    name = attempts.format_names()[item.question.format]
    shown = client.get(f"/api/quizzes/{attempt.id}/questions/1/").json()
    assert shown["format"] == item.question.format and shown["format_name"] == name
    assert shown["facts"] == ["Turn 5: A's Battle Phase."]
    assert not set(KEY_FIELDS) & set(shown)
    page = client.get(f"/quiz/{attempt.id}/").content.decode()
    assert f"Format: <strong>{escape(name)}</strong>" in page
    assert page.index("Turn 5: A&#x27;s Battle Phase.") < page.index("quiz-prompt")


def test_the_timer_bar_shows_the_deadline_without_script_and_no_inline_script(exam_bank,
                                                                            client):
    attempt = start_exam(client)
    page = client.get(f"/quiz/{attempt.id}/").content.decode()
    bar = re.search(r'<div class="quiz-timer" role="timer"[^>]*>(.*?)</div>', page).group(1)
    assert attempt.deadline.strftime("%H:%M:%S") in bar and "Answers until" in bar
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    assert "rulings/quiz.js" in page
    css = open("rulings/knowledge/static/rulings/site.css").read()
    assert re.search(r"\.quiz-timer \{[^}]*position: sticky", css)


# --- variants -----------------------------------------------------------------------------------

def test_a_variant_is_asked_and_scored_in_place_of_its_question(exam_bank, client):
    attempt = start_exam(client, count=2)
    attempt.entries.filter(number=2).update(variant=None)
    item = attempt.entries.select_related("question").get(number=1)
    item.variant = VARIANT
    item.save(update_fields=["variant"])
    question = item.question
    shown = client.get(f"/api/quizzes/{attempt.id}/questions/1/").json()
    assert shown["stem"] == VARIANT["prompt"] and shown["facts"] == VARIANT["facts"]
    assert shown["steps"] == VARIANT["steps"] and shown["board_svg"] == VARIANT["board"]
    assert shown["options"] == [{"key": "a", "text": "It is destroyed."},
                                {"key": "b", "text": "It stays on the field."}]
    page = client.get(f"/quiz/{attempt.id}/?n=1").content.decode()
    assert escape(VARIANT["prompt"]) in page and "variant-board" in page
    assert escape(question.prompt) not in page
    assert "The variant&#x27;s own reason." not in page
    assert post(client, f"/api/quizzes/{attempt.id}/questions/1/answer/",
                {"option": "b"}).json()["recorded"]
    post(client, f"/api/quizzes/{attempt.id}/questions/2/answer/",
         {"option": key_of(attempt.entries.get(number=2), right=False)})
    results = post(client, f"/api/quizzes/{attempt.id}/finish/").json()
    assert results["score"] == 1
    variant, asked = results["questions"]
    assert variant["key_shown"] and variant["right_option"] == "b"
    assert variant["explanation"] == VARIANT["explanation"]
    assert not asked["key_shown"] and not set(KEY_FIELDS) & set(asked)


def test_a_missed_variant_shows_its_explanation_and_a_missed_question_its_rules(exam_bank,
                                                                               client):
    attempt = start_exam(client, count=2)
    attempt.entries.filter(number=2).update(variant=None)
    item = attempt.entries.get(number=1)
    item.variant = VARIANT
    item.save(update_fields=["variant"])
    post(client, f"/api/quizzes/{attempt.id}/questions/1/answer/", {"option": "a"})
    post(client, f"/api/quizzes/{attempt.id}/finish/")
    data = client.get(f"/api/quizzes/{attempt.id}/results/").json()
    variant, unanswered = data["missed"]
    assert variant["answer_text"] == "It is destroyed." and variant["key_shown"]
    assert variant["right_option_text"] == "It stays on the field."
    assert variant["explanation"] == VARIANT["explanation"]
    assert unanswered["answer"] is None and not unanswered["key_shown"]
    assert unanswered["rules"] and not set(KEY_FIELDS) & set(unanswered)
    page = client.get(f"/quiz/{attempt.id}/results/").content.decode()
    assert escape(VARIANT["explanation"]) in page and "You answered: It is destroyed." in page
    assert "Exam questions are confidential" in page
    hidden = attempt.entries.get(number=2).question
    assert escape(hidden.explanation) not in page


# --- results ------------------------------------------------------------------------------------

def test_results_show_pass_or_fail_time_taken_and_the_breakdown(exam_bank, client):
    attempt = start_exam(client, count=4)
    items = list(attempt.entries.select_related("question"))
    for item in items:
        post(client, f"/api/quizzes/{attempt.id}/questions/{item.number}/answer/",
             {"option": key_of(item, right=item.number != 4)})
    post(client, f"/api/quizzes/{attempt.id}/finish/")
    finished_at = Attempt.objects.get(pk=attempt.pk).finished_at
    Attempt.objects.filter(pk=attempt.pk).update(
        started_at=finished_at - timedelta(minutes=23, seconds=10))
    data = client.get(f"/api/quizzes/{attempt.id}/results/").json()
    assert data["summary"] == "3 of 4, not passed" and not data["passed"]
    assert data["time_taken"] == 23 * 60 + 10
    assert data["time_taken_text"] == "23 minutes 10 seconds"
    assert data["blueprint"] == {"slug": "every-format", "name": "Every format"}
    assert sum(row["asked"] for row in data["by_format"]) == 4
    assert sum(row["right"] for row in data["by_format"]) == 3
    assert sum(row["asked"] for row in data["by_article"]) == 4
    assert [m["number"] for m in data["missed"]] == [4]
    page = client.get(f"/quiz/{attempt.id}/results/").content.decode()
    assert "3 of 4, not passed" in page and "23 minutes 10 seconds" in page
    for row in data["by_format"]:
        assert escape(row["name"]) in page
    assert page.count('<p class="quiz-format meta">') == 4


def test_time_taken_reads_as_a_judge_would_write_it():
    assert attempts.duration_text(23 * 60 + 10) == "23 minutes 10 seconds"
    assert attempts.duration_text(3600 + 120) == "1 hour 2 minutes"
    assert attempts.duration_text(1) == "1 second" and attempts.duration_text(0) == "0 seconds"


def test_history_reads_score_and_pass_or_fail(exam_bank, reader_client):
    exam = start_exam(reader_client, count=2)
    for item in exam.entries.all():
        post(reader_client, f"/api/quizzes/{exam.id}/questions/{item.number}/answer/",
             {"option": key_of(item)})
    post(reader_client, f"/api/quizzes/{exam.id}/finish/")
    practice = post(reader_client, "/api/quizzes/", {"mode": "practice", "count": 2}).json()
    post(reader_client, f"/api/quizzes/{practice['id']}/finish/")
    review = reader_client.get("/quiz/review/").content.decode()
    assert "2 of 2, passed" in review and "practice: 0 of 2 right" in review
    assert "(Every format)" in review
    assert "2 of 2, passed" in reader_client.get("/quiz/").content.decode()
