"""What the API's OpenAPI schema says about bodies the views build by hand.

These serializers only describe: the views return plain dicts, and these shapes state
what those dicts hold (drf-spectacular reads them for `/api/schema/`). The error
bodies are the same everywhere: `{"detail": "..."}` for a refusal (403, 404, 409 ...),
and an object keyed by field name for a request that does not validate (400).
"""
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers

from ..articlefile import MAX_SLUG_CHARS
from .serializers import ArticleDetailSerializer, ArticleWriteSerializer


class ErrorSerializer(serializers.Serializer):
    """A refusal: what was wrong, in words."""

    detail = serializers.CharField()


# DRF's validation errors: {"field": ["message", ...]} (or {"field": "message"}, or
# {"detail": "..."} for a body that is not JSON), so any object keyed by field names.
FIELD_ERRORS = {
    "type": "object",
    "description": "The request did not validate: messages keyed by the field they are "
                   "about (`detail` for the request as a whole).",
    "additionalProperties": {},
}

BAD_REQUEST = OpenApiResponse(FIELD_ERRORS, description="The request does not validate.")
FORBIDDEN = OpenApiResponse(ErrorSerializer, description="Only editors may do this.")
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such object (or page).")

FORMAT_FILTER = OpenApiParameter(
    "format", OpenApiTypes.STR, OpenApiParameter.QUERY,
    description="A rule format's slug (e.g. `core`, `trh`): only what belongs to it. "
                "Not a response format.")


class ArticleCreateSerializer(ArticleWriteSerializer):
    """A new article: its format and slug, and the fields of an edit."""

    format = serializers.SlugField(help_text="the slug of an existing format")
    slug = serializers.SlugField(max_length=MAX_SLUG_CHARS,
                                 help_text="lowercase letters, digits and single hyphens")


class ArticleSavedSerializer(ArticleDetailSerializer):
    """The article as saved; `unchanged` when the edit matched the current revision."""

    unchanged = serializers.BooleanField()
    detail = serializers.CharField(required=False, help_text="why nothing was saved")

    class Meta(ArticleDetailSerializer.Meta):
        fields = ArticleDetailSerializer.Meta.fields + ["unchanged", "detail"]


class ContentProblemSerializer(serializers.Serializer):
    field = serializers.CharField(allow_null=True)
    line = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()


class ContentErrorsSerializer(serializers.Serializer):
    """The article's content does not hold: every problem, with its field and line."""

    errors = ContentProblemSerializer(many=True)


class DiffRowSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["same", "added", "removed", "gap"])
    old_line = serializers.IntegerField(allow_null=True)
    new_line = serializers.IntegerField(allow_null=True)
    text = serializers.CharField(allow_blank=True)


class ConflictDiffSerializer(serializers.Serializer):
    their_changes = DiffRowSerializer(many=True)
    yours_against_current = DiffRowSerializer(many=True)


class EditConflictSerializer(serializers.Serializer):
    """A stale edit: the current revision, what changed since the base, and what was sent."""

    detail = serializers.CharField()
    base_revision = serializers.IntegerField()
    current_revision = serializers.IntegerField()
    diff = ConflictDiffSerializer()
    submitted = serializers.DictField(help_text="the fields the request sent, echoed back")


class ArticleExistsSerializer(serializers.Serializer):
    """A creation refused: another article of the format already has that slug."""

    detail = serializers.CharField()
    slug = serializers.ListField(child=serializers.CharField())


class BusySerializer(serializers.Serializer):
    detail = serializers.CharField()
    submitted = serializers.DictField()


class SearchHitSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["card", "section", "scenario"],
                                   help_text="a card page, an article section or a scenario")
    format = serializers.CharField()
    slug = serializers.CharField()
    title = serializers.CharField()
    anchor = serializers.CharField(allow_blank=True)
    heading = serializers.CharField(allow_blank=True)
    snippet = serializers.CharField(allow_blank=True,
                                    help_text="escaped text with <mark> around the matches")
    url = serializers.CharField(help_text="the section's (or card's, or scenario's) page")


ETAG = OpenApiParameter(
    "ETag", OpenApiTypes.STR, OpenApiParameter.HEADER, response=[200, 201, 304, 409],
    description='The article\'s current version, e.g. `"trh/nightfall/r3"`.')
