"""The card catalog: what each card is, and its behaviour written in effect primitives.

Cards are data (YAML files in `catalog/`). A card's activation and effects are
small programs of primitives (`damage`, `draw`, `destroy`...), checked against
the primitive vocabulary when the catalog loads, so a misspelt effect fails at
load time with its file and line rather than mid-replay.
"""
from collections.abc import Callable, Iterable, Mapping
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .card_filters import WHOSE_KEYS, filter_problem
from .card_terms import also_problem, rule_terms_problem, summon_with_problem
from .errors import ScenarioError
from .vocabulary import did_you_mean
from .yamlsource import LineMap, load_lazily
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .scenario import Scenario

# What checks a card's `activation` or `effects` when it loads: the first problem, or None.
CardSpecCheck = Callable[[YamlValue], "str | None"]

KINDS = {
    "monster": {"normal", "effect", "fusion", "ritual", "synchro", "xyz", "link", "token", "alter",
                "integration"},
    "spell": {"normal", "quick-play", "continuous", "field", "equip", "ritual"},
    "trap": {"normal", "continuous", "counter"},
    # Kingdom Duels Rule Cards: played to the Rule Zone from the Extra Deck.
    "rule": {"normal", "game-setup", "field-setup", "duelist-setup", "challenge-setup", "symbol"},
}
ATTRIBUTES = {"DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"}
# The monster Types printed on cards; a scenario's own card may use these or any Type of a
# catalog card (the Kingdom Duels cards have Types of their own).
PRINTED_RACES = {"Aqua", "Beast", "Beast-Warrior", "Creator God", "Cyberse", "Dinosaur",
                 "Divine-Beast", "Dragon", "Fairy", "Fiend", "Fish", "Illusion", "Insect",
                 "Machine", "Plant", "Psychic", "Pyro", "Reptile", "Rock", "Sea Serpent",
                 "Spellcaster", "Thunder", "Warrior", "Winged Beast", "Wyrm", "Zombie"}
CARD_KEYS = {"name", "kind", "subtype", "attribute", "race", "level", "atk", "def", "text", "note",
             "activation", "effects", "flags", "materials", "scale", "summon_condition",
             "procedure", "hierarchy", "rule", "summon_with", "also", "abilities"}
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
    note: str = ""  # what the engine leaves out of the card's text, for editors (not card text)
    activation: dict | None = None
    effects: tuple = ()
    flags: frozenset = frozenset()
    # A Fusion Monster's materials: each a name, or a filter (`{race: Beast, count: 2}`: two
    # Beast-Type monsters); `material_names` are the names alone.
    materials: tuple = ()
    scale: int | None = None  # a Pendulum Monster's scale
    summon_condition: dict | None = None  # what must hold to Normal Summon it
    procedure: dict | None = None  # how it Special Summons itself (Chaos Sorcerer)
    hierarchy: int = 0  # a Kingdom Duels Divine card's Hierarchy; others count as 0
    rule: dict | None = None  # a Kingdom Duels Rule Card's terms (keyword, reliance, cardlist...)
    summon_with: dict | None = None  # an Extra Deck monster's summoning requirements
    also: tuple = ()  # other card kinds it also is (a Kingdom Duels Spell Monster is a spell too)
    abilities: tuple = ()  # its Deck Master Abilities, when the card writes them itself
    scenario_card: bool = False  # defined in a scenario's own `cards:`, not in the catalog
    # A scenario's own version of a catalog card of the same name, which it replaces there.
    redefines_catalog_card: bool = False

    @property
    def is_monster(self) -> bool:
        return self.kind == "monster"

    @property
    def is_effect_monster(self) -> bool:
        return self.kind == "monster" and self.subtype == "effect"

    @property
    def material_names(self) -> tuple[str, ...]:
        """The Fusion Materials the card names (a Kingdom Duels Fusion also bears them)."""
        return tuple(m for m in self.materials if isinstance(m, str))

    @property
    def material_slots(self) -> tuple[YamlMapping, ...]:
        """One filter per Fusion Material it needs: a name is `{name: ...}`, and a filter with
        `count: N` stands for N materials."""
        found = self.__dict__.setdefault("_material_slots", None)
        if found is None:
            slots: list[YamlMapping] = []
            for entry in self.materials:
                if isinstance(entry, dict):
                    spec = {k: v for k, v in entry.items() if k != "count"}
                    slots += [spec] * entry.get("count", 1)
                else:
                    slots.append({"name": entry})
            found = self.__dict__["_material_slots"] = tuple(slots)
        return found

    def effects_of(self, key: str) -> tuple[YamlMapping, ...]:
        """The card's effects that have `key` (trigger, continuous, ignition...), found once
        per key: a definition never changes, and rules ask this of every card at every step."""
        found = self.__dict__.setdefault("_effects_by_key", {})
        if key not in found:
            found[key] = tuple(e for e in self.effects if key in e)
        return found[key]


