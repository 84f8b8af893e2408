"""Takers report problems with the questions they were asked; editors handle the reports and
the reporter sees the answer. Reporting is throttled, and reveals nothing about a question."""
import json

import pytest
from django.test import Client
from django.utils.html import escape

from scenarios.quizzes import curation
from scenarios.quizzes.models import Attempt, QuestionEvent, QuestionReport

from .curation_helpers import logged_in, make_question, make_scenario, quiz

pytestmark = pytest.mark.django_db
KEY_WORDS = ("correct", "right_option", "explanation", "options", "source", "prompt")


@pytest.fixture
def question(db):
    return make_question(make_scenario())


def report(client, question, text="The stem forgets that A has 1000 LP."):
    return client.post(f"/api/questions/{question.pk}/report/", json.dumps({"text": text}),
                       content_type="application/json")


def test_a_taker_reports_a_question_they_were_asked(question, reader_client, reader):
    quiz([question], user=reader)
    response = report(reader_client, question)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["text"] == "The stem forgets that A has 1000 LP." and body["handled"] is False
    assert not any(word in body for word in KEY_WORDS)
    made = QuestionReport.objects.get()
    assert (made.question, made.user, made.handled_at) == (question, reader, None)
    event = QuestionEvent.objects.get(question=question)
    assert (event.action, event.user, event.detail) == ("reported", reader, made.text)


def test_an_anonymous_session_reports_a_question_of_its_quiz(question, client):
    session_key = client.session.session_key
    quiz([question], session_key=session_key)
    assert report(client, question).status_code == 201
    assert QuestionReport.objects.get().session_key == session_key


def test_a_question_never_asked_to_the_caller_does_not_exist_for_them(question, reader, editor):
    quiz([question], user=editor)
    reader_client = logged_in(reader)
    assert report(reader_client, question).status_code == 404
    assert report(Client(), question).status_code == 404  # no session, no quiz
    missing = report(reader_client, type(question)(pk=question.pk + 1000))
    assert missing.status_code == 404
    assert not QuestionReport.objects.exists()


def test_a_report_over_2000_characters_is_a_400_naming_the_text(question, reader_client,
                                                                 reader):
    quiz([question], user=reader)
    response = report(reader_client, question, "x" * 2001)
    assert response.status_code == 400 and "text" in response.json()
    assert report(reader_client, question, "   ").status_code == 400
    assert report(reader_client, question, "x" * 2000).status_code == 201


def test_reports_are_throttled_per_client(question, reader_client, reader, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "report": "2/hour"}
    attempt = quiz([question], user=reader)
    assert [report(reader_client, question).status_code for _ in range(3)] == [201, 201, 429]
    page = reader_client.post(f"/quiz/{attempt.id}/questions/1/report/", {"text": "Again."})
    assert page.status_code == 429 and "Too many reports sent" in page.content.decode()
    assert QuestionReport.objects.count() == 2


def test_the_report_form_on_an_exam_question_reveals_nothing(question, client):
    exam = quiz([question], session_key=client.session.session_key, mode=Attempt.EXAM)
    page = client.get(f"/quiz/{exam.id}/?n=1").content.decode()
    assert "Report a problem with this question" in page
    assert f'action="/quiz/{exam.id}/questions/1/report/"' in page
    response = client.post(f"/quiz/{exam.id}/questions/1/report/", {"text": "Two answers fit."})
    assert response.status_code == 302
    assert response["Location"] == f"/quiz/{exam.id}/?n=1#report-1"
    after = client.get(response["Location"]).content.decode()
    assert "your report is with the editors" in after
    assert "You reported a problem with this question on" in after
    for option in question.options:
        assert escape(option["explanation"]) not in after
    assert escape(question.explanation) not in after and "the right answer" not in after


def test_nobody_reports_through_another_takers_quiz(question, client, reader):
    theirs = quiz([question], user=reader)
    response = client.post(f"/quiz/{theirs.id}/questions/1/report/", {"text": "Hello."})
    assert response.status_code == 404 and not QuestionReport.objects.exists()
    assert client.get(f"/quiz/{theirs.id}/questions/1/report/").status_code == 405


