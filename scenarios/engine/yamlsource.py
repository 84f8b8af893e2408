"""YAML with line numbers: every value's path (`setup.players.A.lp`) maps to its line."""
from __future__ import annotations

from collections.abc import Hashable
from typing import TypeAlias, TypeVar, cast

import yaml

from .errors import ScenarioError
from .yamltypes import YamlValue

# libyaml's parser when PyYAML was built with it: the same nodes and marks, much faster.
try:
    from yaml import CSafeLoader as LOADER
except ImportError:  # PyYAML built without libyaml
    # The type checker knows LOADER as the libyaml class; this one builds the same data.
    from yaml import SafeLoader as LOADER  # type: ignore[assignment]

# A class that loads YAML text: PyYAML's own (pure Python) or libyaml's.
LoaderClass: TypeAlias = "type[yaml.SafeLoader] | type[yaml.CSafeLoader]"


class LazyLines:
    """Line numbers by dotted path, worked out only when something asks for one.

    Reading the data is fast with libyaml; mapping every value to its line is the
    slow part, and only an error message or a replay report needs it.
    """

    def __init__(self, text: str, file: str | None) -> None:
        self.text, self.file = text, file
        self._lines: dict[str, int] | None = None

    def _load(self) -> dict[str, int]:
        if self._lines is None:
            self._lines = compose_with_lines(self.text, self.file)[1]
        return self._lines

    def get(self, path: str, default: int | None = None) -> int | None:
        return self._load().get(path, default)

    def __getitem__(self, path: str) -> int:
        return self._load()[path]

    def __contains__(self, path: object) -> bool:
        return path in self._load()


# Line numbers by dotted path: all worked out (a dict), or worked out when asked (LazyLines).
LineMap: TypeAlias = "dict[str, int] | LazyLines"


class Limits:
    """How much YAML one field or file may hold. The same numbers guard scenario files,
    article front matter (parameters, terms), format.yaml and the editor's YAML fields."""

    max_chars = 256_000       # characters of text
    max_depth = 32            # nested mappings and lists
    max_nodes = 20_000        # values, mappings and lists together
    max_aliases = 0           # `*name` references: none (an alias bomb expands exponentially)
    max_int = 2 ** 31 - 1     # every whole number fits a database integer
    max_str = 20_000          # characters in one value


