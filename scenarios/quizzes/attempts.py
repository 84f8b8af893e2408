"""Taking a quiz: choosing questions, answering, finishing, scoring, and who may see what.

The answer key of a question (which option is right, the explanations) leaves
the server only after that question is answered in practice mode. Practice and exams
draw from separate pools of questions (bank.pool_for), and an exam's keys never leave
the server: its results say which answers were right and which rules each question
tests, so that taking exams again and again, or practising, cannot collect them.
Answers are kept once: answering again, or finishing again, changes nothing and
returns what was recorded.

An exam is always drawn from a blueprint (blueprints.py: the default one unless another is
named), which shares its questions out among the formats by the editors' weights; choosing
formats, articles or difficulty is for practice. An exam's entry may carry a variant of its
question (other numbers and cards of the same shape, asked once): `shown` is what an entry
asks, the variant's when it has one, and everything that shows or scores an entry reads it.

Each owner (a signed-in user, or an anonymous session) holds at most
MAX_OPEN_ATTEMPTS open quizzes: starting another first drops the oldest open ones
nobody has answered anything in, so repeated starts cannot fill the database.
"""
import random
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from rulings.knowledge.models import Article
from rulings.knowledge.page_cache import PAGE_SECONDS, site_stamp

from scenarios.verification.fingerprints import StaleCheck
from scenarios.verification.models import Scenario, ScenarioCard
from . import blueprints, review, stats
from .stats import DIFFICULTY_WORDS
from .blueprints import BlueprintError
from .models import Attempt, AttemptQuestion, Question

DEFAULT_COUNT = {Attempt.PRACTICE: 10, Attempt.EXAM: 20}
MAX_COUNT = blueprints.MAX_QUESTIONS
DEFAULT_MINUTES, MAX_MINUTES = 30, blueprints.MAX_MINUTES
DEFAULT_PASS_MARK = 80
# Open (unfinished, within their time limit) quizzes one owner may hold at once.
MAX_OPEN_ATTEMPTS = 5
POOL = {Attempt.PRACTICE: Question.PRACTICE_POOL, Attempt.EXAM: Question.EXAM_POOL}
EXAM_NOTE = ("Exam questions stay confidential so that the exam keeps its worth: these "
             "results say which questions you got right, not which options were correct nor "
             "why. Practise the rules listed under each question.")
VARIANT_NOTE = ("This question was a variant made for your exam alone, so its answer and "
                "explanation are shown.")


class QuizError(Exception):
    """A request the quiz refuses; `status` is the HTTP status it maps to."""

    def __init__(self, message, status=400, field=None, open_attempts=()):
        super().__init__(message)
        self.message, self.status, self.field = message, status, field
        self.open_attempts = list(open_attempts)  # the quizzes to finish first, if any


@dataclass
class Choice:
    """What a quiz is drawn from."""

    formats: tuple = ()
    articles: tuple = ()
    difficulty: int | None = None
    scenario: str | None = None
    card: str | None = None  # a catalogued card's name: the questions of the scenarios using it

    def as_dict(self):
        found = {"formats": list(self.formats), "articles": list(self.articles),
                 "difficulty": self.difficulty, "scenario": self.scenario}
        if self.card:
            found["card"] = self.card
        return found


def scenarios_using(card_name):
    """The ids of the stored scenarios that use a catalogued card (their stored card names)."""
    return set(ScenarioCard.objects.filter(name=card_name).values_list("scenario_id", flat=True))


def fresh_scenarios():
    """Passing scenarios whose verdict still holds, as {id: (slug, fingerprint)}.

    Checking every scenario's fingerprint reads every source, so the answer is kept for as
    long as the site's stamp (revisions, verification runs, engine version) is unchanged:
    a verdict, a scenario or a parameter can only change along with it."""
    key = f"fresh-scenarios:{site_stamp()}"
    fresh = cache.get(key)
    if fresh is None:
        scenarios = StaleCheck().mark(Scenario.objects.filter(status=Scenario.PASSED).only(
            "id", "slug", "status", "source", "fingerprint", "params_read", "format_slug"))
        fresh = {s.pk: (s.slug, s.fingerprint) for s in scenarios if not s.is_stale}
        cache.set(key, fresh, PAGE_SECONDS)
    return fresh


