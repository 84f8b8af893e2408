"""Scenario pages: every worked example with its verdict, one replayed step by step,
the verification runs, and which rules the scenarios exercise."""
from urllib.parse import urlencode

from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string

from rulings.models import Article, Format
from rulings.page_cache import kept_for_readers, stamp_for

from .coverage import coverage
from .fingerprints import StaleCheck
from .models import Scenario, VerificationRun
from .templatetags.scenario_tags import digest
from .replay_view import expected_and_computed, rule_summaries, shown_replay
from .verification import Verifier

LIST_FIELDS = ("id", "slug", "format_id", "format_slug", "title", "rule", "status", "source",
               "fingerprint", "params_read", "message")


PAGE_SIZE = 50


def scenario_list(request):
    """Scenarios with filters (format, article, verdict), a search and pages."""
    scenarios = Scenario.objects.select_related("format", "article").only(
        *LIST_FIELDS, "format__name", "format__slug", "article__title", "article__slug",
        "article__format_id")
    format_slug = request.GET.get("format", "")
    article = request.GET.get("article", "")
    verdict = request.GET.get("verdict", "")
    query = request.GET.get("q", "").strip()[:200]
    if format_slug:
        scenarios = scenarios.filter(format_slug=format_slug)
    if article:
        scenarios = scenarios.filter(rule__startswith=f"{article}#")
    for word in query.split()[:10]:
        scenarios = scenarios.filter(Q(title__icontains=word) | Q(narrative__icontains=word))
    rows = StaleCheck().mark(scenarios)
    if verdict:
        rows = [row for row in rows if row.shown_status == verdict]
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    articles = list(Article.objects.exclude(current_revision=None).select_related("format"))
    for entry in articles:
        entry.key = f"{entry.format.slug}/{entry.slug}"
    keep = urlencode({k: v for k, v in (("q", query), ("format", format_slug),
                                        ("article", article), ("verdict", verdict)) if v})
    return render(request, "scenarios/list.html", {
        "page": page, "query": query, "formats": Format.objects.all(), "articles": articles,
        "verdicts": ["passed", "failed", "invalid", "stale", "xfail", "xpass", "unverified"],
        "selected_format": format_slug, "selected_article": article,
        "selected_verdict": verdict, "keep": f"{keep}&" if keep else ""})


@kept_for_readers
def scenario_detail(request, slug):
    """One scenario replayed in words and pictures. The replay is computed once per source
    and site state (rules and verdicts), then served from the cache."""
    scenario = get_object_or_404(Scenario.objects.select_related("article", "format"), slug=slug)
    check = StaleCheck()
    check.mark([scenario])
    key = "scenario-page:" + ":".join(str(part) for part in (
        scenario.pk, digest(scenario.source), stamp_for(request), can_edit(request)))
    body = cache.get(key)
    if body is None:
        body = render_to_string("scenarios/_detail_body.html",
                                _detail_context(scenario), request=request)
        cache.set(key, body, 24 * 3600)
    return render(request, "scenarios/detail.html", {"scenario": scenario, "body": body})


def _detail_context(scenario):
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
    return context


def can_edit(request):
    from rulings.permissions import is_editor

    return is_editor(request.user)


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
