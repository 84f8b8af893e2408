"""What a format knows: the step verbs, setup fields and reason codes its scenarios may use.

Each ruleset class declares its vocabulary as class attributes: STEP_VERBS (the steps it has a
`do_<verb>` handler for), CARD_FIELDS (the fields of a set-up card it reads), PLAYER_FIELDS (a
set-up player's keys: LP, zones, format keys), SETUP_FIELDS (the top-level keys of `setup:`) and
REASON_CODES (each reason code it can refuse an action with, and what it means). The core Duel
takes the sets below; every format extends its base's. A scenario that uses anything its format
does not declare is invalid: `check_vocabulary` reports the file, line and field.

Pure Python, like the rest of the engine.
"""
import difflib

# What each reason code means, for every code a ruleset can raise.
MEANINGS = {
    # the core rules (duel, chains, battle, turns, primitives)
    "already_attacked": "the monster has already attacked this turn",
    "cannot_attack": "the monster cannot declare an attack (not a face-up Attack Position "
                     "monster of the player, or an effect forbids it)",
    "cannot_normal_summon": "the monster cannot be Normal Summoned or Set",
    "cannot_pay_cost": "the cost (LP, a discard, a Tribute) cannot be paid",
    "condition_not_met": "the card's activation condition does not hold now",
    "direct_attack_blocked": "a direct attack needs the opponent to control no monsters",
    "duel_over": "the duel is already over",
    "flipped_this_chain": "a card flipped face-up in this chain cannot activate in it",
    "invalid_attack_target": "that monster cannot be attacked",
    "invalid_fusion": "the Fusion Summon's materials or monster do not fit",
    "invalid_selection": "a choice made while resolving or paying does not fit the effect",
    "invalid_target": "not a valid target for the card",
    "mandatory_trigger_pending": "a mandatory trigger must activate first",
    "no_free_zone": "no free zone (Monster, Spell & Trap, or line) for the card",
    "no_priority": "the player does not hold priority",
    "no_summon_procedure": "the monster cannot Special Summon itself",
    "normal_summon_used": "the Normal Summon (or Set) of this turn is used",
    "not_activatable": "the card has nothing to activate now",
    "not_flippable": "not a face-down monster of the player",
    "not_in_damage_step": "nothing may be activated in the Damage Step unless its text says "
                          "it can be (changing ATK or DEF, or negating)",
    "not_in_hand": "the card is not in the player's hand",
    "not_open_game_state": "the action needs an open game state (no chain, no attack under way)",
    "not_your_card": "the player does not control the card",
    "not_your_monster": "not a (face-up) monster the player controls",
    "not_your_turn": "only the turn player may do this",
    "phase_order": "phases only move forward",
    "position_change_used": "the monster cannot change its battle position now",
    "quick_play_from_hand_opponent_turn": "a Quick-Play Spell is not activated from the hand "
                                          "in the opponent's turn",
    "set_this_turn": "the card was Set this turn",
    "setting_forbidden": "a face-up card forbids Setting",
    "spell_speed_1_timing": "a Spell Speed 1 activation needs its controller's open Main Phase",
    "spell_speed_too_low": "the Spell Speed is too low to answer the last chain link",
    "summon_condition": "the monster's summoning condition is not met",
    "trap_from_hand": "a Trap must be Set before it is activated",
    "unknown_phase": "no phase by that name",
    "wrong_materials": "the materials do not fit the summon",
    "wrong_phase": "not possible in this phase",
    "wrong_tributes": "the Tributes do not fit the summon",
    # Deck Masters
    "ability_from_field": "a Deck Master Ability works only from the Deck Master Position",
    "ability_negated": "the Deck Master's Ability is negated",
    "chain_link_1_only": "this kind of Ability must be Chain Link 1",
    "continuous_ability": "a Continuous Ability never activates",
    "deck_master_gone": "the Deck Master has left play",
    "deck_master_tribute": "a Deck Master is not Tributed for a Tribute Set",
    "no_ability": "the monster has no Deck Master Ability",
    "not_in_position": "the Deck Master is not in its Deck Master Position",
    "not_triggered": "the Ability or Trap waits for its trigger",
    "not_your_deck_master": "not the player's Deck Master",
    "nothing_to_negate": "no Ability the player may negate by paying",
    "once_per_duel": "already used this duel (a hard limit: any copy of the card)",
    "once_per_turn": "already used this turn",
    "opponents_deck_master": "the opponent's Deck Master is never Tributed",
    # Thought Ruler Highlander
    "invalid_nightfall_card": "Nightfall names a face-up card the opponent controls",
    "deck_master_in_emz": "a Deck Master leaves the Extra Monster Zone only by a Normal Summon "
                          "or Set",
    "emz_occupied": "no monster can be summoned to an Extra Monster Zone a Deck Master "
                    "occupies",
    "invalid_pendulum": "the monster cannot be Pendulum Summoned",
    "link_monster": "Nightfall cannot flip a Link Monster",
    "no_pendulum_scales": "a Pendulum Summon needs two Pendulum Scales",
    "summon_limit_reached": "the player has summoned as many monsters as the limit allows",
    # Tag Team Phalanx
    "already_moved": "the monster has already moved between the lines this turn",
    "back_line_cannot_attack": "only Front Line monsters may attack",
    "back_line_shielded": "a Back Line monster is shielded by its team's Front Line",
    "front_line_closed": "the team's Front Line is closed",
    "invalid_line": "the monster cannot move to that line",
    "rampart_front_line_only": "a rampart stands on the Front Line",
    "too_early_to_attack": "no attacks yet in this round of the rotation",
    # Kingdom Duels
    "battle_locked": "the monster is Battle Locked",
    "battle_phase_skipped": "a player who used STRIKE skips this Battle Phase",
    "cannot_hide": "the monster cannot be Hidden now",
    "cannot_strike": "only an ATK Position monster with STRIKE strikes",
    "invalid_terrain": "STRIKE names a Terrain column of the opponent (of a kind its card "
                       "allows)",
    "no_field_zone": "the Kingdom Duels board has no Field Zone for a Field Spell",
    "no_direct_attacks": "monsters never attack Life Points directly",
    "no_set": "monsters are never Set in Kingdom Duels",
    "one_attack_per_battle_phase": "this Battle Phase already had its attack",
    "unstoppable": "nothing can respond to an Unstoppable card",
    "cannot_send": "not a face-up Ritual Spell on the field to send",
    "no_ritual_spell": "the Ritual Summon needs its face-up Ritual Spell",
    "no_alter_material": "the Alter Summon's material is not a monster the player controls",
    "summoning_counters": "the Alter Material lacks the Summoning Counters needed",
    "token_cannot_be_attached": "a Token is never attached",
    "wrong_alter_type": "the card allows Alter Summons of another Alter Type",
    "no_duelist_setup": "the player did not play the Duelist Setup this needs",
    "no_summon_conditions": "the card states no summoning conditions to meet",
    "not_in_extra_deck": "the card is not of that kind in the player's Extra Deck",
    "keyword_not_met": "the player controls no face-up card with the Keyword it needs",
    "not_a_rule_card": "the card is not a Rule Card",
    "not_enough_charges": "the Symbol has too few charges for the effect",
    "not_in_rule_zone": "not a Symbol in the player's Rule Zone",
    "reliance_only": "a RELIANCE Rule Card is activated only by its card's effect",
    "rule_zone_full": "the player's Rule Zone is full",
    "symbol_limit": "the player has already played a Symbol this duel",
    "symbol_once_per_round": "a Symbol effect was already activated this round",
    "duel_not_started": "only Setup Rule Cards are played before the duel begins",
    "duelist_setup_limit": "the player has already played a Duelist Setup this duel",
    "field_setup_limit": "the Field Setup limit is reached",
    "game_setup_limit": "a Game Setup is already active",
    "not_in_deck": "the card taken is not in the player's Deck",
    "not_in_setup_phase": "starting cards are swapped only in the Setup Phase",
    "not_in_starting_hand": "the card given back is not in the starting hand",
    "not_on_cardlist": "the card is not on the Duelist Setup's Cardlist",
    "same_card_twice": "a copy of that card was already taken",
    "setup_phase_only": "a Setup Rule Card is played only in the Setup Phase",
    "swap_limit": "no more starting cards may be swapped",
    "already_in_duel": "the player is already in the duel",
    "cannot_redirect": "only a player whose monster is not the target redirects the attack",
    "no_attack": "there is no attack under way to redirect",
    "nobody_defeated": "a duel is ended by agreement only after a player is defeated",
    "not_battle_royale": "only a Battle Royale allows this",
    "not_in_duel": "the player is not in the duel",
    "redirect_used": "the player has already redirected an attack this round",
    # Kingdom Duels Tilemaps and Subduels (kingdom_tilemap.py, kingdom_subduel.py)
    "no_tile_move": "no effect lets the monster move to another Tile now",
    "not_adjacent": "the Tile is not next to the monster's, horizontally or vertically",
    "obstructed": "an Obstruction (or the Tilemap's edge) lies in the way",
    "out_of_range": "the monster attacked is more than one Tile away",
    "outside_tilemap": "one of the monsters is not inside the Tilemap",
    "tile_occupied": "another monster stands on that Tile",
    "not_your_tile": "the Tile is of another colour: only the players of that colour play "
                     "or move a monster onto it",
    "not_a_tile": "that square is no Tile of the Tilemap",
    "subduel_in_progress": "a Subduel is under way: the main duel waits until it is finished",
    # Kingdom Duels equips, attachments and DETACH (kingdom_equips.py)
    "cannot_equip": "the card is no Equip Spell or Equip Trap, and no effect allows equipping it",
    "cannot_attach": "no effect allows attaching the card",
    "cannot_detach": "not a card with a DETACH effect attached beneath a card the player "
                     "controls",
}