@dataclass(slots=True)
class Candidate:
    """What drawing a quiz reads of a question: a row, not a model instance (an exam draws
    from the whole exam pool, thousands of rows, on every start)."""

    pk: int
    scenario_id: int
    difficulty: int
    format: str
    article: str
    teaching_rule: str
    fingerprint: str
    formats: list = ()  # read only when the choice names formats
    articles: list = ()  # read only when the choice names articles


CANDIDATE_FIELDS = ("id", "scenario_id", "difficulty", "format", "article", "teaching_rule",
                    "fingerprint")


def current_questions(choice, pool=Question.PRACTICE_POOL):
    """Active questions of one pool, from passing scenarios whose verdict is not stale,
    fitting the choice, as Candidates."""
    fresh = fresh_scenarios()
    if choice.card:
        using = scenarios_using(choice.card)
        fresh = {pk: value for pk, value in fresh.items() if pk in using}
    fields = CANDIDATE_FIELDS + (("formats",) if choice.formats else ()) + (
        ("articles",) if choice.articles else ())
    rows = Question.objects.filter(active=True, status=Question.PUBLISHED, pool=pool,
                                   scenario_id__in=list(fresh)).values_list(*fields)
    found = []
    for row in rows:
        question = Candidate(*row[:len(CANDIDATE_FIELDS)],
                             **dict(zip(fields[len(CANDIDATE_FIELDS):],
                                        row[len(CANDIDATE_FIELDS):])))
        slug, current = fresh[question.scenario_id]
        if question.fingerprint != current:
            continue
        if choice.formats and not set(choice.formats) & set(question.formats):
            continue
        if choice.articles and not set(choice.articles) & set(question.articles):
            continue
        if choice.difficulty and question.difficulty != choice.difficulty:
            continue
        if choice.scenario and slug != choice.scenario:
            continue
        found.append(question)
    return found


def pick(questions, count, seed):
    """`count` questions, one per scenario first (a quiz of many scenarios), then more."""
    rng = random.Random(seed)
    rng.shuffle(questions)
    first, rest, seen = [], [], set()
    for question in questions:
        (rest if question.scenario_id in seen else first).append(question)
        seen.add(question.scenario_id)
    return (first + rest)[:count]


def _whole(value, name, low, high, default):
    if value in (None, ""):
        return default
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise QuizError(f"{name} must be a whole number from {low} to {high}", field=name)
    try:
        number = int(value)
    except ValueError:
        raise QuizError(f"{name} must be a whole number from {low} to {high}",
                        field=name) from None
    if not low <= number <= high:
        raise QuizError(f"{name} must be from {low} to {high}, not {number}", field=name)
    return number


def _names(value, name):
    if value in (None, ""):
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and len(v) < 200
                                                        for v in value) or len(value) > 100:
        raise QuizError(f"{name} must be a list of names", field=name)
    return tuple(value)


def is_open_filter(now):
    """The attempts still open at `now`: not finished, and within their time limit if any."""
    return Q(finished_at=None) & (Q(deadline=None) | Q(deadline__gte=now))


def _owner(user, session_key):
    """The filter for one owner's attempts, with that owner's row locked until the
    transaction ends, so that two starts at once cannot both pass the cap. None when the
    attempt would have no owner (nobody could open it, so there is nothing to cap).

    The lock is FOR NO KEY UPDATE: an answer being recorded meanwhile (which holds its
    attempt and inserts a review card pointing at the user) still gets through, so a start
    waiting for that attempt's lock never waits in a circle with it."""
    if user is not None and user.is_authenticated:
        list(get_user_model().objects.select_for_update(no_key=True).filter(
            pk=user.pk).only("pk"))
        return Q(user=user)
    if session_key:
        list(Session.objects.select_for_update(no_key=True).filter(
            session_key=session_key).only("pk"))
        return Q(user=None, session_key=session_key)
    return None


