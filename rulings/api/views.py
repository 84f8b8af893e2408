"""The read/write JSON API over formats, articles, revisions, glossary and search."""
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import search
from ..articlefile import SLUG_RE
from ..models import Article, Format, Term
from ..problems import ContentError
from ..publishing import EditConflict, publish
from .serializers import (ArticleDetailSerializer, ArticleListSerializer, ArticleWriteSerializer,
                          FormatSerializer, RevisionSerializer, TermSerializer)

ARTICLES = Article.objects.select_related("format", "current_revision").exclude(
    current_revision=None)


def _problems_response(problems):
    return {"errors": [{"field": p.field, "line": p.line, "message": p.message} for p in problems]}


class FormatList(generics.ListAPIView):
    serializer_class = FormatSerializer

    def get_queryset(self):
        return Format.objects.annotate(
            article_count=Count("articles", filter=Q(articles__current_revision__isnull=False))
        ).order_by("order", "slug")


class ArticleList(generics.ListAPIView):
    serializer_class = ArticleListSerializer

    def get_queryset(self):
        fmt = self.request.query_params.get("format")
        if fmt and not Format.objects.filter(slug=fmt).exists():
            raise ValidationError({"format": f"no format '{fmt}'"})
        return ARTICLES.filter(format__slug=fmt) if fmt else ARTICLES

    def post(self, request):
        """Create an article: the write fields plus `format` and `slug`."""
        fmt = get_object_or_404(Format, slug=request.data.get("format", ""))
        slug = str(request.data.get("slug", ""))
        serializer = ArticleWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        if not SLUG_RE.match(slug):
            raise ValidationError({"slug": "use lowercase letters, digits and single hyphens"})
        if Article.objects.filter(format=fmt, slug=slug).exists():
            raise ValidationError({"slug": f"an article '{fmt.slug}/{slug}' already exists"})
        article = Article(format=fmt, slug=slug, title=serializer.validated_data["title"])
        return _save(article, serializer, request, status.HTTP_201_CREATED)


def _save(article, serializer, request, ok_status):
    try:
        publish(article, serializer.article_source(), author=request.user,
                comment=serializer.validated_data["comment"],
                base_number=serializer.validated_data["base_revision"])
    except EditConflict as conflict:
        return Response({"detail": str(conflict), "current_revision": conflict.current.number},
                        status=status.HTTP_409_CONFLICT)
    except ContentError as error:
        return Response(_problems_response(error.problems), status=status.HTTP_400_BAD_REQUEST)
    article = ARTICLES.get(pk=article.pk)
    return Response(ArticleDetailSerializer(article).data, status=ok_status)


class ArticleDetail(APIView):
    def get_object(self, format_slug, slug):
        return get_object_or_404(ARTICLES, format__slug=format_slug, slug=slug)

    def get(self, request, format_slug, slug):
        return Response(ArticleDetailSerializer(self.get_object(format_slug, slug)).data)

    def put(self, request, format_slug, slug):
        article = self.get_object(format_slug, slug)
        serializer = ArticleWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _save(article, serializer, request, status.HTTP_200_OK)


class RevisionPages(PageNumberPagination):
    page_size = 50


class RevisionList(generics.ListAPIView):
    serializer_class = RevisionSerializer
    pagination_class = RevisionPages

    def get_queryset(self):
        article = get_object_or_404(ARTICLES, format__slug=self.kwargs["format_slug"],
                                    slug=self.kwargs["slug"])
        return article.revisions.select_related("author")


class Glossary(generics.ListAPIView):
    serializer_class = TermSerializer

    def get_queryset(self):
        terms = Term.objects.select_related("format", "article__format")
        fmt = self.request.query_params.get("format")
        return terms.filter(format__slug=fmt) if fmt else terms


class Search(APIView):
    def get(self, request):
        query = request.query_params.get("q", "").strip()
        if not query:
            raise ValidationError({"q": "a search query is required"})
        hits = search.search(query, request.query_params.get("format") or None, 50)
        return Response([{"format": h.format_slug, "slug": h.article_slug, "title": h.title,
                          "anchor": h.anchor, "heading": h.heading, "snippet": h.snippet,
                          "url": h.url} for h in hits])
