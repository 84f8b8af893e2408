"""Quiz questions built from verified scenarios, and the attempts people make at them.

Models stay thin: building questions lives in generation.py and bank.py, taking a
quiz in attempts.py, the FSRS review schedule in review.py.
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

    OUTCOME, NUMERIC, LEGALITY, STATE, RULING = "outcome", "numeric", "legality", "state", \
        "ruling"
    KINDS = [(RULING, "the ruling at a step"), (LEGALITY, "is it legal"), (OUTCOME, "who wins"),
             (NUMERIC, "a number the ruling changes"), (STATE, "a state the ruling changes")]

    # Editors publish a question; one the generator cannot stand behind stays a draft, with
    # the reason; a retired one is asked no more (and never deleted: history points at it).
    DRAFT, PUBLISHED, RETIRED = "draft", "published", "retired"
    STATUSES = [(DRAFT, "draft"), (PUBLISHED, "published"), (RETIRED, "retired")]

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
    built_with = models.CharField(max_length=64, blank=True)  # the question builder's version
    pool = models.CharField(max_length=10, choices=POOLS, default=PRACTICE_POOL, db_index=True)
    active = models.BooleanField(default=True)  # False while its scenario fails or is gone
    withdrawn_reason = models.TextField(blank=True)
    status = models.CharField(max_length=10, choices=STATUSES, default=DRAFT, db_index=True)
    draft_reason = models.TextField(blank=True)  # why the generator did not publish it
    change_note = models.TextField(blank=True)  # what changed under it when it went back to draft
    # What it teaches and where: the scenario's teaching rule (an anchor), the scenario's
    # format and the teaching rule's article ("format/article").
    teaching_rule = models.CharField(max_length=300, blank=True)
    format = models.CharField(max_length=50, blank=True, db_index=True)
    article = models.CharField(max_length=200, blank=True)
    facts = models.JSONField(default=list)  # what the stem states, as sentences
    # Exam variants: the same question on reworked copies of the scenario, each with its own
    # stem, board, options and explanation (scenarios/quizzes/variants.py).
    variants = models.JSONField(default=list, blank=True)
    depth = models.PositiveSmallIntegerField(default=1)  # rules deciding the asked moment
    # An editor's wording, shown instead of the generated one while the question's identity
    # (scenario, teaching rule, kind, moment: its key) stands.
    prompt_wording = models.TextField(blank=True)
    explanation_wording = models.TextField(blank=True)
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
    def shown_prompt(self):
        return self.prompt_wording or self.prompt

    @property
    def shown_explanation(self):
        return self.explanation_wording or self.explanation

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
    blueprint = models.ForeignKey("ExamBlueprint", null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="attempts")
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
    # An exam's variant of the question: its own stem, board, options and explanation, built
    # from the variant's replay ({prompt, facts, steps, board, options, explanation}); null when
    # the question is asked as it is.
    variant = models.JSONField(null=True, blank=True)
    answer = models.CharField(max_length=4, blank=True)  # the option key chosen
    correct = models.BooleanField(null=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["attempt", "number"]
        constraints = [models.UniqueConstraint(fields=["attempt", "number"],
                                               name="one_entry_per_number")]


class ReviewCard(models.Model):
    """A question a signed-in user missed, scheduled by FSRS: it comes back when due."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="review_cards")
    # PROTECT: a user's card is never lost to a question being deleted behind their back.
    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="+")
    box = models.PositiveSmallIntegerField(default=1)  # the Leitner box, before FSRS
    due_at = models.DateTimeField()
    misses = models.PositiveIntegerField(default=0)
    fsrs = models.JSONField(default=dict, blank=True)  # the FSRS card's state (fsrs.Card)
    last_review = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["due_at"]
        constraints = [models.UniqueConstraint(fields=["user", "question"],
                                               name="one_card_per_question")]


class ReviewLog(models.Model):
    """One review of one card: the rating FSRS scheduled from (again, hard, good, easy)."""

    AGAIN, HARD, GOOD, EASY = 1, 2, 3, 4
    RATINGS = [(AGAIN, "again"), (HARD, "hard"), (GOOD, "good"), (EASY, "easy")]

    card = models.ForeignKey(ReviewCard, on_delete=models.CASCADE, related_name="logs")
    rating = models.PositiveSmallIntegerField(choices=RATINGS)
    reviewed_at = models.DateTimeField()

    class Meta:
        ordering = ["card", "reviewed_at"]


class QuestionEvent(models.Model):
    """A line of a question's history: made, published, retired, reworded, sent back to draft,
    reported, a report handled."""

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="events")
    at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    action = models.CharField(max_length=40)
    detail = models.TextField(blank=True)

    class Meta:
        ordering = ["question", "-at", "-pk"]


class QuestionReport(models.Model):
    """A taker's report of a problem with a question, for the editors' queue."""

    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="reports")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="question_reports")
    session_key = models.CharField(max_length=64, blank=True)
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    handled_at = models.DateTimeField(null=True, blank=True)
    handled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    response = models.TextField(blank=True)  # what the editor did, shown to the reporter

    class Meta:
        ordering = ["handled_at", "-created_at"]


class ExamBlueprint(models.Model):
    """What an exam is drawn from: how many questions per format (by weight) and per article,
    its time limit and pass mark. Editors define them; one is the default."""

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True)
    description = models.TextField(blank=True)
    count = models.PositiveSmallIntegerField(default=20)  # questions in all
    minutes = models.PositiveSmallIntegerField(default=30)
    pass_mark = models.PositiveSmallIntegerField(default=80)  # percent
    format_weights = models.JSONField(default=dict, blank=True)  # {format slug: weight}
    article_counts = models.JSONField(default=dict, blank=True)  # {"format/article": count}
    is_default = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-is_default", "name"]

    def __str__(self):
        return self.name