def make_room(user, session_key, now=None):
    """Keep the owner under MAX_OPEN_ATTEMPTS open quizzes with the new one: drop their
    oldest open quizzes in which nothing was answered (nothing the taker wrote is lost), or
    refuse (409) when every open one holds answers."""
    owner = _owner(user, session_key)
    if owner is None:
        return
    now = now or timezone.now()
    open_ids = list(Attempt.objects.filter(owner, is_open_filter(now)).order_by(
        "started_at", "pk").values_list("pk", flat=True))
    excess = len(open_ids) - MAX_OPEN_ATTEMPTS + 1
    if excess <= 0:
        return
    # Locked before the answers are counted: an answer being recorded meanwhile is seen.
    list(Attempt.objects.select_for_update().filter(pk__in=open_ids).only("pk"))
    answered = set(AttemptQuestion.objects.filter(
        attempt_id__in=open_ids, answered_at__isnull=False).values_list("attempt_id", flat=True))
    unanswered = [pk for pk in open_ids if pk not in answered]
    if len(unanswered) < excess:
        raise QuizError(
            f"You already have {len(open_ids)} quizzes open with answers given, the most "
            f"anyone may keep open at once: finish one of them before starting another.",
            status=409,
            open_attempts=Attempt.objects.filter(pk__in=open_ids).order_by("started_at"))
    Attempt.objects.filter(pk__in=unanswered[:excess]).delete()


@transaction.atomic
def start(mode, user=None, session_key="", formats=None, articles=None, difficulty=None,
          count=None, minutes=None, pass_mark=None, scenario=None, questions=None,
          blueprint=None, card=None):
    """A new attempt with its questions drawn; raises QuizError for a choice that cannot be met.

    Practice draws from the practice pool by the choice given; an exam from the exam pool by
    its blueprint (the default unless `blueprint` names another), whose length, time limit
    and pass mark `count`, `minutes` and `pass_mark` may override. `questions`, when given
    (the review queue's), are asked as they are."""
    if mode not in (Attempt.PRACTICE, Attempt.EXAM):
        raise QuizError("mode must be 'practice' or 'exam'", field="mode")
    if mode == Attempt.EXAM and scenario not in (None, ""):
        raise QuizError("an exam cannot be limited to one scenario: that scenario's replay "
                        "page is public and shows the answers; choose an exam blueprint "
                        "instead", field="scenario")
    if mode == Attempt.EXAM and card not in (None, ""):
        raise QuizError("an exam cannot be limited to one card: its card page is public and "
                        "links the replays that show the answers; choose an exam blueprint "
                        "instead", field="card")
    if card not in (None, "") and (not isinstance(card, str) or len(card) > 200
                                   or not card.isprintable()):
        raise QuizError("card must be a card's name", field="card")
    choice = Choice(_names(formats, "formats"), _names(articles, "articles"),
                    _whole(difficulty, "difficulty", 1, 3, None),
                    scenario if isinstance(scenario, str) and scenario else None,
                    card or None)
    exam = mode == Attempt.EXAM
    if not exam and blueprint not in (None, ""):
        raise QuizError("blueprint is for exams only: practice chooses formats, articles or "
                        "difficulty", field="blueprint")
    for name, given in (("formats", choice.formats), ("articles", choice.articles),
                        ("difficulty", choice.difficulty)):
        if exam and given:
            raise QuizError(f"an exam is drawn from an exam blueprint, not by {name}: choose "
                            f"a blueprint, or practise to choose {name}", status=422,
                            field=name)
    try:
        chosen = blueprints.resolve(blueprint) if exam else None
    except BlueprintError as error:
        raise QuizError(error.message, status=error.status, field=error.field) from None
    count = _whole(count, "count", 1, MAX_COUNT, chosen.count if exam else DEFAULT_COUNT[mode])
    attempt = Attempt(mode=mode, user=user if user and user.is_authenticated else None,
                      session_key="" if user and user.is_authenticated else session_key,
                      choice=choice.as_dict(), blueprint=chosen,
                      pass_mark=_whole(pass_mark, "pass_mark", 1, 100,
                                       chosen.pass_mark if exam else DEFAULT_PASS_MARK))
    if exam:
        attempt.deadline = timezone.now() + timedelta(
            minutes=_whole(minutes, "minutes", 1, MAX_MINUTES, chosen.minutes))
    if questions is not None:
        drawn = questions
    elif exam:
        drawn = _draw_exam(attempt, chosen, count)
    else:
        drawn = pick(current_questions(choice, POOL[mode]), count, attempt.id.hex)
    if not drawn:
        if choice.card:
            raise QuizError("no scenario using this card has practice questions now: their "
                            "questions are kept for exams, or they do not pass verification",
                            status=422)
        if choice.scenario:
            raise QuizError("this scenario has no practice questions now: its questions are "
                            "kept for exams, or it does not pass verification", status=422)
        raise QuizError("no verified question fits this choice; choose other formats, "
                        "articles or difficulty", status=422)
    make_room(user, attempt.session_key)
    attempt.save()
    chosen_variants = exam_variants(drawn, attempt.id.hex) if exam and questions is None else {}
    AttemptQuestion.objects.bulk_create(
        AttemptQuestion(attempt=attempt, question_id=q.pk, number=n,
                        variant=chosen_variants.get(q.pk))
        for n, q in enumerate(drawn, 1))
    return attempt


