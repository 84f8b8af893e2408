"""Kingdom Duels idleness: Idle Warnings, and losing on the last one.

A player is judged in their own End Phase: an Idle Warning if their opponent has a monster and
they had none at any point of the turn, unless an effect prevented or negated their summons
(kd-idle-*). A player who lets a Trap whose Trigger is met go unactivated is warned too
(`SpellsAndTraps.decline`). A player who would receive the warning numbered
`idle_warnings_to_lose` loses the duel instead of receiving it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .kingdom_component import Component

if TYPE_CHECKING:
    from ..scenario import Scenario
    from ..state import CardInstance, SummonAttempt
    from ..yamltypes import YamlMapping
    from .kingdom_duels import KingdomDuel
    from .kingdom_teams import Teams


class Idleness(Component):
    """Who had a monster this turn, whose summons were prevented, and the warnings given."""

    def __init__(self, duel: KingdomDuel, teams: Teams) -> None:
        super().__init__(duel)
        self.teams = teams
        self.warnings: dict[str, int] = {}  # player -> Idle Warnings received
        self.had_monster: dict[str, bool] = {}  # player -> had a monster at some point this turn
        # card id -> had its controller a monster before it entered
        self.had_before_entry: dict[str, bool] = {}
        self.summons_prevented: set[str] = set()  # players whose summon was negated this turn

    def set_up(self, scenario: Scenario, name: str, player: YamlMapping) -> None:
        warnings = player.get("idle_warnings", 0)
        if not isinstance(warnings, int) or warnings < 0:
            raise scenario.error("idle_warnings is a whole number",
                                 f"setup.players.{name}.idle_warnings")
        self.warnings[name] = warnings

    def sharing(self, player: str) -> list[str]:
        """The players whose monsters are on `player`'s side: a Boss team's players share one
        side, so a teammate's monster is on it too (kd-idle-boss-side)."""
        if self.misreads("kd-idle-boss-side", "own-zones-only"):
            return [player]
        return self.teams.side_players(player)

    def side_has_monster(self, player: str) -> bool:
        """Is there a monster on the player's side of the field? (Their own zones first: the
        shared side is asked only when those are empty.)"""
        return bool(self.zone_of(player, "monsters")) or \
            any(self.zone_of(p, "monsters") for p in self.sharing(player) if p != player)

    def look_at_monsters(self, player: str) -> None:
        """Whether the player starts the turn (or the scenario) with a monster."""
        self.had_monster[player] = self.side_has_monster(player)

    def monster_entered(self, card: CardInstance) -> None:
        self.had_before_entry[card.id] = bool(self.had_monster.get(card.controller))
        for player in self.sharing(card.controller):
            self.had_monster[player] = True

    def saw_monster(self, player: str) -> None:
        self.had_monster[player] = True

    def after_action(self) -> None:
        for player in self.duel.players:
            if self.side_has_monster(player):
                self.had_monster[player] = True

    def summon_negated(self, attempt: SummonAttempt) -> None:
        """A negated summon's monster never counted as the player's monster this turn; the
        negation itself spares them an Idle Warning (kd-idle-no-prevention)."""
        player = attempt["player"]
        self.summons_prevented.add(player)
        if not self.side_has_monster(player):
            self.had_monster[player] = any(self.had_before_entry.get(i, False)
                                           for i in attempt["cards"])

    def new_turn(self) -> None:
        self.summons_prevented = set()  # kept until the ending turn's End Phase has judged idleness
        self.look_at_monsters(self.duel.turn_player)

    def judge(self, player: str) -> None:
        """The End Phase of `player`'s turn: an Idle Warning if they were idle."""
        duel = self.duel
        # "your opponent": in a Team Duel every opposing player (kd-team-opponents)
        rival_has = any(self.zone_of(rival, "monsters") for rival in duel.opponents_of(player)) \
            or self.misreads("kd-idle-warning", "ignores-opponent-field")
        had = self.side_has_monster(player) if self.misreads(
            "kd-idle-whole-turn", "end-of-turn-only") else self.had_monster.get(player)
        if had and not self.zone_of(player, "monsters") and \
                self.sharing(player) != [player]:
            self.note_rule("kd-idle-boss-side")  # a teammate's monster is on the shared side
        if player in self.summons_prevented and not self.misreads(
                "kd-idle-no-prevention", "prevention-ignored"):
            self.note_rule("kd-idle-no-prevention")  # a summon was negated: no warning
            return
        if not rival_has:
            if not had:
                self.note_rule("kd-idle-warning")  # the one condition missing: no warning
            return
        if had:
            if not self.side_has_monster(player):
                self.note_rule("kd-idle-whole-turn")  # a monster earlier this turn counts
            return
        if self.misreads("kd-idle-end-phase", "not-in-end-phase"):
            return
        self.give_warning(player, "kd-idle-end-phase", "kd-idle-warning", "kd-idle-whole-turn")

    def give_warning(self, player: str, *rules: str) -> None:
        """One more Idle Warning, unless it would be the one numbered `idle_warnings_to_lose`:
        then the player does not receive it and loses the duel instead (kd-idle-loss)."""
        limit = self.params["idle_warnings_to_lose"] + (
            1 if self.misreads("kd-idle-loss", "third-warning-loses") else 0)
        if self.warnings[player] + 1 >= limit:
            self.emit("idle", f"{player} would get Idle Warning number {self.warnings[player] + 1}"
                      " and loses the duel instead", [*rules, "kd-idle-loss"], player=player,
                      what="loses_instead", warnings=self.warnings[player])
            self.duel.lose(player, "idleness", ["kd-idle-loss"])
            return
        self.warnings[player] += 1
        self.emit("idle", f"{player} gets an Idle Warning ({self.warnings[player]})",
                  list(rules), player=player, count=self.warnings[player])
