"""The deck checker's rule parameters: what each number and list it reads must look like.

`scenarios/decks/checker.py` reads deck sizes, copy limits and the Forbidden lists from a format's
articles. Each is declared here as a `Param` (name, shape, the article anchors whose rules
read it), with the shapes the rules engine uses (scenarios/engine/parameters.py), so:

- saving an article (rulings/knowledge/validation.py) refuses a value of the wrong shape, naming the
  parameter, exactly as it does for the engine's parameters;
- the checker reads only declared parameters, and reports a value that does not fit as a
  missing parameter instead of checking a deck against it.

Pure Python: no Django here, so the article validation can import it.
"""
from scenarios.engine.parameters import Names, Param, Whole

MAX_DECK_CARDS = 500  # far above any format's deck, small enough to stay a deck size
MAX_COPIES = 100

TRH = "thought-ruler-highlander"
DM = "deck-masters"
KD = "kingdom-duels"

DECK_PARAMETERS = {
    TRH: (
        Param("main_deck_size", Whole(1, MAX_DECK_CARDS), f"{TRH}/deck-construction#main-deck-size"),
        Param("extra_deck_min", Whole(0, MAX_DECK_CARDS), f"{TRH}/deck-construction#extra-deck-size"),
        Param("extra_deck_max", Whole(0, MAX_DECK_CARDS), f"{TRH}/deck-construction#extra-deck-size"),
        Param("side_deck_size", Whole(0, MAX_DECK_CARDS),
              f"{TRH}/deck-construction#side-deck-not-allowed"),
        Param("copies_per_card", Whole(1, MAX_COPIES), f"{TRH}/deck-construction#copy-limit"),
        Param("forbidden_monsters", Names(), f"{TRH}/forbidden-list#forbidden-monsters-list"),
        Param("forbidden_spells", Names(), f"{TRH}/forbidden-list#forbidden-spells-list"),
        Param("forbidden_traps", Names(), f"{TRH}/forbidden-list#forbidden-traps-list"),
    ),
    DM: (
        Param("copies_per_card", Whole(1, MAX_COPIES), f"{DM}/setup#copies-per-card"),
        Param("deck_masters_per_duel", Whole(1, 10), f"{DM}/setup#one-per-duel"),
    ),
    KD: (
        Param("main_deck_size", Whole(1, MAX_DECK_CARDS), f"{KD}/deck-building#main-deck-exact"),
        Param("extra_deck_max", Whole(0, MAX_DECK_CARDS), f"{KD}/deck-building#extra-deck-max"),
    ),
}


def deck_declarations(format_slug):
    """The Params the deck checker reads for a format, by name (none for a format it does
    not check)."""
    return {spec.name: spec for spec in DECK_PARAMETERS.get(format_slug, ())}
