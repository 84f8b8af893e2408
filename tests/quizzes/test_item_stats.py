"""Item statistics as Moodle's quiz statistics report computes them: facility, discrimination
(the question's score against the rest of the exam's, over finished exams), option counts;
flags; the difficulty takers see; and a bank page whose queries do not grow with the bank."""
import random
import statistics

import pytest
from django.contrib.auth.models import User

from scenarios.quizzes import stats
from scenarios.quizzes.models import Attempt, Question

from .curation_helpers import make_question, make_scenario, quiz

pytestmark = pytest.mark.django_db


def test_pearson_from_sums_matches_the_textbook():
    rng = random.Random(7)
    x = [rng.randint(0, 1) for _ in range(40)]
    y = [rng.randint(0, 19) for _ in range(40)]
    got = stats.pearson(len(x), sum(x), sum(y), sum(a * b for a, b in zip(x, y)),
                        sum(a * a for a in x), sum(b * b for b in y))
    assert got == pytest.approx(statistics.correlation(x, y))


def test_pearson_is_none_when_a_side_never_varies():
    assert stats.pearson(5, 5, 10, 10, 5, 30) is None  # everyone right
    assert stats.pearson(1, 1, 3, 3, 1, 9) is None


def test_discrimination_is_the_correlation_with_the_rest_of_the_exam():
    rng = random.Random(3)
    x = [rng.randint(0, 1) for _ in range(12)]
    rest = [rng.randint(0, 9) for _ in range(12)]
    scores = [a + b for a, b in zip(x, rest)]
    got = stats.discrimination(len(x), sum(x), sum(scores), sum(s * s for s in scores),
                               sum(a * s for a, s in zip(x, scores)))
    assert got == round(statistics.correlation(x, rest), 3)


def test_discrimination_needs_enough_finished_exams():
    assert stats.MIN_EXAMS == 5
    assert stats.discrimination(4, 2, 10, 30, 6) is None


def test_flags_need_enough_answers_and_say_what_is_wrong():
    assert stats.flags_of(19, 1.0, None) == []
    assert stats.flags_of(20, 0.96, None) == ["too-easy"]
    assert stats.flags_of(20, 0.95, None) == []
    assert stats.flags_of(20, 0.1, None) == ["too-hard"]
    assert stats.flags_of(3, 0.5, -0.2) == ["negative-discrimination"]
    assert stats.flags_of(3, 0.5, 0.0) == []


def test_difficulty_is_the_depth_until_twenty_answers_then_the_facility():
    assert [stats.difficulty_of(depth, 0, None) for depth in (1, 2, 3, 5)] == [1, 2, 3, 3]
    assert stats.difficulty_of(1, 19, 0.1) == 1  # not measured yet: the depth decides
    assert stats.difficulty_of(3, 20, 0.8) == 1
    assert stats.difficulty_of(1, 20, 0.5) == 2
    assert stats.difficulty_of(1, 40, 0.49) == 3


def exams(questions, rows):
    """One finished exam per row of option keys (one per question)."""
    for row in rows:
        quiz(questions, mode=Attempt.EXAM, finished=True,
             answers={q: key for q, key in zip(questions, row) if key})


def test_item_stats_count_answers_options_and_exams():
    scenario = make_scenario()
    first, second, third = (make_question(scenario, key=k) for k in ("one", "two", "three"))
    rows = [("a", "a", "a"), ("a", "a", "b"), ("b", "a", "a"), ("a", "b", "b"),
            ("b", "b", "b"), ("a", "a", None)]
    exams([first, second, third], rows)
    quiz([first], answers={first: "c"})  # practice answers count, outside exams
    found = stats.item_stats(Question.objects.all())
    one = found[first.pk]
    assert (one.answers, one.right, one.exams) == (7, 4, 6)
    assert one.option_counts == {"a": 4, "b": 2, "c": 1}
    assert one.facility == round(4 / 7, 3)
    x = [1 if r[0] == "a" else 0 for r in rows]
    rest = [sum(1 for key in r[1:] if key == "a") for r in rows]
    assert one.discrimination == round(statistics.correlation(x, rest), 3)
    assert found[third.pk].answers == 5  # the unanswered one is no answer ...
    assert found[third.pk].exams == 6  # ... but the exam asked it


