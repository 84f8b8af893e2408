"""The read/write JSON API over formats, articles, revisions, glossary and search.

Edits never lose work: PUT (the whole article) and PATCH (some fields) name the
revision they were based on (`base_revision` or `If-Match` with the article's
ETag); a stale edit is a 409 carrying the current revision, the diffs and the
submitted fields; a save identical to the current revision makes no revision.
"""
import re
from collections.abc import Mapping

from django.db import OperationalError
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import search
from ..registries import extra_search_hits, leading_search_hits
from .openapi import (BAD_REQUEST, ETAG, FORBIDDEN, FORMAT_FILTER, NOT_FOUND,
                      ArticleCreateSerializer, ArticleExistsSerializer, ArticleSavedSerializer,
                      BusySerializer,
                      EditConflictSerializer, SearchHitSerializer)
from ..articlefile import MAX_SLUG_CHARS, SLUG_RE, dump_article
from ..contention import is_busy
from ..diffing import diff_texts, revision_text
from ..models import Article, Format, Term
from ..problems import ContentError
from ..publishing import ArticleExists, EditConflict, Unchanged, publish, source_of
from .serializers import (ArticleDetailSerializer, ArticleListSerializer,
                          ArticleReplaceSerializer, ArticleWriteSerializer, FormatSerializer,
                          RevisionSerializer, TermSerializer)

ARTICLES = Article.objects.select_related("format", "current_revision").exclude(
    current_revision=None)


def _problems_response(problems):
    return {"errors": [{"field": p.field, "line": p.line, "message": p.message} for p in problems]}


@extend_schema(summary="The rule formats, with their article counts",
               responses={200: FormatSerializer, 404: NOT_FOUND})
class FormatList(generics.ListAPIView):
    serializer_class = FormatSerializer

    def get_queryset(self):
        return Format.objects.annotate(
            article_count=Count("articles", filter=Q(articles__current_revision__isnull=False))
        ).order_by("order", "slug")


@extend_schema(methods=["GET"], summary="The articles, of one format or all",
               parameters=[FORMAT_FILTER],
               responses={200: ArticleListSerializer, 400: BAD_REQUEST, 404: NOT_FOUND})
@extend_schema(methods=["POST"], summary="Create an article (editors)",
               request=ArticleCreateSerializer, parameters=[ETAG],
               responses={201: ArticleSavedSerializer, 400: BAD_REQUEST, 403: FORBIDDEN,
                          404: OpenApiResponse(NOT_FOUND.response, description="No such format."),
                          409: OpenApiResponse(ArticleExistsSerializer,
                                               description="The slug is taken: nothing saved."),
                          503: BusySerializer})
class ArticleList(generics.ListAPIView):
    serializer_class = ArticleListSerializer

    def get_queryset(self):
        fmt = self.request.query_params.get("format")
        if fmt and not Format.objects.filter(slug=fmt).exists():
            raise ValidationError({"format": f"no format '{fmt}'"})
        return ARTICLES.filter(format__slug=fmt) if fmt else ARTICLES

    def post(self, request):
        """Create an article: the write fields plus `format` and `slug`."""
        if not isinstance(request.data, Mapping):
            raise ValidationError({"detail": "send a JSON object of the article's fields"})
        if not isinstance(request.data.get("format", ""), str):
            raise ValidationError({"format": "a format slug"})
        fmt = get_object_or_404(Format, slug=request.data.get("format", ""))
        slug = str(request.data.get("slug", ""))
        serializer = ArticleWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        if not SLUG_RE.match(slug):
            raise ValidationError({"slug": "use lowercase letters, digits and single hyphens"})
        if len(slug) > MAX_SLUG_CHARS:
            raise ValidationError({"slug": f"at most {MAX_SLUG_CHARS} characters"})
        article = Article(format=fmt, slug=slug, title=serializer.validated_data["title"])
        return _save(article, serializer, request, status.HTTP_201_CREATED)


WRITE_FIELDS = ["title", "summary", "order", "markdown", "parameters", "terms", "comment",
                "base_revision"]
BASE_REQUIRED = ("name the revision this edit is based on (base_revision, or an If-Match header "
                 "with the article's ETag)")
ETAG_RE = re.compile(r'^(?:W/)?"?(?:(?P<format>[\w-]+)/(?P<slug>[\w-]+)/)?r?(?P<number>\d{1,10})"?$')


def etag(article):
    """The article's current version as an entity tag: "<format>/<slug>/r<number>"."""
    return f'"{article.format.slug}/{article.slug}/r{article.current_revision.number}"'


