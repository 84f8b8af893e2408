"""Quiz pages: choose a quiz, take it one question at a time, see the results, review.

They work as plain forms (no script needed); the answer key of a question is put
on a page only when `attempts.key_visible` allows it. Starting a quiz (here or from the
review queue) counts against the same per-client throttle as the API's.
"""
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone

from rulings.knowledge import throttles

from scenarios.verification.models import Scenario
from .. import attempts, review
from ..access import account_needed
from ..forms import ChooseQuizForm
from ..models import Attempt


def _session_key(request):
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def _attempt(request, attempt_id):
    """The visitor's attempt, or 404; looking creates no session (only starting does)."""
    try:
        return attempts.load(attempt_id, request.user, request.session.session_key or "")
    except attempts.QuizError:
        raise Http404("No such quiz.") from None


def choose(request):
    """Choose a quiz; POST starts it (throttled per client, capped per owner)."""
    refusal = None
    if request.method == "POST":
        refused = throttles.refused(request, "quiz_start")
        if refused is not None:
            return refused
        form = ChooseQuizForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            # An exam is drawn by its blueprint; formats, articles and difficulty are practice's.
            chosen = {"blueprint": data["blueprint"] or None} if data["mode"] == "exam" else {
                "formats": data["formats"], "articles": data["articles"],
                "difficulty": data["difficulty"]}
            try:
                attempt = attempts.start(
                    data["mode"], user=request.user, session_key=_session_key(request),
                    count=data["count"], scenario=data["scenario"] or None,
                    card=data["card"] or None, **chosen)
            except attempts.QuizError as error:
                if error.open_attempts:  # too many open: the page lists them to finish
                    refusal = error
                else:
                    form.add_error(error.field if error.field in form.fields else None,
                                   error.message)
            else:
                return redirect(attempt.get_absolute_url())
    else:
        initial = {"mode": "practice"}
        for name in ("formats", "articles"):
            if request.GET.getlist(name):
                initial[name] = request.GET.getlist(name)
        if request.GET.get("scenario"):
            initial["scenario"] = request.GET["scenario"]
        if request.GET.get("card"):
            initial["card"] = request.GET["card"][:200]
        form = ChooseQuizForm(initial=initial)
    recent = attempts.history(request.user, 10) if request.user.is_authenticated else []
    slug = form["scenario"].value()
    scenario = Scenario.objects.filter(slug=slug).first() if slug else None
    count = len(attempts.current_questions(attempts.Choice(scenario=slug))) if scenario else 0
    unasked = None
    if scenario and not count and request.method != "POST":
        # Nothing to practise from it: say so, and offer the usual choice instead.
        unasked, scenario = scenario, None
        form = ChooseQuizForm(initial={"mode": "practice"})
    card = form["card"].value() or None
    card_questions = len(attempts.current_questions(attempts.Choice(card=card))) if card else 0
    return render(request, "quiz/choose.html", {
        "form": form, "recent": recent, "card": card, "card_questions": card_questions, "refusal": refusal.message if refusal else None,
        "open_attempts": refusal.open_attempts if refusal else [], "scenario": scenario,
        "scenario_questions": count, "unasked_scenario": unasked})


def take(request, attempt_id):
    attempt = _attempt(request, attempt_id)
    total = attempt.entries.count()
    try:
        number = min(max(int(request.GET.get("n", request.POST.get("n", 1))), 1), total)
    except ValueError:
        number = 1
    error = None
    if request.method == "POST":
        try:
            if "finish" in request.POST:
                attempts.finish(attempt)
                return redirect("quiz-results", attempt_id=attempt.id)
            attempts.answer(attempt, number, request.POST.get("option", ""))
        except attempts.QuizError as refused:
            error = refused.message
        else:
            if attempt.mode == Attempt.EXAM:
                following = number + 1 if number < total else number
                return redirect(f"{reverse('quiz-take', args=[attempt.id])}?n={following}")
            return redirect(f"{reverse('quiz-take', args=[attempt.id])}?n={number}#feedback")
    if attempt.finished_at is not None:
        return redirect("quiz-results", attempt_id=attempt.id)
    item = attempts.entry(attempt, number)
    stem = attempts.shown(item)  # the variant's, for an exam's variant
    shown = attempts.key_visible(attempt, item)
    entries = list(attempt.entries.values("number", "answered_at"))
    return render(request, "quiz/take.html", {
        "attempt": attempt, "item": item, "question": item.question, "number": number,
        "total": total, "shown": shown, "feedback": attempts.feedback(item) if shown else None,
        "stem": stem, "format_name": attempts.format_names().get(item.question.format, ""),
        "difficulty": attempts.DIFFICULTY_WORDS.get(item.question.difficulty, ""),
        "options": [{"key": o["key"], "text": o["text"]} for o in stem["options"]],
        "entries": entries, "error": error, "open": attempts.is_open(attempt),
        "seconds_left": max(0, int((attempt.deadline - timezone.now()).total_seconds()))
        if attempt.deadline else None})


def results(request, attempt_id):
    attempt = _attempt(request, attempt_id)
    try:
        data = attempts.results(attempt)
    except attempts.QuizError as error:
        messages.info(request, error.message)
        return redirect(attempt.get_absolute_url())
    weak = review.weaknesses(request.user) if request.user.is_authenticated else []
    return render(request, "quiz/results.html", {"attempt": attempt, "results": data,
                                                 "weaknesses": weak})


@account_needed("Review needs an account",
                "Your review queue brings back the questions you missed, on a spaced schedule, "
                "and lists the rules you miss most. It is kept with your account, so log in "
                "or sign up to see it.")
def review_queue(request):
    """The user's due cards, weak rules and history; POST starts a review quiz of the due
    cards (a quiz start like any other: throttled and capped)."""
    refusal = None
    if request.method == "POST":
        refused = throttles.refused(request, "quiz_start")
        if refused is not None:
            return refused
    due = review.due(request.user)
    if request.method == "POST":
        if not due:
            messages.info(request, "Nothing is due for review.")
            return redirect("quiz-review")
        try:
            attempt = attempts.start(Attempt.PRACTICE, user=request.user,
                                     questions=[card.question for card in due])
        except attempts.QuizError as error:
            refusal = error
        else:
            return redirect(attempt.get_absolute_url())
    return render(request, "quiz/review.html", {
        "due": due, "upcoming": review.upcoming(request.user),
        "weaknesses": review.weaknesses(request.user),
        "history": attempts.history(request.user, 20),
        "refusal": refusal.message if refusal else None,
        "open_attempts": refusal.open_attempts if refusal else []})

