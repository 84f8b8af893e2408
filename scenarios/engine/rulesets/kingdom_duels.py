"""Kingdom Duels: a Duelist Kingdom style game built on the core Duel.

Numbers come from the format's articles (starting LP, attacks per Battle Phase,
the Destruction Damage fraction and cap). This ruleset covers summoning without
Tributes, Hiding instead of Setting, battle without direct attacks, Quick
Normal Spells and Destruction Damage; terrains, idleness and the card kinds of
the format follow.

`KingdomDuel` is the core `Duel` plus parts it holds as attributes (`COMPONENTS`): each part is a
plain class with one job (the Terrains, Field Power, the Tilemap, Rule Cards, the Setup Phase,
teams, equips, Subduels...), given the duel and the other parts it needs when it is made. The
duel overrides each hook the core calls once, and hands it to its parts in the order the rules
apply. A monster's ATK and DEF are read from one registry of modifiers (`modifiers.py`) that the
parts fill: equips, Rule Cards, the Backrow's Terrain and the Field Power Bonus.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..duel import Duel
from ..modifiers import ModifierRegistry
from ..parameters import Choice, Fraction, Param, Percent, Whole
from ..rules import Rule, rulebook
from ..vocabulary import reasons, step_options
from .kingdom_battle import BATTLE_RULES, Battle
from .kingdom_board_rulings import BOARD_PARAMETERS, BOARD_RULES, BoardRulings, Sides
from .kingdom_card_kinds import CardsOnCards
from .kingdom_card_rulings import CARD_RULINGS_RULES, CardRulings
from .kingdom_clarifications import CLARIFICATION_RULES, Clarifications
from .kingdom_destruction_damage import DestructionDamage
from .kingdom_equips import EQUIP_RULES, EquipsAndControl
from .kingdom_extra_deck import EXTRA_DECK_PARAMETERS, EXTRA_DECK_RULES, ExtraDeckMonsters
from .kingdom_idleness import Idleness
from .kingdom_integration import IntegrationSummons
from .kingdom_rule_cards import RuleCards
from .kingdom_setup import SETUP_PARAMETERS, SETUP_RULES, SetupPhase
from .kingdom_strike import Strike
from .kingdom_subduel import SUBDUEL_RULES, Subduels
from .kingdom_summoning import Summoning
from .kingdom_teams import TEAM_PARAMETERS, TEAM_RULES, Teams
from .kingdom_terrain import FieldPower, Terrains, terrains
from .kingdom_tilemap import TILEMAP_RULES, Tilemaps
from .kingdom_traps import SpellsAndTraps

if TYPE_CHECKING:
    from ..cards import Catalog, ScenarioCatalog
    from ..primitives import EffectContext
    from ..rules import Mutation
    from ..scenario import Action, Scenario
    from ..state import CardInstance, ChainLink, PendingTrigger, SummonAttempt
    from ..yamltypes import YamlMapping, YamlValue

# The official game's End Phase hand limit, which Kingdom Duels drops: only its wrong reading uses
# it (no article of this format states it, so it is no parameter).
OFFICIAL_HAND_LIMIT = 6
# The official game's starting Life Points: only the wrong reading of `kd-starting-lp` uses it.
OFFICIAL_STARTING_LP = 8000


# The zones a Boss Duel team shares (the seed: "the board (field, graveyard and rule zone)").
BOSS_SHARED_ZONES = frozenset({"monsters", "spell_trap", "field_zone", "graveyard"})

class KingdomDuel(Duel):
    slug = "kingdom-duels"
    EXPECT_KEYS = Duel.EXPECT_KEYS + ("warnings", "terrains", "charges", "defeated", "tiles")
    CARD_FACTS = Duel.CARD_FACTS + ("column",)
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
    STEP_OPTIONS = step_options(
        Duel.STEP_OPTIONS, activate_rule=(), decline=(), detach=(), end_duel=(), hide=(), join=(),
        redirect=(), send=(), flip_summon=("position",), move=("to",), swap=("target",),
        integration_summon=("materials", "position"), ritual_summon=("materials", "position"),
        strike=("select", "to"), summon=("position", "select", "to", "tributes"),
        use_symbol=("choose", "target", "targets"))
    CARD_FIELDS = Duel.CARD_FIELDS | {"column", "attached_to"}
    PLAYER_FIELDS = Duel.PLAYER_FIELDS | {"terrains", "idle_warnings", "team", "joining",
                                          "colour", "rule_zone", "eroded", "attached"}
    SETUP_FIELDS = Duel.SETUP_FIELDS | {"mode", "setup_phase"}
    REASON_CODES = reasons(
        Duel.REASON_CODES, "battle_locked", "battle_phase_skipped", "cannot_hide",
        "cannot_strike", "invalid_terrain", "no_direct_attacks", "no_set", "not_triggered",
        "once_per_turn", "one_attack_per_battle_phase", "too_early_to_attack", "unstoppable",
        "once_per_duel",
        # Team Duels, Rule Cards and the Setup Phase, Extra Deck monsters
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
             {"no-hidden-summon": "no monster may be summoned Hidden without an effect",
              "any-monster": "any monster may be summoned Hidden, with FLIP or without"}),
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
        Rule("kd-terrain-effect", "kingdom-duels/terrain#marker-on-each-monster-zone",
             "A Terrain's effect reaches whichever monster stands on it, of any Type or Attribute.",
             {"favoured-only": "a Terrain's effect, like its Field Power Bonus, reaches only the "
                               "monsters of the Types and Attributes it names"}),
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
             "A player who would receive Idle Warning number {{ idle_warnings_to_lose }} loses "
             "instead.",
             {"third-warning-loses": "it takes a third warning to lose"}),
        Rule("kd-idle-boss-side", "kingdom-duels/idleness#boss-team-shared-side",
             "A Boss team player is idle only if the team's shared side had no monster.",
             {"own-zones-only": "only the team player's own monsters count, not a teammate's "
                                "on the shared side"}),
        Rule("kd-hard-opt", "kingdom-duels/clarifications#optional-effects-hard-once-per-turn",
             "Every optional effect activated by its player is hard once per turn.",
             {"no-limit": "an optional effect may be activated again in the same turn"}),
        Rule("kd-no-missed-timing", "kingdom-duels/clarifications#no-missed-timing",
             "Effects cannot miss their timing: an optional trigger not used at once may still be "
             "activated later in the turn.",
             {"timing-missed": "an optional trigger lapses once something else is done first",
              "kept-for-good": "an unused optional trigger stays usable in later turns too"}),
        Rule("kd-hierarchy", "kingdom-duels/divine-cards#higher-unaffected-by-lower",
             "A Divine card is unaffected by the effects of Divine cards of lower Hierarchy.",
             {"no-immunity": "Hierarchy gives no protection",
              "untargetable": "a lower Divine card's effect cannot even target it"}),
        Rule("kd-slow", "kingdom-duels/terminology#slow-cannot-respond",
             "Slow effects (Equip and Continuous Spells) cannot respond to anything.",
             {"continuous-quick": "Continuous Spells are Quick like the others"}),
        Rule("kd-equip-continuous-slow", "kingdom-duels/spells-and-traps#equip-continuous-spells-slow",
             "Equip Spells and Continuous Spells are the Spells that are Slow.",
             {"equip-quick": "an Equip Spell is Quick like a Normal Spell; only Continuous "
                             "Spells are Slow"}),
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
        Rule("kd-trap-any-summon", "kingdom-duels/spells-and-traps#summon-trigger-any-summon",
             "A Trigger met when an opponent summons is met by every summon: Normal or Special, "
             "by a card effect, a Fusion, a Ritual or a procedure.",
             {"normal-summons-only": "only a Normal (or Flip) Summon meets it: a Special "
                                     "Summon, by an effect, a Fusion, a Ritual or Tokens, "
                                     "does not"}),
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
             "A Fusion Summon attaches its Fusion Materials to the Fusion Monster.",
             {"materials-to-graveyard": "the Fusion Materials go to the Graveyard, as in the "
                                        "official game"}),
        Rule("kd-material-no-attack", "kingdom-duels/fusion-monsters#material-no-attack-first-turn",
             "A Fusion Material that enters the field while its Fusion is there cannot attack "
             "the turn it is summoned.",
             {"may-attack": "the material may attack at once like any monster"}),
        Rule("kd-strike-timing", "kingdom-duels/effect-types#strike-timing",
             "STRIKE is used {{ strike_per_turn }} time(s) per turn, only in Main Phase 1.",
             {"any-main-phase": "STRIKE may be used in either Main Phase",
              "per-monster": "the limit is for each monster: every monster with STRIKE may use "
                             "it once a turn"}),
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
        Rule("kd-erode-banish", "kingdom-duels/terminology#erode-replaces-banish",
             "Eroding takes the place of banishing: a card an effect or a cost would banish is "
             "eroded.",
             {"banished-zone": "the card is banished, face-up in a banished pile as in the "
                               "official game"}),
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

    # The parts of the duel: attribute -> class. Each is made in __init__ with the duel and the
    # parts it needs; the scenario reference reads their modules and the steps they are handed.
    COMPONENTS = {
        "teams": Teams, "terrain": Terrains, "field_power": FieldPower, "idleness": Idleness,
        "summoning": Summoning, "sides": Sides, "board": BoardRulings, "traps": SpellsAndTraps,
        "strike": Strike, "cards_on_cards": CardsOnCards, "equips": EquipsAndControl,
        "battle": Battle, "destruction_damage": DestructionDamage, "tilemap": Tilemaps,
        "rule_cards": RuleCards, "setup": SetupPhase, "extra_deck": ExtraDeckMonsters,
        "integration": IntegrationSummons, "subduels": Subduels,
        "clarifications": Clarifications, "card_rulings": CardRulings,
    }

    def __init__(self, catalog: Catalog | ScenarioCatalog,
                 params: Mapping[str, YamlValue] | None = None,
                 mutation: str | Mutation | None = None, seed: int = 0) -> None:
        # The parts come first: the core's own set-up already counts the Normal Summon.
        self.teams = Teams(self)
        self.terrain = Terrains(self)
        self.field_power = FieldPower(self, self.terrain)
        self.idleness = Idleness(self, self.teams)
        self.summoning = Summoning(self)
        self.sides = Sides(self, self.teams)
        self.board = BoardRulings(self, self.teams, self.terrain)
        self.traps = SpellsAndTraps(self, self.board, self.idleness)
        self.strike = Strike(self, self.terrain, self.teams, self.traps)
        self.cards_on_cards = CardsOnCards(self)
        self.equips = EquipsAndControl(self, self.cards_on_cards, self.terrain, self.idleness)
        self.battle = Battle(self, self.teams, self.traps, self.equips)
        self.destruction_damage = DestructionDamage(self)
        self.tilemap = Tilemaps(self, self.terrain, self.sides)
        self.rule_cards = RuleCards(self, self.teams)
        self.setup = SetupPhase(self, self.rule_cards, self.teams, self.terrain)
        self.extra_deck = ExtraDeckMonsters(self, self.cards_on_cards, self.equips, self.terrain)
        self.integration = IntegrationSummons(self)
        self.subduels = Subduels(self)
        self.clarifications = Clarifications(self)
        self.card_rulings = CardRulings(self)
        # ATK and DEF: the core's value, then each part's modifiers in the order they apply.
        self.modifiers = ModifierRegistry()
        for part in (self.equips, self.rule_cards, self.board, self.field_power):
            part.register_modifiers(self.modifiers)
        super().__init__(catalog, params, mutation, seed)

    # --- the board and the turn, sized by the articles ------------------------------------------

    def monster_zones(self) -> int:
        return self.params["frontrow_zones"]

    def spell_trap_zones(self) -> int:
        return self.params["backrow_zones"]

    def starting_lp(self) -> int | None:
        if self.misreads("kd-starting-lp", "official-lp"):
            return OFFICIAL_STARTING_LP
        self.note_rule("kd-starting-lp")
        return super().starting_lp()

    def monster_zone_full(self, player: str) -> bool:
        mode = self.teams.mode
        if mode == "tag":  # a Tag partner's share of the team's Frontrow
            return self.teams.tag_share_full(player)
        if mode == "boss":  # a Boss team's shared board
            if self.misreads("kd-boss-board", "separate-boards"):
                return super().monster_zone_full(player)
            return self.teams.boss_board_full(player)
        if not super().monster_zone_full(player):
            return False
        if self.misreads("kd-frontrow-zones", "no-limit"):
            return False
        self.note_rule("kd-frontrow-zones")
        return True

    def spell_trap_full(self, player: str) -> bool:
        if self.teams.mode == "tag":  # a Tag partner's share of the team's Backrow
            return self.teams.tag_share_full(player, "spell_trap", "tag_shared_backrow_zones")
        if not super().spell_trap_full(player):
            return False
        if self.misreads("kd-backrow-zones", "no-limit"):
            return False
        self.note_rule("kd-backrow-zones")
        return True

    def cards_drawn_per_turn(self) -> int:
        return self.params["cards_drawn_per_turn"]

    @property
    def normal_summon_used(self) -> bool:
        """True once the turn's Normal Summons (`normal_summons_per_turn`) are all used."""
        return self.summoning.all_used()

    @normal_summon_used.setter
    def normal_summon_used(self, used: bool) -> None:
        self.summoning.count(used)

    # --- the setup -----------------------------------------------------------------------------

    def setup_players(self, scenario: Scenario, players: YamlMapping) -> None:
        self.setup.begin_if_asked(scenario, players)
        if not self.teams.set_up(scenario, players):
            super().setup_players(scenario, players)

    def setup_player_extras(self, scenario: Scenario, name: str, player: YamlMapping) -> None:
        super().setup_player_extras(scenario, name, player)
        self.rule_cards.set_up(name)
        self.setup.set_up(name)
        self.sides.set_up(scenario, name, player)
        self.terrain.set_up(scenario, name, player)
        self.idleness.set_up(scenario, name, player)
        self.terrain.set_up_columns(scenario, name)
        self.idleness.look_at_monsters(name)

    def placement_problem(self, card: CardInstance) -> str | None:
        if card.zone == "monsters" and not card.face_up and card.position == "attack":
            return None  # a Hidden ATK monster
        problem = self.rule_cards.placement_problem(card)
        if problem:
            return problem
        decided, problem = self.cards_on_cards.host_placement(card)
        if decided:
            return problem
        return super().placement_problem(card)

    def equip_problem(self, card: CardInstance) -> str | None:
        """Kingdom Duels equips (monsters too) and attachments are checked with the zones
        (`zone_count_problem`), by the rules of its equips."""
        return None

    def zone_count_problem(self, player: str) -> str | None:
        return self.cards_on_cards.zone_count_problem(player) or \
            super().zone_count_problem(player)

    # --- a step of the script ------------------------------------------------------------------

    def perform(self, action: Action) -> None:
        if self.subduels.subduel is not None:
            return self.subduels.perform(action, self.perform_in_main_duel)
        return self.perform_in_main_duel(action)

    def perform_in_main_duel(self, action: Action) -> None:
        """A step of the main duel: the Setup Phase goes on as far as it needs, and a dual-type
        card is played as the kind the step plays it as."""
        if self.setup.under_way():
            self.setup.advance_setup(action.verb)
        card = self.cards_on_cards.played_as(action)
        if card is None:
            return super().perform(action)
        try:
            super().perform(action)
        # Broad on purpose: whatever stops the step (a refusal, a script error, a bug), the card
        # gets its printed kind back, and the error goes on unchanged.
        except Exception:  # noqa: BLE001
            self.cards_on_cards.restore_printed(card)
            raise

    def left_open(self) -> list[str]:
        if self.subduels.subduel is not None:
            return self.subduels.left_open()
        finishing = ["setup_finished"] if self.setup.under_way() else []
        return finishing + super().left_open()

    def settle(self) -> None:
        if self.subduels.subduel is not None:
            return self.subduels.settle()
        if self.setup.under_way():
            self.setup.advance_setup(None)
        super().settle()

    def after_action(self) -> None:
        if not self.chain and not self.resolving and self.summon_attempt is None:
            self.traps.spring_on_summons()  # a summon made outside any chain or attempt
        super().after_action()
        self.tilemap.keep_tiles()
        self.idleness.after_action()

    # --- cards moving --------------------------------------------------------------------------

    def move(self, card: CardInstance, zone: str, controller: str | None = None,
             face_up: bool = True, position: str | None = None, reason: str = "") -> None:
        if zone == "banished" and not self.misreads("kd-erode-banish", "banished-zone"):
            self.note_rule("kd-erode-banish")  # this game has no banishing: the card is eroded
            zone = "eroded"
        entering = zone == "monsters" and card.zone != "monsters"
        self.equips.before_move(card)
        from_deck, owner = card.zone == "deck", card.owner
        super().move(card, zone, controller, face_up, position, reason)
        self.cards_on_cards.card_moved(card, zone)
        self.board.card_moved(from_deck, owner, zone)
        self.terrain.card_moved(card, entering, zone)
        if entering:
            self.idleness.monster_entered(card)
            self.terrain.enters_default_terrain(card)

    def left_field(self, card: CardInstance, old_zone: str, old_controller: str) -> None:
        detachable = self.equips.leaving_field(card)
        super().left_field(card, old_zone, old_controller)
        self.cards_on_cards.end_lasting_effects_of(card)
        self.tilemap.source_left_field(card)
        self.cards_on_cards.host_left_field(card)
        self.rule_cards.source_left_field(card)
        self.equips.left_field(card, old_controller, detachable)

    def draw(self, counts: dict[str, int], cause: str = "draw") -> None:
        with self.board.drawing_cards():
            super().draw(counts, cause)

    def after_primitive(self, ctx: EffectContext) -> None:
        super().after_primitive(ctx)
        self.board.shuffle_searched_decks(ctx)

    def token_leaves_game(self, card: CardInstance) -> bool:
        if self.misreads("kd-tokens-gone", "token-to-graveyard"):
            return False
        self.note_rule("kd-tokens-gone")
        return True

    def erode(self, card: CardInstance, cause: str) -> None:
        if self.misreads("kd-erode", "erode-is-graveyard"):
            return self.move(card, "graveyard", reason=f"eroded by {cause}")
        self.note_rule("kd-erode")
        self.move(card, "eroded", reason=f"eroded by {cause}")

    def gain_control(self, card: CardInstance, player: str, cause: str) -> None:
        self.equips.gain_control(card, player, cause)

    def swap_control(self, card: CardInstance, player: str, cause: str) -> None:
        self.equips.swap_control(card, player, cause)

    def equip(self, card: CardInstance, host: CardInstance, cause: str,
              controller: str | None = None) -> None:
        self.equips.note_own_right(card, cause)
        if self.card_rulings.equips_hidden(host):
            host.face_up = True  # taken for a face-up monster while it is equipped
            try:
                return super().equip(card, host, cause, controller)
            finally:
                host.face_up = False
        return super().equip(card, host, cause, controller)

    def queue_triggers_for_face_down(self, card: CardInstance) -> None:
        self.equips.cards_on_hidden_monster(card)
        super().queue_triggers_for_face_down(card)

    def queue_triggers(self, card: CardInstance, event: str, **data: object) -> None:
        if self.card_rulings.flip_effect_wakes(card, event):
            super().queue_triggers(card, event, **data)

    def lasting_effect(self, ctx: EffectContext, card: CardInstance, key: str,
                       value: YamlValue = None) -> None:
        super().lasting_effect(ctx, card, key, value)
        self.clarifications.date_lasting_effect()

    def place_fusion_materials(self, materials: Iterable[CardInstance],
                               fusion: CardInstance) -> None:
        """Fusion Materials are attached beneath the Fusion Monster, not sent to the Graveyard."""
        if self.misreads("kd-fusion-attach", "materials-to-graveyard"):
            return super().place_fusion_materials(materials, fusion)
        for material in materials:
            self.move(material, "attached", reason=f"attached to {fusion.id} as a Fusion Material")
            material.host = fusion.id
        self.note_rule("kd-fusion-attach")

    # --- what a card is ------------------------------------------------------------------------

    def matches(self, card: CardInstance, spec: YamlMapping) -> bool:
        spec = self.fusion_names(card, spec)
        bracketed = self.equips.bracket_spec(card, spec)
        if bracketed is None:
            return False
        unfiltered = self.board.token_spec(card, bracketed)
        if unfiltered is None:
            return False
        spec = self.cards_on_cards.kind_spec(card, unfiltered)
        return super().matches(card, spec)

    def fusion_names(self, card: CardInstance, spec: YamlMapping) -> YamlMapping:
        """A Fusion Monster on the field also has its Materials' names (kd-fusion-names): a
        filter by one of them finds it."""
        if "name" in spec and card.card.materials and card.zone == "monsters" and \
                spec["name"] in card.card.material_names:
            if not self.misreads("kd-fusion-names", "own-name-only"):
                self.note_rule("kd-fusion-names")
                spec = {k: v for k, v in spec.items() if k != "name"}
        return spec

    def is_card_of_kind(self, card: CardInstance, kind: str) -> bool:
        return super().is_card_of_kind(card, kind) or \
            self.cards_on_cards.is_also_of_kind(card, kind)

    def cards_on_field(self, kind: str | None = None,
                       controller: str | None = None) -> list[CardInstance]:
        return self.board.field_cards(super().cards_on_field(kind, controller), kind, controller)

    def attacking_monster(self) -> str | None:
        return self.board.attack_source(self.attack) if self.attack is not None else None

    def count(self, spec: YamlValue, player: str) -> int:
        if self.board.counts_field(spec):
            return self.board.count_field(spec, player)
        return super().count(spec, player)

    def unaffected_by(self, card: CardInstance, source_id: str) -> bool:
        if self.higher_hierarchy(card, self.card(source_id)):
            if self.misreads("kd-hierarchy", "no-immunity"):
                return False
            self.emit("effect", f"{card.id} (Hierarchy {card.card.hierarchy}) is unaffected by "
                      f"{source_id}, a Divine card of lower Hierarchy", ["kd-hierarchy"],
                      card=card.id, by=source_id, what="unaffected")
            return True
        if self.board.unaffected(card, self.card(source_id)):
            return True
        return super().unaffected_by(card, source_id)

    def can_be_targeted(self, target: CardInstance, source: CardInstance,
                        purpose: str | None = None) -> bool:
        """Hierarchy makes a card unaffected, not untargetable: a lower Divine card's effect may
        still target it (and then does nothing to it)."""
        if self.higher_hierarchy(target, source) and \
                self.misreads("kd-hierarchy", "untargetable"):
            return False
        return super().can_be_targeted(target, source, purpose)

    @staticmethod
    def higher_hierarchy(card: CardInstance, source: CardInstance) -> bool:
        """Is `card` a Divine card of higher Hierarchy than the Divine card `source`?"""
        return bool(source.card.hierarchy) and card.card.hierarchy > source.card.hierarchy

    # --- players, teams and Life Points --------------------------------------------------------

    def opponent(self, player: str) -> str:
        if self.teams.mode is None:
            return super().opponent(player)
        return self.teams.opponent(player)

    def is_opponent(self, player: str, other: str) -> bool:
        if self.teams.mode is None:
            return super().is_opponent(player, other)
        return self.teams.is_opponent(player, other)

    def opponents_of(self, player: str) -> list[str]:
        return self.teams.opponents_among(player, super().opponents_of(player))

    def opponent_aimed_at(self, ctx: EffectContext) -> str:
        if self.teams.mode is None:
            return super().opponent_aimed_at(ctx)
        return self.teams.opponent_aimed_at(ctx)

    def next_player(self, player: str) -> str:
        if self.teams.mode is None:
            return super().next_player(player)
        return self.teams.next_player(player)

    def turn_order(self) -> list[str]:
        if self.teams.mode is None:
            return super().turn_order()
        return self.teams.turn_order()

    def next_turn_player(self) -> str:
        if self.teams.mode == "boss":
            return self.teams.boss_rotation_next()
        return super().next_turn_player()

    SHARED_SIDE_RULE = "kd-boss-control"

    def own_side(self, player: str, zone: str) -> list[str]:
        """A Boss team shares its field and Graveyard: "you control" and "your Graveyard" take
        in the whole team's side (kd-boss-control); hands and Decks stay each player's own."""
        if zone in BOSS_SHARED_ZONES:
            players = self.teams.side_players(player)
            if len(players) > 1 and self.misreads("kd-boss-control", "individual-control"):
                return [player]
            return players
        return [player]

    def check_fusion_material(self, material: CardInstance, player: str) -> None:
        """A Fusion Summon attaches its Materials, and a Token is never attached: refused when
        Fusion is activated (the Fusion Materials of the official game, sent to the Graveyard,
        would take it)."""
        if material.card.subtype == "token" and \
                not self.misreads("kd-fusion-attach", "materials-to-graveyard") and \
                not self.misreads("kd-token-not-attached", "token-attachable"):
            self.illegal("kd-token-not-attached", "token_cannot_be_attached",
                         f"{material.id} is a Token: it cannot be attached as a Fusion Material")

    def may_use_as_material(self, card: CardInstance, player: str) -> bool:
        lent = self.teams.lends(card, player)
        return super().may_use_as_material(card, player) if lent is None else lent

    def commands(self, card: CardInstance, player: str) -> bool:
        commanded = self.teams.commands(card, player)
        return super().commands(card, player) if commanded is None else commanded

    def both_players(self, player: str) -> list[str]:
        return self.board.both_players(player)

    def side_players(self, colour: str, controller: str) -> list[str]:
        return self.sides.side_players(colour, controller)

    def change_lp(self, changes: dict[str, int], cause: str, kind: str = "") -> None:
        changes = self.board.lp_changes(changes, kind)
        self.teams.note_shared_pool(changes)
        super().change_lp(changes, cause, kind)

    def check_lp(self) -> None:
        if self.teams.mode is None:
            return super().check_lp()
        self.teams.check_lp()

    def lose(self, loser: str, reason: str, rules: Iterable[str] = ()) -> None:
        if not self.teams.lose(loser, reason, rules):
            super().lose(loser, reason, rules)

    def winning_players(self, winner: str) -> Iterable[str]:
        if self.teams.mode is None:
            return super().winning_players(winner)
        return self.teams.winning_players(winner)

    def match_sides(self) -> tuple[str, ...]:
        """A Tag or Boss Duel's Match is played team against team; a Battle Royale's, and a
        duel of two, player against player."""
        if self.teams.mode in (None, "battle_royale") or not self.teams.teams:
            return super().match_sides()
        return tuple(self.teams.teams)

    def finish(self, winner: str | None, reason: str, rules: Iterable[str] = (),
               match: bool = False) -> None:
        super().finish(*self.integration.final_result(winner, reason, rules, match))

    def check_state(self, after_chain: bool = False) -> None:
        super().check_state(after_chain)
        self.integration.check_revealed()

    def do_concede(self, action: Action) -> None:
        if self.teams.mode is not None:
            return self.lose(action.actor, "concession", ["concede"])
        if self.card_rulings.surrender_is_a_draw():
            return self.finish(None, "concession")
        super().do_concede(action)

    # --- coins and dice ------------------------------------------------------------------------

    def coin_branch(self, right: bool) -> str:
        self.note_rule("kd-coin")
        if self.misreads("kd-coin", "caller-wins"):
            return "right"
        return super().coin_branch(right)

    def dice_sides(self) -> int:
        return self.params["dice_sides"]

    def dice_part_applies(self, roll: int) -> bool:
        if self.misreads("kd-dice", "match-optional"):
            return False
        self.note_rule("kd-dice")
        return True

    # --- the turn ------------------------------------------------------------------------------

    def do_phase(self, action: Action) -> None:
        if action.phase == "battle" and "skip_battle" in self.turn_flags:
            self.illegal("kd-strike-skips", "battle_phase_skipped",
                         "a player who used STRIKE skips this Battle Phase")
        if self.clarifications.goes_back(action):
            return
        super().do_phase(action)
        self.battle.phase_entered(action.phase)

    def end_phase(self) -> None:
        super().end_phase()
        self.keep_whole_hand(self.turn_player)
        self.idleness.judge(self.turn_player)

    def keep_whole_hand(self, player: str) -> None:
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

    def next_turn(self, stop_at: str) -> None:
        if not self.optional_triggers or \
                not self.misreads("kd-no-missed-timing", "kept-for-good"):
            self.optional_triggers = []  # kept through the turn, not beyond it
        self.destruction_damage.new_turn()
        self.battle.new_turn()
        self.strike.new_turn()
        self.card_rulings.new_turn()
        self.tilemap.new_turn()
        self.teams.round_number()
        super().next_turn(stop_at)
        self.teams.count_round()
        self.idleness.new_turn()

    def count_card_turns(self) -> None:
        super().count_card_turns()
        self.traps.count_persist_turns()
        self.clarifications.count_battle_locks()

    # --- summoning -----------------------------------------------------------------------------

    def normal_summon_check(self, card: CardInstance, player: str, setting: bool = False) -> None:
        self.summoning.check_normal_summon(player)
        super().normal_summon_check(card, player, setting)

    def tributes_needed(self, card: CardInstance) -> int:
        needed = self.summoning.tributes_needed()
        return super().tributes_needed(card) if needed is None else needed

    def pay_costs(self, card: CardInstance, player: str, program: YamlMapping,
                  selections: dict[str, str]) -> None:
        tributing = any("tribute" in step for step in program.get("cost", []))
        if tributing and self.misreads("kd-tribute-cost", "no-tributing"):
            self.illegal("kd-tribute-cost", "cannot_pay_cost",
                         f"{card.id}'s cost Tributes a monster, which cannot be done")
        super().pay_costs(card, player, program, selections)
        if tributing:
            self.note_rule("kd-tribute-cost")  # Tributed: sent to the Graveyard for the cost

    def do_set(self, action: Action) -> None:
        self.summoning.check_set(self.card(action.card))
        super().do_set(action)

    def do_summon(self, action: Action) -> None:
        column = int(action.to) if action.to and action.to.isdigit() else None
        with self.terrain.placing_in(column):
            if self.summoning.hidden(action):
                return self.summoning.summon_hidden(action)
            tile = self.tilemap.check_summon_tile(action)
            super().do_summon(action)
            self.tilemap.place_summoned(self.card(action.card), tile)

    def settle_summon(self) -> None:
        super().settle_summon()  # a summon that succeeds reports itself (`summoned`)
        self.traps.spring_on_summons()

    def summoned(self, cards: list[CardInstance], player: str, how: str) -> None:
        """Every summon ends here, whatever made it (a Normal Summon, an effect, a Fusion, a
        Ritual, a procedure, Tokens, several at once): the one place the Traps hear of it."""
        super().summoned(cards, player, how)
        self.traps.summon_happened(cards, player, how)

    def summon_negated(self, attempt: SummonAttempt) -> None:
        self.idleness.summon_negated(attempt)

    def special_summon(self, card: CardInstance, player: str, position: str, cause: str = "",
                       face_up: bool = True) -> bool:
        if not self.summoning.special_summon_allowed(player, cause):
            return False
        if self.equips.seals(card):
            return False
        return super().special_summon(card, player, position, cause, face_up)

    def special_summon_together(self, cards: list[CardInstance], player: str, position: str,
                                cause: str, face_up: bool = True) -> bool:
        """Special Summons have no limit, however many come at once; a sealed zone keeps its
        own monster out, not the others."""
        if not self.summoning.special_summon_allowed(player, cause):
            return False
        cards = [card for card in cards if not self.equips.seals(card)]
        return bool(cards) and super().special_summon_together(cards, player, position, cause,
                                                               face_up)

    def summon_tokens(self, player: str, token_name: str, count: int, cause: str) -> None:
        if self.summoning.special_summon_allowed(player, cause):
            super().summon_tokens(player, token_name, count, cause)

    def do_flip_summon(self, action: Action) -> None:
        card = self.card(action.card)
        position = action.position or "attack"
        super().do_flip_summon(action)
        self.card_rulings.choose_flip_position(card, action.actor, position)

    # --- chains --------------------------------------------------------------------------------

    def do_activate(self, action: Action) -> None:
        card = self.card(action.card)
        optional_effect = self.card_rulings.optional_effect(card)
        if not self.equips.puts_itself_on(action):
            flipping = self.board.flipping_continuous_trap(card)
            self.extra_deck.check_alter_activation(action)
            limits = self.card_rulings.check_limits(card, action.actor)
            super().do_activate(action)
            self.card_rulings.count_limited_use(card, action.actor, limits)
            if flipping:
                self.board.continuous_trap_flipped()
        if optional_effect:
            self.card_rulings.optional_effect_used(card)

    def put_on_field(self, card: CardInstance, player: str, is_card: bool) -> None:
        self.clarifications.check_put_on_field(card, is_card)
        super().put_on_field(card, player, is_card)

    def speed_of(self, card: CardInstance, program: YamlMapping, is_card_activation: bool) -> int:
        if is_card_activation and card.card.kind == "spell" and \
                card.card.subtype in ("continuous", "equip"):
            if card.card.subtype == "equip" and \
                    self.misreads("kd-equip-continuous-slow", "equip-quick"):
                return 2
            if self.misreads("kd-slow", "continuous-quick"):
                return 2
            self.note_rule("kd-equip-continuous-slow")
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

    def check_timing(self, card: CardInstance, player: str, speed: int, is_card: bool,
                     program: YamlMapping) -> None:
        if self.chain and "unstoppable" in self.card(self.chain[-1].card_id).card.flags and \
                not self.misreads("kd-unstoppable", "answerable"):
            self.illegal("kd-unstoppable", "unstoppable",
                         f"nothing can respond to the Unstoppable {self.chain[-1].card_id}")
        answers_slow = self.card_rulings.answers_slow(speed)
        self.card_rulings.check_quick_answers_slow(card, answers_slow)
        super().check_timing(card, player, speed, is_card, program)
        self.card_rulings.timing_checked(card, is_card, program, answers_slow)

    def optional_triggers_kept(self) -> list[PendingTrigger]:
        if not self.optional_triggers or self.misreads("kd-no-missed-timing", "timing-missed"):
            return super().optional_triggers_kept()
        self.note_rule("kd-no-missed-timing")
        return list(self.optional_triggers)

    # The core's is a staticmethod; this one asks the board, so it needs the duel. Every call
    # is made on a duel (`self.program_steps`), never on the class.
    def program_steps(self, link: ChainLink) -> list[YamlMapping]:  # type: ignore[override]
        if self.board.flip_only(link):
            return []
        return super().program_steps(link)

    def resolve_link(self, link: ChainLink) -> None:
        with self.tilemap.choosing_for(link):
            if not link.negated:
                self.board.negate_by_standing_card(link)
            super().resolve_link(link)

    def chain_finished(self, order: list[ChainLink]) -> None:
        self.traps.start_persisting(order)
        super().chain_finished(self.extra_deck.links_that_leave(order))
        self.board.discard_used_cards(order)

    def chain_resolved(self) -> None:
        waking = self.battle.take_waking_triggers()
        super().chain_resolved()
        for trigger, actor in waking:
            self.traps.spring_traps(trigger, actor)
        self.traps.spring_on_summons()  # monsters summoned while the chain resolved

    def negate_link_below(self, link: ChainLink, destroy: bool = True, cause: str = "") -> None:
        below = self.rule_cards.rule_link_below(link)
        if below is not None and self.rule_cards.cannot_be_negated(below, cause):
            return
        super().negate_link_below(link, destroy, cause)
        if below is not None:
            self.rule_cards.negated(below, cause)

    # --- battle --------------------------------------------------------------------------------

    def may_attack_in_position(self, attacker: CardInstance) -> bool:
        return self.battle.may_attack_in_position(attacker)

    def check_attack_target(self, attacker: CardInstance, target: CardInstance | None,
                            player: str) -> None:
        self.battle.check_no_direct_attack(target)
        self.tilemap.check_attack_target(attacker, target)
        if self.teams.mode is None or target is None:
            return super().check_attack_target(attacker, target, player)
        self.teams.check_attack_target(target, player)

    def do_attack(self, action: Action) -> None:
        self.battle.check_attack(action)
        super().do_attack(action)
        self.battle.attack_declared(action.actor)

    def redirect_attack(self, new_target: CardInstance, cause: str) -> None:
        attack = self.attack
        if not self.battle.may_redirect(new_target, cause):
            return
        super().redirect_attack(new_target, cause)
        self.battle.redirected(attack, new_target, cause)

    def fight(self) -> None:
        if self.battle.replayed():
            return
        with self.battle.fighting_out(self.attack):
            super().fight()

    def monster_battle(self, attacker: CardInstance, defender: CardInstance, player: str,
                       rival: str) -> None:
        self.battle.reveal_hidden_defender(defender)
        with self.battle.between_atk_monsters(attacker, defender, player):
            weighed = self.battle.weigh_piercing(attacker, defender)
            revealed = self.card_rulings.revealed_by_attack(defender, player)
            with self.card_rulings.in_battle():
                super().monster_battle(attacker, defender, player, rival)
            if revealed:
                self.card_rulings.kept_position()
            self.battle.pierce_or_shield(weighed, attacker, defender, rival)

    def destroy_by_battle(self, card: CardInstance) -> None:
        if not self.battle.spares_attacker(card):
            super().destroy_by_battle(card)

    def allowed_in_damage_step(self, card: CardInstance, is_card: bool,
                               program: YamlMapping | None = None) -> bool:
        return self.battle.damage_step_allows(
            super().allowed_in_damage_step(card, is_card, program))

    def battle_damage(self, player: str, value: int, source: CardInstance,
                      direct: bool = False) -> None:
        if not self.battle.spares_damage(player, value):
            super().battle_damage(player, value, source, direct)

    def apply_destruction_damage(self, player: str, atk: int, cause: str) -> None:
        self.destruction_damage.deal(player, atk, cause)

    def check_position_change(self, card: CardInstance) -> None:
        if "battle_lock" in card.counters and not self.misreads("kd-battle-lock", "lock-ignored") \
                and self.clarifications.battle_lock_holds(card):
            self.illegal("kd-battle-lock", "battle_locked", f"{card.id} is Battle Locked")

    def battle_swap(self, card: CardInstance, ctx: EffectContext) -> None:
        if card.controller != ctx.controller and \
                self.misreads("kd-battle-swap", "own-monsters-only"):
            self.emit("position", f"Battle Swap: {card.id} is not {ctx.controller}'s monster and "
                      "keeps its position", card=card.id,
                      player=ctx.controller, what="battle_swap_kept")
            return
        super().battle_swap(card, ctx)
        self.note_rule("kd-battle-swap")

    # --- the format's own steps ----------------------------------------------------------------

    def do_hide(self, action: Action) -> None:
        self.battle.hide(action.actor, self.card(action.card))

    def do_strike(self, action: Action) -> None:
        self.strike.use(action.actor, self.card(action.card), action.to,
                        action.select.get("player"))

    def do_decline(self, action: Action) -> None:
        """A card's own trigger effect is declined as in every format; anything else named is
        a Trap whose Trigger was met (refused with not_triggered when it is not)."""
        card = self.card(action.card_id)
        if any(t["card"] == card.id for t in self.optional_triggers) or \
                self.mandatory_effect_started(card):
            return super().do_decline(action)
        self.traps.decline(action.actor, card)

    def do_redirect(self, action: Action) -> None:
        self.teams.do_redirect(action)

    def do_join(self, action: Action) -> None:
        self.teams.do_join(action)

    def do_end_duel(self, action: Action) -> None:
        self.teams.do_end_duel(action)

    def do_activate_rule(self, action: Action) -> None:
        card = self.card(action.card)
        if not self.setup.plays_setup_rule(action.actor, card):
            self.rule_cards.activate(action.actor, card)

    def do_swap(self, action: Action) -> None:
        self.setup.swap(action)

    def do_use_symbol(self, action: Action) -> None:
        self.rule_cards.use_symbol(action)

    def do_integration_summon(self, action: Action) -> None:
        self.integration.summon(action)

    def do_send(self, action: Action) -> None:
        self.extra_deck.send(action.actor, self.card(action.card))

    def do_ritual_summon(self, action: Action) -> None:
        self.extra_deck.ritual_summon(action)

    def do_move(self, action: Action) -> None:
        self.tilemap.move_step(action)

    def do_detach(self, action: Action) -> None:
        self.equips.detach(action.actor, self.card(action.card))

    # --- what the format's effect primitives call ----------------------------------------------

    def create_tilemap(self, ctx: EffectContext, spec: YamlValue) -> None:
        # `spec`: the card's `create_tilemap:` argument as its YAML wrote it (the Tilemaps check it)
        self.tilemap.create_tilemap(ctx, spec)

    def remove_obstructions(self, ctx: EffectContext) -> None:
        self.tilemap.remove_obstructions(ctx)

    def move_to_terrain(self, card: CardInstance, cause: str) -> None:
        self.tilemap.move_to_terrain(card, cause)

    def replace_terrain(self, player: str, column: int, terrain: str) -> None:
        self.terrain.replace(player, column, terrain)

    def declare_subduel(self, ctx: EffectContext, spec: YamlValue) -> None:
        # `spec` is the card's `subduel:` argument as its YAML wrote it: the Subduels check it
        self.subduels.declare_subduel(ctx, spec)

    def equip_zone(self, card: CardInstance, player: str, zone: str,
                   ctx: EffectContext) -> None:
        self.equips.equip_zone(card, player, zone, ctx)

    def equip_by_effect(self, card: CardInstance, host: CardInstance,
                        ctx: EffectContext) -> None:
        self.equips.equip_by_effect(card, host, ctx)

    def attach_by_effect(self, card: CardInstance, host: CardInstance,
                         ctx: EffectContext) -> None:
        self.equips.attach_by_effect(card, host, ctx)

    def alter_summon(self, ctx: EffectContext, alter_type: str) -> None:
        self.extra_deck.alter_summon(ctx, alter_type)

    def activate_rule_by_effect(self, ctx: EffectContext, name: str) -> None:
        self.rule_cards.activate_rule_by_effect(ctx, name)

    # --- what scenarios and pages see ----------------------------------------------------------

    def card_facts(self, card: CardInstance) -> YamlMapping:
        facts = super().card_facts(card)  # its host too
        self.equips.host_fact(card, facts)
        facts["column"] = card.column
        return facts

    def observe_format(self) -> YamlMapping:
        return {**super().observe_format(), "defeated": list(self.teams.out),
                "charges": self.rule_cards.charges(), "terrains": dict(self.terrain.markers),
                "tiles": self.tilemap.observe_tiles(), "warnings": dict(self.idleness.warnings)}

    def snapshot(self) -> YamlMapping:
        data = super().snapshot()
        self.teams.add_to_snapshot(data)
        self.tilemap.add_to_snapshot(data)
        self.subduels.add_to_snapshot(data)
        data["terrains"] = self.terrain.as_data()
        data["idle_warnings"] = dict(self.idleness.warnings)
        return data

    def turn_facts(self) -> YamlMapping:
        """Normal Summons and STRIKEs are counted per turn here."""
        facts = super().turn_facts()
        facts["normal_summons"] = self.summoning.normal_summons_this_turn
        facts["strikes"] = self.strike.strikes_this_turn
        return facts

    @property
    def subduel_cards(self) -> dict[str, CardInstance]:
        """Every card a Subduel of this duel used, for the pages that name cards."""
        return self.subduels.subduel_cards
