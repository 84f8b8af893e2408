"""Editors curate questions; takers report problems with them.

Publish, retire, send back to draft, reword, report, handle a report: each is one function
here, used by the pages and the API alike, and each writes a QuestionEvent line (who, what,
the detail), which is the question's history.

Each change locks the row it changes for its transaction, so two editors acting at once are
applied one after the other, the second seeing the first's result. Only the fields an action
changes are saved: a regeneration writing a question's generated fields meanwhile never
loses an editor's wording (kept while the question's key stands), and an editor's action
never writes back generated text it read before.
"""
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from .models import AttemptQuestion, Question, QuestionEvent, QuestionReport

MAX_PROMPT_WORDING = 2000
MAX_EXPLANATION_WORDING = 5000
MAX_NOTE = 1000
MAX_REPORT = 2000
MAX_RESPONSE = 2000

# What QuestionEvent.action says for each change (shown as written, in the history).
PUBLISHED, RETIRED, DRAFTED = "published", "retired", "sent back to draft"
REWORDED, REPORTED, REPORT_HANDLED = "reworded", "reported", "report handled"
STATUS_ACTIONS = {Question.PUBLISHED: PUBLISHED, Question.RETIRED: RETIRED,
                  Question.DRAFT: DRAFTED}
EDITOR_DRAFT = "An editor sent it back to draft."


class CurationError(Exception):
    """A change refused; `field` names what was wrong, `status` the HTTP status it maps to."""

    def __init__(self, message, field=None, status=400):
        super().__init__(message)
        self.message, self.field, self.status = message, field, status


