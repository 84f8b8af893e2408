"""Counted nouns in the engine's messages: "1 Tribute", "2 Tributes", never "Tribute(s)"."""


def counted(count: int, word: str, plural: str | None = None) -> str:
    """`count` and its noun, singular for exactly one."""
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def counter_name(key: str) -> str:
    """A counter's key as its name on a card: `hyper_venom` -> "Hyper Venom Counter"."""
    return " ".join(word.capitalize() for word in str(key).split("_")) + " Counter"
