"""The card catalog: what each card is, and its behaviour written in effect primitives.

Cards are data (YAML files in `catalog/`). A card's activation and effects are
small programs of primitives (`damage`, `draw`, `destroy`...), checked against
the primitive vocabulary when the catalog loads, so a misspelt effect fails at
load time with its file and line rather than mid-replay.
"""
from dataclasses import dataclass
from pathlib import Path

from .card_terms import also_problem, rule_terms_problem, summon_with_problem
from .errors import ScenarioError
from .yamlsource import load_lazily

KINDS = {
    "monster": {"normal", "effect", "fusion", "ritual", "synchro", "xyz", "link", "token", "alter",
                "integration"},
    "spell": {"normal", "quick-play", "continuous", "field", "equip", "ritual"},
    "trap": {"normal", "continuous", "counter"},
    # Kingdom Duels Rule Cards: played to the Rule Zone from the Extra Deck.
    "rule": {"normal", "game-setup", "field-setup", "duelist-setup", "challenge-setup", "symbol"},
}
ATTRIBUTES = {"DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"}
CARD_KEYS = {"name", "kind", "subtype", "attribute", "race", "level", "atk", "def", "text",
             "activation", "effects", "flags", "materials", "scale", "summon_condition",
             "procedure", "hierarchy", "rule", "summon_with", "also"}
CATALOG_DIR = Path(__file__).resolve().parent / "catalog"


@dataclass(frozen=True)
class CardDef:
    name: str
    kind: str
    subtype: str
    attribute: str | None = None
    race: str | None = None
    level: int | None = None
    atk: int | None = None
    defense: int | None = None
    text: str = ""
    activation: dict | None = None
    effects: tuple = ()
    flags: frozenset = frozenset()
    materials: tuple = ()  # a Fusion Monster's materials, by name
    scale: int | None = None  # a Pendulum Monster's scale
    summon_condition: dict | None = None  # what must hold to Normal Summon it
    procedure: dict | None = None  # how it Special Summons itself (Chaos Sorcerer)
    hierarchy: int = 0  # a Kingdom Duels Divine card's Hierarchy; others count as 0
    rule: dict | None = None  # a Kingdom Duels Rule Card's terms (keyword, reliance, cardlist...)
    summon_with: dict | None = None  # an Extra Deck monster's summoning requirements
    also: tuple = ()  # other card kinds it also is (a Kingdom Duels Spell Monster is a spell too)

    @property
    def is_monster(self):
        return self.kind == "monster"

    @property
    def is_effect_monster(self):
        return self.kind == "monster" and self.subtype == "effect"

    def effects_of(self, key):
        """The card's effects that have `key` (trigger, continuous, ignition...)."""
        return [e for e in self.effects if key in e]


class Catalog:
    """Every card the engine knows, by name."""

    def __init__(self, cards):
        self.cards = dict(cards)

    def __contains__(self, name):
        return name in self.cards

    def get(self, name):
        return self.cards.get(name)

    @classmethod
    def load(cls, folder=CATALOG_DIR, vocabulary=None):
        cards = {}
        for path in sorted(Path(folder).glob("*.yaml")):
            for card in read_catalog_file(path, vocabulary):
                if card.name in cards:
                    raise ScenarioError(f"card '{card.name}' is defined twice", path.name,
                                        None, "name")
                cards[card.name] = card
        return cls(cards)


def read_catalog_file(path, vocabulary=None):
    data, lines = load_lazily(Path(path).read_text(encoding="utf-8"), str(path.name))
    if not isinstance(data, list):
        raise ScenarioError("a catalog file is a list of cards", path.name, 1)
    return [card_from_data(entry, path.name, lines, f"[{i}]", vocabulary)
            for i, entry in enumerate(data)]


def card_from_data(entry, file, lines, where, vocabulary=None):
    def fail(message, key=""):
        path = f"{where}.{key}" if key else where
        raise ScenarioError(message, file, lines.get(path, lines.get(where)), key or "card")

    if not isinstance(entry, dict):
        fail("each card is a mapping")
    unknown = set(entry) - CARD_KEYS
    if unknown:
        fail(f"unknown field(s): {', '.join(sorted(unknown))}", sorted(unknown)[0])
    name, kind, subtype = entry.get("name"), entry.get("kind"), entry.get("subtype")
    if not isinstance(name, str) or not name:
        fail("a card needs a name", "name")
    if kind not in KINDS:
        fail(f"kind must be one of {', '.join(sorted(KINDS))}", "kind")
    if subtype not in KINDS[kind]:
        fail(f"subtype of a {kind} must be one of {', '.join(sorted(KINDS[kind]))}", "subtype")
    if entry.get("attribute") is not None and entry["attribute"] not in ATTRIBUTES:
        fail(f"unknown attribute {entry['attribute']!r}", "attribute")
    if kind == "monster":
        for key in ("level", "atk", "def"):
            if key in entry and not isinstance(entry[key], int):
                fail(f"{key} must be a whole number", key)
    if entry.get("summon_with") is not None:
        problem = summon_with_problem(kind, subtype, entry["summon_with"])
        if problem:
            fail(f"{name}: {problem}", "summon_with")
    if entry.get("also") is not None:
        problem = also_problem(kind, entry["also"], KINDS)
        if problem:
            fail(f"{name}: {problem}", "also")
    if kind == "rule" or entry.get("rule") is not None:
        problem = rule_terms_problem(kind, subtype, entry.get("rule") or {}, vocabulary)
        if problem:
            fail(f"{name}: {problem}", "rule")
    if vocabulary is not None:
        for key in ("activation", "effects"):
            if entry.get(key) is not None:
                problem = vocabulary(entry[key])
                if problem:
                    fail(f"{name}: {problem}", key)
    return CardDef(
        name=name, kind=kind, subtype=subtype, attribute=entry.get("attribute"),
        race=entry.get("race"), level=entry.get("level"), atk=entry.get("atk"),
        defense=entry.get("def"), text=entry.get("text", ""), activation=entry.get("activation"),
        effects=tuple(entry.get("effects") or ()), flags=frozenset(entry.get("flags") or ()),
        materials=tuple(entry.get("materials") or ()), scale=entry.get("scale"),
        summon_condition=entry.get("summon_condition"), procedure=entry.get("procedure"),
        hierarchy=entry.get("hierarchy", 0), rule=entry.get("rule"),
        summon_with=entry.get("summon_with"), also=tuple(entry.get("also") or ()))


_DEFAULT = None


def default_catalog():
    """The bundled catalog, loaded and checked once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        from .primitives import check_card_spec

        _DEFAULT = Catalog.load(CATALOG_DIR, vocabulary=check_card_spec)
    return _DEFAULT
