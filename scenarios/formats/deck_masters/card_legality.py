"""Deck Masters: any card up to `copies_per_card` copies; any Monster Card can be the Deck
Master, and a Deck Master named by the rules has its Ability."""
from functools import lru_cache

from scenarios.engine.errors import ScenarioError
from scenarios.engine.rulesets.deck_masters import abilities

from ..card_legality import LEGAL, LIMITED, Legality, Note, copies
from .deck_rules import ANCHORS, DM, deck_masters_deck_master

# Why a card cannot be a Deck Master, by the deck checker's rule code, said of the card.
NOT_A_DECK_MASTER = {
    "deck-master-spell-or-trap": "Cannot be a Deck Master: Spell and Trap Cards never can.",
    "deck-master-not-monster": "Cannot be a Deck Master: only a Monster Card can.",
}
# The abilities article's section for each Ability type (abilities#ability-types).
ABILITY_TYPE_ANCHORS = {"ignition": "ignition", "trigger": "trigger",
                        "compulsory trigger": "compulsory-trigger", "continuous": "continuous",
                        "spell": "spell-ability", "trap": "trap-ability"}


@lru_cache(maxsize=1)
def _abilities():
    """The abilities file, read once per process (a page asks for every card's)."""
    try:
        return abilities()
    except (ScenarioError, OSError, ValueError, KeyError, TypeError):
        return {}


def ability_of(card_name):
    """The Deck Master Ability the rules give this card, or None."""
    ability = _abilities().get(card_name)
    return ability if isinstance(ability, dict) else None


def card_legality(card, rules):
    """Legal up to the copy limit; whether it can be a Deck Master; its Ability, if any."""
    ability = ability_of(card.name)
    limit = rules.number("copies_per_card")
    problems = deck_masters_deck_master(card.name, rules) if card.kind != "rule" else []
    if problems:
        notes = [Note(NOT_A_DECK_MASTER.get(problems[0].rule, problems[0].message),
                      problems[0].anchor)]
    elif card.kind == "monster":
        notes = [Note("Can be a Deck Master: any Monster Card can.",
                      f"{DM}/{ANCHORS['deck-master-not-monster']}")]
    else:
        notes = []
    if ability:
        notes.append(ability_note(ability))
    return Legality(LIMITED if limit == 1 else LEGAL,
                    f"Legal: at most {copies(limit)} in a deck, the Deck Master counted.",
                    f"{DM}/{ANCHORS['copy-limit']}", tuple(notes))


def ability_note(ability):
    """"Deck Master Ability (Ignition): …", linked to its type's section."""
    kind = str(ability.get("type", ""))
    section = ABILITY_TYPE_ANCHORS.get(kind.lower(), "ability-types")
    reading = " (the site's reading of a type the rules do not give)" \
        if ability.get("type_reading") else ""
    return Note(f"Deck Master Ability ({kind}{reading}): {ability.get('text', '')}".strip(),
                f"{DM}/abilities#{section}")
