"""A refused step changes nothing, even while a summon attempt is open (`Duel.play`, which
checkpoints the duel and puts it back instead of trying the step on a copy)."""
import collections
import dataclasses
import random
import weakref

import pytest

from scenarios.engine import parse_scenario, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.checkpoint import Checkpoint, Generator
from scenarios.engine.errors import IllegalAction
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.scenario import build_duel

from .conftest import ROOT, SCENARIO_FILES, parameters, scenario_at

CORE = ROOT / "scenarios" / "data" / "core" / "refused-activation-leaves-the-summon-open.yaml"
KINGDOM = ROOT / "scenarios" / "data" / "kingdom-duels" / \
    "refused-step-leaves-the-summon-open.yaml"


def core_text_as(format_slug):
    """The core scenario of a refused activation during a summon, played under another
    format whose setup it fits."""
    return CORE.read_text().replace("format: core", f"format: {format_slug}")


OPEN_SUMMON_SCENARIOS = {
    "core": lambda: scenario_at(CORE),
    "kingdom-duels": lambda: scenario_at(KINGDOM),
    "thought-ruler-highlander": lambda: parse_scenario(
        core_text_as("thought-ruler-highlander"), "highlander.yaml", RULESETS),
}


def built(scenario):
    """A fresh duel set up as the scenario says (its parameters read-tracked, as every duel's)."""
    duel = ruleset_for(scenario.format)(default_catalog(), params=parameters(scenario.format),
                                        seed=scenario.seed)
    build_duel(scenario, duel)
    return duel


def state_of(duel):
    """Everything a duel holds, as plain data: objects by their attributes, shared objects
    (catalog, parameters, card definitions) by name, an object met twice by a reference to
    the first time, so the comparison also sees which objects are the same. The wrong readings
    the replay asked about are left out: like the rule trace, a refused step keeps them."""
    seen = {}

    def plain(value):
        if isinstance(value, (str, int, float, bool, type(None))):
            return value
        if value is duel.catalog or value is duel.params:
            return "shared"
        if id(value) in seen:
            return ("same as", seen[id(value)][0])
        seen[id(value)] = (len(seen), value)  # kept alive, so no other object takes its id
        if isinstance(value, random.Random):
            return ("generator", value.getstate())
        if isinstance(value, weakref.ReferenceType):  # a component's link back to its duel
            return ("weak reference to", plain(value()))
        if isinstance(value, dict):
            return ("dict", [(plain(k), plain(v)) for k, v in value.items()])
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, [plain(v) for v in value])
        if isinstance(value, (set, frozenset)):
            return ("set", sorted(repr(plain(v)) for v in value))
        if type(value).__name__ == "CardDef":
            return ("definition", value.name)
        if not hasattr(value, "__dict__"):  # a record with slots (an event)
            return (type(value).__name__, plain({f.name: getattr(value, f.name)
                                                 for f in dataclasses.fields(value)}))
        return (type(value).__name__, plain({name: held for name, held in vars(value).items()
                                             if name != "readings_asked"}))

    return plain(duel)


def at_the_refused_step(scenario):
    """The duel just before the scenario's first step expected to be refused, and that step."""
    duel = built(scenario)
    for action in scenario.steps:
        if action.expect_illegal:
            return duel, action
        duel.before_step(action)
        duel.play(action)
    raise AssertionError(f"{scenario.slug} has no step expected to be refused")


@pytest.mark.parametrize("format_slug", sorted(OPEN_SUMMON_SCENARIOS))
def test_a_refused_step_while_a_summon_is_open_leaves_the_duel_as_it_was(format_slug):
    duel, refused = at_the_refused_step(OPEN_SUMMON_SCENARIOS[format_slug]())
    assert duel.summon_attempt is not None and not duel.chain
    snapshot, events, state = duel.snapshot(), [e.as_dict() for e in duel.events], \
        state_of(duel)
    rules, asked = list(duel.rules_used), set(duel.readings_asked)
    with pytest.raises(IllegalAction) as refusal:
        duel.play(refused)
    assert refusal.value.reason == refused.expect_illegal
    assert duel.snapshot() == snapshot
    assert [e.as_dict() for e in duel.events] == events
    # The rule that refused the step is kept in the trace, and so are the wrong readings the
    # step asked about (under one of them it might have gone otherwise); nothing else changed.
    assert duel.rules_used[:len(rules)] == rules and len(duel.rules_used) <= len(rules) + 1
    assert duel.readings_asked >= asked
    duel.rules_used[len(rules):] = []
    assert state_of(duel) == state


