"""The question bank follows the verdicts: rebuilt when a scenario's verdict changes,
withdrawn while it fails or is stale, back when it passes again.

Called after verdicts are recorded (scenarios.verification.sync sends `verdicts_recorded`), so
questions are built when scenarios are verified, never per request.
"""
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from ..engine import ScenarioError
from ..engine.cards import default_catalog
from ..engine.rulesets import ruleset_for
from scenarios.verification.models import Scenario
from scenarios.verification.article_parameters import parameters_for
from scenarios.verification.verifier import parsed
from ..engine import replay
from ..engine.version import engine_version
from . import generation, stats, variants
from .models import Question, QuestionEvent

QUIZ_STATUS = Scenario.PASSED  # an expected-to-fail scenario states a known disagreement
# Questions already built in this process, by what they were built from (the scenario's file,
# its format's parameters, the engine). The engine is deterministic, so loading the same
# scenarios again, or verifying them again after an edit is undone, reuses the questions
# instead of replaying every wrong reading again. Bounded: cleared when it grows past this.
MAX_KEPT_BUILDS = 2000
_kept_builds = {}
# One question in EXAM_SHARE goes to the exam pool.
EXAM_SHARE = 3


def pool_for(scenario_slug, key):
    """The pool a question belongs to, for good: a hash of its scenario's slug and its key.

    Practice shows the answer key after each answer, so an exam drawn from the same questions
    could be passed by harvesting practice keys; the exam pool is never shown in practice.
    Hashing (not counting or drawing) keeps a question in its pool through every
    regeneration, on every site, and after its scenario is removed and loaded again. About a
    third of each format and of each difficulty lands in the exam pool (a test checks the
    bundled scenarios' split)."""
    digest = hashlib.sha256(f"{scenario_slug}\0{key}".encode("utf-8")).digest()
    exam = int.from_bytes(digest[:8], "big") % EXAM_SHARE == 0
    return Question.EXAM_POOL if exam else Question.PRACTICE_POOL


def withdraw(scenario, reason):
    Question.objects.filter(scenario=scenario, active=True).update(
        active=False, withdrawn_reason=reason[:1000])


def build_for(scenario, params=None, catalog=None, format_name=None):
    """Build the scenario's questions from its stored source; returns the context and drafts."""
    params = params if params is not None else parameters_for(scenario.format_slug)
    key = _build_key(scenario, params) if catalog is None else None
    if key in _kept_builds:
        return _kept_builds[key]
    parsed_scenario = parsed(scenario.source, scenario.path)
    duel_class = ruleset_for(scenario.format_slug)
    cards = catalog or default_catalog()
    truth = replay(parsed_scenario, duel_class, cards, params=params)
    if format_name is None:
        format_name = format_names().get(scenario.format_slug, scenario.format_slug)
    built = generation.build(parsed_scenario, duel_class, cards, params, truth, format_name)
    add_variants(scenario, built[1], cards, params, format_name)
    if key is not None:
        if len(_kept_builds) >= MAX_KEPT_BUILDS:
            _kept_builds.clear()
        _kept_builds[key] = built
    return built


def add_variants(scenario, drafts, catalog, params, format_name):
    """Exam variants for the scenario's published exam-pool questions (variants.py)."""
    originals = {d.key: variants.payload(d) for d in drafts
                 if d.status == generation.PUBLISHED and
                 pool_for(scenario.slug, d.key) == Question.EXAM_POOL}
    found = variants.variants_for(scenario.source, scenario.path, catalog, params, format_name,
                                  originals, scenario.slug)
    for draft in drafts:
        draft.variants = found.get(draft.key, [])


def format_names():
    """{format slug: its name}, for the stems."""
    from rulings.knowledge.models import Format

    return dict(Format.objects.values_list("slug", "name"))


def _build_key(scenario, params):
    digest = hashlib.sha256()
    for part in (scenario.format_slug, scenario.path, scenario.source,
                 json.dumps(params, sort_keys=True, default=str), engine_version(),
                 builder_version()):
        digest.update(part.encode("utf-8") + b"\0")
    return digest.hexdigest()


# The modules whose code decides what a question says: a change to any of them builds every
# question again (engine changes already change every verdict's fingerprint).
BUILDER_MODULES = ("quizzes/generation.py", "quizzes/teaching.py", "quizzes/stems.py",
                   "quizzes/variants.py",
                   "presentation/readable/sentences.py", "presentation/readable/board.py",
                   "presentation/outcome_words.py")


@lru_cache(maxsize=1)
def builder_version():
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent
    for name in BUILDER_MODULES:
        digest.update((root / name).read_bytes())
    return digest.hexdigest()


# The fields a build writes on a question it asks again; its pool, its editors' wording and
# (unless the answer changed under it) its status stay as they are.
STORED_FIELDS = ("kind", "prompt", "cut", "steps", "board", "options", "explanation", "anchors",
                 "difficulty", "formats", "articles", "fingerprint", "built_with", "active",
                 "withdrawn_reason", "format", "article", "teaching_rule", "facts", "depth",
                 "draft_reason", "variants")


def _fields(scenario, draft):
    article = draft.teaching_rule.partition("#")[0]
    return {
        "kind": draft.kind, "prompt": draft.prompt, "cut": draft.cut, "steps": draft.steps,
        "board": draft.board, "facts": draft.facts,
        "options": [{"key": o.key, "text": o.text, "correct": o.correct, "source": o.source,
                     "rule": o.rule, "explanation": o.explanation} for o in draft.options],
        "explanation": draft.explanation, "anchors": draft.anchors,
        "difficulty": stats.shown_difficulty(draft.depth, (0, 0)), "depth": draft.depth,
        "formats": [scenario.format_slug],
        "articles": sorted({a["anchor"].partition("#")[0] for a in draft.anchors} | {article}),
        "fingerprint": scenario.fingerprint, "built_with": builder_version(),
        "active": True, "withdrawn_reason": "", "format": scenario.format_slug,
        "article": article, "teaching_rule": draft.teaching_rule, "draft_reason": draft.reason,
        "variants": draft.variants}


