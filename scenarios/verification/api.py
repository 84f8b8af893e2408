"""JSON API over scenarios: list, detail with the last verdict, a full replay, verify now,
verification runs and rule coverage.

Reading is public; verifying (which records verdicts) is for editors, as every
write is (the project's default API permission).
"""
from django.core.cache import cache
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (OpenApiParameter, OpenApiResponse, extend_schema,
                                   extend_schema_field)
from rest_framework import generics, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.knowledge.api.serializers import checked_parameters, checked_terms
from rulings.knowledge.articlefile import ArticleSource
from rulings.knowledge.api.openapi import BAD_REQUEST, FIELD_ERRORS, FORBIDDEN, FORMAT_FILTER, NOT_FOUND
from rulings.knowledge.models import Article, Format
from rulings.knowledge.page_cache import PAGE_SECONDS, stamp_for, text_digest

from .rule_coverage import coverage
from scenarios.engine import ScenarioError
from .fingerprints import StaleCheck
from .models import Scenario, VerificationRun
from .openapi import (CoverageSerializer, InvalidScenarioSerializer, PreviewResultSerializer,
                      ReplaySerializer, VerdictSerializer, VerifyResultSerializer)
from rulings.knowledge.preview import preview
from .sync import record
from .verifier import Report, Verifier


class ScenarioListSerializer(serializers.ModelSerializer):
    """`status` is the verdict as it holds now: a verdict computed from another source,
    other parameter values or another engine shows as `stale`, its last value in
    `last_status`."""

    format = serializers.CharField(source="format_slug")
    article = serializers.CharField(source="rule")
    url = serializers.CharField(source="get_absolute_url")
    status = serializers.CharField(source="shown_status")
    last_status = serializers.CharField(source="status")

    class Meta:
        model = Scenario
        fields = ["slug", "format", "title", "article", "example", "status", "last_status", "url"]


class ScenarioDetailSerializer(ScenarioListSerializer):
    verdict = serializers.SerializerMethodField()

    class Meta(ScenarioListSerializer.Meta):
        fields = ScenarioListSerializer.Meta.fields + ["narrative", "source", "verdict", "trace",
                                                       "params_read"]

    @extend_schema_field(VerdictSerializer)
    def get_verdict(self, scenario):
        return {"status": scenario.shown_status, "stale": scenario.is_stale,
                "last_status": scenario.status, "message": scenario.message,
                "differences": scenario.differences, "outcome": scenario.outcome,
                "ms": scenario.ms, "verified_at": scenario.verified_at}


LIST_FIELDS = ("id", "slug", "format_slug", "title", "rule", "example", "status", "source",
               "fingerprint", "params_read")


@extend_schema(summary="The scenarios with their verdicts, of one format or all",
               parameters=[FORMAT_FILTER],
               responses={200: ScenarioListSerializer, 400: BAD_REQUEST, 404: NOT_FOUND})
class ScenarioList(generics.ListAPIView):
    serializer_class = ScenarioListSerializer

    def get_queryset(self):
        fmt = self.request.query_params.get("format")
        if fmt and not Format.objects.filter(slug=fmt).exists():
            raise ValidationError({"format": f"no format '{fmt}'"})
        rows = Scenario.objects.only(*LIST_FIELDS)
        return StaleCheck().mark(rows.filter(format_slug=fmt) if fmt else rows)


@extend_schema(summary="A scenario: its source, verdict and rule trace",
               responses={200: ScenarioDetailSerializer, 404: NOT_FOUND})
class ScenarioDetail(generics.RetrieveAPIView):
    serializer_class = ScenarioDetailSerializer
    queryset = Scenario.objects.all()
    lookup_field = "slug"

    def get_object(self):
        return StaleCheck().mark([super().get_object()])[0]


# Steps per answer of the replay API: a step carries the whole table after it, and a scenario
# may have 500 steps of 600 cards, so the steps come in pages (`?from=`).
REPLAY_PAGE_STEPS = 20


def replay_data(replay, first=1, count=REPLAY_PAGE_STEPS):
    """The replay's verdict and outcome, with the steps numbered `first` to first+count-1."""
    return {
        "slug": replay.scenario.slug, "status": replay.status, "message": replay.message,
        "differences": [d.as_dict() for d in replay.differences], "result": replay.result,
        "outcome": replay.outcome.as_dict() if replay.outcome else None, "rules": replay.rules,
        "steps_total": len(replay.steps), "first_step": first,
        "steps": [{"number": s.number, "line": s.line, "action": s.action, "status": s.status,
                   "reason": s.reason, "events": s.events, "rules": s.rules, "state": s.state}
                  for s in replay.steps[first - 1:first - 1 + count]],
    }


def _first_step(request):
    """`?from=N`: the first step wanted (1 by default); a 400 naming `from` otherwise."""
    asked = request.query_params.get("from", "1")
    if not (asked.isascii() and asked.isdigit() and 1 <= len(asked) <= 4 and int(asked) >= 1):
        raise ValidationError({"from": "the number of a step, from 1"})
    return int(asked)


@extend_schema(summary="Replay a scenario: its verdict and outcome, and its steps 20 at a time, "
                       "each with its events, rules and table",
               parameters=[OpenApiParameter("from", OpenApiTypes.INT, OpenApiParameter.QUERY,
                                            description="the first step to list (default 1)")],
               responses={200: ReplaySerializer, 400: BAD_REQUEST, 404: NOT_FOUND,
                          422: OpenApiResponse(InvalidScenarioSerializer,
                                               description="The scenario file does not parse.")})
