"""Checking a scenario's data against its schema (schema.py), and saying what is wrong in words.

The checks are built once. Each jsonschema error becomes a `Problem`: the dotted path of the
field (`setup.players.A.lp`, the same paths yamlsource maps to lines) and a message in the
scenario language ("lp cannot be a list: it is a whole number from 0 to 1000000"), never a
Python value or a wall of oneOf alternatives. Problems come sorted, most useful first: the
outermost field first, then the kind of mistake, then the order of the file.
Pure Python, like the rest of the engine.
"""
from dataclasses import dataclass
from functools import cache, cached_property

from .fastcheck import compile_check
from .schema import SCHEMA, SETUP


@cache
def validator_class():
    """Draft 2020-12 where a whole number is a Python int, never a bool nor a float such as
    3.0. Imported when first needed: a process that reads only good files never pays for it."""
    from jsonschema import Draft202012Validator, validators

    types = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))
    return validators.extend(Draft202012Validator, type_checker=types)


class SchemaCheck:
    """One schema, built once: a quick yes-or-no (fastcheck.py), and jsonschema's validator,
    which finds the errors when the answer is no."""

    def __init__(self, schema):
        self.schema = schema
        self.fits = compile_check(schema)

    @cached_property
    def validator(self):
        return validator_class()(self.schema)


SCENARIO = SchemaCheck(SCHEMA)
SETUP_CHECK = SchemaCheck(SETUP)  # for a setup made by the engine from a card's text

# Which mistake to report first at one place: a wrong type says most, alternatives least.
_KEYWORD_RANK = {"type": 0, "additionalProperties": 1, "required": 2,
                 "oneOf": 4, "anyOf": 4, "if": 4}


@dataclass(frozen=True)
class Problem:
    where: tuple      # the path into the data, as jsonschema gives it
    path: str         # the field it names: `steps[2].target`
    message: str
    rank: tuple

    @property
    def top(self):
        """The top-level field the problem is in ("" for the file as a whole)."""
        return str(self.where[0]) if self.where else ""


def problems(data, check=SCENARIO):
    """Every way `data` breaks the schema, most useful first; [] when it fits."""
    if check.fits(data):
        return []
    found = {_problem(error, data, check.schema) for error in check.validator.iter_errors(data)}
    return sorted(found, key=lambda p: (p.rank, p.path, p.message))


def dotted(data, where):
    """The dotted path yamlsource uses for `where`: mapping keys joined by dots, list places
    in brackets (a key that is a number stays a key, told apart by the data it indexes)."""
    text, value = "", data
    for step in where:
        if isinstance(value, list):
            text += f"[{step}]"
        else:
            text = f"{text}.{step}" if text else str(step)
        try:
            value = value[step]
        except (LookupError, TypeError):
            value = None
    return text


def line_near(lines, path):
    """The line of `path`, or of the nearest field around it that has one."""
    while True:
        line = lines.get(path)
        if line is not None or not path:
            return line
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""


def _problem(error, data, root):
    where = list(error.absolute_path)
    keyword, node, value = error.validator, error.schema, error.instance
    if node is False:  # a field the schema rules out where it stands: a node around it says why
        keyword = "false"
        node = next((n for n in reversed(_nodes(error, root)) if isinstance(n, dict) and
                     "false" in n.get("x-messages", {})), {})
    custom = node.get("x-messages", {}).get(keyword) if isinstance(node, dict) else None
    if keyword == "additionalProperties" and isinstance(value, dict):
        known = node.get("properties", {})
        key = next(k for k in value if k not in known)
        allowed = ", ".join(sorted(map(str, known)))
        message = (custom or "unknown field '{key}' (allowed: {allowed})").format(
            key=key, allowed=allowed)
        where.append(key)
    elif keyword == "required" and isinstance(value, dict):
        missing = next(k for k in error.validator_value if k not in value)
        message = f"missing field '{missing}'"
    elif keyword == "maxLength":
        message = f"{_name(data, where)} is {len(value)} characters long; at most " \
                  f"{error.validator_value}"
    elif keyword == "maxItems":
        message = (custom or "{name} holds {count} entries; at most {limit}").format(
            name=_name(data, where), count=len(value), limit=error.validator_value)
    elif custom:
        message = custom
    else:
        words = _words(error, root)
        message = f"{_name(data, where)} cannot be {shown(value)}: it is {words}" if words \
            else error.message
    rank = (len(error.absolute_path), _KEYWORD_RANK.get(keyword, 3), _order(data, where))
    return Problem(tuple(where), dotted(data, where), message, rank)


def _nodes(error, root):
    """The schema nodes on the error's way from the root, the failing one last."""
    nodes, node = [root], root
    for step in error.absolute_schema_path:
        try:
            node = node[step]
        except (LookupError, TypeError):
            break
        if isinstance(node, dict) or node is False:
            nodes.append(node)
    return nodes


def _words(error, root):
    """What the failing field is, in words: the `x-is` of the deepest schema node on the
    error's way that has one."""
    return next((node["x-is"] for node in reversed(_nodes(error, root))
                 if isinstance(node, dict) and isinstance(node.get("x-is"), str)), None)


def _name(data, where):
    """How a message names the field: its key, or its list's key with the place."""
    path = dotted(data, where)
    if not path:
        return "the scenario"
    cut = path.rfind(".")
    return path[cut + 1:] if cut >= 0 else path


def _order(data, where):
    """The field's place in the file, as a tuple that sorts in the file's order."""
    order, value = [], data
    for step in where:
        if isinstance(value, dict):
            order.append(next((n for n, k in enumerate(value) if k == step), 0))
        elif isinstance(value, list) and isinstance(step, int):
            order.append(step)
        else:
            break
        value = value[step]
    return tuple(order)


def shown(value):
    """A value as the author wrote it, not as Python prints it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"“{value[:40]}…”" if len(value) > 40 else f"“{value}”"
    if isinstance(value, (dict, list)):
        return "a list" if isinstance(value, list) else "a mapping"
    return "empty" if value is None else str(value)