def exam_variants(drawn, seed):
    """{question id: the variant an exam asks}, one drawn at random (seeded by the attempt)
    for each question that has variants: an exam asks a reworked copy of the scenario, so a
    key learned in practice does not answer it (variants.py). Only the drawn questions'
    variants are read."""
    rng = random.Random(seed)
    found = {}
    for pk, variants in Question.objects.filter(pk__in=[q.pk for q in drawn]).values_list(
            "pk", "variants"):
        if variants:
            found[pk] = variants[rng.randrange(len(variants))]
    return found


def _draw_exam(attempt, blueprint, count):
    """An exam's questions by its blueprint, from the exam pool; the plan (shares, and what
    could not be drawn as the blueprint asks) is kept in the attempt's `choice`."""
    pool = current_questions(Choice(), Question.EXAM_POOL)
    try:
        plan = blueprints.plan(blueprint, pool, count)
    except BlueprintError as error:
        raise QuizError(error.message, status=error.status, field=error.field) from None
    attempt.choice = {"blueprint": blueprint.slug, "blueprint_name": blueprint.name,
                      **plan.as_dict()}
    return blueprints.draw(plan, pool, attempt.id.hex)


def load(attempt_id, user=None, session_key=""):
    """The attempt if it belongs to this user (or anonymous session); else QuizError 404.

    Callers pass the session key the visitor already has, never a new one: looking at a
    quiz must not create sessions."""
    try:
        attempt = Attempt.objects.get(pk=attempt_id)
    except (Attempt.DoesNotExist, ValueError, TypeError):
        raise QuizError("no such quiz", status=404) from None
    mine = (attempt.user_id is not None and user is not None and user.is_authenticated
            and attempt.user_id == user.pk) or (
        attempt.user_id is None and session_key and attempt.session_key == session_key)
    if not mine:
        raise QuizError("no such quiz", status=404)  # another's attempt is not even shown to exist
    return attempt


