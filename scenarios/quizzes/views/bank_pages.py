"""The editors' pages over the question bank, and the taker's "Report a problem" form.

Editors find questions in the bank (filtered, 50 to a page), open one to see what it asks,
its options with where each comes from, how it fares, its reports and its history, and
publish, retire, send back to draft or reword it; the reports queue lists open reports first.
Every change goes through curation.py, which records it in the question's history.

Each page costs a fixed number of queries, whatever the size of the bank (the statistics are
two grouped queries, stats.item_stats). The editors' pages answer 403 to a signed-in reader
and send an anonymous visitor to log in; the bank's list answers 403 to anyone but an editor,
as it always has.
"""
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import F
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from rulings.knowledge import throttles
from rulings.knowledge.models import Article, Format
from rulings.knowledge.permissions import editor_gate, is_editor

from .. import attempts, curation
from ..api.questions import BANK_ORDER, LIST_DEFERRED, PAGE_SIZE, clean_filters, filtered
from ..models import Question, QuestionReport
from ..stats import (DIFFICULTY_MIN_ANSWERS, DIFFICULTY_WORDS, FLAG_WORDS, MIN_EXAMS,
                    ItemStats, item_stats)

REFUSAL = "Only editors see the question bank."
STATUS_ACTIONS = {"publish": Question.PUBLISHED, "retire": Question.RETIRED,
                  "draft": Question.DRAFT}
DONE = {Question.PUBLISHED: "Published: takers are asked it from now on.",
        Question.RETIRED: "Retired: takers are no longer asked it.",
        Question.DRAFT: "Sent back to draft: takers are not asked it until it is published."}
ALREADY = {Question.PUBLISHED: "It was already published.",
           Question.RETIRED: "It was already retired.", Question.DRAFT: "It was already a draft."}
SOURCE_WORDS = {"engine": "the rules engine's outcome",
                "wrong_reading": "the outcome under a wrong reading of a rule",
                "computed": "another value the scenario computes"}
SHORT_FLAGS = {"negative-discrimination": "weaker takers do better on it",
               "too-easy": "almost everyone gets it right",
               "too-hard": "almost everyone misses it"}
REPORT_FIELDS_DEFERRED = tuple(f"question__{name}" for name in (
    "board", "steps", "options", "facts", "anchors", "explanation", "explanation_wording")) + \
    tuple(f"question__scenario__{name}" for name in (
        "source", "narrative", "trace", "expected", "outcome", "differences", "params_read"))


def _with_stats(questions, stats):
    """Attach each question's statistics and what an editor reads of them."""
    for question in questions:
        question.stats = stats.get(question.pk, ItemStats())
        question.facility_percent = None if question.stats.facility is None else round(
            100 * question.stats.facility)
        question.flag_words = [SHORT_FLAGS[f] for f in question.stats.flags]
        question.difficulty_word = DIFFICULTY_WORDS[question.stats.difficulty(question.depth)]
    return questions


def _articles():
    """{"format/article": "Format: Title"} for the article filter."""
    return {f"{a.format.slug}/{a.slug}": f"{a.format.name}: {a.title}"
            for a in Article.objects.exclude(current_revision=None).select_related("format")}


def bank(request):
    """Every question, filtered by format, article, kind, status and flagged, 50 to a page."""
    if not is_editor(request.user):
        raise PermissionDenied(REFUSAL)
    filters, _ = clean_filters(request.GET)  # a value that does not fit is left out
    rows = filtered(filters, Question.objects.select_related("scenario").defer(
        *LIST_DEFERRED, "steps", "options", "facts", "anchors")).order_by(*BANK_ORDER)
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    shown_rows = list(page.object_list)
    page.object_list = _with_stats(shown_rows, item_stats(shown_rows))
    chosen = {k: ("true" if v else "false") if k == "flagged" else v for k, v in filters.items()}
    keep = urlencode(chosen)
    return render(request, "quiz/bank.html", {
        "page": page, "filters": chosen, "keep": f"{keep}&" if keep else "",
        "formats": Format.objects.all(), "articles": _articles(),
        "kinds": Question.KINDS, "statuses": Question.STATUSES,
        "open_reports": QuestionReport.objects.filter(handled_at=None).count()})


def _rule_names(question):
    return {a["anchor"]: a["summary"] for a in question.anchors if isinstance(a, dict)}


