"""Deck legality for the formats whose articles state deck-construction rules.

`check_deck(format_slug, decklist_text)` reads a plain-text decklist, looks its
names up (imported CardRecords first, then the engine's card catalog) and
returns a DeckReport: legal or not, and every problem with the rule it breaks,
the article anchor that states that rule, and the cards involved. The numbers
(deck sizes, copy limits, the Forbidden list) come from the format's article
parameters, so an edit to an article changes what the checker enforces; their
shapes are declared in deck_parameters.py.

Decklist text:

    # comments and blank lines are ignored
    Deck Master: Cave Dragon
    Main Deck:
    3 Gemini Elf
    2x Sangan
    Pot of Greed            <- no count means 1
    Extra Deck:
    1 Decode Talker
    Side Deck:
    ...

Cards listed before any section line are Main Deck cards. The Deck Master line
is not part of a section: it is one more card of the deck.
"""
import re
from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse

from .cardrecords import reads_cannot_normal_summon
from .deck_parameters import deck_declarations
from .models import CardRecord
from scenarios.verification.article_parameters import parameters_for

MAIN, EXTRA, SIDE, DECK_MASTER = "main", "extra", "side", "deck-master"
SECTION_LABELS = {MAIN: "Main Deck", EXTRA: "Extra Deck", SIDE: "Side Deck",
                  DECK_MASTER: "Deck Master"}
MAX_DECKLIST_CHARS = 20000

# Where each rule is stated: rule code -> "article#anchor" within the format.
RULE_ANCHORS = {
    "thought-ruler-highlander": {
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
    },
    "deck-masters": {
        "deck-master-required": "setup#one-per-duel",
        "one-deck-master": "setup#one-per-duel",
        "deck-master-not-monster": "setup#monster-cards-only",
        "deck-master-spell-or-trap": "setup#no-spells-or-traps",
        "copy-limit": "setup#copies-per-card",
        "deck-master-copies": "setup#deck-master-counts-as-deck",
    },
    "kingdom-duels": {
        "main-deck-size": "deck-building#main-deck-exact",
        "extra-deck-size": "deck-building#extra-deck-max",
        "main-deck-contents": "deck-building#main-deck-contents",
        "extra-deck-contents": "deck-building#extra-deck-contents",
    },
}
# Monster kinds TRH rules out as Deck Masters: none of them can be Normal Summoned.
NOT_NORMAL_SUMMONABLE_KINDS = {"ritual", "fusion", "synchro", "xyz", "link"}


# --- reports -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    """One reason a deck is not legal. `anchor` is "format/article#anchor", or None when
    no article states it (an unreadable line, a name no card has)."""

    rule: str
    anchor: str | None
    cards: list
    message: str

    def url(self):
        """The page of the rule, for linking it from the deck checker page."""
        if not self.anchor:
            return None
        format_slug, _, rest = self.anchor.partition("/")
        article, _, anchor = rest.partition("#")
        return reverse("article", args=[format_slug, article]) + f"#{anchor}"

    def as_dict(self):
        """The API's shape of a problem."""
        return {"rule": self.rule, "anchor": self.anchor, "cards": list(self.cards),
                "message": self.message}


@dataclass
class DeckReport:
    legal: bool
    problems: list
    deck: "Deck | None" = None

    @classmethod
    def of(cls, problems, deck=None):
        """A deck is legal exactly when nothing is wrong with it."""
        return cls(legal=not problems, problems=list(problems), deck=deck)

    def as_dict(self):
        """The API's answer: the deck itself stays out, the caller already has it."""
        return {"legal": self.legal, "problems": [p.as_dict() for p in self.problems]}


# --- reading the decklist ------------------------------------------------------------------

SECTION_LINE = re.compile(
    r"^(?:(?P<section>main|extra|side)\s+deck\s*(?:\(\s*\d+\s*\))?\s*:?|"
    r"(?P<short>main|extra|side)\s*:)$", re.IGNORECASE)
DECK_MASTER_LINE = re.compile(r"^deck\s*master\s*:\s*(?P<name>.*)$", re.IGNORECASE)
COUNTED_LINE = re.compile(r"^(?P<count>\d+)\s*[xX]?\s+(?P<name>\S.*)$")


@dataclass(frozen=True)
class DeckLine:
    """One card line: how many of which name, in which section, from which line."""

    section: str
    count: int
    name: str
    line: int
    text: str  # the line as written, for names that begin with a number ("7 Colored Fish")


