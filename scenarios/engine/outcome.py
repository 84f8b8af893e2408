"""What a replay ended with, as data, and how it differs from what a scenario expects.

`observe` turns a duel (finished, or stopped at a refused step) into an Outcome:
plain JSON-ready facts keyed by the same names a scenario's `expect:` uses.
`compare` walks an expectation against an Outcome and gives structured
Differences. Verdicts, the CLI, the pages, the API, edit impact and quiz
answers are all built from these two, never from formatted strings.
"""
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .vocabulary.board import Zone
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .duel import Duel
    from .state import CardInstance

# Expectation keys every format compares; a ruleset adds its own in EXPECT_KEYS.
CORE_EXPECT_KEYS = ("result", "lp", "zones", "cards", "counters", "resolved", "negated", "chain",
                    "phase", "turn", "turn_player", "match")
# Facts about one card that every format reports; a ruleset adds its own in CARD_FACTS.
CORE_CARD_FACTS = ("zone", "controller", "face", "position", "counters", "races", "atk", "def",
                   "level", "host")


@dataclass(frozen=True)
class Difference:
    """One expected value the engine did not reach: where, what was expected, what it got."""

    key: str
    expected: object
    got: object
    detail: str = ""

    def __str__(self) -> str:
        text = f"{self.key}: expected {_show(self.expected)}, got {_show(self.got)}"
        return f"{text} ({self.detail})" if self.detail else text

    def as_dict(self) -> YamlMapping:
        data: YamlMapping = {"key": self.key, "expected": self.expected, "got": self.got}
        if self.detail:
            data["detail"] = self.detail
        return data


def _show(value: object) -> str:
    return "nothing" if value is None else repr(value)


@dataclass
class Outcome:
    """The observed end state: `facts` maps each expectation key of the format to its value."""

    facts: dict
    refused: dict | None = None  # {step, reason, message} when a step was refused
    steps_done: int = 0

    def __getitem__(self, key: str) -> YamlValue:
        return self.facts[key]

    def get(self, key: str, default: YamlValue = None) -> YamlValue:
        return self.facts.get(key, default)

    def as_dict(self) -> YamlMapping:
        return {**self.facts, "refused": self.refused, "steps_done": self.steps_done}


def scripted_cards(duel: "Duel") -> "list[CardInstance]":
    """The cards a scenario placed by name: every card except the filler cards of a deck count
    still in the deck (known by their flag, so a scripted card of the same name counts)."""
    return [card for card in duel.cards.values()
            if not (card.zone == Zone.DECK and card.filler)]


def card_facts(duel: "Duel", card: "CardInstance") -> YamlMapping:
    return {"name": card.card.name, "zone": card.zone, "controller": card.controller,
            "face": "up" if card.face_up else "down", "position": card.position,
            "counters": dict(card.counters), **duel.card_facts(card)}


def observe(duel: "Duel", refused: YamlMapping | None = None, steps_done: int = 0) -> Outcome:
    """The duel's outcome as data: the core facts, then what the format adds.

    Every value is JSON-ready (`_plain`); the zones are lists of card ids (strings) already,
    so they are copied without being looked through."""
    result = duel.result.as_dict() if duel.result else "none"
    cards = scripted_cards(duel)
    facts = {
        "result": _plain(result),
        "lp": {str(name): _plain(player.lp) for name, player in duel.players.items()},
        "zones": {str(name): {zone: list(ids) for zone, ids in player.zones.items()}
                  for name, player in duel.players.items()},
        "cards": {card.id: _plain(card_facts(duel, card)) for card in cards},
        "counters": {card.id: _plain(card.counters) for card in cards if card.counters},
        "resolved": _plain(duel.resolved),
        "negated": _plain(duel.negated),
        "chain": [link.card_id for link in duel.chain],
        "phase": duel.phase,
        "turn": duel.turn,
        "turn_player": duel.turn_player,
        "match": duel.observe_match(),
    }
    facts.update(_plain(duel.observe_format()))
    return Outcome(facts, refused, steps_done)


