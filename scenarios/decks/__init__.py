"""The deck checker: decklists against a format's deck-construction rules, and the card records."""
