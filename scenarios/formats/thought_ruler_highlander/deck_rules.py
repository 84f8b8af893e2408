"""Thought Ruler Highlander's deck rules: deck sizes, singleton copies, the Forbidden lists and
a Deck Master that can be Normal Summoned."""
from ..deck_rules import (DECK_MASTER, EXTRA, MAIN, MAX_COPIES, MAX_DECK_CARDS, SIDE, Names, Param,
                          Whole, copy_limit_problems, deck_master_count_problems, quoted,
                          unique_names)
from ..format import DeckRules

TRH = "thought-ruler-highlander"
PARAMETERS = (
    Param("main_deck_size", Whole(1, MAX_DECK_CARDS), f"{TRH}/deck-construction#main-deck-size"),
    Param("extra_deck_min", Whole(0, MAX_DECK_CARDS), f"{TRH}/deck-construction#extra-deck-size"),
    Param("extra_deck_max", Whole(0, MAX_DECK_CARDS), f"{TRH}/deck-construction#extra-deck-size"),
    Param("side_deck_size", Whole(0, MAX_DECK_CARDS),
          f"{TRH}/deck-construction#side-deck-not-allowed"),
    Param("copies_per_card", Whole(1, MAX_COPIES), f"{TRH}/deck-construction#copy-limit"),
    Param("forbidden_monsters", Names(), f"{TRH}/forbidden-list#forbidden-monsters-list"),
    Param("forbidden_spells", Names(), f"{TRH}/forbidden-list#forbidden-spells-list"),
    Param("forbidden_traps", Names(), f"{TRH}/forbidden-list#forbidden-traps-list"),
)
ANCHORS = {
    "main-deck-size": "deck-construction#main-deck-size",
    "copy-limit": "deck-construction#copy-limit",
    "extra-deck-size": "deck-construction#extra-deck-size",
    "side-deck": "deck-construction#side-deck-not-allowed",
    "forbidden-monster": "forbidden-list#forbidden-monsters-list",
    "forbidden-spell": "forbidden-list#forbidden-spells-list",
    "forbidden-trap": "forbidden-list#forbidden-traps-list",
    "deck-master-required": "deck-master-legality#declared-before-match",
    "one-deck-master": "deck-master-legality#deck-master-is-main-deck-monster",
    "deck-master-not-monster": "deck-master-legality#must-be-normal-summonable",
    "deck-master-summon-type": "deck-master-legality#no-ritual-or-extra-deck-monsters",
    "deck-master-cannot-normal-summon": "deck-master-legality#no-cannot-be-normal-summoned",
}
# Monster kinds ruled out as Deck Masters: none of them can be Normal Summoned.
NOT_NORMAL_SUMMONABLE_KINDS = {"ritual", "fusion", "synchro", "xyz", "link"}
FORBIDDEN_LISTS = (("forbidden_monsters", "forbidden-monster", "monsters"),
                   ("forbidden_spells", "forbidden-spell", "Spells"),
                   ("forbidden_traps", "forbidden-trap", "Traps"))


def check_highlander(deck, rules):
    """Deck sizes, singleton copies, Forbidden cards, the Deck Master."""
    problems = highlander_sizes(deck, rules)
    problems += copy_limit_problems(deck, rules, (MAIN, EXTRA, DECK_MASTER), "copy-limit")
    problems += forbidden_problems(deck, rules)
    problems += deck_master_count_problems(deck, rules)
    for line in deck.deck_masters:
        problems += highlander_deck_master(line.name, rules)
    return problems


def highlander_sizes(deck, rules):
    problems = []
    listed, deck_masters = deck.size(MAIN), len(deck.deck_masters)
    main_size = rules.number("main_deck_size")
    if listed + deck_masters != main_size:
        problems.append(rules.problem(
            "main-deck-size", [],
            f"The Main Deck has {listed + deck_masters} cards counting the Deck Master "
            f"({listed} listed + {deck_masters} Deck Master); it must have exactly {main_size}."))
    extra, low, high = deck.size(EXTRA), rules.number("extra_deck_min"), \
        rules.number("extra_deck_max")
    if not low <= extra <= high:
        problems.append(rules.problem(
            "extra-deck-size", [],
            f"The Extra Deck has {extra} cards; it must have from {low} to {high}."))
    side, side_limit = deck.size(SIDE), rules.number("side_deck_size")
    if side > side_limit:
        problems.append(rules.problem(
            "side-deck", unique_names(line.name for line in deck.in_sections(SIDE)),
            f"The Side Deck has {side} cards; at most {side_limit} are allowed"
            + (" (Side Decks are not used)." if side_limit == 0 else ".")))
    return problems


def forbidden_problems(deck, rules):
    """Forbidden cards by name, one problem per list, wherever they are listed."""
    in_deck = unique_names(line.name for line in deck.lines)
    problems = []
    for parameter, rule, label in FORBIDDEN_LISTS:
        forbidden = {name.lower() for name in rules.names(parameter)}
        found = [name for name in in_deck if name.lower() in forbidden]
        if found:
            problems.append(rules.problem(
                rule, found, f"Forbidden {label} may not be used: {quoted(found)}."))
    return problems


def highlander_deck_master(name, rules):
    """The Deck Master must be a monster that can be Normal Summoned or Set."""
    card = rules.cards.get(name)
    if card is None:
        return []  # reported as an unknown card
    if card.card_type != "monster":
        return [rules.problem("deck-master-not-monster", [card.name],
                              f"The Deck Master \"{card.name}\" is not a Monster Card "
                              f"(it is a {card.card_type}).")]
    if card.monster_kind in NOT_NORMAL_SUMMONABLE_KINDS:
        return [rules.problem("deck-master-summon-type", [card.name],
                              f"The Deck Master \"{card.name}\" is a {card.monster_kind.title()} "
                              "Monster; Ritual, Fusion, Synchro, Xyz and Link Monsters cannot "
                              "be Deck Masters.")]
    if card.cannot_normal_summon:
        return [rules.problem("deck-master-cannot-normal-summon", [card.name],
                              f"The Deck Master \"{card.name}\" cannot be Normal Summoned or "
                              "Set, so it cannot be a Deck Master.")]
    return []


DECK_RULES = DeckRules(PARAMETERS, ANCHORS, check_highlander)
