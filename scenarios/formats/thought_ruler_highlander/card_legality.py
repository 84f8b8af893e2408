"""Thought Ruler Highlander: a card is legal unless a Forbidden list names it, one copy a deck,
and a monster can be the Deck Master when it can be Normal Summoned or Set."""
from ..card_legality import FORBIDDEN, LIMITED, Legality, Note, copies
from .deck_rules import ANCHORS, FORBIDDEN_LISTS, TRH, highlander_deck_master


def not_a_deck_master(problem, card):
    """Why the card cannot be the Deck Master, said of the card (the deck checker's rule)."""
    reasons = {
        "deck-master-not-monster": "it is not a Monster Card",
        "deck-master-summon-type": f"a {card.subtype.title()} Monster cannot be Normal Summoned",
        "deck-master-cannot-normal-summon": "it cannot be Normal Summoned or Set",
    }
    return f"Cannot be the Deck Master: {reasons.get(problem.rule, problem.message)}."


def card_legality(card, rules):
    """Forbidden by its list, else limited to `copies_per_card` copies; its Deck Master
    eligibility as a note (the same check the deck checker makes)."""
    for parameter, rule, label in FORBIDDEN_LISTS:
        if card.name.lower() in {name.lower() for name in rules.names(parameter)}:
            return Legality(FORBIDDEN, f"Forbidden: on the Forbidden {label} list.",
                            f"{TRH}/{ANCHORS[rule]}")
    limit = rules.number("copies_per_card")
    notes = ()
    if card.subtype != "token":
        problems = highlander_deck_master(card.name, rules)
        notes = (Note(not_a_deck_master(problems[0], card), problems[0].anchor),) \
            if problems else (Note("Can be the Deck Master: it can be Normal Summoned or Set.",
                                   f"{TRH}/deck-master-legality#must-be-normal-summonable"),)
    return Legality(LIMITED, f"Limited: at most {copies(limit)} in a deck.",
                    f"{TRH}/{ANCHORS['copy-limit']}", notes)
