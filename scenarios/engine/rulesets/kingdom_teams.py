"""Kingdom Duels Team Duels: Tag Duels, Boss Duels and Battle Royales.

A scenario names its `mode` and each player's `team` (a Battle Royale has
none). The Rotation of turns is built from the teams, the first round allows
only the last player of the Rotation to attack, and defeat follows the mode:
a Tag team falls with any one of its players, a Boss team shares its Life
Points, and a Battle Royale drops each defeated player from the Rotation.

Who may use a card also follows the mode: Tag partners lend each other cards
for summoning conditions only, a Boss team commands its shared board
together, and a Battle Royale player may pull an attack onto their own
monster once per round, join late for half the starting LP, and end the duel
with the others' agreement once someone has fallen.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..errors import ScriptError
from ..parameters import Fraction, Param, Whole
from ..rules import Rule, alternate_teams
from ..state import LifePool, PlayerState
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..primitives import EffectContext
    from ..scenario import Action, Scenario
    from ..state import Attack, CardInstance
    from ..yamltypes import YamlMapping
    from .kingdom_duels import KingdomDuel

MODES = ("tag", "boss", "battle_royale")
TEAM_PARAMETERS = (
    Param("tag_shared_frontrow_zones", Whole(1, 100), "kingdom-duels/multiplayer#tag-shared-field-size"),
    Param("tag_shared_backrow_zones", Whole(1, 100), "kingdom-duels/multiplayer#tag-shared-field-size"),
    Param("tag_players_per_team", Whole(1, 10), "kingdom-duels/multiplayer#tag-two-vs-two"),
    Param("standard_duel_players", Whole(2, 10), "kingdom-duels/multiplayer#team-duel-definition"),
    Param("battle_royale_min_players", Whole(2, 20),
          "kingdom-duels/multiplayer#battle-royale-free-for-all"),
    Param("battle_royale_redirects_per_round", Whole(0, 100),
          "kingdom-duels/multiplayer#battle-royale-redirect-once-per-round"),
    Param("battle_royale_join_cost_fraction", Fraction(),
          "kingdom-duels/multiplayer#battle-royale-join"),
)

TEAM_RULES = (
    Rule("kd-rotation", "kingdom-duels/multiplayer#rotation-teams-first",
         "The Rotation goes from team to team first, then from player to player in a team.",
         {"player-order": "players take turns in the order they are listed"}),
    Rule("kd-first-round", "kingdom-duels/multiplayer#only-last-player-attacks-first-round",
         "In the first round only the last player of the Rotation may attack.",
         {"any-player-attacks": "every player after the first may attack in the first round",
          "no-one-attacks": "nobody may attack in the first round, not even the last player "
                            "of the Rotation"}),
    Rule("kd-tag-rotation", "kingdom-duels/multiplayer#tag-rotation-order",
         "Tag Rotation: Team A Player 1, Team B Player 1, Team A Player 2, Team B Player 2.",
         {"partners-together": "both partners of a team play before the other team"}),
    Rule("kd-boss-rotation", "kingdom-duels/multiplayer#boss-rotation-order",
         "Boss Rotation: the solo player plays between each team player's turns.",
         {"boss-once-per-round": "the solo player plays once, then every team player in turn"}),
    Rule("kd-royale-lent-cards", "kingdom-duels/multiplayer#battle-royale-summoning-conditions",
         "Another Battle Royale player may let you use their cards for summoning conditions.",
         {"own-cards-only": "only your own cards can serve your summoning conditions"}),
    Rule("kd-tag-defeat", "kingdom-duels/multiplayer#tag-one-defeated-team-defeated",
         "In a Tag Duel, one defeated player defeats the whole team.",
         {"teammate-plays-on": "the teammate plays on alone"}),
    Rule("kd-boss-shared-lp", "kingdom-duels/multiplayer#boss-shared-lp-and-board",
         "The team of a Boss Duel shares its Life Points.",
         {"separate-lp": "each team player has Life Points of their own"}),
    Rule("kd-royale-rotation", "kingdom-duels/multiplayer#battle-royale-rotation-adjusts",
         "A defeated Battle Royale player leaves the Rotation; the others play on.",
         {"duel-ends": "the first defeat ends the Battle Royale"}),
    Rule("kd-lent-cards", "kingdom-duels/multiplayer#tag-teammate-summoning-conditions",
         "A Tag partner's cards, or any Battle Royale player's, may serve your summoning "
         "conditions (materials).",
         {"own-cards-only": "only your own cards can be materials"}),
    Rule("kd-tag-own-zones", "kingdom-duels/multiplayer#tag-own-zones-control",
         "On a Tag team's shared field each player commands only their own monsters: no attacks "
         "or position changes with a partner's monster.",
         {"partner-commands": "a partner's monster may attack in your turn"}),
    Rule("kd-tag-field", "kingdom-duels/multiplayer#tag-shared-field-size",
         "A Tag team's shared field has {{ tag_shared_frontrow_zones }} Frontrow zones and "
         "{{ tag_shared_backrow_zones }} Backrow zones, and each partner plays only into their own "
         "share of them.",
         {"one-pool": "a partner may play into the other's free zones"}),
    Rule("kd-boss-control", "kingdom-duels/multiplayer#boss-collective-control",
         "A Boss Duel team commands the monsters of its shared board together.",
         {"individual-control": "each team player commands only the monsters they summoned"}),
    Rule("kd-boss-board", "kingdom-duels/multiplayer#boss-shared-lp-and-board",
         "A Boss Duel team shares one board: its players' monsters fill the same "
         "{{ frontrow_zones }} Frontrow zones.",
         {"separate-boards": "each team player has five Monster Zones of their own"}),
    Rule("kd-royale-redirect", "kingdom-duels/multiplayer#battle-royale-redirect-protection",
         "After a Battle Royale redirect the attacker is not destroyed by that battle and its "
         "controller takes no damage from it.",
         {"no-protection": "the battle is fought as usual"}),
    Rule("kd-royale-redirect-once", "kingdom-duels/multiplayer#battle-royale-redirect-once-per-round",
         "Each Battle Royale player may redirect an attack a set number of times per round.",
         {"per-turn": "the limit starts again every turn"}),
    Rule("kd-royale-join", "kingdom-duels/multiplayer#battle-royale-join",
         "A player joins a Battle Royale by taking damage of {{ battle_royale_join_cost_fraction }} "
         "of the starting LP and comes next in "
         "the Rotation.",
         {"free-join": "joining costs nothing", "joins-last": "the newcomer goes to the end of the "
          "Rotation"}),
    Rule("kd-team-opponents", "kingdom-duels/multiplayer#your-opponent-in-team-duels",
         "In a Team Duel, a rule about \"your opponent\" looks at every opposing player, not only "
         "the next one in the Rotation.",
         {"next-opponent-only": "only the next opposing player in the Rotation counts as your "
                                "opponent"}),
    Rule("kd-team-chosen-opponent", "kingdom-duels/multiplayer#one-opponent-chosen",
         "In a Team Duel, an effect or STRIKE aimed at \"your opponent\" reaches one opposing "
         "player: the one its controller chooses, or, for a Trap that activates by itself, the one "
         "whose action met its Trigger.",
         {"next-opponent-only": "it always reaches the next opposing player in the Rotation"}),
    Rule("kd-team-win", "kingdom-duels/multiplayer#team-wins-together",
         "A player who loses in a Team Duel is defeated as the mode says; the duel is won by the "
         "last team standing, all its players together.",
         {"player-wins": "the next opposing player in the Rotation wins the duel alone"}),
    Rule("kd-own-lp-and-zones", "kingdom-duels/multiplayer#lp-and-zones-per-player",
         "Unless a mode says otherwise, each player of a Team Duel has their own Life Points and "
         "their own zones.",
         {"team-shares-lp": "teammates share one pool of Life Points in every mode"}),
    Rule("kd-royale-free-for-all", "kingdom-duels/multiplayer#battle-royale-free-for-all",
         "A Battle Royale has no allies: every other player is an opponent.",
         {"next-player-only": "only the next player in the Rotation counts as an opponent"}),
    Rule("kd-royale-end", "kingdom-duels/multiplayer#battle-royale-unanimous-end",
         "Once a player is defeated, the remaining players may end a Battle Royale if all agree; "
         "they all win.",
         {"any-time": "the duel may be ended before anyone is defeated",
          "one-voice": "one player's declaration ends the duel"}),
)


class Teams(Component):
    """The Team Duel rules: the mode, the teams, the Rotation and rounds, defeat, and whose
    cards a player may use."""

    def __init__(self, duel: KingdomDuel) -> None:
        super().__init__(duel)
        # "tag", "boss", "battle_royale", or None in a duel of two
        self.mode: str | None = None
        self.teams: dict[str, list[str]] = {}  # team name -> its players
        self.team_of: dict[str, str] = {}  # player -> team name
        self.out: list[str] = []  # defeated players, in order
        self.waiting: list[str] = []  # Battle Royale players joining later
        # player -> the round (or turn) of each Battle Royale redirect
        self.redirects: dict[str, list[int]] = {}
        self.ending_votes: list[str] = []  # players who agreed to end a Battle Royale
        # the current round, counted from the first time it is needed
        self.round: int | None = None
        self.round_opener: str | None = None  # the player whose turn opens each round

    # --- setting up ----------------------------------------------------------------------------

    def set_up(self, scenario: Scenario, players: YamlMapping) -> bool:
        """Read the mode and the teams and make the players; False in a duel of two (the core
        sets its players up)."""
        duel = self.duel
        self.mode = scenario.setup.get("mode")
        if self.mode is None:
            return False
        if self.mode not in MODES:
            raise scenario.error(f"mode is one of {', '.join(MODES)}", "setup.mode")
        self.team_of, self.teams, self.out = {}, {}, []
        self.waiting = [name for name, entry in players.items() if entry.get("joining")]
        for name, entry in players.items():
            if entry.get("joining", False) not in (True, False):
                raise scenario.error("joining is true or false", f"setup.players.{name}.joining")
        if self.waiting and self.mode != "battle_royale":
            raise scenario.error("only a Battle Royale can be joined later",
                                 f"setup.players.{self.waiting[0]}.joining")
        self.check_team_duel_size(scenario, players)
        self.redirects, self.ending_votes = {}, []
        for name, entry in players.items():
            team = entry.get("team", name) if self.mode != "battle_royale" else name
            self.teams.setdefault(team, []).append(name)
            self.team_of[name] = team
        self.check_tag_teams(scenario)
        order = self.rotation(list(players))
        shared = self.mode == "boss" and not self.misreads("kd-boss-shared-lp", "separate-lp")
        if self.mode != "boss":  # no mode rule pools them: each player keeps their own LP
            shared = self.misreads("kd-own-lp-and-zones", "team-shares-lp")
            if not shared:
                self.note_rule("kd-own-lp-and-zones")
        pools: dict[str, LifePool] = {}
        for name in order:
            lp = players[name]["lp"] if "lp" in players[name] else duel.starting_lp()
            assert lp is not None  # starting_lp is a parameter the Kingdom Duels articles set
            team = self.team_of[name]
            pool = pools.setdefault(team, LifePool(lp)) if shared else LifePool(lp)
            duel.players[name] = PlayerState(name, lp, pool=pool)
        return True

    def check_team_duel_size(self, scenario: Scenario, players: YamlMapping) -> None:
        """A Team Duel has more players than a standard duel; a Battle Royale starts with at
        least its minimum (a player joining later does not count toward it)."""
        standard = self.params["standard_duel_players"]
        if len(players) <= standard:
            raise scenario.error(f"a Team Duel has more than {standard} players", "setup.players")
        starting = len(players) - len(self.waiting)
        least = self.params["battle_royale_min_players"]
        if self.mode == "battle_royale" and starting < least:
            raise scenario.error(f"a Battle Royale starts with {least} or more players "
                                 f"(not counting those joining later), not {starting}",
                                 "setup.players")

    def check_tag_teams(self, scenario: Scenario) -> None:
        """A Tag Duel is two teams of a set number of players each (multiplayer#tag-two-vs-two):
        the Tag Rotation and the share of the team's field each player commands assume it."""
        if self.mode != "tag":
            return
        size = self.params["tag_players_per_team"]
        if len(self.teams) != 2 or any(len(members) != size for members in self.teams.values()):
            found = ", ".join(f"{team}: {len(members)}" for team, members in self.teams.items())
            raise scenario.error(f"a Tag Duel is two teams of {size} players each, not {found}",
                                 "setup.players")

    def note_shared_pool(self, changes: dict[str, int]) -> None:
        """A Boss team's one pool of Life Points changes (kd-boss-shared-lp)."""
        players = self.duel.players
        if self.mode == "boss" and any(
                delta and any(other != player and players[other].pool is players[player].pool
                              for other in players)
                for player, delta in changes.items()):
            self.note_rule("kd-boss-shared-lp")

    # --- the Rotation --------------------------------------------------------------------------

    def rotation(self, listed: list[str]) -> list[str]:
        if self.misreads("kd-rotation", "player-order") or self.mode == "battle_royale":
            return listed
        self.note_rule("kd-rotation")
        teams = list(dict.fromkeys(self.team_of[p] for p in listed))
        if self.mode == "boss":
            solo = next((t for t in teams if len(self.teams[t]) == 1), None)
            if solo is None or len(teams) < 2:  # one side is defeated: no Rotation left to build
                return listed
            crowd = [p for p in listed if self.team_of[p] != solo]
            if self.misreads("kd-boss-rotation", "boss-once-per-round"):
                return [self.teams[solo][0]] + crowd
            self.note_rule("kd-boss-rotation")
            order = []
            for member in crowd:
                order += [self.teams[solo][0], member]
            return order
        if self.mode == "tag":
            if self.misreads("kd-tag-rotation", "partners-together"):
                return [p for t in teams for p in self.teams[t]]
            self.note_rule("kd-tag-rotation")
        return alternate_teams({t: self.teams[t] for t in teams})

    def next_player(self, player: str) -> str:
        order = self.turn_order()
        index = order.index(player) if player in order else -1
        return order[(index + 1) % len(order)]

    def turn_order(self) -> list[str]:
        """The players still in the duel, in the order priority passes between them."""
        return [p for p in self.duel.players if p not in self.out and p not in self.waiting]

    def boss_rotation_next(self) -> str:
        """The Boss plays between each team player's turns; turn 1 opens the Rotation."""
        order = self.rotation(self.duel.turn_order())
        return order[(self.duel.turn - 1) % len(order)]

    def first_round_forbids_attack(self) -> bool:
        if self.mode is None:
            return False
        rotation_length = len(self.rotation(self.duel.turn_order()))
        if self.misreads("kd-first-round", "any-player-attacks"):
            return self.duel.turn < 2
        if self.misreads("kd-first-round", "no-one-attacks"):
            return self.duel.turn <= rotation_length
        self.note_rule("kd-first-round")
        return self.duel.turn < rotation_length

    # --- opponents -----------------------------------------------------------------------------

    def check_attack_target(self, target: CardInstance, player: str) -> None:
        if target.zone != "monsters" or not self.duel.is_opponent(target.controller, player):
            self.illegal(None, "invalid_attack_target", f"{target.id} cannot be attacked")

    def is_opponent(self, player: str, other: str) -> bool:
        if self.mode == "battle_royale" and player != other:
            order = self.duel.turn_order()
            if self.misreads("kd-royale-free-for-all", "next-player-only") and \
                    player in order and other in order:
                return order[(order.index(player) + 1) % len(order)] == other
            self.note_rule("kd-royale-free-for-all")  # no allies: every other player
        return self.team_of[player] != self.team_of[other]

    def opponents_among(self, player: str, rivals: list[str]) -> list[str]:
        """Whom a rule about `player`'s "opponent" looks at, of the opposing players `rivals`."""
        if self.mode is None or len(rivals) < 2:
            return rivals
        if self.misreads("kd-team-opponents", "next-opponent-only"):
            return [self.duel.opponent(player)]
        self.note_rule("kd-team-opponents")
        return rivals

    def chosen_rival(self, player: str, scripted: str | None = None,
                     met: str | None = None) -> str:
        """The one opposing player still in the duel that an effect or action of `player` aimed
        at "your opponent" reaches: the one scripted (select: {player: C}), else the one whose
        action met a Trap's Trigger (kd-team-chosen-opponent)."""
        duel = self.duel
        rivals = [p for p in duel.turn_order() if duel.is_opponent(player, p)]
        if scripted is not None and scripted not in rivals:
            self.illegal(None, "invalid_selection",
                         f"{scripted} is not an opponent of {player} still in the duel")
        if self.mode is None or len(rivals) < 2:
            return rivals[0] if rivals else duel.opponent(player)
        if self.misreads("kd-team-chosen-opponent", "next-opponent-only"):
            return duel.opponent(player)
        chosen = scripted or (met if met in rivals else None)
        if chosen is None:
            raise ScriptError(f"{player} has several opponents: choose one with "
                              "select: {player: <name>}", field="select")
        self.note_rule("kd-team-chosen-opponent")
        return chosen

    def opponent_aimed_at(self, ctx: EffectContext) -> str:
        if "aimed_at" not in ctx.remembered:  # chosen once for the whole effect
            ctx.remembered["aimed_at"] = self.chosen_rival(
                ctx.controller, ctx.selections.pop("player", None),
                ctx.remembered.get("trigger_player"))
        return ctx.remembered["aimed_at"]

    def redirected_by(self, attack: Attack, new_target: CardInstance, cause: str) -> str:
        """Whose attack a redirected attack counts as: the opposing player whose card (or Battle
        Royale redirect) pulled it away; in a duel of two, simply the opponent."""
        duel = self.duel
        if self.mode is not None:
            source = duel.cards.get(cause)
            for player in (source.controller if source else None, new_target.controller):
                if player is not None and duel.is_opponent(attack.player, player):
                    return player
        return duel.opponent(attack.player)

    def opponent(self, player: str) -> str:
        order = self.duel.turn_order()
        start = order.index(player) if player in order else 0
        return next(order[(start + i) % len(order)] for i in range(1, len(order) + 1)
                    if self.duel.is_opponent(player, order[(start + i) % len(order)]))

    # --- defeat and winning --------------------------------------------------------------------

    def lose(self, loser: str, reason: str, rules: Iterable[str] = ()) -> bool:
        """A player who loses (idleness, deckout, a concession...) is defeated as the mode says;
        the duel ends only when one team (or player) is left standing. False when the core
        rule applies instead (a duel of two, or the wrong reading of kd-team-win)."""
        if self.mode is None or self.misreads("kd-team-win", "player-wins"):
            return False
        self.defeat(loser, reason, rules)
        return True

    def winning_players(self, winner: str) -> Iterable[str]:
        """A Tag or Boss team wins together; so do Battle Royale players who end it together."""
        if self.mode != "battle_royale" and winner in self.teams:
            return list(self.teams[winner])
        return winner.split("+") if "+" in winner else ()

    def check_lp(self) -> None:
        duel = self.duel
        for player in duel.turn_order():
            if duel.players[player].lp <= 0:
                self.defeat(player)
                if duel.result is not None:
                    return

    def defeat(self, player: str, reason: str = "lp_zero",
               rules: Iterable[str] = ("zero-lp",)) -> None:
        """A player is defeated; what follows depends on the mode."""
        self.fall(player, reason, rules)
        self.royale_cards_stay(player)

    def fall(self, player: str, reason: str, rules: Iterable[str]) -> None:
        duel = self.duel
        team = self.team_of[player]
        fallen = [player]
        if self.mode == "tag" and not self.misreads("kd-tag-defeat", "teammate-plays-on"):
            fallen = list(self.teams[team])
            self.note_rule("kd-tag-defeat")
        if self.mode == "boss":
            fallen = list(self.teams[team]) if duel.players[player].pool is \
                duel.players[self.teams[team][0]].pool else [player]
        for name in fallen:
            if name not in self.out:
                self.out.append(name)
                self.emit("defeat", f"{name} is defeated", list(rules), player=name,
                          reason=reason)
        self.pass_the_opening(fallen)
        standing = {self.team_of[p] for p in duel.players if p not in self.out}
        if self.mode == "battle_royale" and len(standing) > 1 and \
                self.misreads("kd-royale-rotation", "duel-ends"):
            duel.finish(None, reason, ["kd-royale-rotation"])
            return
        if self.mode == "battle_royale" and len(standing) > 1:
            self.note_rule("kd-royale-rotation")
        if len(standing) == 1:
            winner = standing.pop()
            together = ["kd-team-win"] if len(self.teams.get(winner, ())) > 1 else []
            duel.finish(winner, reason, list(rules) + together)

    def royale_cards_stay(self, player: str) -> None:
        """A defeated Battle Royale player's cards that other players control stay on the
        field."""
        if self.mode != "battle_royale":
            return
        duel = self.duel
        kept = [c for c in duel.cards_on_field() if c.owner == player and c.controller != player]
        for card in kept:
            if self.misreads("kd-royale-cards-stay", "leave-with-owner"):
                duel.move(card, "graveyard", controller=player,
                          reason=f"its owner {player} is defeated")
                continue
            self.emit("defeat", f"{card.id}, owned by the defeated {player}, stays on "
                      f"{card.controller}'s field", ["kd-royale-cards-stay"], card=card.id,
                      player=card.controller, owner=player, what="stays")

    # --- what the pages see --------------------------------------------------------------------

    def add_to_snapshot(self, data: YamlMapping) -> None:
        if self.mode is not None:
            data["mode"] = self.mode
            data["rotation"] = self.rotation(self.duel.turn_order())
            data["defeated"] = list(self.out)
            data["teams"] = {team: self.team_summary(members) for team, members in self.teams.items()
                             if self.mode != "battle_royale"}

    def team_summary(self, members: list[str]) -> YamlMapping:
        """A team's players, and its Life Points when they share one total (a Boss team)."""
        players = self.duel.players
        pools = {id(players[p].pool) for p in members}
        summary: YamlMapping = {"players": list(members)}
        if len(pools) == 1 and len(members) > 1:
            summary["lp"] = players[members[0]].lp
        return summary

    # --- whose cards a player may use -------------------------------------------------------

    def lends(self, card: CardInstance, player: str) -> bool | None:
        """May `player` use a card another player controls for a summoning condition? None when
        the team rules say nothing of it (the core rule decides)."""
        lender_is_rival = self.duel.is_opponent(card.controller, player)
        if self.mode is None or card.controller == player or \
                (lender_is_rival and self.mode != "battle_royale"):
            return None
        if self.mode == "boss":
            return self.duel.commands(card, player)
        rule = "kd-royale-lent-cards" if self.mode == "battle_royale" else "kd-lent-cards"
        if self.misreads(rule, "own-cards-only"):
            return False
        self.note_rule(rule)
        return True

    def commands(self, card: CardInstance, player: str) -> bool | None:
        """May `player` command a teammate's monster? None when the team rules say nothing of
        it (their own monster, an opponent's, or a duel of two: the core rule decides)."""
        if self.mode is None or card.controller == player or \
                self.duel.is_opponent(card.controller, player):
            return None
        if self.mode == "boss":
            if self.misreads("kd-boss-control", "individual-control"):
                return False
            self.note_rule("kd-boss-control")
            return True
        if self.misreads("kd-tag-own-zones", "partner-commands"):
            return True
        self.note_rule("kd-tag-own-zones")
        return False

    def side_players(self, player: str) -> list[str]:
        """The players whose monsters stand on `player`'s side of the field: the whole team in
        a Boss Duel, which shares one board (kd-boss-board); the player alone otherwise."""
        name = self.team_of.get(player)
        team = self.teams.get(name, ()) if name is not None else ()
        if self.mode != "boss" or len(team) < 2 or \
                self.misreads("kd-boss-board", "separate-boards"):
            return [player]
        return list(team)

    def boss_board_full(self, player: str) -> bool:
        """A Boss team's players fill the same Frontrow zones."""
        board = [c for p in self.teams[self.team_of[player]] for c in self.zone_of(p, "monsters")]
        self.note_rule("kd-boss-board")
        return len(board) >= self.duel.monster_zones()

    def tag_share_full(self, player: str, zone: str = "monsters",
                       size: str = "tag_shared_frontrow_zones") -> bool:
        """A Tag partner's own Frontrow (or Backrow) zones: the team's shared field divided
        between its players."""
        field, players = self.params[size], self.params["tag_players_per_team"]
        team = self.teams[self.team_of[player]]
        self.note_rule("kd-tag-field")
        if self.misreads("kd-tag-field", "one-pool"):
            return sum(len(self.zone_of(p, zone)) for p in team) >= field
        return len(self.zone_of(player, zone)) >= field // players

    # --- Battle Royale: redirects, joining, ending together ------------------------------------

    def require_battle_royale(self, rule: str, what: str) -> None:
        if self.mode != "battle_royale":
            self.illegal(rule, "not_battle_royale", f"only a Battle Royale allows {what}")

    def do_redirect(self, action: Action) -> None:
        duel = self.duel
        player, card = action.player, self.card(action.card)
        self.require_battle_royale("kd-royale-redirect", "this redirect")
        attack = duel.attack
        if attack is None or duel.chain or attack.target is None:
            self.illegal(None, "no_attack", "there is no attack under way to redirect")
        if player in (attack.player, self.card(attack.target).controller):
            self.illegal(None, "cannot_redirect", "only a player whose monster is not the target "
                         "redirects an attack aimed at another player's monster")
        if card.zone != "monsters" or card.controller != player:
            self.illegal(None, "not_your_monster", f"{card.id} is not a monster of {player}")
        since = duel.turn if self.misreads("kd-royale-redirect-once", "per-turn") \
            else self.round_number()
        used = [when for when in self.redirects.get(player, []) if when == since]
        if len(used) >= self.params["battle_royale_redirects_per_round"]:
            self.illegal("kd-royale-redirect-once", "redirect_used",
                         f"{player} has already redirected an attack this round")
        self.redirects.setdefault(player, []).append(since)
        self.note_rule("kd-royale-redirect-once")
        duel.redirect_attack(card, f"{player}'s Battle Royale redirect")
        if not self.misreads("kd-royale-redirect", "no-protection"):
            attack.protected = True
            self.emit("attack", f"{attack.attacker} cannot be destroyed by this battle and its "
                      f"controller takes no damage from it", ["kd-royale-redirect"],
                      attacker=attack.attacker, what="protected")
        attack.counts_as = player
        duel.priority, duel.passes = duel.turn_player, 0

    def do_join(self, action: Action) -> None:
        duel = self.duel
        player = action.player
        self.require_battle_royale("kd-royale-join", "joining")
        if player not in self.waiting:
            self.illegal(None, "already_in_duel", f"{player} is already in the duel")
        self.waiting.remove(player)
        order = [p for p in duel.players if p != player]
        if self.misreads("kd-royale-join", "joins-last"):
            order.append(player)
        else:
            order.insert(order.index(duel.turn_player) + 1, player)
        duel.players = {name: duel.players[name] for name in order}
        self.emit("join", f"{player} joins the Battle Royale, next in the Rotation after "
                  f"{order[order.index(player) - 1]}", ["kd-royale-join"])
        if not self.misreads("kd-royale-join", "free-join"):
            cost = int(duel.starting_lp() * self.params["battle_royale_join_cost_fraction"])
            duel.change_lp({player: -cost}, "joining the Battle Royale", kind="damage")

    def do_end_duel(self, action: Action) -> None:
        player = action.actor
        self.require_battle_royale("kd-royale-end", "ending the duel by agreement")
        if not self.out and not self.misreads("kd-royale-end", "any-time"):
            self.illegal("kd-royale-end", "nobody_defeated",
                         "the duel can be ended by agreement only after a player is defeated")
        if player not in self.duel.turn_order():
            self.illegal(None, "not_in_duel", f"{player} is not in the duel")
        if player not in self.ending_votes:
            self.ending_votes.append(player)
        remaining = self.duel.turn_order()
        self.emit("end", f"{player} agrees to end the duel "
                  f"({len(self.ending_votes)} of {len(remaining)})", ["kd-royale-end"])
        if self.misreads("kd-royale-end", "one-voice") or set(remaining) <= set(self.ending_votes):
            self.duel.finish("+".join(remaining), "unanimous_end", ["kd-royale-end"])

    # --- rounds --------------------------------------------------------------------------------

    def round_number(self) -> int:
        """The current round: one turn of each player still in the duel, in turn order, opened
        by the player who took the first turn (turn-structure#rounds). Symbol effects and
        Battle Royale redirects are limited per round."""
        duel = self.duel
        if self.round is None:
            order = self.rotation(duel.turn_order()) if self.mode else duel.turn_order()
            # a Boss Rotation lists the Boss twice; its turn n is always entry n - 1
            now = (duel.turn - 1) % len(order) if self.mode == "boss" else \
                order.index(duel.turn_player)
            self.round_opener = order[(now - (duel.turn - 1)) % len(order)]
            self.round = max(duel.turn - 1, 0) // len(order) + 1
        return self.round

    def count_round(self) -> None:
        """A new turn has begun: a new round once every player still in has had a turn."""
        assert self.round is not None  # counted as the turn began (KingdomDuel.next_turn)
        if self.misreads("kd-round", "round-is-a-turn"):
            self.round += 1
        elif self.duel.turn_player == self.round_opener:
            self.round += 1
            self.note_rule("kd-round")

    def pass_the_opening(self, fallen: list[str]) -> None:
        """A defeated round opener hands the opening of rounds to the next player in turn."""
        if self.round_opener not in fallen:
            return
        order = list(self.duel.players)
        start = order.index(self.round_opener)
        self.round_opener = next((order[(start + i) % len(order)] for i in range(1, len(order))
                                  if order[(start + i) % len(order)] not in self.out),
                                 self.round_opener)