@dataclass
class Deck:
    """A parsed decklist. Names are canonical once `resolve` has looked them up."""

    lines: list = field(default_factory=list)
    problems: list = field(default_factory=list)

    def in_sections(self, *sections):
        return [line for line in self.lines if line.section in sections]

    def size(self, section):
        """How many cards a section holds, counting copies."""
        return sum(line.count for line in self.in_sections(section))

    @property
    def deck_masters(self):
        return self.in_sections(DECK_MASTER)


def parse_decklist(text):
    """Split decklist text into counted card lines; unreadable lines become problems."""
    deck = Deck()
    section = MAIN
    for number, raw in enumerate((text or "").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = SECTION_LINE.match(line)
        if header:
            section = (header.group("section") or header.group("short")).lower()
            continue
        deck_master = DECK_MASTER_LINE.match(line)
        if deck_master:
            add_deck_master(deck, deck_master.group("name").strip(), number)
        else:
            add_card_line(deck, section, line, number)
    return deck


def add_deck_master(deck, name, number):
    """The Deck Master is kept as a card line of its own, so copy limits can count it."""
    if name:
        deck.lines.append(DeckLine(DECK_MASTER, 1, name, number, name))
    else:
        deck.problems.append(syntax_problem(number, "a Deck Master line names no card"))


MAX_COPIES = 999  # more copies of one card than any deck of any format holds


def add_card_line(deck, section, line, number):
    """A line without a count is one copy; a count of 0 is surely a typo, so it is reported,
    and so is a count larger than any deck (read without converting thousands of digits)."""
    counted = COUNTED_LINE.match(line)
    digits, name = (counted.group("count"), counted.group("name").strip()) if counted \
        else ("1", line)
    if len(digits.lstrip("0")) > len(str(MAX_COPIES)) or int(digits) > MAX_COPIES:
        shown = digits if len(digits) <= 12 else f"{digits[:12]}… ({len(digits)} digits)"
        deck.problems.append(syntax_problem(
            number, f"{shown} copies of \"{name}\" is more than any deck holds"))
        return
    count = int(digits)
    if count == 0:
        deck.problems.append(syntax_problem(number, f"a count of 0 for \"{name}\""))
    else:
        deck.lines.append(DeckLine(section, count, name, number, line))


def syntax_problem(number, message):
    """No article states how to write a decklist, so these cite no anchor."""
    return Problem("decklist-syntax", None, [], f"Line {number}: {message}.")


# --- knowing the cards ---------------------------------------------------------------------

@dataclass(frozen=True)
class CardInfo:
    """What the checker needs to know of a card, wherever it was found."""

    name: str
    card_type: str  # monster, spell, trap, token or skill
    monster_kind: str | None  # normal, effect, ritual, fusion, synchro, xyz, link
    cannot_normal_summon: bool


def info_from_record(record):
    """A CardRecord's frame type carries both its card type and its monster kind."""
    frame = record.frame_type
    if frame in {"spell", "trap", "token", "skill"}:
        return CardInfo(record.name, frame, None, False)
    return CardInfo(record.name, "monster", frame.removesuffix("_pendulum"),
                    record.cannot_normal_summon)


def info_from_catalog(card):
    """An engine CardDef: a flag or the card's own text can forbid its Normal Summon."""
    if card.kind != "monster":
        return CardInfo(card.name, card.kind, None, False)
    if card.subtype == "token":
        return CardInfo(card.name, "token", None, False)
    cannot = "cannot_normal_summon" in card.flags or reads_cannot_normal_summon(card.text)
    return CardInfo(card.name, "monster", card.subtype, cannot)


class CardIndex:
    """The cards a decklist names, by exact and by case-insensitive name."""

    def __init__(self, cards):
        self.exact = {card.name: card for card in cards}
        self.folded = {}
        for card in cards:
            self.folded.setdefault(card.name.lower(), card)

    def get(self, name):
        return self.exact.get(name) or self.folded.get(name.lower())

    @classmethod
    def for_names(cls, names):
        """Records win over the catalog: they are the fuller, imported description."""
        # No card name holds a NUL character, and PostgreSQL refuses one in a query.
        names = {name for name in names if "\x00" not in name}
        lowered = {name.lower() for name in names}
        records = CardRecord.objects.annotate(folded_name=Lower("name")).filter(
            Q(name__in=names) | Q(folded_name__in=lowered))
        cards = [info_from_record(record) for record in records]
        known = {card.name.lower() for card in cards}
        cards += [info_from_catalog(card) for card in catalog_cards()
                  if card.name.lower() in lowered and card.name.lower() not in known]
        return cls(cards)


def catalog_cards():
    """The engine's catalog cards, or none while its files are being edited into a broken state:
    a deck check must not fail because a scenario card is mid-edit."""
    from scenarios.engine.cards import default_catalog
    from scenarios.engine.errors import ScenarioError

    try:
        return list(default_catalog().cards.values())
    except (ScenarioError, OSError, ValueError):
        return []


def resolve(deck, index):
    """Replace typed names by the cards' own names; a leading number that is part of a
    card's name ("7 Colored Fish") is read as the name, with a count of 1."""
    resolved = []
    for line in deck.lines:
        card = index.get(line.name)
        if card is None and line.text != line.name and index.get(line.text):
            line = DeckLine(line.section, 1, line.text, line.line, line.text)
            card = index.get(line.name)
        resolved.append(DeckLine(line.section, line.count, card.name if card else line.name,
                                 line.line, line.text))
    return Deck(resolved, list(deck.problems))


def unknown_card_problems(deck, index):
    """One problem naming every unknown name: a typo must never pass, nor crash the check."""
    unknown = unique_names(line.name for line in deck.lines if index.get(line.name) is None)
    if not unknown:
        return []
    return [Problem("unknown-card", None, unknown,
                    f"No card is known by the name{'s' if len(unknown) > 1 else ''} "
                    f"{quoted(unknown)}; check the spelling, or import the card data "
                    "(python manage.py import_cards).")]


# --- the rules of each format --------------------------------------------------------------

class MissingParameter(Exception):
    """An article parameter the checker reads is absent or not of the expected kind."""


class FormatRules:
    """A format's rule parameters and the anchors of its rules, read by the checkers."""

    def __init__(self, format_slug, parameters, cards):
        self.format_slug = format_slug
        self.parameters = parameters
        self.cards = cards

    def value(self, name):
        """A parameter the checker reads: declared in deck_parameters.py (a programming error
        otherwise), present, and of its declared shape, or MissingParameter."""
        spec = deck_declarations(self.format_slug).get(name)
        if spec is None:
            raise LookupError(f"the {self.format_slug} deck checker reads {name}, which "
                              "scenarios/decks/deck_parameters.py does not declare")
        value = self.parameters.get(name)
        if name not in self.parameters or spec.problem(value):
            raise MissingParameter(name)
        return value

    def number(self, name):
        value = self.value(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise MissingParameter(name)
        return value

    def names(self, name):
        value = self.value(name)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise MissingParameter(name)
        return value

    def problem(self, rule, cards, message):
        anchor = RULE_ANCHORS[self.format_slug][rule]
        return Problem(rule, f"{self.format_slug}/{anchor}", list(cards), message)


def check_highlander(deck, rules):
    """Thought Ruler Highlander: deck sizes, singleton copies, Forbidden cards, the Deck Master."""
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


FORBIDDEN_LISTS = (("forbidden_monsters", "forbidden-monster", "monsters"),
                   ("forbidden_spells", "forbidden-spell", "Spells"),
                   ("forbidden_traps", "forbidden-trap", "Traps"))


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
    """TRH: the Deck Master must be a monster that can be Normal Summoned or Set."""
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


def check_deck_masters(deck, rules):
    """Deck Masters: a Monster Card as Deck Master, which uses up one of its card's copies."""
    problems = deck_master_count_problems(deck, rules, rules.number("deck_masters_per_duel"))
    for line in deck.deck_masters:
        problems += deck_masters_deck_master(line.name, rules)
    return problems + copy_limit_problems(deck, rules, (MAIN, EXTRA, SIDE, DECK_MASTER),
                                          "copy-limit", deck_master_rule="deck-master-copies")


def deck_masters_deck_master(name, rules):
    """Deck Masters: any Monster Card will do; Spells and Traps have a rule of their own."""
    card = rules.cards.get(name)
    if card is None or card.card_type == "monster":
        return []
    if card.card_type in {"spell", "trap"}:
        return [rules.problem("deck-master-spell-or-trap", [card.name],
                              f"The Deck Master \"{card.name}\" is a {card.card_type.title()} "
                              "Card; Spell and Trap Cards can never be Deck Masters.")]
    return [rules.problem("deck-master-not-monster", [card.name],
                          f"The Deck Master \"{card.name}\" is a {card.card_type}, not a "
                          "Monster Card.")]


def deck_master_count_problems(deck, rules, expected=1):
    """Both formats: exactly one Deck Master (Deck Masters: `deck_masters_per_duel`)."""
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


# --- Kingdom Duels -------------------------------------------------------------------------

# Monster kinds that live in a Kingdom Duels Extra Deck; the Main Deck takes the other monsters.
KD_EXTRA_MONSTERS = {"fusion", "ritual", "alter", "integration"}
KD_MAIN_MONSTERS = {"normal", "effect"}


def check_kingdom_duels(deck, rules):
    """Kingdom Duels: exactly 30 Main Deck cards, at most 20 Extra Deck cards, each deck holding
    only its own kinds of card (Rule Cards and Extra Deck monsters go in the Extra Deck)."""
    problems = []
    main_size, extra_max = rules.number("main_deck_size"), rules.number("extra_deck_max")
    if deck.size(MAIN) != main_size:
        problems.append(rules.problem(
            "main-deck-size", [],
            f"The Main Deck has {deck.size(MAIN)} cards; it must have exactly {main_size}."))
    if deck.size(EXTRA) > extra_max:
        problems.append(rules.problem(
            "extra-deck-size", [],
            f"The Extra Deck has {deck.size(EXTRA)} cards; it may have at most {extra_max}."))
    problems += kd_misplaced(deck, rules, MAIN, "main-deck-contents", kd_main_deck_card,
                             "Spells, Traps and Main Deck monsters")
    problems += kd_misplaced(deck, rules, EXTRA, "extra-deck-contents", kd_extra_deck_card,
                             "Rule Cards and Fusion, Ritual, Alter or Integration Monsters")
    if deck.deck_masters:
        problems.append(Problem("no-deck-master", None, [line.name for line in deck.deck_masters],
                                "Kingdom Duels has no Deck Master; list the card in a deck."))
    return problems


def kd_main_deck_card(card):
    return card.card_type in ("spell", "trap") or \
        (card.card_type == "monster" and card.monster_kind in KD_MAIN_MONSTERS)


def kd_extra_deck_card(card):
    return card.card_type == "rule" or \
        (card.card_type == "monster" and card.monster_kind in KD_EXTRA_MONSTERS)


def kd_misplaced(deck, rules, section, rule, belongs, what):
    """One problem naming every known card listed in a deck it does not belong in."""
    wrong = unique_names(line.name for line in deck.in_sections(section)
                         if rules.cards.get(line.name) and not belongs(rules.cards.get(line.name)))
    if not wrong:
        return []
    return [rules.problem(rule, wrong, f"The {SECTION_LABELS[section]} holds only {what}; "
                          f"{quoted(wrong)} cannot go there.")]


CHECKERS = {"thought-ruler-highlander": check_highlander, "deck-masters": check_deck_masters,
            "kingdom-duels": check_kingdom_duels}


# --- the entry point -----------------------------------------------------------------------

def check_deck(format_slug, decklist_text):
    """Check a decklist against a format's deck rules; never raises on bad input."""
    checker = CHECKERS.get(format_slug)
    if checker is None:
        return DeckReport.of([Problem(
            "no-deck-checker", None, [],
            f"The format \"{format_slug}\" has no deck checker; decks can be checked for "
            f"{', '.join(sorted(CHECKERS))}.")])
    parsed = parse_decklist(decklist_text)
    index = CardIndex.for_names(names_to_look_up(parsed))
    deck = resolve(parsed, index)
    problems = deck.problems + unknown_card_problems(deck, index)
    try:
        problems += checker(deck, FormatRules(format_slug, parameters_for(format_slug), index))
    except MissingParameter as missing:
        problems.append(Problem(
            "missing-parameter", None, [],
            f"The rule parameter \"{missing}\" is missing from the {format_slug} articles "
            "(or is not the expected kind), so the deck cannot be fully checked."))
    return DeckReport.of(problems, deck)


def names_to_look_up(deck):
    """Every name as counted, plus whole lines, for names that begin with a number."""
    return {name for line in deck.lines for name in (line.name, line.text)}


def unique_names(names):
    """Names in first-seen order, once each."""
    return list(dict.fromkeys(names))


def quoted(names):
    """Card names as the messages show them."""
    return ", ".join(f"\"{name}\"" for name in names)
