"""Deck Masters' deck rules: a Monster Card as Deck Master, which uses up one of its copies."""
from ..deck_rules import (DECK_MASTER, EXTRA, MAIN, MAX_COPIES, SIDE, Param, Whole,
                          copy_limit_problems, deck_master_count_problems)
from ..format import DeckRules

DM = "deck-masters"
PARAMETERS = (
    Param("copies_per_card", Whole(1, MAX_COPIES), f"{DM}/setup#copies-per-card"),
    Param("deck_masters_per_duel", Whole(1, 10), f"{DM}/setup#one-per-duel"),
)
ANCHORS = {
    "deck-master-required": "setup#one-per-duel",
    "one-deck-master": "setup#one-per-duel",
    "deck-master-not-monster": "setup#monster-cards-only",
    "deck-master-spell-or-trap": "setup#no-spells-or-traps",
    "copy-limit": "setup#copies-per-card",
    "deck-master-copies": "setup#deck-master-counts-as-deck",
}


def check_deck_masters(deck, rules):
    """A Monster Card as Deck Master, which uses up one of its card's copies."""
    problems = deck_master_count_problems(deck, rules, rules.number("deck_masters_per_duel"))
    for line in deck.deck_masters:
        problems += deck_masters_deck_master(line.name, rules)
    return problems + copy_limit_problems(deck, rules, (MAIN, EXTRA, SIDE, DECK_MASTER),
                                          "copy-limit", deck_master_rule="deck-master-copies")


def deck_masters_deck_master(name, rules):
    """Any Monster Card will do; Spells and Traps have a rule of their own."""
    card = rules.cards.get(name)
    if card is None or card.card_type == "monster":
        return []
    if card.card_type in {"spell", "trap"}:
        return [rules.problem("deck-master-spell-or-trap", [card.name],
                              f"The Deck Master \"{card.name}\" is a {card.card_type.title()} "
                              "Card; Spell and Trap Cards can never be Deck Masters.")]
    return [rules.problem("deck-master-not-monster", [card.name],
                          f"The Deck Master \"{card.name}\" is a {card.card_type}, not a "
                          "Monster Card.")]


DECK_RULES = DeckRules(PARAMETERS, ANCHORS, check_deck_masters)
