"""Rule coverage: which rules of a format's articles the scenarios really test.

A rule (an anchored paragraph or bullet, or an example block) counts as covered only when a
scenario's outcome depends on it:

- a rule the engine has wrong readings of (a hook of the format's ruleset, `Rule.mutations`)
  is covered by the scenarios whose outcome changes when the replay applies one of those
  readings (`deciding.decided_by`); a scenario that merely cites it in its rule trace does not
  count;
- a rule with no wrong reading is covered by a scenario whose replay records it as deciding
  or refusing a step (the engine notes an anchor in a step's trace only when that rule decided
  something or refused the step);
- an example block is covered by the scenario that encodes it, when some wrong reading of a
  rule changes that scenario's outcome (a replay no misreading can change tests nothing).

Which readings decide a scenario is worked out where verdicts are recorded (see `deciding`)
and stored with the scenario, so the pages never replay anything.

A rule no replay can exercise is marked in its format's marks files
(`scenarios/formats/<format>/marks/*.yaml`)
with why: deck construction (a deck-checker test covers it), tournament procedure,
a restatement of another rule (covered there), the anatomy of a printed card, or
the scope of an article (what it covers, which other rules apply).
"""
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from scenarios.engine.rules import counts_agreed
from scenarios.engine.rulesets import RULESETS
from scenarios.formats import format_for

from .deciding import deciding_anchors

WHY = {
    "deck-construction": "a rule of deck building, checked by the deck checker",
    "procedure": "tournament or table procedure, not a game action",
    "restates": "restates another rule, which a scenario exercises",
    "card-anatomy": "describes how a printed card is laid out",
    "scope": "background: what an article or the format covers, where its rules come from, "
             "how they are numbered or which other rules apply; it rules on no situation",
}


@dataclass(frozen=True)
class Mark:
    why: str
    reason: str
    see: str = ""  # restates: the anchor ("article#anchor") it restates
    test: str = ""  # deck-construction: the test that checks it ("path::test_name")

    @property
    def summary(self):
        return WHY.get(self.why, self.why)


@dataclass
class AnchorCoverage:
    anchor: str  # "format/article#anchor"
    article: str
    label: str
    url: str
    kind: str = "rule"  # rule, example or heading
    scenarios: list = field(default_factory=list)  # [(slug, title)]
    mark: Mark | None = None

    @property
    def covered(self):
        return bool(self.scenarios)


@dataclass
class Coverage:
    format_slug: str
    anchors: list

    @property
    def rules(self):
        """The anchors that state something a judge rules on: rules and example blocks."""
        return [e for e in self.anchors if e.kind != "heading"]

    @property
    def uncovered(self):
        return [e for e in self.rules if not e.scenarios and e.mark is None]

    @property
    def marked(self):
        return [e for e in self.rules if not e.scenarios and e.mark is not None]

    @property
    def covered_count(self):
        return sum(1 for e in self.rules if e.scenarios)

    def as_dict(self):
        return {"format": self.format_slug, "total": len(self.rules),
                "covered": self.covered_count, "marked": len(self.marked),
                "anchors": [{"anchor": e.anchor, "article": e.article, "kind": e.kind,
                             "scenarios": [slug for slug, _ in e.scenarios],
                             "not_replayable": None if e.mark is None else {
                                 "why": e.mark.why, "reason": e.mark.reason}}
                            for e in self.anchors],
                "uncovered": [e.anchor for e in self.uncovered]}


class MarksError(ValueError):
    pass


def load_marks(format_slug, folder=None):
    """{"article#anchor": Mark} for a format: its own marks files (each format's package holds
    them, scenarios/formats/<format>/marks/), or, given a folder, `<format>.yaml` and any
    `<format>.<part>.yaml` there; a malformed file raises MarksError naming it."""
    if folder is None:
        fmt = format_for(format_slug)
        paths = list(fmt.marks_files) if fmt is not None else []
    else:
        folder = Path(folder)
        paths = [folder / f"{format_slug}.yaml", *sorted(folder.glob(f"{format_slug}.*.yaml"))]
    marks = {}
    for path in paths:
        if path.exists():
            marks.update(_marks_in(path))
    return marks


