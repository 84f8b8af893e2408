"""Loading the bundled rule files into the database, and writing them back out.

Loading is idempotent: an article whose file says what its current revision
says is left alone; a changed file becomes a new revision. A broken file is
reported with its file, line and field and skipped (its previous revision
stays current); the other files still load.

Loading never overwrites what was written on the site: an article whose current
revision was written there (an edit, a restore) keeps it, and the load says so
in one line; `force=True` (`load_rules --force`) loads the file over it, as a new
revision, the site's revision staying in the history.
"""
import re
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from .articlefile import MAX_SLUG_CHARS, SLUG_RE, dump_article, dump_format, parse_article, parse_format_file, \
    read_text_file
from .models import Article, Format, Revision
from .problems import Problem
from .publishing import SiteState, record_revision, refresh, source_of
from .rendering.links import ArticleEntry
from .signals import rules_loaded, send_robustly
from .validation import FormatContext, anchor_labels, check_article, citable_anchors

FORMAT_FILE = "format.yaml"


@dataclass
class LoadReport:
    created: list = field(default_factory=list)
    updated: list = field(default_factory=list)
    unchanged: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    kept_site_edits: list = field(default_factory=list)  # [KeptEdit]
    not_in_files: list = field(default_factory=list)
    problems: list = field(default_factory=list)

    @property
    def errors(self):
        return [p for p in self.problems if p.is_error]

    @property
    def changed(self):
        return bool(self.created or self.updated)


@dataclass
class KeptEdit:
    """An article or scenario whose file was not loaded, because its current text was
    written on the site (scenarios.verification.sync keeps scenarios the same way)."""

    name: str  # format/article, or a scenario's slug
    revision: object  # the current Revision or ScenarioRevision, written on the site

    def __str__(self):
        author = self.revision.author.get_username() if self.revision.author else "an editor"
        when = self.revision.created_at.strftime("%d %b %Y %H:%M")
        return (f"{self.name}: kept revision {self.revision.number}, written on the site by "
                f"{author} on {when}; the file was not loaded (--force loads it over that "
                f"revision)")


@dataclass
class ParsedFile:
    path: Path
    text: str
    slug: str
    source: object


def _display(path):
    parts = Path(path).parts
    return "/".join(parts[-3:]) if len(parts) >= 3 else str(path)


def _locate(problem, parsed):
    """Place a problem found in an article's parts at its line in the file."""
    if problem.field == "body" and problem.line is not None:
        return problem.located(_display(parsed.path), parsed.source.body_line - 1)
    key = problem.field.split("[")[0].split(".")[0]
    lines = parsed.text.split("\n")
    line = next((n for n, text in enumerate(lines, start=1)
                 if re.match(rf"^{re.escape(key)}\s*:", text)), None)
    name = problem.field.partition(".")[2].split(".")[0].split("[")[0]
    if key == "parameters" and name and line is not None:
        # the parameter's own line inside the indented `parameters:` block
        for n, text in enumerate(lines[line:], start=line + 1):
            if text.strip() and not text.startswith((" ", "-")):
                break
            if re.match(rf"^\s+{re.escape(name)}\s*:", text):
                line = n
                break
    return Problem(problem.message, problem.field, line, _display(parsed.path), problem.severity)


def without_site_edits(fmt, files, report, force):
    """The files that may be loaded: not those whose article's current revision was written
    on the site and says something else (unless `force`). The rest of the load then sees
    those articles as their current revision, as it sees a broken file."""
    if force:
        return files
    current = {a.slug: a.current_revision for a in Article.objects.filter(
        format=fmt, slug__in=[f.slug for f in files]).select_related(
            "current_revision__author")}
    loadable = []
    for f in files:
        revision = current.get(f.slug)
        if revision is not None and revision.origin == Revision.SITE and \
                source_of(revision).content() != f.source.content():
            report.kept_site_edits.append(KeptEdit(f"{fmt.slug}/{f.slug}", revision))
            continue
        loadable.append(f)
    return loadable


def read_format_folder(folder, report):
    parsed = []
    for path in sorted(folder.glob("*.md")):
        if path.name.lower() == "readme.md":
            continue
        if not SLUG_RE.match(path.stem) or len(path.stem) > MAX_SLUG_CHARS:
            report.problems.append(Problem(
                "the file name must be a slug (lowercase letters, digits, hyphens) of at most "
                f"{MAX_SLUG_CHARS} characters", "file name", None, _display(path)))
            continue
        text, problems = read_text_file(path)
        source, problems = parse_article(text) if text is not None else (None, problems)
        if problems:
            report.problems += [p.located(_display(path)) for p in problems]
            report.skipped.append(f"{folder.name}/{path.stem}")
            continue
        parsed.append(ParsedFile(path, text, path.stem, source))
    return parsed


def file_index(format_slug, files):
    """What links need to know of the articles in these files."""
    index = {}
    for f in files:
        found, _ = citable_anchors(f.source.body)
        index[(format_slug, f.slug)] = ArticleEntry(f.source.title, anchor_labels(found))
    return index


