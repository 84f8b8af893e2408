"""Every catalogued card as the card pages show it: a stable slug, its printed data, and the
formats whose catalog files hold it. Read from the engine's catalog (and the Kingdom Duels
Terrain Markers); no database, so it is read once per process.

A scenario's own cards (`cards:` in a scenario file) are not here: they belong to their
scenario, get no page, and the engine refuses one that takes a catalog card's name.
"""
from dataclasses import dataclass, field
from functools import lru_cache

from django.utils.text import slugify

from scenarios.engine.cards import CardDef, default_catalog, read_catalog_file
from scenarios.engine.errors import ScenarioError
from scenarios.formats import all_formats

# The kinds a reader filters by, in the order the filter lists them.
KIND_WORDS = {"monster": "Monster", "spell": "Spell", "trap": "Trap",
              "deck-master": "Deck Master", "rule": "Rule Card (Kingdom Duels)",
              "terrain": "Terrain Marker (Kingdom Duels)"}
SUBTYPE_WORDS = {"quick-play": "Quick-Play", "game-setup": "Game Setup",
                 "field-setup": "Field Setup", "duelist-setup": "Duelist Setup",
                 "challenge-setup": "Challenge Setup"}
TERRAIN_FORMAT = "kingdom-duels"


@dataclass(frozen=True)
class CardEntry:
    """One card of the index. `kinds` are the filter kinds it belongs to (its own kind, and
    `deck-master` when the Deck Masters rules give it an Ability)."""

    slug: str
    name: str
    kind: str
    subtype: str
    type_line: str
    text: str = ""
    note: str = ""
    attribute: str | None = None
    race: str | None = None
    level: int | None = None
    atk: int | None = None
    defense: int | None = None
    scale: int | None = None
    hierarchy: int = 0
    materials: tuple[str, ...] = ()
    favours: tuple[str, ...] = ()  # a Terrain's favoured Types and Attributes
    home_formats: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    card: CardDef | None = field(default=None, compare=False, repr=False)

    @property
    def types(self) -> tuple[str, ...]:
        """What the type filter matches: its monster Type and its subtype, in words."""
        return tuple(t for t in (self.race, subtype_words(self.subtype)) if t)

    @property
    def hover_text(self) -> str:
        """One line for a linked name's tooltip: what it is, then its text."""
        stats = self.stats_line()
        head = f"{self.name} ({self.type_line}{', ' + stats if stats else ''})"
        return f"{head}: {self.text}" if self.text else head

    def stats_line(self) -> str:
        """`DARK Fiend, Level 3, ATK 1000 / DEF 600` for a monster, else ''."""
        if self.kind != "monster":
            return ""
        parts = [" ".join(p for p in (self.attribute, self.race) if p)]
        if self.level is not None:
            parts.append(f"Level {self.level}")
        if self.subtype == "link":  # a Link Monster has no DEF at all
            parts.append(f"ATK {self.atk if self.atk is not None else '?'}")
        elif self.atk is not None or self.defense is not None:
            parts.append(f"ATK {self.atk if self.atk is not None else '?'} / "
                         f"DEF {self.defense if self.defense is not None else '?'}")
        return ", ".join(p for p in parts if p)

    def as_dict(self) -> dict:
        return {"slug": self.slug, "name": self.name, "kind": self.kind,
                "subtype": self.subtype, "type_line": self.type_line, "kinds": list(self.kinds),
                "attribute": self.attribute, "type": self.race, "level": self.level,
                "atk": self.atk, "def": self.defense, "scale": self.scale,
                "hierarchy": self.hierarchy, "materials": list(self.materials),
                "favours": list(self.favours), "text": self.text, "note": self.note,
                "formats": list(self.home_formats)}


def subtype_words(subtype: str) -> str:
    return SUBTYPE_WORDS.get(subtype, subtype.replace("-", " ").title())


def type_line(card: CardDef) -> str:
    """`Effect Monster`, `Counter Trap`, `Field Setup Rule Card`."""
    kind = {"monster": "Monster", "spell": "Spell", "trap": "Trap", "rule": "Rule Card"}[card.kind]
    if card.kind == "monster" and card.subtype == "token":
        return "Token"
    return f"{subtype_words(card.subtype)} {kind}"


def home_formats() -> dict[str, tuple[str, ...]]:
    """{card name: the formats whose catalog files hold it}."""
    homes: dict[str, list[str]] = {}
    for fmt in all_formats():
        for path in fmt.catalog_paths():
            if path.parent.name in ("abilities", "terrains") or not path.exists():
                continue
            for card in read_catalog_file(path):
                homes.setdefault(card.name, []).append(fmt.slug)
    return {name: tuple(dict.fromkeys(slugs)) for name, slugs in homes.items()}


def terrains() -> dict:
    from scenarios.engine.rulesets.kingdom_terrain import terrains as read_terrains

    try:
        return read_terrains()
    except (ScenarioError, OSError, ValueError, KeyError, TypeError):
        return {}


def has_ability(name: str) -> bool:
    from scenarios.formats.deck_masters.card_legality import ability_of

    return ability_of(name) is not None


@lru_cache(maxsize=1)
def catalog_entries() -> tuple[CardEntry, ...]:
    """Every catalogued card and Terrain, by name, with unique slugs (a clash takes `-2`)."""
    homes = home_formats()
    entries: list[CardEntry] = []
    for card in sorted(default_catalog().cards.values(), key=lambda c: c.name.lower()):
        kinds = (card.kind,) + (("deck-master",) if has_ability(card.name) else ())
        entries.append(CardEntry(
            slug="", name=card.name, kind=card.kind, subtype=card.subtype,
            type_line=type_line(card), text=card.text, note=card.note,
            attribute=card.attribute, race=card.race, level=card.level, atk=card.atk,
            defense=card.defense, scale=card.scale, hierarchy=card.hierarchy,
            materials=tuple(str(m) for m in card.materials),
            home_formats=homes.get(card.name, ()), kinds=kinds, card=card))
    for name, facts in sorted(terrains().items()):
        favours = tuple(str(x) for x in [*facts.get("races", []), *facts.get("attributes", [])])
        text = (f"A Terrain Marker: monsters of {', '.join(favours)} get its Field Power Bonus."
                if favours else "A Terrain Marker that favours no Type or Attribute.")
        entries.append(CardEntry(slug="", name=name, kind="terrain", subtype="terrain",
                                 type_line="Terrain Marker", text=text, favours=favours,
                                 home_formats=(TERRAIN_FORMAT,), kinds=("terrain",)))
    return tuple(with_slugs(entries))


def with_slugs(entries: list[CardEntry]) -> list[CardEntry]:
    """Each entry with its slug: the slugified name, `-2`, `-3`... for a later clash."""
    taken: set[str] = set()
    slugged = []
    for entry in entries:
        base = slugify(entry.name) or "card"
        slug, number = base, 2
        while slug in taken:
            slug, number = f"{base}-{number}", number + 1
        taken.add(slug)
        slugged.append(CardEntry(**{**entry.__dict__, "slug": slug}))
    return slugged
