"""The article editor: preview, save, and refusing to overwrite a newer revision."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render

from ..diffing import diff_texts, revision_text
from ..articlefile import dump_article
from ..forms import ArticleForm, NewArticleForm
from ..models import Article, Format
from ..permissions import is_editor
from ..problems import ContentError
from ..publishing import EditConflict, SiteState, check, publish
from ..rendering import render as render_markdown


def _require_editor(request):
    if not is_editor(request.user):
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        raise PermissionDenied("Only members of the editors group may edit the rules.")
    return None


def _preview(article, source):
    state = SiteState.load()
    context = state.render_context(article)
    context.parameters = {**context.parameters, **source.parameters}
    return render_markdown(source.body, context).html


def _handle(request, article, form, template_context):
    """Shared POST handling for editing and creating: preview, check, save."""
    if not form.is_valid():
        return None
    source = form.source()
    problems = check(article.format, article.slug, source)
    errors = [p for p in problems if p.is_error]
    template_context["warnings"] = [p for p in problems if not p.is_error]
    if errors:
        form.add_problems(errors)
        return None
    if "preview" in request.POST:
        template_context["preview"] = _preview(article, source)
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
        data = request.POST.copy()
        data["base_revision"] = conflict.current.number
        form.data = data
        return None
    except ContentError as error:
        form.add_problems(error.problems)
        return None
    messages.success(request, f"Saved revision {revision.number} of “{revision.title}”.")
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
