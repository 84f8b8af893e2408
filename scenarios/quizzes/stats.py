"""How a question fares: for editors, its success rate and which wrong options people choose."""
from collections import Counter

from .models import AttemptQuestion

FLAG_MIN_ANSWERS = 5
FLAG_BELOW = 0.2  # almost everyone misses it: the question (or the rule's wording) needs a look


def question_stats(question):
    """Answers and option counts for one question (`scenario` is None once it is removed)."""
    answers = list(AttemptQuestion.objects.filter(
        question=question, answered_at__isnull=False).values_list("answer", "correct"))
    chosen = Counter(answer for answer, _ in answers)
    right = sum(1 for _, correct in answers if correct)
    rate = right / len(answers) if answers else None
    return {"id": question.pk, "scenario": question.scenario_slug, "key": question.key,
            "pool": question.pool,
            "prompt": question.prompt, "answers": len(answers), "correct": right,
            "success_rate": None if rate is None else round(rate, 3),
            "flagged": rate is not None and len(answers) >= FLAG_MIN_ANSWERS and rate < FLAG_BELOW,
            "active": question.active, "withdrawn_reason": question.withdrawn_reason,
            "options": [{"key": o["key"], "text": o["text"], "correct": o["correct"],
                         "source": o["source"], "chosen": chosen.get(o["key"], 0)}
                        for o in question.options]}


def success_rates(questions):
    """{question id: (answers, correct)} for many questions in one query."""
    tally = {}
    for question_id, correct in AttemptQuestion.objects.filter(
            question__in=questions, answered_at__isnull=False).values_list(
            "question_id", "correct"):
        answers, right = tally.get(question_id, (0, 0))
        tally[question_id] = (answers + 1, right + bool(correct))
    return tally
