"""Kingdom Duels: a Duelist Kingdom style game built on the core Duel.

Numbers come from the format's articles (starting LP, attacks per Battle Phase,
the Destruction Damage fraction and cap). This ruleset covers summoning without
Tributes, Hiding instead of Setting, battle without direct attacks, Quick
Normal Spells and Destruction Damage; terrains, idleness and the card kinds of
the format follow.
"""
from functools import lru_cache
from pathlib import Path

from ..cards import CATALOG_DIR
from ..duel import Duel
from ..parameters import Choice, Fraction, Param, Percent, Whole
from ..rules import Rule, rulebook
from ..state import ChainLink
from ..vocabulary import reasons
from ..yamlsource import load_lazily
from .kingdom_battle import BATTLE_RULES, RedirectsAndReplays
from .kingdom_board_rulings import BOARD_PARAMETERS, BOARD_RULES, BoardRulings
from .kingdom_card_rulings import CARD_RULINGS_RULES, CardRulings
from .kingdom_clarifications import CLARIFICATION_RULES, Clarifications
from .kingdom_equips import EQUIP_RULES, EquipsAndControl
from .kingdom_extra_deck import EXTRA_DECK_PARAMETERS, EXTRA_DECK_RULES, ExtraDeckMonsters
from .kingdom_setup import SETUP_PARAMETERS, SETUP_RULES, SetupPhase
from .kingdom_subduel import SUBDUEL_RULES, Subduels
from .kingdom_teams import TEAM_PARAMETERS, TEAM_RULES, TeamDuels
from .kingdom_tilemap import TILEMAP_RULES, Tilemaps
from ..wording import counted

TERRAINS_FILE = CATALOG_DIR / "terrains" / "kingdom-duels.yaml"
# The official game's End Phase hand limit, which Kingdom Duels drops: only its wrong reading uses
# it (no article of this format states it, so it is no parameter).
OFFICIAL_HAND_LIMIT = 6
# The official game's starting Life Points: only the wrong reading of `kd-starting-lp` uses it.
OFFICIAL_STARTING_LP = 8000


@lru_cache(maxsize=None)
def terrains(path=TERRAINS_FILE):
    """Terrain Markers by name: the Types and Attributes each favours."""
    data, _ = load_lazily(Path(path).read_text(encoding="utf-8"), Path(path).name)
    return {entry["name"]: entry for entry in data}


