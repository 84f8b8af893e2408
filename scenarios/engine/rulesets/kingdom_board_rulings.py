"""Kingdom Duels: the board and its sides, what a card is, and rulings on Traps and damage.

- The Field is a player's Frontrow and Backrow: an effect on "the cards on the field" reaches
  the monsters and the Spells and Traps, never a card in the Rule Zone (`kd-field`).
- The Graveyard is where used cards are discarded: a Spell or Trap that has been used goes
  there once its chain has resolved (`kd-graveyard-discard`).
- A Token is a Normal Monster unless its card says otherwise (a flag `not_normal`): a filter
  on Normal Monsters (`subtype: normal`) finds it (`kd-token-normal`).
- A Continuous Trap with a Trigger may be turned face-up whenever its speed allows
  (`kd-continuous-trap-flip`); turning it face-up applies nothing, and its effect activates each
  time its Trigger is met while it is face-up (`kd-continuous-trap-on-trigger`).
- The source of a redirected attack is still the monster that attacked: a Trap that answers the
  redirected attack and reaches "the attacking monster" finds it (`kd-redirect-source`).
- Destruction Damage is effect damage: a face-up card with the flag `no_effect_damage` spares
  its controller both (`kd-destruction-effect-damage`).
- A non-Divine card counts as Hierarchy `non_divine_hierarchy`: below every Divine card, so a
  Divine card's effect applies to it; Hierarchy shields only from Divine effects
  (`kd-non-divine-hierarchy`).
- An Unstoppable effect cannot be negated: a face-up card whose flag `negates_opponent_spells`
  negates the Spells its controller's opponents activate does not negate an Unstoppable one
  (`kd-unstoppable-negation`).
- Terrain Markers are not cards: an effect that counts cards on the field does not count them
  (`kd-markers-not-cards`, for a count `{zone: field}`).
- A monster that ends up in the Backrow stands on the Terrain of its column and gets that
  Terrain's Field Power Bonus (`kd-backrow-terrain`).
- Taking a card from the Deck (or putting one in it) other than by drawing shuffles that Deck
  afterwards (`kd-deck-shuffle`).
- Blue and Red: every player is on one of two sides, chosen with the player field `colour`;
  a player who names none is on the side opposite their opponents' (`kd-two-sides`). A card
  that names a side (`to: blue` / `to: red`) reaches the players of that colour
  (`kd-side-references`), every one of them in a Team Duel, one per shared Life Point pool
  (`kd-colours-multiplayer`).
- In a Team Duel an effect on "both players" reaches every player still in the duel
  (`kd-both-players-team`), and an effect that changes the Life Points of several players who
  share one pool (a Boss team) changes that pool once (`kd-shared-pool-once`).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..parameters import Param, Whole
from ..rules import Rule
from ..state import ChainLink
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..modifiers import ModifierRegistry
    from ..primitives import EffectContext
    from ..scenario import Scenario
    from ..state import Attack, CardInstance, LifePool
    from ..yamltypes import YamlMapping, YamlValue
    from .kingdom_duels import KingdomDuel
    from .kingdom_teams import Teams
    from .kingdom_terrain import Terrains

COLOURS = ("blue", "red")
# The flag of a face-up card that negates the Spells its controller's opponents activate.
NEGATES_SPELLS = "negates_opponent_spells"
# The kinds of LP loss that are effect damage.
EFFECT_DAMAGE_KINDS = ("effect damage", "Destruction Damage")

BOARD_PARAMETERS = (
    Param("non_divine_hierarchy", Whole(0, 10), "kingdom-duels/divine-cards#non-divine-hierarchy"),
)

BOARD_RULES = (
    Rule("kd-field", "kingdom-duels/board#field-definition",
         "A player's Field is their Frontrow and Backrow: the Rule Zone, Graveyard and Decks are "
         "outside it.",
         {"rule-zone-on-field": "the Rule Zone is part of the Field, so a card there is a card "
                                "on the field",
          "frontrow-only": "the Field means the Frontrow: the Spells and Traps of the Backrow "
                           "are not on it"}),
    Rule("kd-graveyard-discard", "kingdom-duels/board#graveyard-discard",
         "A Spell or Trap that has been used is discarded to its owner's Graveyard.",
         {"set-aside": "a used card is set aside out of play, as a replaced Terrain Marker is"}),
    Rule("kd-token-normal", "kingdom-duels/other-cards#tokens-are-normal-monsters",
         "A Token is a Normal Monster unless stated otherwise.",
         {"token-not-normal": "a Token is only a Token: what reaches Normal Monsters misses it"}),
    Rule("kd-continuous-trap-flip", "kingdom-duels/spells-and-traps#continuous-trap-flip",
         "A Continuous Trap with a Trigger may be turned face-up whenever its speed allows.",
         {"waits-for-trigger": "a Trap with a Trigger can only be activated when the Trigger is "
                               "met"}),
    Rule("kd-continuous-trap-on-trigger",
         "kingdom-duels/spells-and-traps#continuous-trap-effect-on-trigger",
         "Turning such a Continuous Trap face-up applies nothing: its effect activates when its "
         "Trigger is met.",
         {"effect-on-flip": "its effect applies as soon as it is turned face-up"}),
    Rule("kd-redirect-source", "kingdom-duels/battle#redirect-source-unchanged",
         "The source of a redirected attack is still the monster that attacked.",
         {"no-source": "a redirected attack is a new attack of the opponent: the monster that "
                       "attacked is no longer the attacking monster"}),
    Rule("kd-destruction-effect-damage",
         "kingdom-duels/terminology#destruction-damage-is-effect-damage",
         "Destruction Damage is effect damage: what prevents effect damage prevents it.",
         {"not-effect-damage": "Destruction Damage is a damage of its own, which a card "
                               "preventing effect damage does not stop"}),
    Rule("kd-non-divine-hierarchy", "kingdom-duels/divine-cards#non-divine-hierarchy",
         "A non-Divine card counts as Hierarchy {{ non_divine_hierarchy }}: a Divine card's "
         "effect applies to it, and only Divine effects are weighed by Hierarchy.",
         {"unranked-escapes": "a non-Divine card has no Hierarchy, so Divine effects pass it by",
          "divine-shields-all": "a Divine card outranks Hierarchy 0, so it is unaffected by "
                                "every non-Divine card too"}),
    Rule("kd-unstoppable-negation", "kingdom-duels/terminology#unstoppable-no-negation",
         "An Unstoppable effect cannot be negated, even by a card that negates without "
         "responding to it.",
         {"negatable": "Unstoppable only forbids responses: a card already on the field that "
                       "negates Spells still negates it"}),
    Rule("kd-markers-not-cards", "kingdom-duels/terrain#markers-not-cards",
         "Terrain Markers are not cards: what counts or reaches cards on the field leaves them "
         "out.",
         {"markers-count": "each Terrain Marker counts as a card on the field"}),
    Rule("kd-backrow-terrain", "kingdom-duels/terrain#backrow-monster-same-column",
         "A monster in the Backrow stands on the Terrain of the Frontrow zone in its column.",
         {"no-terrain": "a monster in the Backrow stands on no Terrain and gets no Field Power "
                        "Bonus"}),
    Rule("kd-deck-shuffle", "kingdom-duels/turn-structure#shuffle-after-deck-search",
         "A Deck from which a card was taken other than by drawing (or to which one was added) "
         "is shuffled afterwards.",
         {"no-shuffle": "the Deck keeps its order after the search"}),
    Rule("kd-both-players-team", "kingdom-duels/multiplayer#lp-and-zones-per-player",
         "In a Team Duel, an effect on both players reaches every player in the duel, each with "
         "their own Life Points.",
         {"both-is-two": "'both players' means the player and one opponent, as in a duel of "
                         "two"}),
    Rule("kd-shared-pool-once", "kingdom-duels/multiplayer#boss-shared-lp-and-board",
         "An effect that reaches several players who share their Life Points changes that shared "
         "total once.",
         {"once-per-player": "the shared total changes once for each of its players the effect "
                             "reaches"}),
    Rule("kd-two-sides", "kingdom-duels/terminology#two-sides",
         "Every duel has two opposing sides, Blue and Red: a player is on the side opposite "
         "their opponents'.",
         {"colourless": "a player who has not named a colour belongs to no side"}),
    Rule("kd-side-references", "kingdom-duels/terminology#side-references",
         "A card naming the Blue or Red Side means the side of the player or players of that colour.",
         {"relative-colours": "Blue is always the side of the card's controller and Red that "
                              "of their opponents"}),
    Rule("kd-colours-multiplayer", "kingdom-duels/terminology#colours-in-multiplayer",
         "In a Team Duel a colour is a whole team's side: every player of that colour.",
         {"one-player-per-colour": "a colour names a single player, the first of that colour "
                                   "in the Rotation, as in a duel of two"}),
)


class Sides(Component):
    """Blue and Red: the side each player is on, chosen in the setup or read from the others."""

    def __init__(self, duel: KingdomDuel, teams: Teams) -> None:
        super().__init__(duel)
        self.teams = teams
        self.colours: dict[str, str] = {}  # player -> "blue" / "red", as chosen in the setup

    def set_up(self, scenario: Scenario, name: str, player: YamlMapping) -> None:
        colour = player.get("colour")
        if colour is not None and colour not in COLOURS:
            raise scenario.error("colour is blue or red", f"setup.players.{name}.colour")
        if colour:
            self.colours[name] = colour

    def colour_of(self, player: str) -> str | None:
        """The side a player is on: the colour they chose, else their team's, else the one
        opposite their opponents'."""
        if player in self.colours:
            return self.colours[player]
        team_of = self.teams.team_of
        team = team_of.get(player)
        mates = [p for p in self.colours if team is not None and team_of.get(p) == team]
        if mates and not self.misreads("kd-colours-multiplayer", "one-player-per-colour"):
            self.note_rule("kd-colours-multiplayer")
            return self.colours[mates[0]]
        rival_colours = {self.colours[p] for p in self.duel.opponents_of(player)
                         if p in self.colours}
        if len(rival_colours) != 1 or self.misreads("kd-two-sides", "colourless"):
            return None
        self.note_rule("kd-two-sides")
        return next(c for c in COLOURS if c not in rival_colours)

    def side_players(self, colour: str, controller: str) -> list[str]:
        """The players a card naming the Blue or Red Side reaches: those of that colour (a pool
        of Life Points they share changes once: once_per_pool)."""
        if self.misreads("kd-side-references", "relative-colours"):
            return [controller] if colour == "blue" else self.duel.opponents_of(controller)
        self.note_rule("kd-side-references")
        players = [p for p in self.duel.turn_order() if self.colour_of(p) == colour]
        if len(players) > 1:
            if self.misreads("kd-colours-multiplayer", "one-player-per-colour"):
                return players[:1]
            self.note_rule("kd-colours-multiplayer")
        return players


