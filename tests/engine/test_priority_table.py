"""Who passes priority in what order, per mode, as the reference shows it: played out by the
engine, and the order a scenario's passes must follow."""
import json

from scenarios.engine import parse_scenario
from scenarios.engine.priority_table import TABLES, priority_tables
from scenarios.engine.rulesets import RULESETS
from tests.engine.conftest import parameters, run


def tables():
    return {table["title"]: table for table in priority_tables(parameters)}


def passes(title, turn_player):
    table = tables()[title]
    return next(t["passes"] for t in table["turns"] if t["turn_player"] == turn_player)


def test_every_mode_is_shown_on_every_player_s_turn():
    found = tables()
    assert [t.title for t in TABLES] == list(found)
    assert {t.format for t in TABLES} == {"core", "tag-team-phalanx", "kingdom-duels"}
    assert {t.setup.get("mode") for t in TABLES} >= {"tag", "boss", "battle_royale"}
    for table in found.values():
        for turn in table["turns"]:
            # the turn player first, and every player once
            assert turn["passes"][0] == turn["turn_player"]
            assert sorted(turn["passes"]) == sorted(table["teams"])


def test_teams_alternate_in_the_team_modes_and_a_battle_royale_goes_round_the_table():
    assert passes("A duel of two", "B") == ["B", "A"]
    assert passes("Tag Team Phalanx: two teams of two", "A") == ["A", "C", "B", "D"]
    assert passes("Kingdom Duels Tag Duel: two teams of two", "B") == ["B", "D", "A", "C"]
    assert passes("Kingdom Duels Boss Duel: one Boss against a team of two", "B") == \
        ["B", "C", "A"]
    assert passes("Kingdom Duels Battle Royale: four players", "C") == ["C", "D", "A", "B"]


def _passes_scenario(order):
    data = {"slug": "passes", "format": "tag-team-phalanx", "rule": "core/chains#priority",
            "title": "Passes", "narrative": "Everyone passes.",
            "setup": {"turn": {"number": 5, "player": "A", "phase": "main1"},
                      "players": {p: {"team": t, "deck": 5} for p, t in
                                  (("A", "X"), ("B", "X"), ("C", "Y"), ("D", "Y"))}},
            "steps": [{"player": p, "pass": True} for p in order], "expect": {"phase": "main1"}}
    return parse_scenario(json.dumps(data), "passes.yaml", RULESETS)


def test_a_scenario_passing_in_the_shown_order_replays_and_another_order_is_refused():
    shown = passes("Tag Team Phalanx: two teams of two", "A")
    assert run(_passes_scenario(shown)).matches
    wrong = run(_passes_scenario(["A", "B", "C", "D"]))
    assert wrong.steps[1].reason == "no_priority"