def _right_text(options):
    return next((o["text"] for o in options if o.get("correct")), None)


def _status_after(question, draft, fields, now):
    """A question built again keeps what editors decided: retired stays retired; one whose
    right answer changed goes back to draft, saying what changed; else the build decides,
    unless an editor published it."""
    if question.status == Question.RETIRED:
        return question.status, question.change_note
    before, after = _right_text(question.options), _right_text(fields["options"])
    if question.status == Question.PUBLISHED and before != after and before is not None:
        note = (f"The replay now answers “{after}” where it answered “{before}” "
                f"({now:%d %b %Y}).")
        return Question.DRAFT, note
    if question.status == Question.PUBLISHED and published_by_editor(question):
        return question.status, question.change_note
    return draft.status, question.change_note


def published_by_editor(question):
    """Did an editor (not the builder) last set this question's status to published?"""
    last = question.events.filter(user__isnull=False, action__icontains="publish").first() \
        if question.pk else None
    later = question.events.filter(user__isnull=False, action__icontains="draft").first() \
        if question.pk else None
    return last is not None and (later is None or later.at <= last.at)


@transaction.atomic
def store(scenario, context, drafts):
    """Write the drafts as the scenario's questions; questions no longer asked are withdrawn.

    A question asked again keeps its row, its pool and its editors' wording."""
    existing = {q.key: q for q in Question.objects.filter(scenario=scenario)}
    measured = stats.answer_counts(q.pk for q in existing.values())
    new, changed, notes = [], [], []
    now = timezone.now()
    for draft in drafts:
        fields = _fields(scenario, draft)
        question = existing.get(draft.key)
        if question is None:
            new.append(Question(scenario=scenario, key=draft.key, status=draft.status,
                                pool=pool_for(scenario.slug, draft.key), **fields))
            continue
        # What takers see is measured once enough answers are in (stats.py).
        fields["difficulty"] = stats.shown_difficulty(draft.depth,
                                                      measured.get(question.pk, (0, 0)))
        status, note = _status_after(question, draft, fields, now)
        if status != question.status and status == Question.DRAFT and note:
            notes.append((question, note))
        for name, value in fields.items():
            setattr(question, name, value)
        question.status, question.change_note = status, note
        changed.append(question)
    Question.objects.bulk_create(new)
    # bulk_update does not touch auto_now fields by itself: updated_at is set here.
    for question in changed:
        question.updated_at = now
    Question.objects.bulk_update(changed, [*STORED_FIELDS, "status", "change_note",
                                           "updated_at"])
    QuestionEvent.objects.bulk_create(QuestionEvent(question=q, action="back to draft",
                                                    detail=note) for q, note in notes)
    Question.objects.filter(scenario=scenario).exclude(key__in=[d.key for d in drafts]).update(
        active=False, withdrawn_reason="The scenario no longer yields this question.")


def refresh(slugs):
    """Bring the questions of these scenarios in line with their recorded verdicts."""
    rows = Scenario.objects.filter(slug__in=list(slugs)).only(
        "id", "slug", "status", "message", "source", "path", "format_slug", "fingerprint")
    built = {}
    for scenario_id, fingerprint, built_with in Question.objects.filter(
            scenario__in=rows, active=True).values_list("scenario_id", "fingerprint",
                                                        "built_with"):
        built.setdefault(scenario_id, set()).add((fingerprint, built_with))
    params = {}
    for row in rows:
        if row.status != QUIZ_STATUS:
            withdraw(row, f"The scenario's verdict is {row.status}: {row.message}"
                     if row.message else f"The scenario's verdict is {row.status}.")
            continue
        if built.get(row.pk) == {(row.fingerprint, builder_version())}:
            continue
        if row.format_slug not in params:
            params[row.format_slug] = parameters_for(row.format_slug)
        try:
            context, drafts = build_for(row, params[row.format_slug])
        except ScenarioError as error:
            withdraw(row, f"The scenario cannot be replayed: {error}")
            continue
        store(row, context, drafts)
    settle_stems()


def stem_of(question):
    """What a taker sees before the options: two questions showing the same must not both be
    published."""
    return hashlib.sha256(json.dumps([question.format, question.shown_prompt, question.facts,
                                      question.steps, question.board]).encode(
        "utf-8")).hexdigest()


def settle_stems():
    """No two published questions show the same stem. Two with different right answers mean
    the stem lacks a fact a judge needs: both go back to draft. Two with the same answer ask
    the same thing: the older stays published."""
    by_stem = {}
    for question in Question.objects.filter(active=True, status=Question.PUBLISHED).only(
            "id", "format", "prompt", "prompt_wording", "facts", "steps", "board", "options"):
        by_stem.setdefault(stem_of(question), []).append(question)
    drafted = []
    for group in by_stem.values():
        if len(group) < 2:
            continue
        group.sort(key=lambda q: q.pk)
        answers = {_right_text(q.options) for q in group}
        for question in group if len(answers) > 1 else group[1:]:
            question.status = Question.DRAFT
            question.draft_reason = (
                "Another question shows the same stem with a different right answer: the "
                "stem lacks a fact a judge needs." if len(answers) > 1 else
                f"Question {group[0].pk} asks the same thing.")
            drafted.append(question)
    Question.objects.bulk_update(drafted, ["status", "draft_reason"])