def _text(value, field, limit, what, required=False):
    """The text as kept (line ends normalised, trimmed), or CurationError naming the field."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise CurationError(f"{what} must be text.", field)
    # (NUL has no place in text, and PostgreSQL refuses to store one.)
    value = value.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n").strip()
    if required and not value:
        raise CurationError(f"{what} is empty: write a few words.", field)
    if len(value) > limit:
        raise CurationError(f"{what} is {len(value):,} characters long; at most {limit:,} "
                            f"are kept. Shorten it.", field)
    return value


def _event(question_id, user, action, detail=""):
    return QuestionEvent.objects.create(
        question_id=question_id, user=user if user is not None and user.is_authenticated
        else None, action=action, detail=detail)


def _locked(question):
    try:
        return Question.objects.select_for_update().get(pk=question.pk)
    except Question.DoesNotExist:
        raise CurationError("No such question.", status=404) from None


def _save(question, fields):
    question.updated_at = timezone.now()
    question.save(update_fields=[*fields, "updated_at"])


def publish_problem(question):
    """Why this question cannot be published, or None."""
    if question.scenario_id is None:
        return ("The scenario this question came from has been removed: it can no longer be "
                "asked.")
    if question.engine_wrong_options < 1 or len(question.options) < 2:
        return "It has no wrong option to choose from, so it asks nothing."
    return None


@transaction.atomic
def set_status(question, status, user, note=""):
    """Publish, retire or send back to draft; returns (question, changed). The same status
    again changes nothing and records nothing."""
    if status not in dict(Question.STATUSES):
        raise CurationError("The status must be draft, published or retired.", "status")
    note = _text(note, "note", MAX_NOTE, "The note")
    question = _locked(question)
    if question.status == status:
        return question, False
    if status == Question.PUBLISHED:
        problem = publish_problem(question)
        if problem:
            raise CurationError(problem, "status")
    question.status = status
    fields = ["status"]
    if status == Question.DRAFT:
        question.draft_reason = f"An editor sent it back to draft: {note}" if note \
            else EDITOR_DRAFT
        fields.append("draft_reason")
    _save(question, fields)
    _event(question.pk, user, STATUS_ACTIONS[status], note)
    return question, True


def publish(question, user, note=""):
    return set_status(question, Question.PUBLISHED, user, note)


def retire(question, user, note=""):
    return set_status(question, Question.RETIRED, user, note)


def to_draft(question, user, note=""):
    return set_status(question, Question.DRAFT, user, note)


def checked_wording(question, prompt_wording=None, explanation_wording=None):
    """The wording as it would be kept: {field: text} for each one given (blank, or the
    generated text itself, means the generated wording); CurationError naming a bad one."""
    wording = {}
    if prompt_wording is not None:
        text = _text(prompt_wording, "prompt_wording", MAX_PROMPT_WORDING, "The question's "
                     "wording")
        wording["prompt_wording"] = "" if text == question.prompt.strip() else text
    if explanation_wording is not None:
        text = _text(explanation_wording, "explanation_wording", MAX_EXPLANATION_WORDING,
                     "The explanation's wording")
        wording["explanation_wording"] = "" if text == question.explanation.strip() else text
    return wording


def _wording_detail(name, text):
    if not text:
        return f"The {name} is back to the generated wording."
    return f"The {name} now reads: {text}"


@transaction.atomic
def reword(question, user, prompt_wording=None, explanation_wording=None):
    """Set the editor's wording of the question and/or its explanation (None leaves one as it
    is); returns (question, changed). Takers see it instead of the generated text."""
    wording = checked_wording(question, prompt_wording, explanation_wording)
    question = _locked(question)
    changed = {name: text for name, text in wording.items() if getattr(question, name) != text}
    if not changed:
        return question, False
    for name, text in changed.items():
        setattr(question, name, text)
    _save(question, list(changed))
    words = {"prompt_wording": "question", "explanation_wording": "explanation"}
    _event(question.pk, user, REWORDED,
           "\n".join(_wording_detail(words[name], text) for name, text in changed.items()))
    return question, True


def shown_to(question_id, user=None, session_key=""):
    """Was this question put to this person (or anonymous session) in one of their quizzes?"""
    if user is not None and user.is_authenticated:
        owner = Q(attempt__user=user)
    elif session_key:
        owner = Q(attempt__user=None, attempt__session_key=session_key)
    else:
        return False
    return AttemptQuestion.objects.filter(owner, question_id=question_id).exists()


def report(question, text, user=None, session_key=""):
    """A taker's report of a problem, for the editors' queue. The caller checks that the
    question was put to them (`shown_to`); nothing about the question is returned."""
    text = _text(text, "text", MAX_REPORT, "Your report", required=True)
    signed_in = user is not None and user.is_authenticated
    with transaction.atomic():
        made = QuestionReport.objects.create(
            question_id=question.pk, user=user if signed_in else None,
            session_key="" if signed_in else (session_key or ""), text=text)
        _event(question.pk, user, REPORTED, text)
    return made


def reports_of(user=None, session_key="", questions=None):
    """This person's (or anonymous session's) reports, oldest first; of some questions only
    when `questions` (ids) are given."""
    if user is not None and user.is_authenticated:
        rows = QuestionReport.objects.filter(user=user)
    elif session_key:
        rows = QuestionReport.objects.filter(user=None, session_key=session_key)
    else:
        return QuestionReport.objects.none()
    if questions is not None:
        rows = rows.filter(question_id__in=list(questions))
    return rows.order_by("created_at", "pk")


@transaction.atomic
def handle(report_id, user, response):
    """Close a report with the editor's response, which the reporter is shown; a report is
    handled once (a second answer is refused, 409)."""
    response = _text(response, "response", MAX_RESPONSE, "The response", required=True)
    try:
        report_id = int(report_id)
        if not 0 < report_id < 2 ** 63:
            raise ValueError(report_id)
        found = QuestionReport.objects.select_for_update().get(pk=report_id)
    except (QuestionReport.DoesNotExist, ValueError, TypeError):
        raise CurationError("No such report.", status=404) from None
    if found.handled_at is not None:
        by = found.handled_by.get_username() if found.handled_by else "an editor"
        raise CurationError(f"This report was already handled by {by} on "
                            f"{found.handled_at:%d %b %Y}.", "response", status=409)
    found.handled_at, found.handled_by, found.response = timezone.now(), user, response
    found.save(update_fields=["handled_at", "handled_by", "response"])
    quoted = found.text if len(found.text) <= 200 else found.text[:200] + "…"
    _event(found.question_id, user, REPORT_HANDLED, f"Report: {quoted}\nResponse: {response}")
    return found