class UnsafeYAML(ValueError):
    """YAML text over a limit (or not UTF-8); `line` is 1-based where known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message, self.line = message, line


def decode(raw: str | bytes, limits: type[Limits] = Limits) -> str:
    """Bytes (or text) as text: UTF-8 only, with the line of the first bad byte."""
    if isinstance(raw, str):
        return raw
    if len(raw) > limits.max_chars * 4:
        raise UnsafeYAML(f"the file is larger than {limits.max_chars} characters", 1)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise UnsafeYAML(f"the file is not UTF-8 text (byte {error.start} of line {line})",
                         line) from None


_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def check_limits(text: str, limits: type[Limits] = Limits) -> None:
    """Refuse YAML text over `limits` before anything builds it (libyaml's composer recurses
    and crashes the process on very deep nesting). Syntax errors are left to the loader."""
    if len(text) > limits.max_chars:
        raise UnsafeYAML(f"the text is longer than {limits.max_chars} characters", 1)
    depth = nodes = aliases = 0
    try:
        for event in yaml.parse(text, Loader=LOADER):
            kind = event.__class__
            if kind in _CLOSE:
                depth -= 1
                continue
            if kind is yaml.AliasEvent:
                aliases += 1
                if aliases > limits.max_aliases:
                    raise UnsafeYAML("YAML aliases (*name) are not allowed", _line(event))
            elif kind in _OPEN:
                depth += 1
                if depth > limits.max_depth:
                    raise UnsafeYAML(f"nested more than {limits.max_depth} levels deep",
                                     _line(event))
            elif isinstance(event, yaml.ScalarEvent):
                if len(event.value) > limits.max_str:
                    raise UnsafeYAML(f"a value is longer than {limits.max_str} characters",
                                     _line(event))
            else:
                continue
            nodes += 1
            if nodes > limits.max_nodes:
                raise UnsafeYAML(f"more than {limits.max_nodes} values", _line(event))
    except yaml.YAMLError as error:
        # libyaml (from 0.2.5) refuses deep nesting itself, while scanning ahead of the events
        # seen here: that is this limit's refusal, not a syntax error.
        if "nesting depth" in str(error):
            mark = getattr(error, "problem_mark", None)
            raise UnsafeYAML(f"nested more than {limits.max_depth} levels deep",
                             mark.line + 1 if mark is not None else None) from None
        return  # the loader reports the syntax error with its line


def _line(event: yaml.Event) -> int | None:
    """The 1-based line an event starts on (the parser marks every event it gives)."""
    mark = event.start_mark
    return None if mark is None else mark.line + 1


def check_numbers(data: YamlValue, limits: type[Limits] = Limits) -> None:
    """Every number in loaded data is bounded and finite (the data is a tree: no aliases)."""
    check_data(data, limits)


def check_data(data: YamlValue, limits: type[Limits] = Limits) -> None:
    """The YAML limits for data that came another way (JSON from the API): depth, count of
    values, string lengths, and every number bounded and finite."""
    stack, nodes = [(data, 0)], 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > limits.max_nodes:
            raise UnsafeYAML(f"more than {limits.max_nodes} values")
        if isinstance(value, (dict, list)):
            if depth >= limits.max_depth:
                raise UnsafeYAML(f"nested more than {limits.max_depth} levels deep")
            children = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(value, str):
            if len(value) > limits.max_str:
                raise UnsafeYAML(f"a value is longer than {limits.max_str} characters")
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and abs(value) > limits.max_int:
            raise UnsafeYAML(f"the number {str(value)[:20]} is out of range "
                             f"(at most {limits.max_int})")
        elif isinstance(value, float) and (value != value or abs(value) == float("inf")):
            raise UnsafeYAML("numbers must be finite (no .inf or .nan)")


def _plainly_shallow(text: str) -> bool:
    """True when the text cannot hold an alias nor nest deep enough to hurt the composer:
    then the loaded data is checked afterwards (check_data), which is much cheaper than
    scanning every event first. Block nesting needs indentation or `- ` on a line, flow
    nesting a bracket, so short lines and few brackets bound the depth to a few hundred."""
    return "*" not in text and text.count("[") + text.count("{") <= 200 and \
        max(map(len, text.splitlines()), default=0) <= 200


def safe_load(text: str | bytes, limits: type[Limits] = Limits,
              loader: LoaderClass | None = None) -> YamlValue:
    """YAML text (or UTF-8 bytes) as plain data, within `limits`.

    Raises UnsafeYAML over a limit and yaml.YAMLError on a syntax error. `loader` defaults to
    libyaml's, refusing duplicate keys.
    """
    text = decode(text, limits)
    if len(text) > limits.max_chars:
        raise UnsafeYAML(f"the text is longer than {limits.max_chars} characters", 1)
    if not _plainly_shallow(text):
        check_limits(text, limits)  # event by event, before anything is built
    data = yaml.load(text, Loader=_with_bounded_ints(loader) if loader else _StrictLoader)
    check_numbers(data, limits)
    return data


# More characters than any number within the limits is written with (2**31 has 10 digits):
# a longer one is refused before Python converts it (it refuses past 4,300 digits itself).
MAX_NUMBER_CHARS = 24


# Whatever builds the values: a loader, or a constructor alone (_scalar).
Constructor = TypeVar("Constructor", bound=yaml.constructor.SafeConstructor)


def _bounded_int(constructor: Constructor, node: yaml.ScalarNode) -> int:
    """YAML's whole numbers, refused unread when written with too many digits."""
    text = str(node.value).replace("_", "")
    if len(text) > MAX_NUMBER_CHARS:
        raise UnsafeYAML(f"the number {text[:20]}… ({len(text)} digits) is out of range "
                         f"(at most {Limits.max_int})", node.start_mark.line + 1)
    return yaml.constructor.SafeConstructor.construct_yaml_int(constructor, node)