# Codes written as data rather than in an IllegalAction(...) or .illegal(...) call, by the
# engine module (path under scenarios/engine) whose tuples carry them.
DYNAMIC_REASONS = {
    "rulesets/kingdom_extra_deck.py": ("not_in_extra_deck", "wrong_alter_type", "wrong_materials",
                                       "token_cannot_be_attached", "no_alter_material",
                                       "summoning_counters"),
    "rulesets/kingdom_setup.py": ("field_setup_limit", "duelist_setup_limit"),
    "rulesets/kingdom_card_rulings.py": ("once_per_turn", "once_per_duel"),
    "rulesets/kingdom_tilemap.py": ("not_a_tile", "not_your_tile", "tile_occupied"),
}

CORE_VERBS = frozenset({"activate", "pass", "attack", "summon", "set", "flip_summon", "phase",
                        "end_turn", "pass_turns", "concede", "special_summon",
                        "change_position"})
CORE_CARD_FIELDS = frozenset({"id", "card", "face", "position", "set_turn", "counters", "owner"})
CORE_ZONES = ("hand", "deck", "extra_deck", "graveyard", "banished", "monsters", "spell_trap",
              "field_zone")
CORE_PLAYER_FIELDS = frozenset({"lp", *CORE_ZONES})
CORE_SETUP_FIELDS = frozenset({"turn", "players"})


