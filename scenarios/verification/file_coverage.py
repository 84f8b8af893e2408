"""Rule coverage computed from the bundled files alone (no database): the articles under
rulings/content/, the scenarios under scenarios/data/, each format's marks
(scenarios/formats/<format>/marks/).

`manage.py coverage` prints it, and the test suite holds every rule covered or marked.
"""
from pathlib import Path

from django.conf import settings

from rulings.knowledge.articlefile import parse_article
from rulings.knowledge.rendering import anchors as anchor_scan

from .deciding import decided_by
from .rule_coverage import build, exercising, load_marks
from .verifier import Verifier


def article_anchors(format_slug, content=None):
    """[(article slug, url, {anchor: label}, {anchor: text})] from a format's article files."""
    folder = Path(content or settings.RULES_CONTENT_DIR) / format_slug
    found = []
    for path in sorted(folder.glob("*.md")):
        if path.name.lower() == "readme.md":
            continue
        source, _ = parse_article(path.read_text(encoding="utf-8"))
        if source is None:
            continue
        scanned, _ = anchor_scan.scan(source.body)
        labels = {a.anchor: (a.label if a.kind != anchor_scan.RULE else "") for a in scanned}
        texts = {a.anchor: a.label for a in scanned}
        found.append((path.stem, f"/rules/{format_slug}/{path.stem}/", labels, texts))
    return found


def citations(format_slug, report=None):
    """{full anchor: [(slug, title)]}: the scenarios that test each rule (`exercising`), from
    replaying the format's bundled scenarios and, where they pass, their wrong readings."""
    report = report or Verifier().verify(format_slug=format_slug)
    return exercising(format_slug, [
        (v.scenario.slug, v.scenario.title, v.scenario.example, v.replay.rules, decided_by(v))
        for v in report.verdicts if v.status == "passed" and v.format == format_slug])


def file_coverage(format_slug, report=None):
    """(Coverage, {anchor: text}) for one format, from the files."""
    articles = article_anchors(format_slug)
    texts = {f"{format_slug}/{slug}#{a}": t for slug, _, _, ts in articles for a, t in ts.items()}
    coverage = build(format_slug, [(s, u, labels) for s, u, labels, _ in articles],
                     citations(format_slug, report), load_marks(format_slug))
    return coverage, texts


def mark_problems(coverage):
    """Marks that point nowhere: an unknown anchor, a restatement of an uncovered rule, a
    deck-construction rule whose test does not exist."""
    known = {e.anchor.split("/", 1)[1]: e for e in coverage.anchors}
    problems = []
    for key, mark in load_marks(coverage.format_slug).items():
        if key not in known:
            problems.append(f"{coverage.format_slug}: marked anchor {key} is not in the articles")
            continue
        if mark.why == "restates":
            target = known.get(mark.see)
            if target is None or not target.scenarios:
                problems.append(f"{coverage.format_slug}: {key} restates {mark.see}, which no "
                                f"scenario exercises")
        if mark.why == "deck-construction":
            path, _, name = mark.test.partition("::")
            test_file = Path(settings.BASE_DIR) / path
            if not name or not test_file.exists() or f"def {name}(" not in test_file.read_text():
                problems.append(f"{coverage.format_slug}: {key}: test {mark.test} not found")
    return problems
