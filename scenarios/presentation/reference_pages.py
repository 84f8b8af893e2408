"""The scenario reference as pages: an index with what every format shares (scenario fields,
scenario cards, the reason codes of the core rules every format inherits), and one page per
format with its steps (each with an example from a bundled scenario), fields, expectations,
its own reason codes, and the shared codes it also raises under rules of its own.

A rule is linked by its one-sentence summary (the engine's `Rule.summary`), never by its raw
anchor. Everything comes from `scenarios/engine/reference.py` and the scenario files."""
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError

from rulings.knowledge.models import Format
from scenarios.engine.priority_table import priority_tables
from scenarios.engine.reference import flow, reference
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.yamlsource import safe_load
from scenarios.verification.article_parameters import bundled_parameters, parameters_for
from .templatetags.scenario_tags import rule_url


def named_reference():
    """The engine's reference, each format with its name (its slug when the site has no such
    format yet)."""
    data = reference()
    try:
        names = dict(Format.objects.values_list("slug", "name"))
    except DatabaseError:  # a terminal with no database set up yet
        names = {}
    for fmt in data["formats"]:
        fmt["name"] = names.get(fmt["slug"], fmt["slug"])
    return data


@lru_cache(maxsize=1)
def _priority():
    return priority_tables(bundled_parameters)


def priority():
    """Who passes priority in what order, per mode, as the engine plays it out with the bundled
    rule parameters (computed once per process)."""
    import copy

    return copy.deepcopy(_priority())


def teams_words(table):
    """`X: A and B; Y: C and D`: a priority table's teams in words, or "" with none."""
    teams = {}
    for player, team in table["teams"].items():
        if team is not None:
            teams.setdefault(team, []).append(player)
    return "; ".join(f"{team}: {' and '.join(players)}" for team, players in teams.items())


def priority_page(format_slug=None):
    """The priority tables (one format's, or all) with their teams in words, for the pages."""
    return [{**table, "teams_words": teams_words(table)} for table in priority()
            if format_slug in (None, table["format"])]


def shared_codes(data):
    """{code: entry} of the codes every format knows, as the first format (core) states them."""
    formats = data["formats"]
    common = set.intersection(*({c["code"] for c in f["reason_codes"]} for f in formats))
    return {c["code"]: c for c in formats[0]["reason_codes"] if c["code"] in common}


def summaries(format_slug):
    """{anchor: the rule in one sentence} for every rule any ruleset declares, the format's own
    wording (with its parameters filled in) first."""
    params = parameters_for(format_slug) if format_slug else {}
    found = {}
    own = RULESETS.get(format_slug)
    for ruleset in ([own] if own else []) + list(RULESETS.values()):
        for rule in getattr(ruleset, "RULES", {}).values():
            found.setdefault(rule.anchor, rule.describe(params))
    return found


def anchor_words(anchor):
    """The fallback title of a rule no ruleset summarises: its anchor in words."""
    return anchor.partition("#")[2].replace("-", " ").capitalize()


def rule_links(anchors, words):
    """[{url, title}] for rule anchors, titled by their summaries."""
    return [{"url": rule_url(a), "title": words.get(a) or anchor_words(a)} for a in anchors]


@lru_cache(maxsize=8)
def _examples(folder):
    """{format slug: {verb: (step as written, scenario slug, title)}}: for each verb, the first
    bundled scenario (by file name) that uses it, a step that is not refused if there is one."""
    found, refused = {}, {}
    for path in sorted(Path(folder).glob("*/*.yaml")):
        try:
            data = safe_load(path.read_text(encoding="utf-8"))
        except Exception:  # noqa: BLE001 - a broken file is verify's to report, not this page's
            continue
        if not isinstance(data, dict) or not isinstance(data.get("steps"), list):
            continue
        slug = str(data.get("format", path.parent.name))
        for step in data["steps"]:
            if not isinstance(step, dict):
                continue
            kept = refused if "illegal" in step else found
            for verb in step:
                if verb in ("player", "illegal") or verb in kept.get(slug, {}):
                    continue
                kept.setdefault(slug, {})[verb] = (
                    "- " + flow(step), str(data.get("slug", path.stem)), str(data.get("title", "")))
    return {slug: {**refused.get(slug, {}), **found.get(slug, {})}
            for slug in set(found) | set(refused)}


def step_examples(format_slug):
    """{verb: example} for a format: its own scenarios' first, then core's (inherited verbs),
    then any format's (a step is written the same way in every format)."""
    examples = _examples(str(settings.SCENARIOS_DIR))
    merged = {}
    for slug in sorted(examples, reverse=True):
        merged.update(examples[slug])
    return {**merged, **examples.get("core", {}), **examples.get(format_slug, {})}


def format_page(data, format_slug):
    """What the page of one format shows, or None for a format the engine does not know."""
    fmt = next((f for f in data["formats"] if f["slug"] == format_slug), None)
    if fmt is None:
        return None
    words = summaries(format_slug)
    shared = shared_codes(data)
    examples = step_examples(format_slug)
    for step in fmt["steps"]:
        example = examples.get(step["verb"])
        step["example"] = dict(zip(("text", "scenario", "title"), example)) if example else None
    own, extra = [], []
    for entry in fmt["reason_codes"]:
        if entry["code"] in shared:
            added = [a for a in entry["anchors"] if a not in shared[entry["code"]]["anchors"]]
            if added:
                extra.append({"code": entry["code"], "rules": rule_links(added, words)})
        else:
            own.append({**entry, "rules": rule_links(entry["anchors"], words)})
    return {**fmt, "own_codes": own, "shared_extra": extra, "shared_codes": sorted(shared)}


def index_page(data):
    """What the index shows: the formats, and the shared codes with their rules."""
    words = summaries("core")
    return {**data, "shared_codes": [{**entry, "rules": rule_links(entry["anchors"], words)}
                                     for entry in shared_codes(data).values()]}
