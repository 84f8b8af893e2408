from rest_framework import serializers

from ..articlefile import MAX_ARTICLE_CHARS, MAX_ORDER, MAX_TITLE_CHARS, ArticleSource, \
    check_parameters, check_terms

MAX_REVISION = 2 ** 31 - 1
from ..models import Article, Format, Revision, Term


class FormatSerializer(serializers.ModelSerializer):
    article_count = serializers.IntegerField(read_only=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Format
        fields = ["slug", "name", "summary", "article_count", "url"]


class ArticleListSerializer(serializers.ModelSerializer):
    format = serializers.CharField(source="format.slug")
    revision = serializers.IntegerField(source="current_revision.number")
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = Article
        fields = ["format", "slug", "title", "summary", "order", "revision", "url"]


class ArticleDetailSerializer(ArticleListSerializer):
    markdown = serializers.CharField(source="current_revision.body")
    html = serializers.CharField(source="current_revision.html")
    parameters = serializers.JSONField(source="current_revision.parameters")
    terms = serializers.JSONField(source="current_revision.terms")

    class Meta(ArticleListSerializer.Meta):
        fields = ArticleListSerializer.Meta.fields + ["markdown", "html", "parameters", "terms"]


def checked_parameters(value):
    """A draft's `parameters` field, refused with the problems found in its shape."""
    problems = check_parameters(value)
    if problems:
        raise serializers.ValidationError([p.message for p in problems])
    return value


def checked_terms(value):
    """A draft's `terms` field, refused with the problems found in its shape."""
    problems = check_terms(value)
    if problems:
        raise serializers.ValidationError([f"{p.field}: {p.message}" for p in problems])
    return value


class ArticleWriteSerializer(serializers.Serializer):
    """An edit: the whole new source, the revision it was based on, and a comment."""

    title = serializers.CharField(max_length=MAX_TITLE_CHARS)
    summary = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")
    order = serializers.IntegerField(required=False, default=0, min_value=-MAX_ORDER,
                                     max_value=MAX_ORDER)
    markdown = serializers.CharField(trim_whitespace=False, max_length=MAX_ARTICLE_CHARS)
    parameters = serializers.JSONField(required=False, default=dict)
    terms = serializers.JSONField(required=False, default=list)
    comment = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    base_revision = serializers.IntegerField(required=False, allow_null=True, default=None,
                                             min_value=0, max_value=MAX_REVISION)

    validate_parameters = staticmethod(checked_parameters)
    validate_terms = staticmethod(checked_terms)

    def article_source(self, base=None):
        """The edit as an ArticleSource; fields not sent (PATCH) come from `base`."""
        data = self.validated_data
        if base is not None:
            data = {"title": base.title, "summary": base.summary, "order": base.order,
                    "markdown": base.body, "parameters": base.parameters, "terms": base.terms,
                    **data}
        body = data["markdown"].replace("\r\n", "\n")
        return ArticleSource(title=data["title"], summary=data["summary"], order=data["order"],
                             body=body if body.endswith("\n") else body + "\n",
                             parameters=data["parameters"], terms=data["terms"])


class ArticleReplaceSerializer(ArticleWriteSerializer):
    """A PUT: the whole article, every field stated (only the comment may be left out)."""

    summary = serializers.CharField(max_length=500, allow_blank=True)
    order = serializers.IntegerField(min_value=-MAX_ORDER, max_value=MAX_ORDER)
    parameters = serializers.JSONField()
    terms = serializers.JSONField()
    base_revision = serializers.IntegerField(
        min_value=0, max_value=MAX_REVISION,
        error_messages={"required": "name the revision this edit is based on "
                                    "(base_revision or an If-Match header)",
                        "null": "name the revision this edit is based on "
                                "(base_revision or an If-Match header)"})


class RevisionSerializer(serializers.ModelSerializer):
    author = serializers.CharField(source="author.username", default=None, allow_null=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Revision
        fields = ["number", "title", "author", "created_at", "comment", "url"]


class TermSerializer(serializers.ModelSerializer):
    format = serializers.CharField(source="format.slug")
    article = serializers.CharField(source="article.slug")
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = Term
        fields = ["name", "aliases", "definition", "format", "article", "anchor", "url"]
