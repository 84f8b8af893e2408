"""A scenario's expectations in words, each beside what the engine computed for it, grouped by
when they are checked: after a step (`expect_after`), then at the end (`expect`).

One shape for every page that compares them (the scenario page's table and its steps, the
editor's check of a draft), so a step's own block and the table say the same thing alike.
"""
from dataclasses import dataclass, field

from .outcome_words import describe



@dataclass
class Check:
    """One expectation in a judge's words, and the engine's outcome for it in the same words."""
    expected: str
    computed: str

    @property
    def holds(self):
        return self.expected == self.computed


@dataclass
class CheckGroup:
    """The checks made at one moment: after step `step`, or at the end (`step` None)."""
    step: int | None
    checks: list = field(default_factory=list)
    reached: bool = True

    @property
    def holds(self):
        return all(check.holds for check in self.checks)

    @property
    def label(self):
        return "At the end" if self.step is None else f"After step {self.step}"


def expectation_groups(scenario, replay):
    """Every `expect_after` group by step number, then the `expect` group. A moment the
    replay never reached (it stops at the first step that goes otherwise than the file says)
    has each check computed as where the replay stopped, not as the table it stopped at."""
    cards = (replay.outcome.get("cards") if replay.outcome else None) or {}
    stopped = f"The replay stopped after step {len(replay.steps)}."
    groups = []
    for number, expect in sorted(getattr(scenario, "expect_after", {}).items()):
        seen = getattr(replay, "after", {}).get(number)
        # Both sides name a card's player as the table stood then, so they read alike.
        then = (seen.get("cards") if seen else None) or cards
        said = describe(expect, expect, then)
        computed = describe(expect, seen.facts, then) if seen else [stopped] * len(said)
        groups.append(CheckGroup(number, [Check(*pair) for pair in zip(said, computed)],
                                 reached=seen is not None))
    expected = describe(scenario.expect, scenario.expect, cards)
    if not replay.outcome:
        computed = []
    elif len(replay.steps) < len(scenario.steps):
        computed = [stopped] * len(expected)
    else:
        computed = describe(scenario.expect, replay.outcome.facts, cards)
    groups.append(CheckGroup(None, [Check(*pair) for pair in zip(expected, computed)],
                             reached=len(replay.steps) == len(scenario.steps)))
    return [group for group in groups if group.checks]


def checks_after_steps(scenario, replay):
    """{step number: [Check]} for the steps `expect_after` names that the replay reached: what
    a reader following the steps sees under each."""
    return {group.step: group.checks for group in expectation_groups(scenario, replay)
            if group.step is not None and group.reached}
