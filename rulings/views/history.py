"""An article's history: every revision, any two compared, an old one restored."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ..diffing import diff_revisions
from ..models import Article
from ..permissions import is_editor
from ..problems import ContentError
from ..publishing import Unchanged
from ..publishing import restore as restore_revision
from .errors import error_response


def _article(format_slug, article_slug):
    return get_object_or_404(Article.objects.select_related("format", "current_revision"),
                             format__slug=format_slug, slug=article_slug)


def revision_list(request, format_slug, article_slug):
    article = _article(format_slug, article_slug)
    revisions = article.revisions.select_related("author")
    return render(request, "rulings/history.html", {
        "article": article, "format": article.format, "revisions": revisions})


def revision_detail(request, format_slug, article_slug, number):
    article = _article(format_slug, article_slug)
    revision = get_object_or_404(article.revisions.select_related("author"), number=number)
    return render(request, "rulings/revision.html", {
        "article": article, "format": article.format, "revision": revision})


def diff(request, format_slug, article_slug):
    article = _article(format_slug, article_slug)
    try:
        old_number, new_number = int(request.GET["from"]), int(request.GET["to"])
    except (KeyError, ValueError):
        return error_response(request, 400, "Choose the two revisions to compare: "
                                            "?from=<number>&to=<number>.")
    old = get_object_or_404(article.revisions, number=old_number)
    new = get_object_or_404(article.revisions, number=new_number)
    return render(request, "rulings/diff.html", {
        "article": article, "format": article.format, "old": old, "new": new,
        "rows": diff_revisions(old, new)})


@require_POST
def restore(request, format_slug, article_slug, number):
    if not is_editor(request.user):
        raise PermissionDenied("Only members of the editors group may restore revisions.")
    article = _article(format_slug, article_slug)
    get_object_or_404(article.revisions, number=number)
    try:
        revision, _ = restore_revision(article, number, author=request.user)
    except ContentError as error:
        messages.error(request, f"Revision {number} cannot be restored: {error}")
        return redirect("history", format_slug, article_slug)
    except Unchanged as unchanged:
        messages.info(request, f"No changes to save: revision {number} says the same as the "
                               f"current revision {unchanged.current.number}.")
        return redirect(article.get_absolute_url())
    messages.success(request, f"Revision {number} restored as revision {revision.number}.")
    return redirect(article.get_absolute_url())
