"""The deck checker's rule parameters: what each number and list it reads must look like.

`scenarios/decks/checker.py` reads deck sizes, copy limits and the Forbidden lists from a format's
articles. Each format declares its own as `Param`s (name, shape, the article anchors whose rules
read it) in its deck rules (scenarios/formats/<format>/deck_rules.py), with the shapes the rules
engine uses (scenarios/engine/parameters.py), so:

- saving an article (rulings/knowledge/validation.py) refuses a value of the wrong shape, naming the
  parameter, exactly as it does for the engine's parameters;
- the checker reads only declared parameters, and reports a value that does not fit as a
  missing parameter instead of checking a deck against it.

Pure Python: no Django here, so the article validation can import it.
"""
from scenarios.formats import all_formats
from scenarios.formats.deck_rules import MAX_COPIES, MAX_DECK_CARDS  # noqa: F401 (re-exported)


def deck_parameters():
    """{format slug: its deck Params}, for each format that has deck rules."""
    return {fmt.slug: fmt.deck_rules.parameters for fmt in all_formats() if fmt.deck_rules}


DECK_PARAMETERS = deck_parameters()


def deck_declarations(format_slug):
    """The Params the deck checker reads for a format, by name (none for a format it does
    not check)."""
    return {spec.name: spec for spec in deck_parameters().get(format_slug, ())}
