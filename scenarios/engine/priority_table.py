"""Who passes priority in what order, in each mode with more than two players, played out by
the engine itself for the scenario reference.

For each table below (a format, a mode and its players), the engine builds the duel from a
small setup and, on each player's turn, lets the player holding priority pass until everyone
has passed in a row: the order it records is the order a scenario's `pass` steps must follow.
Nothing about the order is written here: only the tables the reference shows.

Pure Python, like the rest of the engine.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .yamltypes import YamlMapping, YamlValue

# A format's rule parameters by its slug (the articles hold them; the engine never reads them
# itself).
ParamsOf = Callable[[str], Mapping[str, YamlValue]]


@dataclass(frozen=True)
class Table:
    """A duel the reference shows the order of priority for."""

    title: str
    format: str
    setup: YamlMapping


def _players(teams: dict[str, str | None]) -> YamlMapping:
    return {name: {"deck": 5, **({"team": team} if team else {})} for name, team in teams.items()}


TABLES = (
    Table("A duel of two", "core",
          {"players": {name: {"lp": 8000, "deck": 5} for name in ("A", "B")}}),
    Table("Tag Team Phalanx: two teams of two", "tag-team-phalanx",
          {"players": _players({"A": "X", "B": "X", "C": "Y", "D": "Y"})}),
    Table("Tag Team Phalanx: two teams of three", "tag-team-phalanx",
          {"players": _players({"A": "X", "B": "X", "C": "X", "D": "Y", "E": "Y", "F": "Y"})}),
    Table("Kingdom Duels Tag Duel: two teams of two", "kingdom-duels",
          {"mode": "tag", "players": _players({"A": "X", "B": "X", "C": "Y", "D": "Y"})}),
    Table("Kingdom Duels Boss Duel: one Boss against a team of two", "kingdom-duels",
          {"mode": "boss", "players": _players({"A": "Boss", "B": "Crowd", "C": "Crowd"})}),
    Table("Kingdom Duels Battle Royale: four players", "kingdom-duels",
          {"mode": "battle_royale",
           "players": _players({"A": None, "B": None, "C": None, "D": None})}),
)


def passes_on_turn(table: Table, turn_player: str, params: Mapping[str, YamlValue]) -> list[str]:
    """The players who pass, in order, from the turn player holding priority in their Main
    Phase until everyone has passed in a row, as the engine plays it."""
    from .cards import default_catalog
    from .rulesets import RULESETS
    from .scenario import Action, build_duel, parse_scenario

    ruleset = RULESETS[table.format]
    data = {"slug": "priority", "format": table.format, "rule": "core/chains#priority",
            "title": "Priority", "narrative": "Everyone passes.",
            "setup": {**table.setup, "turn": {"number": 5, "player": turn_player,
                                              "phase": "main1"}},
            "steps": [], "expect": {}}
    scenario = parse_scenario(_yaml(data), None, RULESETS)
    duel = ruleset(default_catalog(), params=dict(params))
    build_duel(scenario, duel)
    order: list[str] = []
    for _ in range(len(duel.players)):
        player = duel.priority
        order.append(player)
        duel.play(Action(verb="pass", player=player, line_ref=None))
        if duel.passes == 0:  # everyone has passed in a row: the game moves on
            break
    return order


def _yaml(data: YamlMapping) -> str:
    import json

    return json.dumps(data)  # JSON is YAML: the scenario reader takes it as it is


def priority_tables(params_of: ParamsOf) -> list[YamlMapping]:
    """[{title, format, mode, teams: {player: team}, turns: [{turn_player, passes: [...]}]}]
    for every table: on each player's turn, who passes in what order. `params_of` gives each
    format's rule parameters."""
    found = []
    for table in TABLES:
        players = list(table.setup["players"])
        params = params_of(table.format)
        teams = {name: entry.get("team") for name, entry in table.setup["players"].items()}
        found.append({"title": table.title, "format": table.format,
                      "mode": table.setup.get("mode"), "teams": teams,
                      "turns": [{"turn_player": player,
                                 "passes": passes_on_turn(table, player, params)}
                                for player in players]})
    return found
