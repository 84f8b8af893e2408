"""Kingdom Duels Setup Phase and Rule Cards.

A scenario whose setup has `setup_phase: {first: A}` starts before the duel: the players hold only
their decks (the Main Deck as listed is the shuffled deck, top first). The steps of the Setup Phase
then run in their order as the script goes on:

1. the decks are in place (announced with the first step);
2. each player may activate Setup Rule Cards (`activate_rule` steps), moving them from the Extra
   Deck to the Rule Zone;
3. the starting Terrains are laid: a Field Setup's list, left to right, or the default Terrain;
4. the player named `first` will take the first turn;
5. each player draws the starting hand; a Duelist Setup holder may then `swap` starting cards for
   Cardlist cards taken from the Deck, after which that Deck is shuffled with the duel's seeded
   generator;
6. the duel begins: turn 1, the first player's Draw Phase, in which that player draws too.

The first step that is not an `activate_rule` ends step 2, and the first that is not a `swap` ends
the Setup Phase; the end of the script finishes it as well. The Rule Cards played during the duel
are in `kingdom_rule_cards`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ScenarioError, ScriptError
from ..parameters import Param, Whole
from ..rules import Rule
from .kingdom_component import Component
from .kingdom_rule_cards import RULE_CARD_PARAMETERS, RULE_CARD_RULES

if TYPE_CHECKING:
    from ..scenario import Action, Scenario
    from ..state import CardInstance
    from ..yamltypes import YamlMapping, YamlValue
    from .kingdom_duels import KingdomDuel
    from .kingdom_rule_cards import RuleCards
    from .kingdom_teams import Teams
    from .kingdom_terrain import Terrains

# Article parameters this part of the ruleset reads (added to KingdomDuel.PARAMETERS).
SETUP_PARAMETERS = (
    Param("starting_hand_size", Whole(0, 100), "kingdom-duels/setup#setup-step-5"),
    Param("duelist_setup_max_swaps", Whole(0, 100), "kingdom-duels/setup#duelist-setup-swap-rule"),
    Param("game_setups_active_max", Whole(0, 100),
          "kingdom-duels/rule-cards#game-setup-active-limit"),
    Param("field_setups_per_duel", Whole(0, 100), "kingdom-duels/rule-cards#field-setup-limit"),
    Param("duelist_setups_per_duel", Whole(0, 100),
          "kingdom-duels/rule-cards#duelist-setup-limit"),
) + RULE_CARD_PARAMETERS

# The official Speed Duel's starting hand: only the wrong reading of `kd-starting-hand` uses it.
SPEED_DUEL_STARTING_HAND = 4

SETUP_RULES = (
    Rule("kd-starting-hand", "kingdom-duels/setup#setup-step-5",
         "Each player draws a starting hand of {{ starting_hand_size }} cards in the Setup Phase.",
         {"speed-duel-hand": "each player draws the official Speed Duel's starting hand of 4 "
                             "cards, as in that other format of small decks and low Life Points"}),
    Rule("kd-setup-order", "kingdom-duels/setup#setup-phase-order",
         "The Setup Phase runs in order; the Duelist Setup swap comes after the starting hand.",
         {"swap-before-draw": "the Duelist Setup swap is made before the starting hand is drawn"}),
    Rule("kd-field-setup-terrains", "kingdom-duels/rule-cards#field-setup-terrains-order",
         "A Field Setup's Terrains list gives its player's starting Terrains, left to right.",
         {"default-land": "every player starts on the default Terrain, Field Setup or not",
          "right-to-left": "the Terrains list is laid out from right to left"}),
    Rule("kd-first-turn-draw", "kingdom-duels/turn-structure#draw-every-turn",
         "The player who goes first draws in the Draw Phase of turn 1 too.",
         {"no-first-turn-draw": "the first player skips the draw of turn 1"}),
    Rule("kd-setup-only", "kingdom-duels/setup#setup-rules-only-in-setup-phase",
         "Setup Rule Cards are activated only in the Setup Phase.",
         {"any-time": "a Setup Rule Card may also be activated once the duel has begun"}),
    Rule("kd-field-setup-limit", "kingdom-duels/rule-cards#field-setup-limit",
         "A player plays at most a set number of Field Setups per duel.",
         {"no-limit": "a player may play several Field Setups"}),
    Rule("kd-boss-field-setup", "kingdom-duels/multiplayer#boss-single-field-setup",
         "The players of a Boss team play a single Field Setup between them, and it lays the "
         "Terrains of their shared board.",
         {"one-each": "each team player may play a Field Setup of their own"}),
    Rule("kd-duelist-setup-limit", "kingdom-duels/rule-cards#duelist-setup-limit",
         "A player plays at most a set number of Duelist Setups per duel.",
         {"no-limit": "a player may play several Duelist Setups"}),
    Rule("kd-game-setup-limit", "kingdom-duels/rule-cards#game-setup-active-limit",
         "At most a set number of Game Setups are active, counting every player's together.",
         {"one-per-player": "the limit counts each player's Game Setups separately"}),
    Rule("kd-swap-limit", "kingdom-duels/rule-cards#duelist-hand-swap",
         "A Duelist Setup holder swaps at most a set number of starting cards.",
         {"no-limit": "any number of starting cards may be swapped"}),
    Rule("kd-swap-cardlist", "kingdom-duels/setup#duelist-setup-swap-rule",
         "The cards taken in a Duelist Setup swap must be on its Cardlist.",
         {"any-card": "any card of the Deck may be taken"}),
    Rule("kd-swap-distinct", "kingdom-duels/rule-cards#duelist-swap-distinct-cards",
         "Each card taken in a Duelist Setup swap is a different card.",
         {"copies-allowed": "two copies of the same Cardlist card may be taken"}),
    Rule("kd-swap-shuffle", "kingdom-duels/setup#duelist-setup-swap-shuffle",
         "After the swap, the player shuffles the Deck.",
         {"no-shuffle": "the returned cards simply go to the bottom of the Deck"}),
    *RULE_CARD_RULES,
)

SETUP_KINDS = ("game-setup", "field-setup", "duelist-setup", "challenge-setup")
# Setup kinds a player may play only so often per duel: (rule, parameter, reason code).
PER_DUEL_LIMITS = {
    "field-setup": ("kd-field-setup-limit", "field_setups_per_duel", "field_setup_limit"),
    "duelist-setup": ("kd-duelist-setup-limit", "duelist_setups_per_duel", "duelist_setup_limit"),
}
# What a player brings to a duel replayed from its Setup Phase.
# (and the colour of the side each chooses: kingdom_board_rulings)
SETUP_PHASE_PLAYER_KEYS = ("deck", "extra_deck", "team", "joining", "colour")
# The stages of a replayed Setup Phase, in order; None once the duel has begun.
DECKS, SETUP_RULES_STAGE, SWAPS = "decks", "setup-rules", "swaps"


class SetupPhase(Component):
    """The Setup Phase: its stages, the Setup Rule Cards played in it, the starting Terrains and
    hands, and the Duelist Setup swap."""

    def __init__(self, duel: KingdomDuel, rule_cards: RuleCards, teams: Teams,
                 terrain: Terrains) -> None:
        super().__init__(duel)
        self.rule_cards = rule_cards
        self.teams = teams
        self.terrain = terrain
        # the stage of a replayed Setup Phase, None once the duel is on
        self.setup_stage: str | None = None
        self.first_player: str | None = None
        # player -> the Setup kinds they played this duel
        self.setups_played: dict[str, list[str]] = {}
        # player -> names of the Cardlist cards taken in the swap
        self.swapped: dict[str, list[str]] = {}

    # --- reading the scenario ------------------------------------------------------------------

    def begin_if_asked(self, scenario: Scenario, players: YamlMapping) -> None:
        """A scenario with `setup_phase:` starts before the duel."""
        entry = scenario.setup.get("setup_phase")
        if entry is not None:
            self.start_setup_phase(scenario, entry, players)

    def start_setup_phase(self, scenario: Scenario, entry: YamlValue,
                          players: YamlMapping) -> None:
        """A duel replayed from its Setup Phase: only decks, and no turn yet."""
        if not isinstance(entry, dict) or set(entry) != {"first"} or entry["first"] not in players:
            raise scenario.error("setup_phase is {first: <the player who goes first>}",
                                 "setup.setup_phase")
        for key in ("turn",):
            if key in scenario.setup:
                raise scenario.error(f"a duel replayed from its Setup Phase sets no {key}: it "
                                     "begins at turn 1", f"setup.{key}")
        for name, player in players.items():
            extra = sorted(set(player) - set(SETUP_PHASE_PLAYER_KEYS))
            if extra:
                raise scenario.error(f"before the Setup Phase a player has only "
                                     f"{', '.join(SETUP_PHASE_PLAYER_KEYS)}",
                                     f"setup.players.{name}.{extra[0]}")
        self.first_player = entry["first"]
        self.setup_stage, self.duel.turn, self.duel.phase = DECKS, 0, "setup"

    def set_up(self, name: str) -> None:
        """The Setup Rule Cards a set-up player already has in the Rule Zone."""
        self.setups_played[name] = [c.card.subtype for c in self.rule_cards.rule_zone_cards(name)
                                    if c.card.subtype in SETUP_KINDS]

    # --- moving through the Setup Phase --------------------------------------------------------

    def under_way(self) -> bool:
        """Is a replayed Setup Phase still going on (the duel not over)?"""
        return self.setup_stage is not None and self.duel.result is None

    def advance_setup(self, verb: str | None) -> None:
        """Carry the Setup Phase on as far as the next step of the script needs."""
        if self.setup_stage == DECKS:
            self.emit("setup", "Setup Phase (1): each player's shuffled Main Deck and Extra Deck "
                      "are in their zones", ["kd-setup-order"])
            self.setup_stage = SETUP_RULES_STAGE
        if self.setup_stage == SETUP_RULES_STAGE and verb != "activate_rule":
            self.prepare_hands()
        if self.setup_stage == SWAPS and verb != "swap" and self.duel.result is None:
            self.begin_duel()

    def prepare_hands(self) -> None:
        """Steps 3 to 5: Terrains, the first player, the starting hands."""
        self.lay_starting_terrains()
        assert self.first_player is not None  # named when the Setup Phase began
        self.duel.turn_player = self.duel.priority = self.first_player
        self.emit("setup", f"Setup Phase (4): {self.first_player} will take the first turn",
                  ["kd-setup-order"], player=self.first_player)
        if not self.misreads("kd-setup-order", "swap-before-draw"):
            self.draw_starting_hands()
        self.setup_stage = SWAPS

    def board_partners(self, player: str) -> list[str]:
        """The other players whose board `player` shares: a Boss team's players."""
        if self.teams.mode != "boss":
            return []
        return [p for p in self.teams.teams[self.teams.team_of[player]] if p != player]

    def check_boss_field_setup(self, player: str) -> None:
        """A Boss team agrees on one Field Setup for its shared board."""
        played = [p for p in self.board_partners(player) if "field-setup" in self.setups_played[p]]
        if played and not self.misreads("kd-boss-field-setup", "one-each"):
            self.illegal("kd-boss-field-setup", "field_setup_limit",
                         f"{player}'s team already plays {played[0]}'s Field Setup")
        self.note_rule("kd-boss-field-setup")

    def field_setup_for(self, player: str) -> CardInstance | None:
        """The Field Setup that lays a player's Terrains: their own, or their Boss team's."""
        for owner in [player] + self.board_partners(player):
            field_setup = next(iter(self.rule_cards.rule_zone_cards(owner, "field-setup")), None)
            if field_setup is not None:
                if owner != player:
                    self.note_rule("kd-boss-field-setup")
                return field_setup
        return None

    def lay_starting_terrains(self) -> None:
        """Step 3: a Field Setup's Terrains list, read left to right, or the default Terrain on
        every Monster Zone of a player who played none."""
        count = self.params["terrain_markers_per_side"]
        terrain = self.terrain
        for name in self.duel.players:
            field_setup = self.field_setup_for(name)
            if field_setup is None and self.misreads("kd-default-terrain", "opponents-field-setup"):
                field_setup = next((found for rival in self.duel.players
                                    if self.duel.is_opponent(name, rival)
                                    for found in [self.field_setup_for(rival)] if found), None)
            terrain.default_sides.discard(name)
            if field_setup is None or self.misreads("kd-field-setup-terrains", "default-land"):
                terrain.markers[name] = [self.params["default_terrain"]] * count
                if field_setup is None:
                    terrain.default_sides.add(name)
                self.emit("setup", f"Setup Phase (3): {name} lays {count} "
                          f"{self.params['default_terrain']} Terrains"
                          + (": no Field Setup, the default" if field_setup is None else ""),
                          ["kd-default-terrain"] if field_setup is None else [])
                continue
            # a Field Setup's card always has its terms (the catalog checks: rule_terms_problem)
            assert field_setup.card.rule is not None
            markers = list(field_setup.card.rule["terrains"])
            if self.misreads("kd-field-setup-terrains", "right-to-left"):
                markers.reverse()
            if len(markers) != count or any(m not in terrain.catalog for m in markers):
                raise ScenarioError(f"{field_setup.name} must list {count} known Terrains",
                                    field="rule.terrains")
            terrain.markers[name] = markers
            self.emit("setup", f"Setup Phase (3): {name} lays the Terrains of {field_setup.id}, "
                      f"left to right: {', '.join(markers)}", ["kd-field-setup-terrains"],
                      player=name, by=field_setup.id, terrains=list(markers), what="field_setup")

    def draw_starting_hands(self) -> None:
        if self.misreads("kd-starting-hand", "speed-duel-hand"):
            size, rules = SPEED_DUEL_STARTING_HAND, ["kd-setup-order"]
        else:
            size, rules = self.params["starting_hand_size"], ["kd-setup-order", "kd-starting-hand"]
        self.emit("setup", f"Setup Phase (5): each player draws a starting hand of {size} cards",
                  rules)
        self.duel.draw({name: size for name in self.duel.players}, "starting hand")

    def begin_duel(self) -> None:
        """Step 6: shuffle after any swap, then turn 1 with the first player's Draw Phase."""
        duel = self.duel
        for name in self.swapped:
            self.shuffle_after_swap(name)
        if self.misreads("kd-setup-order", "swap-before-draw"):
            self.draw_starting_hands()
            if duel.result is not None:
                return
        self.setup_stage = None
        duel.turn, duel.phase, duel.passes = 1, "draw", 0
        self.emit("setup", f"Setup Phase (6): the duel begins; turn 1 is {duel.turn_player}'s",
                  ["kd-setup-order"])
        if self.misreads("kd-first-turn-draw", "no-first-turn-draw"):
            self.emit("draw", f"{duel.turn_player} does not draw in the first turn")
        else:
            self.emit("draw", f"{duel.turn_player} draws in the Draw Phase of turn 1 as in every "
                      "other turn", ["kd-first-turn-draw"])
            duel.draw_phase_draw(duel.turn_player)
        if duel.result is not None:
            return
        duel.phase = "standby"
        duel.standby_phase()
        duel.phase = "main1"

    def shuffle_after_swap(self, player: str) -> None:
        if self.misreads("kd-swap-shuffle", "no-shuffle"):
            return
        self.duel.rng.shuffle(self.zone_of(player, "deck"))
        self.emit("shuffle", f"{player} shuffles the Deck after the Duelist Setup swap",
                  ["kd-swap-shuffle"], player=player, what="swap")

    # --- step 2: Setup Rule Cards --------------------------------------------------------------

    def plays_setup_rule(self, player: str, card: CardInstance) -> bool:
        """`activate_rule` of a Setup Rule Card (True, played); any other Rule Card must wait
        for the duel to begin."""
        if card.card.kind == "rule" and card.card.subtype in SETUP_KINDS:
            self.activate_setup_rule(player, card)
            return True
        if self.setup_stage is not None:
            self.illegal(None, "duel_not_started",
                         f"{card.id} is not a Setup Rule Card; the duel has not begun")
        return False

    def activate_setup_rule(self, player: str, card: CardInstance) -> None:
        if card.zone != "extra_deck" or card.owner != player:
            self.illegal(None, "not_in_extra_deck",
                         f"{card.id} is not a Rule Card in {player}'s Extra Deck")
        if self.setup_stage != SETUP_RULES_STAGE:
            if not self.misreads("kd-setup-only", "any-time"):
                self.illegal("kd-setup-only", "setup_phase_only",
                             f"{card.id} ({card.name}) is a Setup Rule Card: only the Setup "
                             "Phase can see it played")
        else:
            self.note_rule("kd-setup-only")
        self.check_setup_limits(player, card)
        self.rule_cards.check_rule_zone_room(player)
        self.rule_cards.place_in_rule_zone(card, player, "a Setup Rule Card activated")
        self.setups_played[player].append(card.card.subtype)
        self.emit("setup", f"Setup Phase (2): {player} activates {card.id} ({card.name})",
                  ["kd-setup-order"], card=card.id, player=player, what="rule_card")

    def check_setup_limits(self, player: str, card: CardInstance) -> None:
        kind = card.card.subtype
        if kind in PER_DUEL_LIMITS:
            rule, parameter, reason = PER_DUEL_LIMITS[kind]
            if self.setups_played[player].count(kind) >= self.params[parameter] and \
                    not self.misreads(rule, "no-limit"):
                self.illegal(rule, reason, f"{player} has already played a {kind} this duel")
            self.note_rule(rule)
        if kind == "field-setup" and self.teams.mode == "boss":
            self.check_boss_field_setup(player)
        if kind == "game-setup":
            owners = [player] if self.misreads("kd-game-setup-limit", "one-per-player") \
                else list(self.duel.players)
            active = [c.id for p in owners for c in self.rule_cards.rule_zone_cards(p, "game-setup")]
            if len(active) >= self.params["game_setups_active_max"]:
                self.illegal("kd-game-setup-limit", "game_setup_limit",
                             f"a Game Setup is already active ({', '.join(active)})")
            self.note_rule("kd-game-setup-limit")

    # --- step 5: the Duelist Setup swap --------------------------------------------------------

    def swap(self, action: Action) -> None:
        """`swap`: a Duelist Setup holder gives a starting card back for a Cardlist card."""
        player, given = action.actor, self.card(action.card)
        if self.setup_stage != SWAPS:
            self.illegal(None, "not_in_setup_phase", "starting cards are swapped only in the "
                         "Setup Phase, once the starting hands are drawn")
        duelist_setup = next(iter(self.rule_cards.rule_zone_cards(player, "duelist-setup")), None)
        if duelist_setup is None:
            self.illegal(None, "no_duelist_setup", f"{player} played no Duelist Setup")
        if action.target is None:
            raise ScriptError("swap names the Cardlist card taken from the Deck "
                              "(target: <card id>)", field="target")
        taken = self.card(action.target)
        self.check_swap(player, given, taken, duelist_setup)
        self.swapped.setdefault(player, []).append(taken.name)
        self.duel.move(taken, "hand", reason=f"taken from the Cardlist of {duelist_setup.id}")
        self.emit("reveal", f"{player} reveals {taken.id} ({taken.name}) from the Cardlist of "
                  f"{duelist_setup.id}", ["kd-swap-limit", "kd-swap-cardlist", "kd-swap-distinct"],
                  card=taken.id, player=player, setup=duelist_setup.id, what="cardlist")
        if given.zone == "hand":
            self.duel.move(given, "deck", reason="returned by the Duelist Setup swap")

    def check_swap(self, player: str, given: CardInstance, taken: CardInstance,
                   duelist_setup: CardInstance) -> None:
        """A swap gives a starting card back for a different Cardlist card, within the limit."""
        hand_drawn = not self.misreads("kd-setup-order", "swap-before-draw")
        if hand_drawn and (given.zone != "hand" or given.owner != player):
            self.illegal("kd-setup-order", "not_in_starting_hand",
                         f"{given.id} is not in {player}'s starting hand")
        if taken.zone != "deck" or taken.owner != player:
            self.illegal(None, "not_in_deck", f"{taken.id} is not in {player}'s Deck")
        # a Duelist Setup's card always has its terms (the catalog checks: rule_terms_problem)
        assert duelist_setup.card.rule is not None
        if taken.name not in duelist_setup.card.rule["cardlist"] and \
                not self.misreads("kd-swap-cardlist", "any-card"):
            self.illegal("kd-swap-cardlist", "not_on_cardlist",
                         f"{taken.name} is not on the Cardlist of {duelist_setup.name}")
        taken_before = self.swapped.get(player, [])
        if len(taken_before) >= self.params["duelist_setup_max_swaps"] and \
                not self.misreads("kd-swap-limit", "no-limit"):
            self.illegal("kd-swap-limit", "swap_limit",
                         f"{player} has already swapped {len(taken_before)} cards")
        if taken.name in taken_before and not self.misreads("kd-swap-distinct", "copies-allowed"):
            self.illegal("kd-swap-distinct", "same_card_twice",
                         f"{player} has already taken a copy of {taken.name}")