def _article_response(article, ok_status=status.HTTP_200_OK, **extra):
    article = ARTICLES.get(pk=article.pk)
    response = Response({**ArticleDetailSerializer(article).data, **extra}, status=ok_status)
    response["ETag"] = etag(article)
    return response


def if_match_revision(request, article):
    """The revision number an If-Match header names (None without one, or for `*`)."""
    header = (request.headers.get("If-Match") or "").strip()
    tags = [tag.strip() for tag in header.split(",") if tag.strip()]
    if not tags or tags == ["*"]:
        return None
    match = ETAG_RE.match(tags[0]) if len(tags) == 1 else None
    if match is None:
        raise ValidationError({"If-Match": f"expected one ETag such as {etag(article)}"})
    if match["format"] and (match["format"], match["slug"]) != (article.format.slug, article.slug):
        raise ValidationError({"If-Match": f"{tags[0]} is an ETag of another article; "
                                           f"this one's is {etag(article)}"})
    return int(match["number"])


def _diff_rows(rows):
    return [{"kind": r.kind, "old_line": r.old_number, "new_line": r.new_number, "text": r.text}
            for r in rows]


def _conflict_response(article, conflict, source, submitted):
    """409: the current revision, what changed since the base, the request's text against
    the current one, and the submitted fields echoed back so nothing typed is lost."""
    current = conflict.current
    base = article.revisions.filter(number=conflict.base_number).first()
    response = Response({
        "detail": str(conflict),
        "base_revision": conflict.base_number,
        "current_revision": current.number,
        "diff": {
            "their_changes": _diff_rows(diff_texts(revision_text(base), revision_text(current)))
            if base else [],
            "yours_against_current": _diff_rows(diff_texts(revision_text(current),
                                                           dump_article(source))),
        },
        "submitted": submitted,
    }, status=status.HTTP_409_CONFLICT)
    response["ETag"] = f'"{article.format.slug}/{article.slug}/r{current.number}"'
    return response


def _save(article, serializer, request, ok_status, source=None, submitted=None):
    source = source or serializer.article_source()
    try:
        publish(article, source, author=request.user,
                comment=serializer.validated_data.get("comment", ""),
                base_number=serializer.validated_data.get("base_revision"))
    except EditConflict as conflict:
        return _conflict_response(article, conflict, source, submitted or {})
    except Unchanged as unchanged:
        return _article_response(article, unchanged=True, detail=str(unchanged))
    except ArticleExists as exists:
        return Response({"detail": str(exists), "slug": [str(exists)]},
                        status=status.HTTP_409_CONFLICT)
    except ContentError as error:
        return Response(_problems_response(error.problems), status=status.HTTP_400_BAD_REQUEST)
    except OperationalError as error:
        if not is_busy(error):
            raise
        response = Response({"detail": "the database is busy; nothing was saved, try again",
                             "submitted": submitted or {}},
                            status=status.HTTP_503_SERVICE_UNAVAILABLE)
        response["Retry-After"] = "1"
        return response
    return _article_response(article, ok_status, unchanged=False)


IF_MATCH = OpenApiParameter(
    "If-Match", OpenApiTypes.STR, OpenApiParameter.HEADER,
    description="The article's ETag this edit is based on (instead of `base_revision`).")
EDIT_RESPONSES = {200: ArticleSavedSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND,
                  409: OpenApiResponse(EditConflictSerializer,
                                       description="A stale edit: nothing was saved."),
                  503: OpenApiResponse(BusySerializer,
                                       description="The database is busy: nothing was saved.")}


@extend_schema(methods=["GET"], summary="An article: its markdown, HTML and parameters",
               parameters=[ETAG, OpenApiParameter(
                   "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER,
                   description="An ETag: 304 when the article is still at that version.")],
               responses={200: ArticleDetailSerializer,
                          304: OpenApiResponse(None, description="Not modified."),
                          404: NOT_FOUND})
@extend_schema(methods=["PUT"], summary="Replace the whole article (editors)",
               request=ArticleReplaceSerializer, parameters=[IF_MATCH, ETAG],
               responses=EDIT_RESPONSES)
@extend_schema(methods=["PATCH"], summary="Change some fields of the article (editors)",
               request=ArticleWriteSerializer, parameters=[IF_MATCH, ETAG],
               responses=EDIT_RESPONSES)