class KingdomDuel(EquipsAndControl, Subduels, Tilemaps,
                  BoardRulings, Clarifications, RedirectsAndReplays, SetupPhase, ExtraDeckMonsters,
                  TeamDuels, CardRulings, Duel):
    slug = "kingdom-duels"
    EXPECT_KEYS = Duel.EXPECT_KEYS + ("warnings", "terrains", "charges", "defeated", "tiles")
    CARD_FACTS = Duel.CARD_FACTS + ("column", "host")
    PARAMETERS = (
        Param("starting_lp", Whole(1), "kingdom-duels/setup#starting-lp"),
        Param("attacks_per_battle_phase", Whole(0, 100),
              "kingdom-duels/battle#one-attack-per-battle-phase"),
        Param("destruction_damage_fraction", Fraction(),
              "kingdom-duels/terminology#destruction-damage-amount"),
        Param("destruction_damage_cap_per_turn", Whole(0),
              "kingdom-duels/terminology#destruction-damage-cap"),
        Param("field_power_bonus_percent", Percent(), "kingdom-duels/terrain#fpb-amount"),
        Param("default_terrain", Choice(lambda: tuple(terrains())),
              "kingdom-duels/terrain#default-land"),
        Param("terrain_markers_per_side", Whole(1, 20), "kingdom-duels/setup#default-land-terrains"),
        Param("frontrow_zones", Whole(1, 20), "kingdom-duels/board#frontrow-monster-zones"),
        Param("idle_warnings_to_lose", Whole(1, 100), "kingdom-duels/idleness#warnings-to-lose"),
        Param("strike_per_turn", Whole(0, 100), "kingdom-duels/effect-types#strike-timing"),
        Param("normal_summons_per_turn", Whole(0, 100), "kingdom-duels/summoning#one-normal-summon"),
        Param("cards_drawn_per_turn", Whole(0, 100), "kingdom-duels/turn-structure#draw-every-turn"),
        Param("dice_sides", Whole(2, 100), ("kingdom-duels/effect-types#dice-roll",
                                           "kingdom-duels/effect-types#dice-match-mandatory")),
    ) + TEAM_PARAMETERS + SETUP_PARAMETERS + EXTRA_DECK_PARAMETERS + BOARD_PARAMETERS
    STEP_VERBS = Duel.STEP_VERBS | {
        "hide", "strike", "decline", "redirect", "join", "end_duel", "activate_rule", "swap",
        "use_symbol", "integration_summon", "send", "ritual_summon", "move", "detach"}
    CARD_FIELDS = Duel.CARD_FIELDS | {"column", "equipped_to", "attached_to"}
    PLAYER_FIELDS = Duel.PLAYER_FIELDS | {"terrains", "idle_warnings", "team", "joining",
                                          "colour", "rule_zone", "eroded", "attached"}
    SETUP_FIELDS = Duel.SETUP_FIELDS | {"mode", "setup_phase"}
    REASON_CODES = reasons(
        Duel.REASON_CODES, "battle_locked", "battle_phase_skipped", "cannot_hide",
        "cannot_strike", "invalid_terrain", "no_direct_attacks", "no_set", "not_triggered",
        "once_per_turn", "one_attack_per_battle_phase", "too_early_to_attack", "unstoppable",
        "once_per_duel",
        # Team Duels, Rule Cards and the Setup Phase, Extra Deck monsters (the mixins)
        "already_in_duel", "cannot_redirect", "no_attack", "nobody_defeated",
        "not_battle_royale", "not_in_duel", "redirect_used", "keyword_not_met",
        "not_a_rule_card", "not_enough_charges", "not_in_rule_zone", "reliance_only",
        "rule_zone_full", "symbol_limit", "symbol_once_per_round", "duel_not_started",
        "duelist_setup_limit", "field_setup_limit", "game_setup_limit", "not_in_deck",
        "not_in_setup_phase", "not_in_starting_hand", "not_on_cardlist", "same_card_twice",
        "setup_phase_only", "swap_limit", "cannot_send", "no_ritual_spell", "no_alter_material",
        "summoning_counters", "token_cannot_be_attached", "wrong_alter_type",
        "no_duelist_setup", "no_summon_conditions", "not_in_extra_deck",
        "no_field_zone",
        # Tilemaps, Subduels, equips and attachments
        "no_tile_move", "not_adjacent", "obstructed", "out_of_range", "outside_tilemap",
        "tile_occupied", "not_your_tile", "not_a_tile", "subduel_in_progress", "cannot_equip",
        "cannot_attach", "cannot_detach")
    RULES = rulebook(
        Rule("kd-no-tributes", "kingdom-duels/summoning#no-tribute-any-level",
             "A Normal Summon of any Level needs no Tribute.",
             {"tributes-needed": "high-Level monsters need Tributes as in the official game"}),
        Rule("kd-normal-summons", "kingdom-duels/summoning#one-normal-summon",
             "A player may Normal Summon {{ normal_summons_per_turn }} time(s) per turn.",
             {"no-limit": "a player may Normal Summon any number of times in a turn"}),
        Rule("kd-no-set", "kingdom-duels/summoning#no-set-only-hide",
             "Monsters cannot be Set; they are Hidden only when an effect allows it.",
             {"set-allowed": "monsters may be Set face-down as in the official game"}),
        Rule("kd-flip-hidden", "kingdom-duels/summoning#flip-hidden-def",
             "A FLIP monster may be summoned Hidden in Defense Position.",
             {"no-hidden-summon": "no monster may be summoned Hidden without an effect"}),
        Rule("kd-no-direct", "kingdom-duels/battle#no-direct-attack",
             "A monster never attacks the opponent's Life Points directly.",
             {"direct-allowed": "with no monsters in the way, a direct attack is allowed"}),
        Rule("kd-one-attack", "kingdom-duels/battle#one-attack-per-battle-phase",
             "Only {{ attacks_per_battle_phase }} monster(s) may attack in each Battle Phase.",
             {"one-per-monster": "each monster may attack once, as in the official game"}),
        Rule("kd-quick-spells", "kingdom-duels/spells-and-traps#all-quick",
             "Spells and Traps are Quick, except Equip and Continuous Spells, which are Slow.",
             {"normal-spells-slow": "Normal Spells are Slow, as Spell Speed 1 in the official game"}),
        Rule("kd-hide-not-summon", "kingdom-duels/clarifications#hiding-is-not-a-summon",
             "Hiding a face-up monster is a game mechanic, not a summon.",
             {"hiding-summons": "Hiding a monster counts as summoning it"}),
        Rule("kd-fpb", "kingdom-duels/terrain#terrain-lists-bonus-types",
             "Only monsters of the Types or Attributes a Terrain names get its Field Power Bonus.",
             {"any-monster": "every monster on the Terrain gets the bonus"}),
        Rule("kd-fpb-hidden", "kingdom-duels/terrain#fpb-hidden",
             "Hidden monsters get the Field Power Bonus too.",
             {"hidden-no-bonus": "a Hidden monster gets no bonus until it is revealed"}),
        Rule("kd-idle-warning", "kingdom-duels/idleness#condition-opponent-has-monster",
             "An Idle Warning needs the opponent to have a monster on their field.",
             {"ignores-opponent-field": "the warning is given whatever the opponent controls"}),
        Rule("kd-idle-whole-turn", "kingdom-duels/idleness#condition-no-own-monster",
             "The warning needs its player to have had no monster at any point of the turn.",
             {"end-of-turn-only": "only the field at the End Phase counts"}),
        Rule("kd-idle-no-prevention", "kingdom-duels/idleness#condition-no-summon-prevention",
             "The warning needs that no effect prevented or negated its player's summons this "
             "turn.",
             {"prevention-ignored": "a negated summon does not spare the player a warning"}),
        Rule("kd-destruction-amount", "kingdom-duels/terminology#destruction-damage-amount",
             "Destruction Damage is {{ destruction_damage_fraction }} of the destroyed monster's ATK.",
             {"full-atk": "Destruction Damage equals the destroyed monster's full ATK"}),
        Rule("kd-tokens-gone", "kingdom-duels/other-cards#tokens-removed-from-game",
             "A Token that leaves the field is removed from the game.",
             {"token-to-graveyard": "a Token goes to the Graveyard like a card"}),
        Rule("kd-coin", "kingdom-duels/effect-types#coin-outcome",
             "A coin-call effect applies the part its card states for a right or a wrong call.",
             {"caller-wins": "the caller's effect applies whether the call was right or wrong"}),
        Rule("kd-dice", "kingdom-duels/effect-types#dice-match-mandatory",
             "A DICE effect rolls a {{ dice_sides }}-sided die; the part whose value was rolled "
             "must be applied.",
             {"match-optional": "the player may decline the part that matches the roll"}),
        Rule("kd-idle-end-phase", "kingdom-duels/idleness#idle-warning-end-phase",
             "Idleness is judged in the player's own End Phase, when the warning is given.",
             {"not-in-end-phase": "the End Phase passes without any Idle Warning being judged"}),
        Rule("kd-idle-loss", "kingdom-duels/idleness#second-warning-loses",
             "A player loses on receiving Idle Warning number {{ idle_warnings_to_lose }}.",
             {"third-warning-loses": "it takes a third warning to lose"}),
        Rule("kd-hard-opt", "kingdom-duels/clarifications#optional-effects-hard-once-per-turn",
             "Every optional effect activated by its player is hard once per turn.",
             {"no-limit": "an optional effect may be activated again in the same turn"}),
        Rule("kd-no-missed-timing", "kingdom-duels/clarifications#no-missed-timing",
             "Effects cannot miss their timing: an optional trigger not used at once may still be "
             "activated later in the turn.",
             {"timing-missed": "an optional trigger lapses once something else is done first"}),
        Rule("kd-hierarchy", "kingdom-duels/divine-cards#higher-unaffected-by-lower",
             "A Divine card is unaffected by the effects of Divine cards of lower Hierarchy.",
             {"no-immunity": "Hierarchy gives no protection",
              "untargetable": "a lower Divine card's effect cannot even target it"}),
        Rule("kd-slow", "kingdom-duels/terminology#slow-cannot-respond",
             "Slow effects (Equip and Continuous Spells) cannot respond to anything.",
             {"continuous-quick": "Continuous Spells are Quick like the others"}),
        Rule("kd-unstoppable", "kingdom-duels/terminology#unstoppable-no-response",
             "Nothing can respond to an Unstoppable effect.",
             {"answerable": "an Unstoppable effect can be answered like any other"}),
        Rule("kd-hidden-atk", "kingdom-duels/summoning#hidden-atk-revealed-in-combat",
             "A Hidden ATK monster is revealed in combat and may be Hidden again after the "
             "damage calculation if it is still on the field.",
             {"stays-revealed": "once revealed, it cannot be Hidden again"}),
        Rule("kd-fusion-names", "kingdom-duels/fusion-monsters#fusion-has-material-names",
             "A Fusion Monster also has the names of all its Fusion Materials.",
             {"own-name-only": "a Fusion Monster has only its own name"}),
        Rule("kd-trap-trigger", "kingdom-duels/spells-and-traps#trigger-automatic",
             "A Set Trap whose Trigger is met activates by itself.",
             {"optional-traps": "its player chooses whether to activate it"}),
        Rule("kd-trap-idle", "kingdom-duels/spells-and-traps#missed-trigger-idle-warning",
             "A player who does not activate a Trap whose Trigger is met gets an Idle Warning.",
             {"no-warning": "letting a Trap go costs nothing"}),
        Rule("kd-trap-several", "kingdom-duels/spells-and-traps#simultaneous-triggers",
             "When several of a player's Traps are met at once, activating at least one of them "
             "spares the warning for the others.",
             {"warned-anyway": "each Trap let go earns a warning"}),
        Rule("kd-persist", "kingdom-duels/spells-and-traps#persist-remains",
             "A Persist card stays on the field for the time it states after it resolves.",
             {"leaves-at-once": "it leaves the field after its chain like any other"}),
        Rule("kd-fusion-attach", "kingdom-duels/fusion-monsters#fusion-summon-requirements",
             "A Fusion Summon attaches its Fusion Materials to the Fusion Monster; a Token cannot "
             "be attached, so it cannot be a Fusion Material.",
             {"materials-to-graveyard": "the Fusion Materials go to the Graveyard, as in the "
                                        "official game"}),
        Rule("kd-material-no-attack", "kingdom-duels/fusion-monsters#material-no-attack-first-turn",
             "A Fusion Material that enters the field while its Fusion is there cannot attack "
             "the turn it is summoned.",
             {"may-attack": "the material may attack at once like any monster"}),
        Rule("kd-strike-timing", "kingdom-duels/effect-types#strike-timing",
             "STRIKE is used {{ strike_per_turn }} time(s) per turn, only in Main Phase 1.",
             {"any-main-phase": "STRIKE may be used in either Main Phase"}),
        Rule("kd-strike-skips", "kingdom-duels/effect-types#strike-skips-battle-phase",
             "A player who uses STRIKE skips that turn's Battle Phase.",
             {"battle-phase-kept": "the Battle Phase still follows"}),
        Rule("kd-strike-no-battle", "kingdom-duels/effect-types#strike-no-battle",
             "A STRIKE neither battles nor destroys the monster on the struck Terrain.",
             {"destroys-occupant": "the monster on the struck Terrain is destroyed"}),
        Rule("kd-battle-lock", "kingdom-duels/terminology#battle-lock-controller",
             "A Battle Locked monster's controller cannot change its battle position.",
             {"lock-ignored": "its controller may still change its position"}),
        Rule("kd-erode", "kingdom-duels/terminology#erode-definition",
             "An eroded card is removed to no zone at all: not field, Deck, Graveyard or hand.",
             {"erode-is-graveyard": "an eroded card goes to the Graveyard"}),
        Rule("kd-destruction-damage", "kingdom-duels/terminology#destruction-damage-cap",
             "Destruction Damage is {{ destruction_damage_fraction }} of the destroyed monster's "
             "ATK, at most {{ destruction_damage_cap_per_turn }} a turn.",
             {"no-cap": "Destruction Damage has no limit per turn",
              "cap-per-player": "players who share their Life Points each have a cap of their own"}),
        Rule("kd-backrow-zones", "kingdom-duels/board#backrow-spell-trap-zones",
             "A player's Backrow has {{ backrow_zones }} zones for their Spell and Trap Cards; "
             "none is played once they are all taken.",
             {"no-limit": "a player may go on playing Spells and Traps once the Backrow is full"}),
        Rule("kd-default-terrain", "kingdom-duels/terrain#default-land",
             "A player who plays no Field Setup fills their Frontrow with the default Terrain.",
             {"opponents-field-setup": "a Field Setup lays the Terrains of both sides: a player "
                                       "without one takes the opponent's"}),
        Rule("kd-no-hand-limit", "kingdom-duels/turn-structure#no-hand-limit",
             "Hands have no size limit: nothing is discarded in the End Phase.",
             {"official-hand-limit": "the official game's End Phase hand limit still applies"}),
        # The format's own statement of the deck-out loss: cited instead of the core article's.
        Rule("deckout", "kingdom-duels/turn-structure#deckout-loses",
             "A player who has to draw but cannot loses the duel by deckout.",
             {"skip-the-draw": "a player with an empty deck simply skips the draw"}),
        Rule("kd-persist-duration", "kingdom-duels/spells-and-traps#persist-duration",
             "A Persist card leaves the field once the number of turns it states is over, every "
             "player's turn counting.",
             {"own-turns-only": "only its controller's own turns count toward its time"}),
        Rule("kd-strike-terrain", "kingdom-duels/effect-types#strike-attacks-terrain",
             "An ATK Position monster's STRIKE is an attack on a Terrain Marker, not on a monster "
             "or on Life Points.",
             {"strikes-life-points": "a STRIKE goes past the Terrain to the opponent's Life "
                                     "Points, dealing the striker's ATK"}),
        Rule("kd-tribute-cost", "kingdom-duels/clarifications#tribute-definition",
             "Tributing is sending a monster to the Graveyard as a cost or for an effect.",
             {"no-tributing": "with no Tribute Summons, no monster can be Tributed at all"}),
        Rule("kd-battle-swap", "kingdom-duels/terminology#battle-swap-rule",
             "A Battle Swap switches a monster's battle position, whoever controls it.",
             {"own-monsters-only": "a Battle Swap is a change of position that works only on its "
                                   "player's own monsters"}),
        Rule("kd-starting-lp", "kingdom-duels/setup#starting-lp",
             "Every player starts the duel with {{ starting_lp }} Life Points.",
             {"official-lp": "players start with the official game's 8000 Life Points"}),
        Rule("kd-frontrow-zones", "kingdom-duels/board#frontrow-monster-zones",
             "A player's Frontrow has {{ frontrow_zones }} Monster Zones; no monster is summoned "
             "once they are all taken.",
             {"no-limit": "a player may go on summoning monsters once the Frontrow is full"}),
        Rule("kd-special-summons", "kingdom-duels/summoning#unlimited-special-summons",
             "Special Summons have no limit per turn, and do not share the Normal Summon's.",
             {"one-summon-in-all": "after the turn's Normal Summon no monster can be Special "
                                   "Summoned either"}),
        Rule("kd-summon-face-up-def", "kingdom-duels/summoning#normal-summon-face-up-atk-or-def",
             "A monster may be Normal Summoned in face-up ATK or face-up DEF Position.",
             {"atk-only": "a Normal Summon is made in ATK Position only, as in the official game"}),
        Rule("kd-atk-attacks", "kingdom-duels/battle#only-atk-position-attacks",
             "Only a monster in ATK Position can attack.",
             {"def-attacks": "a face-up DEF Position monster may attack with its ATK"}),
        Rule("kd-atk-difference", "kingdom-duels/battle#atk-difference-damage",
             "When two ATK Position monsters battle, the controller of the one with the lower ATK "
             "takes the difference as Battle Damage.",
             {"attacker-safe": "the attacking player never takes Battle Damage from their own "
                               "attack"}),
        Rule("kd-redirect-allowed", "kingdom-duels/battle#attacks-can-be-redirected",
             "An attack can be redirected from its target to another monster.",
             {"no-redirect": "an attack keeps the target it was declared on"}),
        Rule("kd-terrain-set-aside", "kingdom-duels/terrain#replaced-marker-set-aside",
             "A replaced Terrain Marker is set aside, off the board: only the new one counts.",
             {"stacked": "the new marker is laid on top and the old one still counts"}),
        Rule("kd-terrain-stays", "kingdom-duels/terrain#marker-tied-to-zone",
             "A Terrain Marker belongs to its Monster Zone: a monster that moves leaves it behind "
             "and stands on the Terrain of its new zone.",
             {"marker-moves": "the Terrain Marker travels with the monster that moves"}),
        Rule("kd-fpb-amount", "kingdom-duels/terrain#fpb-amount",
             "The Field Power Bonus adds {{ field_power_bonus_percent }}% of the monster's "
             "original ATK and of its original DEF.",
             {"atk-only": "the Field Power Bonus raises ATK only"}),
        Rule("kd-normal-effects", "kingdom-duels/monster-cards#normal-monsters-have-effects",
             "Normal Monsters can have effects, and their effects are used like any other.",
             {"no-effects": "a Normal Monster has no effect to activate, as in the original game"}),
        Rule("kd-hidden-def", "kingdom-duels/summoning#hidden-def-like-face-down",
             "A monster Hidden in DEF Position is attacked like an official face-down Defense "
             "Position monster: flipped face-up, it defends with its DEF.",
             {"fights-in-atk": "an attacked Hidden monster is revealed and fights with its ATK, "
                               "as a Hidden ATK monster does"}),
        Rule("kd-round", "kingdom-duels/turn-structure#round-definition",
             "A round is one turn of each player still in the duel, opened by the player who "
             "took the first turn.",
             {"round-is-a-turn": "every turn is a round of its own"}),
        Rule("kd-royale-cards-stay", "kingdom-duels/multiplayer#battle-royale-cards-stay",
             "Cards a defeated Battle Royale player owns but another player controls stay on the "
             "field.",
             {"leave-with-owner": "a defeated player's cards all leave the field with them"}),
        *TEAM_RULES,
        *BATTLE_RULES,
        *SETUP_RULES,
        *EXTRA_DECK_RULES,
        *CARD_RULINGS_RULES,
        *CLARIFICATION_RULES,
        *TILEMAP_RULES,
        *SUBDUEL_RULES,
        *BOARD_RULES,
        *EQUIP_RULES,
        base=Duel.RULES,
    )

    def __init__(self, catalog, params=None, mutation=None, seed=0):
        super().__init__(catalog, params, mutation, seed)
        self.attacks_this_phase = 0
        self.destruction_damage_taken = {}
        self.terrain_catalog = terrains()
        self.terrains = {}
        self.idle_warnings = {}
        self.had_monster = {}
        self.had_before_entry = {}  # card id -> had its controller a monster before it entered
        self.summons_prevented = set()
        self.effects_used = set()
        self.placing_column = None
        self.sprung_together = []  # the Traps whose Trigger was met at the same moment
        self.strikes_this_turn = 0
        self.default_terrain_sides = set()  # players whose Terrains were laid by default
        self.atk_battle = None  # (attacker id, its player) while two ATK monsters battle

    # --- the board and the turn, sized by the articles ------------------------------------------

    def monster_zones(self):
        return self.params["frontrow_zones"]

    def spell_trap_zones(self):
        return self.params["backrow_zones"]

    def starting_lp(self):
        if self.misreads("kd-starting-lp", "official-lp"):
            return OFFICIAL_STARTING_LP
        self.note_rule("kd-starting-lp")
        return super().starting_lp()

    def monster_zone_full(self, player):
        if self.mode in ("tag", "boss"):  # a team's shared board (kingdom_teams)
            return super().monster_zone_full(player)
        if not super().monster_zone_full(player):
            return False
        if self.misreads("kd-frontrow-zones", "no-limit"):
            return False
        self.note_rule("kd-frontrow-zones")
        return True

    def spell_trap_full(self, player):
        if self.mode == "tag":  # a Tag partner's share of the team's Backrow (kingdom_teams)
            return super().spell_trap_full(player)
        if not super().spell_trap_full(player):
            return False
        if self.misreads("kd-backrow-zones", "no-limit"):
            return False
        self.note_rule("kd-backrow-zones")
        return True

    def cards_drawn_per_turn(self):
        return self.params["cards_drawn_per_turn"]

    @property
    def normal_summon_used(self):
        """True once the turn's Normal Summons (`normal_summons_per_turn`) are all used."""
        if self.misreads("kd-normal-summons", "no-limit"):
            return False
        return self.normal_summons_this_turn >= self.params["normal_summons_per_turn"]

    @normal_summon_used.setter
    def normal_summon_used(self, used):
        # The core marks the Normal Summon used (True) or gives it back for a new turn (False).
        self.normal_summons_this_turn = self.normal_summons_this_turn + 1 if used else 0

    # --- setup: Terrain Markers and warnings ---------------------------------------------------

    def setup_player_extras(self, scenario, name, player):
        super().setup_player_extras(scenario, name, player)
        count = self.params["terrain_markers_per_side"]
        markers = player["terrains"] if "terrains" in player else [self.params["default_terrain"]] * count
        if "terrains" not in player:
            self.default_terrain_sides.add(name)  # no Field Setup: the default Terrain
        if not isinstance(markers, list) or len(markers) != count or \
                any(m not in self.terrain_catalog for m in markers):
            raise scenario.error(f"terrains is a list of {count} known Terrains "
                                 f"({', '.join(self.terrain_catalog)})",
                                 f"setup.players.{name}.terrains")
        self.terrains[name] = list(markers)
        warnings = player.get("idle_warnings", 0)
        if not isinstance(warnings, int) or warnings < 0:
            raise scenario.error("idle_warnings is a whole number",
                                 f"setup.players.{name}.idle_warnings")
        self.idle_warnings[name] = warnings
        taken = set()
        for card_id in self.zone_of(name, "monsters"):
            card = self.card(card_id)
            if card.column is None:
                card.column = min(set(range(count)) - taken)
            if card.column in taken or card.column >= count:
                raise scenario.error(f"{card_id} needs a free column from 0 to {count - 1}",
                                     f"setup.players.{name}.monsters")
            taken.add(card.column)
        self.had_monster[name] = bool(self.zone_of(name, "monsters"))

    # --- the Field Power Bonus -----------------------------------------------------------------

    def move(self, card, zone, controller=None, face_up=True, position=None, reason=""):
        entering = zone == "monsters" and card.zone != "monsters"
        super().move(card, zone, controller, face_up, position, reason)
        if entering:
            free = self.free_columns(card.controller, card)
            # no free column only under a misreading that overfills a side: no Terrain then
            card.column = self.placing_column if self.placing_column in free else \
                next(iter(free), None)
            self.had_before_entry[card.id] = bool(self.had_monster.get(card.controller))
            self.had_monster[card.controller] = True
            self.enters_default_terrain(card)
        elif zone != "monsters":
            card.column = None

    def free_columns(self, player, card):
        """The player's Monster Zone columns no monster but `card` stands in, in order."""
        taken = {self.card(i).column for i in self.zone_of(player, "monsters") if i != card.id}
        return sorted(set(range(self.params["terrain_markers_per_side"])) - taken)

    def field_power_bonus(self, card, printed):
        if card.zone != "monsters" or card.column is None:
            return 0
        if not card.face_up and self.misreads("kd-fpb-hidden", "hidden-no-bonus"):
            return 0
        terrain = self.terrain_catalog[self.terrains[card.controller][card.column]]
        favoured = self.favoured_by(card, terrain)
        if not favoured and not self.misreads("kd-fpb", "any-monster"):
            return 0
        self.note_rule("kd-fpb")
        if not card.face_up:
            self.note_rule("kd-fpb-hidden")
        self.note_rule("kd-fpb-amount")
        return round((printed or 0) * self.params["field_power_bonus_percent"] / 100)

    def enters_default_terrain(self, card):
        """A monster enters a side that played no Field Setup: it stands on the default Terrain,
        where a Terrain of another kind would have given it a Field Power Bonus."""
        markers = self.terrains.get(card.controller)
        if card.controller in self.default_terrain_sides and markers and \
                card.column is not None and markers[card.column] == self.params["default_terrain"] \
                and not self.favoured_by(card, self.terrain_catalog[markers[card.column]]) and \
                any(self.favoured_by(card, t) for t in self.terrain_catalog.values()):
            self.emit("terrain", f"{card.id} stands on {card.controller}'s Terrain {card.column}, "
                      f"{markers[card.column]}: the default, with no Field Setup played",
                      ["kd-default-terrain"], card=card.id, player=card.controller,
                      column=card.column, terrain=markers[card.column], what="default")

    def favoured_by(self, card, terrain):
        """Does this Terrain name one of the monster's Types or its Attribute?"""
        return bool(self.races(card) & set(terrain["races"])) or \
            card.card.attribute in terrain["attributes"]

    def effective_atk(self, card):
        return super().effective_atk(card) + self.field_power_bonus(card, card.card.atk)

    def effective_def(self, card):
        bonus = self.field_power_bonus(card, card.card.defense)
        if bonus and self.misreads("kd-fpb-amount", "atk-only"):
            bonus = 0
        return super().effective_def(card) + bonus

    def token_leaves_game(self, card):
        if self.misreads("kd-tokens-gone", "token-to-graveyard"):
            return False
        self.note_rule("kd-tokens-gone")
        return True

    # --- coins and dice ------------------------------------------------------------------------

    def coin_branch(self, right):
        self.note_rule("kd-coin")
        if self.misreads("kd-coin", "caller-wins"):
            return "right"
        return super().coin_branch(right)

    def dice_sides(self):
        return self.params["dice_sides"]

    def dice_part_applies(self, roll):
        if self.misreads("kd-dice", "match-optional"):
            return False
        self.note_rule("kd-dice")
        return True

    # --- idleness ----------------------------------------------------------------------------

    def after_action(self):
        super().after_action()
        for player in self.players:
            if self.zone_of(player, "monsters"):
                self.had_monster[player] = True

    def summon_negated(self, attempt):
        """A negated summon's monster never counted as the player's monster this turn; the
        negation itself spares them an Idle Warning (kd-idle-no-prevention)."""
        player = attempt["player"]
        self.summons_prevented.add(player)
        if not self.zone_of(player, "monsters"):
            self.had_monster[player] = any(self.had_before_entry.get(i, False)
                                           for i in attempt["cards"])

    def end_phase(self):
        super().end_phase()
        self.keep_whole_hand(self.turn_player)
        player = self.turn_player
        # "your opponent": in a Team Duel every opposing player (kd-team-opponents)
        rival_has = any(self.zone_of(rival, "monsters") for rival in self.opponents_of(player)) \
            or self.misreads("kd-idle-warning", "ignores-opponent-field")
        had = bool(self.zone_of(player, "monsters")) if self.misreads(
            "kd-idle-whole-turn", "end-of-turn-only") else self.had_monster.get(player)
        if player in self.summons_prevented and not self.misreads(
                "kd-idle-no-prevention", "prevention-ignored"):
            self.note_rule("kd-idle-no-prevention")  # a summon was negated: no warning
            return
        if not rival_has:
            if not had:
                self.note_rule("kd-idle-warning")  # the one condition missing: no warning
            return
        if had:
            if not self.zone_of(player, "monsters"):
                self.note_rule("kd-idle-whole-turn")  # a monster earlier this turn counts
            return
        if self.misreads("kd-idle-end-phase", "not-in-end-phase"):
            return
        self.give_idle_warning(player, "kd-idle-end-phase", "kd-idle-warning", "kd-idle-whole-turn")

    def keep_whole_hand(self, player):
        """No hand size limit: a hand past the official game's limit keeps every card."""
        hand = self.zone_of(player, "hand")
        if len(hand) <= OFFICIAL_HAND_LIMIT:
            return
        if self.misreads("kd-no-hand-limit", "official-hand-limit"):
            for card_id in list(hand[OFFICIAL_HAND_LIMIT:]):
                self.move(self.card(card_id), "graveyard", reason="discarded to the hand limit")
            return
        self.emit("hand", f"{player} keeps all {len(hand)} cards in hand: there is no hand size "
                  "limit", ["kd-no-hand-limit"], player=player, count=len(hand))

    def give_idle_warning(self, player, *rules):
        """One more Idle Warning; the one after the first loses the duel."""
        self.idle_warnings[player] += 1
        self.emit("idle", f"{player} gets an Idle Warning ({self.idle_warnings[player]})",
                  list(rules), player=player, count=self.idle_warnings[player])
        limit = self.params["idle_warnings_to_lose"] + (
            1 if self.misreads("kd-idle-loss", "third-warning-loses") else 0)
        if self.idle_warnings[player] >= limit:
            self.lose(player, "idleness", ["kd-idle-loss"])

    def observe_format(self):
        return {**super().observe_format(), "warnings": dict(self.idle_warnings)}

    def defeat(self, player, reason="lp_zero", rules=("zero-lp",)):
        """A defeated Battle Royale player's cards that other players control stay on the
        field."""
        super().defeat(player, reason, rules)
        if self.mode != "battle_royale":
            return
        kept = [c for c in self.cards_on_field() if c.owner == player and c.controller != player]
        for card in kept:
            if self.misreads("kd-royale-cards-stay", "leave-with-owner"):
                self.move(card, "graveyard", controller=player,
                          reason=f"its owner {player} is defeated")
                continue
            self.emit("defeat", f"{card.id}, owned by the defeated {player}, stays on "
                      f"{card.controller}'s field", ["kd-royale-cards-stay"], card=card.id,
                      player=card.controller, owner=player, what="stays")

    def card_facts(self, card):
        facts = super().card_facts(card)
        facts["column"] = card.column
        return facts

    def snapshot(self):
        data = super().snapshot()
        data["terrains"] = {player: list(markers) for player, markers in self.terrains.items()}
        data["idle_warnings"] = dict(self.idle_warnings)
        return data

    def turn_facts(self):
        """Normal Summons and STRIKEs are counted per turn here."""
        facts = super().turn_facts()
        facts["normal_summons"] = self.normal_summons_this_turn
        facts["strikes"] = self.strikes_this_turn
        return facts

    # --- summoning ---------------------------------------------------------------------------

    def normal_summon_check(self, card, player, setting=False):
        if self.normal_summon_used:
            self.illegal("kd-normal-summons", "normal_summon_used",
                         f"{player} has used this turn's "
                         f"{counted(self.normal_summons_this_turn, 'Normal Summon')}")
        super().normal_summon_check(card, player, setting)

    def tributes_needed(self, card):
        if self.misreads("kd-no-tributes", "tributes-needed"):
            return super().tributes_needed(card)
        self.note_rule("kd-no-tributes")
        return 0

    def pay_costs(self, card, player, program, selections):
        tributing = any("tribute" in step for step in program.get("cost", []))
        if tributing and self.misreads("kd-tribute-cost", "no-tributing"):
            self.illegal("kd-tribute-cost", "cannot_pay_cost",
                         f"{card.id}'s cost Tributes a monster, which cannot be done")
        super().pay_costs(card, player, program, selections)
        if tributing:
            self.note_rule("kd-tribute-cost")  # Tributed: sent to the Graveyard for the cost

    def do_set(self, action):
        card = self.card(action.card)
        if card.card.is_monster and not self.misreads("kd-no-set", "set-allowed"):
            self.illegal("kd-no-set", "no_set", "monsters are never Set in Kingdom Duels")
        super().do_set(action)

    def do_summon(self, action):
        self.placing_column = int(action.to) if str(action.to).isdigit() else None
        try:
            self.summon(action)
        finally:
            self.placing_column = None

    def summon(self, action):
        if action.position == "defense":
            if self.misreads("kd-summon-face-up-def", "atk-only"):
                self.illegal("kd-summon-face-up-def", "cannot_normal_summon",
                             "a Normal Summon is made in ATK Position only")
            self.note_rule("kd-summon-face-up-def")
        if action.position != "hidden":
            return super().do_summon(action)
        card = self.card(action.card)
        is_flip = any(e.get("trigger") == "flipped" for e in card.card.effects)
        if not is_flip or self.misreads("kd-flip-hidden", "no-hidden-summon"):
            self.illegal("kd-flip-hidden", "cannot_hide",
                         f"{card.name} may not be summoned Hidden without an effect")
        player = action.player
        self.require_open_main_phase(player, "a Normal Summon")
        counts = not self.misreads("kd-hidden-summon", "hidden-not-a-summon")
        if counts:  # playing it Hidden from the hand is its player's Normal Summon
            self.normal_summon_check(card, player)
            self.normal_summon_used = True
        self.summon_to_field(card, player, "defense", face_up=False, how="normal")
        self.note_rule("kd-flip-hidden")
        if counts:
            self.note_rule("kd-hidden-summon")

    def special_summon(self, card, player, position, cause="", face_up=True):
        if not self.special_summon_allowed(player, cause):
            return False
        return super().special_summon(card, player, position, cause, face_up)

    def summon_tokens(self, player, token_name, count, cause):
        if self.special_summon_allowed(player, cause):
            super().summon_tokens(player, token_name, count, cause)

    def special_summon_allowed(self, player, cause):
        """Special Summons have no limit: the turn's Normal Summon being used changes nothing."""
        if player != self.turn_player or \
                self.normal_summons_this_turn < self.params["normal_summons_per_turn"]:
            return True
        if self.misreads("kd-special-summons", "one-summon-in-all"):
            self.emit("summon", f"{cause} cannot Special Summon: {player} has already summoned "
                      "this turn", player=player, by=cause, what="refused")
            return False
        self.note_rule("kd-special-summons")
        return True

    # --- battle ------------------------------------------------------------------------------

    def may_attack_in_position(self, attacker):
        if attacker.position == "attack":
            return True
        if self.misreads("kd-atk-attacks", "def-attacks"):
            return True
        self.note_rule("kd-atk-attacks")
        return False

    def battle_damage(self, player, value, source, direct=False):
        fight = self.atk_battle
        if fight is not None and value > 0:
            attacker, attacking_player = fight
            if player == attacking_player and \
                    self.misreads("kd-atk-difference", "attacker-safe"):
                return
            self.note_rule("kd-atk-difference")
        super().battle_damage(player, value, source, direct)

    def check_attack_target(self, attacker, target, player):
        if target is None and not self.misreads("kd-no-direct", "direct-allowed"):
            self.illegal("kd-no-direct", "no_direct_attacks",
                         "monsters never attack Life Points directly")
        super().check_attack_target(attacker, target, player)

    def do_attack(self, action):
        if self.first_round_forbids_attack():
            self.illegal("kd-first-round", "too_early_to_attack",
                         "in the first round only the last player of the Rotation attacks")
        attacker = self.card(action.card)
        fusion_on_field = any(attacker.name in c.card.materials
                              for c in self.cards_on_field("monster", controller=action.player)
                              if c.face_up and c.id != attacker.id)
        if fusion_on_field and attacker.summoned_turn == self.turn and \
                not self.misreads("kd-material-no-attack", "may-attack"):
            self.illegal("kd-material-no-attack", "cannot_attack",
                         f"{attacker.id} entered the field while its Fusion is there")
        if not self.misreads("kd-one-attack", "one-per-monster") and \
                self.attacks_this_phase >= self.params["attacks_per_battle_phase"]:
            self.illegal("kd-one-attack", "one_attack_per_battle_phase",
                         "this Battle Phase already had its attack")
        super().do_attack(action)
        self.attacks_this_phase += 1

    def do_phase(self, action):
        if action.phase == "battle" and "skip_battle" in self.turn_flags:
            self.illegal("kd-strike-skips", "battle_phase_skipped",
                         "a player who used STRIKE skips this Battle Phase")
        super().do_phase(action)
        if action.phase == "battle":
            self.attacks_this_phase = 0

    # --- names, Traps that trigger, Persist --------------------------------------------------

    def matches(self, card, spec):
        if "name" in spec and card.card.materials and card.zone == "monsters" and \
                spec["name"] in card.card.materials:
            if not self.misreads("kd-fusion-names", "own-name-only"):
                self.note_rule("kd-fusion-names")
                spec = {k: v for k, v in spec.items() if k != "name"}
        return super().matches(card, spec)

    def place_fusion_materials(self, materials, fusion):
        """Fusion Materials are attached beneath the Fusion Monster, not sent to the Graveyard."""
        if self.misreads("kd-fusion-attach", "materials-to-graveyard"):
            return super().place_fusion_materials(materials, fusion)
        for material in materials:
            if material.card.subtype == "token":
                self.illegal("kd-fusion-attach", "token_cannot_be_attached",
                             f"{material.id} is a Token: it cannot be attached as a Fusion "
                             "Material")
        for material in materials:
            self.move(material, "attached", reason=f"attached to {fusion.id} as a Fusion Material")
            material.host = fusion.id
        self.note_rule("kd-fusion-attach")

    def settle_summon(self):
        attempt = self.summon_attempt
        super().settle_summon()
        if attempt and not attempt["negated"] and not self.misreads("kd-trap-trigger",
                                                                    "optional-traps"):
            self.spring_traps("opponent_summons", attempt["player"])

    def spring_traps(self, trigger, actor):
        """Set Traps of the other player whose Trigger is met go on a chain by themselves."""
        sprung = []
        rivals = self.opponents_of(actor)  # every opposing player's Traps (kd-team-opponents)
        for card in [c for c in self.cards_on_field(kind="trap") if c.controller in rivals]:
            program = card.card.activation or {}
            if card.face_up or program.get("trigger") != trigger or card.set_turn == self.turn:
                continue
            card.face_up = True
            link = ChainLink(number=len(self.chain) + 1, card_id=card.id, player=card.controller,
                             speed=2, program=program, is_card_activation=True,
                             targets=list(self.just_summoned), data={"trigger_player": actor})
            self.chain.append(link)
            sprung.append(card.id)
            self.emit("trigger", f"{card.id} ({card.name}) activates by itself: its Trigger is met",
                      ["kd-trap-trigger"], card=card.id, link=link.number,
                      player=card.controller, what="sprung")
            self.priority, self.passes = self.next_player(card.controller), 0
        self.sprung_together = sprung
        self.traps_met(trigger, actor)  # kingdom_board_rulings

    def do_decline(self, action):
        """A player lets a Trap whose Trigger was met go unactivated: an Idle Warning, unless
        another of their Traps met at the same moment is activated."""
        player, card = action.player, self.card(action.card)
        link = next((link for link in self.chain if link.card_id == card.id), None)
        if card.controller != player or card.id not in self.sprung_together or link is None \
                or self.resolving:
            self.illegal(None, "not_triggered", f"{card.id} is not a Trap of {player} whose "
                         "Trigger has just been met")
        self.chain.remove(link)
        for number, other in enumerate(self.chain, start=1):
            other.number = number
        self.sprung_together.remove(card.id)
        card.face_up = False
        self.emit("trigger", f"{player} does not activate {card.id}; it stays Set",
                  card=card.id, player=player, what="declined")
        others = [i for i in self.sprung_together if self.card(i).controller == player]
        if others and not self.misreads("kd-trap-several", "warned-anyway"):
            self.emit("idle", f"{player} activated {', '.join(others)} from the Traps met together: "
                      "no Idle Warning", ["kd-trap-several"],
                      player=player, cards=list(others), what="spared")
        elif not self.misreads("kd-trap-idle", "no-warning"):
            self.give_idle_warning(player, "kd-trap-idle")
        if not self.chain:
            self.priority, self.passes = self.turn_player, 0

    def chain_finished(self, order):
        for link in order:
            card = self.card(link.card_id)
            turns = card.card.flags and next((int(f.split(":")[1]) for f in card.card.flags
                                              if f.startswith("persist:")), None)
            if link.is_card_activation and turns and card.on_field and \
                    not self.misreads("kd-persist", "leaves-at-once"):
                card.counters["persist_turns"] = turns
                card.notes.add("persisting")
                self.note_rule("kd-persist")
        super().chain_finished(order)

    def count_card_turns(self):
        super().count_card_turns()
        for card in list(self.cards_on_field()):
            left = card.counters.get("persist_turns")
            if left is None or (card.controller != self.turn_player and
                                self.misreads("kd-persist-duration", "own-turns-only")):
                continue
            card.counters["persist_turns"] = left - 1
            if left - 1 <= 0:
                self.emit("persist", f"{card.id}'s Persist time is over", ["kd-persist-duration"],
                          card=card.id)
                self.move(card, "graveyard", reason="its Persist time is over")

    # --- hard once per turn, and Hierarchy -----------------------------------------------------

    def do_activate(self, action):
        card = self.card(action.card)
        optional_effect = card.card.kind == "monster" and card.on_field and card.face_up and \
            any("ignition" in e or "quick" in e for e in card.card.effects)
        if optional_effect and card.card.subtype == "normal":
            if self.misreads("kd-normal-effects", "no-effects"):
                self.illegal("kd-normal-effects", "condition_not_met",
                             f"{card.id} is a Normal Monster, with no effect to activate")
            self.note_rule("kd-normal-effects")
        if optional_effect:
            if card.id in self.effects_used and not self.misreads("kd-hard-opt", "no-limit"):
                self.illegal("kd-hard-opt", "once_per_turn",
                             f"{card.id}'s optional effect was already used this turn")
        super().do_activate(action)
        if optional_effect:
            self.effects_used.add(card.id)
            self.note_rule("kd-hard-opt")

    def optional_triggers_kept(self):
        if not self.optional_triggers or self.misreads("kd-no-missed-timing", "timing-missed"):
            return super().optional_triggers_kept()
        self.note_rule("kd-no-missed-timing")
        return list(self.optional_triggers)

    def check_timing(self, card, player, speed, is_card, program):
        if self.chain and "unstoppable" in self.card(self.chain[-1].card_id).card.flags and \
                not self.misreads("kd-unstoppable", "answerable"):
            self.illegal("kd-unstoppable", "unstoppable",
                         f"nothing can respond to the Unstoppable {self.chain[-1].card_id}")
        super().check_timing(card, player, speed, is_card, program)

    # --- Hidden monsters in battle -------------------------------------------------------------

    def placement_problem(self, card):
        if card.zone == "monsters" and not card.face_up and card.position == "attack":
            return None  # a Hidden ATK monster
        return super().placement_problem(card)

    def monster_battle(self, attacker, defender, player, rival):
        if not defender.face_up and defender.position == "defense":
            if self.misreads("kd-hidden-def", "fights-in-atk"):
                defender.position = "attack"  # taken for a Hidden ATK monster
            else:
                self.note_rule("kd-hidden-def")  # flipped face-up, its DEF shields as usual
        if not defender.face_up and defender.position == "attack":
            defender.face_up = True
            defender.notes.add("revealed_in_combat")
            self.emit("flip", f"{defender.id}, Hidden in ATK Position, is revealed by the combat",
                      ["kd-hidden-atk"], card=defender.id, what="combat")
        # Two ATK Position monsters: the lower ATK's controller takes the difference.
        self.atk_battle = (attacker.id, player) if defender.position == "attack" else None
        try:
            super().monster_battle(attacker, defender, player, rival)
        finally:
            self.atk_battle = None

    def do_hide(self, action):
        card = self.card(action.card)
        if card.controller != action.player or card.zone != "monsters" or \
                "revealed_in_combat" not in card.notes or \
                self.misreads("kd-hidden-atk", "stays-revealed"):
            self.illegal("kd-hidden-atk", "cannot_hide",
                         f"{card.id} can only be Hidden again after being revealed in combat")
        card.notes.discard("revealed_in_combat")
        card.face_up = False
        self.cards_on_hidden_monster(card)  # kingdom_equips: its equips stay face-up
        if self.misreads("kd-hide-not-summon", "hiding-summons"):
            self.emit("hide", f"{action.player} Hides {card.id} again, as a summon", card=card.id,
                      player=action.player, summon=True)
            self.just_summoned = [card.id]
            self.spring_traps("opponent_summons", action.player)
            return
        self.emit("hide", f"{action.player} Hides {card.id} again in ATK Position (not a summon)",
                  ["kd-hidden-atk", "kd-hide-not-summon"], card=card.id,
                  player=action.player, summon=False)

    def can_be_targeted(self, target, source, purpose=None):
        """Hierarchy makes a card unaffected, not untargetable: a lower Divine card's effect may
        still target it (and then does nothing to it)."""
        if self.higher_hierarchy(target, source) and \
                self.misreads("kd-hierarchy", "untargetable"):
            return False
        return super().can_be_targeted(target, source, purpose)

    def unaffected_by(self, card, source_id):
        if self.higher_hierarchy(card, self.card(source_id)):
            if self.misreads("kd-hierarchy", "no-immunity"):
                return False
            self.emit("effect", f"{card.id} (Hierarchy {card.card.hierarchy}) is unaffected by "
                      f"{source_id}, a Divine card of lower Hierarchy", ["kd-hierarchy"],
                      card=card.id, by=source_id, what="unaffected")
            return True
        return super().unaffected_by(card, source_id)

    @staticmethod
    def higher_hierarchy(card, source):
        """Is `card` a Divine card of higher Hierarchy than the Divine card `source`?"""
        return bool(source.card.hierarchy) and card.card.hierarchy > source.card.hierarchy

    # --- Battle Lock and Erode ----------------------------------------------------------------

    def check_position_change(self, card):
        if "battle_lock" in card.counters and not self.misreads("kd-battle-lock", "lock-ignored") \
                and self.battle_lock_holds(card):  # kingdom_clarifications
            self.illegal("kd-battle-lock", "battle_locked", f"{card.id} is Battle Locked")

    def battle_swap(self, card, ctx):
        if card.controller != ctx.controller and \
                self.misreads("kd-battle-swap", "own-monsters-only"):
            self.emit("position", f"Battle Swap: {card.id} is not {ctx.controller}'s monster and "
                      "keeps its position", card=card.id,
                      player=ctx.controller, what="battle_swap_kept")
            return
        super().battle_swap(card, ctx)
        self.note_rule("kd-battle-swap")

    def erode(self, card, cause):
        if self.misreads("kd-erode", "erode-is-graveyard"):
            return self.move(card, "graveyard", reason=f"eroded by {cause}")
        self.note_rule("kd-erode")
        self.move(card, "eroded", reason=f"eroded by {cause}")

    # --- STRIKE ------------------------------------------------------------------------------

    def do_strike(self, action):
        from ..primitives import EffectContext, run

        player, card = action.player, self.card(action.card)
        allowed = ("main1", "main2") if self.misreads("kd-strike-timing", "any-main-phase") \
            else ("main1",)
        if player != self.turn_player or self.phase not in allowed or self.chain:
            self.illegal("kd-strike-timing", "wrong_phase", "STRIKE is used in your Main Phase 1")
        strikes = [e["strike"] for e in card.card.effects if "strike" in e]
        if card.zone != "monsters" or card.controller != player or not card.face_up or \
                card.position != "attack" or not strikes:
            self.illegal(None, "cannot_strike", f"{card.id} is not an ATK Position monster with STRIKE")
        if self.strikes_this_turn >= self.params["strike_per_turn"]:
            self.illegal("kd-strike-timing", "once_per_turn",
                         f"STRIKE was already used {self.strikes_this_turn} "
                         f"time{'s' if self.strikes_this_turn != 1 else ''} this turn")
        rival = self.chosen_rival(player, action.select.get("player"))  # whose Terrain
        column = int(action.to) if str(action.to).isdigit() else None
        if column is None or not 0 <= column < len(self.terrains[rival]):
            self.illegal(None, "invalid_terrain", "STRIKE names a Terrain column of the opponent")
        self.check_strike_terrain(card, self.terrains[rival][column])  # kingdom_clarifications
        self.turn_flags.add("strike")
        self.strikes_this_turn += 1
        card.attacked_this_turn = True
        if not self.misreads("kd-strike-skips", "battle-phase-kept"):
            self.turn_flags.add("skip_battle")
        if self.misreads("kd-strike-terrain", "strikes-life-points"):
            self.emit("strike", f"{card.id} STRIKEs past {rival}'s Terrain {column} at the Life "
                      "Points", ["kd-strike-timing", "kd-strike-skips"],
                      card=card.id, player=rival, column=column, what="past")
            self.battle_damage(rival, self.effective_atk(card), card, direct=True)
        else:
            self.emit("strike", f"{card.id} STRIKEs {rival}'s Terrain {column} "
                      f"({self.terrains[rival][column]}), not a monster or Life Points; it counts "
                      "as an attack", ["kd-strike-timing", "kd-strike-skips", "kd-strike-terrain"],
                      card=card.id, player=rival,
                      column=column, terrain=self.terrains[rival][column], what="terrain")
        occupant = next((self.card(i) for i in self.zone_of(rival, "monsters")
                         if self.card(i).column == column), None)
        if occupant and self.misreads("kd-strike-no-battle", "destroys-occupant"):
            self.destroy(occupant, f"{card.id}'s STRIKE")
        elif occupant:
            self.note_rule("kd-strike-no-battle")
        ctx = EffectContext(card.id, player, remembered={"struck_player": rival,
                                                         "struck_column": column})
        run(self, strikes[0], ctx)
        self.strike_made(player)  # kingdom_clarifications: a STRIKE is an attack

    def replace_terrain(self, player, column, terrain):
        old = self.terrains[player][column]
        if self.misreads("kd-terrain-set-aside", "stacked"):
            self.emit("terrain", f"{terrain} is laid on {player}'s Terrain {column} ({old}), "
                      "which still counts", player=player, column=column, old=old,
                      terrain=old, what="stacked")
            return
        self.terrains[player][column] = terrain
        self.emit("terrain", f"{player}'s Terrain {column} ({old}) is set aside and replaced by "
                  f"{terrain}", ["kd-terrain-set-aside"], player=player, column=column, old=old,
                  terrain=terrain, what="replaced")

    # --- speeds ------------------------------------------------------------------------------

    def speed_of(self, card, program, is_card_activation):
        if is_card_activation and card.card.kind == "spell" and \
                card.card.subtype in ("continuous", "equip"):
            if self.misreads("kd-slow", "continuous-quick"):
                return 2
            self.note_rule("kd-slow")
            return 1
        # A Ritual Spell is a Spell like any other here: Quick.
        if is_card_activation and card.card.kind == "spell" and \
                card.card.subtype in ("normal", "ritual"):
            if self.misreads("kd-quick-spells", "normal-spells-slow"):
                return 1
            self.note_rule("kd-quick-spells")
            return 2
        return super().speed_of(card, program, is_card_activation)

    # --- Destruction Damage ------------------------------------------------------------------

    def apply_destruction_damage(self, player, atk, cause):
        fraction = 1 if self.misreads("kd-destruction-amount", "full-atk") else \
            self.params["destruction_damage_fraction"]
        value = int(atk * fraction)
        # The cap holds against a Life Point total: players who share one share the cap.
        pool = tuple(p for p in self.players if self.players[p].pool is self.players[player].pool)
        if len(pool) == 1 or self.misreads("kd-destruction-damage", "cap-per-player"):
            pool = (player,)
        if not self.misreads("kd-destruction-damage", "no-cap"):
            room = self.params["destruction_damage_cap_per_turn"] - \
                self.destruction_damage_taken.get(pool, 0)
            value = max(0, min(value, room))
        self.destruction_damage_taken[pool] = self.destruction_damage_taken.get(pool, 0) + value
        self.emit("damage", f"{player} takes {value} Destruction Damage",
                  ["kd-destruction-amount", "kd-destruction-damage"], player=player, amount=value)
        self.change_lp({player: -value}, cause, kind="Destruction Damage")

    def next_turn(self, stop_at):
        self.optional_triggers = []  # kept through the turn, not beyond it
        self.destruction_damage_taken = {}
        self.attacks_this_phase = 0
        self.strikes_this_turn = 0
        self.effects_used = set()
        for card in self.cards.values():
            card.notes.discard("revealed_in_combat")
        super().next_turn(stop_at)
        self.summons_prevented = set()  # kept until the ending turn's End Phase has judged idleness
        self.had_monster[self.turn_player] = bool(self.zone_of(self.turn_player, "monsters"))
