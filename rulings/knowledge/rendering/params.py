"""Rule parameters inside prose: `{{ name }}`, `{{ name.key }}`, `{{ name.0.key }}`.

A number is written once, in the front matter, and the prose shows its value.
"""
import re

from ..problems import Problem

REFERENCE_RE = re.compile(r"\{\{\s*([A-Za-z_]\w*(?:\.\w+)*)\s*\}\}")
BLOCK_REFERENCE_RE = re.compile(r"^\s*\{\{\s*([A-Za-z_]\w*(?:\.\w+)*)\s*\}\}\s*$")


class UnknownParameter(LookupError):
    pass


def lookup(parameters, path):
    """The value at a dotted path; raises UnknownParameter when any step is missing."""
    value = parameters
    for step in path.split("."):
        if isinstance(value, dict) and step in value:
            value = value[step]
        elif isinstance(value, list) and step.isdigit() and int(step) < len(value):
            value = value[int(step)]
        else:
            raise UnknownParameter(path)
    if value is parameters:
        raise UnknownParameter(path)
    return value


def format_value(value):
    """How a parameter value reads inline in prose."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(format_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {format_value(v)}" for k, v in value.items())
    return str(value)


ACRONYMS = {"lp", "atk", "def", "fp", "emz", "dm", "id"}


def humanize_key(key):
    """A table header from a parameter key: `opponent_lp_at_least` -> `Opponent LP at least`."""
    words = [w.upper() if w in ACRONYMS else w for w in str(key).split("_")]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


_MISSING = object()


def changed(before, after):
    """Names of the parameters added, removed or given another value between two mappings."""
    return {name for name in before.keys() | after.keys()
            if before.get(name, _MISSING) != after.get(name, _MISSING)}


def references(body):
    """Every parameter reference in a body, as (path, line)."""
    found = []
    for number, line in enumerate(body.split("\n"), start=1):
        for match in REFERENCE_RE.finditer(line):
            found.append((match.group(1), number))
    return found


def check_references(body, parameters, field_name="body"):
    problems = []
    for path, line in references(body):
        try:
            lookup(parameters, path)
        except UnknownParameter:
            problems.append(Problem(f"unknown parameter '{{{{ {path} }}}}'", field_name, line))
    return problems
