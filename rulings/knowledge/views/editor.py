"""The article editor: preview, save, and refusing to overwrite a newer revision."""
from django.contrib import messages
from django.db import OperationalError
from django.shortcuts import get_object_or_404, redirect, render

from ..contention import is_busy
from ..diffing import diff_texts, revision_text
from ..articlefile import dump_article
from ..forms import ArticleForm, NewArticleForm
from ..models import Article, Format
from ..permissions import editor_gate
from ..problems import ContentError
from ..publishing import ArticleExists, EditConflict, Unchanged, check, publish
from .edit_impact import preview_into, saved_message, unconfirmed_failures


def _require_editor(request):
    return editor_gate(request, "Only members of the editors group may edit the rules.")


def _rebase(form, number):
    """Re-show the form with the typed text as it was, now based on revision `number`."""
    data = form.data.copy()
    data["base_revision"] = number
    form.data = data


def _missing_base(article, form, template_context):
    """A save that does not name its base revision: refused, the typed text kept and
    compared with the current revision, and the form rebased on it for the next save."""
    current = Article.objects.select_related("current_revision").get(
        pk=article.pk).current_revision
    valid = all(name in form.cleaned_data for name in ("title", "body", "parameters", "terms"))
    template_context["conflict"] = {
        "base": None, "current": current, "their_changes": [],
        "yours_against_current": diff_texts(revision_text(current), dump_article(form.source()))
        if valid else [],
    }
    _rebase(form, current.number)


def _handle(request, article, form, template_context):
    """Shared POST handling for editing and creating: preview, check, save."""
    if not form.is_valid():
        if "base_revision" in form.errors and article.pk is not None:
            _missing_base(article, form, template_context)
        return None
    source = form.source()
    problems = check(article.format, article.slug, source)
    errors = [p for p in problems if p.is_error]
    template_context["warnings"] = [p for p in problems if not p.is_error]
    if errors:
        form.add_problems(errors)
        return None
    if "preview" in request.POST:
        template_context["resubmit"] = "preview"
        preview_into(request, article, source, problems, template_context)
        return None
    template_context["resubmit"] = "save"
    if unconfirmed_failures(request, article, source, problems, template_context):
        return None
    try:
        revision, _ = publish(article, source, author=request.user,
                              comment=form.cleaned_data["comment"],
                              base_number=form.cleaned_data.get("base_revision"))
    except EditConflict as conflict:
        base = article.revisions.filter(number=conflict.base_number).first()
        template_context["conflict"] = {
            "base": conflict.base_number, "current": conflict.current,
            "their_changes": diff_texts(revision_text(base), revision_text(conflict.current))
            if base else [],
            "yours_against_current": diff_texts(revision_text(conflict.current),
                                                dump_article(source)),
        }
        _rebase(form, conflict.current.number)
        return None
    except Unchanged:
        messages.info(request, "No changes to save: the text is the same as the current revision.")
        return redirect(article.get_absolute_url())
    except ArticleExists as exists:
        form.add_error("slug", f"{exists}: choose another slug (your text is kept below).")
        return None
    except ContentError as error:
        form.add_problems(error.problems)
        return None
    except OperationalError as error:
        if not is_busy(error):
            raise
        form.add_error(None, "The database was busy and nothing was saved; your text is kept "
                             "below, save again.")
        return None
    saved_message(request, article, revision,
                   f"Saved revision {revision.number} of “{revision.title}”")
    return redirect(article.get_absolute_url())


def edit_article(request, format_slug, article_slug):
    denied = _require_editor(request)
    if denied:
        return denied
    article = get_object_or_404(Article.objects.select_related("format", "current_revision"),
                                format__slug=format_slug, slug=article_slug)
    context = {"article": article, "format": article.format}
    if request.method == "POST":
        form = ArticleForm(request.POST)
        response = _handle(request, article, form, context)
        if response:
            return response
    else:
        form = ArticleForm(initial=ArticleForm.initial_from(article.current_revision))
    context["form"] = form
    return render(request, "rulings/edit.html", context)


def create_article(request, format_slug):
    denied = _require_editor(request)
    if denied:
        return denied
    fmt = get_object_or_404(Format, slug=format_slug)
    context = {"format": fmt, "article": None}
    if request.method == "POST":
        form = NewArticleForm(request.POST, format=fmt)
        if form.is_valid():
            article = Article(format=fmt, slug=form.cleaned_data["slug"],
                              title=form.cleaned_data["title"])
            response = _handle(request, article, form, context)
            if response:
                return response
    else:
        form = NewArticleForm(format=fmt, initial={"order": 100, "body": "## First section {#first-section}\n"})
    context["form"] = form
    return render(request, "rulings/edit.html", context)
