"""How questions fare, as Moodle's quiz statistics report measures them: for editors.

Per question: the facility (the share of answers that were right), the discrimination
(Pearson's correlation, over finished exams, between the question's score and the score
of the rest of the exam: does knowing the rules predict getting it right?) and how often
each option was chosen. Questions whose numbers say "look at me" are flagged.

Everything is computed from sums the database adds up, grouped per question: two queries
for any number of questions, so a page of the bank costs the same with 50 questions or
5,000 behind it. The arithmetic on those sums is plain functions (pearson, flags_of,
difficulty_of), tested on their own.
"""
import math
from dataclasses import dataclass, field

from django.db.models import Case, Count, F, IntegerField, Q, Sum, Value, When

from .models import Attempt, AttemptQuestion

# Discrimination needs this many finished exams that asked the question: fewer say nothing.
MIN_EXAMS = 5
# Facility flags need this many answers before they mean anything.
FLAG_MIN_ANSWERS = 20
TOO_EASY_ABOVE = 0.95  # nearly everyone gets it right: it tests nothing
TOO_HARD_BELOW = 0.2  # nearly everyone misses it: the question (or the rule's wording) is off
# A question whose discrimination is below this is answered right more by those who do worse
# on the rest of the exam: its key, or its wording, is suspect.
DISCRIMINATION_BELOW = 0.0
# The difficulty shown to takers is measured once a question has this many answers.
DIFFICULTY_MIN_ANSWERS = 20
EASY_FROM, MEDIUM_FROM = 0.8, 0.5  # facility
EASY, MEDIUM, HARD = 1, 2, 3
DIFFICULTY_WORDS = {EASY: "easy", MEDIUM: "medium", HARD: "hard"}

NEGATIVE_DISCRIMINATION, TOO_EASY, TOO_HARD = "negative-discrimination", "too-easy", "too-hard"
FLAG_WORDS = {
    NEGATIVE_DISCRIMINATION: "Takers who do worse on the rest of the exam get it right more "
                             "often than those who do better: check its answer and wording.",
    TOO_EASY: "Almost everyone gets it right: it tells judges apart from no one.",
    TOO_HARD: "Almost everyone misses it: check the question and the rule's wording.",
}


def pearson(n, sum_x, sum_y, sum_xy, sum_xx, sum_yy):
    """Pearson's correlation from its sums; None when either side never varies."""
    spread = (n * sum_xx - sum_x * sum_x) * (n * sum_yy - sum_y * sum_y)
    if n < 2 or spread <= 0:
        return None
    return (n * sum_xy - sum_x * sum_y) / math.sqrt(spread)


def discrimination(n, right, scores, scores_squared, scores_when_right):
    """Moodle's discrimination index from per-exam sums: x is this question's score (0 or 1),
    y the rest of the exam's (the exam's score less x), over the `n` finished exams that asked
    it. With x in {0, 1}: x² = x, so every sum follows from the exam scores s:
    Σx = right, Σy = Σs - Σx, Σxy = Σxs - Σx, Σy² = Σs² - 2Σxs + Σx."""
    if n < MIN_EXAMS:
        return None
    r = pearson(n, right, scores - right, scores_when_right - right, right,
                scores_squared - 2 * scores_when_right + right)
    return None if r is None else round(r, 3)


def flags_of(answers, facility, discrimination_index):
    """What an editor should look at: a negative discrimination, a facility past either end."""
    flags = []
    if discrimination_index is not None and discrimination_index < DISCRIMINATION_BELOW:
        flags.append(NEGATIVE_DISCRIMINATION)
    if facility is not None and answers >= FLAG_MIN_ANSWERS:
        if facility > TOO_EASY_ABOVE:
            flags.append(TOO_EASY)
        elif facility < TOO_HARD_BELOW:
            flags.append(TOO_HARD)
    return flags


def difficulty_of(depth, answers, facility):
    """The difficulty a taker sees: measured once DIFFICULTY_MIN_ANSWERS answers are in,
    before that the number of rules deciding the asked moment (its depth), never how many
    steps the scenario has."""
    if facility is not None and answers >= DIFFICULTY_MIN_ANSWERS:
        return EASY if facility >= EASY_FROM else MEDIUM if facility >= MEDIUM_FROM else HARD
    return EASY if depth <= 1 else MEDIUM if depth == 2 else HARD


def answer_counts(question_ids):
    """{question id: (answers, right answers)} over every answered entry of those questions."""
    rows = AttemptQuestion.objects.filter(question_id__in=list(question_ids),
                                          answered_at__isnull=False).values(
        "question_id").annotate(answers=Count("id"), right=Count("id", filter=Q(correct=True)))
    return {row["question_id"]: (row["answers"], row["right"]) for row in rows}


