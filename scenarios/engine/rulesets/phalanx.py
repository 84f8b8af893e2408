"""Tag Team Phalanx: teams of two or more share Life Points, Formation Points and one field
split into a Front Line and a Back Line.

Turns rotate team by team, player by player. Numbers (team LP and FP, line and
zone sizes, a rampart's stats, line moves per turn) are the articles' parameters.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ..chains import CARD_SPEEDS
from ..duel import Duel
from ..errors import IllegalAction, ScriptError
from ..parameters import Param, Whole
from ..rules import Rule, alternate_teams, rulebook
from ..state import LifePool, PlayerState
from ..vocabulary import reasons, step_options

if TYPE_CHECKING:
    from ..cards import Catalog, ScenarioCatalog
    from ..primitives import EffectContext
    from ..rules import Mutation
    from ..scenario import Action, Scenario
    from ..state import CardInstance
    from ..yamltypes import YamlMapping, YamlValue

F = "tag-team-phalanx/"
# A player's own card areas (Rule 11): never shared with a teammate.
PERSONAL_AREAS = ("hand", "deck", "extra_deck", "graveyard", "banished")


class PhalanxDuel(Duel):
    slug = "tag-team-phalanx"
    EXPECT_KEYS = Duel.EXPECT_KEYS + ("team_lp", "formation_points")
    CARD_FACTS = Duel.CARD_FACTS + ("line", "rampart")
    PARAMETERS = (
        Param("team_life_points", Whole(1), f"{F}teams-and-turns#rule-1-recommended-scores"),
        Param("team_formation_points", Whole(0), f"{F}teams-and-turns#rule-1-recommended-scores"),
        Param("front_line_slots", Whole(1, 50), f"{F}the-shared-field#rule-5-recommended-slots"),
        Param("back_line_slots", Whole(0, 50), f"{F}the-shared-field#rule-5-recommended-slots"),
        Param("spell_trap_slots", Whole(0, 50), f"{F}the-shared-field#rule-5-recommended-slots"),
        Param("line_moves_per_turn", Whole(0, 100), f"{F}the-shared-field#rule-8-moves-per-turn"),
        Param("rampart_atk", Whole(0), f"{F}the-shared-field#rule-9-rampart-summon"),
        Param("rampart_def", Whole(0), f"{F}the-shared-field#rule-9-rampart-summon"),
        Param("min_team_size", Whole(1, 10), f"{F}teams-and-turns#rule-1-team-size"),
    )
    # Each player names a team; LP are the team's (`teams:`), never a player's own.
    STEP_VERBS, CARD_FIELDS = Duel.STEP_VERBS | {"move"}, Duel.CARD_FIELDS | {"line"}
    STEP_OPTIONS = step_options(
        Duel.STEP_OPTIONS, move=("to",),
        activate=("choose", "materials", "select", "target", "targets", "to"),
        special_summon=("materials", "position", "to", "tributes"),
        summon=("position", "to", "tributes"))
    PLAYER_FIELDS = Duel.PLAYER_FIELDS - {"lp"} | {"team"}
    SETUP_FIELDS = Duel.SETUP_FIELDS | {"teams"}
    REASON_CODES = reasons(Duel.REASON_CODES, "already_moved", "back_line_cannot_attack",
                           "back_line_shielded", "front_line_closed", "invalid_line",
                           "rampart_front_line_only", "too_early_to_attack")
    RULES = rulebook(
        Rule("shared-life-points", "tag-team-phalanx/teams-and-turns#rule-1-shared-life-points",
             "Each Tag Team shares one Life Point total.",
             {"separate-life-points": "each player keeps Life Points of their own",
              "shared-out": "each player keeps Life Points of their own, and a change to a "
                            "team's Life Points is shared out evenly among its players",
              "each-player": "each player keeps Life Points of their own, and damage or a gain "
                             "that reaches a team reaches each of its players in full"}),
        Rule("team-victory", "tag-team-phalanx/teams-and-turns#rule-2-one-player-decks-out",
             "A team loses when its LP reach 0 or any one of its players decks out.",
             {"whole-team-must-deck-out": "a team loses by deck-out only when all its players do"}),
        Rule("rotation", "tag-team-phalanx/teams-and-turns#rule-3-alternating-players",
             "Turns alternate between the teams, player by player.",
             {"team-by-team": "both players of a team take their turns one after the other"}),
        Rule("first-attacks", "tag-team-phalanx/teams-and-turns#rule-4-no-early-attacks",
             "No attacks until every player has begun a turn; the last to begin may attack.",
             {"attack-from-turn-two": "attacks are allowed from the second turn, as in a duel"}),
        Rule("shared-zones", "tag-team-phalanx/the-shared-field#rule-5-shared-monster-zone",
             "A team shares one Monster Zone (Front Line and Back Line) and one Spell & Trap Zone.",
             {"zones-per-player": "each player has their own full set of zones"}),
        Rule("back-line-shielded", "tag-team-phalanx/the-shared-field#rule-6-back-line-shielded",
             "A Back Line monster cannot be attacked while its Front Line holds a monster.",
             {"back-line-open": "Back Line monsters can always be attacked",
              "never-attacked": "Back Line monsters can never be attacked, even when the Front "
                                "Line in front of them is empty"}),
        Rule("front-line-attacks", "tag-team-phalanx/the-shared-field#rule-7-front-line-attacks",
             "Only Front Line monsters may attack.",
             {"back-line-attacks": "Back Line monsters may attack too",
              "back-line-defends": "a monster on the Back Line stands in Defense Position, which "
                                   "is why it cannot attack, and it is attacked as a Defense "
                                   "Position monster"}),
        Rule("line-moves", "tag-team-phalanx/the-shared-field#rule-8-moves-per-turn",
             "Instead of a position change, a monster may move between the lines "
             "{{ line_moves_per_turn }} time(s) per turn.",
             {"unlimited-moves": "a monster may move between the lines any number of times",
              "return-undoes-move": "moving a monster back to the line it began the turn on "
                                    "only takes back its move, so it is allowed"}),
        Rule("ramparts", "tag-team-phalanx/the-shared-field#rule-9-rampart-summon",
             "A Spell or Trap may be Normal Summoned to the Front Line as a "
             "{{ rampart_atk }}/{{ rampart_def }} rampart that "
             "uses the turn's Normal Summon.",
             {"summon-not-used": "summoning a rampart leaves the Normal Summon of the turn free",
              "activatable-only": "a rampart stands face-up like an activated card, so only a "
                                  "Spell or Trap that could be activated right then may become "
                                  "one"}),
        Rule("rampart-spell-trap", "tag-team-phalanx/the-shared-field#rule-9-still-spell-trap",
             "A rampart is a monster on the Front Line and still a Spell or Trap Card: an effect "
             "that targets a Spell or Trap Card may target it.",
             {"monster-only": "a rampart is only a monster while it stands on the Front Line"}),
        Rule("formation-points", "tag-team-phalanx/the-shared-field#rule-10-front-line-damage-to-formation-points",
             "Battle damage between Front Line monsters comes off Formation Points; at 0 the "
             "Front Line is destroyed and closed.",
             {"damage-to-life-points": "battle damage between Front Line monsters is ordinary"}),
        Rule("other-damage", "tag-team-phalanx/the-shared-field#rule-10-other-damage-to-life-points",
             "Only battle damage between two Front Line monsters comes off Formation Points; any "
             "other damage comes off Life Points.",
             {"all-battle-damage": "all battle damage, a direct attack's too, comes off "
                                   "Formation Points while the team has any"}),
        Rule("own-card-areas", "tag-team-phalanx/players-and-their-cards#rule-11-separate-areas",
             "Each player draws from their own Deck into their own hand; none of a player's card "
             "areas is shared with a teammate.",
             {"shared-decks": "a team shares its hands and Decks like its Life Points: its draws "
                              "are shared out among the teammates' Decks",
              "team-draws": "a team draws as one, so when one of its players draws, each of its "
                            "players draws as many cards from their own Deck"}),
        Rule("teammate-areas", "tag-team-phalanx/players-and-their-cards#rule-12-no-teammate-requirements",
             "A cost or requirement cannot be met with cards from a teammate's hand, Deck, Fusion "
             "Deck, Graveyard or banished cards.",
             {"teammate-hand-usable": "a teammate's hand may pay costs, like a teammate's cards "
                                      "on the field",
              "teammate-graveyard-usable": "a teammate's Graveyard and banished cards may pay "
                                           "costs and summoning requirements, like a "
                                           "teammate's cards on the field"}),
        Rule("teammates-cards", "tag-team-phalanx/players-and-their-cards#rule-13-no-playing-teammate-cards",
             "A player cannot summon or activate a card from a teammate's hand, Deck, Fusion "
             "Deck, Graveyard or banished cards as their own.",
             {"teammate-cards-playable": "a teammate's card in hand may be played as one's own",
              "played-for-teammate": "a card in a teammate's hand may be played for that "
                                     "teammate, whose card it stays, so a Spell from it must "
                                     "wait for the teammate's own Main Phase"}),
        Rule("teammate-control", "tag-team-phalanx/players-and-their-cards#rule-14-no-control-teammate-monsters",
             "Sharing the Monster Zone does not share control: a player cannot attack with or "
             "change the position of a teammate's monster.",
             {"shared-control": "teammates control each other's monsters on their shared field",
              "for-the-teammate": "a player may attack with or change the position of a "
                                  "teammate's monster for the teammate, whose monster it stays, "
                                  "but only in the teammate's own turn"}),
        Rule("opposing-team",
             "tag-team-phalanx/players-and-their-cards#rule-14-whose-cards-in-card-text",
             "In a card's text, \"your opponent controls\" means the cards of every player of "
             "the opposing team, and a teammate's cards are not the opponent's.",
             {"teammate-as-opponent": "every card the player does not control counts as the "
                                      "opponent's, a teammate's cards on the shared field too",
              "one-opponent": "\"your opponent\" is one player of the opposing team, the next "
                              "in turn order, whose cards alone count"}),
        Rule("your-turn-conditions",
             "tag-team-phalanx/card-effects-in-team-play#rule-19-your-turn-conditions",
             "A card that works \"during your turn\" works in the teammate's turns too.",
             {"controller-turns-only": "it works only in its controller's own turns"}),
        Rule("team-counts", "tag-team-phalanx/teams-and-turns#rule-1-each-player-effects",
             "An amount counted for each player from the cards they controlled counts the "
             "cards of all the players of that team, which takes it in its shared score.",
             {"named-player-only": "it counts only the cards of the one player of the team the "
                                   "effect names"}),
        Rule("teammate-monster-effects",
             "tag-team-phalanx/players-and-their-cards#rule-14-what-control-covers",
             "A player cannot activate the effect of a teammate's monster that only its "
             "controller may activate.",
             {"shared-effects": "a player may activate the effects of a teammate's monsters on "
                                "the shared field, for the teammate"}),
        Rule("teammate-costs", "tag-team-phalanx/players-and-their-cards#rule-15-teammate-field-cards-as-cost",
             "A teammate's cards on the field may be used as costs and Tributes.",
             {"own-cards-only": "only your own cards may pay costs or be Tributed"}),
        Rule("one-players-zone", "tag-team-phalanx/card-effects-in-team-play#rule-17-one-player-only",
             "An effect on all cards in one player's private zone reaches one chosen player only.",
             {"all-opponents": "it reaches the zones of every opponent"}),
        Rule("every-players-zone", "tag-team-phalanx/card-effects-in-team-play#rule-18-every-player-affected",
             "An effect on both players' private zones reaches every player, except when both "
             "players select cards: then the controller and one chosen player.",
             {"controller-and-one": "it reaches only the controller and one chosen opponent",
              "controller-and-opponents": "it reaches the controller and every opponent, but "
                                          "not the controller's teammate"}),
        Rule("phase-effects", "tag-team-phalanx/card-effects-in-team-play#rule-19-own-team-turns",
             "Effects that apply in a player's Standby Phase apply in the teammate's turns too.",
             {"controller-turns-only": "they apply only in their controller's own turns"}),
        Rule("single-player-zone", "tag-team-phalanx/card-effects-in-team-play#rule-20-one-player-selected",
             "An effect on cards in a single player's hand or Deck reaches one chosen player; "
             "the cards drawn later that it still checks are every opponent's.",
             {"both-opponents": "it reaches both opponents' hands",
              "chosen-player-draws": "the cards drawn later are checked only for the opponent "
                                     "chosen at activation"}),
        Rule("teammate-maintenance", "tag-team-phalanx/card-effects-in-team-play#rule-21-teammate-pays",
             "A maintenance cost is paid in the teammate's turns too.",
             {"controller-only": "only the controller pays, in their own turns",
              "unpaid-by-teammate": "the cost falls due in the teammate's turns too, but only "
                                    "the card's controller may pay it, so there the card is "
                                    "destroyed"}),
        Rule("turn-counts", "tag-team-phalanx/card-effects-in-team-play#rule-22-count-each-player-turn",
             "Effects lasting a number of turns count every individual player's turn.",
             {"team-rounds": "they count one turn per opposing team's round"}),
        Rule("teammate-materials", "tag-team-phalanx/players-and-their-cards#rule-16-teammate-fusion-material",
             "A teammate's monsters may be Fusion Material; the summoner controls the Fusion.",
             {"own-materials-only": "only your own monsters may be Fusion Material"}),
        Rule("starting-scores", "tag-team-phalanx/teams-and-turns#rule-1-recommended-scores",
             "Each team starts with {{ team_life_points }} Life Points and "
             "{{ team_formation_points }} Formation Points, unless the table agrees otherwise.",
             {"per-player-scores": "a team starts with the recommended scores once per player"}),
        Rule("shared-formation-points",
             "tag-team-phalanx/teams-and-turns#rule-1-shared-formation-points",
             "A team's players share one Formation Point score.",
             {"per-player-formation-points": "each player keeps a Formation Point score of their "
                                             "own, and a battle reduces only that player's"}),
        Rule("team-lp-zero", "tag-team-phalanx/teams-and-turns#rule-2-life-points-zero",
             "A team whose shared Life Points reach 0 loses the Duel.",
             {"formation-points-as-reserve": "a team at 0 Life Points plays on while it still has "
                                             "Formation Points",
              "formation-points-absorb": "Formation Points are a second Life Point score: damage "
                                         "the Life Points cannot take comes off them, and the "
                                         "team loses only when both are spent",
              "formation-points-shield": "Formation Points guard the Life Points: damage that "
                                         "would bring them to 0 comes off the Formation Points "
                                         "instead"}),
        Rule("last-player-attacks", "tag-team-phalanx/teams-and-turns#rule-4-last-player-may-attack",
             "The last player to begin a first turn may already attack in it.",
             {"next-round-only": "attacks begin only in the turn after every player has played"}),
        Rule("shared-spell-trap-zone", "tag-team-phalanx/the-shared-field#rule-5-shared-spell-trap-zone",
             "A team's players share one Spell & Trap Zone.",
             {"zones-per-player": "each player has a Spell & Trap Zone of their own"}),
        Rule("two-lines", "tag-team-phalanx/the-shared-field#rule-5-two-lines",
             "The Monster Zone has a Front Line and a Back Line, each with its own slots.",
             {"one-pool": "the slots of both lines form one pool, filled in any order"}),
        Rule("one-zone", "tag-team-phalanx/the-shared-field#rule-5-one-zone",
             "Both lines together are one Monster Zone: a Back Line monster is still a monster the "
             "team controls.",
             {"back-line-apart": "only the Front Line counts as the team's Monster Zone"}),
        Rule("zone-sizes", "tag-team-phalanx/the-shared-field#rule-5-recommended-slots",
             "A team has {{ front_line_slots }} Front Line, {{ back_line_slots }} Back Line and "
             "{{ spell_trap_slots }} Spell & Trap slots.",
             {"standard-duel-zones": "a team has the 5 Monster and 5 Spell & Trap Zones of a duel"}),
        Rule("move-replaces-position-change",
             "tag-team-phalanx/the-shared-field#rule-8-move-instead-of-position-change",
             "A move between the lines takes the place of the monster's ordinary position change.",
             {"move-and-change": "a monster may move and also change its battle position",
              "face-down-stays": "a face-down monster has no ordinary change of battle "
                                 "position, so it cannot move between the lines"}),
        Rule("rampart-front-line", "tag-team-phalanx/the-shared-field#rule-9-front-line-only",
             "A rampart never moves to the Back Line.",
             {"rampart-moves": "a rampart may move to the Back Line"}),
        Rule("rampart-negated", "tag-team-phalanx/the-shared-field#rule-9-effect-negated",
             "A rampart's own effect is negated.",
             {"effect-applies": "a rampart keeps its Spell or Trap effect"}),
        Rule("front-line-falls", "tag-team-phalanx/the-shared-field#rule-10-front-line-destroyed",
             "At 0 Formation Points every card on the team's Front Line is destroyed.",
             {"front-line-stands": "the Front Line's cards stay; only the score is at 0"}),
        Rule("front-line-closed", "tag-team-phalanx/the-shared-field#rule-10-front-line-closed",
             "Once fallen, a team's Front Line takes no card for the rest of the Duel.",
             {"front-line-reopens": "the fallen Front Line may be filled again"}),
        Rule("teammate-spell-traps",
             "tag-team-phalanx/players-and-their-cards#rule-14-no-control-teammate-spells-traps",
             "A player cannot activate a teammate's Spell or Trap Card on the shared field.",
             {"shared-spell-traps": "teammates may activate each other's Set cards",
              "for-the-teammate": "a player may activate a teammate's Set card for the teammate, "
                                  "who stays its controller"}),
        Rule("fusion-control", "tag-team-phalanx/players-and-their-cards#rule-16-fusion-control",
             "The player who Fusion Summons controls the Fusion Monster, whoever's Material it used.",
             {"material-controller": "the teammate who supplied the Material controls it"}),
        Rule("selected-at-activation",
             "tag-team-phalanx/card-effects-in-team-play#rule-17-choice-at-activation",
             "The controller selects which opponent the effect reaches when activating it.",
             {"next-opponent": "the effect reaches the next opponent in turn order"}),
        Rule("selection-exception",
             "tag-team-phalanx/card-effects-in-team-play#rule-18-selection-exception",
             "An effect where both players select cards reaches only its controller and one "
             "chosen player.",
             {"every-player": "it reaches every player: the other two players swap cards too"}),
        Rule("opponents-phase-effects",
             "tag-team-phalanx/card-effects-in-team-play#rule-19-both-opponents-turns",
             "Effects that apply in the opponent's Standby Phase apply in both opponents' turns.",
             {"one-opponent-only": "they apply only in the turns of the next opponent in turn "
                                   "order",
              "own-team-turns": "they apply in the turns of the controller and of the "
                                "controller's teammate, as the controller's own Phase effects "
                                "do"}),
        Rule("every-turn-phase-effects",
             "tag-team-phalanx/card-effects-in-team-play#rule-19-every-player-turn",
             "Effects that apply in each player's Standby Phase apply in every player's turn.",
             {"controller-and-one-opponent": "they apply only in the turns of the controller and "
                                             "of one opponent",
              "own-team-turns": "they apply only in the turns of the controller and of the "
                                "controller's teammate, as the controller's own Phase effects "
                                "do"}),
        Rule("separate-field-zones", "tag-team-phalanx/the-shared-field#rule-5-separate-field-zones",
             "Unlike the Monster and Spell & Trap Zones, every player keeps a Field Zone of their "
             "own.",
             {"shared-field-zone": "a team shares one Field Zone, like its other zones"}),
        Rule("effect-position-changes",
             "tag-team-phalanx/the-shared-field#rule-8-card-effects-excluded",
             "A battle position changed by a card effect is not the monster's ordinary change, so "
             "it may still move between the lines.",
             {"effect-change-counts": "a change by a card effect uses up the turn's position "
                                      "change, so the monster can no longer move"}),
        base=Duel.RULES,
    )

    def __init__(self, catalog: Catalog | ScenarioCatalog,
                 params: Mapping[str, YamlValue] | None = None,
                 mutation: Mutation | str | None = None, seed: int = 0) -> None:
        super().__init__(catalog, params, mutation, seed)
        self.team_of: dict[str, str] = {}  # player -> team
        self.teams: dict[str, list[str]] = {}  # team -> its players, in turn order
        self.formation_points: dict[str, int] = {}  # team -> its Formation Points
        self.closed_front: set[str] = set()  # teams whose Front Line is closed
        # only under the wrong reading of one score per player
        self.player_fp: dict[str, int] = {}
        self.line_moves: dict[str, int] = {}  # card id -> its moves between the lines this turn
        # card id -> the line a monster began the turn on, once it moved
        self.line_start: dict[str, str | None] = {}
        self.placing_line: str | None = None
        # card id -> the turn a card effect changed its position
        self.changed_by_effect: dict[str, int] = {}

    # --- setup -----------------------------------------------------------------------------

    def setup_players(self, scenario: Scenario, players: YamlMapping) -> None:
        teams: dict[str, list[str]] = {}
        for name, entry in players.items():
            team = entry.get("team")
            if not isinstance(team, str):
                raise scenario.error("each player names their team (team: X)",
                                     f"setup.players.{name}.team")
            teams.setdefault(team, []).append(name)
        if len(teams) != 2 or any(len(m) < self.params["min_team_size"] for m in teams.values()):
            raise scenario.error(f"Tag Team Phalanx needs two teams of at least "
                                 f"{self.params['min_team_size']} players", "setup.players")
        totals = scenario.setup.get("teams", {})
        if not isinstance(totals, dict) or set(totals) - set(teams):
            raise scenario.error("teams maps each team to {lp, formation_points}", "setup.teams")
        pools: dict[str, LifePool] = {}
        for team, members in teams.items():
            given = totals.get(team, {})
            if not isinstance(given, dict) or set(given) - {"lp", "formation_points"}:
                raise scenario.error("a team's totals are {lp, formation_points}",
                                     f"setup.teams.{team}")
            share = len(members) if self.misreads("starting-scores", "per-player-scores") else 1
            if "lp" not in given or "formation_points" not in given:
                self.note_rule("starting-scores")
            lp = given.get("lp", self.params["team_life_points"] * share)
            pools[team] = LifePool(lp)
            self.formation_points[team] = given.get("formation_points",
                                                    self.params["team_formation_points"] * share)
            self.teams[team] = members
            for member in members:
                self.team_of[member] = team
        separate = self.lp_spread() is not None
        for name in alternate_teams(teams):
            team = self.team_of[name]
            pool = LifePool(pools[team].lp) if separate else pools[team]
            self.players[name] = PlayerState(name, 0, pool=pool)

    def placement_problem(self, card: CardInstance) -> str | None:
        if card.zone == "monsters" and card.card.kind in ("spell", "trap"):
            if card.line != "front":
                return "a rampart stands on the Front Line (line: front)"
            card.notes.add("rampart")
            card.position = card.position or "attack"
            return None
        problem = super().placement_problem(card)
        if problem is None and card.zone == "monsters":
            card.line = card.line or "front"
        return problem

    def zone_count_problem(self, player: str) -> str | None:
        team = self.team_of[player]
        if player != self.teams[team][-1]:
            return None
        for line in ("front", "back"):
            if self.line_count(team, line) > self.params[f"{line}_line_slots"]:
                return f"team {team} has more monsters on its {line.title()} Line than it has slots"
        if self.team_spell_traps(team) > self.params["spell_trap_slots"]:
            return f"team {team} has more Spells and Traps than its Spell & Trap Zone holds"
        return None

    # --- teams -------------------------------------------------------------------------------

    def teammates(self, player: str) -> list[str]:
        return self.teams[self.team_of[player]]

    def is_opponent(self, player: str, other: str) -> bool:
        return self.team_of[player] != self.team_of[other]

    def opponent(self, player: str) -> str:
        """A representative of the other team: its next player in turn order."""
        order = list(self.players)
        start = order.index(player)
        return next(order[(start + i) % len(order)] for i in range(1, len(order) + 1)
                    if self.is_opponent(player, order[(start + i) % len(order)]))

    def finish(self, winner: str | None, reason: str, rules: Iterable[str] = (),
               match: bool = False) -> None:
        """A card that makes a player win (Vennominaga's third counter, Final Countdown) wins
        for that player's team: the result names the team, as every Phalanx result does."""
        super().finish(self.team_of.get(winner, winner) if winner is not None else None,
                       reason, rules, match)

    def field_zone_rule(self) -> str:
        return "separate-field-zones"

    def queue_triggers_for_face_down(self, card: CardInstance) -> None:
        """A card effect has turned this monster face-down: remember it was not an ordinary
        change of battle position (Rule 8)."""
        self.changed_by_effect[card.id] = self.turn
        super().queue_triggers_for_face_down(card)

    def team_cards(self, team: str, zone: str) -> list[CardInstance]:
        return [self.card(i) for member in self.teams[team] for i in self.zone_of(member, zone)]

    def line_count(self, team: str, line: str) -> int:
        return sum(1 for c in self.team_cards(team, "monsters") if c.line == line)

    def team_spell_traps(self, team: str) -> int:
        return len(self.team_cards(team, "spell_trap"))

    # --- zones -------------------------------------------------------------------------------

    def wanted_line(self, player: str) -> str:
        team = self.team_of[player]
        line = self.placing_line or ("back" if team in self.closed_front else "front")
        if line not in ("front", "back"):
            raise ScriptError(f"to is front or back, not {line!r}", "to")
        if line == "front" and team in self.closed_front and \
                not self.misreads("front-line-closed", "front-line-reopens"):
            self.illegal("front-line-closed", "front_line_closed",
                         f"team {team}'s Front Line is closed")
        return line

    def monster_zone_full(self, player: str) -> bool:
        team = self.team_of[player]
        if self.misreads("shared-zones", "zones-per-player"):
            return len(self.zone_of(player, "monsters")) >= self.params["front_line_slots"] * 2
        line = self.wanted_line(player)
        self.note_rule("shared-zones")
        if self.misreads("zone-sizes", "standard-duel-zones"):
            return len(self.team_cards(team, "monsters")) >= 5
        self.note_rule("zone-sizes")
        if self.misreads("two-lines", "one-pool"):
            return len(self.team_cards(team, "monsters")) >= \
                self.params["front_line_slots"] + self.params["back_line_slots"]
        self.note_rule("two-lines")
        return self.line_count(team, line) >= self.params[f"{line}_line_slots"]

    def spell_trap_full(self, player: str) -> bool:
        slots = self.params["spell_trap_slots"]
        if self.misreads("zone-sizes", "standard-duel-zones"):
            slots = 5
        else:
            self.note_rule("zone-sizes")
        if self.misreads("shared-spell-trap-zone", "zones-per-player"):
            return len(self.zone_of(player, "spell_trap")) >= slots
        self.note_rule("shared-spell-trap-zone")
        return self.team_spell_traps(self.team_of[player]) >= slots

    def move(self, card: CardInstance, zone: str, controller: str | None = None,
             face_up: bool = True, position: str | None = None, reason: str = "") -> None:
        entering = zone == "monsters" and card.zone != "monsters"
        super().move(card, zone, controller, face_up, position, reason)
        if entering:
            card.line = self.wanted_line(card.controller)
        elif zone != "monsters":
            card.line = None
            card.notes.discard("rampart")

    def may_use_from_field(self, card: CardInstance, player: str) -> bool:
        if card.controller == player:
            return True
        if self.misreads("teammate-costs", "own-cards-only"):
            return False
        self.note_rule("teammate-costs")
        return not self.is_opponent(card.controller, player)

    def may_use_from_area(self, card: CardInstance, player: str) -> bool:
        """A teammate's hand, Graveyard and banished cards pay no cost and meet no summoning
        requirement of the player's (Rule 12)."""
        if card.owner == player or self.is_opponent(card.owner, player):
            return super().may_use_from_area(card, player)
        if card.zone == "hand" and self.misreads("teammate-areas", "teammate-hand-usable"):
            return True
        if card.zone != "hand" and self.misreads("teammate-areas", "teammate-graveyard-usable"):
            return True
        self.note_rule("teammate-areas")
        return False

    def may_use_as_material(self, card: CardInstance, player: str) -> bool:
        if card.controller == player:
            return True
        if self.misreads("teammate-materials", "own-materials-only"):
            return False
        self.note_rule("teammate-materials")
        return not self.is_opponent(card.controller, player)

    def fusion_summoned(self, fusion: CardInstance, materials: list[CardInstance]) -> None:
        lenders = [m.owner for m in materials if m.owner != fusion.controller and
                   not self.is_opponent(m.owner, fusion.controller)]
        if lenders:
            if self.misreads("fusion-control", "material-controller"):
                self.move(fusion, "monsters", controller=lenders[0], position=fusion.position,
                          reason="the teammate who lent the Material")
            else:
                self.note_rule("fusion-control")
        super().fusion_summoned(fusion, materials)

    def side_of(self, card: CardInstance, player: str) -> str | None:
        """"You control" is the player's own cards (Rule 14: not a teammate's), "your opponent
        controls" the cards of every player of the opposing team; a teammate's cards on the
        shared field are neither."""
        if card.controller == player:
            return "own"
        if self.is_opponent(card.controller, player):
            if card.controller != self.opponent(player):  # the second opponent's card
                if self.misreads("opposing-team", "one-opponent"):
                    return None
                self.note_rule("opposing-team")
            return "opponent"
        if self.misreads("teammate-control", "shared-control"):
            return "own"
        if self.misreads("opposing-team", "teammate-as-opponent"):
            return "opponent"
        self.note_rule("teammate-control")  # a teammate's monster is not one "you control"
        self.note_rule("opposing-team")  # nor one "your opponent controls"
        return None

    def owner_side(self, card: CardInstance, player: str) -> str | None:
        """"You own" is the player's own cards, "your opponent owns" an opposing player's; a
        card a teammate owns is neither (Rule 11 keeps every player's cards apart)."""
        if card.owner == player:
            return "own"
        if self.is_opponent(card.owner, player):
            return "opponent"
        if self.misreads("opposing-team", "teammate-as-opponent"):
            return "opponent"
        self.note_rule("opposing-team")
        return None

    def their_players(self, player: str) -> list[str]:
        """Whose cards an amount counted for `player` counts ("500 for each monster they
        controlled"): the whole team's, since its players take damage and gain Life Points as
        one score (Rule 1)."""
        if self.lp_spread() is not None or self.misreads("team-counts", "named-player-only"):
            return [player]
        self.note_rule("team-counts")
        return self.teammates(player)

    def is_teammates(self, card: CardInstance, player: str) -> bool:
        """Is this card a teammate's (not the player's own, not an opponent's)?"""
        return card.controller != player and not self.is_opponent(card.controller, player)

    def may_discard(self, card: CardInstance, player: str) -> bool:
        if card.zone != "hand" or not self.is_teammates(card, player):
            return super().may_discard(card, player)
        if self.misreads("teammate-areas", "teammate-hand-usable"):
            return True
        self.note_rule("teammate-areas")
        return False

    def commands(self, card: CardInstance, player: str) -> bool:
        if not self.is_teammates(card, player):
            return super().commands(card, player)
        if self.misreads("teammate-control", "shared-control"):
            return True
        if self.misreads("teammate-control", "for-the-teammate"):
            if self.turn_player != card.controller:
                self.illegal("teammate-control", "not_your_turn",
                             f"{card.id} is {card.controller}'s, to use only in "
                             f"{card.controller}'s turn")
            return True
        self.note_rule("teammate-control")
        return False

    def check_teammates_card(self, player: str, card: CardInstance) -> None:
        """A card in a teammate's own card areas is not the player's to play."""
        if card.zone not in PERSONAL_AREAS or not self.is_teammates(card, player):
            return
        if self.misreads("teammates-cards", "played-for-teammate") and \
                card.card.kind == "spell" and self.turn_player != card.controller and \
                CARD_SPEEDS.get((card.card.kind, card.card.subtype), 1) == 1:
            self.illegal("teammates-cards", "spell_speed_1_timing",
                         f"{card.id} stays {card.controller}'s card: it waits for "
                         f"{card.controller}'s Main Phase")
        if self.misreads("teammates-cards", "teammate-cards-playable"):
            # played as the player's own: it changes hands, then is activated as usual
            self.zone_of(card.controller, card.zone).remove(card.id)
            card.controller = player
            self.zone_of(player, card.zone).append(card.id)
            return
        self.illegal("teammates-cards", "not_your_card",
                     f"{card.id} is in teammate {card.controller}'s {card.zone.replace('_', ' ')}")

    def draw(self, counts: dict[str, int], cause: str = "draw") -> None:
        if self.misreads("own-card-areas", "shared-decks"):
            shared: dict[str, int] = {}
            for player, n in counts.items():
                members = self.teammates(player)
                start = members.index(player)
                for i in range(n):
                    member = members[(start + i) % len(members)]
                    shared[member] = shared.get(member, 0) + 1
            return super().draw(shared, cause)
        if self.misreads("own-card-areas", "team-draws"):
            team_counts: dict[str, int] = {}
            for player, n in counts.items():
                for member in self.teammates(player):
                    team_counts[member] = team_counts.get(member, 0) + n
            return super().draw(team_counts, cause)
        if any(counts.values()):
            self.note_rule("own-card-areas")
        return super().draw(counts, cause)

    def lp_spread(self) -> str | None:
        """Under a reading of Rule 1 with Life Points per player: how a team's change reaches
        its players (only the one named, shared out, or each in full); None when shared."""
        for reading in ("separate-life-points", "shared-out", "each-player"):
            if self.misreads("shared-life-points", reading):
                return reading
        return None

    def change_lp(self, changes: dict[str, int], cause: str, kind: str = "") -> None:
        spread = self.lp_spread()
        if spread in ("shared-out", "each-player"):
            spread_changes: dict[str, int] = {}
            for player, delta in changes.items():
                members = self.teammates(player)
                share = delta // len(members) if spread == "shared-out" else delta
                for member in members:
                    spread_changes[member] = spread_changes.get(member, 0) + share
            changes = spread_changes
        elif any(changes.values()) and spread is None:
            self.note_rule("shared-life-points")  # the change is the whole team's
        if self.misreads("team-lp-zero", "formation-points-absorb"):
            for player, delta in changes.items():
                excess = -(self.players[player].lp + delta)
                if excess > 0:  # what the Life Points cannot take comes off the Formation Points
                    team = self.team_of[player]
                    self.formation_points[team] = max(0, self.formation_points[team] - excess)
        if self.misreads("team-lp-zero", "formation-points-shield"):
            changes = dict(changes)
            for player, delta in changes.items():
                team = self.team_of[player]
                if self.players[player].lp + delta <= 0 < self.formation_points[team]:
                    # the whole blow lands on the Formation Points
                    self.formation_points[team] = max(0, self.formation_points[team] + delta)
                    changes[player] = 0
                    if self.formation_points[team] == 0:
                        self.collapse_front_line(team)
        super().change_lp(changes, cause, kind)


    # --- summoning: lines and ramparts ------------------------------------------------------

    def do_summon(self, action: Action) -> None:
        player = action.actor
        self.check_teammates_card(player, self.card(action.card))
        self.placing_line = action.to
        try:
            card = self.card(action.card)
            if card.card.kind in ("spell", "trap"):
                return self.summon_rampart(action, card)
            super().do_summon(action)
        finally:
            self.placing_line = None

    def summon_rampart(self, action: Action, card: CardInstance) -> None:
        player = action.actor
        self.require_open_main_phase(player, "a Normal Summon")
        if card.zone != "hand" or card.controller != player:
            self.illegal(None, "not_in_hand", f"{card.id} is not in {player}'s hand")
        if self.normal_summon_used:
            self.illegal(None, "normal_summon_used", "the Normal Summon of this turn is used")
        if action.to not in (None, "front"):
            self.illegal("rampart-front-line", "rampart_front_line_only",
                         "a rampart stands on the Front Line")
        if self.misreads("ramparts", "activatable-only") and not self.could_activate(card, player):
            self.illegal("ramparts", "not_activatable", f"{card.id} could not be activated now")
        self.normal_summon_used = not self.misreads("ramparts", "summon-not-used")
        self.summon_to_field(card, player, action.position or "attack", how="normal")
        card.notes.add("rampart")
        self.emit("rampart", f"{card.id} stands on the Front Line as a "
                  f"{self.params['rampart_atk']}/{self.params['rampart_def']} rampart; its "
                  "effect is negated", ["ramparts"], card=card.id,
                  atk=self.params['rampart_atk'], defense=self.params['rampart_def'])

    def could_activate(self, card: CardInstance, player: str) -> bool:
        """Could this Spell or Trap be activated from the hand now (the wrong reading of a
        rampart as an activation): a Spell that finds a target if it needs one."""
        program = card.card.activation
        if program is None or card.card.kind == "trap":
            return False
        spec = program.get("target")
        return spec is None or any(self.valid_target(other, spec, player, card)
                                   for other in self.cards.values())

    def effective_atk(self, card: CardInstance) -> int:
        return self.params["rampart_atk"] if "rampart" in card.notes else super().effective_atk(card)

    def is_card_of_kind(self, card: CardInstance, kind: str) -> bool:
        """A rampart is a monster, and still the Spell or Trap Card it is (Rule 9)."""
        if "rampart" not in card.notes or card.zone != "monsters" or \
                kind not in ("spell_trap", card.card.kind):
            return super().is_card_of_kind(card, kind)
        if self.misreads("rampart-spell-trap", "monster-only"):
            return False
        self.note_rule("rampart-spell-trap")
        return True

    def effective_def(self, card: CardInstance) -> int:
        return self.params["rampart_def"] if "rampart" in card.notes else super().effective_def(card)

    def do_special_summon(self, action: Action) -> None:
        self.placing_line = action.to
        try:
            super().do_special_summon(action)
        finally:
            self.placing_line = None

    def do_activate(self, action: Action) -> None:
        player = action.actor
        card = self.card(action.card)
        self.check_teammates_card(player, card)
        if card.zone in ("spell_trap", "field_zone") and self.is_teammates(card, player):
            if self.misreads("teammate-spell-traps", "for-the-teammate"):
                # activated for the teammate, whose card and Chain Link it stays
                self.priority = card.controller
                action = replace(action, player=card.controller)
            elif not self.misreads("teammate-spell-traps", "shared-spell-traps"):
                self.illegal("teammate-spell-traps", "not_your_card",
                             f"{card.id} is controlled by teammate {card.controller}")
            else:
                self.zone_of(card.controller, card.zone).remove(card.id)
                card.controller = player  # played as if it were the player's own
                self.zone_of(player, card.zone).append(card.id)
        if card.zone == "monsters" and self.is_teammates(card, player):
            if not self.misreads("teammate-monster-effects", "shared-effects"):
                self.illegal("teammate-monster-effects", "not_your_card",
                             f"{card.id} is teammate {card.controller}'s monster: only its "
                             "controller activates its effects")
            # the wrong reading: activated for the teammate, whose monster it stays
            self.priority = card.controller
            action = replace(action, player=card.controller)
        self.placing_line = action.to
        try:
            super().do_activate(action)
        finally:
            self.placing_line = None

    def do_decline(self, action: Action) -> None:
        """Whether to activate a monster's optional effect is its controller's choice, so a
        teammate cannot decline it for them (rule 14, as for activating it)."""
        card = self.card(action.card_id)
        if card.zone == "monsters" and self.is_teammates(card, action.actor):
            if not self.misreads("teammate-monster-effects", "shared-effects"):
                self.illegal("teammate-monster-effects", "not_your_card",
                             f"{card.id} is teammate {card.controller}'s monster: only its "
                             "controller decides whether to activate its effects")
            action = replace(action, player=card.controller)  # the wrong reading: for them
        super().do_decline(action)

    # --- moving between the lines -------------------------------------------------------------

    def do_move(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card)
        if card.zone != "monsters" or card.controller != player:
            self.illegal(None, "not_your_monster", f"{player} does not control {card.id}")
        self.require_open_main_phase(player, "moving a monster between the lines")
        to = action.to
        if to not in ("front", "back") or to == card.line:
            self.illegal(None, "invalid_line", f"{card.id} cannot move to the {to} line")
        if "rampart" in card.notes and not self.misreads("rampart-front-line", "rampart-moves"):
            self.illegal("rampart-front-line", "rampart_front_line_only",
                         "a rampart can never move to the Back Line")
        if not card.face_up and self.misreads("move-replaces-position-change", "face-down-stays"):
            self.illegal("move-replaces-position-change", "not_your_monster",
                         f"{card.id} is face-down")
        moves = self.line_moves.get(card.id, 0)
        if moves and to == self.line_start.get(card.id) and \
                self.misreads("line-moves", "return-undoes-move"):
            self.line_moves[card.id] = 0  # taken back: as if it had never moved this turn
            card.notes.discard("position_changed")
            card.line = to
            self.emit("line", f"{card.id} moves back to the {to.title()} Line", ["line-moves"],
                      card=card.id, line=to)
            return
        if moves >= self.params["line_moves_per_turn"] and \
                not self.misreads("line-moves", "unlimited-moves"):
            self.illegal("line-moves", "already_moved", f"{card.id} has already moved this turn")
        if "position_changed" in card.notes and \
                not self.misreads("move-replaces-position-change", "move-and-change"):
            self.illegal("move-replaces-position-change", "position_change_used",
                         f"{card.id} has already changed its battle position this turn")
        if self.changed_by_effect.get(card.id) == self.turn:
            if self.misreads("effect-position-changes", "effect-change-counts"):
                self.illegal("effect-position-changes", "position_change_used",
                             f"{card.id} has already changed its battle position this turn")
            self.note_rule("effect-position-changes")
        team = self.team_of[player]
        if to == "front" and team in self.closed_front and \
                not self.misreads("front-line-closed", "front-line-reopens"):
            self.illegal("front-line-closed", "front_line_closed",
                         f"team {team}'s Front Line is closed")
        if self.line_count(team, to) >= self.params[f"{to}_line_slots"]:
            self.illegal("shared-zones", "no_free_zone", f"team {team}'s {to} line is full")
        self.line_moves[card.id] = moves + 1
        self.line_start.setdefault(card.id, card.line)
        card.line = to
        if not self.misreads("move-replaces-position-change", "move-and-change"):
            card.notes.add("position_changed")  # the move is this turn's position change
        self.emit("line", f"{card.id} moves to the {to.title()} Line",
                  ["line-moves", "move-replaces-position-change"], card=card.id, line=to)

    def do_change_position(self, action: Action) -> None:
        card = self.card(action.card)
        if card.id in self.line_moves and "position_changed" in card.notes and \
                not self.misreads("move-replaces-position-change", "move-and-change"):
            self.illegal("move-replaces-position-change", "position_change_used",
                         f"{card.id} moved between the lines instead of changing position")
        super().do_change_position(action)

    # --- battle ------------------------------------------------------------------------------

    def do_attack(self, action: Action) -> None:
        if self.turn < len(self.players) and not self.misreads("first-attacks",
                                                               "attack-from-turn-two"):
            self.illegal("first-attacks", "too_early_to_attack",
                         "no attacks until every player has begun a turn")
        if self.turn == len(self.players):
            if self.misreads("last-player-attacks", "next-round-only"):
                self.illegal("last-player-attacks", "too_early_to_attack",
                             "attacks begin after every player has played a turn")
            self.note_rule("last-player-attacks")  # the last player to begin may attack in it
        attacker = self.card(action.card)
        if attacker.zone == "monsters" and attacker.line == "back" and \
                self.misreads("front-line-attacks", "back-line-defends"):
            self.illegal("front-line-attacks", "cannot_attack",
                         f"{attacker.id} stands in Defense Position on the Back Line")
        if attacker.zone == "monsters" and attacker.line == "back" and \
                not self.misreads("front-line-attacks", "back-line-attacks"):
            self.illegal("front-line-attacks", "back_line_cannot_attack",
                         "only Front Line monsters may attack")
        super().do_attack(action)

    def check_attack_target(self, attacker: CardInstance, target: CardInstance | None,
                            player: str) -> None:
        rivals = [t for t in self.teams if t != self.team_of[player]][0]
        defenders = self.team_cards(rivals, "monsters")
        if target is None:
            if self.misreads("one-zone", "back-line-apart"):
                defenders = [d for d in defenders if d.line == "front"]
            elif any(d.line == "back" for d in defenders):
                self.note_rule("one-zone")  # a Back Line monster is in the team's Monster Zone
            if defenders:
                self.illegal(None, "direct_attack_blocked",
                             "a direct attack needs the other team to control no monsters")
            return
        if target not in defenders:
            self.illegal(None, "invalid_attack_target", f"{target.id} cannot be attacked")
        if target.line == "back" and self.misreads("back-line-shielded", "never-attacked"):
            self.illegal("back-line-shielded", "invalid_attack_target",
                         f"{target.id} stands on the Back Line")
        if target.line == "back" and any(d.line == "front" for d in defenders) and \
                not self.misreads("back-line-shielded", "back-line-open"):
            self.illegal("back-line-shielded", "back_line_shielded",
                         f"{target.id} is shielded by its team's Front Line")

    def monster_battle(self, attacker: CardInstance, defender: CardInstance, player: str,
                       rival: str) -> None:
        self._front_battle = attacker.line == "front" and defender.line == "front"
        if defender.line == "back" and defender.position == "attack" and \
                self.misreads("front-line-attacks", "back-line-defends"):
            defender.position = "defense"  # the Back Line read as the defending position
        try:
            super().monster_battle(attacker, defender, player, rival)
        finally:
            self._front_battle = False

    def battle_damage(self, player: str, value: int, source: CardInstance,
                      direct: bool = False) -> None:
        if getattr(self, "_front_battle", False) and value > 0 and \
                not self.misreads("formation-points", "damage-to-life-points") and \
                "no_battle_damage" not in self.turn_flags:
            team = self.team_of[player]
            before = self.formation_points[team]
            if self.misreads("shared-formation-points", "per-player-formation-points"):
                # each player's own score: the team's is their sum, and the player's runs out
                own = self.player_fp.setdefault(player, self.formation_points[team]
                                                // len(self.teams[team]))
                self.player_fp[player] = max(0, own - value)
                self.formation_points[team] = before - (own - self.player_fp[player])
                if self.player_fp[player] == 0:
                    self.collapse_front_line(team)
                return
            self.formation_points[team] = max(0, before - value)
            self.emit("formation", f"team {team}: {before} -> {self.formation_points[team]} "
                      "Formation Points", ["formation-points", "shared-formation-points"],
                      team=team, before=before, after=self.formation_points[team])
            if self.formation_points[team] == 0:
                self.collapse_front_line(team)
            return
        if value > 0 and not getattr(self, "_front_battle", False):
            team = self.team_of[player]
            if self.misreads("other-damage", "all-battle-damage") and \
                    self.formation_points[team] > 0:
                before = self.formation_points[team]
                self.formation_points[team] = max(0, before - value)
                if self.formation_points[team] == 0:
                    self.collapse_front_line(team)
                return
            self.note_rule("other-damage")  # not a battle between Front Lines: Life Points
        super().battle_damage(player, value, source, direct)

    def collapse_front_line(self, team: str) -> None:
        self.closed_front.add(team)
        if not self.misreads("front-line-falls", "front-line-stands"):
            for card in [c for c in self.team_cards(team, "monsters") if c.line == "front"]:
                self.destroy(card, "the fall of the Front Line")
        self.emit("formation", f"team {team}'s Formation Points are gone: its Front Line is "
                  "destroyed and closed", ["formation-points", "front-line-falls",
                                           "front-line-closed"],
                  team=team, what="front_line_falls")

    # --- effects on private zones and turns ----------------------------------------------------

    def chosen_opponent(self, ctx: EffectContext) -> str:
        chosen = ctx.selections.pop("player", None)
        if chosen is None:
            raise ScriptError("this effect reaches one player: select: {player: <name>}",
                              field="select")
        if chosen not in self.players or not self.is_opponent(ctx.controller, chosen):
            raise IllegalAction("invalid_selection", f"{chosen} is not an opponent")
        return chosen

    def opponents_of(self, player: str) -> list[str]:
        return [p for p in self.players if self.is_opponent(player, p)]

    def one_players_zone(self, ctx: EffectContext, who: str) -> list[str]:
        if who == "self":
            return [ctx.controller]
        if who == "exchange":
            self.note_rule("every-players-zone")
            chosen = self.chosen_opponent(ctx)
            if self.misreads("selection-exception", "every-player"):
                self.swap_first_cards([p for p in self.players
                                       if p not in (ctx.controller, chosen)])
            else:
                self.note_rule("selection-exception")
            return [chosen]
        rule = "one-players-zone" if who == "all_of_one_opponent" else "single-player-zone"
        mutation = "all-opponents" if rule == "one-players-zone" else "both-opponents"
        if self.misreads(rule, mutation):
            ctx.selections.pop("player", None)
            return self.opponents_of(ctx.controller)
        self.note_rule(rule)
        if rule == "one-players-zone":
            if self.misreads("selected-at-activation", "next-opponent"):
                ctx.selections.pop("player", None)
                return [self.opponent(ctx.controller)]
            self.note_rule("selected-at-activation")
        chosen = self.chosen_opponent(ctx)
        ctx.remembered["chosen_player"] = chosen  # a later step of the effect may ask
        return [chosen]

    def draw_check_players(self, ctx: EffectContext) -> list[str]:
        """The hand an effect looks at belongs to the one opponent chosen, but the cards drawn
        later are checked for every opposing player (Rule 20's Deck Devastation Virus)."""
        chosen = ctx.remembered.get("chosen_player")
        if isinstance(chosen, str) and self.misreads("single-player-zone", "chosen-player-draws"):
            return [chosen]
        self.note_rule("single-player-zone")
        return self.opponents_of(ctx.controller)

    def swap_first_cards(self, players: list[str]) -> None:
        """Two players swap the first card of their hands (the wrong reading of Rule 18)."""
        hands = [self.zone_of(p, "hand") for p in players]
        if len(players) == 2 and all(hands):
            first = [hand.pop(0) for hand in hands]
            for player, hand, card_id, giver in zip(players, hands, reversed(first),
                                                    reversed(players)):
                hand.append(card_id)
                self.card(card_id).controller = player
                self.emit("move", f"{card_id} goes from {giver}'s hand to {player}'s hand",
                          card=card_id, from_player=giver, player=player, what="hand_to_hand")

    def every_players_zone(self, ctx: EffectContext) -> list[str]:
        if self.misreads("every-players-zone", "controller-and-one"):
            return [ctx.controller, ctx.selections.pop("player", None) or
                    self.opponent(ctx.controller)]
        if self.misreads("every-players-zone", "controller-and-opponents"):
            return [ctx.controller] + self.opponents_of(ctx.controller)
        self.note_rule("every-players-zone")
        return list(self.players)

    def standby_applies(self, card: CardInstance, whose: str) -> bool:
        if "rampart" in card.notes:
            if not self.misreads("rampart-negated", "effect-applies"):
                self.note_rule("rampart-negated")
                return False
        if whose == "opponent":
            if self.misreads("opponents-phase-effects", "one-opponent-only"):
                return self.turn_player == self.opponent(card.controller)
            if self.misreads("opponents-phase-effects", "own-team-turns"):
                return not self.is_opponent(card.controller, self.turn_player)
            if self.is_opponent(card.controller, self.turn_player):
                self.note_rule("opponents-phase-effects")
                return True
            return False
        if whose == "each":
            if self.misreads("every-turn-phase-effects", "controller-and-one-opponent"):
                return self.turn_player in (card.controller, self.opponent(card.controller))
            if self.misreads("every-turn-phase-effects", "own-team-turns"):
                return not self.is_opponent(card.controller, self.turn_player)
            self.note_rule("every-turn-phase-effects")
            return True
        return super().standby_applies(card, whose)

    def is_your_turn(self, player: str) -> bool:
        """"During your turn" holds in a teammate's turn too (the site's reading of Rule 19)."""
        if self.misreads("your-turn-conditions", "controller-turns-only"):
            return self.turn_player == player
        self.note_rule("your-turn-conditions")
        return not self.is_opponent(self.turn_player, player)

    def turn_is_for(self, player: str) -> bool:
        if self.misreads("phase-effects", "controller-turns-only"):
            return self.turn_player == player
        self.note_rule("phase-effects")
        return not self.is_opponent(self.turn_player, player)

    def maintenance_due(self, card: CardInstance) -> bool:
        if self.misreads("teammate-maintenance", "controller-only"):
            return self.turn_player == card.controller
        self.note_rule("teammate-maintenance")
        return not self.is_opponent(self.turn_player, card.controller)

    def pay_maintenance(self, card: CardInstance, cost: int) -> None:
        if self.turn_player != card.controller and \
                self.misreads("teammate-maintenance", "unpaid-by-teammate"):
            self.destroy(card, "its maintenance cost, which only its controller may pay")
            return
        super().pay_maintenance(card, cost)

    def count_card_turns(self) -> None:
        if self.misreads("turn-counts", "team-rounds"):
            team = self.team_of[self.turn_player]
            if self.turn_player != self.teams[team][0]:
                return
        self.note_rule("turn-counts")
        super().count_card_turns()

    # --- winning ----------------------------------------------------------------------------

    def check_lp(self) -> None:
        down = [t for t, members in self.teams.items() if self.players[members[0]].lp <= 0]
        if self.misreads("team-lp-zero", "formation-points-as-reserve") or \
                self.misreads("team-lp-zero", "formation-points-absorb"):
            down = [t for t in down if self.formation_points[t] <= 0]
        if len(down) == 2:
            self.finish(None, "lp_zero", ["both-zero-lp"])
        elif down:
            self.finish([t for t in self.teams if t != down[0]][0], "lp_zero",
                        ["zero-lp", "shared-life-points", "team-lp-zero"])

    def decked_out(self, players: list[str], cause: str) -> None:
        if self.partial_draw_allowed():
            return
        teams = {self.team_of[p] for p in players}
        if self.misreads("team-victory", "whole-team-must-deck-out"):
            teams = {t for t in teams if all(m in players for m in self.teams[t])}
        if len(teams) == 2:
            self.finish(None, "deck_out", ["both-deckout"])
        elif teams:
            loser = teams.pop()
            self.finish([t for t in self.teams if t != loser][0], "deck_out",
                        ["deckout", "team-victory"])

    def draw_phase_draw(self, player: str) -> None:
        if not self.zone_of(player, "deck"):
            stocked = [m for m in self.teammates(player) if self.zone_of(m, "deck")]
            if stocked and self.misreads("own-card-areas", "shared-decks"):
                # the team's Decks as one: the draw comes from a teammate's Deck
                self.move(self.card(self.zone_of(stocked[0], "deck")[0]), "hand", controller=player,
                          reason="drawn (Draw Phase)")
                return
            if stocked:
                self.note_rule("own-card-areas")  # a teammate's Deck is not the player's to draw
            self.decked_out([player], "Draw Phase")
            return
        super().draw_phase_draw(player)

    def winning_players(self, winner: str) -> Iterable[str]:
        """A Phalanx duel is won by a team: the result names the team and lists its players."""
        return self.teams.get(winner, ())

    def lose(self, loser: str, reason: str, rules: Iterable[str] = ()) -> None:
        team = self.team_of[loser]
        self.finish([t for t in self.teams if t != team][0], reason, rules)

    def do_concede(self, action: Action) -> None:
        """A player concedes for the team: the Duel, or with `choose: match` the Match."""
        team = self.team_of[action.actor]
        self.finish([t for t in self.teams if t != team][0], "concession", ["concede"],
                    self.concedes_the_match(action))

    def match_sides(self) -> tuple[str, ...]:
        """A Phalanx Match is played team against team."""
        return tuple(self.teams)

    # --- turns -------------------------------------------------------------------------------

    def next_turn_player(self) -> str:
        if self.misreads("rotation", "team-by-team"):
            members = self.teammates(self.turn_player)
            index = members.index(self.turn_player)
            if index + 1 < len(members):
                return members[index + 1]
            other = [t for t in self.teams if t != self.team_of[self.turn_player]][0]
            return self.teams[other][0]
        self.note_rule("rotation")
        return self.next_player(self.turn_player)

    def next_turn(self, stop_at: str) -> None:
        self.line_moves, self.line_start = {}, {}
        super().next_turn(stop_at)

    # --- expectations ------------------------------------------------------------------------

    def observe_format(self) -> YamlMapping:
        return {**super().observe_format(),
                "team_lp": {t: self.players[m[0]].lp for t, m in self.teams.items()},
                "formation_points": dict(self.formation_points)}

    def snapshot(self) -> YamlMapping:
        data = super().snapshot()
        data["teams"] = {team: {"players": members, "lp": self.players[members[0]].lp,
                                "formation_points": self.formation_points[team],
                                "front_line_closed": team in self.closed_front}
                         for team, members in self.teams.items()}
        return data

    def card_facts(self, card: CardInstance) -> YamlMapping:
        facts = super().card_facts(card)
        facts["line"] = card.line
        facts["rampart"] = "rampart" in card.notes
        return facts
