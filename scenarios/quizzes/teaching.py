"""What a scenario teaches, and the replays of it that misread a rule.

A scenario is written to teach one ruling: the rule it cites (`rule:`). Its **teaching
readings** are the engine's wrong readings (mutations) of the rules at that anchor; the
readings it **depends on** are those of the other rules the true replay cites up to the moment
a question asks about. The **pivotal step** is the first step a teaching reading plays
differently from the true replay: the moment the ruling decides. A question is worth asking
only if a teaching reading changes its answer (generation.py).
"""
import logging
from dataclasses import dataclass

from ..engine import ScenarioError, replay
from .stems import shown_state

logger = logging.getLogger(__name__)


@dataclass
class Reading:
    """The scenario replayed under one wrong reading of one rule."""

    rule: object  # the engine's Rule
    name: str  # the mutation's name
    belief: str  # what the misreading believes, in a judge's words (declared with the rule)
    replay: object
    teaching: bool  # a misreading of the scenario's teaching rule itself

    @property
    def anchor(self):
        return self.rule.anchor


class Teaching:
    """The teaching rule of one scenario, its wrong readings and its pivotal step."""

    def __init__(self, scenario, duel_class, catalog, params, truth):
        self.scenario, self.truth = scenario, truth
        self.anchors = teaching_anchors(scenario)
        self.rules = [rule for rule in duel_class.RULES.values() if rule.anchor in self.anchors]
        self.readings = list(_readings(scenario, duel_class, catalog, params, truth,
                                       self.anchors))
        self.pivot = self._pivot()

    @property
    def anchor(self):
        return self.anchors[0]

    def teaching_readings(self):
        return [r for r in self.readings if r.teaching]

    def readings_for(self, last_step):
        """Teaching readings first, then the readings of the rules the true replay cites in
        steps 1 to `last_step`: the rules the answer at that moment can depend on."""
        cited = set()
        for record in self.truth.steps[:last_step]:
            cited.update(record.rules)
        if last_step >= len(self.truth.steps):
            cited.update(self.truth.rules)
        return self.teaching_readings() + [r for r in self.readings
                                           if not r.teaching and r.anchor in cited]

    def _pivot(self):
        """The first step a teaching reading plays differently (refused, or leaving another
        table), or None when no teaching reading changes any step."""
        first = None
        for reading in self.teaching_readings():
            for true_step, read_step in zip(self.truth.steps, reading.replay.steps):
                if differs(true_step, read_step):
                    if first is None or true_step.number < first:
                        first = true_step.number
                    break
        return first

    def depth(self):
        """How many rules decide the pivotal step (1 to 3): the difficulty of a question
        before it has been answered enough to measure."""
        if self.pivot is None:
            return 1
        cited = set(self.truth.steps[self.pivot - 1].rules) | set(self.anchors)
        return max(1, min(3, len(cited)))


def teaching_anchors(scenario):
    """The anchors a scenario teaches: the rule it cites, then any it names as its point."""
    anchors = [scenario.rule]
    for anchor in getattr(scenario, "teaches", None) or ():
        if anchor not in anchors:
            anchors.append(anchor)
    return anchors


def differs(true_step, read_step):
    """Whether a reading plays a step otherwise: refuses it, or leaves another table (of what
    a question shows; a limit worked out differently shows when it decides a step)."""
    return (true_step.status, true_step.reason) != (read_step.status, read_step.reason) or \
        shown_state(true_step.state) != shown_state(read_step.state)


def _readings(scenario, duel_class, catalog, params, truth, anchors):
    """Every wrong reading of a rule the true replay cites, or of the teaching rule."""
    cited = set(truth.rules) | set(anchors)
    for step in truth.steps:
        cited.update(step.rules)
    for rule in duel_class.RULES.values():
        if rule.anchor not in cited:
            continue
        for name, belief in rule.mutations.items():
            try:
                result = replay(scenario, duel_class, catalog, params=params,
                                mutation=f"{rule.name}:{name}", keep_going=True)
            except ScenarioError:
                continue  # the script cannot be played this way: it gives no answer
            except Exception:  # noqa: BLE001 - an engine fault under one reading
                logger.exception("replaying %s under %s:%s failed", scenario.slug, rule.name,
                                 name)
                continue
            yield Reading(rule, name, belief, result, rule.anchor in anchors)
