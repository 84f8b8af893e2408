"""What a format is made of: one object that owns every part of a format the site knows.

A `Format` names its ruleset (the engine's Duel class), its deck rules, its board layout, its
words, the catalog files it reads and its marks files. The generic code (the board, the
sentences, the deck checker, rule coverage) asks a format object, so adding a format means
adding one package under `scenarios/formats/` and registering it in this package's registry.

Pure Python: no Django here. The engine never imports this package.
"""
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from scenarios.engine.cards import CATALOG_DIR
from scenarios.engine.duel import Duel
from scenarios.engine.parameters import Param

CORE_ZONE_LABELS = ("Monster Zones", "Spell & Trap Zones", "Field Zone", "Graveyard", "Banished",
                    "Deck", "Extra Deck", "Hand")


@dataclass(frozen=True)
class ZoneSpot:
    """A zone a player's side shows beside the piles: its label, the snapshot key of its cards,
    whether it holds several cards (a cell each) or one, and how tall its cells are
    (`monster`: a monster's card, `spell`: a Spell's)."""

    label: str
    key: str
    many: bool = False
    height: str = "spell"
    # The badge a card there gets: "Deck Master" for a Deck Master, else these.
    deck_master_badge: bool = False
    other_badges: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardLayout:
    """Everything format-specific the SVG board draws (scenarios/presentation/readable/board.py).

    `team_layout` is how teams are drawn when the state has teams: "" (no teams),
    "shared-field" (a team shares one field: Tag Team Phalanx) or "separate-fields" (a team
    shares its LP, each player keeps a field: Kingdom Duels Tag and Boss Duels)."""

    zone_labels: tuple[str, ...] = CORE_ZONE_LABELS
    monster_label: str = "Monster Zones"
    spell_trap_label: str = "Spell & Trap Zones"
    field_zone: ZoneSpot = ZoneSpot("Field Zone", "field_zone")
    extra_zone: ZoneSpot | None = None  # the format's own zone beside the Field Zone
    banished: tuple[str, str] = ("Banished", "banished")  # the pile's label and snapshot key
    deck_label: str = "Deck"
    terrains: bool = False  # a Terrain Marker under each Monster Zone (the Frontrow)
    non_monster_badge: str = "as a monster"  # a Spell or Trap played as a monster
    team_layout: str = ""
    default_params: dict = field(default_factory=dict)  # sizes the board reads when not given

    def terrain_facts(self) -> dict:
        """{Terrain: what it favours}, for a format with Terrains (none otherwise)."""
        return {}

    def ability_text(self, card_name: str, own: tuple = ()) -> str | None:
        """The text of a Deck Master's ability, for a format whose Deck Masters have one
        (`own`: the Abilities a scenario's card writes itself)."""
        return None


@dataclass(frozen=True)
class Words:
    """The format's own pieces of the sentences a replay is told in (readable/sentences.py)."""

    hidden: str | None = None  # the word for a face-down monster, where the format has one
    set_monster: str = "face-down in Defense Position"
    face_down_target: str = "the face-down "

    @property
    def face_down_mark(self) -> str:
        """The mark a face-down card shows on the board."""
        return self.hidden or "Face-down"


@dataclass(frozen=True)
class DeckRules:
    """The format's deck-construction rules, as the deck checker reads them: the parameters
    (their shapes, for article validation too), the anchor of each rule, and the check."""

    parameters: tuple[Param, ...]
    anchors: dict[str, str]  # rule code -> "article#anchor" within the format
    check: Callable  # check(deck, rules) -> [Problem], see scenarios/formats/deck_rules.py


@dataclass(frozen=True)
class Format:
    """One format, whole."""

    slug: str
    name: str
    ruleset: type[Duel]
    board: BoardLayout
    words: Words
    catalog_files: tuple[str, ...]  # paths under scenarios/engine/catalog/
    marks_files: tuple[Path, ...]
    deck_rules: DeckRules | None = None
    # What the format says of one card (card_legality.py): card_legality(card, rules) -> Legality.
    card_legality: Callable | None = None
    # Its catalog cards are illustrative cards of its own (Kingdom Duels'), which the other
    # formats do not play.
    own_cards_only: bool = False

    def catalog_paths(self) -> list[Path]:
        return [CATALOG_DIR / name for name in self.catalog_files]