class BoardRulings(Component):
    """The Field, the Graveyard, Tokens, Continuous Traps, negation, damage and Hierarchy
    rulings, a monster in the Backrow, and shuffling the Deck."""

    def __init__(self, duel: KingdomDuel, teams: Teams, terrain: Terrains) -> None:
        super().__init__(duel)
        self.teams = teams
        self.terrain = terrain
        self.drawing = False
        self.decks_to_shuffle: list[str] = []

    # --- the Field ----------------------------------------------------------------------------

    def field_cards(self, found: list[CardInstance], kind: str | None,
                    controller: str | None) -> list[CardInstance]:
        """While an effect resolves, what it finds "on the field" (`found`, the Monster, Spell &
        Trap and Field Zones) is the Frontrow and Backrow."""
        duel = self.duel
        if not duel.resolving or kind is not None:
            return found
        if self.misreads("kd-field", "frontrow-only"):
            return [c for c in found if c.zone == "monsters"]
        outside = [self.card(i) for p in duel.players if controller in (None, p)
                   for i in self.zone_of(p, "rule_zone")]
        if outside and self.misreads("kd-field", "rule-zone-on-field"):
            return found + outside
        if outside or any(c.zone == "spell_trap" for c in found):
            self.note_rule("kd-field")
        return found

    @staticmethod
    def counts_field(spec: YamlValue) -> bool:
        return isinstance(spec, dict) and spec.get("zone") == "field"

    def count_field(self, spec: YamlMapping, player: str) -> int:
        """`{zone: field}` counts the cards on a side's field: Terrain Markers are no cards."""
        duel = self.duel
        side = spec.get("side", "own")
        owners = [player] if side == "own" else duel.opponents_of(player) \
            if side == "opponent" else list(duel.players)
        total = sum(1 for c in duel.cards_on_field() if c.controller in owners
                    and duel.matches(c, spec.get("filter", {})))
        if self.misreads("kd-markers-not-cards", "markers-count"):
            return total + sum(len(self.terrain.markers[p]) for p in owners)
        self.note_rule("kd-markers-not-cards")
        return total

    # --- the Graveyard ------------------------------------------------------------------------

    def discard_used_cards(self, order: list[ChainLink]) -> None:
        """A used Spell or Trap is discarded to the Graveyard once its chain has resolved."""
        for link in order:
            card = self.card(link.card_id)
            if link.is_card_activation and card.zone == "graveyard" and \
                    card.card.kind in ("spell", "trap"):
                if self.misreads("kd-graveyard-discard", "set-aside"):
                    self.duel.move(card, "eroded", reason="set aside after use")
                    continue
                self.note_rule("kd-graveyard-discard")

    # --- Tokens -------------------------------------------------------------------------------

    def token_spec(self, card: CardInstance, spec: YamlMapping) -> YamlMapping | None:
        """A filter on Normal Monsters finds a Token (the spec without `subtype`), unless the
        Token says otherwise; None when the filter cannot match it."""
        if spec.get("subtype") == "normal" and card.card.kind == "monster" and \
                card.card.subtype == "token" and "not_normal" not in card.card.flags:
            if self.misreads("kd-token-normal", "token-not-normal"):
                return None
            self.note_rule("kd-token-normal")
            spec = {k: v for k, v in spec.items() if k != "subtype"}
        return spec

    # --- Continuous Traps with a Trigger ------------------------------------------------------

    @staticmethod
    def is_triggered_continuous_trap(card: CardInstance) -> bool:
        return card.card.kind == "trap" and card.card.subtype == "continuous" and \
            bool((card.card.activation or {}).get("trigger"))

    def flipping_continuous_trap(self, card: CardInstance) -> bool:
        """Is this activation a Set Continuous Trap with a Trigger turned face-up? (Refused
        under the wrong reading that it waits for its Trigger.)"""
        flipping = self.is_triggered_continuous_trap(card) and card.zone == "spell_trap" and \
            not card.face_up
        if flipping and self.misreads("kd-continuous-trap-flip", "waits-for-trigger"):
            self.illegal("kd-continuous-trap-flip", "not_triggered",
                         f"{card.id} waits for its Trigger")
        return flipping

    def continuous_trap_flipped(self) -> None:
        """The Continuous Trap is face-up: its chain link applies nothing."""
        self.note_rule("kd-continuous-trap-flip")
        link = self.duel.chain[-1]
        if not self.misreads("kd-continuous-trap-on-trigger", "effect-on-flip"):
            link.data["flip_only"] = True

    def flip_only(self, link: ChainLink) -> bool:
        """Does this link only turn a Continuous Trap face-up (so it resolves nothing)?"""
        if link.data.get("flip_only"):
            self.emit("trap", f"{link.card_id} is turned face-up: its effect waits for its "
                      "Trigger", ["kd-continuous-trap-on-trigger"], card=link.card_id,
                      what="flipped_only")
            return True
        return False

    def traps_met(self, trigger: str, actor: str, targets: list[str]) -> None:
        """Called once a Trigger is met (SpellsAndTraps.spring_traps): face-up Continuous Traps
        with that Trigger activate their effect, and Traps answering an attack know its
        source."""
        duel = self.duel
        rivals = duel.opponents_of(actor)
        for card in [c for c in duel.cards_on_field(kind="trap") if c.controller in rivals]:
            program = card.card.activation or {}
            if not card.face_up or not self.is_triggered_continuous_trap(card) or \
                    program.get("trigger") != trigger or \
                    any(link.card_id == card.id for link in duel.chain):
                continue
            link = ChainLink(number=len(duel.chain) + 1, card_id=card.id, player=card.controller,
                             speed=2, program=program, is_card_activation=False,
                             targets=list(targets), data={"trigger_player": actor})
            duel.chain.append(link)
            self.emit("trigger", f"{card.id} is face-up and its Trigger is met: its effect "
                      "activates", ["kd-continuous-trap-on-trigger"], card=card.id,
                      link=link.number, player=card.controller, what="continuous_effect")
            duel.priority, duel.passes = duel.next_player(card.controller), 0
        if trigger == "opponent_attacks" and duel.attack is not None:
            for link in duel.chain:
                if link.data.get("trigger_player") == actor and "attacker" not in link.data:
                    source = self.attack_source(duel.attack)
                    if source is not None:
                        link.data["attacker"] = source

    def attack_source(self, attack: Attack) -> str | None:
        """The monster an attack comes from; a redirect does not change it."""
        redirected = getattr(attack, "counts_as", None) not in (None, attack.player)
        if not redirected:
            return attack.attacker
        if self.misreads("kd-redirect-source", "no-source"):
            return None
        self.note_rule("kd-redirect-source")
        return attack.attacker

    # --- Unstoppable effects are never negated ------------------------------------------------

    def negate_by_standing_card(self, link: ChainLink) -> None:
        """A face-up card that negates the opponents' Spells negates this link as it resolves,
        unless the Spell is Unstoppable."""
        duel = self.duel
        card = self.card(link.card_id)
        if card.card.kind != "spell":
            return
        silencer = next((c for c in duel.cards.values() if c.on_field and c.face_up and
                         NEGATES_SPELLS in c.card.flags and
                         duel.is_opponent(c.controller, link.player)), None)
        if silencer is None:
            return
        if "unstoppable" in card.card.flags and \
                not self.misreads("kd-unstoppable-negation", "negatable"):
            self.emit("negate", f"{silencer.id} cannot negate {card.id}: an Unstoppable effect "
                      "cannot be negated", ["kd-unstoppable-negation"], card=card.id,
                      by=silencer.id, what="unstoppable")
            return
        link.negated = True
        duel.negated.append(card.id)
        self.emit("negate", f"{silencer.id} negates Chain Link {link.number} ({card.id})",
                  link=link.number, card=card.id, by=silencer.id, what="link")

    # --- effect damage ------------------------------------------------------------------------

    def lp_changes(self, changes: dict[str, int], kind: str) -> dict[str, int]:
        """The Life Point changes that apply: once per shared pool, and no effect damage to a
        player a face-up card shields."""
        changes = self.once_per_pool(changes)
        if kind in EFFECT_DAMAGE_KINDS:
            changes = dict(changes)
            for player, delta in changes.items():
                if delta < 0 and self.shielded_from_effect_damage(player, kind):
                    changes[player] = 0
        return changes

    def once_per_pool(self, changes: dict[str, int]) -> dict[str, int]:
        """Players who share one pool of Life Points take one change between them."""
        kept: dict[str, int] = {}
        pools: list[LifePool] = []
        for player, delta in changes.items():
            pool = self.duel.players[player].pool
            if delta and any(pool is seen for seen in pools):
                if self.misreads("kd-shared-pool-once", "once-per-player"):
                    kept[player] = delta
                else:
                    self.note_rule("kd-shared-pool-once")
                continue
            if delta:
                pools.append(pool)
            kept[player] = delta
        return kept

    def both_players(self, player: str) -> list[str]:
        """Whom an effect on "both players" reaches: in a Team Duel, every player in it."""
        duel = self.duel
        if self.teams.mode is None:
            return [player, duel.opponent(player)]
        if self.misreads("kd-both-players-team", "both-is-two"):
            return [player, duel.opponent(player)]
        self.note_rule("kd-both-players-team")
        return [player] + [p for p in duel.turn_order() if p != player]

    def shielded_from_effect_damage(self, player: str, kind: str) -> bool:
        shield = next((c for c in self.duel.cards_on_field(controller=player)
                       if c.face_up and "no_effect_damage" in c.card.flags), None)
        if shield is None:
            return False
        if kind == "Destruction Damage":
            if self.misreads("kd-destruction-effect-damage", "not-effect-damage"):
                return False
            self.note_rule("kd-destruction-effect-damage")
        self.emit("damage", f"{shield.id} spares {player} the {kind}", card=shield.id,
                  player=player, how=kind, what="prevented")
        return True

    # --- Hierarchy of non-Divine cards --------------------------------------------------------

    def unaffected(self, card: CardInstance, source: CardInstance) -> bool:
        """Is `card` unaffected by `source` for the Hierarchy of non-Divine cards? False leaves
        it to the core's rules."""
        rank = self.params["non_divine_hierarchy"] if (source.card.hierarchy or
                                                       card.card.hierarchy) else 0
        if source.card.hierarchy and not card.card.hierarchy and card.id != source.id:
            if self.misreads("kd-non-divine-hierarchy", "unranked-escapes"):
                return True
            if rank >= source.card.hierarchy:
                return True
            self.note_rule("kd-non-divine-hierarchy")
        elif card.card.hierarchy and not source.card.hierarchy:
            if self.misreads("kd-non-divine-hierarchy", "divine-shields-all") and \
                    card.card.hierarchy > rank:
                return True
            self.note_rule("kd-non-divine-hierarchy")
        return False

    # --- a monster in the Backrow -------------------------------------------------------------

    def register_modifiers(self, modifiers: ModifierRegistry) -> None:
        """A monster in the Backrow gets the Field Power Bonus of its column's Terrain."""
        modifiers.register("backrow terrain", "atk", self.backrow_atk)
        modifiers.register("backrow terrain", "def", self.backrow_def)

    def backrow_atk(self, card: CardInstance) -> int:
        return self.backrow_bonus(card, card.card.atk)

    def backrow_def(self, card: CardInstance) -> int:
        return self.backrow_bonus(card, card.card.defense)

    def backrow_bonus(self, card: CardInstance, printed: int | None) -> int:
        markers = self.terrain.markers
        if card.zone != "spell_trap" or card.card.kind != "monster" or card.column is None or \
                card.controller not in markers:
            return 0
        if self.misreads("kd-backrow-terrain", "no-terrain"):
            return 0
        terrain = self.terrain.catalog[markers[card.controller][card.column]]
        self.note_rule("kd-backrow-terrain")
        if not self.terrain.favoured_by(card, terrain):
            return 0
        self.note_rule("kd-fpb")
        return round((printed or 0) * self.params["field_power_bonus_percent"] / 100)

    # --- shuffling the Deck -------------------------------------------------------------------

    @contextmanager
    def drawing_cards(self) -> Iterator[None]:
        """Cards drawn leave the Deck by drawing: no shuffle follows."""
        self.drawing = True
        try:
            yield
        finally:
            self.drawing = False

    def card_moved(self, from_deck: bool, owner: str, zone: str) -> None:
        """A card taken from (or put into) a Deck by an effect: that Deck is shuffled after."""
        if self.duel.resolving and not self.drawing and (from_deck or zone == "deck") and \
                from_deck != (zone == "deck") and owner not in self.decks_to_shuffle:
            self.decks_to_shuffle.append(owner)

    def shuffle_searched_decks(self, ctx: EffectContext) -> None:
        waiting, self.decks_to_shuffle = self.decks_to_shuffle, []
        for player in waiting:
            if self.misreads("kd-deck-shuffle", "no-shuffle"):
                continue
            self.duel.rng.shuffle(self.zone_of(player, "deck"))
            self.emit("shuffle", f"{player} shuffles the Deck after {ctx.card_id} took a card "
                      "from it", ["kd-deck-shuffle"], player=player, by=ctx.card_id)