def test_a_question_weaker_takers_get_right_is_flagged():
    scenario = make_scenario()
    odd, *others = [make_question(scenario, key=f"k{n}") for n in range(4)]
    # The strongest takers miss `odd`; the weakest get it right.
    exams([odd, *others], [("b", "a", "a", "a"), ("b", "a", "a", "b"), ("a", "b", "b", "b"),
                           ("a", "a", "b", "b"), ("b", "a", "a", "a"), ("a", "b", "b", "a")])
    found = stats.item_stats([odd])
    assert found[odd.pk].discrimination < 0 and found[odd.pk].flags == ["negative-discrimination"]
    assert stats.flagged_ids(Question.objects.all()) == [odd.pk]


def test_question_stats_keep_their_older_fields(editor_client):
    question = make_question(make_scenario())
    quiz([question], answers={question: "b"})
    body = editor_client.get(f"/api/questions/{question.pk}/stats/").json()
    assert body["answers"] == 1 and body["success_rate"] == 0 and body["facility"] == 0
    assert body["discrimination"] is None and body["difficulty"] == "easy"
    assert next(o for o in body["options"] if o["key"] == "b")["chosen"] == 1


def bank_of(size):
    """`size` questions, each answered in a finished exam, and some reports."""
    scenario = make_scenario(slug=f"bank-{size}")
    questions = [make_question(scenario, key=f"q{n:03}") for n in range(size)]
    user = User.objects.create_user(f"taker-{size}")
    quiz(questions, user=user, mode=Attempt.EXAM, finished=True,
         answers={q: "a" if n % 2 else "b" for n, q in enumerate(questions)})
    return questions


QUERY_CAP = 14


@pytest.mark.parametrize("size", [3, 120])
def test_the_bank_page_costs_the_same_queries_for_any_bank(editor_client, size,
                                                          django_assert_max_num_queries):
    bank_of(size)
    with django_assert_max_num_queries(QUERY_CAP):
        page = editor_client.get("/quiz/questions/")
    assert page.status_code == 200
    assert "<td>100%</td>" in page.content.decode() and "<td>0%</td>" in page.content.decode()
    with django_assert_max_num_queries(QUERY_CAP):
        assert editor_client.get("/quiz/questions/?flagged=false").status_code == 200


@pytest.mark.parametrize("size", [3, 120])
def test_the_api_list_costs_the_same_queries_for_any_bank(editor_client, size,
                                                         django_assert_max_num_queries):
    bank_of(size)
    with django_assert_max_num_queries(QUERY_CAP):
        listing = editor_client.get("/api/questions/?flagged=false")
    assert listing.status_code == 200 and listing.json()["count"] == size


@pytest.mark.parametrize("size", [3, 60])
def test_the_reports_queue_costs_the_same_queries_for_any_number(editor_client, size, reader,
                                                                django_assert_max_num_queries):
    from scenarios.quizzes.curation import report

    for question in bank_of(size):
        report(question, "Unclear.", user=reader)
    with django_assert_max_num_queries(QUERY_CAP):
        assert editor_client.get("/quiz/reports/").status_code == 200


def test_the_question_page_shows_what_the_numbers_mean(editor_client):
    scenario = make_scenario()
    question, *others = [make_question(scenario, key=f"k{n}") for n in range(3)]
    exams([question, *others], [("a", "a", "a"), ("b", "b", "a"), ("a", "a", "b"),
                                ("b", "b", "b"), ("a", "b", "a")])
    page = editor_client.get(f"/quiz/questions/{question.pk}/").content.decode()
    assert "60% of 5 answers were right." in page
    assert "Its discrimination is" in page and "over 5 finished exams" in page
    assert "Chosen 3 times." in page


def test_the_difficulty_takers_see_turns_measured_at_the_twentieth_answer(client):
    """Until 20 answers the depth decides (easy here); the 20th answer, mostly wrong, makes
    the stored difficulty hard: what the taker is shown and what practice filters by."""
    from scenarios.quizzes import attempts

    question = make_question(make_scenario(), depth=1, difficulty=1)
    wrong = next(o["key"] for o in question.options if not o["correct"])
    for _ in range(19):
        quiz([question], answers={question: wrong})
    stats.remeasure(question)
    assert Question.objects.get(pk=question.pk).difficulty == stats.EASY
    attempt = attempts.start("practice", session_key="s", questions=[question])
    attempts.answer(attempt, 1, wrong)
    assert Question.objects.get(pk=question.pk).difficulty == stats.HARD
    shown = attempts.question_data(attempt, attempt.entries.get(number=1))
    assert shown["difficulty"] == "hard"
