"""Anchors: the stable ids that rules, sections and examples are cited by.

They are written in the source (`{#anchor}` at the end of a heading, paragraph
or bullet; `::: example {#example-id} Title`), so they can be found by a plain
scan of the text, before any rendering.
"""
import re
from dataclasses import dataclass

from django.utils.text import slugify

from ..problems import Problem

ANCHOR_SYNTAX = r"[a-z0-9][a-z0-9-]*"
TRAILING_ANCHOR_RE = re.compile(rf"\s*\{{#({ANCHOR_SYNTAX})\}}\s*$")
TRAILING_BRACE_RE = re.compile(r"\{#([^}]*)\}\s*$")
EXAMPLE_OPEN_RE = re.compile(r"^:::\s*example\s*(?:\{#([^}]*)\})?\s*(.*?)\s*$")
EXAMPLE_CLOSE_RE = re.compile(r"^:::\s*$")
HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE_RE = re.compile(r"^(```|~~~)")

HEADING = "heading"
RULE = "rule"
EXAMPLE = "example"


@dataclass(frozen=True)
class Anchor:
    anchor: str
    kind: str
    label: str
    line: int
    level: int = 0


def heading_slug(text):
    return slugify(re.sub(r"[*_`\[\]]", "", text)) or "section"


def scan(body):
    """Every anchor in a body, in order, and the problems with them."""
    anchors, problems, seen = [], [], {}
    in_fence = in_example = False
    paragraph_label = ""

    def add(anchor, kind, label, line, level=0):
        if anchor in seen:
            problems.append(Problem(
                f"duplicate anchor '{anchor}' (first used on line {seen[anchor]})", "body", line))
            return
        seen[anchor] = line
        anchors.append(Anchor(anchor, kind, label.strip(), line, level))

    for number, line in enumerate(body.split("\n"), start=1):
        if FENCE_RE.match(line.strip()):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if not line.strip():
            paragraph_label = ""
            continue
        example = EXAMPLE_OPEN_RE.match(line)
        if example:
            if in_example:
                problems.append(Problem("an example block opens inside another one", "body", number))
            in_example = True
            anchor, title = example.group(1), example.group(2)
            if anchor is None or not re.fullmatch(ANCHOR_SYNTAX, anchor):
                problems.append(Problem(
                    "an example block needs an id: '::: example {#example-name} Title'",
                    "body", number))
            else:
                add(anchor, EXAMPLE, title or anchor, number)
            continue
        if EXAMPLE_CLOSE_RE.match(line):
            if not in_example:
                problems.append(Problem("':::' closes no example block", "body", number))
            in_example = False
            continue
        heading = HEADING_RE.match(line)
        text = heading.group(2) if heading else line
        explicit = TRAILING_ANCHOR_RE.search(text)
        if heading:
            label = TRAILING_ANCHOR_RE.sub("", text)
            anchor = explicit.group(1) if explicit else heading_slug(label)
            if not explicit and anchor in seen:
                anchor = unique(anchor, seen)
            add(anchor, HEADING, label, number, level=len(heading.group(1)))
            paragraph_label = ""
            continue
        if not paragraph_label:
            paragraph_label = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", line)
        if explicit:
            add(explicit.group(1), RULE, TRAILING_ANCHOR_RE.sub("", paragraph_label), number)
            paragraph_label = ""
        elif TRAILING_BRACE_RE.search(line):
            problems.append(Problem(
                "invalid anchor: use lowercase letters, digits and hyphens, as {#my-anchor}",
                "body", number))
    if in_example:
        problems.append(Problem("an example block is never closed with ':::'", "body", None))
    return anchors, problems


def unique(anchor, seen):
    n = 2
    while f"{anchor}-{n}" in seen:
        n += 1
    return f"{anchor}-{n}"