def entry(attempt, number):
    try:
        number = int(number)
        return attempt.entries.select_related("question").get(number=number)
    except (AttemptQuestion.DoesNotExist, ValueError, TypeError):
        raise QuizError(f"this quiz has no question {number}", status=404) from None


def is_open(attempt, now=None):
    now = now or timezone.now()
    return attempt.finished_at is None and (attempt.deadline is None or now <= attempt.deadline)


def key_visible(attempt, item):
    """May the answer key of this entry be shown now? In practice once answered; in an exam
    never (see the module's docstring)."""
    return attempt.mode == Attempt.PRACTICE and item.answered_at is not None


def shown(item):
    """What an entry asks: {prompt, facts, steps, board, options, explanation}, from its
    exam variant when it has one (each option {key, text, correct, explanation, ...}), else
    from its question (an editor's wording before the generated one)."""
    if item.variant:
        variant = item.variant
        return {"prompt": variant.get("prompt", ""), "facts": variant.get("facts") or [],
                "steps": variant.get("steps") or [], "board": variant.get("board", ""),
                "options": variant.get("options") or [],
                "explanation": variant.get("explanation", "")}
    question = item.question
    return {"prompt": question.shown_prompt, "facts": question.facts or [],
            "steps": question.steps, "board": question.board, "options": question.options,
            "explanation": question.shown_explanation}


def right_option(options):
    """The key of the right option among those an entry shows."""
    return next((o["key"] for o in options if o.get("correct")), None)


def question_data(attempt, item, names=None, total=None):
    """What the taker sees of a question: never the answer key before it may be shown, and
    of a finished exam only whether the answer was right (and a variant's key)."""
    stem = shown(item)
    names = format_names() if names is None else names
    total = attempt.entries.count() if total is None else total
    data = {"number": item.number, "total": total, "stem": stem["prompt"],
            "format": item.question.format, "format_name": names.get(item.question.format,
                                                                      item.question.format),
            "facts": stem["facts"], "board_svg": stem["board"], "steps": stem["steps"],
            "kind": item.question.kind,
            "difficulty": DIFFICULTY_WORDS.get(item.question.difficulty, ""),
            "options": [{"key": o["key"], "text": o["text"]} for o in stem["options"]],
            "answer": item.answer or None}
    if key_visible(attempt, item):
        data.update(feedback(item))
    elif attempt.mode == Attempt.EXAM and attempt.finished_at is not None:
        data.update(verdict(item))
    return data


def format_names():
    """{format slug: the format's name}, for showing each question's format."""
    return blueprints.format_names()


def _explained(options):
    return [{"key": o["key"], "text": o["text"], "correct": bool(o.get("correct")),
             "source": o.get("source", ""), "rule": o.get("rule", ""),
             "explanation": o.get("explanation", "")} for o in options]


def feedback(item):
    """The answer key of a practice question. `scenario` is None once the scenario the
    question came from has been removed (the question keeps everything else)."""
    stem = shown(item)
    return {"correct": item.correct, "right_option": right_option(stem["options"]),
            "explanation": stem["explanation"], "rules": item.question.anchors,
            "options_explained": _explained(stem["options"]),
            "scenario": item.question.scenario_slug}


def verdict(item):
    """What a finished exam shows of a question: whether the answer was right and the rules
    it tests; not the right option, the explanations nor the scenario (whose replay shows
    the answer). A variant, asked once, shows its right option and explanation too."""
    if not item.variant:
        return {"correct": item.correct, "rules": item.question.anchors}
    stem = shown(item)
    return {"correct": item.correct, "rules": item.question.anchors,
            "right_option": right_option(stem["options"]), "explanation": stem["explanation"],
            "options_explained": _explained(stem["options"])}


def _locked(attempt):
    """The attempt again, locked for this transaction; 404 if it has gone meanwhile (a
    newer quiz made room by dropping it)."""
    try:
        return Attempt.objects.select_for_update().get(pk=attempt.pk)
    except Attempt.DoesNotExist:
        raise QuizError("no such quiz", status=404) from None


