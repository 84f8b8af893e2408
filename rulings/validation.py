"""Checks an article's source against the rest of its format before it is saved.

Pure: the caller passes what the rest of the site holds, so the loader (many
files at once) and the editor (one form) share the same rules.
"""
from dataclasses import dataclass, field

from scenarios.engine.parameters import check_parameters, declarations
from scenarios.engine.rulesets import ruleset_for

from .problems import WARNING, Problem
from .rendering import anchors, links, params
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


def check_rule_parameters(values, article_slug, context):
    """Errors for parameters the format's ruleset reads: a value of the wrong shape, or one
    this article used to define and the draft drops. Each names its parameter."""
    ruleset = ruleset_for(context.format_slug)
    if ruleset is None or not isinstance(values, dict):
        return []
    problems = [Problem(message, f"parameters.{name}")
                for name, message in check_parameters(ruleset, values, require_all=False)]
    declared = declarations(ruleset)
    for name, owner in context.parameter_owners.items():
        if owner == article_slug and name in declared and name not in values:
            spec = declared[name]
            problems.append(Problem(
                f"{name} is missing: the {context.format_slug} rules engine reads it "
                f"({', '.join(spec.anchors)}); keep it with a new value", f"parameters.{name}"))
    return problems


def check_article(source, article_slug, context):
    """Every problem with `source` as article `article_slug`; errors block the save."""
    found, problems = anchors.scan(source.body)
    own = anchor_labels(found)

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
        if term["anchor"] not in own:
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
