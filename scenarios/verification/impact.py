"""What an article edit does to the scenarios: found before saving, re-verified after (the
re-verification runs as a job: scenarios/verification/jobs).

A scenario depends on an article when its replay read one of the parameters the
edit changes, or when its rule trace (or the rule and example it illustrates)
cites an anchor of the article. Replays are deterministic and read numbers only
from the parameters, so that set is exact: no other scenario can change.
"""
from dataclasses import dataclass, field

from rulings.knowledge.rendering.params import changed as changed_parameters

from .models import Scenario, VerificationRun
from .registries import difference_words
from .article_parameters import parameters_for
from .question_counts import published_questions
from .sync import record
from .verifier import PASSING, Report, Verifier


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

    @classmethod
    def from_dict(cls, data):
        """The Impact a job stored with `as_dict` (scenarios/verification/jobs)."""
        return cls(**{name: data[name] for name in (
            "affected", "passing", "failing", "still_failing", "fixed", "questions_withdrawn")})


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


def draft_parameters_of(article, draft_source):
    """(current, draft): the format's parameters now and with the draft's in place."""
    fmt = article.format.slug
    current_own = article.current_revision.parameters if article.current_revision else {}
    current = parameters_for(fmt)
    return current, draft_parameters(fmt, article.slug, current_own, draft_source.parameters,
                                     current)


def preview_impact(article, draft_source, draft_anchors):
    """What the draft would do to the scenarios; save nothing. A draft that changes no
    parameter changes no replay, so it replays nothing (`impact_without_replay`)."""
    current, draft = draft_parameters_of(article, draft_source)
    if not changed_parameters(current, draft):
        return impact_without_replay(article, draft_anchors)
    return impact_between(article, current, draft, draft_anchors)


def impact_between(article, current, draft, draft_anchors, progress=None):
    """Replay every dependent scenario under the `current` and the `draft` parameters.

    `progress(done, total)`, when given, is told after each scenario (a job's progress)."""
    fmt = article.format.slug
    rows = dependents(fmt, article.slug, changed_parameters(current, draft))
    now, then = Verifier({fmt: current}), Verifier({fmt: draft})
    impact = Impact(affected=len(rows))
    for number, row in enumerate(rows, 1):
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
        if progress is not None:
            progress(number, len(rows))
    impact.questions_withdrawn = published_questions([e["slug"] for e in impact.failing])
    return impact


def impact_without_replay(article, draft_anchors):
    """The impact of a draft that changes no parameter: every replay stays what it is, so
    each scenario citing the article keeps its recorded verdict, except those whose rule or
    example anchor the draft removes, which fail. Nothing is replayed."""
    fmt = article.format.slug
    rows = Scenario.objects.filter(format_slug=fmt).only(
        "id", "slug", "title", "status", "rule", "example", "trace", "format_slug",
        "outcome", "differences", "message")
    impact = Impact()
    for row in rows:
        if not cites_article(row, fmt, article.slug):
            continue
        impact.affected += 1
        was_passing = row.status in PASSING
        missing = _missing_anchor(row, None, draft_anchors, fmt, article.slug)
        cards = (row.outcome or {}).get("cards") or {}
        if missing:
            entry = {**_entry(row), "status": row.status, "differences":
                     missing + list(row.differences or []),
                     "message": f"{missing[0]['key']}: {missing[0]['expected']} is removed"}
        else:
            entry = {**_entry(row), "status": row.status, "message": row.message,
                     "differences": list(row.differences or [])}
        if was_passing and not missing:
            impact.passing += 1
            continue
        entry["words"] = [difference_words(d, cards) for d in entry["differences"]
                          if isinstance(d, dict) and "key" in d]
        (impact.failing if was_passing else impact.still_failing).append(entry)
    impact.questions_withdrawn = published_questions([e["slug"] for e in impact.failing])
    return impact


def edit_dependents(article, before, after):
    """The scenarios a saved edit can change: those whose replay read one of the parameters
    it changed (and those citing the article, when it changed any). An edit that changes no
    parameter changes no replay: none."""
    changed = changed_parameters(before.parameters if before else {}, after.parameters)
    if not changed:
        return []
    return dependents(article.format.slug, article.slug, changed)


def replay_rows(rows, progress=None):
    """Replay stored scenarios with the current parameters: a Report of their verdicts.
    `progress(done, total)` is told after each one."""
    verifier, verdicts = Verifier(), []
    for number, row in enumerate(rows, 1):
        verdicts.append(verifier.verify_source(row.source, row.path, record_states=False))
        if progress is not None:
            progress(number, len(rows))
    return Report(verdicts)


def edit_label(article, revision):
    """How a run names the revision it verified: `kingdom-duels/setup r12`."""
    return f"{article.format.slug}/{article.slug} r{revision.number}"


def after_save(article, revision):
    """What saving `revision` did to the scenarios, read from the verification run the save
    recorded: {failing (newly failing scenarios), slugs, questions_withdrawn, url}; while the
    save's re-verification job has not recorded its run yet, {job} (the VerificationJob);
    None when the save touched no scenario."""
    from .job_models import VerificationJob

    label = edit_label(article, revision)
    # The run was recorded by this save a moment ago: among the latest runs of edits.
    run = next((r for r in VerificationRun.objects.filter(
        trigger=VerificationRun.EDIT).only("id", "revisions", "changes")[:50]
        if label in r.revisions), None)
    if run is None:
        job = VerificationJob.objects.filter(kind=VerificationJob.REVERIFY, label=label,
                                             article=article).first()
        return {"job": job} if job is not None else None
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


__all__ = ["Impact", "PASSING", "changed_parameters", "dependents", "edit_dependents",
           "impact_between", "impact_without_replay", "preview_impact", "replay_rows",
           "reverify_formats"]
