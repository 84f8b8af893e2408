"""Named rule hooks: each rule the engine applies carries the article anchor it implements
and the plausible wrong readings (mutations) a replay can switch on.

A ruleset declares its rules in a class-level RULES book; subclasses (the
formats) add their own. Replaying under a mutation shows what a judge who
misread that rule would conclude: the source of quiz distractors, and proof
that some scenario depends on the rule.
"""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rule:
    name: str
    anchor: str  # "<format>/<article>#<anchor>"
    summary: str
    mutations: dict = field(default_factory=dict)  # mutation name -> the wrong reading

    def __post_init__(self):
        if "/" not in self.anchor or "#" not in self.anchor:
            raise ValueError(f"rule {self.name}: anchor must be '<format>/<article>#<anchor>'")


@dataclass(frozen=True)
class Mutation:
    rule: str
    name: str

    @classmethod
    def parse(cls, text):
        rule, _, name = text.partition(":")
        return cls(rule, name)

    def __str__(self):
        return f"{self.rule}:{self.name}"


def alternate_teams(teams):
    """Turn order that goes from team to team first, then player to player within a team."""
    order = []
    for rank in range(max(len(members) for members in teams.values())):
        order += [members[rank] for members in teams.values() if rank < len(members)]
    return order


def rulebook(*rules, base=None):
    """A RULES mapping: the base book extended (or overridden) by `rules`."""
    book = dict(base or {})
    for rule in rules:
        book[rule.name] = rule
    return book