def _question_context(question, wording, preview, errors):
    stats = item_stats([question]).get(question.pk, ItemStats())
    _with_stats([question], {question.pk: stats})
    names = _rule_names(question)
    options = [{**o, "source_words": SOURCE_WORDS.get(o.get("source"), "computed by the engine"),
                "rule_name": names.get(o.get("rule") or "", "the rule it misreads"),
                "chosen": stats.option_counts.get(o["key"], 0)} for o in question.options]
    reports = list(question.reports.select_related("user", "handled_by").order_by(
        "-created_at"))
    return {
        "question": question, "stats": stats, "options": options,
        "format_name": Format.objects.filter(slug=question.format).values_list(
            "name", flat=True).first() if question.format else None,
        "teaching_rule_name": names.get(question.teaching_rule, "the rule it teaches"),
        "flags": [FLAG_WORDS[f] for f in stats.flags],
        "measured": stats.answers >= DIFFICULTY_MIN_ANSWERS,
        "difficulty_min_answers": DIFFICULTY_MIN_ANSWERS, "min_exams": MIN_EXAMS,
        "open_reports": [r for r in reports if r.handled_at is None],
        "handled_reports": [r for r in reports if r.handled_at is not None],
        "history": list(question.events.select_related("user")),
        "publish_problem": curation.publish_problem(question),
        "wording": wording, "preview": preview, "errors": errors,
        "max_prompt": curation.MAX_PROMPT_WORDING,
        "max_explanation": curation.MAX_EXPLANATION_WORDING,
        "max_response": curation.MAX_RESPONSE, "max_note": curation.MAX_NOTE}


def question_page(request, pk):
    """One question for editors, and their actions on it (POST, each back to this page)."""
    refused = editor_gate(request, REFUSAL)
    if refused is not None:
        return refused
    question = get_object_or_404(Question.objects.select_related("scenario"), pk=pk)
    here = reverse("quiz-question", args=[question.pk])
    wording = {"prompt": question.shown_prompt, "explanation": question.shown_explanation}
    preview, errors = None, {}
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action in STATUS_ACTIONS:
                status = STATUS_ACTIONS[action]
                _, changed = curation.set_status(question, status, request.user,
                                                 request.POST.get("note", ""))
                messages.success(request, DONE[status] if changed else ALREADY[status])
                return redirect(here)
            elif action == "reword":
                wording = {"prompt": request.POST.get("prompt_wording", ""),
                           "explanation": request.POST.get("explanation_wording", "")}
                if "preview" in request.POST:
                    checked = curation.checked_wording(question, wording["prompt"],
                                                       wording["explanation"])
                    preview = {"prompt": checked["prompt_wording"] or question.prompt,
                               "explanation": checked["explanation_wording"]
                               or question.explanation}
                else:
                    _, changed = curation.reword(question, request.user, wording["prompt"],
                                                 wording["explanation"])
                    messages.success(request, "The new wording is saved: takers see it from "
                                     "now on." if changed else "The wording is unchanged.")
                    return redirect(here)
            elif action == "handle":
                curation.handle(request.POST.get("report"), request.user,
                                request.POST.get("response", ""))
                messages.success(request, "The report is handled; the reporter sees your "
                                 "response beside the question.")
                return redirect(f"{here}#reports")
            else:
                errors["action"] = "Choose one of the buttons on this page."
        except curation.CurationError as error:
            if error.status == 404:
                raise Http404(error.message) from None
            errors[error.field or "action"] = error.message
    return render(request, "quiz/question.html",
                  _question_context(question, wording, preview, errors),
                  status=400 if errors else 200)


def reports_queue(request):
    """Takers' reports, open ones first; each handled with a response the reporter sees."""
    refused = editor_gate(request, REFUSAL)
    if refused is not None:
        return refused
    here = reverse("quiz-reports")
    if request.method == "POST":
        try:
            curation.handle(request.POST.get("report"), request.user,
                            request.POST.get("response", ""))
        except curation.CurationError as error:
            messages.error(request, f"The report was not handled: {error.message}")
        else:
            messages.success(request, "The report is handled; the reporter sees your response "
                             "beside the question.")
        page_number = request.POST.get("page", "")
        return redirect(f"{here}?page={page_number}" if page_number.isdigit() else here)
    rows = QuestionReport.objects.select_related(
        "question__scenario", "user", "handled_by").defer(*REPORT_FIELDS_DEFERRED).order_by(
        F("handled_at").desc(nulls_first=True), "-created_at", "-pk")
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "quiz/reports.html", {
        "page": page, "open_count": QuestionReport.objects.filter(handled_at=None).count(),
        "max_response": curation.MAX_RESPONSE})


@require_POST
def report_question(request, attempt_id, number):
    """A taker reports a problem with a question of their quiz (throttled per client). Back
    to where they were, which shows no more than it did: reporting reveals nothing."""
    refused = throttles.refused(request, "report")
    if refused is not None:
        return refused
    session_key = request.session.session_key or ""
    try:
        attempt = attempts.load(attempt_id, request.user, session_key)
        item = attempts.entry(attempt, number)
    except attempts.QuizError:
        raise Http404("No such quiz.") from None
    try:
        curation.report(item.question, request.POST.get("text", ""), user=request.user,
                        session_key=session_key)
    except curation.CurationError as error:
        messages.error(request, f"Your report was not sent: {error.message}")
    else:
        messages.success(request, "Thank you: your report is with the editors. Their answer "
                         "will appear beside this question.")
    if attempt.finished_at is not None:
        return redirect(f"{reverse('quiz-results', args=[attempt.id])}#report-{item.number}")
    return redirect(f"{reverse('quiz-take', args=[attempt.id])}?n={item.number}"
                    f"#report-{item.number}")
