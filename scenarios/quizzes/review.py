"""Spaced review for signed-in users: missed questions come back in Leitner boxes.

A missed question goes to box 1 and is due at once; each right answer in review
moves it up a box and further away; a miss sends it back to box 1. Only practice-pool
questions have cards (attempts._reviewable): a review is a practice quiz, which shows
the answer key, so exam questions never come back here; the rules an exam's questions
test still count among the rules a user misses most.
"""
from datetime import timedelta

from django.utils import timezone

from .models import Question, ReviewCard

INTERVALS = {1: timedelta(0), 2: timedelta(days=1), 3: timedelta(days=3),
             4: timedelta(days=7), 5: timedelta(days=21)}
TOP_BOX = max(INTERVALS)


def record(user, question, correct, now=None):
    """Move the user's card for this question after an answer (a right first answer makes none)."""
    now = now or timezone.now()
    card = ReviewCard.objects.filter(user=user, question=question).first()
    if correct:
        if card is not None:
            card.box = min(card.box + 1, TOP_BOX)
            card.due_at = now + INTERVALS[card.box]
            card.save(update_fields=["box", "due_at"])
        return card
    if card is None:
        return ReviewCard.objects.create(user=user, question=question, box=1, due_at=now,
                                         misses=1)
    card.box, card.due_at, card.misses = 1, now, card.misses + 1
    card.save(update_fields=["box", "due_at", "misses"])
    return card


def due(user, now=None):
    """The user's cards due now whose questions are still in the bank and in the practice
    pool (a card made before pools existed may point at an exam question: it waits)."""
    return list(ReviewCard.objects.filter(
        user=user, due_at__lte=now or timezone.now(), question__active=True,
        question__pool=Question.PRACTICE_POOL).select_related("question"))


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
