"""What an article edit does to the scenarios: found before saving, re-verified after.

A scenario depends on an article when its replay read one of the parameters the
edit changes, or when its rule trace (or the rule and example it illustrates)
cites an anchor of the article. Replays are deterministic and read numbers only
from the parameters, so that set is exact: no other scenario can change.
"""
from dataclasses import dataclass, field

from .models import Scenario, VerificationRun
from .registries import difference_words
from .article_parameters import parameters_for
from .question_counts import published_questions
from .sync import record
from .verifier import PASSING, Report, Verifier


def changed_parameters(before, after):
    """Names whose value differs between two parameter mappings (added and removed too)."""
    return {name for name in set(before) | set(after) if before.get(name) != after.get(name)}


def draft_parameters(format_slug, article_slug, current_own, draft_own, current=None):
    """The format's parameters as they would be with the article's own replaced by the draft."""
    merged = dict(current if current is not None else parameters_for(format_slug))
    for name in current_own:
        merged.pop(name, None)
    merged.update(draft_own)
    return merged


def cites_article(scenario, format_slug, article_slug):
    prefix = f"{format_slug}/{article_slug}#"
    return any(anchor.startswith(prefix)
               for anchor in (*scenario.trace, scenario.rule, scenario.example or ""))


def dependents(format_slug, article_slug, changed):
    """The scenario rows that depend on the article through `changed` parameters or anchors."""
    rows = Scenario.objects.filter(format_slug=format_slug).only(
        "id", "slug", "title", "status", "source", "path", "rule", "example", "trace",
        "params_read", "format_slug")
    return [row for row in rows
            if changed & set(row.params_read) or cites_article(row, format_slug, article_slug)]


@dataclass
class Impact:
    """Before/after verdicts of the scenarios an edit touches."""

    affected: int = 0
    passing: int = 0
    failing: list = field(default_factory=list)  # newly failing: [{slug, title, differences}]
    still_failing: list = field(default_factory=list)
    fixed: list = field(default_factory=list)  # newly passing: [{slug, title}]
    # Published quiz questions of the newly failing scenarios: withdrawn if the edit is saved.
    questions_withdrawn: int = 0

    def as_dict(self):
        return {"affected": self.affected, "passing": self.passing, "failing": self.failing,
                "still_failing": self.still_failing, "fixed": self.fixed,
                "questions_withdrawn": self.questions_withdrawn}


def _entry(row, verdict=None):
    data = {"slug": row.slug, "title": row.title, "url": row.get_absolute_url()}
    if verdict is not None:
        data["status"] = verdict.status
        data["message"] = verdict.message
        data["differences"] = verdict.differences
    return data


def _with_words(entry, verdict):
    """The entry's differences in words too (`words`), as the impact table shows them."""
    outcome = verdict.replay.outcome if verdict.replay is not None else None
    cards = outcome.get("cards") if outcome is not None else {}
    entry["words"] = [difference_words(d, cards) for d in entry.get("differences", [])]
    return entry


def _missing_anchor(row, verdict, anchors, format_slug, article_slug):
    """A scenario whose rule or example anchor the draft removes fails, whatever its replay."""
    prefix = f"{format_slug}/{article_slug}#"
    gone = [a for a in (row.rule, row.example) if a and a.startswith(prefix)
            and a[len(prefix):] not in anchors]
    return [{"key": "rule" if a == row.rule else "example", "expected": a, "got": None,
             "detail": "the draft removes this anchor"} for a in gone]


def preview_impact(article, draft_source, draft_anchors):
    """Replay every dependent scenario under the current and the draft parameters; save nothing."""
    fmt = article.format.slug
    current_own = article.current_revision.parameters if article.current_revision else {}
    current = parameters_for(fmt)
    draft = draft_parameters(fmt, article.slug, current_own, draft_source.parameters, current)
    rows = dependents(fmt, article.slug, changed_parameters(current, draft))
    now, then = Verifier({fmt: current}), Verifier({fmt: draft})
    impact = Impact(affected=len(rows))
    for row in rows:
        before = now.verify_source(row.source, row.path, record_states=False)
        after = then.verify_source(row.source, row.path, record_states=False)
        missing = _missing_anchor(row, after, draft_anchors, fmt, article.slug)
        passes = after.passing and not missing
        entry = _entry(row, after)
        if missing:
            entry["differences"] = missing + entry["differences"]
            entry["message"] = f"{missing[0]['key']}: {missing[0]['expected']} is removed"
        if passes and before.passing:
            impact.passing += 1
        elif passes:
            impact.fixed.append(_entry(row))
        elif before.passing:
            impact.failing.append(_with_words(entry, after))
        else:
            impact.still_failing.append(_with_words(entry, after))
    impact.questions_withdrawn = published_questions([e["slug"] for e in impact.failing])
    return impact


def reverify_after_edit(article, before, after, user=None):
    """Re-verify the scenarios an edit touched, record their verdicts and log the run."""
    fmt = article.format.slug
    changed = changed_parameters(before.parameters if before else {}, after.parameters)
    rows = dependents(fmt, article.slug, changed)
    verifier = Verifier()
    report = Report([verifier.verify_source(row.source, row.path, record_states=False)
                     for row in rows])
    return record(report, trigger=VerificationRun.EDIT, user=user,
                  revisions=[f"{fmt}/{article.slug} r{after.number}"], sources=True)


def after_save(article, revision):
    """What saving `revision` did to the scenarios, read from the verification run the save
    recorded: {failing (newly failing scenarios), slugs, questions_withdrawn, url}, or None
    when the save touched no scenario."""
    label = f"{article.format.slug}/{article.slug} r{revision.number}"
    # The run was recorded by this save a moment ago: among the latest runs of edits.
    run = next((r for r in VerificationRun.objects.filter(
        trigger=VerificationRun.EDIT).only("id", "revisions", "changes")[:50]
        if label in r.revisions), None)
    if run is None:
        return None
    slugs = [c["slug"] for c in run.changes
             if c.get("before") in PASSING and c.get("after") not in PASSING]
    return {"failing": len(slugs), "slugs": slugs, "url": run.get_absolute_url(),
            "questions_withdrawn": published_questions(slugs, active=False)}


def reverify_formats(format_slugs, trigger, user=None):
    """Re-verify every stored scenario of some formats (after loading rules) and log the run."""
    rows = Scenario.objects.filter(format_slug__in=set(format_slugs)).only(
        "id", "slug", "source", "path")
    if not rows:
        return None
    verifier = Verifier()
    report = Report([verifier.verify_source(row.source, row.path, record_states=False)
                     for row in rows])
    return record(report, trigger=trigger, user=user)


__all__ = ["Impact", "PASSING", "changed_parameters", "dependents", "preview_impact",
           "reverify_after_edit", "reverify_formats"]
