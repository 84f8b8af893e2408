"""The review queue on FSRS: what each answer rates, when cards come back, and the Leitner
cards made before FSRS carried over. Every time is a fixed `now`."""
import importlib
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from fsrs import Card, State

from scenarios.quizzes import review
from scenarios.quizzes.models import Question, ReviewCard, ReviewLog

migration = importlib.import_module("scenarios.quizzes.migrations.0004_review_cards_to_fsrs")

NOW = datetime(2025, 3, 1, 9, 30, tzinfo=timezone.utc)


def make_question(key="q", pool=Question.PRACTICE_POOL, active=True):
    return Question.objects.create(
        key=key, kind=Question.RULING, prompt="What happens?", cut=1, explanation="Because.",
        fingerprint="f", pool=pool, active=active, status=Question.PUBLISHED,
        options=[{"key": "a", "text": "this", "correct": True},
                 {"key": "b", "text": "that", "correct": False}])


@pytest.fixture
def question(db):
    return make_question()


def ratings(card):
    return list(card.logs.values_list("rating", flat=True))


def answer_when_due(user, question, correct, card):
    """Answer the card's question at its due date; returns the fresh card and the interval
    it was given."""
    when = card.due_at
    card = review.record(user, question, correct, when)
    return card, card.due_at - when


def test_a_miss_makes_a_card_due_now_rated_again(reader, question):
    card = review.record(reader, question, False, NOW)
    assert card.due_at == NOW and card.last_review == NOW and card.misses == 1
    assert ratings(card) == [ReviewLog.AGAIN]
    assert card.logs.get().reviewed_at == NOW
    state = Card.from_dict(card.fsrs)
    assert state.due == NOW and state.last_review == NOW and state.stability > 0
    assert review.due(reader, NOW) == [card]


def test_a_right_first_answer_makes_no_card(reader, question):
    assert review.record(reader, question, True, NOW) is None
    assert not ReviewCard.objects.exists() and not ReviewLog.objects.exists()


def test_a_right_answer_later_rates_good_and_pushes_the_due_date_out(reader, question):
    missed = review.record(reader, question, False, NOW)
    card = review.record(reader, question, True, NOW + timedelta(hours=2))
    assert ratings(card) == [ReviewLog.AGAIN, ReviewLog.GOOD]
    assert card.misses == 1 and card.box == 1  # the box is history only
    assert card.due_at - card.last_review > missed.due_at - missed.last_review
    assert card.due_at >= NOW + timedelta(days=1)
    assert review.due(reader, NOW + timedelta(hours=3)) == []
    assert Card.from_dict(card.fsrs).due == card.due_at


def test_repeated_right_answers_grow_the_interval(reader, question):
    card = review.record(reader, question, False, NOW)
    intervals = []
    for _ in range(5):
        card, interval = answer_when_due(reader, question, True, card)
        intervals.append(interval)
    assert all(later > earlier for earlier, later in zip(intervals, intervals[1:])), intervals
    assert intervals[-1] > timedelta(days=21)  # past the last Leitner box
    assert ratings(card) == [ReviewLog.AGAIN] + [ReviewLog.GOOD] * 5


def test_a_miss_after_right_answers_brings_the_card_back_at_once(reader, question):
    card = review.record(reader, question, False, NOW)
    for _ in range(4):
        card, known_for = answer_when_due(reader, question, True, card)
    before = Card.from_dict(card.fsrs)
    missed_at = card.due_at
    card = review.record(reader, question, False, missed_at)
    assert card.due_at == missed_at and card.misses == 2
    after = Card.from_dict(card.fsrs)
    assert after.state == State.Relearning and after.stability < before.stability
    assert ratings(card)[-1] == ReviewLog.AGAIN
    card, relearnt = answer_when_due(reader, question, True, card)
    assert relearnt < known_for  # back sooner than before the miss


def test_a_miss_whose_card_another_quiz_just_made_rates_that_card(reader, question,
                                                                  monkeypatch):
    """Two misses of one question at once: the second does not see the card the first is
    making, fails to make its own, and rates the first's."""
    review.record(reader, question, False, NOW)
    real, looks = ReviewCard.objects.select_for_update, []

    def blind_at_first(*args, **kwargs):
        looks.append(1)
        found = real(*args, **kwargs)
        return found.none() if len(looks) == 1 else found

    monkeypatch.setattr(ReviewCard.objects, "select_for_update", blind_at_first)
    card = review.record(reader, question, False, NOW + timedelta(minutes=1))
    assert len(looks) == 2 and ReviewCard.objects.count() == 1
    assert card.misses == 2 and ratings(card) == [ReviewLog.AGAIN, ReviewLog.AGAIN]


