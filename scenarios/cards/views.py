"""The card pages: every catalogued card (search, filters, pages) and one card with its
legality, its rulings and the rules that name it. Both are kept whole for anonymous readers
(the page cache), and the index they read is kept per site state (index.py)."""
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render

from rulings.knowledge.page_cache import kept_for_readers, stamp_for

from scenarios.formats import all_formats
from .card_rulings import rulings_for, sections_naming
from .index import MAX_QUERY, card_index

PAGE_SIZE = 30


def chosen_filters(request):
    """The list's filters as asked, each cut to a sane length."""
    return {"q": request.GET.get("q", "").strip()[:MAX_QUERY],
            "format": request.GET.get("format", "")[:60],
            "kind": request.GET.get("kind", "")[:30],
            "type": request.GET.get("type", "")[:60]}


@kept_for_readers
def card_list(request):
    index = card_index(stamp_for(request))
    chosen = chosen_filters(request)
    found = index.filtered(chosen["q"], chosen["format"], chosen["kind"], chosen["type"])
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    keep = urlencode({k: v for k, v in chosen.items() if v})
    return render(request, "cards/list.html", {
        "page": page, "chosen": chosen, "query": "", "card_query": chosen["q"],
        "formats": [(f.slug, f.name) for f in all_formats()], "kinds": index.kinds(),
        "types": index.types(), "keep": f"{keep}&" if keep else "", "max_query": MAX_QUERY})


@kept_for_readers
def card_detail(request, slug):
    index = card_index(stamp_for(request))
    entry = index.get(slug)
    if entry is None:
        raise Http404("No catalogued card has this address.")
    names = {f.slug: f.name for f in all_formats()}
    legality = [{"format": fmt, "format_name": names.get(fmt, fmt), "legality": legality}
                for fmt, legality in index.legality.get(slug, [])]
    return render(request, "cards/detail.html", {
        "card": entry, "legality": legality, "groups": rulings_for(entry.name),
        "sections": sections_naming(entry.name),
        "practice_url": practice_url(entry.name)})


def practice_url(name):
    """The quiz page, set to practise the questions of this card's scenarios."""
    from django.urls import reverse

    return f"{reverse('quiz')}?{urlencode({'card': name})}"
