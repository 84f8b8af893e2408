"""The scenario reference: what every format lets a scenario say, generated from the engine
(`scenarios/engine/reference.py`), as pages (an index and one per format) and as JSON."""
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import reference_pages
from scenarios.engine.reference import reference
from scenarios.engine.schema import SCHEMA
from scenarios.verification.openapi import ReferenceSerializer


def scenario_reference(request):
    """The index: the formats, what they all share (fields, cards, shared reason codes), the
    card language, refusals, and who passes priority in what order."""
    return render(request, "scenarios/reference.html",
                  {"reference": reference_pages.index_page(reference_pages.named_reference()),
                   "priority": reference_pages.priority_page()})


def format_reference(request, format_slug):
    """One format's steps (with examples and the codes that refuse them), fields, expectations
    and reason codes."""
    data = reference_pages.named_reference()
    fmt = reference_pages.format_page(data, format_slug)
    if fmt is None:
        raise Http404("No such format.")
    return render(request, "scenarios/reference_format.html",
                  {"fmt": fmt, "formats": data["formats"], "shared_codes": fmt["shared_codes"],
                   "priority": reference_pages.priority_page(format_slug)})


@extend_schema(summary="What every format lets a scenario say", responses={200: ReferenceSerializer})
class ScenarioReference(APIView):
    def get(self, request):
        return Response({**reference(), "priority": reference_pages.priority(),
                         "url": reverse("scenario-reference")})


def schema_document(request):
    """The scenario schema with its own address as `$id`."""
    return {"$schema": SCHEMA["$schema"], "$id": request.build_absolute_uri(), **SCHEMA}


def scenario_schema(request):
    """The scenario file format as a JSON Schema (draft 2020-12), for editors that check a
    scenario as it is typed: the same schema the engine checks files against."""
    return JsonResponse(schema_document(request), json_dumps_params={"indent": 1})


class AlwaysJson(BaseContentNegotiation):
    """JSON whatever the client asks for: an editor fetching a schema may accept anything."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class ScenarioSchemaApi(APIView):
    """The scenario schema under the API's addresses; plain JSON whatever the client accepts,
    so an editor reads it as it is."""

    renderer_classes = [JSONRenderer]
    content_negotiation_class = AlwaysJson

    @extend_schema(
        summary="The JSON Schema of scenario files", operation_id="scenario_schema_retrieve",
        description="The scenario file format as a JSON Schema (draft 2020-12): the schema "
                    "the engine checks every scenario file against. Point an editor at this "
                    "address (VS Code's YAML extension: a first line `# yaml-language-server: "
                    "$schema=<this address>`) and it completes and checks fields while you "
                    "type. The same document is served at /scenarios/schema.json.",
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="a JSON Schema "
                                        "(draft 2020-12) document, with `$schema` and `$id`")})
    def get(self, request):
        return Response(schema_document(request))