class Catalog:
    """Every card the engine knows, by name."""

    def __init__(self, cards: Mapping[str, CardDef]) -> None:
        self.cards: dict[str, CardDef] = dict(cards)

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def get(self, name: str) -> CardDef | None:
        return self.cards.get(name)

    @classmethod
    def load(cls, folder: str | Path = CATALOG_DIR,
             vocabulary: CardSpecCheck | None = None) -> "Catalog":
        cards: dict[str, CardDef] = {}
        for path in sorted(Path(folder).glob("*.yaml")):
            for card in read_catalog_file(path, vocabulary):
                if card.name in cards:
                    raise ScenarioError(f"card '{card.name}' is defined twice", path.name,
                                        None, "name")
                cards[card.name] = card
        return cls(cards)


def read_catalog_file(path: Path, vocabulary: CardSpecCheck | None = None) -> list[CardDef]:
    data, lines = load_lazily(Path(path).read_text(encoding="utf-8"), str(path.name))
    if not isinstance(data, list):
        raise ScenarioError("a catalog file is a list of cards", path.name, 1)
    return [card_from_data(entry, path.name, lines, f"[{i}]", vocabulary)
            for i, entry in enumerate(data)]


def card_from_data(entry: YamlValue, file: str | None, lines: LineMap, where: str,
                   vocabulary: CardSpecCheck | None = None,
                   scenario_card: bool = False) -> CardDef:
    def fail(message: str, key: str = "") -> NoReturn:
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
    for key in ("kind", "subtype", "attribute", "race"):
        if entry.get(key) is not None and not isinstance(entry[key], str):
            fail(f"{key} is a name, not {type(entry[key]).__name__}", key)
    for key in ("flags", "also"):
        if entry.get(key) is not None and (not isinstance(entry[key], list) or not all(
                isinstance(item, (str, int)) for item in entry[key])):
            fail(f"{key} is a list of names", key)
    if entry.get("materials") is not None:
        problem = materials_problem(entry["materials"])
        if problem:
            fail(f"{name}: {problem}", "materials")
    if kind is None:
        fail("kind is missing (monster, spell, trap or rule)", "kind")
    if kind not in KINDS:
        fail(did_you_mean(kind, KINDS, "a card kind"), "kind")
    if subtype is None:
        fail(f"subtype is missing (a {kind} is one of {', '.join(sorted(KINDS[kind]))})",
             "subtype")
    if subtype not in KINDS[kind]:
        fail(did_you_mean(subtype, KINDS[kind], f"a kind of {kind}"), "subtype")
    if entry.get("attribute") is not None and entry["attribute"] not in ATTRIBUTES:
        fail(did_you_mean(entry["attribute"], ATTRIBUTES, "an Attribute"), "attribute")
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
    if entry.get("procedure") is not None:
        problem = procedure_problem(entry["procedure"])
        if problem:
            fail(f"{name}: {problem}", "procedure")
    condition = entry.get("summon_condition")
    if isinstance(condition, dict) and "not_while_you_control" in condition:
        from .restrictions import cards_problem
        problem = cards_problem(condition["not_while_you_control"],
                                "summon_condition not_while_you_control")
        if problem or condition["not_while_you_control"] == "self":
            fail(f"{name}: {problem or 'summon_condition not_while_you_control is a filter'}",
                 "summon_condition")
    if entry.get("abilities") is not None:
        from .rulesets.ability_entries import abilities_problem
        found = abilities_problem(entry["abilities"])
        if found:
            field, message = found
            fail(f"{name}: {message}", f"abilities{field}")
    if vocabulary is not None:
        for key in ("activation", "effects"):
            if entry.get(key) is not None:
                problem = vocabulary(entry[key])
                if problem:
                    fail(f"{name}: {problem}", key)
    return CardDef(
        name=name, kind=kind, subtype=subtype, attribute=entry.get("attribute"),
        race=entry.get("race"), level=entry.get("level"), atk=entry.get("atk"),
        defense=entry.get("def"), text=entry.get("text", ""), note=entry.get("note", ""),
        activation=entry.get("activation"),
        effects=tuple(entry.get("effects") or ()), flags=frozenset(entry.get("flags") or ()),
        materials=tuple(entry.get("materials") or ()), scale=entry.get("scale"),
        summon_condition=entry.get("summon_condition"), procedure=entry.get("procedure"),
        hierarchy=entry.get("hierarchy", 0), rule=entry.get("rule"),
        summon_with=entry.get("summon_with"), also=tuple(entry.get("also") or ()),
        abilities=tuple(entry.get("abilities") or ()), scenario_card=scenario_card)


