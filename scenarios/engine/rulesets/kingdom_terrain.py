"""Kingdom Duels Terrain Markers and the Field Power Bonus.

Each player's Frontrow zones (columns 0, 1, ... left to right) each carry a Terrain Marker; a
monster stands on the Terrain of its column. `Terrains` keeps the markers and the columns:
which monster stands where, the default Terrain of a side that played no Field Setup, a marker
replaced or a monster moved to another Terrain. `FieldPower` gives a monster of a Type or
Attribute its Terrain names the Field Power Bonus, as ATK and DEF modifiers.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cards import CATALOG_DIR
from ..yamlsource import load_lazily
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..modifiers import ModifierRegistry
    from ..scenario import Scenario
    from ..state import CardInstance
    from ..yamltypes import YamlMapping
    from .kingdom_duels import KingdomDuel

TERRAINS_FILE = CATALOG_DIR / "terrains" / "kingdom-duels.yaml"


@lru_cache(maxsize=None)
def terrains(path: Path = TERRAINS_FILE) -> dict[str, Any]:
    """Terrain Markers by name: the Types and Attributes each favours."""
    data, _ = load_lazily(Path(path).read_text(encoding="utf-8"), Path(path).name)
    return {entry["name"]: entry for entry in data}


class Terrains(Component):
    """The Terrain Markers of each side, and the column each monster stands in."""

    def __init__(self, duel: KingdomDuel) -> None:
        super().__init__(duel)
        self.catalog = terrains()
        self.markers: dict[str, list[str]] = {}  # player -> Terrain names, one per column
        self.default_sides: set[str] = set()  # players whose Terrains were laid by default
        self.placing_column: int | None = None  # the column a summon asks for

    # --- the setup -----------------------------------------------------------------------------

    def set_up(self, scenario: Scenario, name: str, player: YamlMapping) -> None:
        """A set-up player's `terrains` (the default Terrain on every column if none)."""
        count = self.params["terrain_markers_per_side"]
        markers = player["terrains"] if "terrains" in player else \
            [self.params["default_terrain"]] * count
        if "terrains" not in player:
            self.default_sides.add(name)  # no Field Setup: the default Terrain
        if not isinstance(markers, list) or len(markers) != count or \
                any(m not in self.catalog for m in markers):
            raise scenario.error(f"terrains is a list of {count} known Terrains "
                                 f"({', '.join(self.catalog)})",
                                 f"setup.players.{name}.terrains")
        self.markers[name] = list(markers)

    def set_up_columns(self, scenario: Scenario, name: str) -> None:
        """Each set-up monster stands in its `column`, or the first free one."""
        count = self.params["terrain_markers_per_side"]
        taken: set[int] = set()
        for card_id in self.zone_of(name, "monsters"):
            card = self.card(card_id)
            if card.column is None:
                card.column = min(set(range(count)) - taken)
            if card.column in taken or card.column >= count:
                raise scenario.error(f"{card_id} needs a free column from 0 to {count - 1}",
                                     f"setup.players.{name}.monsters")
            taken.add(card.column)

    # --- columns -------------------------------------------------------------------------------

    @contextmanager
    def placing_in(self, column: int | None) -> Iterator[None]:
        """While a summon asks for a column, a monster entering the Frontrow takes it if free."""
        self.placing_column = column
        try:
            yield
        finally:
            self.placing_column = None

    def free_columns(self, player: str, card: CardInstance) -> list[int]:
        """The player's Monster Zone columns no monster but `card` stands in, in order."""
        taken = {self.card(i).column for i in self.zone_of(player, "monsters") if i != card.id}
        return sorted(set(range(self.params["terrain_markers_per_side"])) - taken)

    def card_moved(self, card: CardInstance, entering: bool, zone: str) -> None:
        """A monster entering the Frontrow takes the column asked for, or the first free one; a
        card leaving it leaves its column."""
        if entering:
            free = self.free_columns(card.controller, card)
            # no free column only under a misreading that overfills a side: no Terrain then
            card.column = self.placing_column if self.placing_column in free else \
                next(iter(free), None)
        elif zone != "monsters":
            card.column = None

    def terrain_under(self, card: CardInstance) -> str | None:
        """The Terrain a monster in the Frontrow stands on, or None."""
        if card.zone != "monsters" or card.column is None:
            return None
        markers = self.markers.get(card.controller) or []
        return markers[card.column] if card.column < len(markers) else None

    def favoured_by(self, card: CardInstance, terrain: dict[str, Any]) -> bool:
        """Does this Terrain name one of the monster's Types or its Attribute?"""
        return bool(self.duel.races(card) & set(terrain["races"])) or \
            card.card.attribute in terrain["attributes"]

    def enters_default_terrain(self, card: CardInstance) -> None:
        """A monster enters a side that played no Field Setup: it stands on the default Terrain,
        where a Terrain of another kind would have given it a Field Power Bonus."""
        markers = self.markers.get(card.controller)
        if card.controller in self.default_sides and markers and \
                card.column is not None and markers[card.column] == self.params["default_terrain"] \
                and not self.favoured_by(card, self.catalog[markers[card.column]]) and \
                any(self.favoured_by(card, t) for t in self.catalog.values()):
            self.emit("terrain", f"{card.id} stands on {card.controller}'s Terrain {card.column}, "
                      f"{markers[card.column]}: the default, with no Field Setup played",
                      ["kd-default-terrain"], card=card.id, player=card.controller,
                      column=card.column, terrain=markers[card.column], what="default")

    # --- changing the Terrains -----------------------------------------------------------------

    def replace(self, player: str, column: int, terrain: str) -> None:
        """A card lays a new Terrain Marker on one of a player's columns."""
        old = self.markers[player][column]
        if self.misreads("kd-terrain-set-aside", "stacked"):
            self.emit("terrain", f"{terrain} is laid on {player}'s Terrain {column} ({old}), "
                      "which still counts", player=player, column=column, old=old,
                      terrain=old, what="stacked")
            return
        self.markers[player][column] = terrain
        self.emit("terrain", f"{player}'s Terrain {column} ({old}) is set aside and replaced by "
                  f"{terrain}", ["kd-terrain-set-aside"], player=player, column=column, old=old,
                  terrain=terrain, what="replaced")

    def move_to_terrain(self, card: CardInstance, cause: str) -> None:
        """A monster moves to an unoccupied Terrain of its controller (the leftmost one)."""
        taken = {self.card(i).column for i in self.zone_of(card.controller, "monsters")}
        free = sorted(set(range(self.params["terrain_markers_per_side"])) - taken)
        if card.zone != "monsters" or not free:
            return
        old, card.column = card.column, free[0]
        if old is not None and self.misreads("kd-move-own-terrain", "next-terrain"):
            card.column = (old + 1) % len(self.markers[card.controller])
            for other in self.zone_of(card.controller, "monsters"):
                if other != card.id and self.card(other).column == card.column:
                    self.card(other).column = old  # the two trade places
        else:
            self.note_rule("kd-move-own-terrain")
        markers = self.markers[card.controller]
        if old is not None and self.misreads("kd-terrain-stays", "marker-moves"):
            markers[old], markers[card.column] = markers[card.column], markers[old]
        elif old is not None:
            self.note_rule("kd-terrain-stays")  # the old zone keeps its marker
        self.emit("move", f"{card.id} moves to Terrain {card.column} "
                  f"({self.markers[card.controller][card.column]}) by {cause}", card=card.id,
                  player=card.controller, column=card.column,
                  terrain=self.markers[card.controller][card.column], by=cause, what="terrain")

    def as_data(self) -> dict[str, list[str]]:
        """Each side's Terrains, left to right."""
        return {player: list(markers) for player, markers in self.markers.items()}


