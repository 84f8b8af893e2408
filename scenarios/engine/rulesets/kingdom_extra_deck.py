"""Kingdom Duels Extra Deck monsters and dual-type cards.

(Being built: Ritual Spells, Alter and Integration Summons, Spell/Trap
Monsters, Permanently.)
"""

# Article parameters this part of the ruleset reads (added to KingdomDuel.PARAMETERS).
EXTRA_DECK_PARAMETERS = ()
EXTRA_DECK_RULES = ()


class ExtraDeckMonsters:
    """Ritual, Alter and Integration monsters, mixed into the Kingdom Duels ruleset."""
