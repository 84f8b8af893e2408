"""Spaced review for signed-in users: missed questions come back on an FSRS schedule.

FSRS (the `fsrs` package, the scheduler Anki uses) keeps, for each card, how long the user
is likely to remember the answer (stability) and how hard the question is for them
(difficulty), and sets the next review for when they would be about 90% likely to still
answer right. A miss is rated "again" and brings the question back at once; a right answer
is rated "good" and sends it further away the better it is known. Each rating is kept as a
ReviewLog row. Cards from before FSRS kept their Leitner `box` as history only (migration
0004 gave them FSRS states).

Only practice-pool questions have cards (attempts._reviewable): a review is a practice quiz,
which shows the answer key, so exam questions never come back here; the rules an exam's
questions test still count among the rules a user misses most.
"""
from datetime import timedelta, timezone as dt_timezone

from django.db import IntegrityError, transaction
from django.utils import timezone
from fsrs import Card, Rating, Scheduler

from .models import Question, ReviewCard, ReviewLog

# One step of no time, for learning and relearning alike: a miss is due again at once (the
# review queue is where it is practised), and the next right answer graduates the card to
# whole days. No fuzzing: everything due is reviewed in one quiz, so spreading due dates
# buys nothing, and a schedule without chance is one a person (and a test) can follow.
SCHEDULER = Scheduler(learning_steps=(timedelta(0),), relearning_steps=(timedelta(0),),
                      enable_fuzzing=False)


def _utc(moment):
    """FSRS refuses any time but an aware one in datetime.timezone.utc."""
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment.astimezone(dt_timezone.utc)


def fsrs_card(card):
    """The card's FSRS state. A card without one (a new card; none of the old ones is left
    without one after migration 0004) is new to FSRS, due when its row says; its FSRS id is
    that moment in milliseconds, as fsrs.Card's own default (without that default's sleep)."""
    if card.fsrs:
        return Card.from_dict(card.fsrs)
    due_at = _utc(card.due_at)
    return Card(card_id=int(due_at.timestamp() * 1000), due=due_at)


def record(user, question, correct, now=None):
    """Rate the user's card for this answer: a miss "again" (making the card if needed), a
    right answer "good" (a right first answer makes no card). Returns the card, or None."""
    now = _utc(now or timezone.now())
    try:
        with transaction.atomic():
            return _rate(user, question, correct, now)
    except IntegrityError:
        # The same question missed at the same moment in another quiz made the card first:
        # rate that one.
        with transaction.atomic():
            return _rate(user, question, correct, now)


def _rate(user, question, correct, now):
    # Locked: two answers to the same question at once are both rated, one after the other.
    card = ReviewCard.objects.select_for_update().filter(user=user, question=question).first()
    if card is None:
        if correct:
            return None
        card = ReviewCard(user=user, question=question, due_at=now)  # new to FSRS
    rating = Rating.Good if correct else Rating.Again
    state, _ = SCHEDULER.review_card(fsrs_card(card), rating, now)
    card.fsrs, card.due_at, card.last_review = state.to_dict(), state.due, state.last_review
    card.misses += 0 if correct else 1
    card.save()
    ReviewLog.objects.create(card=card, rating=int(rating), reviewed_at=now)
    return card


def due(user, now=None):
    """The user's cards due now whose questions are still in the bank and in the practice
    pool (a card made before pools existed may point at an exam question: it waits)."""
    return list(ReviewCard.objects.filter(
        user=user, due_at__lte=now or timezone.now(), question__active=True,
        question__pool=Question.PRACTICE_POOL).select_related("question"))


def upcoming(user, now=None, limit=10):
    """The user's next cards, not due yet: [(card, days until due, to the nearest day and at
    least 1)], soonest first."""
    now = now or timezone.now()
    cards = ReviewCard.objects.filter(user=user, due_at__gt=now, question__active=True,
                                      question__pool=Question.PRACTICE_POOL).select_related(
        "question__scenario").order_by("due_at")[:limit]
    return [(card, max(1, round((card.due_at - now).total_seconds() / 86400))) for card in cards]


def weaknesses(user, limit=10):
    """The rules the user misses most: [(anchor, summary, misses, answered)], worst first."""
    from .models import AttemptQuestion

    tally = {}
    for correct, anchors in AttemptQuestion.objects.filter(
            attempt__user=user, answered_at__isnull=False).values_list(
            "correct", "question__anchors"):
        for rule in anchors or []:
            entry = tally.setdefault(rule["anchor"], [rule["summary"], 0, 0])
            entry[1] += 0 if correct else 1
            entry[2] += 1
    ranked = sorted(((a, s, m, n) for a, (s, m, n) in tally.items() if m),
                    key=lambda row: (-row[2] / row[3], -row[2], row[0]))
    return ranked[:limit]
