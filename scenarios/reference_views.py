"""The scenario reference: what every format lets a scenario say, generated from the engine
(`scenarios/engine/reference.py`), as a page and as JSON."""
from django.shortcuts import render
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.models import Format

from .engine.reference import reference
from .openapi import ReferenceSerializer


def scenario_reference(request):
    data = reference()
    names = dict(Format.objects.values_list("slug", "name"))
    for fmt in data["formats"]:
        fmt["name"] = names.get(fmt["slug"], fmt["slug"])
    return render(request, "scenarios/reference.html", {"reference": data})


@extend_schema(summary="What every format lets a scenario say", responses={200: ReferenceSerializer})
class ScenarioReference(APIView):
    def get(self, request):
        return Response({**reference(), "url": reverse("scenario-reference")})
