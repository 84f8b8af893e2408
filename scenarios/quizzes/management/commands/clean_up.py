"""`manage.py clean_up`: delete what visitors leave behind, on a schedule (docs/scaling.md).

Anonymous quizzes belong to a session; once the session is gone nobody can open them
again, and a quiz nobody answered anything in for a day is abandoned. Sessions and
throttle counts past their end are dead rows too. Without this, every visit that starts
a quiz leaves rows for good (the throttle and the cap of open quizzes bound how fast
they come, not how many pile up).
"""
from datetime import timedelta

from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db.models import Exists, OuterRef
from django.utils import timezone

from rulings.knowledge import throttles
from scenarios.quizzes.models import Attempt, AttemptQuestion

# An anonymous quiz with no answer is dropped this long after it was started.
UNANSWERED_FOR = timedelta(days=1)
# Attempts deleted per statement: keeps each transaction (and its locks) short.
BATCH = 1000


def abandoned_attempts(now):
    """Anonymous quizzes nobody can come back to: their session has ended (gone or past its
    expiry), or nothing was answered in them for UNANSWERED_FOR."""
    live = Session.objects.filter(session_key=OuterRef("session_key"), expire_date__gt=now)
    answered = AttemptQuestion.objects.filter(attempt=OuterRef("pk"), answered_at__isnull=False)
    anonymous = Attempt.objects.filter(user=None)
    visit_ended = anonymous.filter(~Exists(live))
    never_answered = anonymous.filter(~Exists(answered), started_at__lt=now - UNANSWERED_FOR)
    return visit_ended | never_answered


def delete_in_batches(queryset):
    """Delete the attempts (and their entries) a batch at a time; returns how many."""
    deleted = 0
    while True:
        batch = list(queryset.values_list("pk", flat=True)[:BATCH])
        if not batch:
            return deleted
        Attempt.objects.filter(pk__in=batch).delete()
        deleted += len(batch)


class Command(BaseCommand):
    help = ("Delete abandoned anonymous quizzes, expired sessions and ended throttle counts. "
            "Run it on a schedule, e.g. hourly.")

    def handle(self, *args, **options):
        now = timezone.now()
        quizzes = delete_in_batches(abandoned_attempts(now))
        self.stdout.write(f"Deleted {quizzes} abandoned anonymous {_plural(quizzes, 'quiz')}.")
        expired = Session.objects.filter(expire_date__lte=now).count()
        call_command("clearsessions")
        self.stdout.write(f"Deleted {expired} expired {_plural(expired, 'session')}.")
        counts = throttles.purge_expired()
        self.stdout.write(f"Deleted {counts} ended throttle {_plural(counts, 'count')}.")


def _plural(number, word):
    if number == 1:
        return word
    return word + ("zes" if word.endswith("z") else "s")
