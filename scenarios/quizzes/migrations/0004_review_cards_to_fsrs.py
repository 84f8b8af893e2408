"""Give every review card made in Leitner boxes an FSRS state, keeping when it is due.

A Leitner card only knows its box, its due date and how often it was missed, so the FSRS
state is derived from those, not replayed:
- box 1 (just missed, due at once): a learning card as a miss leaves it, reviewed at its
  due date;
- box 2 to 5 (1, 3, 7, 21 days): a review card whose stability is the box's interval (at
  FSRS's 90% retention the next interval equals the stability), last reviewed that many days
  before its due date;
- its difficulty is FSRS's after as many "again" ratings as it has misses: FSRS's difficulty
  depends only on the ratings, and a "good" one barely moves it.
The box stays as history. No review log is made up: the logs start with the first FSRS
rating. Cards that already have an FSRS state are left alone; going back changes nothing.
"""
from datetime import timedelta, timezone

from django.db import migrations
from fsrs import Card, Rating, Scheduler, State

LEITNER_DAYS = {2: 1, 3: 3, 4: 7, 5: 21}  # the box's interval, as review.py had it


def fsrs_state(box, misses, due_at):
    """The FSRS card (fsrs.Card.to_dict()) and last review for a Leitner card."""
    scheduler = Scheduler()
    due_at = due_at.astimezone(timezone.utc)
    days = LEITNER_DAYS.get(min(box, max(LEITNER_DAYS)), 0)
    last_review = due_at - timedelta(days=days)
    missed = Card(card_id=int(last_review.timestamp() * 1000), due=last_review)
    for _ in range(min(max(misses, 1), 10)):  # past a few misses it stays near 10, the top
        missed, _log = scheduler.review_card(missed, Rating.Again, last_review)
    if days:
        card = Card(card_id=missed.card_id, state=State.Review, step=None,
                    stability=float(days), difficulty=missed.difficulty, due=due_at,
                    last_review=last_review)
    else:
        card = Card(card_id=missed.card_id, state=State.Learning, step=0,
                    stability=scheduler.parameters[Rating.Again - 1],
                    difficulty=missed.difficulty, due=due_at, last_review=last_review)
    return card.to_dict(), last_review


def leitner_to_fsrs(apps, schema_editor):
    """Every card without an FSRS state gets one, a thousand at a time."""
    ReviewCard = apps.get_model("quizzes", "ReviewCard")
    ids = list(ReviewCard.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), 1000):
        cards = [card for card in ReviewCard.objects.filter(pk__in=ids[start:start + 1000])
                 if not card.fsrs]
        for card in cards:
            card.fsrs, card.last_review = fsrs_state(card.box, card.misses, card.due_at)
        ReviewCard.objects.bulk_update(cards, ["fsrs", "last_review"])


class Migration(migrations.Migration):

    dependencies = [
        ("quizzes", "0003_step_ten_curation_blueprints_fsrs"),
    ]

    operations = [
        migrations.RunPython(leitner_to_fsrs, migrations.RunPython.noop),
    ]