def procedure_problem(procedure: YamlValue) -> str | None:
    """Why a summon procedure cannot be read, or None: it banishes cards from the Graveyard
    (`banish_from_graveyard: [filter, ...]`) and/or Tributes monsters (`tribute: {count: N,
    side: own | opponent | any, ...filter}`)."""
    if not isinstance(procedure, dict) or not procedure or \
            set(procedure) - {"banish_from_graveyard", "tribute"}:
        return "procedure has banish_from_graveyard (a list of filters) and/or tribute " \
               "(a filter with count and side)"
    banished = procedure.get("banish_from_graveyard", [])
    if not isinstance(banished, list):
        return "procedure banish_from_graveyard is a list of filters"
    for number, spec in enumerate(banished, start=1):
        problem = filter_problem(spec)
        if problem:
            return f"procedure banish_from_graveyard {number}: {problem}"
    if "tribute" in procedure:
        tribute = procedure["tribute"]
        if not isinstance(tribute, dict):
            return "procedure tribute is a filter such as {count: 2, side: opponent}"
        count = tribute.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            return f"procedure tribute count is a number of monsters, not {count!r}"
        problem = filter_problem({k: v for k, v in tribute.items() if k != "count"},
                                 WHOSE_KEYS)
        if problem:
            return f"procedure tribute: {problem}"
    return None


def materials_problem(materials: YamlValue) -> str | None:
    """Why a Fusion Monster's `materials` cannot be read, or None: a list whose entries are
    names or filters (`{race: Beast, count: 2}`)."""
    if not isinstance(materials, list) or not materials:
        return "materials is a list of names or filters, such as [Name, {race: Beast, count: 2}]"
    for number, entry in enumerate(materials, start=1):
        if isinstance(entry, str) and entry:
            continue
        if not isinstance(entry, dict):
            return f"material {number} is a name or a filter, not {entry!r}"
        count = entry.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            return f"material {number}: count is a number of materials, not {count!r}"
        problem = filter_problem({k: v for k, v in entry.items() if k != "count"})
        if problem:
            return f"material {number}: {problem}"
    return None


# A scenario's own cards (`cards:`): how many, and how long a name may be.
MAX_SCENARIO_CARDS = 20
MAX_CARD_NAME = 100


