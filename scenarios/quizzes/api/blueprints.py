"""The exam blueprints API: anyone reads them; editors create, change and delete them.

Editors' input goes through the same checks as the admin's (blueprints.check_*), and a 400
names the field at fault. One blueprint is always the default: saving one as the default
makes it the only one, and the default cannot be deleted (409) nor stop being the default
until another is made it (400).
"""
from django.db import transaction
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field, \
    extend_schema_view
from rest_framework import generics, serializers
from rest_framework.exceptions import APIException

from rulings.knowledge.api.openapi import BAD_REQUEST, FORBIDDEN, NOT_FOUND, ErrorSerializer

from .. import blueprints
from ..attempts import MAX_COUNT, MAX_MINUTES
from ..models import ExamBlueprint

WEIGHTS_SCHEMA = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0,
                                                             "maximum": blueprints.MAX_WEIGHT}}
COUNTS_SCHEMA = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0,
                                                            "maximum": MAX_COUNT}}


@extend_schema_field({**WEIGHTS_SCHEMA, "description": "{format slug: weight}: each format's "
                      "share of the questions; a format left out weighs 1, weight 0 leaves it "
                      "out"})
class WeightsField(serializers.JSONField):
    def to_internal_value(self, data):
        return blueprints.check_weights(super().to_internal_value(data))


@extend_schema_field({**COUNTS_SCHEMA, "description": '{"format/article": questions}: drawn '
                      "first, within their format's share"})
class ArticleCountsField(serializers.JSONField):
    def to_internal_value(self, data):
        return blueprints.check_article_counts(super().to_internal_value(data))


class ExamBlueprintSerializer(serializers.ModelSerializer):
    count = serializers.IntegerField(min_value=1, max_value=MAX_COUNT, required=False,
                                     help_text="questions in an exam")
    minutes = serializers.IntegerField(min_value=1, max_value=MAX_MINUTES, required=False,
                                       help_text="the time limit")
    pass_mark = serializers.IntegerField(min_value=1, max_value=100, required=False,
                                         help_text="percent right needed to pass")
    format_weights = WeightsField(required=False)
    article_counts = ArticleCountsField(required=False)
    is_default = serializers.BooleanField(required=False, help_text="the blueprint an exam is "
                                          "drawn from when it names none; saving one as the "
                                          "default makes it the only one")
    url = serializers.SerializerMethodField(help_text="this blueprint in the API")

    class Meta:
        model = ExamBlueprint
        fields = ["name", "slug", "description", "count", "minutes", "pass_mark",
                  "format_weights", "article_counts", "is_default", "url"]

    @extend_schema_field(str)
    def get_url(self, blueprint):
        return f"/api/exam-blueprints/{blueprint.slug}/"

    def validate(self, data):
        """The totals (weights and article counts against the count) and the default, on the
        blueprint as it would be saved (a PATCH keeps what it does not send)."""
        instance = self.instance or ExamBlueprint()
        merged = {name: data.get(name, getattr(instance, name))
                  for name in ("count", "format_weights", "article_counts", "is_default")}
        blueprints.check_totals(merged["count"], merged["format_weights"],
                                merged["article_counts"])
        blueprints.check_default(instance, merged["is_default"])
        return data


class DefaultBlueprintKept(APIException):
    status_code = 409
    default_detail = "the default blueprint cannot be deleted: make another one the default first"
    default_code = "default_blueprint"


class SavesDefault:
    """Saving a blueprint as the default makes it the only one, in the same transaction."""

    def perform_create(self, serializer):
        with transaction.atomic():
            blueprints.settle_default(serializer.save())

    def perform_update(self, serializer):
        with transaction.atomic():
            blueprints.settle_default(serializer.save())


@extend_schema_view(
    get=extend_schema(summary="The exam blueprints, the default first",
                      responses={200: ExamBlueprintSerializer, 404: NOT_FOUND}),
    post=extend_schema(summary="Create an exam blueprint (editors)",
                       responses={201: ExamBlueprintSerializer, 400: BAD_REQUEST,
                                  403: FORBIDDEN}))
class BlueprintList(SavesDefault, generics.ListCreateAPIView):
    """What exams are drawn from: each format's weight, the articles drawn first, the time
    limit and the pass mark. An exam names one by its slug (the default when it names none).
    Anyone reads them; editors create them (a 400 names the field at fault)."""

    queryset = ExamBlueprint.objects.all()
    serializer_class = ExamBlueprintSerializer


CHANGE = {200: ExamBlueprintSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND}


@extend_schema_view(
    get=extend_schema(summary="An exam blueprint",
                      responses={200: ExamBlueprintSerializer, 404: NOT_FOUND}),
    put=extend_schema(summary="Replace an exam blueprint (editors)", responses=CHANGE),
    patch=extend_schema(summary="Change an exam blueprint (editors)", responses=CHANGE),
    delete=extend_schema(summary="Delete an exam blueprint (editors); exams drawn from it "
                                 "keep their questions",
                         responses={204: None, 403: FORBIDDEN, 404: NOT_FOUND,
                                    409: OpenApiResponse(ErrorSerializer, description="It is "
                                                         "the default: make another the "
                                                         "default first.")}))
class BlueprintDetail(SavesDefault, generics.RetrieveUpdateDestroyAPIView):
    """One exam blueprint. Saving it as the default makes it the only default; the default
    cannot stop being it (400) nor be deleted (409) until another blueprint is made it."""

    queryset = ExamBlueprint.objects.all()
    serializer_class = ExamBlueprintSerializer
    lookup_field = "slug"

    def perform_destroy(self, instance):
        if instance.is_default:
            raise DefaultBlueprintKept()
        instance.delete()
