"""Replaying a scenario: build the duel, run every step strictly, compare the outcome."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import IllegalAction, ScenarioError, ScriptError
from .outcome import Difference, compare, observe
from .scenario import build_duel
from .tracked_params import ReadTracking
from .vocabulary.steps import StepStatus
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .cards import Catalog
    from .duel import Duel
    from .outcome import Outcome
    from .rules import Mutation
    from .scenario import Scenario


@dataclass
class Interlude:
    """What the duel did by itself between two scripted steps, or after the last one: `what`
    names it (`damage_calculation`, `summon_succeeds`, ...), with its events, the rules it used
    and the table after it (with record_states). A page shows it as a step of its own, so the
    damage of an attack appears where it is dealt and the last table equals the outcome."""
    what: list[str]
    events: list[YamlMapping]
    rules: list[str]
    state: YamlMapping | None


@dataclass
class StepRecord:
    number: int
    line: int | None
    action: YamlMapping
    status: StepStatus
    reason: str | None
    events: list[YamlMapping]
    rules: list[str]
    state: YamlMapping | None  # None when the replay records no states
    # What the duel did by itself before this step's own action (its events and rules are
    # also the first of `events` and part of `rules`, which cover the whole step).
    prelude: Interlude | None = None


@dataclass
class Replay:
    scenario: Scenario
    steps: list[StepRecord]
    differences: list[Difference]
    result: YamlMapping | None
    rules: list[str]
    duel: Duel
    outcome: Outcome  # the observed Outcome
    params_read: list[str] = field(default_factory=list)  # the rule parameters it looked at
    initial_state: YamlMapping | None = None  # the table before the first step (with record_states)
    closing: Interlude | None = None  # what the duel did by itself once the script ended
    # The wrong readings ("rule:name") the replay asked about: under any other one it goes the same.
    readings_asked: list[str] = field(default_factory=list)
    # The outcome observed after each step `expect_after` names, by step number.
    after: dict[int, Outcome] = field(default_factory=dict)

    @property
    def matches(self) -> bool:
        return not self.differences

    @property
    def status(self) -> str:
        if self.scenario.xfail:
            return "xfail" if self.differences else "xpass"
        return "passed" if not self.differences else "failed"

    @property
    def message(self) -> str:
        if self.status == "xfail":
            return f"expected to fail: {self.scenario.xfail}"
        if self.status == "xpass":
            return f"marked expected-to-fail ({self.scenario.xfail}) but it passes"
        return str(self.differences[0]) if self.differences else ""


def replay(scenario: Scenario, duel_class: type[Duel], catalog: Catalog,
           params: Mapping[str, YamlValue] | None = None, mutation: str | Mutation | None = None,
           record_states: bool = True, keep_going: bool = False) -> Replay:
    """Replay `scenario` with a fresh duel of `duel_class`; returns a Replay.

    `record_states=False` skips the per-step state snapshots that pages and the
    replay API show, for plain verification. A verification stops at the first step that
    goes otherwise than the file says; `keep_going=True` plays every step regardless (a step
    refused changes nothing), as a judge holding a wrong reading would carry on to the end.
    """
    duel = duel_class(catalog, params=params, mutation=mutation, seed=scenario.seed)
    reads = duel.params  # tracking since the duel was made: its own set-up reads count too
    try:
        return _replay(scenario, duel, reads, record_states, keep_going)
    except ScriptError as error:
        # A step's script errors are turned into ScenarioErrors at its line as it is played;
        # this is the rest: a card program of the scenario's own that only fails when the
        # table is written, the duel settles after the last step or its outcome is observed.
        raise ScenarioError(error.message, scenario.file, None,
                            error.field or "cards") from None


def _replay(scenario: Scenario, duel: Duel, reads: ReadTracking, record_states: bool,
            keep_going: bool) -> Replay:
    try:
        build_duel(scenario, duel)
    except ScenarioError as error:
        raise error.at(scenario.file, None, "setup") from None
    initial_state = duel.snapshot() if record_states else None
    steps: list[StepRecord] = []
    found: list[Difference] = []
    expected_after = scenario.expect_after  # only these steps are observed mid-replay
    after: dict[int, Outcome] = {}
    refused: YamlMapping | None = None
    for number, action in enumerate(scenario.steps, start=1):
        mark_events, mark_rules = len(duel.events), len(duel.rules_used)
        status, reason, prelude = StepStatus.DONE, None, None
        where = f"steps[{number - 1}].illegal"
        try:
            try:
                done_first = duel.before_step(action)
                if done_first:
                    prelude = interlude(duel, done_first, mark_events, mark_rules, record_states)
                duel.play(action)
            except ScriptError as error:
                field = f"steps[{number - 1}]" + (f".{error.field}" if error.field else "")
                raise ScenarioError(error.message, scenario.file, action.line, field) from None
            if action.expect_illegal:
                status = StepStatus.ALLOWED_UNEXPECTEDLY
                found.append(Difference(where, action.expect_illegal, None,
                                        f"step {number} was allowed"))
        except IllegalAction as illegal:
            reason = illegal.reason
            refused = {"step": number, "reason": illegal.reason, "message": illegal.message}
            if action.expect_illegal is True or action.expect_illegal == illegal.reason:
                status = StepStatus.REFUSED_AS_EXPECTED
            else:
                status = StepStatus.REFUSED
                found.append(Difference(where, action.expect_illegal, illegal.reason,
                                        f"step {number} was refused: {illegal.message}"))
        except ScenarioError as error:
            raise error.at(scenario.file, action.line, f"steps[{number - 1}]") from None
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as error:
            if not scenario.cards:
                raise  # the catalog's cards are checked when it loads: this is an engine bug
            # A scenario's own `cards:` may hold an effect program the engine cannot run.
            raise ScenarioError(f"this step runs an effect of the scenario's own cards that the "
                                f"engine cannot read ({type(error).__name__}: {error})",
                                scenario.file, action.line, f"steps[{number - 1}]") from None
        steps.append(StepRecord(
            number=number, line=action.line if record_states else None, action=action.raw,
            status=status, reason=reason,
            events=[e.as_dict() for e in duel.events[mark_events:]],
            rules=list(dict.fromkeys(duel.rules_used[mark_rules:])),
            state=duel.snapshot() if record_states else None, prelude=prelude))
        if number in expected_after:
            after[number] = observe(duel, refused, number)
            differs = differences_after(number, expected_after[number], after[number])
            found += differs
            if differs and not keep_going:
                break
        if status.unexpected and not keep_going:
            break
    closing = None
    if not found or keep_going:
        left_open = duel.left_open()
        mark_events, mark_rules = len(duel.events), len(duel.rules_used)
        duel.settle()
        if left_open or len(duel.events) > mark_events:
            closing = interlude(duel, left_open, mark_events, mark_rules, record_states)
    outcome = observe(duel, refused, len(steps))
    if not found:
        found = compare(scenario.expect, outcome)
    return Replay(scenario, steps, found, duel.result.as_dict() if duel.result else None,
                  list(dict.fromkeys(duel.rules_used)), duel, outcome, sorted(reads.read),
                  initial_state, closing,
                  readings_asked(duel), after)


def differences_after(number: int, expect: YamlMapping, outcome: Outcome) -> list[Difference]:
    """How the table after step `number` differs from `expect_after`'s expectation for it:
    each Difference is keyed `expect_after.<number>.<key>` and says which step it was."""
    return [Difference(f"expect_after.{number}.{found.key}", found.expected, found.got,
                       f"after step {number}" + (f"; {found.detail}" if found.detail else ""))
            for found in compare(expect, outcome)]


def readings_asked(duel: Duel) -> list[str]:
    """The wrong readings ("rule:name") of the duel's rule book that its replay asked about (a
    shared check may ask about a reading that one of the rules it serves does not have)."""
    book = duel.RULES
    return sorted(f"{rule}:{name}" for rule, name in duel.readings_asked
                  if rule in book and name in book[rule].mutations)


def interlude(duel: Duel, what: list[str], mark_events: int, mark_rules: int,
              record_states: bool) -> Interlude:
    """The Interlude made of what the duel did since the marks."""
    return Interlude(what, [e.as_dict() for e in duel.events[mark_events:]],
                     list(dict.fromkeys(duel.rules_used[mark_rules:])),
                     duel.snapshot() if record_states else None)
