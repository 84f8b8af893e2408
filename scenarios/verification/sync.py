"""Keeping the Scenario rows in step with their verdicts, and recording verification runs.

Recording is done in bulk (a handful of queries for any number of scenarios) so
that `verify` and `load_scenarios` cost little more than the replays themselves.

Files never overwrite nor delete what was written on the site: a scenario whose latest
revision was written there keeps its text when a file of the same slug is loaded
(`keep_site_edits`, unless forced), and pruning removes only scenarios that came from
files alone.
"""
from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils import timezone

from rulings.knowledge.contention import retrying
from rulings.knowledge.loading import KeptEdit
from rulings.knowledge.models import Article, Example, Format

from . import card_uses
from .deciding import decided_by
from .models import Scenario, ScenarioCard, ScenarioRevision, VerificationRun
from .signals import verdicts_recorded

VERDICT_FIELDS = ["status", "message", "ms", "verified_at", "fingerprint", "params_read",
                  "trace", "decided_by", "outcome", "differences"]
SOURCE_FIELDS = ["format", "format_slug", "path", "title", "narrative", "rule", "example",
                 "article", "example_block", "source", "expected"]


class Links:
    """Articles and example blocks by citation, read once for a batch."""

    def __init__(self):
        self.formats = {f.slug: f for f in Format.objects.all()}
        self.articles = {(a.format.slug, a.slug): a
                         for a in Article.objects.select_related("format")}
        self.examples = {(e.article_id, e.anchor): e for e in Example.objects.all()}

    def article(self, anchor):
        format_slug, _, rest = anchor.partition("/")
        return self.articles.get((format_slug, rest.partition("#")[0]))

    def example(self, anchor):
        article = self.article(anchor) if anchor else None
        return self.examples.get((article.pk, anchor.partition("#")[2])) if article else None


def current_revisions(format_slugs):
    """The article revisions verdicts of these formats were computed against, as text."""
    articles = Article.objects.filter(format__slug__in=set(format_slugs)).exclude(
        current_revision=None).select_related("format", "current_revision")
    return [f"{a.format.slug}/{a.slug} r{a.current_revision.number}" for a in articles]


def _verdict_values(verdict, now):
    replay = verdict.replay
    return {"status": verdict.status, "message": verdict.message, "ms": verdict.ms,
            "verified_at": now, "fingerprint": verdict.fingerprint,
            "params_read": replay.params_read if replay else [],
            "trace": replay.rules if replay else [],
            "decided_by": verdict.decided_by if verdict.decided_by is not None
            else decided_by(verdict),
            "outcome": replay.outcome.as_dict() if replay and replay.outcome else None,
            "differences": verdict.differences}


def _source_values(verdict, links):
    scenario = verdict.scenario
    return {"format": links.formats.get(scenario.format), "format_slug": scenario.format,
            "path": verdict.path, "title": scenario.title, "narrative": scenario.narrative,
            "rule": scenario.rule, "example": scenario.example or "",
            "article": links.article(scenario.rule), "example_block": links.example(scenario.example),
            "source": scenario.source, "expected": scenario.expect}


def _update_rows(rows, fields):
    """One UPDATE statement run for every row (Django's bulk_update builds a CASE per value,
    which costs more than the replays it records)."""
    if not rows:
        return
    rows = sorted(rows, key=lambda row: row.pk)  # rows lock in one order on every writer
    meta = Scenario._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    sql = (f"UPDATE {quote(meta.db_table)} SET "
           + ", ".join(f"{quote(c.column)} = %s" for c in columns)
           + f" WHERE {quote(meta.pk.column)} = %s")
    values = [[c.get_db_prep_save(getattr(row, c.attname), connection) for c in columns] + [row.pk]
              for row in rows]
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)


def _new_revisions(rows, author, comment, origin):
    """A ScenarioRevision for each row whose text changed, numbered after its last one."""
    if not rows:
        return
    last = dict(ScenarioRevision.objects.filter(scenario__in=rows).values(
        "scenario_id").annotate(n=Max("number")).values_list("scenario_id", "n"))
    ScenarioRevision.objects.bulk_create(
        ScenarioRevision(scenario=row, number=last.get(row.pk, 0) + 1, source=row.source,
                         author=author if author is not None and author.is_authenticated
                         else None, comment=(comment or f"Loaded from {row.path}")[:300],
                         origin=origin)
        for row in rows)


class ScenarioExists(Exception):
    """A scenario was being created under a slug another one already has."""

    def __init__(self, slug):
        super().__init__(f"a scenario '{slug}' already exists")
        self.slug = slug


def _too_long(values):
    """The first text too long for its column, as a sentence, or None."""
    for name, value in values.items():
        limit = getattr(Scenario._meta.get_field(name), "max_length", None) \
            if name in TEXT_FIELDS else None
        if limit and isinstance(value, str) and len(value) > limit:
            return f"{name} is {len(value)} characters long; at most {limit}"
    return None


TEXT_FIELDS = {"slug", "format_slug", "path", "title", "rule", "example", "status",
               "fingerprint"}


def _storable(verdict):
    """The verdict, or an invalid one saying which text the site cannot keep: one file with
    a 301-character title fails alone, never the whole load."""
    from .verifier import Verdict

    scenario = verdict.scenario
    values = {"slug": verdict.slug, "path": verdict.path}
    if scenario is not None:
        values.update(title=scenario.title, rule=scenario.rule, example=scenario.example or "",
                      format_slug=scenario.format)
    problem = _too_long(values)
    if problem is None:
        return verdict
    return Verdict(verdict.slug[:120], verdict.format[:50], "invalid", verdict.ms,
                   f"{verdict.path[-200:]}: {problem}", verdict.path[-300:])


