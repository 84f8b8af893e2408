"""Kingdom Duels Tilemaps: a grid of Tiles and Obstructions that a card lays over one Terrain.

A card creates a Tilemap with the `create_tilemap` primitive, whose argument describes the grid
its artwork draws: `terrain` (the Terrain a monster must stand on to be inside it), `width` and
`height` (Tiles are named by column letter and row number: `a1` is the first Tile of the first
row), `red`/`blue` (the Player-colored Tiles; every other Tile is White), `holes` (squares of the
grid with no Tile: white space, part of the outer limit), `obstructions` (pairs of adjacent Tiles
with a line between them) and `moves_per_turn` (how many times a turn each player may move a
monster to an adjacent Tile by the card's effect, with the `move` step).

The rules (kingdom-duels/terminology#tilemap ... #outer-limit-obstruction):
- Creating a Tilemap lays out its grid; the monsters inside it are placed on Tiles
  (`kd-tilemap-creation`). Only one Tilemap exists at a time: a new one replaces the old, whose
  card goes to the Graveyard (`kd-one-tilemap`, the site's reading).
- Only a monster on the Tilemap's Terrain is inside it (`kd-tilemap-terrain`); a monster inside
  attacks only within the Tilemap, never a monster outside it (`kd-tilemap-bounds`).
- An effect that would move a monster inside the Tilemap to another Terrain moves it to another
  Tile instead, chosen with `select: {tile: <tile>}` (`kd-tilemap-move-to-tile`).
- A monster played onto the Tilemap is played on a Tile (`select: {tile: <tile>}` on the summon,
  or the first free Tile it may stand on, in reading order) (`kd-tile-definition`), and occupies
  one Tile at a time (`kd-one-tile`).
- A move goes to a horizontally or vertically adjacent Tile only (`kd-tile-movement`); an attack
  reaches only a monster one Tile away (`kd-tile-attack-range`); an Obstruction stops both
  (`kd-obstruction`); the edge of the Tilemap is an Obstruction no effect removes
  (`kd-outer-limit`).
- A Tilemap made by a card that stays on the field ends when that card leaves it, unless it was
  made `permanently` (`kd-lasting-ends-with-source`).
- Every Tile is White unless the card colours it (`kd-white-tiles`); a Red or Blue Tile is
  controlled by the player or players of that colour (a player's `colour:` in the setup, read by
  `kingdom_board_rulings.colour_of`), and only their
  monsters are played or moved onto it (`kd-player-tiles`, the site's reading).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..chains import NON_PERMANENT
from ..errors import ScriptError
from ..rules import Rule
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..primitives import EffectContext
    from ..scenario import Action
    from ..state import CardInstance, ChainLink
    from ..yamltypes import YamlMapping, YamlValue
    from .kingdom_board_rulings import Sides
    from .kingdom_duels import KingdomDuel
    from .kingdom_terrain import Terrains

# Why a monster cannot stand on a Tile: (the rule, the reason code, the message).
TileProblem = tuple[str, str, str]

COLOURS = ("red", "blue")
LETTERS = "abcdefghij"

TILEMAP_RULES = (
    Rule("kd-tilemap-creation", "kingdom-duels/terminology#tilemap-creation",
         "A card that creates a Tilemap lays out a grid of Tiles and Obstructions, and the "
         "monsters inside it are played on that grid.",
         {"artwork-only": "the Tilemap is only the card's artwork: the monsters are not placed "
                          "on a grid and nothing about moving or attacking changes"}),
    Rule("kd-one-tilemap", "kingdom-duels/terminology#one-tilemap",
         "Only one Tilemap exists at a time: a new Tilemap replaces the old one, whose card is "
         "sent to the Graveyard.",
         {"both-stay": "the old Tilemap's card stays on the field beside the new one"}),
    Rule("kd-tilemap-terrain", "kingdom-duels/terminology#tilemap-terrain",
         "Only a monster standing on the Tilemap's Terrain is inside the Tilemap.",
         {"whole-field": "every monster on the field is inside the Tilemap, whatever its "
                         "Terrain"}),
    Rule("kd-tilemap-bounds", "kingdom-duels/terminology#tilemap-bounds",
         "A monster inside a Tilemap moves and attacks only within its Tiles: it cannot attack "
         "a monster outside the Tilemap.",
         {"attacks-outside": "a monster inside the Tilemap may attack a monster outside it"}),
    Rule("kd-tilemap-move-to-tile", "kingdom-duels/terminology#tilemap-move-to-tile",
         "An effect that would move a monster inside a Tilemap to another Terrain moves it to "
         "another Tile instead.",
         {"changes-terrain": "the monster moves to another Terrain as the effect says, and so "
                             "leaves the Tilemap"}),
    Rule("kd-tile-definition", "kingdom-duels/terminology#tile-definition",
         "A monster played onto a Tilemap is played on one of its Tiles.",
         {"tile-later": "a monster summoned onto the Tilemap's Terrain stands beside the grid "
                        "until an effect moves it onto a Tile"}),
    Rule("kd-one-tile", "kingdom-duels/terminology#one-tile-per-monster",
         "A monster occupies one Tile at a time: when it moves, the Tile it left is free.",
         {"keeps-old-tile": "a monster that moves still holds the Tile it left as well"}),
    Rule("kd-tile-movement", "kingdom-duels/terminology#tile-movement",
         "A monster moves, when an effect allows it, only to a horizontally or vertically "
         "adjacent Tile, never diagonally.",
         {"diagonal": "a monster may also move to a diagonally adjacent Tile"}),
    Rule("kd-tile-attack-range", "kingdom-duels/terminology#tile-attack-range",
         "A monster attacks only a monster one Tile away from it, horizontally or vertically.",
         {"any-range": "a monster may attack any monster on the Tilemap, however far"}),
    Rule("kd-white-tiles", "kingdom-duels/terminology#white-tiles",
         "A Tile the card does not colour is a White Tile, open to every player's monsters.",
         {"only-coloured": "only the Tiles the card colours are Tiles: an uncoloured square "
                           "holds no monster"}),
    Rule("kd-player-tiles", "kingdom-duels/terminology#player-colored-tiles",
         "A Red or Blue Tile is controlled by the player or players of that colour: only their monsters "
         "are played or moved onto it.",
         {"open-to-all": "a coloured Tile is decoration only: any monster may stand on it"}),
    Rule("kd-obstruction", "kingdom-duels/terminology#obstruction-blocks",
         "No monster moves or attacks across an Obstruction, unless a card says otherwise.",
         {"attacks-across": "an Obstruction stops movement only: attacks go across it"}),
    Rule("kd-outer-limit", "kingdom-duels/terminology#outer-limit-obstruction",
         "The edge of a Tilemap is an Obstruction that no effect removes.",
         {"removable": "an effect that removes the Obstructions removes the edge too, so a "
                       "monster may step off the Tilemap"}),
)


def tile_name(column: int, row: int) -> str:
    return f"{LETTERS[column]}{row + 1}"


def tile_position(name: object) -> tuple[int, int] | None:
    """(column, row) of a tile name such as `b3`, or None when it is no square name."""
    text = str(name or "")
    if len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit():
        return None
    return LETTERS.index(text[0]), int(text[1:]) - 1


class Tilemap:
    """The one Tilemap in the duel: its squares, colours, lines and which monster is where."""

    # `spec` is the create_tilemap argument as the card's YAML gives it, checked here.
    def __init__(self, card_id: str, spec: YamlValue) -> None:
        if not isinstance(spec, dict) or not isinstance(spec.get("terrain"), str):
            raise ScriptError("create_tilemap needs {terrain, width, height, ...}")
        self.card_id = card_id
        self.terrain = spec["terrain"]
        self.width, self.height = int(spec.get("width", 3)), int(spec.get("height", 3))
        if not (1 <= self.width <= len(LETTERS) and 1 <= self.height <= 20):
            raise ScriptError("a Tilemap is 1 to 10 Tiles wide and 1 to 20 high")
        holes = set(spec.get("holes", ()))
        self.squares = [tile_name(c, r) for r in range(self.height) for c in range(self.width)
                        if tile_name(c, r) not in holes]  # reading order
        self.colours: dict[str, str] = {t: colour for colour in COLOURS
                                        for t in spec.get(colour, ())}
        self.lines: set[frozenset[str]] = {frozenset(pair) for pair in spec.get("obstructions", ())}
        self.lines_removed = False
        self.moves_per_turn = int(spec.get("moves_per_turn", 0))
        self.permanent = False  # made `permanently`: it outlasts its card
        self.occupant: dict[str, str] = {}  # tile -> card id
        for tile in [*self.colours, *(t for pair in self.lines for t in pair)]:
            if tile not in self.squares:
                raise ScriptError(f"the Tilemap names {tile!r}, which is none of its Tiles")

    def tiles_of(self, card_id: str) -> list[str]:
        return sorted(t for t, c in self.occupant.items() if c == card_id)

    def release(self, card_id: str) -> None:
        for tile in self.tiles_of(card_id):
            del self.occupant[tile]

    @staticmethod
    def step(one: str, other: str) -> tuple[int, int]:
        """(columns, rows) between two square names."""
        at_one, at_other = tile_position(one), tile_position(other)
        assert at_one is not None and at_other is not None  # both are Tiles of the Tilemap
        (c1, r1), (c2, r2) = at_one, at_other
        return abs(c1 - c2), abs(r1 - r2)

    def orthogonal(self, one: str, other: str) -> bool:
        return sorted(self.step(one, other)) == [0, 1]

    def diagonal(self, one: str, other: str) -> bool:
        return self.step(one, other) == (1, 1)


class Tilemaps(Component):
    """The Tilemap of the duel (one at a time), and moving and attacking on it."""

    def __init__(self, duel: KingdomDuel, terrain: Terrains, sides: Sides) -> None:
        super().__init__(duel)
        self.terrain = terrain
        self.sides = sides
        self.tilemap: Tilemap | None = None
        # player -> moves made this turn by the Tilemap's effect
        self.tile_moves: dict[str, int] = {}
        self.resolving_link: ChainLink | None = None

    # --- setup and bookkeeping ---------------------------------------------------------------

    def new_turn(self) -> None:
        self.tile_moves = {}

    @contextmanager
    def choosing_for(self, link: ChainLink) -> Iterator[None]:
        """While `link` resolves, its scripted choices pick Tiles for its effects."""
        self.resolving_link = link
        try:
            yield
        finally:
            self.resolving_link = None

    def add_to_snapshot(self, data: YamlMapping) -> None:
        """The state after a step shows the Tilemap, while there is one: its card, its Terrain
        and which monster stands on which Tile."""
        if self.tilemap is not None:
            data["tilemap"] = {"card": self.tilemap.card_id, "terrain": self.tilemap.terrain,
                               "tiles": self.observe_tiles()}

    def observe_tiles(self) -> dict[str, str]:
        tiles: dict[str, str] = {}
        if self.tilemap is not None:
            for card_id in dict.fromkeys(self.tilemap.occupant.values()):
                tiles[card_id] = " ".join(self.tilemap.tiles_of(card_id))
        return tiles

    # --- creating the Tilemap ----------------------------------------------------------------

    def create_tilemap(self, ctx: EffectContext, spec: YamlValue) -> None:
        """A card's effect lays out its Tilemap; monsters already inside are placed on Tiles
        (`select: {<tile>: <monster id>}` on the activation, else in reading order)."""
        chosen = {ctx.selections.pop(k): k for k in list(ctx.selections)
                  if tile_position(k) is not None}  # placements: tile -> monster
        if self.misreads("kd-tilemap-creation", "artwork-only"):
            self.emit("tilemap", f"{ctx.card_id}'s artwork shows a grid, but nothing is laid out",
                      card=ctx.card_id, what="artwork")
            return
        new = Tilemap(ctx.card_id, spec)
        new.permanent = bool(ctx.remembered.get("permanently"))
        old, self.tilemap = self.tilemap, new
        if old is not None:
            self.replace_tilemap(old, new)
        self.note_rule("kd-tilemap-creation")
        self.emit("tilemap", f"{ctx.card_id} creates a Tilemap of {len(new.squares)} Tiles on "
                  f"{new.terrain}", ["kd-tilemap-creation"], card=ctx.card_id,
                  terrain=new.terrain, count=len(new.squares), what="created")
        for card_id, tile in chosen.items():
            card = self.card(card_id)  # an unknown id is a script error
            if not self.inside(card):
                raise ScriptError(f"{card_id} is not inside the Tilemap: no Tile to choose")
            self.check_tile_for(card, tile)
            self.place_on_tile(card, tile)
        self.keep_tiles()

    def replace_tilemap(self, old: Tilemap, new: Tilemap) -> None:
        """Only one Tilemap at a time: the new one replaces the old, whose card leaves."""
        card = self.card(old.card_id)
        if self.misreads("kd-one-tilemap", "both-stay"):
            return
        self.emit("tilemap", f"{old.card_id}'s Tilemap gives way to {new.card_id}'s: only one "
                  "Tilemap at a time", ["kd-one-tilemap"], card=old.card_id, by=new.card_id,
                  what="replaced")
        if card.on_field:
            self.duel.move(card, "graveyard", reason="its Tilemap was replaced")

    def source_left_field(self, source: CardInstance) -> None:
        """A Tilemap made by a card that stays on the field (a Continuous Spell) lasts while that
        card does, unless it was made permanently (kingdom-duels/terminology#permanently)."""
        tilemap = self.tilemap
        if tilemap is None or tilemap.card_id != source.id or tilemap.permanent or \
                (source.card.kind, source.card.subtype) in NON_PERMANENT:
            return
        if self.misreads("kd-lasting-ends-with-source", "outlasts-source"):
            return
        self.tilemap = None
        self.emit("tilemap", f"{source.id} left the field: its Tilemap ends",
                  ["kd-lasting-ends-with-source"], card=source.id, what="ended")

    # --- who is inside, and where ------------------------------------------------------------

    def inside(self, card: CardInstance) -> bool:
        """Is this monster inside the Tilemap (on its Terrain)?"""
        if self.tilemap is None or card.zone != "monsters":
            return False
        if self.terrain.terrain_under(card) == self.tilemap.terrain:
            return True
        if self.misreads("kd-tilemap-terrain", "whole-field"):
            return True
        self.note_rule("kd-tilemap-terrain")
        return False

    def keep_tiles(self) -> None:
        """Monsters that left the Tilemap lose their Tile; monsters inside without one are
        played on the first free Tile they may stand on (one summoned under the wrong reading
        of `kd-tile-definition` stays beside the grid)."""
        tilemap = self.tilemap
        if tilemap is None:
            return
        for card_id in list(dict.fromkeys(tilemap.occupant.values())):
            if not self.inside(self.card(card_id)):
                tilemap.release(card_id)
        placed = set(tilemap.occupant.values())
        for card in self.duel.cards_on_field("monster"):
            if card.id in placed or "off_grid" in card.notes or not self.inside(card):
                continue
            tile = next((t for t in tilemap.squares if self.tile_problem(card, t) is None), None)
            if tile is not None:
                self.place_on_tile(card, tile)

    def place_on_tile(self, card: CardInstance, tile: str) -> None:
        card.notes.discard("off_grid")
        assert self.tilemap is not None  # called only while there is a Tilemap
        self.tilemap.occupant[tile] = card.id
        self.note_rule("kd-tile-definition")
        self.emit("tilemap", f"{card.id} stands on Tile {tile}", ["kd-tile-definition"],
                  card=card.id, tile=tile, what="placed")

    def tile_problem(self, card: CardInstance, tile: str,
                     mover: str | None = None) -> TileProblem | None:
        """Why `card` cannot stand on `tile`: (rule, reason, message), or None."""
        tilemap = self.tilemap
        assert tilemap is not None  # called only while there is a Tilemap
        if tile not in tilemap.squares:
            return ("kd-tile-definition", "not_a_tile", f"{tile} is no Tile of the Tilemap")
        colour = tilemap.colours.get(tile)
        if colour is None and tilemap.colours and \
                self.misreads("kd-white-tiles", "only-coloured"):
            return ("kd-white-tiles", "not_a_tile", f"{tile} is not coloured")
        if colour is not None and self.sides.colour_of(card.controller) != colour and \
                not self.misreads("kd-player-tiles", "open-to-all"):
            side = colour.title()
            return ("kd-player-tiles", "not_your_tile",
                    f"{tile} is a {side} Tile; {card.controller} is not {side}")
        occupant = tilemap.occupant.get(tile)
        if occupant is not None and occupant != card.id:
            return ("kd-one-tile", "tile_occupied", f"{occupant} stands on {tile}")
        return None

    def check_tile_for(self, card: CardInstance, tile: str) -> None:
        problem = self.tile_problem(card, tile)
        if problem is not None:
            self.illegal(*problem)
        self.note_tile_colour(tile)

    def note_tile_colour(self, tile: str) -> None:
        assert self.tilemap is not None  # called only while there is a Tilemap
        colour = self.tilemap.colours.get(tile)
        self.note_rule("kd-player-tiles" if colour else "kd-white-tiles")

    # --- summoning onto the Tilemap ----------------------------------------------------------

    def check_summon_tile(self, action: Action) -> str | None:
        """The Tile a summon names (`select: {tile: ...}`), checked before the summon; None."""
        tile = action.select.get("tile")
        card = self.card(action.card)
        if tile is not None and self.tilemap is not None:
            self.check_tile_for(self.prospective(card, action), tile)
        return tile

    def place_summoned(self, card: CardInstance, tile: str | None) -> None:
        """A summoned monster inside the Tilemap is played on a Tile."""
        if self.tilemap is None or card.zone != "monsters":
            return
        if not self.inside(card):
            if tile is not None:
                raise ScriptError(f"{card.id} is not inside the Tilemap: no Tile to choose",
                                  field="select")
            return
        if self.misreads("kd-tile-definition", "tile-later"):
            card.notes.add("off_grid")  # beside the grid until an effect moves it
            return
        if tile is not None:
            self.place_on_tile(card, tile)
        self.keep_tiles()

    def prospective(self, card: CardInstance, action: Action) -> CardInstance:
        """The card as it will stand once summoned to the column the step names."""
        from copy import copy

        ghost = copy(card)
        ghost.controller, ghost.zone = action.actor, "monsters"
        return ghost

    # --- moving on the Tilemap ---------------------------------------------------------------

    def move_step(self, action: Action) -> None:
        """`move: <monster>, to: <tile>`: the Tilemap's card lets each player move a monster to
        an adjacent Tile, `moves_per_turn` times a turn, in their own Main Phase."""
        duel = self.duel
        player, card, tilemap = action.actor, self.card(action.card), self.tilemap
        if tilemap is None or not tilemap.moves_per_turn or \
                self.tile_moves.get(player, 0) >= tilemap.moves_per_turn:
            self.illegal(None, "no_tile_move", "no effect lets this monster move now")
        if player != duel.turn_player or duel.phase not in ("main1", "main2"):
            self.illegal(None, "wrong_phase", "a monster moves in its player's Main Phase")
        if duel.chain or duel.attack is not None:
            self.illegal(None, "not_open_game_state", "a monster moves in an open game state")
        if card.controller != player or not tilemap.tiles_of(card.id):
            self.illegal("kd-tilemap-bounds", "outside_tilemap",
                         f"{card.id} is not {player}'s monster on a Tile")
        self.move_to_tile(card, str(action.to), tilemap.card_id)
        self.tile_moves[player] = self.tile_moves.get(player, 0) + 1

    def move_to_tile(self, card: CardInstance, tile: str, cause: str) -> None:
        """Move a monster from its Tile to an adjacent one, as the rules allow."""
        tilemap = self.tilemap
        assert tilemap is not None  # called only while there is a Tilemap
        here = tilemap.tiles_of(card.id)[-1]
        if tile_position(tile) is None:
            raise ScriptError(f"{tile!r} is not a Tile name such as b2", field="to")
        diagonal_allowed = tilemap.diagonal(here, tile) and \
            self.misreads("kd-tile-movement", "diagonal")
        if not tilemap.orthogonal(here, tile) and not diagonal_allowed:
            self.illegal("kd-tile-movement", "not_adjacent",
                         f"{tile} is not next to {here}, horizontally or vertically")
        self.note_rule("kd-tile-movement")
        if tile not in tilemap.squares:
            if tilemap.lines_removed and self.misreads("kd-outer-limit", "removable"):
                tilemap.release(card.id)
                card.notes.add("off_grid")
                self.emit("tilemap", f"{card.id} steps off the Tilemap past {here}",
                          card=card.id, tile=here, what="off")
                return
            self.illegal("kd-outer-limit", "obstructed",
                         f"past {here} is the edge of the Tilemap, which nothing removes")
        if frozenset((here, tile)) in tilemap.lines and not tilemap.lines_removed:
            self.illegal("kd-obstruction", "obstructed", f"an Obstruction lies between {here} "
                         f"and {tile}")
        self.check_tile_for(card, tile)
        if tilemap.lines_removed and frozenset((here, tile)) in tilemap.lines:
            self.note_rule("kd-obstruction")  # the card said otherwise: the line is gone
        keeps = self.misreads("kd-one-tile", "keeps-old-tile")
        if not keeps:
            tilemap.release(card.id)
            self.note_rule("kd-one-tile")
        tilemap.occupant[tile] = card.id
        self.emit("tilemap", f"{card.id} moves from Tile {here} to Tile {tile}",
                  ["kd-tile-movement", "kd-one-tile"], card=card.id, tile=tile, old=here,
                  by=cause, what="moved")

    def move_to_terrain(self, card: CardInstance, cause: str) -> None:
        """A monster inside the Tilemap that would go to another Terrain goes to another Tile
        instead (`select: {tile: ...}` on the effect)."""
        link = self.resolving_link
        tile = link.selections.pop("tile", None) if link is not None else None
        if self.tilemap is None or not self.tilemap.tiles_of(card.id) or \
                self.misreads("kd-tilemap-move-to-tile", "changes-terrain"):
            return self.terrain.move_to_terrain(card, cause)
        if tile is None:
            raise ScriptError(f"{card.id} moves to another Tile: script it with "
                              "select: {tile: <tile>}", field="select")
        self.note_rule("kd-tilemap-move-to-tile")
        self.move_to_tile(card, str(tile), cause)

    def remove_obstructions(self, ctx: EffectContext) -> None:
        """A card removes the Tilemap's Obstructions: its black lines, never its edge."""
        if self.tilemap is None:
            return
        self.tilemap.lines_removed = True
        self.emit("tilemap", f"{ctx.card_id} removes the Obstructions of the Tilemap; its edge "
                  "stays", card=ctx.card_id, what="lines_removed")

    # --- attacking on the Tilemap ------------------------------------------------------------

    def check_attack_target(self, attacker: CardInstance, target: CardInstance | None) -> None:
        tilemap = self.tilemap
        if tilemap is not None and target is not None and tilemap.tiles_of(attacker.id):
            self.check_tile_attack(attacker, target)

    def check_tile_attack(self, attacker: CardInstance, target: CardInstance) -> None:
        tilemap = self.tilemap
        assert tilemap is not None  # called only while there is a Tilemap
        theirs = tilemap.tiles_of(target.id)
        if not theirs:
            if self.misreads("kd-tilemap-bounds", "attacks-outside"):
                return
            self.illegal("kd-tilemap-bounds", "outside_tilemap",
                         f"{attacker.id} is inside the Tilemap; {target.id} is not")
        self.note_rule("kd-tilemap-bounds")
        mine = tilemap.tiles_of(attacker.id)
        near = [(a, b) for a in mine for b in theirs if tilemap.orthogonal(a, b)]
        if not near:
            if self.misreads("kd-tile-attack-range", "any-range"):
                return
            self.illegal("kd-tile-attack-range", "out_of_range",
                         f"{target.id} is more than one Tile from {attacker.id}")
        self.note_rule("kd-tile-attack-range")
        open_ways = [p for p in near if frozenset(p) not in tilemap.lines or
                     tilemap.lines_removed]
        if not open_ways:
            if self.misreads("kd-obstruction", "attacks-across"):
                return
            self.illegal("kd-obstruction", "obstructed",
                         f"an Obstruction lies between {attacker.id} and {target.id}")
        if len(open_ways) < len(near) or tilemap.lines_removed:
            self.note_rule("kd-obstruction")