def format_context(format_slug, files, state, index):
    """What the format holds once these files are in: the files win over the database."""
    context = FormatContext(format_slug, index=dict(index))
    in_files = {f.slug for f in files}
    # An article whose file is not (or no longer) being saved keeps its current revision.
    owners = [(a.slug, source_of(a.current_revision)) for a in state.articles
              if a.format.slug == format_slug and a.slug not in in_files]
    owners += [(f.slug, f.source) for f in files]
    for slug, source in owners:
        for name, value in source.parameters.items():
            context.parameters.setdefault(name, value)
            context.parameter_owners.setdefault(name, slug)
        for term in source.terms:
            for name in (term["name"], *term.get("aliases", [])):
                context.term_owners.setdefault(name.lower(), slug)
    return context


def check_files(format_slug, files, state, index, report):
    """The files that may be saved.

    A file that fails keeps its previous revision, so the others are checked
    against that revision instead: checking repeats until the set of good
    files settles (a file failing only because of another one gets back in).
    """
    known, good = state.index(), list(files)
    for _ in range(len(files) + 1):
        context = format_context(format_slug, good, state, _index_for(index, known, format_slug, good, files))
        results = {f.slug: [_locate(p, f) for p in check_article(f.source, f.slug, context)]
                   for f in files}
        passing = [f for f in files if not any(p.is_error for p in results[f.slug])]
        if passing == good:
            break
        good = passing
    for f in files:
        report.problems += results[f.slug]
        if f not in good:
            report.skipped.append(f"{format_slug}/{f.slug}")
    index.update(_index_for(index, known, format_slug, good, files))
    return good


def _index_for(index, known, format_slug, good, files):
    """The link index with failed files seen as their previous revision (or as absent)."""
    result = dict(index)
    for f in files:
        key = (format_slug, f.slug)
        if f in good:
            continue
        if key in known:
            result[key] = known[key]
        else:
            result.pop(key, None)
    return result


@transaction.atomic
def load_content(root, force=False):
    """Load every format folder under `root`; returns a LoadReport. With `force`, files are
    loaded over revisions written on the site too."""
    root = Path(root)
    report = LoadReport()
    state = SiteState.load()
    folders = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        if not SLUG_RE.match(folder.name):
            continue
        format_file = folder / FORMAT_FILE
        if not format_file.exists():
            report.problems.append(Problem(f"missing {FORMAT_FILE}", "", None, _display(format_file)))
            continue
        text, problems = read_text_file(format_file)
        meta, problems = parse_format_file(text) if text is not None else (None, problems)
        if problems:
            report.problems += [p.located(_display(format_file)) for p in problems]
            continue
        fmt, _ = Format.objects.update_or_create(slug=folder.name, defaults=meta)
        files = without_site_edits(fmt, read_format_folder(folder, report), report, force)
        folders.append((fmt, files))

    index = state.index()
    for fmt, files in folders:
        index.update(file_index(fmt.slug, files))
    to_save = []
    for fmt, files in folders:
        to_save += [(fmt, f) for f in check_files(fmt.slug, files, state, index, report)]
        in_files = {f.slug for f in files} | {
            name.split("/", 1)[1] for name in [*report.skipped, *(
                k.name for k in report.kept_site_edits)] if name.startswith(f"{fmt.slug}/")}
        report.not_in_files += [f"{fmt.slug}/{a.slug}" for a in state.articles
                                if a.format.slug == fmt.slug and a.slug not in in_files]

    for fmt, f in to_save:
        article = Article.objects.filter(format=fmt, slug=f.slug).select_related(
            "current_revision").first()
        name = f"{fmt.slug}/{f.slug}"
        if article and article.current_revision and \
                source_of(article.current_revision).content() == f.source.content():
            report.unchanged.append(name)
            continue
        article = article or Article(format=fmt, slug=f.slug, title=f.source.title)
        revision = record_revision(article, f.source, comment="Loaded from the bundled rules",
                                   origin=Revision.FILE)
        (report.updated if revision.number > 1 else report.created).append(
            f"{name} (revision {revision.number})")
    if report.changed:
        state = SiteState.load()
        refresh(state.articles, state)
        changed = {name.split("/", 1)[0] for name in report.created + report.updated}
        send_robustly(rules_loaded, formats=sorted(changed), user=None)
    return report


def export_content(root):
    """Write every format and the current revision of every article as files under `root`."""
    root = Path(root)
    written = []
    for fmt in Format.objects.all():
        folder = root / fmt.slug
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / FORMAT_FILE
        path.write_text(dump_format(fmt.name, fmt.order, fmt.summary), encoding="utf-8")
        written.append(path)
        for article in fmt.articles.select_related("current_revision").exclude(
                current_revision=None):
            path = folder / f"{article.slug}.md"
            path.write_text(dump_article(source_of(article.current_revision)), encoding="utf-8")
            written.append(path)
    return written
