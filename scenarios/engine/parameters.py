"""Typed rule parameters: what each number, table or list a ruleset reads must look like.

A ruleset declares every article parameter it reads as a `Param`: its name, its
shape and the rule anchors (`format/article#anchor`) whose rules read it. The
declarations are the one source for three checks:

- saving an article (rulings/validation.py) refuses a value of the wrong shape,
  naming the parameter;
- a Duel refuses malformed parameters when it is built (ScenarioError naming
  the parameter), so the engine never meets one half-way through a replay;
- the tests change each parameter to another valid value and look for a
  scenario whose outcome follows it.

Pure Python: no Django here.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .yamltypes import YamlValue

if TYPE_CHECKING:
    from .duel import Duel

# Bounds that keep a value of sane size: an edit cannot make the engine loop or
# allocate without end.
NUMBER_LIMIT = 1_000_000  # LP, costs, counts
MAX_ROWS = 100  # rows of a table
MAX_ITEMS = 1000  # names in a list (a Forbidden list is a few hundred)
MAX_TEXT = 200  # characters of one name or text cell


def shown(value: object) -> str:
    """A value as an error message quotes it: strings in quotes, long values cut short."""
    text = f"'{value}'" if isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _bound(value: object) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


class Shape:
    """What a value must be; `problem(value)` says what is wrong, or None."""

    def describe(self) -> str:
        raise NotImplementedError

    def problem(self, value: YamlValue) -> str | None:
        raise NotImplementedError

    def other_value(self, value: YamlValue) -> YamlValue:
        """Another valid value, for tests that change one parameter (None: no obvious one)."""
        return None


@dataclass(frozen=True)
class Whole(Shape):
    """A whole number from `minimum` to `maximum`."""

    minimum: int = 0
    maximum: int = NUMBER_LIMIT

    def describe(self) -> str:
        if self.maximum == NUMBER_LIMIT:
            return f"a whole number ≥ {self.minimum}"
        return f"a whole number from {_bound(self.minimum)} to {_bound(self.maximum)}"

    def problem(self, value: YamlValue) -> str | None:
        if not isinstance(value, int) or isinstance(value, bool) or value < self.minimum:
            return f"must be {self.describe()}, got {shown(value)}"
        if value > self.maximum:
            return f"must be at most {_bound(self.maximum)}, got {_bound(value)}"
        return None

    def other_value(self, value: YamlValue) -> YamlValue:
        return value + 1 if value < self.maximum else value - 1


@dataclass(frozen=True)
class Fraction(Shape):
    """A number from 0 to 1 (a half is 0.5)."""

    def describe(self) -> str:
        return "a fraction from 0 to 1 (such as 0.5)"

    def problem(self, value: YamlValue) -> str | None:
        if not _number(value) or not 0 <= value <= 1:
            return f"must be {self.describe()}, got {shown(value)}"
        return None

    def other_value(self, value: YamlValue) -> YamlValue:
        return 1 if value != 1 else 0.5


@dataclass(frozen=True)
class Percent(Shape):
    """A percentage: a number from 0 to `maximum`."""

    maximum: int = 1000

    def describe(self) -> str:
        return f"a percentage from 0 to {_bound(self.maximum)} (a number, without '%')"

    def problem(self, value: YamlValue) -> str | None:
        if not _number(value) or not 0 <= value <= self.maximum:
            return f"must be {self.describe()}, got {shown(value)}"
        return None

    def other_value(self, value: YamlValue) -> YamlValue:
        return value + 10 if value + 10 <= self.maximum else value - 10


@dataclass(frozen=True)
class Flag(Shape):
    def describe(self) -> str:
        return "true or false"

    def problem(self, value: YamlValue) -> str | None:
        return None if isinstance(value, bool) else f"must be {self.describe()}, got {shown(value)}"


@dataclass(frozen=True)
class Text(Shape):
    """A short non-empty piece of text."""

    def describe(self) -> str:
        return f"a text of 1 to {MAX_TEXT} characters"

    def problem(self, value: YamlValue) -> str | None:
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
            return f"must be {self.describe()}, got {shown(value)}"
        return None


@dataclass(frozen=True)
class Choice(Shape):
    """One of a set of names; `options` is a tuple, or a function giving them (read lazily,
    for names that live in a catalog file)."""

    options: Sequence[str] | Callable[[], Iterable[str]]

    def names(self) -> tuple[str, ...]:
        return tuple(self.options() if callable(self.options) else self.options)

    def describe(self) -> str:
        return "one of " + ", ".join(self.names())

    def problem(self, value: YamlValue) -> str | None:
        if not isinstance(value, str) or value not in self.names():
            return f"must be {self.describe()}, got {shown(value)}"
        return None

    def other_value(self, value: YamlValue) -> YamlValue:
        return next((n for n in self.names() if n != value), None)


@dataclass(frozen=True)
class Maybe(Shape):
    """A value of `shape`, or null."""

    shape: Shape

    def describe(self) -> str:
        return f"{self.shape.describe()}, or null"

    def problem(self, value: YamlValue) -> str | None:
        if value is None or self.shape.problem(value) is None:
            return None
        return f"must be {self.describe()}, got {shown(value)}"


@dataclass(frozen=True)
class Names(Shape):
    """A list of card (or other) names."""

    maximum: int = MAX_ITEMS

    def describe(self) -> str:
        return f"a list of at most {_bound(self.maximum)} names"

    def problem(self, value: YamlValue) -> str | None:
        if not isinstance(value, list):
            return f"must be {self.describe()}, got {shown(value)}"
        if len(value) > self.maximum:
            return f"must be {self.describe()}, got {len(value):,}"
        for number, item in enumerate(value, start=1):
            if not isinstance(item, str) or not item.strip() or len(item) > MAX_TEXT:
                return f"item {number} must be a name (a text of 1 to {MAX_TEXT} characters), " \
                       f"got {shown(item)}"
        return None


@dataclass(frozen=True)
class Row:
    """A row a table must hold: `values` (column -> value), and why the engine needs it."""

    values: dict[str, YamlValue]
    why: str = ""

    def describe(self) -> str:
        return ", ".join(f"{k}: {v}" for k, v in self.values.items())


@dataclass(frozen=True)
class Table(Shape):
    """A list of rows (mappings), each with the named typed `columns`.

    `unique` names a column no two rows may share; `required` lists rows that must be
    there (a lookup that has to find an answer for every case, say). Columns not
    declared may be present (descriptive text for the reader); the engine ignores them.
    """

    columns: dict[str, Shape]
    required: tuple[Row, ...] = ()
    unique: str | None = None
    min_rows: int = 1
    max_rows: int = MAX_ROWS

    def describe(self) -> str:
        return f"a table of {self.min_rows} to {self.max_rows} rows with columns " + \
            ", ".join(self.columns)

    def problem(self, value: YamlValue) -> str | None:
        if not isinstance(value, list) or not self.min_rows <= len(value) <= self.max_rows:
            got = f"{len(value)} rows" if isinstance(value, list) else shown(value)
            return f"must be {self.describe()}, got {got}"
        for number, row in enumerate(value, start=1):
            if not isinstance(row, dict):
                return f"row {number} must be a mapping of {', '.join(self.columns)}, " \
                       f"got {shown(row)}"
            for column, shape in self.columns.items():
                if column not in row:
                    return f"row {number} has no {column}"
                wrong = shape.problem(row[column])
                if wrong:
                    return f"row {number}: {column} {wrong}"
        if self.unique:
            seen = [row[self.unique] for row in value]
            twice = next((v for i, v in enumerate(seen) if v in seen[:i]), None)
            if twice is not None:
                return f"has two rows with {self.unique}: {twice}"
        for needed in self.required:
            if not any(all(row.get(k) == v for k, v in needed.values.items()) for row in value):
                because = f" ({needed.why})" if needed.why else ""
                return f"must have a row with {needed.describe()}{because}"
        return None


@dataclass(frozen=True, init=False)
class Param:
    """One article parameter a ruleset reads: its name, shape and the rules that read it.

    `anchors` may be given as one anchor or a tuple of them; it is always kept as a tuple."""

    name: str
    shape: Shape
    anchors: tuple[str, ...] = ()  # "<format>/<article>#<anchor>", ...

    def __init__(self, name: str, shape: Shape, anchors: str | tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "anchors", (anchors,) if isinstance(anchors, str) else anchors)
        for anchor in self.anchors:
            if "/" not in anchor or "#" not in anchor:
                raise ValueError(f"parameter {self.name}: anchor must be "
                                 "'<format>/<article>#<anchor>'")

    def problem(self, value: YamlValue) -> str | None:
        """What is wrong with `value` for this parameter, as a sentence naming it; or None."""
        wrong = self.shape.problem(value)
        return f"{self.name} {wrong}" if wrong else None


def declarations(ruleset_class: type[Duel]) -> dict[str, Param]:
    """The Params a ruleset reads, by name."""
    return {spec.name: spec for spec in getattr(ruleset_class, "PARAMETERS", ())}


def check_parameters(ruleset_class: type[Duel], values: Mapping[str, YamlValue],
                     require_all: bool = True) -> list[tuple[str, str]]:
    """[(name, message)] for every declared parameter missing from `values` (when
    `require_all`) or of the wrong shape. Undeclared names are not the ruleset's concern."""
    return check_values(getattr(ruleset_class, "PARAMETERS", ()), values, require_all,
                        f"the {getattr(ruleset_class, 'slug', '')} ruleset")


def check_values(specs: Iterable[Param], values: Mapping[str, YamlValue], require_all: bool = True,
                 reader: str = "it") -> list[tuple[str, str]]:
    """[(name, message)] for each of `specs` (Params) missing from `values` (when
    `require_all`; `reader` names who reads it) or of the wrong shape: the check shared by a
    ruleset's parameters and the deck checker's (scenarios/deck_parameters.py)."""
    problems: list[tuple[str, str]] = []
    for spec in specs:
        if spec.name not in values:
            if require_all:
                problems.append((spec.name, f"{spec.name} is missing: {reader} reads it"))
            continue
        wrong = spec.problem(values[spec.name])
        if wrong:
            problems.append((spec.name, wrong))
    return problems