def _marks_in(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise MarksError(f"{path}: a mapping of 'article#anchor' to {{why, reason}}")
    marks = {}
    for key, entry in data.items():
        if not isinstance(entry, dict) or entry.get("why") not in WHY or \
                not isinstance(entry.get("reason"), str) or not entry["reason"].strip():
            raise MarksError(f"{path}: {key}: needs why (one of {', '.join(WHY)}) and a reason")
        if entry["why"] == "restates" and not entry.get("see"):
            raise MarksError(f"{path}: {key}: a restatement names the rule it restates (see:)")
        if entry["why"] == "deck-construction" and not entry.get("test"):
            raise MarksError(f"{path}: {key}: name the deck-checker test that covers it (test:)")
        marks[str(key)] = Mark(entry["why"], entry["reason"].strip(), str(entry.get("see", "")),
                               str(entry.get("test", "")))
    return marks


def kind_of(anchor, label):
    if anchor.startswith("example-"):
        return "example"
    return "rule" if label == "" else "heading"


def exercising(format_slug, scenarios):
    """{full anchor: [(slug, title)]}: the scenarios that test each rule of the format, by the
    definition above, from [(slug, title, example, trace, decided_by)] of its scenarios."""
    book = RULESETS[format_slug].RULES if format_slug in RULESETS else {}
    misreadable = {rule.anchor for rule in book.values() if rule.mutations}
    found = {}
    for slug, title, example, trace, readings in scenarios:
        anchors = deciding_anchors(readings, book)
        anchors += [a for a in trace if a not in misreadable]  # rules with no wrong reading
        if example and readings:
            anchors.append(example)
        for anchor in dict.fromkeys(anchors):
            found.setdefault(anchor, []).append((slug, title))
    return found


def build(format_slug, articles, citing, marks):
    """Coverage from articles [(slug, url, {anchor: label}[, title, {anchor: text}, params])],
    the scenarios that test each rule {full anchor: [(slug, title)]} (`exercising`) and marks. A rule is named by its own words (the
    start of its paragraph) and its article by its title, where they are given."""
    entries = []
    for article_slug, url, anchors, *more in articles:
        title, texts, params = (more + [None, None, None])[:3]
        for anchor, label in anchors.items():
            key = f"{format_slug}/{article_slug}#{anchor}"
            named = label or rule_words((texts or {}).get(anchor), params) or \
                anchor.replace("-", " ").capitalize()
            entries.append(AnchorCoverage(
                key, title or article_slug, named,
                f"{url}#{anchor}", kind_of(anchor, label), citing.get(key, []),
                marks.get(f"{article_slug}#{anchor}")))
    return Coverage(format_slug, entries)


def _parameter_value(parameters, path):
    from rulings.knowledge.rendering.params import UnknownParameter, format_value, lookup

    try:
        return format_value(lookup(parameters or {}, path))
    except UnknownParameter:
        return "…"


def rule_words(text, parameters=None, limit=140):
    """A rule's paragraph as a short label: its first sentence, without markup."""
    if not text:
        return ""
    plain = re.sub(r"\[\[([^\]|]+\|)?([^\]]+)\]\]", r"\2", str(text))  # [[slug|words]]
    plain = re.sub(r"\{\{\s*([\w.]+)\s*\}\}",
                   lambda m: _parameter_value(parameters, m.group(1)), plain)
    plain = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", plain)  # [words](address)
    plain = counts_agreed(re.sub(r"[*_`]", "", " ".join(plain.split())))
    sentence = re.split(r"(?<=[.!?])\s", plain, maxsplit=1)[0]
    return sentence if len(sentence) <= limit else sentence[:limit - 1].rsplit(" ", 1)[0] + "…"


def coverage(format_obj):
    """Every anchor of the format's current articles, with the scenarios that test it (read
    from what the last verification stored: no replay here)."""
    from rulings.knowledge.models import Article

    from .models import Scenario

    citing = exercising(format_obj.slug, Scenario.objects.filter(
        format_slug=format_obj.slug, status=Scenario.PASSED).values_list("slug", "title", "example", "trace",
                                                 "decided_by"))
    from rulings.knowledge.rendering import anchors as anchor_scan

    articles = []
    for a in Article.objects.filter(format=format_obj).exclude(current_revision=None) \
            .select_related("current_revision", "format").order_by("order", "slug"):
        scanned, _ = anchor_scan.scan(a.current_revision.body)
        articles.append((a.slug, a.get_absolute_url(), a.current_revision.anchors, a.title,
                         {found.anchor: found.label for found in scanned},
                         a.current_revision.parameters))
    return build(format_obj.slug, articles, citing, load_marks(format_obj.slug))
