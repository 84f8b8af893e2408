"""The scenario reference: what every format lets a scenario say, generated from the engine
(`scenarios/engine/reference.py`), as pages (an index and one per format) and as JSON."""
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.knowledge.models import Format

from .. import reference_pages
from scenarios.engine.reference import reference
from scenarios.engine.schema import SCHEMA
from scenarios.verification.openapi import ReferenceSerializer


def _named(data):
    names = dict(Format.objects.values_list("slug", "name"))
    for fmt in data["formats"]:
        fmt["name"] = names.get(fmt["slug"], fmt["slug"])
    return data


def scenario_reference(request):
    """The index: the formats, and what they all share (fields, cards, shared reason codes)."""
    return render(request, "scenarios/reference.html",
                  {"reference": reference_pages.index_page(_named(reference()))})


def format_reference(request, format_slug):
    """One format's steps (with examples), fields, expectations and reason codes."""
    data = _named(reference())
    fmt = reference_pages.format_page(data, format_slug)
    if fmt is None:
        raise Http404("No such format.")
    return render(request, "scenarios/reference_format.html",
                  {"fmt": fmt, "formats": data["formats"]})


@extend_schema(summary="What every format lets a scenario say", responses={200: ReferenceSerializer})
class ScenarioReference(APIView):
    def get(self, request):
        return Response({**reference(), "url": reverse("scenario-reference")})


def scenario_schema(request):
    """The scenario file format as a JSON Schema (draft 2020-12), for editors that check a
    scenario as it is typed: the same schema the engine checks files against."""
    return JsonResponse({"$schema": SCHEMA["$schema"], "$id": request.build_absolute_uri(),
                         **SCHEMA}, json_dumps_params={"indent": 1})
