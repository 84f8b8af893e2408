"""Kingdom Duels cards that sit on other cards, cards of two kinds, and lasting effects.

- Equips and attachments: an equipped card sits in the Backrow linked to its monster (its
  `host`); an attached card lies beneath its host in the `attached` zone, which is not a zone of
  the field. When the host leaves the field, its equips are destroyed and its attachments go to
  the Graveyard.
- Spell Monsters, Trap Monsters and Spell Traps (`also:` in the catalog) are both their kinds at
  once: an effect looking for either finds them, and the step decides which kind the card is
  played as (summon: a monster; activate from the hand: a Spell; set: its Spell or Trap side).
  While played as its other kind, the card wears a view of itself with that kind, so the core
  rules for that kind apply; it takes its printed self back when it leaves the field.
- Lasting effects (an ATK change, a Battle Lock) of a card that stays on the field end when that
  card leaves it, unless they were done "permanently".
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..chains import NON_PERMANENT
from ..rules import Rule
from ..state import ON_FIELD
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..cards import CardDef
    from ..scenario import Action
    from ..state import CardInstance
    from ..yamltypes import YamlMapping
    from .kingdom_duels import KingdomDuel

CARD_KIND_RULES = (
    Rule("kd-equips-destroyed", "kingdom-duels/clarifications#equips-destroyed-on-leave",
         "When a card leaves the field, the cards equipped to it are destroyed.",
         {"equips-stay": "the equipped cards stay on the field, equipped to nothing"}),
    Rule("kd-attachments-follow", "kingdom-duels/clarifications#attachments-to-graveyard-on-leave",
         "When a card leaves the field, the cards attached to it go to the Graveyard.",
         {"attachments-stay": "the attached cards stay where they were"}),
    Rule("kd-dual-type", "kingdom-duels/other-cards#two-colour-frame-both-types",
         "A Spell Monster, Trap Monster or Spell Trap is both of its card types at once.",
         {"printed-type-only": "for effects, the card is only the type it is played as"}),
    Rule("kd-spell-monsters", "kingdom-duels/other-cards#spell-monsters",
         "A Spell Monster is a Spell and a Monster, whichever it is played as.",
         {"one-type-only": "a Spell Monster is only the type it was played as"}),
    Rule("kd-trap-monsters", "kingdom-duels/other-cards#trap-monsters",
         "A Trap Monster is a Trap and a Monster, whichever it is played as.",
         {"one-type-only": "a Trap Monster is only the type it was played as"}),
    Rule("kd-spell-traps", "kingdom-duels/other-cards#spell-traps",
         "A Spell Trap is a Spell and a Trap, whichever it is played as.",
         {"one-type-only": "a Spell Trap is only the type it was played as"}),
    Rule("kd-play-as", "kingdom-duels/other-cards#choose-card-type",
         "The player chooses which of its two types a dual-type card is played as.",
         {"played-as-printed-type": "the card can only be played as its first (printed) type"}),
    Rule("kd-permanent", "kingdom-duels/terminology#permanent-duration",
         "What a card does permanently lasts for the rest of the duel, even once it has left "
         "the field.",
         {"ends-with-source": "a permanent change ends when the card that made it leaves"}),
    Rule("kd-lasting-ends-with-source", "kingdom-duels/terminology#non-permanent-ends-with-source",
         "Without 'permanently', what a card that stays on the field does to others ends when it "
         "leaves the field.",
         {"outlasts-source": "the change stays after the card that made it has left"}),
)

# How events name the lasting effects that end.
LASTING_NAMES = {"atk": "ATK change", "battle_lock": "Battle Lock"}
# Kinds a dual-type card may be played as, for each step that plays a card from the hand.
# Each pair of card types a dual-type card may have, and the rule that names that kind of card.
DUAL_KIND_RULES = {frozenset({"spell", "monster"}): "kd-spell-monsters",
                   frozenset({"trap", "monster"}): "kd-trap-monsters",
                   frozenset({"spell", "trap"}): "kd-spell-traps"}
PLAYED_AS = {"summon": ("monster",), "activate": ("spell",), "set": ("trap", "spell")}


def kind_and_subtype(entry: str) -> tuple[str, str]:
    """("trap", "continuous") for an `also` entry "trap:continuous"; a bare kind is "normal"."""
    kind, _, subtype = entry.partition(":")
    return kind, subtype or "normal"


class CardsOnCards(Component):
    """Equips, attachments, dual-type cards and lasting effects."""

    def __init__(self, duel: KingdomDuel) -> None:
        super().__init__(duel)
        # card id -> its printed CardDef while it is played as another kind
        self.printed_cards: dict[str, CardDef] = {}

    # --- equips and attachments ----------------------------------------------------------------

    def equips_of(self, card: CardInstance) -> list[CardInstance]:
        return [c for c in self.duel.cards.values()
                if c.host == card.id and c.zone == "spell_trap"]

    def attachments_of(self, card: CardInstance) -> list[CardInstance]:
        return [c for c in self.duel.cards.values() if c.host == card.id and c.zone == "attached"]

    def host_left_field(self, card: CardInstance) -> None:
        """The cards equipped to a card that left the field are destroyed; those attached to
        it go to the Graveyard."""
        for equip in self.equips_of(card):
            self.equip_lost_its_host(equip, card)
        for attached in self.attachments_of(card):
            if self.misreads("kd-attachments-follow", "attachments-stay"):
                continue
            self.emit("move", f"{attached.id} was attached to {card.id}, which left the field: "
                      "it goes to the Graveyard", ["kd-attachments-follow"], card=attached.id,
                      host=card.id, what="attached_left")
            self.duel.move(attached, "graveyard", reason=f"{card.id} left the field")

    def equip_lost_its_host(self, equip: CardInstance, host: CardInstance) -> None:
        """An equipped card whose monster has left the field (or is no longer a valid target)."""
        equip.host = None
        if self.misreads("kd-equips-destroyed", "equips-stay"):
            return
        self.emit("equip", f"{equip.id} was equipped to {host.id}, which left the field: it is "
                  "destroyed", ["kd-equips-destroyed"], card=equip.id,
                  host=host.id, what="host_left")
        self.duel.destroy(equip, f"{host.id} leaving the field")

    # --- lasting effects and Permanently -------------------------------------------------------

    def end_lasting_effects_of(self, source: CardInstance) -> None:
        """A card that stays on the field keeps applying its changes; once it leaves, they end,
        except those it made permanently. A Normal Spell or Trap only ever applies its effect
        once, so what it did stays."""
        if (source.card.kind, source.card.subtype) in NON_PERMANENT:
            return
        for effect in [e for e in self.duel.lasting_effects if e["source"] == source.id]:
            if effect["permanent"] and not self.misreads("kd-permanent", "ends-with-source"):
                self.emit("effect", f"{source.id} left the field, but its change to "
                          f"{effect['card']} was made permanently: it stays", ["kd-permanent"],
                          by=source.id, card=effect['card'], what="permanent")
                continue
            if not effect["permanent"] and \
                    self.misreads("kd-lasting-ends-with-source", "outlasts-source"):
                continue
            self.end_lasting_effect(effect, source)

    def end_lasting_effect(self, effect: YamlMapping, source: CardInstance) -> None:
        self.duel.lasting_effects.remove(effect)
        target = self.card(effect["card"])
        if effect["key"] == "battle_lock":
            target.counters.pop("battle_lock", None)
        what = LASTING_NAMES.get(effect["key"], effect["key"].replace("_", " "))
        self.emit("effect", f"{source.id} left the field: its {what} on {target.id} ends",
                  ["kd-lasting-ends-with-source"],
                  by=source.id, card=target.id, effect=what, what="ends")

    # --- cards of two kinds --------------------------------------------------------------------

    def kinds_of(self, card: CardInstance) -> set[str]:
        """Every card kind the card is: the one it is played as and those it `also` is."""
        return {card.card.kind} | {kind_and_subtype(e)[0] for e in card.card.also}

    def dual_kind_holds(self, card: CardInstance) -> bool:
        """The rule of the card's own pair of types (Spell Monster, Trap Monster, Spell Trap)
        agrees that it is both: noted, unless misread."""
        rule = DUAL_KIND_RULES.get(frozenset(self.kinds_of(card)))
        if rule is None:
            return True
        if self.misreads(rule, "one-type-only"):
            return False
        self.note_rule(rule)
        return True

    def kind_spec(self, card: CardInstance, spec: YamlMapping) -> YamlMapping:
        """A filter on a card kind finds a dual-type card of that kind too (the spec without
        `kind`)."""
        wanted = spec.get("kind")
        if wanted not in (None, card.card.kind) and wanted in self.kinds_of(card) and \
                not self.misreads("kd-dual-type", "printed-type-only") and \
                self.dual_kind_holds(card):
            self.note_rule("kd-dual-type")
            spec = {key: value for key, value in spec.items() if key != "kind"}
        return spec

    def is_also_of_kind(self, card: CardInstance, kind: str) -> bool:
        """A dual-type card is each of its card types wherever it is: a Spell Monster in a
        Monster Zone is still a Spell for an effect that targets a Spell."""
        kinds = self.kinds_of(card)
        wanted = {"spell_trap": {"spell", "trap"}}.get(kind, {kind})
        if not wanted & kinds or self.misreads("kd-dual-type", "printed-type-only"):
            return False
        if not self.dual_kind_holds(card):
            return False
        self.note_rule("kd-dual-type")
        return True

    def played_as(self, action: Action) -> CardInstance | None:
        """The dual-type card a step plays as its other kind, wearing that kind (None when the
        step plays no such card); `restore_printed` takes it back if the step is refused."""
        card = self.duel.cards.get(action.card) if action.card else None
        kind = self.kind_played_as(card, action.verb) if card else None
        if card is None or kind is None:
            return None
        self.play_as(card, kind)
        return card

    def kind_played_as(self, card: CardInstance, verb: str) -> str | None:
        """The other kind a dual-type card in the hand is played as by this step, or None when
        it is played as its printed kind."""
        if card.zone != "hand" or not card.card.also or verb not in PLAYED_AS or \
                card.card.kind in PLAYED_AS[verb]:
            return None
        others = [kind_and_subtype(e)[0] for e in card.card.also]
        kind = next((k for k in PLAYED_AS[verb] if k in others), None)
        if kind is None or self.misreads("kd-play-as", "played-as-printed-type"):
            return None
        return kind

    def play_as(self, card: CardInstance, kind: str) -> None:
        """The card wears a view of itself as `kind` while it is played that way."""
        printed = card.card
        entry = next(e for e in printed.also if kind_and_subtype(e)[0] == kind)
        subtype = kind_and_subtype(entry)[1]
        others = tuple(e for e in printed.also if e != entry) + \
            (f"{printed.kind}:{printed.subtype}",)
        self.printed_cards[card.id] = printed
        card.card = replace(printed, kind=kind, subtype=subtype, also=others)
        self.emit("play", f"{card.id} ({printed.name}) is played as a {kind.title()}",
                  ["kd-play-as"], card=card.id, as_kind=kind)

    def restore_printed(self, card: CardInstance) -> None:
        if card.id in self.printed_cards:
            card.card = self.printed_cards.pop(card.id)

    def card_moved(self, card: CardInstance, zone: str) -> None:
        """A card that leaves the field takes its printed self back."""
        if zone not in ON_FIELD:
            self.restore_printed(card)

    # --- the setup: equipped, attached and dual-type cards --------------------------------------

    def host_placement(self, card: CardInstance) -> tuple[bool, str | None]:
        """(decided, problem) for a set-up card attached, or a monster equipped: where such a
        card may start is decided here (problem None when it may). A dual-type monster Set in
        the Backrow wears its Spell or Trap kind; (False, None) leaves the rest to the core."""
        if card.zone == "attached":
            return True, None if card.host else f"{card.id} is attached: say beneath which " \
                                               "card (attached_to: <id>)"
        if card.zone == "spell_trap" and card.host and "monster" in self.kinds_of(card):
            return True, None if card.face_up else "an equipped monster is face-up"
        if card.zone == "spell_trap" and card.card.is_monster:
            kind = next((k for k in ("trap", "spell") if k in self.kinds_of(card)), None)
            if kind:
                self.play_as(card, kind)
        return False, None

    def zone_count_problem(self, player: str) -> str | None:
        """The first set-up card of `player` equipped or attached where it cannot be, or None."""
        for card in self.duel.cards.values():
            problem = self.host_problem(card) if card.controller == player else None
            if problem:
                return problem
        return None

    def host_problem(self, card: CardInstance) -> str | None:
        """Why a set-up card cannot be equipped or attached where the scenario says, or None."""
        if card.host is None:
            return None
        host = self.duel.cards.get(card.host)
        if card.zone == "attached" and (host is None or not host.on_field):
            return f"{card.id} is attached to {card.host}, which is not a card on the field"
        if card.zone == "spell_trap" and (host is None or host.zone != "monsters"):
            return f"{card.id} is equipped to {card.host}, which is not a monster on the field"
        if card.zone not in ("spell_trap", "attached"):
            return f"{card.id} cannot be equipped or attached from its {card.zone}"
        return None

