"""Editors write and edit scenarios on the site: check and replay a draft, save, history."""
from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render

from rulings.knowledge.permissions import editor_gate

from scenarios.verification import editing
from scenarios.verification.models import Scenario
from ..outcome_words import difference_sentence, difference_words
from ..expectations import expectation_groups
from ..replay_view import shown_replay, step_ranges
from scenarios.verification.verifier import Verifier

NEW_TEMPLATE = """slug: a-new-ruling
format: core
rule: core/chains#resolving-backwards
title: A new ruling
narrative: >
  What happens, in a sentence or two.
cards:                      # optional: cards defined for this scenario only
  - {name: Example Warrior, kind: monster, subtype: normal, attribute: EARTH, race: Warrior,
     level: 4, atk: 2000, def: 1000}
setup:
  turn: {number: 3, player: A, phase: main1}
  players:
    A: {lp: 8000, hand: [{id: warrior, card: Example Warrior}]}
    B: {lp: 8000}
steps:
  - {player: A, summon: warrior}
expect:
  cards: {warrior: {zone: monsters}}
"""


class ScenarioForm(forms.Form):
    source = forms.CharField(widget=forms.Textarea(attrs={"rows": 30, "cols": 100,
                                                          "spellcheck": "false"}),
                             strip=False, label="Scenario (YAML)",
                             help_text="The format is described on the scenario reference page.")
    comment = forms.CharField(max_length=300, required=False,
                              help_text="What changed and why, for the history.")
    base_revision = forms.IntegerField(required=False, widget=forms.HiddenInput)


def _require_editor(request):
    return editor_gate(request, "Only members of the editors group may write scenarios.")


def _line_of(scenario, path):
    """The line of a field, or of the nearest enclosing one the file states."""
    while path:
        line = scenario.line_of(path)
        if line:
            return line
        path = path.rpartition(".")[0]
    return None


def differences_in_words(verdict):
    """Each way the engine's outcome differs from the draft's, as a sentence with its line:
    [{line, sentence}]."""
    replay = verdict.replay
    if replay is None or not replay.differences:
        return []
    cards = replay.outcome.get("cards") if replay.outcome is not None else {}
    found = []
    for difference in verdict.differences:
        path = difference_words(difference, cards)["path"]
        found.append({"line": _line_of(verdict.scenario, path),
                      "sentence": difference_sentence(difference, cards) + "."})
    return found


def _preview(checked, context):
    """The draft's replay for Check: every step in words, and the boards of a bounded window
    (the first steps and the last ones, where a step was refused or the outcome is compared).
    A draft has no page of its own to fetch other boards from, so the check says which it
    leaves out."""
    verdict = checked.verdict
    verifier = Verifier()
    context["verdict"] = verdict
    context["differences"] = differences_in_words(verdict)
    if verdict.replay is not None:
        last = len(verdict.replay.steps)
        context["start_board"], context["steps"] = shown_replay(
            verdict.replay, verdict.format, verifier.catalog, verifier.params(verdict.format),
            focus=last)
        context["comparison"] = expectation_groups(verdict.scenario, verdict.replay)
        drawn = [step.number for step in context["steps"] if step.board and not step.interlude]
        if len(drawn) < last:
            context["boards_left"] = last - len(drawn)
            context["boards_drawn"] = step_ranges(drawn)


def _handle(request, form, scenario, context):
    if not form.is_valid():
        return None
    text = form.cleaned_data["source"]
    try:
        if "save" not in request.POST:
            _preview(editing.check(text, scenario), context)
            return None
        base = form.cleaned_data["base_revision"]
        if scenario is not None and base is None:
            form.add_error(None, "This edit does not say which revision it was based on: "
                                 "reload the page and make your change again.")
            return None
        saved, changed = editing.save(text, request.user, scenario, base,
                                      form.cleaned_data["comment"])
    except editing.DraftError as error:
        where = f"line {error.line}" if error.line else ""
        where += f" ({error.field})" if error.field else ""
        form.add_error("source", f"{where}: {error.message}" if where else error.message)
        context["error_line"] = error.line
        return None
    except editing.ScenarioConflict as conflict:
        context["conflict"] = {"base": conflict.base_number, "current": conflict.current,
                               **editing.conflict_diff(conflict, text)}
        data = form.data.copy()
        data["base_revision"] = conflict.current.number
        form.data = data
        return None
    if not changed:
        messages.info(request, "No changes to save: the text is the same as the current one.")
    else:
        messages.success(request, f"Saved “{saved.title}”: {saved.status}.")
    return redirect(saved.get_absolute_url())


def scenario_new(request):
    denied = _require_editor(request)
    if denied:
        return denied
    context = {"scenario": None}
    if request.method == "POST":
        form = ScenarioForm(request.POST)
        response = _handle(request, form, None, context)
        if response:
            return response
    else:
        form = ScenarioForm(initial={"source": NEW_TEMPLATE})
    context["form"] = form
    return render(request, "scenarios/edit.html", context)


def scenario_edit(request, slug):
    denied = _require_editor(request)
    if denied:
        return denied
    scenario = get_object_or_404(Scenario, slug=slug)
    context = {"scenario": scenario}
    if request.method == "POST":
        form = ScenarioForm(request.POST)
        response = _handle(request, form, scenario, context)
        if response:
            return response
    else:
        form = ScenarioForm(initial={"source": scenario.source,
                                     "base_revision": editing.current_number(scenario)})
    context["form"] = form
    return render(request, "scenarios/edit.html", context)


def scenario_history(request, slug):
    scenario = get_object_or_404(Scenario, slug=slug)
    revisions = list(scenario.revisions.select_related("author"))
    shown = None
    if request.GET.get("r"):
        shown = next((r for r in revisions if str(r.number) == request.GET["r"]), None)
    return render(request, "scenarios/history.html", {
        "scenario": scenario, "revisions": revisions, "shown": shown,
        "diff": _diff_with_previous(revisions, shown) if shown else None})


def _diff_with_previous(revisions, shown):
    from rulings.knowledge.diffing import diff_texts

    previous = next((r for r in revisions if r.number < shown.number), None)
    return diff_texts(previous.source if previous else "", shown.source)
