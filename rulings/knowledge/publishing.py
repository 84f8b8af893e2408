"""Saving article revisions and keeping every derived record in step.

`record_revision` writes a new revision; `refresh` renders current revisions
and rebuilds what is derived from them (links, sections and their search
entries, examples, glossary terms). `publish` does both for one edit,
refreshing the other articles whose rendering depends on what changed.
"""
from dataclasses import dataclass, replace

from django.db import IntegrityError, transaction
from django.db.models import Max

from . import search
from .contention import retrying
from .articlefile import ArticleSource
from .models import Article, Example, Link, Revision, Term
from .problems import ContentError
from .rendering import RenderContext, TermEntry, anchors, params, render
from .rendering.links import ArticleEntry
from .signals import article_published, send_robustly
from .validation import FormatContext, anchor_labels, check_article, citable_anchors

CORE = "core"


class EditConflict(Exception):
    """The edit was based on a revision that is no longer the current one."""

    def __init__(self, base_number, current):
        self.base_number = base_number
        self.current = current
        super().__init__(
            f"revision {base_number} is no longer current: revision {current.number} was saved since")


class Unchanged(Exception):
    """The edit's source is identical to the current revision: no revision was made."""

    def __init__(self, current):
        self.current = current
        super().__init__(f"no changes to save: the source is the same as revision {current.number}")


class ArticleExists(Exception):
    """A new article was being created under a slug its format already has."""

    def __init__(self, article):
        super().__init__(f"an article '{article.format.slug}/{article.slug}' already exists")


def _create_row(article):
    """Insert a new article's row; ArticleExists when the slug is taken, also by a writer
    that took it a moment earlier (the unique constraint decides, never an overwrite)."""
    if Article.objects.filter(format=article.format, slug=article.slug).exists():
        raise ArticleExists(article)
    try:
        with transaction.atomic():
            article.save()
    except IntegrityError:
        raise ArticleExists(article) from None


def source_of(revision):
    return ArticleSource(title=revision.title, body=revision.body, order=revision.order,
                         summary=revision.summary, parameters=revision.parameters,
                         terms=revision.terms)


@dataclass
class SiteState:
    """The current revisions of every article, read once for a batch of work."""

    articles: list

    @classmethod
    def load(cls):
        return cls(list(Article.objects.select_related("format", "current_revision")
                        .filter(current_revision__isnull=False)))

    def index(self):
        return {(a.format.slug, a.slug): ArticleEntry(a.current_revision.title,
                                                      a.current_revision.anchors)
                for a in self.articles}

    def format_context(self, format_slug):
        context = FormatContext(format_slug, index=self.index())
        for article in self.articles:
            if article.format.slug != format_slug:
                continue
            revision = article.current_revision
            for name, value in revision.parameters.items():
                context.parameters[name] = value
                context.parameter_owners[name] = article.slug
            for term in revision.terms:
                for name in (term["name"], *term.get("aliases", [])):
                    context.term_owners[name.lower()] = article.slug
        return context

    def glossary(self, format_slug):
        """Terms linked in a format's articles: its own, then core terms it does not redefine."""
        by_name = {}
        for own in (False, True):
            for article in self.articles:
                fmt = article.format.slug
                if (fmt == format_slug) != own or fmt not in (format_slug, CORE):
                    continue
                for term in article.current_revision.terms:
                    entry = TermEntry(
                        key=f"{fmt}:{term['name'].lower()}", name=term["name"],
                        url=f"{article.get_absolute_url()}#{term['anchor']}",
                        definition=term["definition"], article_key=(fmt, article.slug),
                        anchor=term["anchor"])
                    for name in (term["name"], *term.get("aliases", [])):
                        by_name[name.lower()] = (entry, name)
        grouped = {}
        for entry, name in by_name.values():
            grouped.setdefault(entry, []).append(name)
        return [replace(entry, names=tuple(names)) for entry, names in grouped.items()]

    def render_context(self, article, parameters=None):
        fmt = article.format.slug
        return RenderContext(
            format_slug=fmt, article_slug=article.slug,
            parameters=parameters if parameters is not None else self.format_context(fmt).parameters,
            index=self.index(), terms=self.glossary(fmt))


def check(format_obj, article_slug, source, state=None):
    """Problems with saving `source` as `format_obj/article_slug` into the current site."""
    state = state or SiteState.load()
    context = state.format_context(format_obj.slug)
    return check_article(source, article_slug, context)


def next_number(article):
    return (article.revisions.aggregate(n=Max("number"))["n"] or 0) + 1


def record_revision(article, source, author=None, comment="", origin=Revision.SITE):
    """Write `source` as the article's new current revision (no rendering yet)."""
    found, _ = citable_anchors(source.body)
    if article.pk is None:
        article.save()
    revision = Revision.objects.create(
        article=article, number=next_number(article), title=source.title, summary=source.summary,
        order=source.order, parameters=source.parameters, terms=source.terms, body=source.body,
        author=author, comment=comment[:300], anchors=anchor_labels(found), origin=origin)
    article.current_revision = revision
    article.title, article.summary, article.order = source.title, source.summary, source.order
    article.save(update_fields=["current_revision", "title", "summary", "order"])
    return revision


def dependents(article, before, after):
    """Other articles whose rendering changes when `article` goes from `before` to `after`."""
    affected = Article.objects.none()
    if before is None or before.title != after.title or before.anchors != after.anchors:
        affected |= Article.objects.filter(
            outgoing_links__target_format=article.format.slug,
            outgoing_links__target_slug=article.slug)
    if before is None or before.terms != after.terms:
        affected |= Article.objects.filter(format=article.format)  # glossary links anywhere
        if article.format.slug == CORE:
            affected = Article.objects.all()
    found = set(affected.exclude(pk=article.pk).distinct())
    changed = params.changed(before.parameters if before else {}, after.parameters)
    if changed:
        found |= showing_parameters(article, changed)
    return found


