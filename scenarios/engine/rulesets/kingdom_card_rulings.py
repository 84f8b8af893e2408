"""Kingdom Duels rulings on single cards: Traps that wait a turn or have no Trigger, FLIP effects
and the position of a flipped monster, cards limited "Once per Turn" or "Once per duel", and
surrendering.

- A Trap is activated only after a turn Set (the core's rule, cited from this format's article);
  a Trap whose Trigger is "None" (no `trigger` in its activation) is activated at will.
- A FLIP effect activates whenever its monster is flipped face-up, by battle included. A player
  who turns their own monster face-up (`flip_summon`, with `position`) chooses its position; a
  monster the opponent's attack turns face-up keeps the position it had.
- A card's flag `once_per_turn` or `once_per_duel` limits it as a hard limit: by its name, so a
  second copy counts the first one's use.
- Placing one's hand on the Deck (`concede`) surrenders the duel.
- Every optional effect of a face-up monster is hard once per turn, and a Normal Monster may have
  one (kd-hard-opt, kd-normal-effects; rules of `kingdom_duels`).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..effect_zones import activation_zones
from ..rules import Rule
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..state import CardInstance
    from ..yamltypes import YamlMapping
    from .kingdom_duels import KingdomDuel

# A limit a card is flagged with: (scope "turn" or "duel", its rule, its reason code).
Limit = tuple[str, str, str]

CARD_RULINGS_RULES = (
    # The core's rule of Traps Set this turn, cited from this format's own statement of it.
    Rule("trap-set-turn", "kingdom-duels/spells-and-traps#trap-set-a-turn",
         "A Trap Card must spend a turn Set in the Backrow before it can be activated.",
         {"same-turn-allowed": "a Trap may be activated the turn it is Set"}),
    Rule("kd-trigger-none", "kingdom-duels/spells-and-traps#trigger-none",
         "A Trap whose Trigger is None is activated at will by its player, whenever they could.",
         {"needs-a-trigger": "a Trap with no Trigger never has one met, so it cannot be "
                             "activated"}),
    Rule("kd-quick-answers-slow", "kingdom-duels/terminology#quick-responds-to-both",
         "A Quick effect may respond to a Slow effect as well as to a Quick one.",
         {"quick-answers-quick-only": "a Quick effect responds only to another Quick effect"}),
    Rule("kd-flip-effect", "kingdom-duels/effect-types#flip-activation",
         "A FLIP effect activates whenever its card is flipped face-up, by battle, by an effect "
         "or by hand.",
         {"own-flip-only": "only a monster its player turns face-up activates its FLIP effect, "
                           "not one an attack reveals"}),
    Rule("kd-hidden-summon", "kingdom-duels/clarifications#hidden-from-hand-is-summon",
         "Playing a monster Hidden from the hand is a summon: it uses the turn's Normal Summon.",
         {"hidden-not-a-summon": "a monster played Hidden from the hand is not summoned, so the "
                                 "Normal Summon is still free"}),
    Rule("kd-flip-keeps-position", "kingdom-duels/clarifications#flip-by-opponent-same-position",
         "A monster the opponent turns face-up keeps the position it had.",
         {"flipped-to-atk": "a monster turned face-up by the opponent's attack ends in ATK "
                            "Position"}),
    Rule("kd-flip-choose", "kingdom-duels/clarifications#flip-choose-position",
         "A player who turns their own monster face-up chooses ATK or DEF Position for it.",
         {"always-atk": "a monster turned face-up by its player always ends in ATK Position, as "
                        "a Flip Summon does in the official game"}),
    Rule("kd-no-equip-hidden", "kingdom-duels/clarifications#no-equip-attach-to-hidden",
         "No card can be equipped or attached to a monster that is already Hidden.",
         {"hidden-equippable": "a Hidden monster can be equipped like a face-up one"}),
    Rule("kd-once-per-turn", "kingdom-duels/clarifications#hard-once-per-turn",
         "An effect marked Once per Turn is hard once per turn: one use per turn for all copies "
         "of the card.",
         {"per-copy": "each copy of the card may use it once per turn (a soft limit)"}),
    Rule("kd-once-per-duel", "kingdom-duels/clarifications#hard-once-per-duel",
         "An effect marked Once per duel is hard once per duel: one use per duel for all copies "
         "of the card.",
         {"per-copy": "each copy of the card may use it once per duel (a soft limit)"}),
    Rule("kd-surrender", "kingdom-duels/clarifications#hand-on-deck-surrenders",
         "A player who places their hand on top of their Deck surrenders: the opponent wins.",
         {"surrender-is-a-draw": "a surrender ends the duel with no winner"}),
)


class CardRulings(Component):
    """Rulings on single cards: Trap timing, FLIP effects and the position of a flipped monster,
    equipping a Hidden monster, hard once-per-turn and once-per-duel limits, surrendering."""

    def __init__(self, duel: KingdomDuel) -> None:
        super().__init__(duel)
        # (player, name, "turn" or "duel", turn, card id) of limited uses
        self.limited_uses: list[tuple[str, str, str, int, str]] = []
        self.effects_used: set[str] = set()  # monsters whose optional effect was used this turn
        self.battling = False  # while two monsters battle (an attack may flip one face-up)

    def new_turn(self) -> None:
        self.effects_used = set()

    # --- Traps -----------------------------------------------------------------------------------

    def answers_slow(self, speed: int) -> bool:
        """Is this a Quick effect answering a Slow one? Refused under the wrong reading."""
        chain = self.duel.chain
        return bool(chain) and chain[-1].speed == 1 and speed == 2

    def check_quick_answers_slow(self, card: CardInstance, answers_slow: bool) -> None:
        if answers_slow and self.misreads("kd-quick-answers-slow", "quick-answers-quick-only"):
            self.illegal("kd-quick-answers-slow", "spell_speed_too_low",
                         f"{card.id} is Quick, and answers Quick effects only")

    def timing_checked(self, card: CardInstance, is_card: bool, program: YamlMapping,
                       answers_slow: bool) -> None:
        """After the core's timing checks: a Trap with no Trigger is activated at will."""
        if answers_slow:
            self.note_rule("kd-quick-answers-slow")
        if is_card and card.card.kind == "trap" and card.on_field and \
                not (program or {}).get("trigger"):
            if self.misreads("kd-trigger-none", "needs-a-trigger"):
                self.illegal("kd-trigger-none", "not_triggered",
                             f"{card.id} has no Trigger to be met")
            self.note_rule("kd-trigger-none")

    # --- FLIP effects and the position of a flipped monster ----------------------------------

    def flip_effect_wakes(self, card: CardInstance, event: str) -> bool:
        """Does this FLIP effect activate? (Not under the wrong reading, when an attack flips
        it.)"""
        if event == "flipped" and any(e.get("trigger") == "flipped" for e in card.card.effects):
            if self.battling and self.misreads("kd-flip-effect", "own-flip-only"):
                return False
            self.note_rule("kd-flip-effect")
        return True

    def revealed_by_attack(self, defender: CardInstance, player: str) -> bool:
        """Is a face-down defender turned face-up by its opponent's attack (it keeps its
        position)?"""
        revealed = not defender.face_up and defender.position == "defense" and \
            defender.controller != player
        if revealed and self.misreads("kd-flip-keeps-position", "flipped-to-atk"):
            defender.position = "attack"
            revealed = False
        return revealed

    @contextmanager
    def in_battle(self) -> Iterator[None]:
        """While two monsters battle (an attack may flip one face-up)."""
        self.battling = True
        try:
            yield
        finally:
            self.battling = False

    def kept_position(self) -> None:
        self.note_rule("kd-flip-keeps-position")

    def choose_flip_position(self, card: CardInstance, player: str, position: str) -> None:
        """A player who turns their own monster face-up chooses its position."""
        if self.misreads("kd-flip-choose", "always-atk"):
            return
        if card.position != position:
            card.position = position
            self.emit("position", f"{player} chooses {position} position for {card.id} "
                      "as it is turned face-up", ["kd-flip-choose"], card=card.id,
                      position=position, what="flip_position")

    # --- equipping a Hidden monster ------------------------------------------------------------

    def equips_hidden(self, host: CardInstance) -> bool:
        """Is `host` a Hidden monster that the wrong reading lets be equipped (taken for
        face-up while it is)? Notes the rule otherwise."""
        if host.zone == "monsters" and not host.face_up:
            if self.misreads("kd-no-equip-hidden", "hidden-equippable"):
                return True
            self.note_rule("kd-no-equip-hidden")
        return False

    # --- optional effects: hard once per turn ---------------------------------------------------

    def optional_effect(self, card: CardInstance) -> bool:
        """Is this the activation of an optional effect (hard once per turn; a Normal Monster
        may have one)? Refuses a second one of the card in the turn."""
        # "Every optional effect that needs to be activated by the player": a monster's Ignition
        # or Quick Effect, from the field, or from the hand or Graveyard where the effect says
        # so (effect_zones.py), and any card's optional trigger waiting for its player.
        monster_effect = card.card.kind == "monster" and (
            card.on_field and card.face_up and
            any("ignition" in e or "quick" in e for e in card.card.effects) or
            any(card.zone in activation_zones(e) for e in card.card.effects
                if "ignition" in e or "quick" in e))
        optional = monster_effect or any(
            waiting["card"] == card.id and not waiting["effect"].get("mandatory")
            for waiting in self.duel.optional_triggers)
        if monster_effect and card.card.subtype == "normal":
            if self.misreads("kd-normal-effects", "no-effects"):
                self.illegal("kd-normal-effects", "condition_not_met",
                             f"{card.id} is a Normal Monster, with no effect to activate")
            self.note_rule("kd-normal-effects")
        if optional:
            if card.id in self.effects_used and not self.misreads("kd-hard-opt", "no-limit"):
                self.illegal("kd-hard-opt", "once_per_turn",
                             f"{card.id}'s optional effect was already used this turn")
        return optional

    def optional_effect_used(self, card: CardInstance) -> None:
        self.effects_used.add(card.id)
        self.note_rule("kd-hard-opt")

    # --- Once per Turn, Once per duel ----------------------------------------------------------

    def check_limits(self, card: CardInstance, player: str) -> list[Limit]:
        """A card flagged Once per Turn or Once per duel, already used by `player` (any copy):
        refused. Returns the limits that apply, to count the use."""
        duel = self.duel
        limits = [(scope, rule, code) for scope, rule, code in (
            ("turn", "kd-once-per-turn", "once_per_turn"),
            ("duel", "kd-once-per-duel", "once_per_duel")) if code in (card.card.flags or ())]
        for scope, rule, code in limits:
            soft = self.misreads(rule, "per-copy")
            used = [u for u in self.limited_uses
                    if u[:3] == (player, card.name, scope) and
                    (scope == "duel" or u[3] == duel.turn) and (not soft or u[4] == card.id)]
            if used:
                self.illegal(rule, code,
                             f"{card.name} is limited Once per {scope.capitalize()}: "
                             f"{used[0][4]} already used it")
        return limits

    def count_limited_use(self, card: CardInstance, player: str, limits: list[Limit]) -> None:
        for scope, rule, _ in limits:
            self.limited_uses.append((player, card.name, scope, self.duel.turn, card.id))
            self.note_rule(rule)

    # --- surrendering --------------------------------------------------------------------------

    def surrender_is_a_draw(self) -> bool:
        """The wrong reading: a surrender ends the duel with no winner."""
        if self.misreads("kd-surrender", "surrender-is-a-draw"):
            return True
        self.note_rule("kd-surrender")
        return False
