"""Kingdom Duels Team Duels: Tag Duels, Boss Duels and Battle Royales.

A scenario names its `mode` and each player's `team` (a Battle Royale has
none). The Rotation of turns is built from the teams, the first round allows
only the last player of the Rotation to attack, and defeat follows the mode:
a Tag team falls with any one of its players, a Boss team shares its Life
Points, and a Battle Royale drops each defeated player from the Rotation.
"""
from ..rules import Rule, alternate_teams
from ..state import LifePool, PlayerState

MODES = ("tag", "boss", "battle_royale")

TEAM_RULES = (
    Rule("kd-rotation", "kingdom-duels/multiplayer#rotation-teams-first",
         "The Rotation goes from team to team first, then from player to player in a team.",
         {"player-order": "players take turns in the order they are listed"}),
    Rule("kd-first-round", "kingdom-duels/multiplayer#only-last-player-attacks-first-round",
         "In the first round only the last player of the Rotation may attack.",
         {"any-player-attacks": "every player after the first may attack in the first round"}),
    Rule("kd-tag-defeat", "kingdom-duels/multiplayer#tag-one-defeated-team-defeated",
         "In a Tag Duel, one defeated player defeats the whole team.",
         {"teammate-plays-on": "the teammate plays on alone"}),
    Rule("kd-boss-shared-lp", "kingdom-duels/multiplayer#boss-shared-lp-and-board",
         "The team of a Boss Duel shares its Life Points.",
         {"separate-lp": "each team player has Life Points of their own"}),
    Rule("kd-royale-rotation", "kingdom-duels/multiplayer#battle-royale-rotation-adjusts",
         "A defeated Battle Royale player leaves the Rotation; the others play on.",
         {"duel-ends": "the first defeat ends the Battle Royale"}),
)


class TeamDuels:
    """The Team Duel rules, mixed into the Kingdom Duels ruleset."""

    mode = None

    def setup_players(self, scenario, players):
        self.mode = scenario.setup.get("mode")
        if self.mode is None:
            return super().setup_players(scenario, players)
        if self.mode not in MODES:
            raise scenario.error(f"mode is one of {', '.join(MODES)}", "setup.mode")
        self.team_of, self.teams, self.out = {}, {}, []
        for name, entry in players.items():
            team = entry.get("team", name) if self.mode != "battle_royale" else name
            self.teams.setdefault(team, []).append(name)
            self.team_of[name] = team
        order = self.rotation(list(players))
        shared = self.mode == "boss" and not self.misreads("kd-boss-shared-lp", "separate-lp")
        pools = {}
        for name in order:
            lp = players[name].get("lp", self.starting_lp())
            team = self.team_of[name]
            pool = pools.setdefault(team, LifePool(lp)) if shared else LifePool(lp)
            self.players[name] = PlayerState(name, lp, pool=pool)

    def rotation(self, listed):
        if self.misreads("kd-rotation", "player-order") or self.mode == "battle_royale":
            return listed
        self.note_rule("kd-rotation")
        teams = list(dict.fromkeys(self.team_of[p] for p in listed))
        if self.mode == "boss":
            solo = next(t for t in teams if len(self.teams[t]) == 1)
            crowd = [p for p in listed if self.team_of[p] != solo]
            order = []
            for member in crowd:
                order += [self.teams[solo][0], member]
            return order
        return alternate_teams({t: self.teams[t] for t in teams})

    def next_player(self, player):
        if self.mode is None:
            return super().next_player(player)
        order = self.turn_order()
        index = order.index(player) if player in order else -1
        return order[(index + 1) % len(order)]

    def turn_order(self):
        """The players still in the duel, in the order priority passes between them."""
        return [p for p in self.players if p not in self.out]

    def next_turn_player(self):
        if self.mode == "boss":
            return self.boss_rotation_next()
        return super().next_turn_player()

    def boss_rotation_next(self):
        """The Boss plays between each team player's turns; turn 1 opens the Rotation."""
        order = self.rotation([p for p in self.players])
        return order[(self.turn - 1) % len(order)]

    def check_attack_target(self, attacker, target, player):
        if self.mode is None or target is None:
            return super().check_attack_target(attacker, target, player)
        if target.zone != "monsters" or not self.is_opponent(target.controller, player):
            self.illegal(None, "invalid_attack_target", f"{target.id} cannot be attacked")

    def is_opponent(self, player, other):
        if self.mode is None:
            return super().is_opponent(player, other)
        return self.team_of[player] != self.team_of[other]

    def opponent(self, player):
        if self.mode is None:
            return super().opponent(player)
        order = self.turn_order()
        start = order.index(player) if player in order else 0
        return next(order[(start + i) % len(order)] for i in range(1, len(order) + 1)
                    if self.is_opponent(player, order[(start + i) % len(order)]))

    def first_round_forbids_attack(self):
        if self.mode is None:
            return False
        rotation_length = len(self.rotation([p for p in self.players]))
        if self.misreads("kd-first-round", "any-player-attacks"):
            return self.turn < 2
        self.note_rule("kd-first-round")
        return self.turn < rotation_length

    def check_lp(self):
        if self.mode is None:
            return super().check_lp()
        for player in [p for p in self.players if p not in self.out]:
            if self.players[player].lp <= 0:
                self.defeat(player)
                if self.result is not None:
                    return

    def defeat(self, player):
        """A player is defeated; what follows depends on the mode."""
        team = self.team_of[player]
        fallen = [player]
        if self.mode == "tag" and not self.misreads("kd-tag-defeat", "teammate-plays-on"):
            fallen = list(self.teams[team])
            self.note_rule("kd-tag-defeat")
        if self.mode == "boss":
            fallen = list(self.teams[team]) if self.players[player].pool is \
                self.players[self.teams[team][0]].pool else [player]
        for name in fallen:
            if name not in self.out:
                self.out.append(name)
                self.emit("defeat", f"{name} is defeated", ["zero-lp"])
        standing = {self.team_of[p] for p in self.players if p not in self.out}
        if self.mode == "battle_royale" and len(standing) > 1 and \
                self.misreads("kd-royale-rotation", "duel-ends"):
            self.finish(None, "lp_zero", ["kd-royale-rotation"])
            return
        if self.mode == "battle_royale" and len(standing) > 1:
            self.note_rule("kd-royale-rotation")
        if len(standing) == 1:
            self.finish(standing.pop(), "lp_zero", ["zero-lp"])

    def format_differences(self, expect):
        found = super().format_differences(expect)
        if "defeated" in expect and expect["defeated"] != self.out:
            found.append(f"defeated: expected {expect['defeated']!r}, got {self.out!r}")
        return found
