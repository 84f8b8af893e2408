"""The cards API: every catalogued card (filters, pages) and one card with its legality, its
rulings and the article sections that name it: the same data as the card pages."""
from django.core.paginator import EmptyPage, Paginator
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.knowledge.api.openapi import BAD_REQUEST, NOT_FOUND
from rulings.knowledge.page_cache import stamp_for

from scenarios.formats import all_formats
from .card_rulings import rulings_for, sections_naming
from .entries import KIND_WORDS
from .index import MAX_QUERY, card_index
from .openapi import CardDetailSerializer, CardPageSerializer
from .views import practice_url

PAGE_SIZE = 50
MAX_PAGE_DIGITS = 6


def rule_url(anchor):
    if not anchor:
        return None
    format_slug, _, rest = anchor.partition("/")
    article, _, fragment = rest.partition("#")
    return reverse("article", args=[format_slug, article]) + (f"#{fragment}" if fragment else "")


def card_data(entry, index):
    return {**entry.as_dict(), "scenarios": sum(index.uses.get(entry.slug, {}).values()),
            "url": reverse("card", args=[entry.slug])}


def checked_filters(params):
    """The list's filters, refused (400) when they cannot mean anything."""
    query = params.get("q", "")
    if len(query) > MAX_QUERY:
        raise ValidationError({"q": f"at most {MAX_QUERY} characters"})
    fmt, kind = params.get("format", ""), params.get("kind", "")
    if fmt and fmt not in {f.slug for f in all_formats()}:
        raise ValidationError({"format": f"no format '{fmt[:60]}'"})
    if kind and kind not in KIND_WORDS:
        raise ValidationError({"kind": f"one of {', '.join(KIND_WORDS)}"})
    return query.strip(), fmt, kind, params.get("type", "")[:60]


def page_number(params):
    asked = params.get("page", "1")
    if not (asked.isascii() and asked.isdigit()) or len(asked) > MAX_PAGE_DIGITS \
            or int(asked) < 1:
        raise NotFound("Invalid page.")
    return int(asked)


class CardList(APIView):
    @extend_schema(
        operation_id="cards_list",
        summary="Every catalogued card, filtered and in pages of 50",
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, description="words of the card's name "
                             f"(every word, any case; at most {MAX_QUERY} characters)"),
            OpenApiParameter("format", OpenApiTypes.STR, description="a format's slug: the cards "
                             "of its catalog and of its scenarios"),
            OpenApiParameter("kind", OpenApiTypes.STR, enum=list(KIND_WORDS)),
            OpenApiParameter("type", OpenApiTypes.STR, description="a monster Type (`Fiend`) or a "
                             "subtype (`Counter`, `Quick-Play`, `Field Setup`)"),
            OpenApiParameter("page", OpenApiTypes.INT)],
        responses={200: CardPageSerializer, 400: BAD_REQUEST, 404: NOT_FOUND})
    def get(self, request):
        query, fmt, kind, card_type = checked_filters(request.query_params)
        index = card_index(stamp_for(request))
        found = index.filtered(query, fmt, kind, card_type)
        number = page_number(request.query_params)
        try:
            page = Paginator(found, PAGE_SIZE, allow_empty_first_page=True).page(number)
        except EmptyPage:
            raise NotFound("Invalid page.") from None
        base = request.build_absolute_uri(request.path)
        params = request.query_params.copy()

        def link(n):
            params["page"] = str(n)
            return f"{base}?{params.urlencode()}"

        return Response({
            "count": page.paginator.count,
            "next": link(number + 1) if page.has_next() else None,
            "previous": link(number - 1) if page.has_previous() else None,
            "results": [card_data(entry, index) for entry in page]})


@extend_schema(summary="One card: its printed data, legality per format, rulings and the "
                       "article sections that name it",
               responses={200: CardDetailSerializer, 404: NOT_FOUND})
class CardDetail(APIView):
    def get(self, request, slug):
        index = card_index(stamp_for(request))
        entry = index.get(slug)
        if entry is None:
            raise NotFound("No catalogued card has this slug.")
        legality = [{"format": fmt, **legal.as_dict(), "url": rule_url(legal.anchor)}
                    for fmt, legal in index.legality.get(slug, [])]
        rulings = [{"slug": row.slug, "title": row.title, "format": group.slug,
                    "ruling": row.sentence, "status": row.shown_status, "rule": row.rule,
                    "url": row.get_absolute_url()}
                   for group in rulings_for(entry.name) for row in group.rulings]
        sections = [{"format": s.article.format.slug, "article": s.article.slug,
                     "title": s.article.title, "anchor": s.anchor, "heading": s.heading,
                     "url": s.article.get_absolute_url() + (f"#{s.anchor}" if s.anchor else "")}
                    for s in sections_naming(entry.name)]
        return Response({**card_data(entry, index), "legality": legality, "rulings": rulings,
                         "sections": sections, "practice_url": practice_url(entry.name)})
