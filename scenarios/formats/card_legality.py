"""What a format says of one card: legal, limited, forbidden or not used there, with the rule
that decides it, and notes such as whether it can be a Deck Master or its Deck Master Ability.

Each format's `card_legality(card, rules)` answers for its own rules (its package's
`card_legality.py`); the card pages (scenarios/cards) ask every format. `card` is an engine
CardDef; `rules` is the deck checker's FormatRules (`number`, `names`, `problem`, `cards`),
so a card page and the deck checker read the same parameters and anchors. Pure Python.
"""
from dataclasses import dataclass

LEGAL, LIMITED, FORBIDDEN, NOT_USED, UNKNOWN = (
    "legal", "limited", "forbidden", "not-used", "unknown")
STATUSES = (LEGAL, LIMITED, FORBIDDEN, NOT_USED, UNKNOWN)


@dataclass(frozen=True)
class Note:
    """One more thing a format says of a card (a Deck Master's eligibility, its Ability, a
    Kingdom Duels Hierarchy or role), with the rule that says it ("format/article#anchor")."""

    words: str
    anchor: str | None = None


@dataclass(frozen=True)
class Legality:
    """A format's answer for one card: its status, in words, the deciding rule, and notes."""

    status: str
    words: str
    anchor: str | None = None
    notes: tuple[Note, ...] = ()

    def as_dict(self) -> dict:
        return {"status": self.status, "words": self.words, "anchor": self.anchor,
                "notes": [{"words": n.words, "anchor": n.anchor} for n in self.notes]}


def copies(limit: int) -> str:
    """`1 copy`, `3 copies`."""
    return f"{limit} cop{'y' if limit == 1 else 'ies'}"


def open_legality(anchor: str, words: str) -> Legality:
    """A format with no deck rules of its own: every card it plays is legal (`anchor` says
    where its articles say which cards it plays)."""
    return Legality(LEGAL, words, anchor)