class ScenarioReplay(APIView):
    """Replayed once per scenario text and site state; each page of steps is then cached, so
    no request costs more than one replay, and no answer more than 20 tables."""

    def get(self, request, slug):
        scenario = get_object_or_404(Scenario.objects.only("id", "slug", "source", "path"),
                                     slug=slug)
        first = _first_step(request)
        key = f"replay-api:{scenario.pk}:{text_digest(scenario.source)}:{stamp_for(request)}:{first}"
        data = cache.get(key)
        if data is None:
            data, status = self.replayed(scenario, first)
            cache.set(key, (data, status), PAGE_SECONDS)
        else:
            data, status = data
        if status == 200:
            total = data["steps_total"]
            following = first + REPLAY_PAGE_STEPS
            data = {**data, "next": f"{request.path}?from={following}"
                    if following <= total else None}
        return Response({**data, "url": scenario.get_absolute_url()}, status=status)

    @staticmethod
    def replayed(scenario, first):
        verdict = Verifier().verify_source(scenario.source, scenario.path)
        if verdict.replay is None:
            return {"slug": scenario.slug, "status": "invalid", "message": verdict.message}, 422
        return replay_data(verdict.replay, first), 200


@extend_schema(summary="Verify a scenario now and record its verdict (editors)", request=None,
               responses={200: VerifyResultSerializer, 403: FORBIDDEN, 404: NOT_FOUND})
class ScenarioVerify(APIView):
    """Re-verify one scenario from its stored source and record the verdict (editors only)."""

    def post(self, request, slug):
        scenario = get_object_or_404(Scenario.objects.only("id", "slug", "source", "path"),
                                     slug=slug)
        verdict = Verifier().verify_source(scenario.source, scenario.path, record_states=False)
        run = record(Report([verdict]), trigger=VerificationRun.API, user=request.user)
        return Response({**verdict.as_dict(), "run": run.pk, "url": scenario.get_absolute_url()})


class VerificationRunSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.get_username", default=None, allow_null=True)
    trigger_label = serializers.CharField(source="get_trigger_display")
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = VerificationRun
        fields = ["id", "trigger", "trigger_label", "user", "created_at", "revisions", "total",
                  "passed", "failed", "invalid", "changes", "url"]


class RunPages(PageNumberPagination):
    page_size = 50


@extend_schema(summary="The verification runs, newest first",
               responses={200: VerificationRunSerializer, 404: NOT_FOUND})
class VerificationRunList(generics.ListAPIView):
    serializer_class = VerificationRunSerializer
    pagination_class = RunPages
    queryset = VerificationRun.objects.select_related("user")


@extend_schema(summary="A verification run and the verdicts it changed",
               responses={200: VerificationRunSerializer, 404: NOT_FOUND})
class VerificationRunDetail(generics.RetrieveAPIView):
    serializer_class = VerificationRunSerializer
    queryset = VerificationRun.objects.select_related("user")


class PreviewSerializer(serializers.Serializer):
    """A draft: any field left out is the current revision's."""

    title = serializers.CharField(max_length=200, required=False)
    summary = serializers.CharField(max_length=500, required=False, allow_blank=True)
    order = serializers.IntegerField(required=False, min_value=-1_000_000, max_value=1_000_000)
    markdown = serializers.CharField(trim_whitespace=False, required=False)
    parameters = serializers.JSONField(required=False)
    terms = serializers.JSONField(required=False)

    validate_parameters = staticmethod(checked_parameters)
    validate_terms = staticmethod(checked_terms)

    def draft(self, revision):
        data = self.validated_data
        body = data.get("markdown", revision.body).replace("\r\n", "\n")
        return ArticleSource(
            title=data.get("title", revision.title), summary=data.get("summary", revision.summary),
            order=data.get("order", revision.order),
            body=body if body.endswith("\n") else body + "\n",
            parameters=data.get("parameters", revision.parameters),
            terms=data.get("terms", revision.terms))


@extend_schema(
    summary="Preview a draft of an article and the scenarios it would change (editors)",
    request=PreviewSerializer,
    responses={200: PreviewResultSerializer,
               400: OpenApiResponse({"anyOf": [{"$ref": "#/components/schemas/PreviewResult"},
                                               FIELD_ERRORS]},
                                    description="The draft has errors (listed in `errors`), or "
                                                "the request does not validate."),
               403: FORBIDDEN, 404: NOT_FOUND})
class ArticlePreview(APIView):
    """POST a draft of an article: its rendering and the scenarios it would change; nothing
    is saved (editors only, like every write)."""

    def post(self, request, format_slug, slug):
        article = get_object_or_404(
            Article.objects.select_related("format", "current_revision").exclude(
                current_revision=None), format__slug=format_slug, slug=slug)
        serializer = PreviewSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = preview(article, serializer.draft(article.current_revision))
        return Response({**result.as_dict(), "url": article.get_absolute_url()},
                        status=400 if result.errors else 200)


@extend_schema(summary="Which rules of a format the scenarios exercise",
               responses={200: CoverageSerializer, 404: NOT_FOUND})
class RuleCoverage(APIView):
    def get(self, request, format_slug):
        return Response({**coverage(get_object_or_404(Format, slug=format_slug)).as_dict(),
                         "url": reverse("rule-coverage", args=[format_slug])})


__all__ = ["ArticlePreview", "RuleCoverage", "ScenarioDetail", "ScenarioList", "ScenarioReplay", "ScenarioVerify",
           "ScenarioError", "VerificationRunDetail", "VerificationRunList"]
