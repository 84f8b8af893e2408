"""Checks an article's source against the rest of its format before it is saved.

Pure: the caller passes what the rest of the site holds, so the loader (many
files at once) and the editor (one form) share the same rules.
"""
from dataclasses import dataclass, field

from scenarios.engine.parameters import check_values
from scenarios.engine.rulesets import ruleset_for

from . import registries
from .articlefile import MAX_ANCHOR_CHARS, MAX_HEADING_CHARS, MAX_TITLE_CHARS
from .problems import WARNING, Problem
from .rendering import anchors, links, params, rendered_ids
from .rendering.links import ArticleEntry, LinkResolver


@dataclass
class FormatContext:
    """What the other articles of a format (and the site) already define."""

    format_slug: str
    parameters: dict = field(default_factory=dict)  # name -> value, whole format
    parameter_owners: dict = field(default_factory=dict)  # name -> article slug
    term_owners: dict = field(default_factory=dict)  # lower-case name -> article slug
    index: dict = field(default_factory=dict)  # (format, slug) -> ArticleEntry


def anchor_labels(found):
    """The anchors a link may point at, with the text a bare link shows for each."""
    return {a.anchor: (a.label if a.kind != anchors.RULE else "") for a in found}


def citable_anchors(body):
    """The anchors of a body that its rendering really carries, and the problems with them.

    An anchor written in the source but lost in rendering (markup the renderer cannot
    place, so `{#anchor}` shows as text) is left out, so a link to it is reported as
    broken, and is itself a warning on the line that writes it.
    """
    found, problems = anchors.scan(body)
    ids = rendered_ids(body)
    kept = [a for a in found if a.anchor in ids]
    problems += [Problem(f"anchor '#{a.anchor}' does not render as an anchor (check the markup "
                         "around it, such as a list's indentation)", "body", a.line,
                         severity=WARNING)
                 for a in found if a.anchor not in ids]
    return kept, problems


def parameter_readers(format_slug):
    """[(who reads them, their Params)]: the format's rules engine, then the other readers the
    apps register (the deck checker: scenarios/decks/deck_parameters.py); a name two read is
    checked once, as the first reader's."""
    readers, seen = [], set()
    ruleset = ruleset_for(format_slug)
    named = [(f"the {format_slug} rules engine", getattr(ruleset, "PARAMETERS", ()))]
    named += [(f"the {format_slug} {what}", specs_for(format_slug))
              for what, specs_for in registries.parameter_readers]
    for reader, specs in named:
        specs = [spec for spec in specs if spec.name not in seen]
        seen.update(spec.name for spec in specs)
        if specs:
            readers.append((reader, specs))
    return readers


def check_rule_parameters(values, article_slug, context):
    """Errors for parameters the format's rules engine or deck checker reads: a value of the
    wrong shape, or one this article used to define and the draft drops. Each names its
    parameter."""
    if not isinstance(values, dict):
        return []
    problems = []
    for reader, specs in parameter_readers(context.format_slug):
        problems += [Problem(message, f"parameters.{name}")
                     for name, message in check_values(specs, values, require_all=False)]
        for spec in specs:
            if context.parameter_owners.get(spec.name) == article_slug and spec.name not in values:
                problems.append(Problem(
                    f"{spec.name} is missing: {reader} reads it ({', '.join(spec.anchors)}); "
                    "keep it with a new value", f"parameters.{spec.name}"))
    return problems


def length_problems(source, written):
    """Texts longer than the site keeps: the title, a heading, an anchor."""
    problems = []
    if len(source.title) > MAX_TITLE_CHARS:
        problems.append(Problem(f"the title is {len(source.title)} characters long; at most "
                                f"{MAX_TITLE_CHARS}", "title"))
    for anchor in written:
        if len(anchor.anchor) > MAX_ANCHOR_CHARS:
            problems.append(Problem(f"anchor '#{anchor.anchor[:40]}…' is {len(anchor.anchor)} "
                                    f"characters long; at most {MAX_ANCHOR_CHARS}", "body",
                                    anchor.line))
        if anchor.kind == anchors.HEADING and len(anchor.label) > MAX_HEADING_CHARS:
            problems.append(Problem(f"a heading is {len(anchor.label)} characters long; at most "
                                    f"{MAX_HEADING_CHARS}", "body", anchor.line))
    return problems


def check_article(source, article_slug, context):
    """Every problem with `source` as article `article_slug`; errors block the save."""
    found, problems = citable_anchors(source.body)
    problems += length_problems(source, anchors.scan(source.body)[0])
    own = anchor_labels(found)
    written = {a.anchor for a in anchors.scan(source.body)[0]}  # a term's anchor: see the warning

    for name in source.parameters:
        owner = context.parameter_owners.get(name)
        if owner not in (None, article_slug):
            problems.append(Problem(
                f"parameter '{name}' is already defined in article '{owner}'", "parameters"))
    merged = {**context.parameters, **source.parameters}
    problems += check_rule_parameters(source.parameters, article_slug, context)
    problems += params.check_references(source.body, merged)

    names_here = set()
    for number, term in enumerate(source.terms, start=1):
        where = f"terms[{number}]"
        if term["anchor"] not in written:
            problems.append(Problem(
                f"anchor '#{term['anchor']}' of term '{term['name']}' is not in this article",
                f"{where}.anchor"))
        for name in (term["name"], *term.get("aliases", [])):
            key = name.lower()
            owner = context.term_owners.get(key)
            if key in names_here or owner not in (None, article_slug):
                problems.append(Problem(
                    f"glossary term '{name}' is already defined"
                    + (f" in article '{owner}'" if owner not in (None, article_slug) else ""),
                    f"{where}.name"))
            names_here.add(key)

    index = {**context.index, (context.format_slug, article_slug): ArticleEntry(source.title, own)}
    resolver = LinkResolver(index, context.format_slug, article_slug)
    for target, text, line in links.scan(source.body):
        link = resolver.resolve(target, text)
        if link.broken:
            problems.append(Problem(f"broken link [[{target}]]: {link.problem}", "body", line,
                                    severity=WARNING))
    return problems
