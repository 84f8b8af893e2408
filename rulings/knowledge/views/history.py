"""An article's history: every revision, any two compared, an old one restored."""
from django.contrib import messages
from django.core.exceptions import BadRequest, PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render

from ..diffing import diff_revisions
from ..models import Article
from ..permissions import is_editor
from ..problems import ContentError
from ..publishing import Unchanged, check, source_of
from ..publishing import restore as restore_revision
from .edit_impact import preview_into, saved_message, unconfirmed_failures


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
        # The project's 400 page shows this message (rulings/project/views/errors.py).
        raise BadRequest("Choose the two revisions to compare: ?from=<number>&to=<number>.")
    old = get_object_or_404(article.revisions, number=old_number)
    new = get_object_or_404(article.revisions, number=new_number)
    return render(request, "rulings/diff.html", {
        "article": article, "format": article.format, "old": old, "new": new,
        "rows": diff_revisions(old, new)})


def restore(request, format_slug, article_slug, number):
    """GET (or a POST without `confirm`): what restoring would do to the scenarios, and a
    button to restore; POST with `confirm` (and the number of failures, when any): restore."""
    if not is_editor(request.user):
        raise PermissionDenied("Only members of the editors group may restore revisions.")
    article = _article(format_slug, article_slug)
    old = get_object_or_404(article.revisions.select_related("author"), number=number)
    context = {"article": article, "format": article.format, "revision": old,
               "impact_action": "restore", "impact_verb": "restore"}
    source = source_of(old)
    problems = check(article.format, article.slug, source)
    context["errors"] = [p for p in problems if p.is_error]
    confirmed = request.method == "POST" and "confirm" in request.POST
    context["resubmit"] = "confirm" if confirmed else ""
    if context["errors"] or not confirmed or unconfirmed_failures(
            request, article, source, problems, context):
        if "impact" not in context and not context["errors"]:
            preview_into(request, article, source, problems, context)
        response = render(request, "rulings/restore.html", context)
        if request.method == "GET" and context.get("impact_job"):
            response["Refresh"] = "2"  # without JavaScript too, the page shows the result
        return response
    try:
        revision, _ = restore_revision(article, number, author=request.user)
    except ContentError as error:
        messages.error(request, f"Revision {number} cannot be restored: {error}")
        return redirect("history", format_slug, article_slug)
    except Unchanged as unchanged:
        messages.info(request, f"No changes to save: revision {number} says the same as the "
                               f"current revision {unchanged.current.number}.")
        return redirect(article.get_absolute_url())
    saved_message(request, article, revision,
                  f"Revision {number} restored as revision {revision.number}")
    return redirect(article.get_absolute_url())