def test_an_overlong_report_on_the_page_is_refused_with_a_message(question, reader_client,
                                                                   reader):
    attempt = quiz([question], user=reader)
    response = reader_client.post(f"/quiz/{attempt.id}/questions/1/report/",
                                  {"text": "x" * 2001}, follow=True)
    assert "Your report was not sent: Your report is 2,001 characters long" in \
        response.content.decode()
    assert not QuestionReport.objects.exists()


def test_the_reporter_sees_when_their_report_was_handled(question, reader, editor):
    reader_client, editor_client = logged_in(reader), logged_in(editor)
    attempt = quiz([question], user=reader, answers={question: "b"}, finished=True)
    reader_client.post(f"/quiz/{attempt.id}/questions/1/report/", {"text": "B is right too."})
    queue = editor_client.get("/quiz/reports/").content.decode()
    assert "B is right too." in queue and "1 report open." in queue
    made = QuestionReport.objects.get()
    response = editor_client.post("/quiz/reports/", {"report": made.pk,
                                                     "response": "Fixed the stem: thanks."})
    assert response.status_code == 302
    results = reader_client.get(f"/quiz/{attempt.id}/results/").content.decode()
    assert "Your report was handled: Fixed the stem: thanks." in results
    event = QuestionEvent.objects.filter(question=question).first()
    assert event.action == "report handled" and "Fixed the stem" in event.detail
    again = editor_client.post("/quiz/reports/", {"report": made.pk, "response": "Twice."},
                               follow=True)
    assert "already handled by edna" in again.content.decode()
    assert QuestionReport.objects.get().response == "Fixed the stem: thanks."


def test_another_takers_report_stays_theirs(question, reader, client):
    reader_client = logged_in(reader)
    mine = quiz([question], session_key=client.session.session_key, answers={question: "a"})
    theirs = quiz([question], user=reader)
    curation.report(question, "Something only I see.", user=reader)
    page = client.get(f"/quiz/{mine.id}/?n=1").content.decode()
    assert "Something only I see." not in page and "You reported" not in page
    assert "Report a problem with this question" in page
    assert "You reported a problem" in reader_client.get(f"/quiz/{theirs.id}/?n=1").content.decode()


def test_the_queue_lists_open_reports_first(question, editor_client, editor, reader):
    old = curation.report(question, "First, and handled.", user=reader)
    curation.handle(old.pk, editor, "Done.")
    curation.report(question, "Second, still open.", user=reader)
    page = editor_client.get("/quiz/reports/").content.decode()
    assert page.index("Second, still open.") < page.index("First, and handled.")
    assert "Handled" in page and "Done." in page


def test_the_queue_is_for_editors(reader):
    response = Client().get("/quiz/reports/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    reader_client = logged_in(reader)
    assert reader_client.get("/quiz/reports/").status_code == 403
    assert reader_client.post("/quiz/reports/", {"report": 1, "response": "x"}).status_code == 403


def test_a_response_is_required_to_handle_a_report(question, editor, reader):
    made = curation.report(question, "Unclear.", user=reader)
    with pytest.raises(curation.CurationError) as refused:
        curation.handle(made.pk, editor, "  ")
    assert refused.value.field == "response"
    with pytest.raises(curation.CurationError) as missing:
        curation.handle(10 ** 30, editor, "Done.")
    assert missing.value.status == 404


def test_an_editor_handles_a_report_on_the_question_page(question, editor_client, reader):
    made = curation.report(question, "The stem is unclear.", user=reader)
    url = f"/quiz/questions/{question.pk}/"
    assert "The stem is unclear." in editor_client.get(url).content.decode()
    response = editor_client.post(url, {"action": "handle", "report": made.pk,
                                        "response": "Reworded the stem."})
    assert response.status_code == 302
    page = editor_client.get(url).content.decode()
    assert "Reworded the stem." in page and "report handled" in page


def test_a_report_from_an_anonymous_browser_needs_its_own_session(question):
    browser = Client()
    attempt = quiz([question], session_key=browser.session.session_key)
    stranger = Client()
    response = stranger.post(f"/quiz/{attempt.id}/questions/1/report/", {"text": "Mine?"})
    assert response.status_code == 404
    assert browser.post(f"/quiz/{attempt.id}/questions/1/report/",
                        {"text": "Mine."}).status_code == 302