def reasons(base, *codes):
    """A ruleset's REASON_CODES: its base's, and `codes` with their meanings."""
    return {**base, **{code: MEANINGS[code] for code in codes}}


CORE_REASON_CODES = reasons(
    {}, "already_attacked", "cannot_attack", "cannot_normal_summon", "cannot_pay_cost",
    "condition_not_met", "direct_attack_blocked", "duel_over", "flipped_this_chain",
    "invalid_attack_target", "invalid_fusion", "invalid_selection", "invalid_target",
    "mandatory_trigger_pending", "no_free_zone", "no_priority", "no_summon_procedure",
    "normal_summon_used", "not_activatable", "not_flippable", "not_in_damage_step", "not_in_hand",
    "not_open_game_state", "not_your_card", "not_your_monster", "not_your_turn", "phase_order",
    "position_change_used", "quick_play_from_hand_opponent_turn", "set_this_turn",
    "setting_forbidden", "spell_speed_1_timing", "spell_speed_too_low", "summon_condition",
    "trap_from_hand", "unknown_phase", "wrong_materials", "wrong_phase", "wrong_tributes")


def did_you_mean(value, known, what):
    """`Warior — did you mean Warrior? (not a Type the catalog knows)`: an unknown word with the
    closest known one, or the known ones when there are few."""
    close = difflib.get_close_matches(str(value), sorted(known, key=str), n=1, cutoff=0.6)
    if close:
        return f"{value} — did you mean {close[0]}? (not {what})"
    if len(known) <= 12:
        return f"{value} is not {what} (known: {', '.join(sorted(known, key=str))})"
    return f"{value} is not {what}"


