"""Reading pages: formats, tables of contents, articles, glossary, search, maintenance."""
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render

from .. import glossary as glossary_entries
from .. import page_cache, registries, search
from ..models import Article, Format, Link, Section, Term
from ..page_cache import kept_for_readers
from ..permissions import is_editor

SEARCH_LIMIT = 30


@kept_for_readers
def home(request):
    formats = Format.objects.annotate(
        article_count=Count("articles", filter=Q(articles__current_revision__isnull=False))
    ).order_by("order", "slug")
    return render(request, "rulings/home.html", {"formats": formats})


@kept_for_readers
def format_contents(request, format_slug):
    fmt = get_object_or_404(Format, slug=format_slug)
    articles = (fmt.articles.exclude(current_revision=None)
                .prefetch_related(Prefetch("sections", Section.objects.filter(level=2),
                                           to_attr="top_sections")))
    return render(request, "rulings/format.html", {"format": fmt, "articles": articles})


@kept_for_readers
def article(request, format_slug, article_slug):
    article = get_object_or_404(
        Article.objects.select_related("format", "current_revision__author"),
        format__slug=format_slug, slug=article_slug, current_revision__isnull=False)
    contents = article.sections.filter(level__in=(2, 3)).exclude(anchor="")
    backlinks = (Article.objects.filter(outgoing_links__target=article)
                 .exclude(pk=article.pk).select_related("format").distinct())
    recent = article.revisions.select_related("author")[:5]
    siblings = article.format.articles.exclude(current_revision=None).only(
        "slug", "title", "order", "format_id")
    # The page body is cached per revision and site state (any new revision anywhere can
    # change backlinks, siblings or parameters; a new verdict changes the badges): the
    # querysets above are lazy and run only when the cached render is missing.
    site_stamp = page_cache.stamp_for(request)
    return render(request, "rulings/article.html", {
        "format": article.format, "article": article, "revision": article.current_revision,
        "contents": contents, "backlinks": backlinks, "recent_revisions": recent,
        "siblings": siblings, "site_stamp": site_stamp,
    })


def health(request):
    """For load balancers: the process answers (it touches nothing else)."""
    return HttpResponse("ok\n", content_type="text/plain")


@kept_for_readers
def glossary(request):
    """Every term, or those a filter (`?q=`) keeps; trivial plural aliases left out."""
    query = request.GET.get("q", "").strip()[:glossary_entries.MAX_FILTER]
    terms = Term.objects.select_related("format", "article__format")
    return render(request, "rulings/glossary.html", {
        "entries": glossary_entries.entries(terms, query), "query": query,
        "max_filter": glossary_entries.MAX_FILTER})


def search_page(request):
    query, shortened = search.bounded_query(request.GET.get("q", ""))
    format_slug = request.GET.get("format") or None
    hits = search.search(query, format_slug, SEARCH_LIMIT) if query else []
    # Card pages first when the query is a card's name or close to one.
    cards = registries.leading_search_hits(query, format_slug, 5) if query else []
    return render(request, "rulings/search.html", {
        "query": query, "shortened": shortened, "max_words": search.MAX_QUERY_WORDS,
        "hits": hits, "card_hits": cards, "formats": Format.objects.all(), "selected_format": format_slug})


def broken_links(request):
    if not is_editor(request.user):
        raise PermissionDenied("The maintenance pages are for editors.")
    links = Link.objects.filter(broken=True).select_related("source__format")
    return render(request, "rulings/broken_links.html", {"links": links})
