"""Reason codes: why the rules refuse a step, in one typed vocabulary.

A scenario expects a refusal by its code (`illegal: no_priority`), and the site explains it with
the code's meaning (one sentence a judge reads) and its anchors (the rule article sections that
can refuse a step with it). This enum is the only place a code is declared; a ruleset lists the
members it may refuse with in its REASON_CODES (vocabulary.formats.reasons), and the scenario
reference reads meaning and anchors from here. `core=True` marks a code that the core mechanics
also raise with no rule of their own (besides its anchors); a code with no anchor is always one.

A StrEnum: each member equals its code, so YAML files and stored replays keep plain strings.
"""
from collections.abc import Collection
from enum import StrEnum


def reason(code: str, meaning: str, *anchors: str,
           core: bool = False) -> tuple[str, str, tuple[str, ...], bool]:
    """The value of a Reason member: its code, meaning, anchors, and whether the core mechanics
    also raise it with no rule."""
    return code, meaning, tuple(anchors), core


class Reason(StrEnum):
    """Why the rules refuse a step."""

    meaning: str
    anchors: tuple[str, ...]
    core_mechanics: bool

    # `Reason(code)` looks a member up by its code; only the members' own values reach here.
    def __new__(cls, code: str, meaning: str = "", anchors: tuple[str, ...] = (),
                core: bool = False) -> "Reason":
        member = str.__new__(cls, code)
        member._value_ = code
        member.meaning = meaning
        member.anchors = anchors
        member.core_mechanics = core or not anchors
        return member

    def __repr__(self) -> str:
        """A code reads as the string it equals, in messages (`got 'no_priority'`) as before."""
        return repr(self.value)

    def anchors_in(self, rule_anchors: Collection[str]) -> list[str]:
        """This code's anchors among `rule_anchors` (a format's rule book), sorted."""
        return sorted(anchor for anchor in self.anchors if anchor in rule_anchors)

    # the core rules (duel, chains, battle, turns, primitives)
    ALREADY_ATTACKED = reason("already_attacked", "the monster has already attacked this turn")
    CANNOT_ATTACK = reason(
        "cannot_attack",
        "the monster cannot declare an attack (not a face-up Attack Position monster of the "
        "player, or an effect forbids it)",
        "kingdom-duels/fusion-monsters#material-no-attack-first-turn",
        "tag-team-phalanx/the-shared-field#rule-7-front-line-attacks",
        core=True)
    CANNOT_NORMAL_SUMMON = reason(
        "cannot_normal_summon",
        "the monster cannot be Normal Summoned or Set",
        "kingdom-duels/summoning#normal-summon-face-up-atk-or-def",
        "thought-ruler-highlander/summon-limit#deck-master-set-weight",
        "thought-ruler-highlander/summoning-the-deck-master#normal-summon-condition-applies",
        core=True)
    CANNOT_PAY_COST = reason(
        "cannot_pay_cost",
        "the cost (LP, a discard, a Tribute, a banished or sent card) cannot be paid",
        "core/chains#costs-at-activation",
        "deck-masters/abilities#must-pay-whole-cost",
        "kingdom-duels/clarifications#tribute-definition",
        core=True)
    CONDITION_NOT_MET = reason(
        "condition_not_met",
        "the card's activation condition does not hold now",
        "kingdom-duels/monster-cards#normal-monsters-have-effects",
        core=True)
    DIRECT_ATTACK_BLOCKED = reason(
        "direct_attack_blocked",
        "a direct attack needs the opponent to control no monsters",
        "thought-ruler-highlander/extra-monster-zone#not-on-the-field", core=True)
    DUEL_OVER = reason("duel_over", "the duel is already over")
    FLIPPED_THIS_CHAIN = reason(
        "flipped_this_chain",
        "a card flipped face-up in this chain cannot activate in it",
        "core/card-types#continuous-trap-once-in-flip-chain")
    INVALID_ATTACK_TARGET = reason(
        "invalid_attack_target",
        "that monster cannot be attacked",
        "deck-masters/deck-master-position#cannot-be-attacked",
        "kingdom-duels/clarifications#replay-choose-again",
        "tag-team-phalanx/the-shared-field#rule-6-back-line-shielded",
        core=True)
    INVALID_FUSION = reason(
        "invalid_fusion",
        "the Fusion Summon's materials or monster do not fit")
    INVALID_RITUAL = reason(
        "invalid_ritual",
        "the Ritual Summon's Tributes or monster do not fit: a Ritual Monster in the hand, and "
        "Tributes whose Levels total at least its Level")
    INVALID_SELECTION = reason(
        "invalid_selection",
        "a choice made while resolving or paying does not fit the effect")
    INVALID_TARGET = reason("invalid_target", "not a valid target for the card")
    MANDATORY_EFFECT = reason(
        "mandatory_effect",
        "the effect or Ability is mandatory: it is activated by itself (or must be), so its "
        "player cannot decline it",
        "deck-masters/abilities#compulsory-trigger-mandatory",
        "deck-masters/abilities#trigger-optional",
        core=True)
    NOTHING_TO_DECLINE = reason(
        "nothing_to_decline",
        "no optional effect or Ability of that card waits for the player to activate it")
    MANDATORY_TRIGGER_PENDING = reason(
        "mandatory_trigger_pending",
        "a mandatory trigger must activate first")
    NO_FREE_ZONE = reason(
        "no_free_zone",
        "no free zone (Monster, Spell & Trap, or line) for the card",
        "core/card-types#field-zone-per-player",
        "tag-team-phalanx/the-shared-field#rule-5-separate-field-zones",
        "tag-team-phalanx/the-shared-field#rule-5-shared-monster-zone",
        "thought-ruler-highlander/extra-monster-zone#no-summons-to-occupied-emz",
        core=True)
    NO_PRIORITY = reason(
        "no_priority",
        "the player does not hold priority",
        "deck-masters/abilities#self-negated-still-chainable",
        core=True)
    NO_SUMMON_PROCEDURE = reason("no_summon_procedure", "the monster cannot Special Summon itself")
    NORMAL_SUMMON_USED = reason(
        "normal_summon_used",
        "the Normal Summon (or Set) of this turn is used",
        "kingdom-duels/summoning#one-normal-summon",
        core=True)
    NOT_ACTIVATABLE = reason(
        "not_activatable",
        "the card has nothing to activate now",
        "deck-masters/changing-your-deck-master#old-becomes-regular",
        "kingdom-duels/spells-and-traps#spell-from-hand-or-set",
        "tag-team-phalanx/the-shared-field#rule-9-rampart-summon",
        core=True)
    NOT_FLIPPABLE = reason("not_flippable", "not a face-down monster of the player")
    NOT_IN_DAMAGE_STEP = reason(
        "not_in_damage_step",
        "nothing may be activated in the Damage Step but a card or effect that changes ATK or DEF "
        "as it resolves, a card whose text allows it, or a Counter Trap; and a Deck Master is "
        "not Special Summoned there",
        "core/card-types#quick-play-damage-step", "core/card-types#damage-step-atk-changes",
        "deck-masters/summoning#any-time-except-damage-step")
    NOT_IN_HAND = reason("not_in_hand", "the card is not in the player's hand")
    NOT_OPEN_GAME_STATE = reason(
        "not_open_game_state",
        "the action needs an open game state (no chain, no attack under way)")
    NOT_YOUR_CARD = reason(
        "not_your_card",
        "the player does not control the card",
        "tag-team-phalanx/players-and-their-cards#rule-13-no-playing-teammate-cards",
        "tag-team-phalanx/players-and-their-cards#rule-14-no-control-teammate-spells-traps",
        "tag-team-phalanx/players-and-their-cards#rule-14-what-control-covers",
        core=True)
    NOT_YOUR_MONSTER = reason(
        "not_your_monster",
        "not a (face-up) monster the player controls",
        "deck-masters/abilities#abilities-from-position-or-field",
        "tag-team-phalanx/the-shared-field#rule-8-move-instead-of-position-change",
        core=True)
    NOT_YOUR_TURN = reason(
        "not_your_turn",
        "only the turn player may do this",
        "tag-team-phalanx/players-and-their-cards#rule-14-no-control-teammate-monsters",
        "thought-ruler-highlander/nightfall#turn-player-only",
        core=True)
    PHASE_ORDER = reason(
        "phase_order",
        "phases only move forward",
        "kingdom-duels/turn-structure#phase-order",
        core=True)
    POSITION_CHANGE_USED = reason(
        "position_change_used",
        "the monster cannot change its battle position now",
        "tag-team-phalanx/the-shared-field#rule-8-card-effects-excluded",
        "tag-team-phalanx/the-shared-field#rule-8-move-instead-of-position-change",
        core=True)
    QUICK_PLAY_FROM_HAND_OPPONENT_TURN = reason(
        "quick_play_from_hand_opponent_turn",
        "a Quick-Play Spell is not activated from the hand in the opponent's turn",
        "core/card-types#quick-play-not-from-hand-opponent-turn")
    SET_THIS_TURN = reason(
        "set_this_turn",
        "the card was Set this turn",
        "core/card-types#normal-spell-set-and-activate",
        "core/card-types#quick-play-not-turn-set",
        "core/card-types#trap-not-turn-set",
        "core/card-types#trap-from-next-draw-phase",
        "kingdom-duels/spells-and-traps#trap-set-a-turn",
        core=True)
    SETTING_FORBIDDEN = reason(
        "setting_forbidden",
        "a face-up card forbids Setting",
        "thought-ruler-highlander/nightfall#ignores-continuous-restrictions",
        core=True)
    SPELL_SPEED_1_TIMING = reason(
        "spell_speed_1_timing",
        "a Spell Speed 1 activation needs its controller's open Main Phase",
        "core/card-types#normal-spell-main-phase",
        "core/chains#chaining-speed",
        "tag-team-phalanx/players-and-their-cards#rule-13-no-playing-teammate-cards")
    SPELL_SPEED_TOO_LOW = reason(
        "spell_speed_too_low",
        "the Spell Speed is too low to answer the last chain link",
        "core/chains#chaining-speed",
        "deck-masters/abilities#activated-abilities-can-be-chained",
        "deck-masters/abilities#self-negated-still-chainable",
        "kingdom-duels/terminology#quick-responds-to-both")
    SUMMON_CONDITION = reason("summon_condition", "the monster's summoning condition is not met")
    TRAP_FROM_HAND = reason(
        "trap_from_hand",
        "a Trap must be Set before it is activated",
        "core/card-types#trap-set-first")
    UNKNOWN_PHASE = reason("unknown_phase", "no phase by that name")
    WRONG_MATERIALS = reason(
        "wrong_materials",
        "the materials do not fit the summon",
        "kingdom-duels/integration-monsters#integration-summon-requirements",
        "kingdom-duels/ritual-monsters#attached-monster-does-not-count",
        "kingdom-duels/ritual-monsters#equipped-monster-counts",
        "kingdom-duels/ritual-monsters#ritual-summon-requirements",
        core=True)
    WRONG_PHASE = reason(
        "wrong_phase",
        "not possible in this phase",
        "core/card-types#quick-play-from-hand-own-turn",
        "deck-masters/summoning#any-time-except-damage-step",
        "kingdom-duels/effect-types#strike-timing",
        "kingdom-duels/ritual-monsters#ritual-spell-send-at-will",
        core=True)
    WRONG_TRIBUTES = reason(
        "wrong_tributes",
        "the Tributes do not fit the summon",
        "deck-masters/on-the-field#no-tribute-set",
        core=True)
    # Deck Masters
    ABILITY_FROM_FIELD = reason(
        "ability_from_field",
        "a Deck Master Ability works only from the Deck Master Position",
        "deck-masters/abilities#abilities-from-position-or-field")
    ABILITY_NEGATED = reason(
        "ability_negated",
        "the Deck Master's Ability is negated",
        "deck-masters/abilities#self-negation-cost",
        core=True)
    CHAIN_LINK_1_ONLY = reason(
        "chain_link_1_only",
        "this kind of Ability must be Chain Link 1",
        "deck-masters/abilities#ignition-chain-link",
        "deck-masters/abilities#trigger-chain-link",
        "deck-masters/abilities#spell-ability-chain-link",
        "deck-masters/abilities#trap-ability-chain-link")
    CONTINUOUS_ABILITY = reason(
        "continuous_ability",
        "a Continuous Ability never activates",
        "deck-masters/abilities#continuous-no-spell-speed")
    DECK_MASTER_GONE = reason(
        "deck_master_gone",
        "the Deck Master has left play",
        "deck-masters/abilities#abilities-from-position-or-field")
    DECK_MASTER_TRIBUTE = reason(
        "deck_master_tribute",
        "a Deck Master is Tributed only for a Tribute, Fusion or Ritual Summon: not for a "
        "Tribute Set, nor to pay a cost",
        "deck-masters/on-the-field#no-tribute-set",
        "deck-masters/on-the-field#tribute-only-for-summons")
    NO_ABILITY = reason(
        "no_ability",
        "the monster has no Deck Master Ability",
        "deck-masters/abilities#abilities-from-position-or-field",
        "deck-masters/changing-your-deck-master#deck-master-without-abilities")
    MUST_STAY_ON_FIELD = reason(
        "must_stay_on_field",
        "a player cannot move their Deck Master from the field back to its Deck Master "
        "Position; only an Ability can",
        "deck-masters/summoning#must-stay-on-field")
    NOT_IN_POSITION = reason(
        "not_in_position",
        "the Deck Master is not in its Deck Master Position")
    NOT_TRIGGERED = reason(
        "not_triggered",
        "the Ability or Trap waits for its trigger",
        "kingdom-duels/spells-and-traps#continuous-trap-flip",
        "kingdom-duels/spells-and-traps#trigger-none",
        core=True)
    NOT_YOUR_DECK_MASTER = reason("not_your_deck_master", "not the player's Deck Master")
    NOTHING_TO_NEGATE = reason("nothing_to_negate", "no Ability the player may negate by paying")
    ONCE_PER_DUEL = reason(
        "once_per_duel",
        "already used this duel (a hard limit: any copy of the card)",
        "kingdom-duels/clarifications#hard-once-per-duel",
        core=True)
    ONCE_PER_TURN = reason(
        "once_per_turn",
        "already used this turn",
        "kingdom-duels/clarifications#optional-effects-hard-once-per-turn",
        "kingdom-duels/effect-types#strike-timing",
        "thought-ruler-highlander/nightfall#once-per-turn",
        core=True)
    OPPONENTS_DECK_MASTER = reason(
        "opponents_deck_master",
        "the opponent's Deck Master is never Tributed",
        "deck-masters/on-the-field#never-opponents-deck-master")
    # Thought Ruler Highlander
    INVALID_NIGHTFALL_CARD = reason(
        "invalid_nightfall_card",
        "Nightfall names a face-up card the opponent controls",
        "thought-ruler-highlander/nightfall#declare-and-flip",
        "thought-ruler-highlander/nightfall#monsters-spells-traps",
        "thought-ruler-highlander/nightfall#nightfall-no-target",
        core=True)
    DECK_MASTER_IN_EMZ = reason(
        "deck_master_in_emz",
        "a Deck Master leaves the Extra Monster Zone only by a Normal Summon or Set",
        "thought-ruler-highlander/extra-monster-zone#leaves-only-by-normal-summon-or-set",
        "thought-ruler-highlander/extra-monster-zone#no-effects-in-emz")
    EMZ_OCCUPIED = reason(
        "emz_occupied",
        "no monster can be summoned to an Extra Monster Zone a Deck Master occupies",
        "thought-ruler-highlander/extra-monster-zone#no-summons-to-occupied-emz")
    INVALID_PENDULUM = reason("invalid_pendulum", "the monster cannot be Pendulum Summoned")
    LINK_MONSTER = reason(
        "link_monster",
        "Nightfall cannot flip a Link Monster",
        "thought-ruler-highlander/nightfall#not-link-monsters")
    NO_PENDULUM_SCALES = reason(
        "no_pendulum_scales",
        "a Pendulum Summon needs two Pendulum Scales")
    SUMMON_LIMIT_REACHED = reason(
        "summon_limit_reached",
        "the player has summoned as many monsters as the limit allows",
        "thought-ruler-highlander/summon-limit#no-attempt-at-limit")
    # Tag Team Phalanx
    ALREADY_MOVED = reason(
        "already_moved",
        "the monster has already moved between the lines this turn",
        "tag-team-phalanx/the-shared-field#rule-8-moves-per-turn")
    BACK_LINE_CANNOT_ATTACK = reason(
        "back_line_cannot_attack",
        "only Front Line monsters may attack",
        "tag-team-phalanx/the-shared-field#rule-7-front-line-attacks")
    BACK_LINE_SHIELDED = reason(
        "back_line_shielded",
        "a Back Line monster is shielded by its team's Front Line",
        "tag-team-phalanx/the-shared-field#rule-6-back-line-shielded")
    FRONT_LINE_CLOSED = reason(
        "front_line_closed",
        "the team's Front Line is closed",
        "tag-team-phalanx/the-shared-field#rule-10-front-line-closed")
    INVALID_LINE = reason("invalid_line", "the monster cannot move to that line")
    RAMPART_FRONT_LINE_ONLY = reason(
        "rampart_front_line_only",
        "a rampart stands on the Front Line",
        "tag-team-phalanx/the-shared-field#rule-9-front-line-only")
    TOO_EARLY_TO_ATTACK = reason(
        "too_early_to_attack",
        "no attacks yet in this round of the rotation",
        "kingdom-duels/multiplayer#only-last-player-attacks-first-round",
        "tag-team-phalanx/teams-and-turns#rule-4-last-player-may-attack",
        "tag-team-phalanx/teams-and-turns#rule-4-no-early-attacks")
    # Kingdom Duels
    BATTLE_LOCKED = reason(
        "battle_locked",
        "the monster is Battle Locked",
        "kingdom-duels/terminology#battle-lock-controller")
    BATTLE_PHASE_SKIPPED = reason(
        "battle_phase_skipped",
        "a player who used STRIKE skips this Battle Phase",
        "kingdom-duels/effect-types#strike-skips-battle-phase")
    CANNOT_HIDE = reason(
        "cannot_hide",
        "the monster cannot be Hidden now",
        "kingdom-duels/summoning#flip-hidden-def",
        "kingdom-duels/summoning#hidden-atk-revealed-in-combat")
    CANNOT_STRIKE = reason("cannot_strike", "only an ATK Position monster with STRIKE strikes")
    INVALID_TERRAIN = reason(
        "invalid_terrain",
        "STRIKE names a Terrain column of the opponent (of a kind its card allows)",
        "kingdom-duels/effect-types#strike-terrain-restriction",
        core=True)
    NO_FIELD_ZONE = reason(
        "no_field_zone",
        "the Kingdom Duels board has no Field Zone for a Field Spell",
        "kingdom-duels/board#no-link-pendulum-field-zones")
    NO_DIRECT_ATTACKS = reason(
        "no_direct_attacks",
        "monsters never attack Life Points directly",
        "kingdom-duels/battle#no-direct-attack")
    NO_SET = reason(
        "no_set",
        "monsters are never Set in Kingdom Duels",
        "kingdom-duels/summoning#no-set-only-hide")
    ONE_ATTACK_PER_BATTLE_PHASE = reason(
        "one_attack_per_battle_phase",
        "this Battle Phase already had its attack",
        "kingdom-duels/battle#one-attack-per-battle-phase")
    UNSTOPPABLE = reason(
        "unstoppable",
        "nothing can respond to an Unstoppable card",
        "kingdom-duels/terminology#unstoppable-no-response")
    CANNOT_SEND = reason("cannot_send", "not a face-up Ritual Spell on the field to send")
    NO_RITUAL_SPELL = reason(
        "no_ritual_spell",
        "the Ritual Summon needs its face-up Ritual Spell",
        "kingdom-duels/ritual-monsters#ritual-spell-stays")
    NO_ALTER_MATERIAL = reason(
        "no_alter_material",
        "the Alter Summon's material is not a monster the player controls",
        "kingdom-duels/alter-monsters#alter-summon-requirements")
    SUMMONING_COUNTERS = reason(
        "summoning_counters",
        "the Alter Material lacks the Summoning Counters needed",
        "kingdom-duels/alter-monsters#summoning-counters-required")
    TOKEN_CANNOT_BE_ATTACHED = reason(
        "token_cannot_be_attached",
        "a Token is never attached",
        "kingdom-duels/other-cards#tokens-cannot-be-attached")
    WRONG_ALTER_TYPE = reason(
        "wrong_alter_type",
        "the card allows Alter Summons of another Alter Type")
    NO_DUELIST_SETUP = reason(
        "no_duelist_setup",
        "the player did not play the Duelist Setup this needs",
        "kingdom-duels/integration-monsters#integration-summon-requirements",
        core=True)
    NO_SUMMON_CONDITIONS = reason(
        "no_summon_conditions",
        "the card states no summoning conditions to meet")
    NOT_IN_EXTRA_DECK = reason(
        "not_in_extra_deck",
        "the card is not of that kind in the player's Extra Deck")
    KEYWORD_NOT_MET = reason(
        "keyword_not_met",
        "the player controls no face-up card with the Keyword it needs",
        "kingdom-duels/rule-cards#keyword-activation")
    NOT_A_RULE_CARD = reason("not_a_rule_card", "the card is not a Rule Card")
    NOT_ENOUGH_CHARGES = reason(
        "not_enough_charges",
        "the Symbol has too few charges for the effect",
        "kingdom-duels/rule-cards#charges-required")
    NOT_IN_RULE_ZONE = reason(
        "not_in_rule_zone",
        "not a Symbol in the player's Rule Zone",
        "kingdom-duels/rule-cards#symbol-play-first",
        core=True)
    RELIANCE_ONLY = reason(
        "reliance_only",
        "a RELIANCE Rule Card is activated only by its card's effect",
        "kingdom-duels/rule-cards#reliance-only-named-card",
        core=True)
    RULE_ZONE_FULL = reason(
        "rule_zone_full",
        "the player's Rule Zone is full",
        "kingdom-duels/rule-cards#no-rule-zone-limit")
    SYMBOL_LIMIT = reason(
        "symbol_limit",
        "the player has already played a Symbol this duel",
        "kingdom-duels/rule-cards#symbol-card-limit")
    SYMBOL_ONCE_PER_ROUND = reason(
        "symbol_once_per_round",
        "a Symbol effect was already activated this round",
        "kingdom-duels/rule-cards#symbol-effects-per-round")
    DUEL_NOT_STARTED = reason(
        "duel_not_started",
        "only Setup Rule Cards are played before the duel begins")
    DUELIST_SETUP_LIMIT = reason(
        "duelist_setup_limit",
        "the player has already played a Duelist Setup this duel",
        "kingdom-duels/rule-cards#duelist-setup-limit")
    FIELD_SETUP_LIMIT = reason(
        "field_setup_limit",
        "the Field Setup limit is reached",
        "kingdom-duels/multiplayer#boss-single-field-setup",
        "kingdom-duels/rule-cards#field-setup-limit")
    GAME_SETUP_LIMIT = reason(
        "game_setup_limit",
        "a Game Setup is already active",
        "kingdom-duels/rule-cards#game-setup-active-limit")
    NOT_IN_DECK = reason("not_in_deck", "the card taken is not in the player's Deck")
    NOT_IN_SETUP_PHASE = reason(
        "not_in_setup_phase",
        "starting cards are swapped only in the Setup Phase")
    NOT_IN_STARTING_HAND = reason(
        "not_in_starting_hand",
        "the card given back is not in the starting hand",
        "kingdom-duels/setup#setup-phase-order")
    NOT_ON_CARDLIST = reason(
        "not_on_cardlist",
        "the card is not on the Duelist Setup's Cardlist",
        "kingdom-duels/setup#duelist-setup-swap-rule")
    SAME_CARD_TWICE = reason(
        "same_card_twice",
        "a copy of that card was already taken",
        "kingdom-duels/rule-cards#duelist-swap-distinct-cards")
    SETUP_PHASE_ONLY = reason(
        "setup_phase_only",
        "a Setup Rule Card is played only in the Setup Phase",
        "kingdom-duels/setup#setup-rules-only-in-setup-phase")
    SWAP_LIMIT = reason(
        "swap_limit",
        "no more starting cards may be swapped",
        "kingdom-duels/rule-cards#duelist-hand-swap")
    ALREADY_IN_DUEL = reason("already_in_duel", "the player is already in the duel")
    CANNOT_REDIRECT = reason(
        "cannot_redirect",
        "only a player whose monster is not the target redirects the attack")
    NO_ATTACK = reason("no_attack", "there is no attack under way to redirect")
    NOBODY_DEFEATED = reason(
        "nobody_defeated",
        "a duel is ended by agreement only after a player is defeated",
        "kingdom-duels/multiplayer#battle-royale-unanimous-end")
    NOT_BATTLE_ROYALE = reason(
        "not_battle_royale",
        "only a Battle Royale allows this",
        "kingdom-duels/multiplayer#battle-royale-join",
        "kingdom-duels/multiplayer#battle-royale-redirect-protection",
        "kingdom-duels/multiplayer#battle-royale-unanimous-end")
    NOT_IN_DUEL = reason("not_in_duel", "the player is not in the duel")
    REDIRECT_USED = reason(
        "redirect_used",
        "the player has already redirected an attack this round",
        "kingdom-duels/multiplayer#battle-royale-redirect-once-per-round")
    # Kingdom Duels Tilemaps and Subduels (kingdom_tilemap.py, kingdom_subduel.py)
    NO_TILE_MOVE = reason("no_tile_move", "no effect lets the monster move to another Tile now")
    NOT_ADJACENT = reason(
        "not_adjacent",
        "the Tile is not next to the monster's, horizontally or vertically",
        "kingdom-duels/terminology#tile-movement")
    OBSTRUCTED = reason(
        "obstructed",
        "an Obstruction (or the Tilemap's edge) lies in the way",
        "kingdom-duels/terminology#obstruction-blocks",
        "kingdom-duels/terminology#outer-limit-obstruction")
    OUT_OF_RANGE = reason(
        "out_of_range",
        "the monster attacked is more than one Tile away",
        "kingdom-duels/terminology#tile-attack-range")
    OUTSIDE_TILEMAP = reason(
        "outside_tilemap",
        "one of the monsters is not inside the Tilemap",
        "kingdom-duels/terminology#tilemap-bounds")
    TILE_OCCUPIED = reason(
        "tile_occupied",
        "another monster stands on that Tile",
        "kingdom-duels/terminology#one-tile-per-monster")
    NOT_YOUR_TILE = reason(
        "not_your_tile",
        "the Tile is of another colour: only the players of that colour play or move a monster "
        "onto it",
        "kingdom-duels/terminology#player-colored-tiles")
    NOT_A_TILE = reason(
        "not_a_tile",
        "that square is no Tile of the Tilemap",
        "kingdom-duels/terminology#tile-definition",
        "kingdom-duels/terminology#white-tiles")
    SUBDUEL_IN_PROGRESS = reason(
        "subduel_in_progress",
        "a Subduel is under way: the main duel waits until it is finished",
        "kingdom-duels/terminology#subduel-finish-first")
    # Kingdom Duels equips, attachments and DETACH (kingdom_equips.py)
    CANNOT_EQUIP = reason(
        "cannot_equip",
        "the card is no Equip Spell or Equip Trap, and no effect allows equipping it",
        "kingdom-duels/clarifications#equip-requirement")
    CANNOT_ATTACH = reason(
        "cannot_attach",
        "no effect allows attaching the card",
        "kingdom-duels/clarifications#attach-requirement")
    CANNOT_DETACH = reason(
        "cannot_detach",
        "not a card with a DETACH effect attached beneath a card the player controls")