def _plain(value: YamlValue) -> YamlValue:
    """JSON-ready copies: tuples become lists, sets sorted lists, keys strings."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {key if type(key) is str else str(key): item if type(item) in _ATOMS
                else _plain(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return [item if type(item) in _ATOMS else _plain(item) for item in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    return value


# Values `_plain` gives back as they are (the usual ones, found without isinstance).
_ATOMS = frozenset({str, int, float, bool, type(None)})


# --- comparing -------------------------------------------------------------------------------

def _result(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    if isinstance(wanted, dict) and isinstance(got, dict):
        wanted = {"match": False, **wanted} if "winner" in wanted else wanted
        got = {"match": False, **got} if "winner" in got else got
    return [] if wanted == got else [Difference(key, wanted, got)]


def _match(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    """The Match: the score side by side (only the sides stated), and its winner."""
    got = got if isinstance(got, dict) else {}
    found = _per_entry(f"{key}.score", wanted.get("score") or {}, got.get("score"))
    if "winner" in wanted and wanted["winner"] != got.get("winner"):
        found.append(Difference(f"{key}.winner", wanted["winner"], got.get("winner")))
    return found


def _per_entry(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    """A mapping compared name by name (LP, summons, warnings...): only the names stated."""
    got = got or {}
    return [Difference(f"{key}.{name}", value, got.get(str(name)))
            for name, value in wanted.items() if got.get(str(name)) != value]


def _zones(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    found: list[Difference] = []
    for player, zones in wanted.items():
        held = (got or {}).get(player)
        if not isinstance(zones, dict):
            found.append(Difference(f"{key}.{player}", zones, held))
            continue
        for zone, cards in zones.items():
            ids = (held or {}).get(zone, []) if held is not None else []
            if isinstance(cards, int):
                if len(ids) != cards:
                    found.append(Difference(f"{key}.{player}.{zone}", cards, len(ids),
                                            "number of cards"))
            elif sorted(cards) != sorted(ids):
                found.append(Difference(f"{key}.{player}.{zone}", sorted(cards), sorted(ids)))
    return found


def _cards(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    found: list[Difference] = []
    for card_id, facts in wanted.items():
        actual = (got or {}).get(str(card_id))
        if actual is None or not isinstance(facts, dict):
            found.append(Difference(f"{key}.{card_id}", facts, actual,
                                    "no such card" if actual is None else ""))
            continue
        found += [Difference(f"{key}.{card_id}.{fact}", value, actual.get(fact))
                  for fact, value in facts.items() if actual.get(fact) != value]
    return found


def _counters(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    found: list[Difference] = []
    for card_id, counters in wanted.items():
        actual = (got or {}).get(str(card_id), {})
        if not isinstance(counters, dict):
            found.append(Difference(f"{key}.{card_id}", counters, actual))
            continue
        found += [Difference(f"{key}.{card_id}.{name}", value, actual.get(name, 0))
                  for name, value in counters.items() if actual.get(name, 0) != value]
    return found


def _in_order(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    return [] if list(wanted) == list(got or []) else [Difference(key, wanted, got)]


def _any_order(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    return [] if sorted(wanted) == sorted(got or []) else [
        Difference(key, sorted(wanted), sorted(got or []))]


def _same(key: str, wanted: YamlValue, got: YamlValue) -> list[Difference]:
    return [] if wanted == got else [Difference(key, wanted, got)]


# Compares one expectation key: (key, what the scenario expects, what the duel gave).
Comparer = Callable[[str, YamlValue, YamlValue], list[Difference]]

COMPARERS: dict[str, Comparer] = {
    "result": _result, "lp": _per_entry, "team_lp": _per_entry, "formation_points": _per_entry,
    "warnings": _per_entry, "summons": _per_entry, "charges": _per_entry, "terrains": _per_entry,
    "tiles": _per_entry,
    "zones": _zones, "cards": _cards, "counters": _counters,
    "resolved": _in_order, "chain": _in_order, "defeated": _in_order, "negated": _any_order,
    "phase": _same, "turn": _same, "turn_player": _same, "match": _match,
}

MAPPING_COMPARERS: tuple[Comparer, ...] = (_per_entry, _zones, _cards, _counters, _match)


def compare(expect: YamlMapping, outcome: Outcome) -> list[Difference]:
    """Every way `outcome` differs from `expect`, in the order the expectation states them."""
    found: list[Difference] = []
    for key, wanted in expect.items():
        comparer = COMPARERS.get(key, _same)
        if comparer in MAPPING_COMPARERS and not isinstance(wanted, dict):
            comparer = _same  # a malformed expectation still fails, as a whole
        found += comparer(key, wanted, outcome.get(key))
    return found


def expectation_problems(expect: YamlMapping, ruleset: "type[Duel]",
                         prefix: str = "expect") -> list[tuple[str, str]]:
    """Keys of `expect` (found at `prefix`: `expect`, or `expect_after.3`) that the format does
    not observe, as (path, message) pairs."""
    problems: list[tuple[str, str]] = []
    known = ruleset.EXPECT_KEYS
    for key, value in expect.items():
        if key not in known:
            problems.append((f"{prefix}.{key}", f"the {ruleset.slug} format does not compare "
                             f"'{key}' (it compares: {', '.join(known)})"))
        elif key == "cards" and isinstance(value, dict):
            for card_id, facts in value.items():
                for fact in facts if isinstance(facts, dict) else ():
                    if fact not in ruleset.CARD_FACTS:
                        problems.append((f"{prefix}.cards.{card_id}.{fact}",
                                         f"the {ruleset.slug} format reports no card fact "
                                         f"'{fact}' (it reports: {', '.join(ruleset.CARD_FACTS)})"))
    return problems