def shown_difficulty(depth, counts):
    """The difficulty takers see, from (answers, right answers)."""
    answers, right = counts
    return difficulty_of(depth, answers, right / answers if answers else None)


def remeasure(question):
    """Keep the difficulty stored on a question (what takers see and practice filters by)
    equal to its measure, after an answer to it."""
    counts = answer_counts([question.pk]).get(question.pk, (0, 0))
    difficulty = shown_difficulty(question.depth, counts)
    if difficulty != question.difficulty:
        type(question).objects.filter(pk=question.pk).update(difficulty=difficulty)
        question.difficulty = difficulty


@dataclass
class ItemStats:
    """One question's numbers."""

    answers: int = 0
    right: int = 0
    option_counts: dict = field(default_factory=dict)  # {option key: times chosen}
    exams: int = 0  # finished exams that asked it
    discrimination: float | None = None

    @property
    def facility(self):
        return round(self.right / self.answers, 3) if self.answers else None

    @property
    def flags(self):
        return flags_of(self.answers, self.facility, self.discrimination)

    @property
    def flagged(self):
        return bool(self.flags)

    def difficulty(self, depth):
        return difficulty_of(depth, self.answers, self.facility)

    def as_dict(self):
        return {"answers": self.answers, "facility": self.facility,
                "discrimination": self.discrimination, "option_counts": self.option_counts,
                "exams": self.exams, "flags": self.flags}


def _of(questions):
    """The filter for these questions: a queryset stays a subquery (no list of ids sent)."""
    if hasattr(questions, "values"):
        return Q(question__in=questions.values("pk"))
    return Q(question_id__in=[getattr(q, "pk", q) for q in questions])


def item_stats(questions):
    """{question id: ItemStats} for many questions (a queryset, or questions or ids) in two
    queries; a question nobody answered is absent (use `.get(pk, ItemStats())`)."""
    found = {}
    answered = AttemptQuestion.objects.filter(_of(questions), answered_at__isnull=False)
    for question_id, answer, correct, times in answered.order_by().values_list(
            "question_id", "answer", "correct").annotate(times=Count("pk")):
        stats = found.setdefault(question_id, ItemStats())
        stats.answers += times
        stats.right += times if correct else 0
        stats.option_counts[answer] = stats.option_counts.get(answer, 0) + times
    exams = AttemptQuestion.objects.filter(
        _of(questions), attempt__mode=Attempt.EXAM, attempt__finished_at__isnull=False,
        attempt__score__isnull=False)
    right = Case(When(correct=True, then=Value(1)), default=Value(0), output_field=IntegerField())
    for row in exams.order_by().values("question_id").annotate(
            n=Count("pk"), right=Sum(right), scores=Sum("attempt__score"),
            squares=Sum(F("attempt__score") * F("attempt__score")),
            when_right=Sum(Case(When(correct=True, then=F("attempt__score")), default=Value(0),
                                output_field=IntegerField()))):
        stats = found.setdefault(row["question_id"], ItemStats())
        stats.exams = row["n"]
        stats.discrimination = discrimination(row["n"], row["right"] or 0, row["scores"] or 0,
                                              row["squares"] or 0, row["when_right"] or 0)
    return found


def flagged_ids(questions):
    """The ids of the flagged questions among these (two queries, whatever their number)."""
    return [pk for pk, stats in item_stats(questions).items() if stats.flagged]


def success_rates(questions):
    """{question id: (answers, right)}: the older, shorter view of item_stats."""
    return {pk: (s.answers, s.right) for pk, s in item_stats(questions).items()}


def question_stats(question):
    """One question's numbers for the stats endpoint (`scenario` is None once it is removed)."""
    stats = item_stats([question]).get(question.pk, ItemStats())
    return {"id": question.pk, "scenario": question.scenario_slug, "key": question.key,
            "pool": question.pool, "prompt": question.shown_prompt, "answers": stats.answers,
            "correct": stats.right, "success_rate": stats.facility,
            "facility": stats.facility, "discrimination": stats.discrimination,
            "exams": stats.exams, "flags": stats.flags, "flagged": stats.flagged,
            "difficulty": DIFFICULTY_WORDS[stats.difficulty(question.depth)],
            "active": question.active, "withdrawn_reason": question.withdrawn_reason,
            "status": question.status,
            "options": [{"key": o["key"], "text": o["text"], "correct": o["correct"],
                         "source": o["source"], "chosen": stats.option_counts.get(o["key"], 0)}
                        for o in question.options]}