# --- checking a scenario against its format ------------------------------------------------

def _unknown(kind, value, known, format_slug, others=None):
    """The message for a name the format does not declare: the known names when they are few,
    else the closest one; and which other formats know it, if any."""
    text = f"{value!r} is not {kind} of {format_slug}"
    if others:
        text += f" (it belongs to {', '.join(others)})"
    elif len(known) <= 16:
        text += f" (known: {', '.join(sorted(known))})"
    else:
        close = difflib.get_close_matches(str(value), sorted(known), n=1)
        text += f" (did you mean {close[0]!r}?)" if close else \
            f" (none close among its {len(known)})"
    return text


def _owners(formats, attribute, value):
    return [slug for slug, ruleset in (formats or {}).items()
            if value in getattr(ruleset, attribute, ())]


def check_vocabulary(scenario, ruleset, formats=None, zones=()):
    """Raise a ScenarioError at the first verb, field or reason code `ruleset` does not declare.

    `zones` are the player keys that hold cards (their entries' fields are checked). A setup
    of the wrong shape is left to the generic checks."""
    slug = scenario.format
    declared = {name: getattr(ruleset, name, None) for name in
                ("SETUP_FIELDS", "PLAYER_FIELDS", "CARD_FIELDS", "STEP_VERBS", "REASON_CODES")}

    def refuse(kind, attribute, value, path):
        raise scenario.error(_unknown(kind, value, declared[attribute], slug,
                                      _owners(formats, attribute, value)), path)

    setup = scenario.setup if isinstance(scenario.setup, dict) else {}
    if declared["SETUP_FIELDS"] is not None:
        for key in setup:
            if key not in declared["SETUP_FIELDS"]:
                refuse("a setup field", "SETUP_FIELDS", key, f"setup.{key}")
    players = setup.get("players")
    for name, player in players.items() if isinstance(players, dict) else ():
        where = f"setup.players.{name}"
        for key, value in player.items() if isinstance(player, dict) else ():
            if declared["PLAYER_FIELDS"] is not None and key not in declared["PLAYER_FIELDS"]:
                refuse("a player field", "PLAYER_FIELDS", key, f"{where}.{key}")
            if declared["CARD_FIELDS"] is None or key not in zones:
                continue
            entries = [(f"{where}.{key}", value)] if isinstance(value, dict) else \
                [(f"{where}.{key}[{n}]", e) for n, e in enumerate(value)] \
                if isinstance(value, list) else []
            for path, entry in entries:
                for field in entry if isinstance(entry, dict) else ():
                    if field not in declared["CARD_FIELDS"]:
                        refuse("a card field", "CARD_FIELDS", field, f"{path}.{field}")
    for number, action in enumerate(scenario.steps):
        if declared["STEP_VERBS"] is not None and action.verb not in declared["STEP_VERBS"]:
            refuse("a step", "STEP_VERBS", action.verb, f"steps[{number}].{action.verb}")
        code = action.expect_illegal
        if code is not None and declared["REASON_CODES"] is not None and \
                code not in declared["REASON_CODES"]:
            refuse("a reason code", "REASON_CODES", code, f"steps[{number}].illegal")