@transaction.atomic
def answer(attempt, number, option, now=None):
    """Record an answer once; returns the entry. Practice answers come with their feedback."""
    now = now or timezone.now()
    attempt = _locked(attempt)
    item = entry(attempt, number)
    if attempt.finished_at is not None:
        raise QuizError("this quiz is finished: answers can no longer change", status=409)
    if attempt.deadline is not None and now > attempt.deadline:
        raise QuizError("the time limit of this exam has passed: answers are refused",
                        status=409)
    options = shown(item)["options"]
    keys = [o["key"] for o in options]
    if option not in keys:
        raise QuizError(f"option must be one of {', '.join(keys)}", field="option")
    if item.answered_at is not None:
        if attempt.mode == Attempt.PRACTICE or item.answer == option:
            return item  # answered already: the first answer stands
    first = item.answered_at is None
    item.answer, item.correct, item.answered_at = option, option == right_option(options), now
    item.save(update_fields=["answer", "correct", "answered_at"])
    if first:
        stats.remeasure(item.question)
    if attempt.mode == Attempt.PRACTICE and attempt.user_id and _reviewable(item.question):
        review.record(attempt.user, item.question, item.correct, now)
    return item


def _reviewable(question):
    """Only practice-pool questions become review cards: the review queue is practice, and
    must not bring exam questions (with their keys) into it."""
    return question.pool == Question.PRACTICE_POOL


@transaction.atomic
def finish(attempt, now=None):
    """Close the attempt and score it; finishing again returns the same result."""
    now = now or timezone.now()
    attempt = _locked(attempt)
    if attempt.finished_at is None:
        items = list(attempt.entries.select_related("question"))
        attempt.score = sum(1 for i in items if i.correct)
        attempt.finished_at = now if attempt.deadline is None else min(now, attempt.deadline)
        attempt.save(update_fields=["score", "finished_at"])
        if attempt.mode == Attempt.EXAM and attempt.user_id:
            for item in items:
                if _reviewable(item.question):
                    review.record(attempt.user, item.question, bool(item.correct), now)
    return attempt


def passed(attempt):
    total = attempt.entries.count()
    return attempt.score is not None and total and attempt.score * 100 >= attempt.pass_mark * total


def summary(attempt, total):
    """How a quiz reads in a history: "8 of 10, passed", "5 of 10, not passed", "practice:
    7 of 10 right", or that it is not finished."""
    if attempt.finished_at is None:
        return f"{attempt.mode}, not finished"
    score = attempt.score or 0
    if attempt.mode == Attempt.PRACTICE:
        return f"practice: {score} of {total} right"
    won = total and score * 100 >= attempt.pass_mark * total
    return f"{score} of {total}, {'passed' if won else 'not passed'}"


def history(user, limit):
    """A signed-in user's latest quizzes, each with its `summary` (newest first)."""
    rows = list(Attempt.objects.filter(user=user).select_related("blueprint").annotate(
        total=Count("entries"))[:limit])
    for attempt in rows:
        attempt.summary = summary(attempt, attempt.total)
    return rows


