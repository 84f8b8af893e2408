"""Scenario pages: every worked example with its verdict, one replayed step by step,
the verification runs, and which rules the scenarios exercise."""
from urllib.parse import urlencode

from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string

from rulings.knowledge.models import Article, Format
from rulings.knowledge.page_cache import PAGE_SECONDS, kept_for_readers

from scenarios.verification.rule_coverage import coverage
from ..run_words import revision_links, run_reason
from scenarios.verification.fingerprints import StaleCheck
from scenarios.verification.jobs.pending import Pending
from scenarios.verification.models import Scenario, VerificationRun
from ..readable.board import board_html
from ..replay_cache import replay_key, replayed
from ..replay_view import board_window, draw_boards, position_of, with_boards

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
    pending = Pending()
    for row in page:
        row.updating = pending.covers(row.slug)
    articles = list(Article.objects.exclude(current_revision=None).select_related("format"))
    for entry in articles:
        entry.key = f"{entry.format.slug}/{entry.slug}"
    keep = urlencode({k: v for k, v in (("q", query), ("format", format_slug),
                                        ("article", article), ("verdict", verdict)) if v})
    return render(request, "scenarios/list.html", {
        "page": page, "query": query, "formats": Format.objects.all(), "articles": articles,
        "verdicts": ["passed", "failed", "invalid", "stale", "xfail", "xpass", "unverified"],
        "selected_format": format_slug, "selected_article": article,
        "selected_verdict": verdict, "keep": f"{keep}&" if keep else "", "pending": pending})


@kept_for_readers
def scenario_detail(request, slug):
    """One scenario replayed in words and pictures. The replay is computed once per source
    and site state (rules and verdicts), then served from the cache; `?step=N` draws the
    boards around step N (the plain link a reader without JavaScript follows)."""
    scenario = get_object_or_404(Scenario.objects.select_related("article", "format"), slug=slug)
    check = StaleCheck()
    check.mark([scenario])
    focus = _step_asked(request)
    key = replay_key(scenario, request)
    # Only the usual page is kept whole: a page asked for another step is drawn from the
    # cached replay each time (no replay, a window of boards), so readers asking for every
    # step cannot fill the cache with near-copies of a page.
    body_key = f"scenario-page:{key}:{can_edit(request)}" if focus is None else None
    body = cache.get(body_key) if body_key else None
    if body is None:
        body = render_to_string("scenarios/_detail_body.html",
                                _detail_context(scenario, key, focus), request=request)
        if body_key:
            cache.set(body_key, body, PAGE_SECONDS)
    return render(request, "scenarios/detail.html", {
        "scenario": scenario, "body": body, "updating": Pending().jobs_for(scenario.slug)})


def scenario_board(request, slug, number):
    """The table at position `number` (0: before the first step) as an HTML fragment holding
    its wide and narrow SVG, for the viewer to
    show a step whose board the page left out. It is drawn from the states the page's replay
    stored, so a request never replays the scenario again while its source and the site's
    state are unchanged."""
    scenario = get_object_or_404(Scenario.objects.only(
        "id", "slug", "source", "path", "format_slug", "rule"), slug=slug)
    record, states = replayed(scenario, replay_key(scenario, request))
    if record.steps is None or number > len(record.steps) or states[number] is None:
        raise Http404("This scenario has no such step.")
    board = board_html(states[number], scenario.format_slug, record.catalog(),
                       filler=getattr(record, "filler", ()), card_pages=True)
    return HttpResponse(board, content_type="text/html; charset=utf-8")


def _step_asked(request):
    """The step named in `?step=`, when it is a step number at all."""
    asked = request.GET.get("step", "")
    return int(asked) if asked.isascii() and asked.isdigit() and len(asked) <= 4 else None


def _detail_context(scenario, key, focus=None):
    record, states = replayed(scenario, key)
    context = {"scenario": scenario, "verdict": record, "steps": None,
               "comparison": record.comparison, "rule_title": record.rule_title,
               "scenario_xfail": record.xfail, "own_cards": record.own_cards,
               "card_notes": getattr(record, "card_notes", []),
               "own_names": tuple(card.name for card in record.own_cards)}
    if record.steps is not None:
        focus = None if focus is None else position_of(record.steps, focus)
        boards = draw_boards(states, board_window(len(record.steps), focus),
                             scenario.format_slug, record.catalog(),
                             filler=getattr(record, "filler", ()), card_pages=True)
        context["start_board"] = boards.get(0, "")
        context["steps"] = with_boards(record.steps, boards)
        context["boards_left"] = len(record.steps) + 1 - len(boards)
    return context


def can_edit(request):
    from rulings.knowledge.permissions import is_editor

    return is_editor(request.user)


def run_list(request):
    """The verification runs, and above them the background jobs: each unfinished one with
    its progress, then the latest finished."""
    from .jobs import jobs_for_list

    runs = Paginator(VerificationRun.objects.select_related("user"), 50).get_page(
        request.GET.get("page"))
    links = revision_links(runs)
    for run in runs:
        run.reason = run_reason(run, links[run.pk])
    active_jobs, finished_jobs = jobs_for_list(request)
    return render(request, "scenarios/runs.html", {
        "runs": runs, "active_jobs": active_jobs, "finished_jobs": finished_jobs,
        "reverifying": [job for job in active_jobs if job.kind == job.REVERIFY]})


def run_detail(request, pk):
    run = get_object_or_404(VerificationRun.objects.select_related("user"), pk=pk)
    titles = dict(Scenario.objects.filter(slug__in=[c["slug"] for c in run.changes])
                  .values_list("slug", "title"))
    changes = [{**change, "title": titles.get(change["slug"], change["slug"])}
               for change in run.changes]
    links = revision_links([run])[run.pk]
    return render(request, "scenarios/run.html", {"run": run, "changes": changes,
                                                  "revisions": links,
                                                  "reason": run_reason(run, links)})


def rule_coverage(request, format_slug):
    fmt = get_object_or_404(Format, slug=format_slug)
    return render(request, "scenarios/coverage.html", {"format": fmt, "coverage": coverage(fmt)})
