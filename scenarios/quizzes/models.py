"""Quiz questions built from verified scenarios, and the attempts people make at them.

Models stay thin: building questions lives in generation.py and bank.py, taking a
quiz in attempts.py, the Leitner review schedule in review.py.
"""
import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse

SCENARIO_REMOVED = "The scenario this question came from has been removed."


def SET_NULL_AND_WITHDRAW(collector, field, sub_objs, using):
    """on_delete for Question.scenario: SET_NULL, and the question withdrawn with the reason.

    A question carries its own prompt, options, steps and board, and people's quiz history
    points at it, so deleting its scenario (as `load_scenarios` does for a file that is gone)
    must leave it in place: out of every new quiz, but whole in the quizzes taken on it."""
    collector.add_field_update(field, None, sub_objs)
    collector.add_field_update(field.model._meta.get_field("active"), False, sub_objs)
    collector.add_field_update(field.model._meta.get_field("withdrawn_reason"),
                               SCENARIO_REMOVED, sub_objs)


class Question(models.Model):
    """One question about a scenario; every option was computed by the engine."""

    OUTCOME, NUMERIC, LEGALITY, STATE = "outcome", "numeric", "legality", "state"
    KINDS = [(OUTCOME, "who wins"), (NUMERIC, "Life Points or Formation Points"),
             (LEGALITY, "is it legal"), (STATE, "where a card is, what resolves first")]

    # Who may see the answer key: practice questions show it after each answer; exam
    # questions never do, so practice cannot teach the exam (see bank.pool_for).
    PRACTICE_POOL, EXAM_POOL = "practice", "exam"
    POOLS = [(PRACTICE_POOL, "practice"), (EXAM_POOL, "exam")]

    # None once the scenario is deleted: the question stays, withdrawn (see above).
    scenario = models.ForeignKey("scenarios.Scenario", null=True, blank=True,
                                 on_delete=SET_NULL_AND_WITHDRAW, related_name="questions")
    key = models.CharField(max_length=120)  # what is asked, stable across regenerations
    kind = models.CharField(max_length=10, choices=KINDS)
    prompt = models.TextField()
    cut = models.PositiveIntegerField()  # how many of the scenario's steps the stem shows
    steps = models.JSONField(default=list)  # the stem's steps, as sentences
    board = models.TextField(blank=True)  # the starting position, as SVG
    # [{key, text, correct, source: engine|wrong_reading|computed, rule, explanation}]
    options = models.JSONField(default=list)
    explanation = models.TextField()
    anchors = models.JSONField(default=list)  # the deciding rules: [{anchor, summary}]
    difficulty = models.PositiveSmallIntegerField(default=1)  # 1 easy, 2 medium, 3 hard
    formats = models.JSONField(default=list)
    articles = models.JSONField(default=list)  # "format/article" the trace cites
    fingerprint = models.CharField(max_length=64)  # the scenario verdict it was built from
    pool = models.CharField(max_length=10, choices=POOLS, default=PRACTICE_POOL, db_index=True)
    active = models.BooleanField(default=True)
    withdrawn_reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["scenario__format_slug", "scenario__slug", "key"]
        constraints = [models.UniqueConstraint(fields=["scenario", "key"],
                                               name="one_question_per_key")]

    def __str__(self):
        return f"{self.scenario.slug if self.scenario_id else '(scenario removed)'}: {self.key}"

    @property
    def scenario_slug(self):
        """The scenario's slug, or None once the scenario is removed."""
        return self.scenario.slug if self.scenario_id else None

    @property
    def right_option(self):
        return next(o["key"] for o in self.options if o["correct"])

    @property
    def engine_wrong_options(self):
        return sum(1 for o in self.options if not o["correct"])


class Attempt(models.Model):
    """One quiz taken by one person: practice (feedback at once) or exam (at the end)."""

    PRACTICE, EXAM = "practice", "exam"
    MODES = [(PRACTICE, "practice"), (EXAM, "exam")]

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.CASCADE, related_name="quiz_attempts")
    session_key = models.CharField(max_length=64, blank=True)  # anonymous practice
    mode = models.CharField(max_length=10, choices=MODES)
    questions = models.ManyToManyField(Question, through="AttemptQuestion", related_name="+")
    choice = models.JSONField(default=dict)  # what was asked for: formats, articles, difficulty
    pass_mark = models.PositiveSmallIntegerField(default=80)  # percent
    started_at = models.DateTimeField(auto_now_add=True)
    deadline = models.DateTimeField(null=True, blank=True)  # exams only
    finished_at = models.DateTimeField(null=True, blank=True)
    score = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]

    def __str__(self):
        return f"{self.mode} {self.id}"

    def get_absolute_url(self):
        return reverse("quiz-take", args=[self.id])


class AttemptQuestion(models.Model):
    """The n-th question of an attempt, and the answer given to it."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="entries")
    # PROTECT: a question with answers given to it is history and is never deleted.
    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField()  # 1-based
    answer = models.CharField(max_length=4, blank=True)  # the option key chosen
    correct = models.BooleanField(null=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["attempt", "number"]
        constraints = [models.UniqueConstraint(fields=["attempt", "number"],
                                               name="one_entry_per_number")]


class ReviewCard(models.Model):
    """A question a signed-in user missed, in a Leitner box: it comes back when due."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="review_cards")
    # PROTECT: a user's card is never lost to a question being deleted behind their back.
    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="+")
    box = models.PositiveSmallIntegerField(default=1)
    due_at = models.DateTimeField()
    misses = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["due_at"]
        constraints = [models.UniqueConstraint(fields=["user", "question"],
                                               name="one_card_per_question")]
