"""Where each card is legal: every format's answer (its `card_legality`, see
scenarios/formats/card_legality.py), read with the same rule parameters and card facts as the
deck checker, so the card page and the deck checker never disagree.
"""
from scenarios.decks.checker import CardIndex, FormatRules, MissingParameter, info_from_catalog
from scenarios.formats import all_formats
from scenarios.formats.card_legality import LEGAL, NOT_USED, UNKNOWN, Legality

TERRAIN_ANCHOR = "kingdom-duels/terrain#markers-not-cards"


def rules_by_format(parameters, entries):
    """{format slug: FormatRules} over every catalogued card, for the formats that answer."""
    index = CardIndex([info_from_catalog(e.card) for e in entries if e.card is not None])
    return {fmt.slug: FormatRules(fmt.slug, parameters.get(fmt.slug, {}), index)
            for fmt in all_formats() if fmt.card_legality}


def legality_of(entry, fmt, rules):
    """One format's Legality for one card entry."""
    if entry.kind == "terrain":
        if fmt.slug in entry.home_formats:
            return Legality(LEGAL, "A Terrain Marker: not a card, set under a Monster Zone.",
                            TERRAIN_ANCHOR)
        return Legality(NOT_USED, "Terrain Markers belong to Kingdom Duels.", None)
    if entry.home_formats and fmt.slug not in entry.home_formats and all(
            own_cards_only(slug) for slug in entry.home_formats):
        homes = ", ".join(format_name(slug) for slug in entry.home_formats)
        return Legality(NOT_USED, f"Not used: an illustrative card of {homes}.", None)
    if fmt.card_legality is None or entry.card is None:
        return Legality(LEGAL, "Legal.", None)
    try:
        return fmt.card_legality(entry.card, rules)
    except MissingParameter as missing:
        return Legality(UNKNOWN, f"Unknown: the rule parameter \"{missing}\" is missing from "
                                 f"the {fmt.name} articles.", None)


def own_cards_only(slug):
    fmt = next((f for f in all_formats() if f.slug == slug), None)
    return bool(fmt and fmt.own_cards_only)


def format_name(slug):
    fmt = next((f for f in all_formats() if f.slug == slug), None)
    return fmt.name if fmt else slug


def legality_table(entries, parameters):
    """{card slug: [(format slug, Legality)]} in the formats' order, for every entry."""
    rules = rules_by_format(parameters, entries)
    formats = all_formats()
    return {entry.slug: [(fmt.slug, legality_of(entry, fmt, rules.get(fmt.slug)))
                         for fmt in formats] for entry in entries}
