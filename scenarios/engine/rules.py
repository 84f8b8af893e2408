"""Named rule hooks: each rule the engine applies carries the article anchor it implements
and the plausible wrong readings (mutations) a replay can switch on.

A ruleset declares its rules in a class-level RULES book; subclasses (the
formats) add their own. Replaying under a mutation shows what a judge who
misread that rule would conclude: the source of quiz distractors, and proof
that some scenario depends on the rule.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .yamltypes import YamlValue

# `{{ name }}` in a summary: an article parameter, filled in by Rule.describe.
PARAMETER_RE = re.compile(r"\{\{\s*([a-z0-9_]+)\s*\}\}")
SHARE_RE = re.compile(r"\{\{\s*([a-z0-9_]+)\s*\}\}( of\b)?")
# "3 time(s)": a count, then a word whose plural the count decides.
COUNTED_RE = re.compile(r"(\b[\d,.]+ |\bone )(\w+)\(s\)")
# A share written before "of" reads as a judge says it: "half of the ATK", not "0.5 of".
FRACTION_WORDS = {0.5: "half", 0.25: "a quarter", 0.75: "three quarters", 0.1: "a tenth",
                  0.2: "a fifth", 1: "all"}


def counts_agreed(text: str) -> str:
    """Each word written `time(s)` after a number made singular or plural by it."""
    return COUNTED_RE.sub(lambda m: m.group(1) + m.group(2) + (
        "" if m.group(1).strip() in ("1", "one") else "s"), text)


def share_words(value: YamlValue) -> str | None:
    """A share (0.5) in words ("half") when it has common ones; else the number as written."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        for share, said in FRACTION_WORDS.items():
            if abs(value - share) < 1e-9:
                return said
    return None


@dataclass(frozen=True)
class Rule:
    name: str
    anchor: str  # "<format>/<article>#<anchor>"
    # One sentence; a number that is an article parameter is written `{{ name }}`, never by hand.
    summary: str
    mutations: dict[str, str] = field(default_factory=dict)  # mutation name -> the wrong reading

    def __post_init__(self) -> None:
        if "/" not in self.anchor or "#" not in self.anchor:
            raise ValueError(f"rule {self.name}: anchor must be '<format>/<article>#<anchor>'")

    @property
    def parameters(self) -> tuple[str, ...]:
        """The names of the article parameters the summary shows."""
        return tuple(PARAMETER_RE.findall(self.summary))

    def describe(self, params: Mapping[str, YamlValue] | None = None) -> str:
        """The summary with each `{{ name }}` filled from the format's parameters (a name
        with no value stays as its name), and a word written `time(s)` after a number made
        singular or plural by it: "1 time", "2 times"."""
        params = params or {}

        def value(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in params:
                return name
            said = share_words(params[name]) if match.group(2) else None
            return (said or str(params[name])) + (match.group(2) or "")
        text = SHARE_RE.sub(value, self.summary)
        return counts_agreed(text)


@dataclass(frozen=True)
class Mutation:
    rule: str
    name: str

    @classmethod
    def parse(cls, text: str) -> Mutation:
        rule, _, name = text.partition(":")
        return cls(rule, name)

    def __str__(self) -> str:
        return f"{self.rule}:{self.name}"


def alternate_teams(teams: Mapping[str, Sequence[str]]) -> list[str]:
    """Turn order that goes from team to team first, then player to player within a team."""
    order: list[str] = []
    for rank in range(max(len(members) for members in teams.values())):
        order += [members[rank] for members in teams.values() if rank < len(members)]
    return order


def rulebook(*rules: Rule, base: Mapping[str, Rule] | None = None) -> dict[str, Rule]:
    """A RULES mapping: the base book extended (or overridden) by `rules`."""
    book = dict(base or {})
    for rule in rules:
        book[rule.name] = rule
    return book
