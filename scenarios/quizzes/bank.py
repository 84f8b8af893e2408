"""The question bank follows the verdicts: rebuilt when a scenario's verdict changes,
withdrawn while it fails or is stale, back when it passes again.

Called after verdicts are recorded (scenarios.sync sends `verdicts_recorded`), so
questions are built when scenarios are verified, never per request.
"""
import hashlib
import json

from django.db import transaction
from django.utils import timezone

from ..engine import ScenarioError
from ..engine.cards import default_catalog
from ..engine.rulesets import ruleset_for
from ..models import Scenario
from ..parameters import parameters_for
from ..verification import parsed
from ..engine import replay
from ..engine.version import engine_version
from . import generation
from .models import Question

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


def build_for(scenario, params=None, catalog=None):
    """Build the scenario's questions from its stored source; returns the context and drafts."""
    params = params if params is not None else parameters_for(scenario.format_slug)
    key = _build_key(scenario, params) if catalog is None else None
    if key in _kept_builds:
        return _kept_builds[key]
    parsed_scenario = parsed(scenario.source, scenario.path)
    duel_class = ruleset_for(scenario.format_slug)
    cards = catalog or default_catalog()
    truth = replay(parsed_scenario, duel_class, cards, params=params)
    built = generation.build(parsed_scenario, duel_class, cards, params, truth)
    if key is not None:
        if len(_kept_builds) >= MAX_KEPT_BUILDS:
            _kept_builds.clear()
        _kept_builds[key] = built
    return built


def _build_key(scenario, params):
    digest = hashlib.sha256()
    for part in (scenario.format_slug, scenario.path, scenario.source,
                 json.dumps(params, sort_keys=True, default=str), engine_version()):
        digest.update(part.encode("utf-8") + b"\0")
    return digest.hexdigest()


def _tags(context):
    anchors = context.truth.rules
    articles = sorted({a.partition("#")[0] for a in anchors} |
                      {context.scenario.rule.partition("#")[0]})
    formats = sorted({a.partition("/")[0] for a in articles})
    return formats, articles


# The fields a build writes on a question it asks again.
STORED_FIELDS = ("kind", "prompt", "cut", "steps", "board", "options", "explanation", "anchors",
                 "difficulty", "formats", "articles", "fingerprint", "active", "withdrawn_reason")


@transaction.atomic
def store(scenario, context, drafts):
    """Write the drafts as the scenario's questions; questions no longer asked are withdrawn.

    A question asked again keeps its row and its pool (STORED_FIELDS leaves the pool out)."""
    formats, articles = _tags(context)
    board = generation.stem_board(context)
    level = generation.difficulty(context.truth)
    existing = {q.key: q for q in Question.objects.filter(scenario=scenario)}
    new, changed = [], []
    for draft in drafts:
        fields = {
            "kind": draft.kind, "prompt": draft.prompt, "cut": draft.cut,
            "steps": context.sentences[:draft.cut], "board": board,
            "options": [{"key": o.key, "text": o.text, "correct": o.correct, "source": o.source,
                         "rule": o.rule, "explanation": o.explanation} for o in draft.options],
            "explanation": draft.explanation, "anchors": draft.anchors, "difficulty": level,
            "formats": formats, "articles": articles, "fingerprint": scenario.fingerprint,
            "active": True, "withdrawn_reason": ""}
        question = existing.get(draft.key)
        if question is None:
            new.append(Question(scenario=scenario, key=draft.key,
                                pool=pool_for(scenario.slug, draft.key), **fields))
            continue
        for name, value in fields.items():
            setattr(question, name, value)
        changed.append(question)
    Question.objects.bulk_create(new)
    # bulk_update does not touch auto_now fields by itself: updated_at is set here.
    now = timezone.now()
    for question in changed:
        question.updated_at = now
    Question.objects.bulk_update(changed, [*STORED_FIELDS, "updated_at"])
    Question.objects.filter(scenario=scenario).exclude(key__in=[d.key for d in drafts]).update(
        active=False, withdrawn_reason="The scenario no longer yields this question.")


def refresh(slugs):
    """Bring the questions of these scenarios in line with their recorded verdicts."""
    rows = Scenario.objects.filter(slug__in=list(slugs)).only(
        "id", "slug", "status", "message", "source", "path", "format_slug", "fingerprint")
    built = {}
    for scenario_id, fingerprint in Question.objects.filter(
            scenario__in=rows, active=True).values_list("scenario_id", "fingerprint"):
        built.setdefault(scenario_id, set()).add(fingerprint)
    params = {}
    for row in rows:
        if row.status != QUIZ_STATUS:
            withdraw(row, f"The scenario's verdict is {row.status}: {row.message}"
                     if row.message else f"The scenario's verdict is {row.status}.")
            continue
        if built.get(row.pk) == {row.fingerprint}:
            continue
        if row.format_slug not in params:
            params[row.format_slug] = parameters_for(row.format_slug)
        try:
            context, drafts = build_for(row, params[row.format_slug])
        except ScenarioError as error:
            withdraw(row, f"The scenario cannot be replayed: {error}")
            continue
        store(row, context, drafts)
