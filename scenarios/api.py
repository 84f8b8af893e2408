"""JSON API over scenarios: list, detail with the last verdict, a full replay, verify now."""
from django.shortcuts import get_object_or_404
from rest_framework import generics, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.models import Format

from .engine import ScenarioError
from .models import Scenario
from .sync import record
from .verification import Report, Verifier


class ScenarioListSerializer(serializers.ModelSerializer):
    format = serializers.CharField(source="format_slug")
    article = serializers.CharField(source="rule")
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = Scenario
        fields = ["slug", "format", "title", "article", "example", "status", "url"]


class ScenarioDetailSerializer(ScenarioListSerializer):
    verdict = serializers.SerializerMethodField()

    class Meta(ScenarioListSerializer.Meta):
        fields = ScenarioListSerializer.Meta.fields + ["narrative", "source", "verdict"]

    def get_verdict(self, scenario):
        return {"status": scenario.status, "message": scenario.message, "ms": scenario.ms,
                "verified_at": scenario.verified_at}


class ScenarioList(generics.ListAPIView):
    serializer_class = ScenarioListSerializer

    def get_queryset(self):
        fmt = self.request.query_params.get("format")
        if fmt and not Format.objects.filter(slug=fmt).exists():
            raise ValidationError({"format": f"no format '{fmt}'"})
        return Scenario.objects.filter(format_slug=fmt) if fmt else Scenario.objects.all()


class ScenarioDetail(generics.RetrieveAPIView):
    serializer_class = ScenarioDetailSerializer
    queryset = Scenario.objects.all()
    lookup_field = "slug"


def replay_data(replay):
    return {
        "slug": replay.scenario.slug, "status": replay.status, "message": replay.message,
        "differences": replay.differences, "result": replay.result, "rules": replay.rules,
        "steps": [{"number": s.number, "line": s.line, "action": s.action, "status": s.status,
                   "reason": s.reason, "events": s.events, "rules": s.rules, "state": s.state}
                  for s in replay.steps],
    }


class ScenarioReplay(APIView):
    def get(self, request, slug):
        scenario = get_object_or_404(Scenario, slug=slug)
        verdict = Verifier().verify_file(scenario.path)
        if verdict.replay is None:
            return Response({"slug": slug, "status": "invalid", "message": verdict.message},
                            status=422)
        return Response(replay_data(verdict.replay))


class ScenarioVerify(APIView):
    permission_classes = [AllowAny]

    def post(self, request, slug):
        scenario = get_object_or_404(Scenario, slug=slug)
        verdict = Verifier().verify_file(scenario.path)
        record(Report([verdict]))
        return Response(verdict.as_dict())


__all__ = ["ScenarioDetail", "ScenarioList", "ScenarioReplay", "ScenarioVerify", "ScenarioError"]
