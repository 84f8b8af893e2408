"""The question bank follows the verdicts: rebuilt when a scenario's verdict changes,
withdrawn while it fails or is stale, back when it passes again.

Called after verdicts are recorded (scenarios.sync sends `verdicts_recorded`), so
questions are built when scenarios are verified, never per request.
"""
from django.db import transaction

from ..engine import ScenarioError
from ..engine.cards import default_catalog
from ..engine.rulesets import ruleset_for
from ..models import Scenario
from ..parameters import parameters_for
from ..verification import parsed
from ..engine import replay
from . import generation
from .models import Question

QUIZ_STATUS = Scenario.PASSED  # an expected-to-fail scenario states a known disagreement


def withdraw(scenario, reason):
    Question.objects.filter(scenario=scenario, active=True).update(
        active=False, withdrawn_reason=reason[:1000])


def build_for(scenario, params=None, catalog=None):
    """Build the scenario's questions from its stored source; returns the drafts and context."""
    parsed_scenario = parsed(scenario.source, scenario.path)
    duel_class = ruleset_for(scenario.format_slug)
    catalog = catalog or default_catalog()
    params = params if params is not None else parameters_for(scenario.format_slug)
    truth = replay(parsed_scenario, duel_class, catalog, params=params)
    return generation.build(parsed_scenario, duel_class, catalog, params, truth)


def _tags(context):
    anchors = context.truth.rules
    articles = sorted({a.partition("#")[0] for a in anchors} |
                      {context.scenario.rule.partition("#")[0]})
    formats = sorted({a.partition("/")[0] for a in articles})
    return formats, articles


@transaction.atomic
def store(scenario, context, drafts):
    """Write the drafts as the scenario's questions; questions no longer asked are withdrawn."""
    formats, articles = _tags(context)
    board = generation.stem_board(context)
    level = generation.difficulty(context.truth)
    keys = []
    for draft in drafts:
        keys.append(draft.key)
        Question.objects.update_or_create(scenario=scenario, key=draft.key, defaults={
            "kind": draft.kind, "prompt": draft.prompt, "cut": draft.cut,
            "steps": context.sentences[:draft.cut], "board": board,
            "options": [{"key": o.key, "text": o.text, "correct": o.correct, "source": o.source,
                         "rule": o.rule, "explanation": o.explanation} for o in draft.options],
            "explanation": draft.explanation, "anchors": draft.anchors, "difficulty": level,
            "formats": formats, "articles": articles, "fingerprint": scenario.fingerprint,
            "active": True, "withdrawn_reason": ""})
    Question.objects.filter(scenario=scenario).exclude(key__in=keys).update(
        active=False, withdrawn_reason="The scenario no longer yields this question.")


def refresh(slugs):
    """Bring the questions of these scenarios in line with their recorded verdicts."""
    rows = Scenario.objects.filter(slug__in=list(slugs)).only(
        "id", "slug", "status", "message", "source", "path", "format_slug", "fingerprint")
    built = {}
    for scenario_id, fingerprint in Question.objects.filter(
            scenario__in=rows, active=True).values_list("scenario_id", "fingerprint"):
        built.setdefault(scenario_id, set()).add(fingerprint)
    catalog, params = None, {}
    for row in rows:
        if row.status != QUIZ_STATUS:
            withdraw(row, f"The scenario's verdict is {row.status}: {row.message}"
                     if row.message else f"The scenario's verdict is {row.status}.")
            continue
        if built.get(row.pk) == {row.fingerprint}:
            continue
        catalog = catalog or default_catalog()
        if row.format_slug not in params:
            params[row.format_slug] = parameters_for(row.format_slug)
        try:
            context, drafts = build_for(row, params[row.format_slug], catalog)
        except ScenarioError as error:
            withdraw(row, f"The scenario cannot be replayed: {error}")
            continue
        store(row, context, drafts)
