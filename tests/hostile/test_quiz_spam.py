"""Starting quizzes cannot fill the database: starts are throttled per client, each owner
holds a bounded number of open quizzes, and `manage.py clean_up` clears what visitors leave.

The review behind these tests: twenty seconds of cookie-less `POST /api/quizzes/` with
`count: 100` added 1,225 attempts, 122,500 entries and 1,229 sessions.
"""
import io
import json
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from rulings.knowledge.models import ThrottleCount
from rulings.knowledge.throttles import parse_rate
from scenarios.quizzes.attempts import MAX_OPEN_ATTEMPTS
from scenarios.quizzes.models import Attempt, AttemptQuestion
from tests.concurrency import run_together


@pytest.fixture
def quiz_bank(bundled_rules):
    call_command("load_scenarios", verbosity=0)
    return bundled_rules


def post(client, url, data=None):
    return client.post(url, json.dumps(data or {}), content_type="application/json")


def quiz_starts_allowed():
    return parse_rate(settings.THROTTLE_RATES["quiz_start"])[0]


def answer_first_question(client, quiz_id):
    question = Attempt.objects.get(pk=quiz_id).entries.get(number=1).question
    response = post(client, f"/api/quizzes/{quiz_id}/questions/1/answer/",
                    {"option": question.options[0]["key"]})
    assert response.status_code == 200, response.content


def test_cookieless_starts_from_one_address_stop_at_the_throttle(quiz_bank):
    allowed = quiz_starts_allowed()
    statuses = []
    for _ in range(200):
        statuses.append(post(Client(), "/api/quizzes/", {"mode": "practice",
                                                         "count": 100}).status_code)
    assert statuses.count(201) == allowed
    assert set(statuses[allowed:]) == {429}
    assert Attempt.objects.count() <= allowed
    assert Session.objects.count() <= allowed
    assert AttemptQuestion.objects.count() <= allowed * 100


def test_the_quiz_page_and_the_review_queue_count_against_the_same_throttle(
        quiz_bank, reader_client, reader):
    allowed = quiz_starts_allowed()
    for _ in range(allowed):
        response = reader_client.post("/quiz/", {"mode": "practice", "count": 1})
        assert response.status_code == 302
        Attempt.objects.filter(user=reader).update(finished_at=timezone.now(), score=0)
    refused = reader_client.post("/quiz/", {"mode": "practice", "count": 1})
    assert refused.status_code == 429 and "Too many quizzes started" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    assert reader_client.post("/quiz/review/").status_code == 429
    assert post(reader_client, "/api/quizzes/", {"mode": "practice"}).status_code == 429
    assert Attempt.objects.filter(user=reader).count() == allowed


def test_an_owner_never_holds_more_than_the_cap_of_open_quizzes(quiz_bank, client):
    started = []
    for _ in range(3 * MAX_OPEN_ATTEMPTS):
        response = post(client, "/api/quizzes/", {"mode": "practice", "count": 100})
        assert response.status_code == 201
        started.append(response.json()["id"])
        assert Attempt.objects.filter(finished_at=None).count() <= MAX_OPEN_ATTEMPTS
    kept = {str(pk) for pk in Attempt.objects.values_list("id", flat=True)}
    assert kept == set(started[-MAX_OPEN_ATTEMPTS:])  # the oldest unanswered ones went


def test_open_quizzes_with_answers_are_never_dropped_to_make_room(quiz_bank, client):
    answered = []
    for _ in range(MAX_OPEN_ATTEMPTS):
        quiz = post(client, "/api/quizzes/", {"mode": "practice", "count": 2}).json()
        answer_first_question(client, quiz["id"])
        answered.append(quiz["id"])
    refused = post(client, "/api/quizzes/", {"mode": "exam", "count": 2})
    assert refused.status_code == 409
    body = refused.json()
    assert "finish" in body["detail"] and str(MAX_OPEN_ATTEMPTS) in body["detail"]
    assert sorted(body["open_quizzes"]) == sorted(f"/quiz/{pk}/" for pk in answered)
    assert {str(pk) for pk in Attempt.objects.values_list("id", flat=True)} == set(answered)
    page = client.post("/quiz/", {"mode": "practice", "count": 2})
    html = page.content.decode()
    assert page.status_code == 200 and "finish one of them" in html
    assert all(f'href="/quiz/{pk}/"' in html for pk in answered)
    # Finishing one makes room again.
    post(client, f"/api/quizzes/{answered[0]}/finish/")
    assert post(client, "/api/quizzes/", {"mode": "practice", "count": 2}).status_code == 201


