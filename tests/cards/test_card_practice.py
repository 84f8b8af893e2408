"""'Practise rulings on this card': a practice quiz from the questions whose scenarios use the
card; never an exam; card names link in the explanations only once a question is answered."""
import re

import pytest

from scenarios.quizzes import attempts
from scenarios.quizzes.models import Attempt
from scenarios.verification.models import ScenarioCard

CARD = "Solemn Warning"


def test_practice_from_a_card_draws_only_the_questions_of_its_scenarios(loaded_site):
    using = set(ScenarioCard.objects.filter(name=CARD).values_list("scenario_id", flat=True))
    attempt = attempts.start(Attempt.PRACTICE, session_key="s", card=CARD, count=50)
    drawn = {entry.question.scenario_id for entry in attempt.entries.select_related("question")}
    assert drawn and drawn <= using
    assert attempt.choice["card"] == CARD


def test_an_exam_cannot_be_limited_to_a_card(loaded_site):
    with pytest.raises(attempts.QuizError) as refused:
        attempts.start(Attempt.EXAM, session_key="s", card=CARD)
    assert refused.value.field == "card"


def test_the_quiz_page_starts_a_practice_from_a_card(loaded_site, client):
    page = client.get("/quiz/", {"card": CARD}).content.decode()
    assert f"the scenarios that use {CARD}" in page and 'value="exam"' not in page
    response = client.post("/quiz/", {"mode": "practice", "card": CARD, "count": 3})
    assert response.status_code == 302
    attempt = Attempt.objects.get()
    assert attempt.choice["card"] == CARD


def test_card_names_link_in_the_feedback_but_never_in_the_question_before_it(loaded_site,
                                                                              client):
    client.post("/quiz/", {"mode": "practice", "card": CARD, "count": 10})
    attempt = Attempt.objects.get()
    url = f"/quiz/{attempt.id}/"
    linked_after = 0
    for number in range(1, attempt.entries.count() + 1):
        before = client.get(url, {"n": number}).content.decode()
        assert "card-link" not in before and "data-card-url" not in before
        client.post(f"{url}?n={number}", {"n": number, "option": "a"})
        after = client.get(url, {"n": number}).content.decode()
        feedback = after[after.index('id="feedback"'):]
        linked_after += len(re.findall(r'class="card-link"', feedback))
    assert linked_after


@pytest.mark.parametrize("card", ["x" * 201, "Sangan\x00", 7, ["Sangan"]])
def test_a_card_that_cannot_be_a_name_is_refused(loaded_site, card):
    with pytest.raises(attempts.QuizError) as refused:
        attempts.start(Attempt.PRACTICE, session_key="s", card=card)
    assert refused.value.field == "card"