@pytest.mark.parametrize("format_slug", sorted(OPEN_SUMMON_SCENARIOS))
def test_the_summon_attempt_stays_open_after_a_refused_step(format_slug):
    duel, refused = at_the_refused_step(OPEN_SUMMON_SCENARIOS[format_slug]())
    attempt = dict(duel.summon_attempt)
    with pytest.raises(IllegalAction):
        duel.play(refused)
    assert duel.summon_attempt == attempt
    assert "summon_succeeds" in duel.left_open()
    assert type(duel.cards) is dict


@pytest.mark.parametrize("format_slug", sorted(OPEN_SUMMON_SCENARIOS))
def test_a_refused_step_keeps_only_the_last_rule_it_noted_in_the_trace(format_slug):
    """The rule that refused the step (or, when the refusal names none, the last the step
    noted on its way) stays in the trace; every other trace of the step is gone."""
    duel, refused = at_the_refused_step(OPEN_SUMMON_SCENARIOS[format_slug]())
    before = list(duel.rules_used)
    checkpoint = Checkpoint(duel)
    with pytest.raises(IllegalAction):
        duel.perform(refused)
    noted = duel.rules_used[len(before):]
    checkpoint.restore()
    with pytest.raises(IllegalAction):
        duel.play(refused)
    assert duel.rules_used == before + noted[-1:]


def test_a_checkpoint_puts_back_every_step_of_every_bundled_scenario():
    """Whatever a step of any format changes, a checkpoint taken before it puts it back."""
    steps = 0
    for path in SCENARIO_FILES:
        scenario = scenario_at(path)
        duel = built(scenario)
        for action in scenario.steps:
            before = state_of(duel)
            checkpoint = Checkpoint(duel)
            try:
                duel.before_step(action)
                duel.perform(action)
            except IllegalAction:
                pass
            checkpoint.restore()
            assert state_of(duel) == before, f"{scenario.slug}: step {steps} not put back"
            steps += 1
            try:
                duel.before_step(action)
                duel.play(action)
            except IllegalAction:
                pass
    assert steps > 1000


def test_a_checkpoint_puts_back_cards_moved_added_and_marked():
    duel, _ = at_the_refused_step(OPEN_SUMMON_SCENARIOS["core"]())
    before = state_of(duel)
    checkpoint = Checkpoint(duel)
    duel.move(duel.cards["pot"], "graveyard", reason="a test")
    next(iter(duel.cards.values())).counters["spell"] = 2
    duel.cards["warning"].notes.add("a mark")
    duel.summon_tokens("B", "Doomsday Token", 2, "warning")
    duel.change_lp({"A": -500}, "a test")
    duel.rng.shuffle(duel.zone_of("A", "deck"))
    assert state_of(duel) != before
    checkpoint.restore()
    assert state_of(duel) == before
    assert type(duel.cards) is dict


def test_a_step_that_stands_keeps_its_changes_in_the_same_table_of_cards():
    duel, _ = at_the_refused_step(OPEN_SUMMON_SCENARIOS["core"]())
    table = duel.cards
    checkpoint = Checkpoint(duel)
    duel.summon_tokens("B", "Doomsday Token", 1, "warning")
    checkpoint.release()
    assert duel.cards is table and type(table) is dict
    assert "warning-token-1" in table


def test_the_generator_draws_what_a_seeded_random_draws():
    """Replays stay the same: the duel's generator is Python's, seeded alike."""
    ours, python = Generator(7), random.Random(7)
    deck_a, deck_b = list(range(40)), list(range(40))
    ours.shuffle(deck_a)
    python.shuffle(deck_b)
    assert deck_a == deck_b
    assert [ours.choice("ht") for _ in range(20)] == [python.choice("ht") for _ in range(20)]
    assert [ours.randint(1, 6) for _ in range(20)] == [python.randint(1, 6) for _ in range(20)]


def test_a_refused_step_that_drew_gives_the_generator_its_state_back():
    duel, _ = at_the_refused_step(OPEN_SUMMON_SCENARIOS["core"]())
    state = duel.rng.getstate()
    checkpoint = Checkpoint(duel)
    duel.rng.randint(1, 6)
    duel.rng.random()
    checkpoint.restore()
    assert duel.rng.getstate() == state
    assert duel.rng.keeper is None


def test_a_kind_of_state_a_checkpoint_cannot_save_is_named():
    duel, _ = at_the_refused_step(OPEN_SUMMON_SCENARIOS["core"]())
    duel.waiting_queue = collections.deque(["a"])
    with pytest.raises(TypeError, match="deque"):
        Checkpoint(duel)
