"""What verification asks of the apps built on it, without importing them.

Edit impact lists each failing scenario's differences, and the editor shows them in words;
the words are the presentation app's (scenarios/presentation/outcome_words.py), which sits
above this layer. It registers its describer here in PresentationConfig.ready. Without one,
a difference is told by its key and its values as they are.
"""

# Functions (difference dict, the outcome's cards) -> {subject, expected, got, path}.
difference_describers = []


def register_difference_describer(describe):
    if describe not in difference_describers:
        difference_describers.append(describe)


def difference_words(difference, cards=None):
    """One difference as {subject, expected, got, path}, by the registered describer."""
    if difference_describers:
        return difference_describers[0](difference, cards)
    return {"subject": difference["key"], "expected": str(difference.get("expected")),
            "got": str(difference.get("got")), "path": None}
