"""What every format's deck rules share: the sections of a decklist and the checks more than
one format makes (copy limits, the Deck Master count).

A format's `check(deck, rules)` reads a parsed decklist (scenarios/decks/checker.py `Deck`:
`lines`, `in_sections`, `size`, `deck_masters`) and the format's rules (`FormatRules`:
`number`, `names`, `cards`, `problem` for a rule the format's articles state, `unanchored`
for one they do not), and returns the problems it finds. Pure Python: no Django here.
"""
from collections import Counter

from scenarios.engine.parameters import Names, Param, Whole

MAIN, EXTRA, SIDE, DECK_MASTER = "main", "extra", "side", "deck-master"
SECTION_LABELS = {MAIN: "Main Deck", EXTRA: "Extra Deck", SIDE: "Side Deck",
                  DECK_MASTER: "Deck Master"}
MAX_DECK_CARDS = 500  # far above any format's deck, small enough to stay a deck size
MAX_COPIES = 100

__all__ = ["Names", "Param", "Whole"]  # the parameter shapes a format's deck rules declare


def deck_master_count_problems(deck, rules, expected=1):
    """Exactly one Deck Master (Deck Masters: `deck_masters_per_duel`)."""
    names = [line.name for line in deck.deck_masters]
    if not names:
        return [rules.problem("deck-master-required", [],
                              "No Deck Master is declared; add a line \"Deck Master: <card>\".")]
    if len(names) != expected:
        exactly = "one" if expected == 1 else str(expected)
        return [rules.problem("one-deck-master", unique_names(names),
                              f"{len(names)} Deck Master{'s are' if len(names) > 1 else ' is'} "
                              f"declared ({quoted(names)}); a player has exactly {exactly}.")]
    return []


def copy_limit_problems(deck, rules, sections, rule, deck_master_rule=None):
    """Copies of each card across `sections`, the Deck Master included; one problem a card."""
    limit = rules.number("copies_per_card")
    per_section = {}
    for line in deck.in_sections(*sections):
        per_section.setdefault(line.name, Counter())[line.section] += line.count
    deck_master_names = {line.name for line in deck.deck_masters}
    problems = []
    for name, counts in per_section.items():
        total = sum(counts.values())
        if total <= limit:
            continue
        breakdown = ", ".join(f"{SECTION_LABELS[s]} {counts[s]}" for s in sections if counts[s])
        message = (f"\"{name}\" is in the deck {total} times ({breakdown}); "
                   f"at most {limit} {'copy is' if limit == 1 else 'copies are'} allowed")
        if name in deck_master_names:
            message += ", and the Deck Master counts as one of them"
        cited = deck_master_rule if deck_master_rule and name in deck_master_names else rule
        problems.append(rules.problem(cited, [name], message + "."))
    return problems


def unique_names(names):
    """Names in first-seen order, once each."""
    return list(dict.fromkeys(names))


def quoted(names):
    """Card names as the messages show them."""
    return ", ".join(f"\"{name}\"" for name in names)
