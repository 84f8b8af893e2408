"""The table's words: the phases of a turn, the zones of a player, a monster's battle positions.

StrEnums, so a member equals the string a scenario file and a stored replay write
(`Zone.MONSTERS == "monsters"`). The engine keeps plain strings in the state it records
(`state.ZONES` holds the values), so snapshots and set-ups dump to YAML and JSON as before;
code compares with the members instead of spelling the strings again.
"""
from enum import StrEnum


class Phase(StrEnum):
    """The phases of a turn, in the order they come."""
    DRAW = "draw"
    STANDBY = "standby"
    MAIN1 = "main1"
    BATTLE = "battle"
    MAIN2 = "main2"
    END = "end"


class Zone(StrEnum):
    """Where a player's cards can be, in the order a player's zones are listed: the official
    game's zones, then the zones only some formats have."""
    HAND = "hand"
    DECK = "deck"
    EXTRA_DECK = "extra_deck"
    GRAVEYARD = "graveyard"
    BANISHED = "banished"
    MONSTERS = "monsters"
    SPELL_TRAP = "spell_trap"
    FIELD_ZONE = "field_zone"
    # format zones: Deck Masters and Thought Ruler Highlander, then Kingdom Duels
    DECK_MASTER = "deck_master"
    EXTRA_MONSTER_ZONE = "extra_monster_zone"
    ERODED = "eroded"
    RULE_ZONE = "rule_zone"
    ATTACHED = "attached"


# The zones that make up the field.
FIELD_ZONES = (Zone.MONSTERS, Zone.SPELL_TRAP, Zone.FIELD_ZONE)


class Position(StrEnum):
    """A monster's battle position on the field."""
    ATTACK = "attack"
    DEFENSE = "defense"
