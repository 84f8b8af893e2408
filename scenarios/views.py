"""Scenario pages: every worked example with its verdict, one replayed step by step,
the verification runs, and which rules the scenarios exercise."""
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from rulings.models import Format

from .coverage import coverage
from .fingerprints import StaleCheck
from .models import Scenario, VerificationRun
from .replay_view import expected_and_computed, rule_summaries, shown_replay
from .verification import Verifier

LIST_FIELDS = ("id", "slug", "format_id", "format_slug", "title", "rule", "status", "source",
               "fingerprint", "params_read", "message")


def scenario_list(request):
    scenarios = Scenario.objects.select_related("format").only(
        *LIST_FIELDS, "format__name", "format__slug")
    format_slug = request.GET.get("format")
    if format_slug:
        scenarios = scenarios.filter(format_slug=format_slug)
    return render(request, "scenarios/list.html", {"scenarios": StaleCheck().mark(scenarios),
                                                   "selected_format": format_slug})


def scenario_detail(request, slug):
    scenario = get_object_or_404(Scenario.objects.select_related("article", "format"), slug=slug)
    check = StaleCheck()
    check.mark([scenario])
    verifier = Verifier()
    verdict = verifier.verify_source(scenario.source, scenario.path)
    params = verifier.params(scenario.format_slug)
    context = {"scenario": scenario, "verdict": verdict, "steps": None, "comparison": [],
               "rule_title": rule_summaries(scenario.format_slug, params).get(scenario.rule)
               or scenario.rule}
    if verdict.replay is not None:
        context["start_board"], context["steps"] = shown_replay(
            verdict.replay, scenario.format_slug, verifier.catalog, params)
        context["comparison"] = expected_and_computed(verdict.scenario, verdict.replay)
        context["scenario_xfail"] = verdict.scenario.xfail
    return render(request, "scenarios/detail.html", context)


def run_list(request):
    runs = Paginator(VerificationRun.objects.select_related("user"), 50).get_page(
        request.GET.get("page"))
    return render(request, "scenarios/runs.html", {"runs": runs})


def run_detail(request, pk):
    run = get_object_or_404(VerificationRun.objects.select_related("user"), pk=pk)
    titles = dict(Scenario.objects.filter(slug__in=[c["slug"] for c in run.changes])
                  .values_list("slug", "title"))
    changes = [{**change, "title": titles.get(change["slug"], change["slug"])}
               for change in run.changes]
    return render(request, "scenarios/run.html", {"run": run, "changes": changes})


def rule_coverage(request, format_slug):
    fmt = get_object_or_404(Format, slug=format_slug)
    return render(request, "scenarios/coverage.html", {"format": fmt, "coverage": coverage(fmt)})
