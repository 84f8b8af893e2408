"""The picture is the state: every table a replay page draws is the engine's state at that
moment, what the duel does by itself is an entry of its own, and the last table is the
outcome the verdict above it states.

Plain pytest over every bundled scenario, no database.
"""
import copy
import xml.etree.ElementTree as ET

import pytest

from scenarios.engine import ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.presentation.readable.board import board_svg, result_text
from scenarios.presentation.replay_view import replay_states, shown_steps
from tests.engine.conftest import ROOT, SCENARIO_FILES, parameters, run, scenario_at

DATA = ROOT / "scenarios" / "data"
IDS = {"ids": lambda p: str(p.relative_to(DATA))}


def by_name(name):
    return next(p for p in SCENARIO_FILES if p.name == name)


def drawn_text(state, format_slug):
    root = ET.fromstring(board_svg(state, format_slug, default_catalog()))
    return " ".join(" ".join("".join(t.itertext()).split())
                    for t in root.iter("{http://www.w3.org/2000/svg}text"))


@pytest.mark.parametrize("path", SCENARIO_FILES, **IDS)
def test_each_recorded_table_is_the_state_at_its_moment(path, monkeypatch):
    """A table recorded after step 3 must not change when the duel plays step 4: each is
    compared with a deep copy taken at the moment it was recorded."""
    scenario = scenario_at(path)
    recorded = replay_states(run(scenario))
    duel_class = ruleset_for(scenario.format)
    taken = duel_class.snapshot
    monkeypatch.setattr(duel_class, "snapshot", lambda self: copy.deepcopy(taken(self)))
    copied = replay_states(run(scenario))
    for position, (state, copy_then) in enumerate(zip(recorded, copied)):
        assert state == copy_then, f"the table at position {position} changed afterwards"


@pytest.mark.parametrize("path", SCENARIO_FILES, **IDS)
def test_the_last_table_equals_the_outcome(path):
    scenario = scenario_at(path)
    result = run(scenario)
    facts = result.outcome.facts
    last = replay_states(result)[-1]
    assert {p: data["lp"] for p, data in last["players"].items()} == facts["lp"]
    assert (last["result"] or "none") == facts["result"]
    for player, zones in facts["zones"].items():
        for zone, ids in zones.items():
            if zone != "deck":
                shown = [entry["id"] for entry in last["players"][player].get(zone, [])]
                assert shown == ids, f"{player}'s {zone}"
    text = drawn_text(last, scenario.format)
    if last["result"]:
        assert result_text(last["result"], last.get("teams")) in text
    else:
        assert "Duel over" not in text


@pytest.mark.parametrize("path", SCENARIO_FILES, **IDS)
def test_every_entry_of_a_replay_has_its_table(path):
    scenario = scenario_at(path)
    result = run(scenario)
    steps = shown_steps(result, scenario.format, parameters(scenario.format))
    states = replay_states(result)
    assert [step.position for step in steps] == list(range(1, len(states)))
    assert [s.number for s in steps if not s.interlude] == [r.number for r in result.steps]


def test_damage_of_an_attack_nobody_answered_is_shown_as_its_own_entry():
    scenario = scenario_at(by_name("deck-master-destroyed-by-battle.yaml"))
    result = run(scenario)
    steps = shown_steps(result, scenario.format, parameters(scenario.format))
    last = steps[-1]
    assert last.interlude and last.number == len(result.steps)
    assert last.heading == f"After step {last.number}"
    assert "damage is calculated" in last.sentence
    assert any("1500" in event for event in last.events), last.events
    before, after = replay_states(result)[-2:]
    assert before["players"]["A"]["lp"] == 8000 and after["players"]["A"]["lp"] == 6500
    assert "Duel over: Player B wins" in drawn_text(after, scenario.format)


def test_damage_dealt_before_the_next_step_sits_under_its_own_entry():
    """In Tag Team Phalanx the attack's damage used to be listed under "A ends the turn"."""
    scenario = scenario_at(by_name("rule-10-front-line-falls.yaml"))
    result = run(scenario)
    steps = shown_steps(result, scenario.format, parameters(scenario.format))
    interlude = next(s for s in steps if s.interlude)
    following = steps[steps.index(interlude) + 1]
    assert following.sentence == "A ends the turn."
    assert "Sangan moves from C's field to the Graveyard." in interlude.events
    assert not any("Graveyard" in event or "Formation Points" in event
                   for event in following.events)
    states = replay_states(result)
    assert [entry["id"] for entry in states[interlude.position]["players"]["C"]["graveyard"]] \
        == ["sangan"]
    assert "graveyard" not in states[interlude.position - 1]["players"]["C"]


@pytest.mark.parametrize("path", [p for p in SCENARIO_FILES if "terrains:" in p.read_text()],
                         **IDS)
def test_the_before_table_has_the_terrains_as_written(path):
    scenario = scenario_at(path)
    written = {name: player["terrains"] for name, player in scenario.setup["players"].items()
               if "terrains" in player}
    first = replay_states(run(scenario))[0]
    for player, markers in written.items():
        assert first["terrains"][player] == markers
