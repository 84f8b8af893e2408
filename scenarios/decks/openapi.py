"""The OpenAPI shapes of the deck checker's answers (drf-spectacular reads them for
`/api/schema/`)."""
from rest_framework import serializers


class DeckProblemSerializer(serializers.Serializer):
    rule = serializers.CharField()
    anchor = serializers.CharField(allow_null=True, help_text="format/article#anchor")
    cards = serializers.ListField(child=serializers.CharField())
    message = serializers.CharField()
    url = serializers.CharField(allow_null=True, help_text="the page of the rule")


class DeckReportSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    problems = DeckProblemSerializer(many=True)
