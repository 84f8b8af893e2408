"""Whole reading pages kept for readers who are not logged in.

Most requests are anonymous readers opening an article, and for them a page is the same until
the site's content or its verdicts change. One query reads a stamp of that state (the latest
revision, how many revisions there are, when a format was last changed, and the latest
row of each model and the answer of each query the apps above register, such as verification
runs and how many re-verification jobs are unfinished) and, with the engine's
version, it keys the cached page: publishing, restoring or deleting anything, or recording a
verdict, gives a new stamp, so nothing stale is served and nothing has to be invalidated by
hand. The stamp is read from the database, not from a counter in the cache, so it holds for
every worker and host even with a per-process cache.

Logged-in people (whose header names them and may carry an editor's links and a CSRF token),
requests with a query string and requests carrying a flash message are rendered as before.
"""
import hashlib
from functools import wraps

from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse

from . import registries

# A day: a stamp changes on any edit, so the limit only frees memory from old stamps.
PAGE_SECONDS = 24 * 60 * 60


def site_stamp():
    """The state of the site's content and verdicts, in one query, as a short digest (safe in
    any cache key)."""
    from scenarios.engine.version import engine_version

    from .models import Format, Revision

    revisions, formats, *others = (connection.ops.quote_name(model._meta.db_table)
                                   for model in (Revision, Format, *registries.stamp_models))
    latest_others = "".join(f", (SELECT MAX(id) FROM {table})" for table in others)
    queries = [query() for query in registries.stamp_queries]
    asked = "".join(f", ({sql})" for sql, _ in queries)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT (SELECT MAX(id) FROM {revisions}), "
                       f"(SELECT COUNT(*) FROM {revisions}), "
                       f"(SELECT MAX(changed) FROM {formats}), (SELECT COUNT(*) FROM {formats})"
                       f"{latest_others}{asked}", [p for _, params in queries for p in params])
        state = cursor.fetchone()
    parts = "|".join(str(value) for value in state) + f"|{engine_version()}"
    return hashlib.blake2b(parts.encode(), digest_size=12).hexdigest()


def text_digest(text):
    """A short digest of a text, for cache keys that must change when the text does."""
    return hashlib.blake2b(str(text).encode(), digest_size=8).hexdigest()


def stamp_for(request):
    """The site stamp, read once per request: the reader cache and the view's own cached
    fragments share it."""
    if not hasattr(request, "site_stamp"):
        request.site_stamp = site_stamp()
    return request.site_stamp


def is_plain_reader(request):
    """A GET with no query string from someone not logged in, with no message to show."""
    return (request.method == "GET" and not request.GET and "messages" not in request.COOKIES
            and not request.user.is_authenticated)


def page_key(request, stamp):
    return "reader-page:" + hashlib.blake2b(f"{request.path}\n{stamp}".encode(),
                                            digest_size=16).hexdigest()


def kept_for_readers(view):
    """Serve a plain reader's page from the cache while the site's stamp is unchanged."""
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not is_plain_reader(request):
            return view(request, *args, **kwargs)
        key = page_key(request, stamp_for(request))
        kept = cache.get(key)
        if kept is not None:
            return HttpResponse(kept)
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            cache.set(key, response.content, PAGE_SECONDS)
        return response
    return wrapper
