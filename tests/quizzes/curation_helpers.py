"""Small builders for the curation, report and statistics tests: questions, scenarios and
quizzes made directly, so that these tests need neither the engine nor the bundled bank."""
from django.test import Client
from django.utils import timezone

from scenarios.verification.models import Scenario
from scenarios.quizzes.models import Attempt, AttemptQuestion, Question

OPTIONS = [
    {"key": "a", "text": "B wins the duel", "correct": True, "source": "engine", "rule": "",
     "explanation": "Damage inside a chain ends the duel at once."},
    {"key": "b", "text": "A wins the duel", "correct": False, "source": "wrong_reading",
     "rule": "core/chains#resolving", "explanation": "Resolving the chain forwards."},
    {"key": "c", "text": "Nobody wins yet", "correct": False, "source": "computed", "rule": "",
     "explanation": "What the duel looks like one step earlier."},
]


def make_scenario(slug="poison-vs-ceasefire", title="Damage inside a chain ends the duel"):
    return Scenario.objects.create(slug=slug, format_slug="core", path=f"core/{slug}.yaml",
                                   title=title, narrative="A story.", rule="core/chains#resolving",
                                   source=f"slug: {slug}\n", status=Scenario.PASSED)


def make_question(scenario=None, key="outcome", **fields):
    values = {"kind": Question.OUTCOME, "prompt": "Who wins the duel?", "cut": 2,
              "steps": ["A activates Poison of the Old Man.", "B chains Ceasefire."],
              "options": OPTIONS, "explanation": "Ceasefire resolves first and ends the duel.",
              "anchors": [{"anchor": "core/chains#resolving", "summary": "A chain resolves "
                                                                         "backwards"}],
              "fingerprint": "f" * 64, "status": Question.PUBLISHED, "format": "core",
              "article": "core/chains", "teaching_rule": "core/chains#resolving",
              "facts": ["Turn 4, A's Main Phase 1.", "A has 1000 LP."], "depth": 1,
              "formats": ["core"], "articles": ["core/chains"], **fields}
    return Question.objects.create(scenario=scenario, key=key, **values)


def quiz(questions, user=None, session_key="", mode=Attempt.PRACTICE, answers=None,
         finished=False):
    """An attempt at these questions; `answers` maps a question to the option key chosen."""
    answers = answers or {}
    now = timezone.now()
    attempt = Attempt.objects.create(mode=mode, user=user, session_key=session_key)
    score = 0
    for number, question in enumerate(questions, 1):
        chosen = answers.get(question)
        correct = None if chosen is None else chosen == question.right_option
        score += bool(correct)
        AttemptQuestion.objects.create(attempt=attempt, question=question, number=number,
                                       answer=chosen or "", correct=correct,
                                       answered_at=now if chosen else None)
    if finished:
        attempt.finished_at, attempt.score = now, score
        attempt.save(update_fields=["finished_at", "score"])
    return attempt


def logged_in(user):
    """A browser of its own, logged in (the `client` fixtures all share one)."""
    browser = Client()
    browser.force_login(user)
    return browser