def test_finished_and_past_deadline_quizzes_do_not_count_as_open(quiz_bank, client):
    for _ in range(MAX_OPEN_ATTEMPTS):
        quiz = post(client, "/api/quizzes/", {"mode": "exam", "count": 2}).json()
        answer_first_question(client, quiz["id"])
    Attempt.objects.update(deadline=timezone.now() - timedelta(seconds=1))
    assert post(client, "/api/quizzes/", {"mode": "practice", "count": 2}).status_code == 201
    assert Attempt.objects.count() == MAX_OPEN_ATTEMPTS + 1


def test_reading_a_quiz_without_a_cookie_creates_no_session(quiz_bank, client):
    quiz = post(client, "/api/quizzes/", {"mode": "practice", "count": 1}).json()
    before = Session.objects.count()
    for _ in range(20):
        stranger = Client()
        assert stranger.get(f"/api/quizzes/{quiz['id']}/questions/1/").status_code == 404
        assert stranger.get(quiz["url"]).status_code == 404
    assert Session.objects.count() == before


def test_clean_up_deletes_abandoned_anonymous_quizzes_expired_sessions_and_ended_counts(
        quiz_bank, reader_client, reader):
    visitor, gone, idle = Client(), Client(), Client()
    live = post(visitor, "/api/quizzes/", {"mode": "practice", "count": 2}).json()
    answer_first_question(visitor, live["id"])
    unanswered_today = post(visitor, "/api/quizzes/", {"mode": "practice", "count": 2}).json()
    ended_visit = post(gone, "/api/quizzes/", {"mode": "practice", "count": 2}).json()
    answer_first_question(gone, ended_visit["id"])
    forgotten = post(idle, "/api/quizzes/", {"mode": "practice", "count": 2}).json()
    mine = post(reader_client, "/api/quizzes/", {"mode": "practice", "count": 2}).json()
    # Time moves on: one visit's session expires, one quiz sits unanswered for two days,
    # every throttle window ends.
    Session.objects.filter(session_key=gone.session.session_key).update(
        expire_date=timezone.now() - timedelta(minutes=1))
    two_days_ago = timezone.now() - timedelta(days=2)
    Attempt.objects.filter(pk__in=[forgotten["id"], mine["id"]]).update(started_at=two_days_ago)
    ThrottleCount.objects.update(window_ends=0)

    out = io.StringIO()
    call_command("clean_up", stdout=out)

    left = {str(pk) for pk in Attempt.objects.values_list("id", flat=True)}
    assert left == {live["id"], unanswered_today["id"], mine["id"]}
    assert not Session.objects.filter(expire_date__lte=timezone.now()).exists()
    assert not ThrottleCount.objects.exists()
    assert not AttemptQuestion.objects.filter(attempt_id__in=[ended_visit["id"],
                                                              forgotten["id"]]).exists()
    lines = out.getvalue().strip().splitlines()
    assert len(lines) == 3, lines
    assert "2 abandoned anonymous quizzes" in lines[0]
    assert "1 expired session" in lines[1]
    assert "throttle count" in lines[2]
    again = io.StringIO()
    call_command("clean_up", stdout=again)
    assert "0 abandoned anonymous quizzes" in again.getvalue()


def test_repeated_starts_with_clean_up_keep_the_database_bounded(quiz_bank, settings):
    """A day of a visitor who keeps starting quizzes with one cookie and walks away."""
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "quiz_start": "1000/hour"}
    visitor = Client()
    for _ in range(60):
        assert post(visitor, "/api/quizzes/", {"mode": "practice",
                                               "count": 20}).status_code == 201
    assert Attempt.objects.count() == MAX_OPEN_ATTEMPTS
    assert AttemptQuestion.objects.count() <= MAX_OPEN_ATTEMPTS * 20
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    call_command("clean_up", stdout=io.StringIO())
    assert not Attempt.objects.exists() and not Session.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_starts_at_the_same_moment_with_one_cookie_keep_the_cap(quiz_bank, settings):
    """Twelve starts in parallel from one visitor: each is a 201, none a 500, and the visitor
    ends with the cap of open quizzes, the answered ones all kept."""
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "quiz_start": "1000/hour"}
    first = Client()
    answered = []
    for _ in range(MAX_OPEN_ATTEMPTS - 1):
        quiz = post(first, "/api/quizzes/", {"mode": "practice", "count": 2}).json()
        answer_first_question(first, quiz["id"])
        answered.append(quiz["id"])
    cookie = first.cookies[settings.SESSION_COOKIE_NAME].value
    statuses = []

    def start(n):
        visitor = Client()
        visitor.cookies[settings.SESSION_COOKIE_NAME] = cookie
        statuses.append(post(visitor, "/api/quizzes/", {"mode": "practice",
                                                        "count": 2}).status_code)

    assert run_together(start, 12) == []
    assert statuses == [201] * 12
    kept = {str(pk) for pk in Attempt.objects.values_list("id", flat=True)}
    assert len(kept) == MAX_OPEN_ATTEMPTS and set(answered) < kept