def scenario_cards(data: YamlValue, file: str | None, lines: LineMap,
                   catalog: "Catalog | ScenarioCatalog | None" = None,
                   where: str = "cards") -> tuple[CardDef, ...]:
    """The cards a scenario defines for itself, checked exactly like catalog entries.

    Each mistake is a ScenarioError at the scenario's file and line, its field the card's path
    (`cards[1].atk`). A name the catalog already has makes the card the scenario's own version
    of that card (other numbers, another text): in this scenario it wins over the catalog's, and
    it says so (`redefines_catalog_card`)."""
    from .primitives import check_card_spec

    def fail(message: str, path: str) -> NoReturn:
        raise ScenarioError(message, file, lines.get(path, lines.get(where)), path)

    if not isinstance(data, list):
        fail("cards is a list of cards, each like a catalog entry", where)
    if len(data) > MAX_SCENARIO_CARDS:
        fail(f"a scenario defines at most {MAX_SCENARIO_CARDS} cards of its own, not {len(data)}",
             where)
    catalog = default_catalog() if catalog is None else catalog
    found: dict[str, CardDef] = {}
    for number, entry in enumerate(data):
        path = f"{where}[{number}]"
        name = entry.get("name") if isinstance(entry, dict) else None
        if isinstance(name, str) and len(name) > MAX_CARD_NAME:
            fail(f"a card name has at most {MAX_CARD_NAME} characters, not {len(name)}",
                 f"{path}.name")
        try:
            card = card_from_data(entry, file, lines, path, check_card_spec, scenario_card=True)
        except ScenarioError as error:
            field = path if error.field in (None, "card") else f"{path}.{error.field}"
            raise ScenarioError(error.message, file, error.line, field) from None
        if card.name in catalog:
            card = dataclasses.replace(card, redefines_catalog_card=True)
        races = known_races(catalog)
        if card.race is not None and card.race not in races:
            fail(did_you_mean(card.race, races, "a Type the catalog knows"), f"{path}.race")
        if card.name in found:
            fail(f"'{card.name}' is defined twice in this scenario", f"{path}.name")
        found[card.name] = card
    return tuple(found.values())


def known_races(catalog: "Catalog | ScenarioCatalog") -> set[str]:
    """Every monster Type a scenario's own card may have: the printed ones and the catalog's."""
    cards = catalog.cards.values() if hasattr(catalog, "cards") else ()
    return PRINTED_RACES | {card.race for card in cards if isinstance(card.race, str)}


class ScenarioCatalog:
    """A scenario's own cards over a catalog: looked up first, by name, like catalog cards."""

    def __init__(self, base: Catalog, own: Iterable[CardDef]) -> None:
        self.base = base
        self.own = {card.name: card for card in own}

    def __contains__(self, name: object) -> bool:
        return name in self.own or name in self.base

    def get(self, name: str) -> CardDef | None:
        found = self.own.get(name)
        return found if found is not None else self.base.get(name)

    @property
    def cards(self) -> dict[str, CardDef]:
        return {**self.base.cards, **self.own}


def with_scenario_cards(catalog: "Catalog | ScenarioCatalog",
                        scenario: "Scenario") -> "Catalog | ScenarioCatalog":
    """`catalog` with the scenario's own cards, or `catalog` itself when it defines none.

    A card whose name `catalog` already has is the scenario's version of it and wins; it is
    marked so whichever catalog the scenario is replayed with."""
    own = getattr(scenario, "cards", ())
    if not own:
        return catalog
    if isinstance(catalog, ScenarioCatalog):  # already a scenario's: start from its catalog
        catalog = catalog.base
    marked = tuple(card if card.redefines_catalog_card or card.name not in catalog
                   else dataclasses.replace(card, redefines_catalog_card=True) for card in own)
    return ScenarioCatalog(catalog, marked)


_DEFAULT: Catalog | None = None


def default_catalog() -> Catalog:
    """The bundled catalog, loaded and checked once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        from .primitives import check_card_spec

        _DEFAULT = Catalog.load(CATALOG_DIR, vocabulary=check_card_spec)
    return _DEFAULT
