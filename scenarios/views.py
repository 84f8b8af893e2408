"""Scenario pages: every worked example with its verdict, and one replayed step by step."""
from django.shortcuts import get_object_or_404, render

from .models import Scenario
from .verification import Verifier


def scenario_list(request):
    scenarios = Scenario.objects.select_related("format")
    format_slug = request.GET.get("format")
    if format_slug:
        scenarios = scenarios.filter(format_slug=format_slug)
    return render(request, "scenarios/list.html", {"scenarios": scenarios,
                                                   "selected_format": format_slug})


def scenario_detail(request, slug):
    scenario = get_object_or_404(Scenario.objects.select_related("article", "format"), slug=slug)
    verdict = Verifier().verify_file(scenario.path)
    return render(request, "scenarios/detail.html", {
        "scenario": scenario, "verdict": verdict, "replay": verdict.replay})