class _BoundedConstructor(yaml.constructor.SafeConstructor):
    pass


_BoundedConstructor.add_constructor("tag:yaml.org,2002:int", _bounded_int)


class _StrictLoader(LOADER):
    """libyaml-backed loading that still refuses a key written twice in one mapping."""

    def construct_mapping(self, node: yaml.MappingNode,
                          deep: bool = False) -> dict[Hashable, YamlValue]:
        keys = [key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode)]
        if len(keys) != len(set(keys)):
            raise yaml.constructor.ConstructorError(None, None, "duplicate key", node.start_mark)
        return super().construct_mapping(node, deep)


_StrictLoader.add_constructor("tag:yaml.org,2002:int", _bounded_int)


# Each loader given to safe_load, made to refuse numbers with too many digits: made once.
_BOUNDED_LOADERS: dict[LoaderClass, LoaderClass] = {}


def _with_bounded_ints(loader: LoaderClass) -> LoaderClass:
    """`loader` refusing numbers with too many digits, as every loader here must."""
    bounded = _BOUNDED_LOADERS.get(loader)
    if bounded is None:
        # type() makes a subclass of `loader`, which is a loader class like it.
        bounded = cast(LoaderClass, type(f"Bounded{loader.__name__}", (loader,), {}))
        bounded.add_constructor("tag:yaml.org,2002:int", _bounded_int)
        _BOUNDED_LOADERS[loader] = bounded
    return bounded


def load_lazily(text: str, file: str | None = None) -> tuple[YamlValue, LineMap]:
    """Parse YAML text fast; returns (data, LazyLines). Errors are reported with their line."""
    try:
        data = safe_load(text)
    except UnsafeYAML as error:
        raise ScenarioError(error.message, file, error.line, "yaml") from None
    except yaml.YAMLError:
        return compose_with_lines(text, file)  # raises the ScenarioError with its line
    return data, LazyLines(text, file)


def compose_with_lines(text: str | bytes,
                       file: str | None = None) -> tuple[YamlValue, dict[str, int]]:
    """Parse YAML text; returns (data, lines) where lines maps dotted paths to 1-based lines."""
    try:
        text = decode(text)
        check_limits(text)
    except UnsafeYAML as error:
        raise ScenarioError(error.message, file, error.line, "yaml") from None
    try:
        node = yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise ScenarioError(f"invalid YAML: {getattr(exc, 'problem', None) or exc}", file, line,
                            "yaml") from None
    lines: dict[str, int] = {}
    if node is None:
        return None, lines
    try:
        return _convert(node, "", lines, file), lines
    except ScenarioError as error:
        raise error.at(file) from None


def _convert(node: yaml.Node, path: str, lines: dict[str, int], file: str | None) -> YamlValue:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result: dict[str | int, YamlValue] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node)
            if not isinstance(key, (str, int)):
                raise ScenarioError("mapping keys must be plain names", file,
                                    key_node.start_mark.line + 1, path or "yaml")
            if key in result:
                raise ScenarioError(f"duplicate key '{key}'", file, key_node.start_mark.line + 1,
                                    f"{path}.{key}" if path else str(key))
            child = f"{path}.{key}" if path else str(key)
            result[key] = _convert(value_node, child, lines, file)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, f"{path}[{i}]", lines, file) for i, item in enumerate(node.value)]
    value = _scalar(node)
    try:
        check_numbers(value)
    except UnsafeYAML as error:
        raise ScenarioError(error.message, file, node.start_mark.line + 1, path or "yaml") from None
    return value


_constructor = _BoundedConstructor()


def _scalar(node: yaml.Node) -> YamlValue:
    try:
        return _constructor.construct_object(node, deep=True)
    except UnsafeYAML as error:
        raise ScenarioError(error.message, None, error.line, "yaml") from None
    except yaml.YAMLError as exc:
        raise ScenarioError(f"invalid YAML value: {getattr(exc, 'problem', None) or exc}", None,
                            node.start_mark.line + 1, "yaml") from None
