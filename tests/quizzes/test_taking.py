"""Taking quizzes through the API and the pages: integrity, timing, idempotence, ownership."""
import json
import re
from datetime import timedelta

from django.test import Client
from django.utils.html import escape
from django.utils import timezone

from scenarios.quizzes import attempts
from scenarios.quizzes.models import Attempt, Question, ReviewCard, ReviewLog

KEY_WORDS = ("correct", "right_option", "explanation", "options_explained", "source")


def post(client, url, data=None):
    return client.post(url, json.dumps(data or {}), content_type="application/json")


def start(client, **data):
    response = post(client, "/api/quizzes/", {"mode": "practice", "count": 5, **data})
    assert response.status_code == 201, response.content
    return response.json()


def right_key(attempt_id, number):
    """The right option of what the entry asks (an exam's variant has keys of its own)."""
    entry = Attempt.objects.get(pk=attempt_id).entries.get(number=number)
    return attempts.right_option(attempts.shown(entry)["options"])


def wrong_key(attempt_id, number):
    entry = Attempt.objects.get(pk=attempt_id).entries.get(number=number)
    return next(o["key"] for o in attempts.shown(entry)["options"] if not o["correct"])


def test_practice_gives_feedback_only_after_each_answer(client, bank):
    quiz = start(client)
    url = f"/api/quizzes/{quiz['id']}/questions/1/"
    before = client.get(url)
    data = before.json()
    assert set(data) >= {"stem", "board_svg", "steps", "options"}
    assert all(set(o) == {"key", "text"} for o in data["options"])
    assert not any(word in data for word in KEY_WORDS)
    answer = post(client, url + "answer/", {"option": right_key(quiz["id"], 1)}).json()
    assert answer["correct"] is True and answer["right_option"] == right_key(quiz["id"], 1)
    assert answer["explanation"]
    after = client.get(url).json()
    assert after["correct"] is True and after["right_option"]
    second = client.get(f"/api/quizzes/{quiz['id']}/questions/2/").json()
    assert "right_option" not in second


def test_no_answer_key_in_the_page_before_answering(client, bank):
    quiz = start(client)
    html = client.get(quiz["url"]).content.decode()
    question = Attempt.objects.get(pk=quiz["id"]).entries.get(number=1).question
    assert escape(question.prompt) in html
    for option in question.options:
        assert escape(option["text"]) in html
        if option["explanation"]:
            assert escape(option["explanation"]) not in html
    assert escape(question.explanation) not in html
    assert "option-right" not in html and "right answer" not in html


def test_practice_answers_stand_once_given(client, bank):
    quiz = start(client)
    url = f"/api/quizzes/{quiz['id']}/questions/1/answer/"
    first = post(client, url, {"option": wrong_key(quiz["id"], 1)}).json()
    again = post(client, url, {"option": right_key(quiz["id"], 1)}).json()
    assert first["correct"] is False and again["correct"] is False
    assert again["answer"] == first["answer"]


def test_exam_hides_every_key_even_once_it_is_submitted(client, bank):
    """An exam question asked as itself (its scenario has no variant) keeps its key: the
    results say which answers were right and which rules each question tests, never the right
    option nor the explanations (the exam pool stays confidential)."""
    quiz = start(client, mode="exam", count=3)
    Attempt.objects.get(pk=quiz["id"]).entries.update(variant=None)
    assert Attempt.objects.get(pk=quiz["id"]).deadline is not None
    base = f"/api/quizzes/{quiz['id']}"
    recorded = post(client, f"{base}/questions/1/answer/", {"option": right_key(quiz["id"], 1)})
    assert recorded.json() == {"recorded": True, "answer": right_key(quiz["id"], 1),
                               "url": f"/quiz/{quiz['id']}/?n=1"}
    assert not any(word in client.get(f"{base}/questions/1/").json() for word in KEY_WORDS)
    assert client.get(f"{base}/results/").status_code == 409
    results = post(client, f"{base}/finish/").json()
    assert results["score"] == 1 and results["total"] == 3 and results["passed"] is False
    assert results["key_shown"] is False and "confidential" in results["note"]
    assert [q["correct"] for q in results["questions"]] == [True, None, None]
    assert all(q["rules"] and not any(word in q for word in KEY_WORDS if word != "correct")
               for q in results["questions"])
    after = client.get(f"{base}/questions/1/").json()
    assert after["correct"] is True and "right_option" not in after


def test_submitting_twice_is_idempotent(client, bank):
    quiz = start(client, mode="exam", count=2)
    base = f"/api/quizzes/{quiz['id']}"
    post(client, f"{base}/questions/1/answer/", {"option": right_key(quiz["id"], 1)})
    first = post(client, f"{base}/finish/").json()
    finished_at = Attempt.objects.get(pk=quiz["id"]).finished_at
    second = post(client, f"{base}/finish/").json()
    assert first == second
    assert Attempt.objects.get(pk=quiz["id"]).finished_at == finished_at
    late = post(client, f"{base}/questions/2/answer/", {"option": right_key(quiz["id"], 2)})
    assert late.status_code == 409


