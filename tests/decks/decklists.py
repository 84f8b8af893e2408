"""Decklists the deck tests build on: a legal Highlander deck and ways to change it."""

FILLER_MAIN = [f"Practice Dummy {n:02}" for n in range(1, 50)]
FILLER_EXTRA = [f"Practice Xyz {n:02}" for n in range(1, 21)]

# Real cards from cardinfo-sample.json that are legal in TRH's Main Deck.
SAMPLE_MAIN = ["Blue-Eyes White Dragon", "Dark Magician", "Gemini Elf", "Ghostrick Siren",
               "Black Luster Soldier - Envoy of the Beginning", "Gagaga Magician", "Sangan",
               "Mystical Space Typhoon", "Solemn Warning", "Monster Reborn"]
SAMPLE_EXTRA = ["Decode Talker", "Thousand-Eyes Restrict"]


def decklist(main, extra=(), side=(), deck_master="Cave Dragon", counts=None):
    """Decklist text in the checker's format, one copy of each card unless `counts` says so."""
    counts = counts or {}
    lines = ["# built by tests/decks/decklists.py"]
    if deck_master:
        lines.append(f"Deck Master: {deck_master}")
    for header, cards in (("Main Deck:", main), ("Extra Deck:", extra), ("Side Deck:", side)):
        if cards:
            lines += ["", header] + [f"{counts.get(card, 1)} {card}" for card in cards]
    return "\n".join(lines) + "\n"


def legal_main():
    """59 distinct Main Deck cards; with the Deck Master that makes 60."""
    return SAMPLE_MAIN + FILLER_MAIN


def legal_highlander(**changes):
    """A legal TRH list (Cave Dragon as Deck Master), with any argument of `decklist` changed."""
    arguments = {"main": legal_main(), "extra": SAMPLE_EXTRA, "deck_master": "Cave Dragon"}
    arguments.update(changes)
    return decklist(**arguments)


def swap(cards, old, new):
    """The list with one card replaced, keeping its size."""
    return [new if card == old else card for card in cards]
