"""A quick yes-or-no check of data against the scenario schema, compiled once into closures.

jsonschema is the schema's validator of record: it finds and words every error (shape.py).
But it costs about as much as parsing the YAML, for every file; most files fit, and for them
only "does it fit?" matters. `compile_check(schema)` turns the keywords the scenario schema
uses into plain Python predicates that answer that several times faster; when one says no,
jsonschema says why. tests/engine/test_scenario_schema.py holds the two to the same answer
on every bundled file and thousands of broken ones.

A keyword this compiler does not know is refused when the schema is compiled, so a schema
edit cannot silently pass data the validator of record would refuse.
Pure Python, like the rest of the engine.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeAlias

from .yamltypes import YamlMapping, YamlValue

# Keywords that only annotate: they never decide whether data fits.
ANNOTATIONS = {"$schema", "$id", "title", "description", "x-is", "x-messages"}
_TYPES = {"string": str, "integer": int, "boolean": bool, "object": dict, "array": list,
          "null": type(None)}
# A compiled check: does this value fit?
Check: TypeAlias = Callable[[YamlValue], bool]
# What compiles one keyword: its value and the schema node holding it, to a check (or to None
# for a keyword another one reads, as `if` reads `then` and `else`).
KeywordCompiler: TypeAlias = Callable[[YamlValue, YamlMapping], "Check | None"]


def _is_number(value: YamlValue) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def compile_check(schema: YamlMapping | bool) -> Check:
    """A predicate: True when `data` fits `schema` (the keyword subset the scenario uses)."""
    if schema is True:
        return lambda value: True
    if schema is False:
        return lambda value: False
    unknown = set(schema) - ANNOTATIONS - set(_KEYWORDS)
    if unknown:
        raise ValueError(f"fastcheck does not know the keyword(s) {sorted(unknown)}")
    compiled = [_KEYWORDS[key](schema[key], schema) for key in _KEYWORDS if key in schema]
    checks = tuple(check for check in compiled if check is not None)
    if len(checks) == 1:
        return checks[0]

    def fits(value: YamlValue) -> bool:
        for check in checks:
            if not check(value):
                return False
        return True
    return fits


def _type(kinds: str | list[str], _schema: YamlMapping) -> Check:
    kinds = [kinds] if isinstance(kinds, str) else kinds
    classes = tuple(_TYPES[kind] for kind in kinds)
    if "integer" in kinds and "boolean" not in kinds:  # true and false are no whole numbers
        return lambda value: isinstance(value, classes) and value.__class__ is not bool
    return lambda value: isinstance(value, classes)


def _enum(values: Sequence[YamlValue], _schema: YamlMapping) -> Check:
    if not all(isinstance(v, str) for v in values):
        raise ValueError("fastcheck compares enum values that are strings only")
    allowed = frozenset(values)
    return lambda value: isinstance(value, str) and value in allowed


def _const(expected: YamlValue, _schema: YamlMapping) -> Check:
    if isinstance(expected, bool):
        return lambda value: value is expected
    if isinstance(expected, str):
        return lambda value: isinstance(value, str) and value == expected
    raise ValueError("fastcheck compares a const that is a string or true/false only")


def _minimum(low: float, _schema: YamlMapping) -> Check:
    return lambda value: not _is_number(value) or not value < low  # as jsonschema: nan passes


def _maximum(high: float, _schema: YamlMapping) -> Check:
    return lambda value: not _is_number(value) or not value > high


def _min_length(low: int, _schema: YamlMapping) -> Check:
    return lambda value: not isinstance(value, str) or len(value) >= low


def _max_length(high: int, _schema: YamlMapping) -> Check:
    return lambda value: not isinstance(value, str) or len(value) <= high


def _pattern(pattern: str, _schema: YamlMapping) -> Check:
    search = re.compile(pattern).search
    return lambda value: not isinstance(value, str) or search(value) is not None


def _max_items(high: int, _schema: YamlMapping) -> Check:
    return lambda value: not isinstance(value, list) or len(value) <= high


def _items(item_schema: YamlMapping | bool, _schema: YamlMapping) -> Check:
    check = compile_check(item_schema)
    return lambda value: not isinstance(value, list) or all(check(item) for item in value)


def _required(names: Sequence[str], _schema: YamlMapping) -> Check:
    return lambda value: not isinstance(value, dict) or all(name in value for name in names)


def _properties(properties: dict[str, YamlMapping | bool], _schema: YamlMapping) -> Check:
    checks = {name: compile_check(sub) for name, sub in properties.items()}

    def fits(value: YamlValue) -> bool:
        if not isinstance(value, dict):
            return True
        for name, item in value.items():  # a file's mapping has fewer keys than the schema
            check = checks.get(name)
            if check is not None and not check(item):
                return False
        return True
    return fits


def _additional(extra: YamlMapping | bool, schema: YamlMapping) -> Check:
    known = frozenset(schema.get("properties", {}))
    if extra is False:
        return lambda value: not isinstance(value, dict) or all(key in known for key in value)
    check = compile_check(extra)
    return lambda value: not isinstance(value, dict) or all(
        check(item) for key, item in value.items() if key not in known)


def _property_names(names: YamlMapping | bool, _schema: YamlMapping) -> Check:
    check = compile_check(names)
    return lambda value: not isinstance(value, dict) or all(check(key) for key in value)


def _dependent(dependents: dict[str, YamlMapping | bool], _schema: YamlMapping) -> Check:
    checks = {name: compile_check(sub) for name, sub in dependents.items()}

    def fits(value: YamlValue) -> bool:
        if not isinstance(value, dict):
            return True
        for name in value:
            check = checks.get(name)
            if check is not None and not check(value):
                return False
        return True
    return fits


def _not(sub: YamlMapping | bool, _schema: YamlMapping) -> Check:
    check = compile_check(sub)
    return lambda value: not check(value)


def _any_of(subs: Sequence[YamlMapping | bool], _schema: YamlMapping) -> Check:
    checks = [compile_check(sub) for sub in subs]
    return lambda value: any(check(value) for check in checks)


def _if(condition: YamlMapping | bool, schema: YamlMapping) -> Check:
    test = compile_check(condition)
    then = compile_check(schema.get("then", True))
    otherwise = compile_check(schema.get("else", True))
    return lambda value: then(value) if test(value) else otherwise(value)


_KEYWORDS: dict[str, KeywordCompiler] = {
    "type": _type, "enum": _enum, "const": _const, "minimum": _minimum, "maximum": _maximum,
    "minLength": _min_length, "maxLength": _max_length, "pattern": _pattern,
    "maxItems": _max_items, "items": _items, "required": _required, "properties": _properties,
    "additionalProperties": _additional, "propertyNames": _property_names,
    "dependentSchemas": _dependent, "not": _not,
    "anyOf": _any_of, "if": _if,
    "then": lambda _sub, _schema: None, "else": lambda _sub, _schema: None,  # read by `if`
}
