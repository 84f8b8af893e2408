"""The deck checker: a page (a plain form, no JavaScript needed) and a JSON endpoint."""
from django.shortcuts import render
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.knowledge.api.openapi import BAD_REQUEST

from .checker import MAX_DECKLIST_CHARS, check_deck
from .forms import DeckCheckForm
from .openapi import DeckReportSerializer


def deck_check(request):
    """GET shows the empty form; POST checks the list and shows the verdict above the form."""
    report = None
    if request.method == "POST":
        form = DeckCheckForm(request.POST)
        if form.is_valid():
            report = check_deck(form.cleaned_data["format"], form.cleaned_data["decklist"])
    else:
        form = DeckCheckForm(initial={"format": request.GET.get("format")})
    return render(request, "scenarios/deck_check.html", {"form": form, "report": report})


class StrictCharField(serializers.CharField):
    """A string and only a string: DRF's CharField would quietly turn 60 into "60"."""

    default_error_messages = {"invalid": "Must be a string."}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class DeckCheckRequest(serializers.Serializer):
    format = StrictCharField()
    decklist = StrictCharField(allow_blank=True, trim_whitespace=False,
                               max_length=MAX_DECKLIST_CHARS)


@extend_schema(summary="Check a decklist against a format's deck rules",
               request=DeckCheckRequest, auth=[],
               responses={200: DeckReportSerializer, 400: BAD_REQUEST})
class DeckCheckApi(APIView):
    """POST {"format", "decklist"} -> {"legal", "problems"}. Anyone may use it.

    Checking changes nothing on the server, so there is no session (and no CSRF
    token) to require: scripts and logged-in browsers call it the same way.
    """

    authentication_classes = []
    permission_classes = [AllowAny]

    def post(self, request):
        incoming = DeckCheckRequest(data=request.data)
        incoming.is_valid(raise_exception=True)
        report = check_deck(incoming.validated_data["format"],
                            incoming.validated_data["decklist"])
        return Response({"legal": report.legal,
                         "problems": [{**p.as_dict(), "url": p.url()} for p in report.problems]})