def showing_parameters(article, names):
    """The other articles of `article`'s format whose current text shows one of `names`.

    A parameter appears in prose only where `{{ name }}` is written, so only those articles'
    rendering changes with its value; the rest keep their rendering, which keeps a save's cost
    to the few articles that quote what it changed, however large the format grows.
    """
    others = Article.objects.filter(format=article.format, current_revision__isnull=False) \
        .exclude(pk=article.pk).select_related("current_revision")
    return {other for other in others
            if any(path.split(".")[0] in names
                   for path, _ in params.references(other.current_revision.body))}


def refresh(articles, state=None):
    """Render the current revisions of `articles` and rebuild what derives from them."""
    state = state or SiteState.load()
    contexts = {}
    for article in articles:
        article = next((a for a in state.articles if a.pk == article.pk), article)
        revision = article.current_revision
        fmt = article.format.slug
        if fmt not in contexts:
            contexts[fmt] = state.render_context(article)
        context = contexts[fmt]
        context.article_slug = article.slug
        rendered = render(revision.body, context)
        Revision.objects.filter(pk=revision.pk).update(html=rendered.html)
        revision.html = rendered.html
        _rebuild_links(article, rendered.links, state)
        _rebuild_examples(article, revision)
        _rebuild_terms(article, revision)
        search.index_article(article, rendered.sections)


def _rebuild_links(article, found, state):
    ids = {(a.format.slug, a.slug): a.pk for a in state.articles}
    article.outgoing_links.all().delete()
    Link.objects.bulk_create(
        Link(source=article, target_id=ids.get((link.target_format, link.target_slug)),
             target_format=link.target_format[:100], target_slug=link.target_slug[:200],
             target_anchor=link.anchor[:200], text=link.text[:300], line=line,
             broken=link.broken, problem=link.problem[:300])
        for link, line in found)


def _rebuild_examples(article, revision):
    """Bring the article's Example rows in step with its examples, in place.

    Rows whose anchor is still there keep their id (so scenarios stay attached
    to them) and get the new title and position; new anchors get new rows and
    only vanished anchors lose theirs.
    """
    found, _ = anchors.scan(revision.body)
    wanted = {}
    for a in found:
        if a.kind == anchors.EXAMPLE and a.anchor not in wanted:
            wanted[a.anchor] = (a.label[:300], len(wanted))
    existing = {e.anchor: e for e in article.examples.all()}
    article.examples.exclude(anchor__in=list(wanted)).delete()
    changed, added = [], []
    for anchor, (title, position) in wanted.items():
        example = existing.get(anchor)
        if example is None:
            added.append(Example(article=article, anchor=anchor, title=title, position=position))
        elif (example.title, example.position) != (title, position):
            example.title, example.position = title, position
            changed.append(example)
    if changed:
        Example.objects.bulk_update(changed, ["title", "position"])
    Example.objects.bulk_create(added)


def _rebuild_terms(article, revision):
    article.defined_terms.all().delete()
    Term.objects.bulk_create(
        Term(format=article.format, article=article, name=t["name"], aliases=t.get("aliases", []),
             anchor=t["anchor"], definition=t["definition"])
        for t in revision.terms)


def is_unchanged(revision, source):
    """Whether `source` says exactly what `revision` says (title, summary, order, body,
    parameters, terms)."""
    return revision is not None and source_of(revision).content() == source.content()


def _forget_rolled_back(article, *args, **kwargs):
    """Before a retry: a new article whose row the failed attempt created is new again."""
    if article.pk is not None and not Article.objects.filter(pk=article.pk).exists():
        article.pk, article.current_revision = None, None
        article._state.adding = True


@retrying(before_retry=_forget_rolled_back)
@transaction.atomic
def publish(article, source, author=None, comment="", base_number=None):
    """Validate and save one edit, then refresh it and everything it affects.

    Raises ContentError (nothing saved), EditConflict when `base_number` is not
    the current revision, Unchanged when `source` is the current revision's, or
    ArticleExists when a new article's slug is already taken.
    Returns the new revision and the warnings found.

    Locks are taken in one order: the edited article's row first, then the
    articles it affects in primary-key order. On SQLite the write transaction is
    IMMEDIATE (see settings), which serialises publishers from the first statement. On
    PostgreSQL the row is locked first and read after, so the read sees the revision the
    previous lock holder committed; a deadlock with another writer runs the edit again
    (rulings.knowledge.contention).
    """
    if article.pk is not None:
        Article.objects.select_for_update().filter(pk=article.pk).values_list("pk").first()
        article = Article.objects.select_related(
            "format", "current_revision").get(pk=article.pk)
    before = article.current_revision
    if base_number is not None and before is not None and before.number != base_number:
        raise EditConflict(base_number, before)
    if is_unchanged(before, source):
        raise Unchanged(before)
    problems = check(article.format, article.slug, source)
    errors = [p for p in problems if p.is_error]
    if errors:
        raise ContentError(errors)
    if article.pk is None:
        _create_row(article)
    revision = record_revision(article, source, author, comment)
    affected = dependents(article, before, revision)
    if affected:
        affected = list(Article.objects.select_for_update().filter(
            pk__in=[a.pk for a in affected]).order_by("pk"))
    refresh([article, *affected])
    send_robustly(article_published, article=article, before=before, after=revision, user=author)
    return revision, [p for p in problems if not p.is_error]


def restore(article, number, author=None):
    """Make an old revision current again, as a new revision (history is never rewritten)."""
    old = article.revisions.get(number=number)
    return publish(article, source_of(old), author=author,
                   comment=f"Restored revision {number}")
