"""Kingdom Duels' deck rules: exactly 30 Main Deck cards, at most 20 Extra Deck cards, each deck
holding only its own kinds of card (Rule Cards and Extra Deck monsters go in the Extra Deck)."""
from ..deck_rules import EXTRA, MAIN, MAX_DECK_CARDS, SECTION_LABELS, Param, Whole, quoted, \
    unique_names
from ..format import DeckRules

KD = "kingdom-duels"
PARAMETERS = (
    Param("main_deck_size", Whole(1, MAX_DECK_CARDS), f"{KD}/deck-building#main-deck-exact"),
    Param("extra_deck_max", Whole(0, MAX_DECK_CARDS), f"{KD}/deck-building#extra-deck-max"),
)
ANCHORS = {
    "main-deck-size": "deck-building#main-deck-exact",
    "extra-deck-size": "deck-building#extra-deck-max",
    "main-deck-contents": "deck-building#main-deck-contents",
    "extra-deck-contents": "deck-building#extra-deck-contents",
}
# Monster kinds that live in the Extra Deck; the Main Deck takes the other monsters.
EXTRA_MONSTERS = {"fusion", "ritual", "alter", "integration"}
MAIN_MONSTERS = {"normal", "effect"}


def check_kingdom_duels(deck, rules):
    """Deck sizes, each deck's kinds of card, and no Deck Master."""
    problems = []
    main_size, extra_max = rules.number("main_deck_size"), rules.number("extra_deck_max")
    if deck.size(MAIN) != main_size:
        problems.append(rules.problem(
            "main-deck-size", [],
            f"The Main Deck has {deck.size(MAIN)} cards; it must have exactly {main_size}."))
    if deck.size(EXTRA) > extra_max:
        problems.append(rules.problem(
            "extra-deck-size", [],
            f"The Extra Deck has {deck.size(EXTRA)} cards; it may have at most {extra_max}."))
    problems += misplaced(deck, rules, MAIN, "main-deck-contents", main_deck_card,
                          "Spells, Traps and Main Deck monsters")
    problems += misplaced(deck, rules, EXTRA, "extra-deck-contents", extra_deck_card,
                          "Rule Cards and Fusion, Ritual, Alter or Integration Monsters")
    if deck.deck_masters:
        problems.append(rules.unanchored(
            "no-deck-master", [line.name for line in deck.deck_masters],
            "Kingdom Duels has no Deck Master; list the card in a deck."))
    return problems


def main_deck_card(card):
    return card.card_type in ("spell", "trap") or \
        (card.card_type == "monster" and card.monster_kind in MAIN_MONSTERS)


def extra_deck_card(card):
    return card.card_type == "rule" or \
        (card.card_type == "monster" and card.monster_kind in EXTRA_MONSTERS)


def misplaced(deck, rules, section, rule, belongs, what):
    """One problem naming every known card listed in a deck it does not belong in."""
    wrong = unique_names(line.name for line in deck.in_sections(section)
                         if rules.cards.get(line.name) and not belongs(rules.cards.get(line.name)))
    if not wrong:
        return []
    return [rules.problem(rule, wrong, f"The {SECTION_LABELS[section]} holds only {what}; "
                          f"{quoted(wrong)} cannot go there.")]


DECK_RULES = DeckRules(PARAMETERS, ANCHORS, check_kingdom_duels)
