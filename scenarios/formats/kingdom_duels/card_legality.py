"""Kingdom Duels: which deck a card goes in (Rule Cards and Extra Deck monsters in the Extra
Deck), a Divine card's Hierarchy, and a Rule Card's role (a Setup, a Symbol...)."""
from ..card_legality import LEGAL, NOT_USED, Legality, Note
from .deck_rules import ANCHORS, KD, extra_deck_card, main_deck_card

# Each Rule Card subtype's section of the rule-cards article.
RULE_ROLES = {"normal": ("a Normal Rule Card", "normal-rule-cards"),
              "game-setup": ("a Game Setup", "game-setup"),
              "field-setup": ("a Field Setup", "field-setup"),
              "duelist-setup": ("a Duelist Setup", "duelist-setup"),
              "challenge-setup": ("a Challenge Setup", "challenge-setup"),
              "symbol": ("a Symbol", "symbol-rule-cards")}


def card_legality(card, rules):
    """Its deck, as the deck checker places it; its Hierarchy and Rule Card role as notes."""
    info = rules.cards.get(card.name)
    notes = []
    if card.kind == "rule":
        role, section = RULE_ROLES.get(card.subtype, ("a Rule Card", "rule-card-kinds"))
        notes.append(Note(f"Rule Card role: {role}, played to the Rule Zone.",
                          f"{KD}/rule-cards#{section}"))
    if card.hierarchy:
        notes.append(Note(f"Hierarchy {card.hierarchy}: unaffected by the effects of cards of "
                          "a lower Hierarchy.", f"{KD}/divine-cards#hierarchy"))
    if info is not None and main_deck_card(info):
        return Legality(LEGAL, "Legal in the Main Deck.", f"{KD}/{ANCHORS['main-deck-contents']}",
                        tuple(notes))
    if info is not None and extra_deck_card(info):
        return Legality(LEGAL, "Legal in the Extra Deck.",
                        f"{KD}/{ANCHORS['extra-deck-contents']}", tuple(notes))
    return Legality(NOT_USED, "Not put in a deck: neither deck holds this kind of card.",
                    f"{KD}/{ANCHORS['main-deck-contents']}", tuple(notes))