def test_answers_after_the_time_limit_are_refused(client, bank):
    quiz = start(client, mode="exam", count=2, minutes=1)
    Attempt.objects.filter(pk=quiz["id"]).update(deadline=timezone.now() - timedelta(seconds=1))
    base = f"/api/quizzes/{quiz['id']}"
    late = post(client, f"{base}/questions/1/answer/", {"option": right_key(quiz["id"], 1)})
    assert late.status_code == 409 and "time limit" in late.json()["detail"]
    results = client.get(f"{base}/results/").json()
    assert results["finished"] is True and results["score"] == 0


def test_nobody_sees_or_answers_anothers_attempt(bank, reader):
    owner, stranger, reader_client = Client(), Client(), Client()
    reader_client.force_login(reader)
    quiz = start(owner)
    base = f"/api/quizzes/{quiz['id']}"
    for response in (stranger.get(f"{base}/questions/1/"),
                     post(stranger, f"{base}/questions/1/answer/", {"option": "a"}),
                     post(stranger, f"{base}/finish/"), stranger.get(f"{base}/results/"),
                     reader_client.get(f"{base}/questions/1/"), stranger.get(quiz["url"])):
        assert response.status_code == 404
    assert not Attempt.objects.get(pk=quiz["id"]).entries.filter(
        answered_at__isnull=False).exists()


def test_bad_requests_are_4xx_with_a_reason(client, bank):
    assert post(client, "/api/quizzes/", {"mode": "marathon"}).status_code == 400
    assert post(client, "/api/quizzes/", {"mode": "exam", "count": 10**9}).status_code == 400
    assert post(client, "/api/quizzes/", {"mode": "exam", "count": "many"}).status_code == 400
    assert post(client, "/api/quizzes/", {"mode": "exam", "formats": ["nope"]}).status_code == 422
    quiz = start(client)
    url = f"/api/quizzes/{quiz['id']}/questions/1/answer/"
    assert post(client, url, {"option": "z"}).status_code == 400
    assert post(client, url, {}).status_code == 400
    assert client.get(f"/api/quizzes/{quiz['id']}/questions/999/").status_code == 404


def test_choosing_by_format_and_difficulty(client, bank):
    quiz = start(client, formats=["kingdom-duels"], count=8, difficulty=2)
    for entry in Attempt.objects.get(pk=quiz["id"]).entries.select_related("question"):
        assert "kingdom-duels" in entry.question.formats and entry.question.difficulty == 2


def test_practice_draws_from_the_practice_pool_and_exams_from_the_exam_pool(client, bank):
    for mode, pool in (("practice", "practice"), ("exam", "exam")):
        quiz = start(client, mode=mode, count=100)
        drawn = Attempt.objects.get(pk=quiz["id"]).entries.values_list("question__pool",
                                                                        flat=True)
        assert len(drawn) == 100 and set(drawn) == {pool}
        post(client, f"/api/quizzes/{quiz['id']}/finish/")


def test_a_question_keeps_its_pool_when_its_scenario_is_rebuilt(bank):
    from scenarios.verification.models import Scenario
    from scenarios.quizzes.bank import build_for, pool_for, store

    scenario = Scenario.objects.filter(questions__pool="exam").first()
    before = dict(scenario.questions.values_list("key", "pool"))
    assert all(pool == pool_for(scenario.slug, key) for key, pool in before.items())
    store(scenario, *build_for(scenario))
    assert dict(scenario.questions.values_list("key", "pool")) == before


def test_signed_in_users_keep_history_weaknesses_and_a_review_queue(reader_client, reader, bank):
    quiz = start(reader_client, count=3)
    for number in (1, 2, 3):
        post(reader_client, f"/api/quizzes/{quiz['id']}/questions/{number}/answer/",
             {"option": wrong_key(quiz["id"], number)})
    post(reader_client, f"/api/quizzes/{quiz['id']}/finish/")
    assert Attempt.objects.filter(user=reader).count() == 1
    cards = ReviewCard.objects.filter(user=reader)
    assert cards.count() == 3 and all(card.misses == 1 for card in cards)
    assert ReviewLog.objects.filter(card__user=reader, rating=ReviewLog.AGAIN).count() == 3
    page = reader_client.get("/quiz/review/").content.decode()
    assert "3 questions due now" in page and "The rules you miss most" in page
    response = reader_client.post("/quiz/review/")
    review = Attempt.objects.filter(user=reader).first()
    assert response.status_code == 302 and review.entries.count() == 3
    for number in (1, 2, 3):
        post(reader_client, f"/api/quizzes/{review.id}/questions/{number}/answer/",
             {"option": right_key(review.id, number)})
    assert ReviewLog.objects.filter(card__user=reader, rating=ReviewLog.GOOD).count() == 3
    assert all(card.due_at >= card.last_review + timedelta(days=1)
               for card in ReviewCard.objects.filter(user=reader))
    assert "Nothing is due" in reader_client.get("/quiz/review/").content.decode()


