"""Rule parameters named in words, for the hover of a number in an article ("Starting Life
Points: 2000") and anywhere else a page names a parameter rather than its key."""
from .params import humanize_key

LABELS = {
    "ability_type_count": "Number of Ability types",
    "ability_types": "Ability types",
    "alter_monster_types": "Alter Monster Types",
    "attacks_per_battle_phase": "Monsters that may attack per Battle Phase",
    "back_line_slots": "Back Line zones",
    "backrow_zones": "Backrow zones",
    "battle_royale_join_cost_fraction": "Share of starting Life Points paid to join a Battle Royale",
    "battle_royale_min_players": "Fewest players in a Battle Royale",
    "battle_royale_redirects_per_round": "Attack redirections per round in a Battle Royale",
    "cards_drawn_per_turn": "Cards drawn per turn",
    "copies_per_card": "Copies allowed of each card",
    "deck_master_summon_cost_cards": "Cards shuffled into the Deck to summon the Deck Master",
    "deck_master_summon_weight": "Summons the Deck Master counts as",
    "deck_masters_per_duel": "Deck Masters per Duel",
    "decks_that_may_need_hits": "Decks that may need hits",
    "default_terrain": "Terrain a zone starts with",
    "destruction_damage_cap_per_turn": "Most Destruction Damage per turn",
    "destruction_damage_fraction": "Share of the ATK dealt as Destruction Damage",
    "dice_sides": "Sides of a die",
    "divine_types": "Divine Types",
    "duelist_setup_max_swaps": "Most swaps a Duelist Setup allows",
    "duelist_setups_per_duel": "Duelist Setups per Duel",
    "duels_per_match": "Duels per Match",
    "extra_deck_max": "Most cards in the Extra Deck",
    "extra_deck_min": "Fewest cards in the Extra Deck",
    "field_power_bonus_percent": "Field Power Bonus (percent of ATK and DEF)",
    "field_setups_per_duel": "Field Setups per Duel",
    "forbidden_monsters": "Forbidden monsters",
    "forbidden_spells": "Forbidden Spells",
    "forbidden_traps": "Forbidden Traps",
    "front_line_slots": "Front Line zones",
    "frontrow_zones": "Frontrow zones",
    "game_setups_active_max": "Most Game Setups active at once",
    "hierarchy_max": "Highest Hierarchy",
    "hierarchy_min": "Lowest Hierarchy",
    "idle_warnings_to_lose": "Idle Warnings that lose the Duel",
    "level_max": "Highest Level",
    "level_min": "Lowest Level",
    "line_moves_per_turn": "Line moves per monster per turn",
    "main_card_types": "Main card types",
    "main_deck_cards_besides_deck_master": "Main Deck cards besides the Deck Master",
    "main_deck_size": "Main Deck size",
    "min_team_size": "Fewest players in a team",
    "nightfall_cost": "Life Points paid for Nightfall",
    "nightfall_uses_per_turn": "Nightfall uses per turn",
    "non_divine_hierarchy": "Hierarchy of a card that is not Divine",
    "normal_summons_per_turn": "Normal Summons per turn",
    "opening_hand_size": "Opening hand size",
    "primary_monster_types": "Primary Monster Types",
    "rampart_atk": "ATK of a Rampart",
    "rampart_def": "DEF of a Rampart",
    "secondary_card_types": "Secondary card types",
    "secondary_monster_types": "Secondary Monster Types",
    "side_deck_size": "Side Deck size",
    "spell_trap_slots": "Spell & Trap Zones",
    "standard_duel_players": "Players in a standard Duel",
    "starting_hand_size": "Starting hand size",
    "starting_lp": "Starting Life Points",
    "strike_per_turn": "STRIKEs per turn",
    "summon_limit_table": "Summon Limit table",
    "symbol_cards_per_duel": "Symbol Cards per Duel",
    "symbol_effects_per_round": "Symbol effects per round",
    "tag_players_per_team": "Players per Tag team",
    "tag_shared_backrow_zones": "Shared Backrow zones in a Tag Duel",
    "tag_shared_frontrow_zones": "Shared Frontrow zones in a Tag Duel",
    "team_formation_points": "Starting Formation Points of a team",
    "team_life_points": "Starting Life Points of a team",
    "terrain_markers_per_side": "Terrain markers per side",
}
# Keys inside a parameter's rows (`summon_limit_table.0.limit`).
FIELD_LABELS = {
    "limit": "limit", "opponent_lp_at_least": "opponent's LP at least",
    "spell_speed": "Spell Speed", "chain_link": "Chain Link", "name": "name",
}


def parameter_label(path):
    """`starting_lp` -> "Starting Life Points"; `summon_limit_table.1.limit` -> "Summon Limit
    table, row 2, limit"."""
    name, *rest = str(path).split(".")
    parts = [LABELS.get(name) or humanize_key(name)]
    for part in rest:
        parts.append(f"row {int(part) + 1}" if part.isdigit()
                     else FIELD_LABELS.get(part) or humanize_key(part).lower())
    return ", ".join(parts)