def test_an_answer_timed_in_another_zone_is_scheduled_in_utc(reader, question):
    paris = NOW.astimezone(ZoneInfo("Europe/Paris"))
    card = review.record(reader, question, False, paris)
    assert card.due_at == NOW and Card.from_dict(card.fsrs).due == NOW


def test_due_returns_exactly_the_due_practice_pool_cards(reader, question):
    later = make_question("later")
    exam = make_question("exam", pool=Question.EXAM_POOL)
    withdrawn = make_question("withdrawn", active=False)
    other = User.objects.create_user("otto", password="a-long-test-password")
    due_now = review.record(reader, question, False, NOW - timedelta(days=1))
    review.record(reader, later, False, NOW - timedelta(hours=12))
    review.record(reader, later, True, NOW - timedelta(hours=12))  # due in a day: not yet
    for miss in (exam, withdrawn):  # cards from before pools, or whose question went
        ReviewCard.objects.create(user=reader, question=miss, due_at=NOW - timedelta(days=2))
    review.record(other, question, False, NOW - timedelta(days=1))
    assert review.due(reader, NOW) == [due_now]
    assert {c.question for c in review.due(reader, NOW + timedelta(days=3))} == {
        question, later}


def test_migrated_leitner_cards_keep_their_due_dates_and_get_valid_fsrs_states(reader):
    """Cards made the old way (a box, a due date, misses; no FSRS state) given FSRS states
    by migration 0004's own function."""
    boxes = {1: 1, 2: 1, 3: 2, 4: 3, 5: 1}  # box: misses
    old = {box: ReviewCard.objects.create(
        user=reader, question=make_question(f"box-{box}"), box=box, misses=misses,
        due_at=NOW + timedelta(days=box)) for box, misses in boxes.items()}
    already = review.record(reader, make_question("fsrs"), False, NOW)
    kept = dict(already.fsrs)

    migration.leitner_to_fsrs(apps, None)

    for box, card in old.items():
        card.refresh_from_db()
        state = Card.from_dict(card.fsrs)
        assert card.due_at == NOW + timedelta(days=box) == state.due
        assert card.box == box and card.misses == boxes[box]
        assert card.last_review == state.last_review <= card.due_at
        assert 1 <= state.difficulty <= 10 and state.stability > 0
        if box == 1:
            assert state.state == State.Learning and state.step == 0
        else:
            days = migration.LEITNER_DAYS[box]
            assert state.state == State.Review and state.step is None
            assert state.stability == days
            assert card.due_at - card.last_review == timedelta(days=days)
    assert Card.from_dict(old[4].fsrs).difficulty > Card.from_dict(old[5].fsrs).difficulty
    already.refresh_from_db()
    assert already.fsrs == kept
    assert set(review.due(reader, NOW + timedelta(days=3))) == {old[1], old[2], old[3],
                                                              already}


def test_a_migrated_card_answered_right_when_due_goes_past_its_old_box(reader):
    card = ReviewCard.objects.create(user=reader, question=make_question(), box=4, misses=1,
                                     due_at=NOW)
    migration.leitner_to_fsrs(apps, None)
    card.refresh_from_db()
    card, interval = answer_when_due(reader, card.question, True, card)
    assert interval > timedelta(days=7)  # box 4 waited 7 days
    assert ratings(card) == [ReviewLog.GOOD]


def test_the_review_page_says_when_each_card_not_due_yet_comes_back(reader, reader_client,
                                                                  question):
    review.record(reader, question, False, NOW)
    card = review.record(reader, question, True, NOW + timedelta(hours=2))
    days = (card.due_at - (NOW + timedelta(hours=2))).total_seconds() / 86400
    [(listed, in_days)] = review.upcoming(reader, NOW + timedelta(hours=2))
    assert listed == card and in_days == max(1, round(days))
    ReviewCard.objects.filter(pk=card.pk).update(
        due_at=datetime.now(timezone.utc) + timedelta(days=3, hours=1))
    page = reader_client.get("/quiz/review/").content.decode()
    assert "Coming back later" in page and "due in 3 days" in page
    assert "What happens?" in page