def test_editors_see_success_rates_and_wrong_option_counts(editor_client, bank):
    client = Client()
    quiz = start(client, count=1)
    question = Attempt.objects.get(pk=quiz["id"]).entries.get(number=1).question
    wrong = wrong_key(quiz["id"], 1)
    post(client, f"/api/quizzes/{quiz['id']}/questions/1/answer/", {"option": wrong})
    stats = editor_client.get(f"/api/questions/{question.pk}/stats/").json()
    assert stats["answers"] == 1 and stats["success_rate"] == 0
    assert next(o for o in stats["options"] if o["key"] == wrong)["chosen"] == 1
    assert client.get(f"/api/questions/{question.pk}/stats/").status_code == 403
    listing = editor_client.get("/api/questions/?format=core").json()
    assert listing["count"] == Question.objects.filter(scenario__format_slug="core").count()
    assert {q["pool"] for q in listing["results"]} <= {"practice", "exam"}
    assert stats["pool"] == question.pool == "practice"
    assert client.get("/quiz/questions/").status_code == 403
    bank_page = editor_client.get("/quiz/questions/")
    assert bank_page.status_code == 200 and "<th>Pool</th>" in bank_page.content.decode()


def test_the_pages_take_a_practice_quiz_without_javascript(client, bank):
    response = client.post("/quiz/", {"mode": "practice", "count": 2})
    assert response.status_code == 302
    attempt = Attempt.objects.get()
    take = response["Location"]
    answered = client.post(take, {"n": 1, "option": right_key(attempt.id, 1)})
    page = client.get(answered["Location"]).content.decode()
    assert "Right." in page and "Step through the whole replay" in page
    finished = client.post(take, {"n": 1, "finish": "1"})
    results = client.get(finished["Location"]).content.decode()
    assert "1 of 2 right" in results


def test_quiz_is_in_the_menu_and_articles_and_scenarios_link_to_their_questions(client, bank):
    home = client.get("/").content.decode()
    assert 'href="/quiz/"' in home
    article = client.get("/rules/core/ending-the-game/").content.decode()
    assert "/quiz/?articles=core/ending-the-game" in article
    scenario = client.get("/scenarios/poison-vs-ceasefire/").content.decode()
    assert "/quiz/?scenario=poison-vs-ceasefire" in scenario


def test_a_scenario_without_practice_questions_says_so_and_offers_the_usual_choice(client,
                                                                                  bank):
    from scenarios.verification.models import Scenario
    from scenarios.quizzes.models import Question

    practised = set(Question.objects.filter(active=True, status=Question.PUBLISHED,
                                            pool="practice").values_list("scenario__slug",
                                                                         flat=True))
    unasked = Scenario.objects.exclude(slug__in=practised).first()
    page = client.get(f"/quiz/?scenario={unasked.slug}").content.decode()
    assert "has no practice questions now" in page and unasked.get_absolute_url() in page
    assert f'value="{unasked.slug}"' not in page and 'value="exam"' in page
    asked = client.get(f"/quiz/?scenario={sorted(practised)[0]}").content.decode()
    assert "has no practice questions now" not in asked and "Practice questions from one" in asked


def test_questions_go_stale_as_soon_as_a_parameter_they_read_changes(bank):
    """The fresh-scenario list is kept between quizzes, but never past a new revision."""
    from rulings.knowledge.models import Article
    from rulings.knowledge.publishing import record_revision, source_of
    from scenarios.verification.models import Scenario
    from scenarios.quizzes.attempts import fresh_scenarios

    before = {slug for slug, _ in fresh_scenarios().values()}
    article = Article.objects.select_related("format", "current_revision").get(
        format__slug="thought-ruler-highlander", slug="nightfall")
    source = source_of(article.current_revision)
    source.parameters = {**source.parameters, "nightfall_cost": 1000}
    record_revision(article, source, comment="no verification yet")  # the verdicts not rerun
    after = {slug for slug, _ in fresh_scenarios().values()}
    gone = before - after
    assert gone and after < before
    assert all("nightfall_cost" in Scenario.objects.get(slug=slug).params_read for slug in gone)


def test_the_start_form_explains_what_each_difficulty_means(client, db):
    from scenarios.quizzes import stats

    html = client.get("/quiz/").content.decode()
    assert "<legend>Difficulty</legend>" in html
    assert f"once it has {stats.DIFFICULTY_MIN_ANSWERS} answers" in html
    assert "easy when 80% or more answer it right, medium from 50% to 79%, hard below 50%" in html
    assert "easy when one rule does, medium for two, hard for three or more" in html
    for word in ("Any", "Easy", "Medium", "Hard"):
        assert re.search(rf'<input type="radio" name="difficulty"[^>]*> {word}</label>', html)