class ArticleDetail(APIView):
    def get_object(self, format_slug, slug):
        return get_object_or_404(ARTICLES, format__slug=format_slug, slug=slug)

    def get(self, request, format_slug, slug):
        article = self.get_object(format_slug, slug)
        tag = etag(article)
        if tag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
            response = Response(status=status.HTTP_304_NOT_MODIFIED)
        else:
            response = Response(ArticleDetailSerializer(article).data)
        response["ETag"] = tag
        return response

    def put(self, request, format_slug, slug):
        """Replace the whole article: every field but the comment must be sent."""
        return self._edit(request, self.get_object(format_slug, slug), partial=False)

    def patch(self, request, format_slug, slug):
        """Change only the fields sent; the rest stay as the current revision has them."""
        return self._edit(request, self.get_object(format_slug, slug), partial=True)

    def _edit(self, request, article, partial):
        if not isinstance(request.data, Mapping):
            raise ValidationError({"detail": "send the article's fields as a JSON object"})
        header_base = if_match_revision(request, article)
        data = request.data.copy()
        if header_base is not None and data.get("base_revision") in (None, ""):
            data["base_revision"] = header_base
        submitted = {name: data[name] for name in WRITE_FIELDS if name in data}
        if partial:
            serializer = ArticleWriteSerializer(data=data, partial=True)
        else:
            serializer = ArticleReplaceSerializer(data=data)
        if not serializer.is_valid():
            errors = dict(serializer.errors)
            missing = [name for name in WRITE_FIELDS if name != "comment" and name not in data]
            if missing and not partial:
                errors = {"detail": "PUT replaces the whole article, so every field is needed "
                                    f"(missing: {', '.join(missing)}); PATCH changes only the "
                                    "fields it sends", "missing": missing, **errors}
            raise ValidationError(errors)
        base = serializer.validated_data.get("base_revision")
        if base is None:
            raise ValidationError({"base_revision": [BASE_REQUIRED]})
        if header_base is not None and base != header_base:
            raise ValidationError({"base_revision": [
                f"base_revision {base} and If-Match (revision {header_base}) disagree"]})
        current = article.current_revision
        source = serializer.article_source(base=source_of(current) if partial else None)
        if current.number != base:
            return _conflict_response(article, EditConflict(base, current), source, submitted)
        return _save(article, serializer, request, status.HTTP_200_OK, source, submitted)


class RevisionPages(PageNumberPagination):
    page_size = 50


@extend_schema(summary="An article's revisions, newest first",
               responses={200: RevisionSerializer, 404: NOT_FOUND})
class RevisionList(generics.ListAPIView):
    serializer_class = RevisionSerializer
    pagination_class = RevisionPages

    def get_queryset(self):
        article = get_object_or_404(ARTICLES, format__slug=self.kwargs["format_slug"],
                                    slug=self.kwargs["slug"])
        return article.revisions.select_related("author")


@extend_schema(summary="The glossary terms, of one format or all", parameters=[FORMAT_FILTER],
               responses={200: TermSerializer, 404: NOT_FOUND})
class Glossary(generics.ListAPIView):
    serializer_class = TermSerializer

    def get_queryset(self):
        terms = Term.objects.select_related("format", "article__format")
        fmt = self.request.query_params.get("format")
        return terms.filter(format__slug=fmt) if fmt else terms


@extend_schema(
    summary="Full-text search: up to 5 cards, the best 50 sections, then up to 10 scenarios",
    description=('Each entry has a `kind`: `"card"` (a card page, listed first when the query '
                 'is a card\'s name or close to one), `"section"` (an article section, ranked) or '
                 '`"scenario"` (a scenario whose title or story holds every word). On '
                 'PostgreSQL the query takes web-search syntax (`"a phrase"`, `or`, `-word`); '
                 'a glossary alias (e.g. "DM") also finds its term. Only the first 12 words '
                 '(and 300 characters) of a query are searched.'),
    parameters=[OpenApiParameter("q", OpenApiTypes.STR, OpenApiParameter.QUERY, required=True,
                                 description="The words to find (the first 12 are used)."),
                FORMAT_FILTER],
    responses={200: SearchHitSerializer(many=True), 400: BAD_REQUEST})
class Search(APIView):
    def get(self, request):
        query, _ = search.bounded_query(request.query_params.get("q", ""))
        if not query:
            raise ValidationError({"q": "a search query is required"})
        fmt = request.query_params.get("format") or None
        hits = search.search(query, fmt, 50)
        return Response(leading_search_hits(query, fmt, 5) + [{"kind": "section", "format": h.format_slug, "slug": h.article_slug,
                          "title": h.title, "anchor": h.anchor, "heading": h.heading,
                          "snippet": h.snippet, "url": h.url} for h in hits]
                        + extra_search_hits(query, fmt, 10))