def record(report, *args, **kwargs):
    """Store each verdict and log the run (`_record`), once the wrong readings that decide each
    passing scenario are known: they take replays, done before the transaction so that it
    holds its locks no longer than the writes."""
    for verdict in report.verdicts:
        if verdict.decided_by is None:
            verdict.decided_by = decided_by(verdict)
    return _record(report, *args, **kwargs)


@retrying
@transaction.atomic
def _record(report, trigger=VerificationRun.CLI, user=None, revisions=None, prune=False,
           sources=True, comment="", origin=ScenarioRevision.FILE, create=False, notify=True):
    """Store each verdict (and, with `sources`, each scenario's text and links) and log the run.

    A scenario whose text is new or changed gets a new revision, marked as loaded from a
    file or written on the site (`origin`). Returns the VerificationRun. Verdicts of files
    that failed to parse keep the scenario's last good source and links. With `create`, a
    verdict's scenario must be new: ScenarioExists is raised for a slug already taken (also
    when another writer takes it at the same moment), and nothing is written. `prune` deletes
    the scenarios not in the report that came from files alone. With `notify` (the default)
    `verdicts_recorded` is sent in the transaction (the quiz bank follows); a job that
    rebuilds the questions on its own (scenarios/verification/jobs) passes False.
    """
    report.verdicts = [_storable(v) for v in report.verdicts]
    now = timezone.now()
    links = Links() if sources else None
    existing = {s.slug: s for s in Scenario.objects.only("id", "slug", "status", "source").filter(
        slug__in=[v.slug for v in report.verdicts])}
    changed_text = []
    before = {slug: row.status for slug, row in existing.items()}
    to_create, to_update, fields = [], [], set(VERDICT_FIELDS)
    named = []  # (row, the catalog cards its source names), for the rows whose text is written
    for verdict in report.verdicts:
        values = _verdict_values(verdict, now)
        if verdict.scenario is not None and sources:
            values.update(_source_values(verdict, links))
            fields.update(SOURCE_FIELDS)
        row = existing.get(verdict.slug)
        if create and row is not None:
            raise ScenarioExists(verdict.slug)
        if row is None:
            if verdict.scenario is None:
                continue  # an unparsable file with no earlier good version: nothing to show
            row = Scenario(slug=verdict.slug, **values)
            to_create.append(row)
            changed_text.append(row)
        else:
            if "source" in values and values["source"] != row.source:
                changed_text.append(row)
            for name, value in values.items():
                setattr(row, name, value)
            to_update.append(row)
        if verdict.scenario is not None and sources:
            named.append((row, card_uses.names_of(verdict.scenario)))
    try:
        with transaction.atomic():
            Scenario.objects.bulk_create(to_create)
    except IntegrityError:
        if create:  # another writer created the same slug between our read and our write
            raise ScenarioExists(to_create[0].slug) from None
        raise
    _update_rows(to_update, sorted(fields))
    card_uses.store(named, ScenarioCard)
    _new_revisions(changed_text, user, comment, origin)
    if prune:
        Scenario.objects.exclude(slug__in={v.slug for v in report.verdicts}).exclude(
            revisions__origin=ScenarioRevision.SITE).delete()
    changes = [{"slug": v.slug, "before": before.get(v.slug), "after": v.status}
               for v in report.verdicts if before.get(v.slug) != v.status]
    data = report.as_dict()
    if revisions is None:
        revisions = current_revisions(v.format for v in report.verdicts)
    run = VerificationRun.objects.create(
        trigger=trigger, user=user if user is not None and user.is_authenticated else None,
        revisions=list(revisions), total=data["total"], passed=data["passed"],
        failed=data["failed"], invalid=data["invalid"], changes=changes)
    if notify:
        verdicts_recorded.send(sender=VerificationRun, slugs=[v.slug for v in report.verdicts],
                               run=run)
    return run


def latest_revisions(scenario_ids):
    """{scenario id: its latest ScenarioRevision}."""
    latest = {}
    for revision in ScenarioRevision.objects.filter(scenario_id__in=list(scenario_ids)) \
            .select_related("author").order_by("scenario_id", "number"):
        latest[revision.scenario_id] = revision
    return latest


def keep_site_edits(report, verifier, force=False):
    """Before file verdicts are recorded: each one that would overwrite a scenario whose
    latest revision was written on the site becomes the verdict of the site's own text (so
    its verdict is still brought up to date). Returns the KeptEdits, for the command to list.
    """
    if force:
        return []
    rows = {s.slug: s for s in Scenario.objects.filter(
        slug__in=[v.slug for v in report.verdicts]).only("id", "slug", "source", "path")}
    latest = latest_revisions(row.pk for row in rows.values())
    kept = []
    for index, verdict in enumerate(report.verdicts):
        row = rows.get(verdict.slug)
        revision = latest.get(row.pk) if row is not None else None
        if revision is None or revision.origin != ScenarioRevision.SITE:
            continue
        if verdict.scenario is not None and verdict.scenario.source == row.source:
            continue
        report.verdicts[index] = verifier.verify_source(row.source, row.path)
        kept.append(KeptEdit(row.slug, revision))
    return kept


def site_only_verdicts(report, verifier):
    """Verdicts for the scenarios written on the site that no loaded file holds: a load
    brings their verdicts up to date too (after an upgrade of the engine, say)."""
    in_report = {v.slug for v in report.verdicts}
    rows = Scenario.objects.exclude(slug__in=in_report).filter(
        revisions__origin=ScenarioRevision.SITE).distinct().only("slug", "source", "path")
    return [verifier.verify_source(row.source, row.path) for row in rows]