def duration_text(seconds):
    """23 minutes 10 seconds; 1 hour 2 minutes; 45 seconds."""
    seconds = max(0, int(seconds))
    parts = [(seconds // 3600, "hour"), (seconds // 60 % 60, "minute"), (seconds % 60, "second")]
    words = [f"{n} {unit}{'s' * (n != 1)}" for n, unit in parts if n]
    return " ".join(words) or "0 seconds"


def breakdown(items, names):
    """Right and asked per format and per article (the article a question teaches), in the
    order of the most asked."""
    formats, articles = {}, {}
    for item in items:
        for rows, key in ((formats, item.question.format),
                          (articles, blueprints.article_of(item.question))):
            row = rows.setdefault(key, [0, 0])
            row[0] += bool(item.correct)
            row[1] += 1
    titles = _article_titles([key for key in articles if key])
    return ([{"format": key, "name": names.get(key, key or "No format recorded"),
              "right": right, "asked": asked}
             for key, (right, asked) in sorted(formats.items(), key=lambda r: (-r[1][1], r[0]))],
            [{"article": key or None, "title": titles.get(key, key or "No single article"),
              "right": right, "asked": asked}
             for key, (right, asked) in sorted(articles.items(), key=lambda r: (-r[1][1], r[0]))])


def _article_titles(keys):
    """{"format/article": "Format: Title"} for the articles that exist."""
    wanted = {tuple(key.split("/", 1)) for key in keys if "/" in key}
    found = Article.objects.filter(format__slug__in={f for f, _ in wanted}).select_related(
        "format").only("slug", "title", "format__slug", "format__name")
    return {f"{a.format.slug}/{a.slug}": f"{a.format.name}: {a.title}" for a in found
            if (a.format.slug, a.slug) in wanted}


def missed(attempt, items, names):
    """Each question not answered right: its stem, the answer given, and either why (practice;
    an exam's variant) or the rules it tests (an exam question, whose key stays confidential)."""
    rows = []
    for item in items:
        if item.correct:
            continue
        stem = shown(item)
        texts = {o["key"]: o["text"] for o in stem["options"]}
        row = {"number": item.number, "format": item.question.format,
               "format_name": names.get(item.question.format, item.question.format),
               "stem": stem["prompt"], "answer": item.answer or None,
               "answer_text": texts.get(item.answer), "rules": item.question.anchors,
               "key_shown": attempt.mode == Attempt.PRACTICE or bool(item.variant)}
        if row["key_shown"]:
            right = right_option(stem["options"])
            row.update(right_option=right, right_option_text=texts.get(right),
                       explanation=stem["explanation"])
        rows.append(row)
    return rows


def results(attempt):
    """The score and every question reviewed, once the quiz is finished (an exam past its
    time limit finishes by itself): pass or fail, the time taken, a breakdown per format and
    per article, and the questions missed. A practice quiz shows every answer key; an exam
    only which answers were right, and says why (`note`), except for its variants."""
    if attempt.finished_at is None:
        if is_open(attempt):
            raise QuizError("the quiz is not finished yet: finish it to see the results",
                            status=409)
        attempt = finish(attempt)
    items = list(attempt.entries.select_related("question__scenario"))
    names = format_names()
    score = attempt.score if attempt.score is not None else sum(1 for i in items if i.correct)
    key_shown = attempt.mode == Attempt.PRACTICE
    won = score * 100 >= attempt.pass_mark * len(items) if items else False
    seconds = int((attempt.finished_at - attempt.started_at).total_seconds())
    by_format, by_article = breakdown(items, names)
    blueprint = attempt.blueprint
    return {"id": str(attempt.id), "mode": attempt.mode, "total": len(items), "score": score,
            "answered": sum(1 for i in items if i.answered_at),
            "percent": round(100 * score / len(items)) if items else 0,
            "pass_mark": attempt.pass_mark, "passed": won,
            "summary": summary(attempt, len(items)),
            "finished": attempt.finished_at is not None,
            "time_taken": seconds, "time_taken_text": duration_text(seconds),
            "blueprint": {"slug": blueprint.slug, "name": blueprint.name}
            if blueprint else None,
            "notes": list(attempt.choice.get("notes", [])) if attempt.mode == Attempt.EXAM
            else [],
            "by_format": by_format, "by_article": by_article,
            "key_shown": key_shown, "note": "" if key_shown else EXAM_NOTE,
            "missed": missed(attempt, items, names),
            "questions": [{**question_data(attempt, i, names, len(items)),
                           **(feedback(i) if key_shown else verdict(i)),
                           "key_shown": key_shown or bool(i.variant)} for i in items]}