class FieldPower(Component):
    """What a Terrain gives the monster on it. The Field Power Bonus: a monster on a Terrain
    that names its Type or Attribute gains a share of its original ATK and DEF (kd-fpb,
    kd-fpb-hidden, kd-fpb-amount). A Terrain's own effect (`effect: {atk: N, def: N}` in the
    Terrain catalog) reaches whichever monster stands on it, of any Type (kd-terrain-effect)."""

    def __init__(self, duel: KingdomDuel, terrain: Terrains) -> None:
        super().__init__(duel)
        self.terrain = terrain

    def register_modifiers(self, modifiers: ModifierRegistry) -> None:
        modifiers.register("field power bonus", "atk", self.atk_bonus)
        modifiers.register("field power bonus", "def", self.def_bonus)
        modifiers.register("terrain effect", "atk", self.terrain_atk_effect)
        modifiers.register("terrain effect", "def", self.terrain_def_effect)

    # bound methods, not closures: a copy of the duel must get modifiers of its own
    def terrain_atk_effect(self, card: CardInstance) -> int:
        return self.terrain_effect(card, "atk")

    def terrain_def_effect(self, card: CardInstance) -> int:
        return self.terrain_effect(card, "def")

    def terrain_effect(self, card: CardInstance, stat: str) -> int:
        """The ATK or DEF change the Terrain under a monster gives it (a monster in the
        Backrow stands on its column's Terrain: kd-backrow-terrain)."""
        name = self.terrain.terrain_under(card)
        if name is None and card.zone == "spell_trap" and card.card.kind == "monster" and \
                card.column is not None and not self.misreads("kd-backrow-terrain", "no-terrain"):
            markers = self.terrain.markers.get(card.controller) or []
            name = markers[card.column] if card.column < len(markers) else None
        terrain = self.terrain.catalog[name] if name is not None else {}
        amount = int((terrain.get("effect") or {}).get(stat, 0))
        if not amount:
            return 0
        if not self.terrain.favoured_by(card, terrain) and \
                self.misreads("kd-terrain-effect", "favoured-only"):
            return 0
        self.note_rule("kd-terrain-effect")
        return amount

    def atk_bonus(self, card: CardInstance) -> int:
        return self.bonus(card, card.card.atk)

    def def_bonus(self, card: CardInstance) -> int:
        bonus = self.bonus(card, card.card.defense)
        if bonus and self.misreads("kd-fpb-amount", "atk-only"):
            return 0
        return bonus

    def bonus(self, card: CardInstance, printed: int | None) -> int:
        if card.zone != "monsters" or card.column is None:
            return 0
        if not card.face_up and self.misreads("kd-fpb-hidden", "hidden-no-bonus"):
            return 0
        terrain = self.terrain.catalog[self.terrain.markers[card.controller][card.column]]
        favoured = self.terrain.favoured_by(card, terrain)
        if not favoured and not self.misreads("kd-fpb", "any-monster"):
            return 0
        self.note_rule("kd-fpb")
        if not card.face_up:
            self.note_rule("kd-fpb-hidden")
        self.note_rule("kd-fpb-amount")
        return round((printed or 0) * self.params["field_power_bonus_percent"] / 100)
