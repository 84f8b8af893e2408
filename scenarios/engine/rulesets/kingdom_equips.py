"""Kingdom Duels: curly-bracket restrictions, taking and swapping control, equipping and
attaching, and the EQUIP, ATTACH and DETACH effect types.

- Bracket restrictions (`only_on:` in a target or search filter, read by `card_filters`):
  `a "Name" monster` is a monster whose name contains Name, `"Name"` one named exactly Name (a
  Fusion Monster has its Materials' names too), `a Type monster` a monster of that Type.
- A monster whose control a player takes goes to that player's side of the field, in a free
  Monster Zone; the cards equipped to it come under that player's control too, but stay in their
  zones. "Swap control" means that the player the text names takes control of the card.
- A card may equip a whole game zone ("Equip the Graveyard", `equip: {zone: graveyard, side:
  opponent}`): it stays in its own zone and equips and targets that zone in its entirety; its
  `continuous: {zone_sealed: true}` keeps every monster there from being Special Summoned.
- Equipped cards go to the Backrow (an effect that equips, `equip_card`, needs a free Backrow
  zone); attached cards go beneath the card they are attached to (`attach_card`), taking no
  Backrow zone. Equipping needs an effect that allows it or an Equip-type card; attaching needs
  an effect that allows it: a card with only an EQUIP or ATTACH effect cannot put itself on a
  monster (`cannot_equip`, `cannot_attach`). Attaching a card attaches what lies beneath it.
- Cards equipped or attached to a monster before it is Hidden stay face-up.
- EQUIP effects (`equip: {atk: N}` on a card, or an Equip card's `continuous: {equip_atk: N}`)
  apply only while the card is equipping; ATTACH effects (`attach: {atk: N}`) while it lies
  beneath another card. A DETACH effect (`detach: {resolve: [...]}`) is activated by detaching
  the card by hand (the `detach: <id>` step sends it to the Graveyard), at Quick speed unless its
  `speed:` says otherwise; a card that goes to the Graveyard with its host is not detached.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..card_filters import EXACT_NAME, MONSTER_TYPE, NAME_CONTAINS, name_contains, parse_bracket
from ..errors import ScriptError
from ..primitives import EffectContext, run
from ..rules import Rule
from ..state import ChainLink
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..modifiers import ModifierRegistry
    from ..scenario import Action
    from ..state import CardInstance
    from ..yamltypes import YamlMapping, YamlValue
    from .kingdom_card_kinds import CardsOnCards
    from .kingdom_duels import KingdomDuel
    from .kingdom_idleness import Idleness
    from .kingdom_terrain import Terrains

EQUIP_RULES = (
    Rule("kd-bracket-syntax", "kingdom-duels/clarifications#bracket-syntax-intro",
         "A restriction written between curly brackets limits what the card may be used on, "
         "and how its name is written decides what it matches.",
         {"restriction-ignored": "the bracketed text is a reminder, not a restriction: the "
                                 "card may be used on any monster"}),
    Rule("kd-bracket-contains", "kingdom-duels/clarifications#bracket-name-contains",
         "{ only on a \"Name\" monster } means any monster whose name contains Name.",
         {"exact-name": "the quoted name must be the monster's whole name"}),
    Rule("kd-bracket-exact", "kingdom-duels/clarifications#bracket-exact-name",
         "{ only on \"Name\" } means only a monster whose name is exactly Name.",
         {"name-contains": "any monster whose name contains Name will do"}),
    Rule("kd-bracket-type", "kingdom-duels/clarifications#bracket-monster-type",
         "{ only on a Type monster } means a monster of that Monster Type.",
         {"name-word": "the word is part of the monster's name, not its Type"}),
    Rule("kd-control-placement", "kingdom-duels/clarifications#control-placement",
         "A monster whose control a player takes goes to that player's side of the field.",
         {"stays-in-place": "only its controller changes: it stays in its zone on the other "
                            "side of the field"}),
    Rule("kd-control-equips", "kingdom-duels/clarifications#control-includes-equips",
         "Taking control of a monster also takes control of the cards equipped to it, which "
         "stay in their zones.",
         {"equips-keep-controller": "the equipped cards stay under their old controller",
          "equips-move-over": "the equipped cards move to the new controller's Backrow"}),
    Rule("kd-swap-control", "kingdom-duels/clarifications#swap-control",
         "To swap control of a card is for the player the text names to take control of it.",
         {"exchange": "swapping control is an exchange: the player who gains the monster gives "
                      "one of their own in return"}),
    Rule("kd-equip-non-monsters", "kingdom-duels/clarifications#equip-non-monsters",
         "Some cards equip something other than a monster, such as a Deck or a Graveyard.",
         {"monsters-only": "only a monster can be equipped: a card that would equip a zone "
                           "fails and is sent to the Graveyard"}),
    Rule("kd-equip-whole-zone", "kingdom-duels/clarifications#equip-whole-zone",
         "A card that equips a game zone stays in its own zone and equips and targets that "
         "whole zone.",
         {"top-card-only": "it equips only the card on top of that zone"}),
    Rule("kd-equip-attach-placement", "kingdom-duels/clarifications#equip-attach-placement",
         "An equipped card is placed in the Backrow; an attached card beneath the card it is "
         "attached to.",
         {"equip-beneath": "an equipped card goes beneath its monster, needing no Backrow zone",
          "attach-in-backrow": "an attached card takes a Backrow zone too"}),
    Rule("kd-equip-requirement", "kingdom-duels/clarifications#equip-requirement",
         "A card is equipped only by an effect that allows it, or because it is an Equip Spell "
         "or Equip Trap.",
         {"equip-effect-suffices": "a card with an EQUIP effect may equip itself to a monster"}),
    Rule("kd-attach-requirement", "kingdom-duels/clarifications#attach-requirement",
         "A card is attached only by an effect that allows it.",
         {"attach-effect-suffices": "a card with an ATTACH effect may attach itself to a "
                                    "monster"}),
    Rule("kd-attach-carries", "kingdom-duels/clarifications#attach-carries-attachments",
         "Attaching a card also attaches the cards already attached to it.",
         {"attachments-left-behind": "only the card itself is attached: what lay beneath it "
                                     "goes to the Graveyard"}),
    Rule("kd-hidden-equips-face-up", "kingdom-duels/clarifications#existing-equips-stay-face-up",
         "Cards equipped or attached to a monster before it is Hidden stay face-up.",
         {"flipped-down": "the equipped and attached cards are turned face-down with it"}),
    Rule("kd-equip-active", "kingdom-duels/effect-types#equip-active",
         "An EQUIP effect applies only while its card is equipping its target.",
         {"active-on-activation": "an Equip card applies to its target as soon as it is "
                                  "activated, before it resolves"}),
    Rule("kd-attach-active", "kingdom-duels/effect-types#attach-active",
         "An ATTACH effect applies for as long as its card lies beneath another card.",
         {"inactive-beneath": "a card beneath another card has no active effect"}),
    Rule("kd-detach-activation", "kingdom-duels/effect-types#detach-activation",
         "A DETACH effect is activated by detaching its card by hand, sending it to the "
         "Graveyard.",
         {"any-leaving": "the DETACH effect also activates when the card goes to the Graveyard "
                         "because its host left the field"}),
    Rule("kd-detach-quick", "kingdom-duels/effect-types#detach-quick",
         "A DETACH effect is Quick unless its card says otherwise.",
         {"slow": "a DETACH effect is Slow, so it cannot respond to a chain"}),
)


class EquipsAndControl(Component):
    """Bracket filters, control, equips, attachments and DETACH."""

    def __init__(self, duel: KingdomDuel, cards_on_cards: CardsOnCards, terrain: Terrains,
                 idleness: Idleness) -> None:
        super().__init__(duel)
        self.cards_on_cards = cards_on_cards
        self.terrain = terrain
        self.idleness = idleness
        # card id -> (player, zone, only card id or None) it equips
        self.zone_equips: dict[str, tuple[str, str, str | None]] = {}

    # --- curly-bracket restrictions ------------------------------------------------------------

    def bracket_spec(self, card: CardInstance, spec: YamlMapping) -> YamlMapping | None:
        """A filter with a bracket restriction (`only_on`): the rest of the filter when `card`
        fits the restriction, None when it does not."""
        if "only_on" in spec:
            if not self.bracket_matches(card, spec["only_on"]):
                return None
            spec = {key: value for key, value in spec.items() if key != "only_on"}
        return spec

    def bracket_matches(self, card: CardInstance, text: YamlValue) -> bool:
        """Does `card` fit the bracket restriction `text`, read as its wording says?"""
        try:
            how, name = parse_bracket(text)
        except ValueError as error:
            raise ScriptError(str(error), field="only_on") from None
        if self.misreads("kd-bracket-syntax", "restriction-ignored"):
            return True
        self.note_rule("kd-bracket-syntax")
        how = self.bracket_reading(how)
        if "monster" not in self.cards_on_cards.kinds_of(card):
            return False
        if how == NAME_CONTAINS:
            return name_contains(self.names_of(card), name)
        if how == EXACT_NAME:
            return self.duel.matches(card, {"name": name})  # a Fusion's Material names count
        return name in self.duel.races(card)

    def bracket_reading(self, how: str) -> str:
        """How a bracket written as `how` is read: as written, unless a rule is misread."""
        rule, wrong, misread = {
            NAME_CONTAINS: ("kd-bracket-contains", "exact-name", EXACT_NAME),
            EXACT_NAME: ("kd-bracket-exact", "name-contains", NAME_CONTAINS),
            MONSTER_TYPE: ("kd-bracket-type", "name-word", NAME_CONTAINS)}[how]
        if self.misreads(rule, wrong):
            return misread
        self.note_rule(rule)
        return how

    def names_of(self, card: CardInstance) -> list[str]:
        """The names a card has: its own, and a Fusion Monster's Materials' on the field."""
        names = [card.name]
        if card.card.materials and card.zone == "monsters" and \
                not self.misreads("kd-fusion-names", "own-name-only"):
            names += list(card.card.material_names)
        return names

    # --- taking and swapping control -----------------------------------------------------------

    def side_holding(self, card: CardInstance) -> str | None:
        """The player in whose zone the card physically lies (not always its controller)."""
        return next((p for p in self.duel.players if card.id in self.zone_of(p, card.zone)),
                    None)

    def before_move(self, card: CardInstance) -> None:
        """A card controlled from another player's zone leaves that zone when it moves."""
        players = self.duel.players
        holder = self.side_holding(card) if card.zone in players[card.owner].zones else None
        if holder is not None and holder != card.controller and \
                self.zone_of(holder, card.zone) is not self.zone_of(card.controller, card.zone):
            self.zone_of(holder, card.zone).remove(card.id)
            self.zone_of(card.controller, card.zone).append(card.id)

    def gain_control(self, card: CardInstance, player: str, cause: str) -> None:
        old = card.controller
        if old == player:
            return
        if self.misreads("kd-control-placement", "stays-in-place"):
            card.controller = player
            self.emit("control", f"{player} takes control of {card.id}, which stays in its zone "
                      f"on {old}'s side", card=card.id, player=player, what="stays")
        elif not self.place_on_own_side(card, player, cause):
            return
        self.hand_over_equips(card, old, player)

    def place_on_own_side(self, card: CardInstance, player: str, cause: str) -> bool:
        """The monster goes to a free Monster Zone of its new controller's side."""
        duel = self.duel
        if duel.monster_zone_full(player):
            self.emit("control", f"{player} has no free Monster Zone: {cause} cannot take "
                      f"control of {card.id}", ["kd-control-placement"], card=card.id,
                      player=player, what="no_zone")
            return False
        duel.move(card, "monsters", controller=player, position=card.position,
                  face_up=card.face_up, reason=f"control taken by {cause}")
        card.column = next(iter(self.terrain.free_columns(player, card)), None)
        self.idleness.saw_monster(player)
        self.emit("control", f"{player} takes control of {card.id}: it goes to {player}'s side "
                  f"of the field (column {card.column})", ["kd-control-placement"],
                  card=card.id, player=player, column=card.column, what="placed")
        return True

    def hand_over_equips(self, card: CardInstance, old: str, player: str) -> None:
        """The cards equipped to the monster change controller with it, in their own zones."""
        equips = self.cards_on_cards.equips_of(card)
        if not equips or self.misreads("kd-control-equips", "equips-keep-controller"):
            return
        moving = self.misreads("kd-control-equips", "equips-move-over")
        for equip in equips:
            holder = self.side_holding(equip)
            if moving and holder != player:
                assert holder is not None  # an equipped card lies in some player's Backrow
                self.zone_of(holder, equip.zone).remove(equip.id)
                self.zone_of(player, equip.zone).append(equip.id)
            equip.controller = player
        if moving:
            return
        ids = ", ".join(e.id for e in equips)
        self.emit("control", f"{player} also takes control of {ids}, equipped to {card.id}; "
                  f"they stay in {old}'s Backrow", ["kd-control-equips"], card=card.id,
                  cards=[e.id for e in equips], player=player, old=old, what="equips")

    def swap_control(self, card: CardInstance, player: str, cause: str) -> None:
        old = card.controller
        given: CardInstance | None = None
        if self.misreads("kd-swap-control", "exchange"):
            own = sorted((self.card(i) for i in self.zone_of(player, "monsters")),
                         key=lambda c: (c.column is None, c.column))
            given = own[0] if own else None
        else:
            self.emit("control", f"{cause} swaps control of {card.id}: {player} takes control "
                      "of it", ["kd-swap-control"], card=card.id, player=player, by=cause,
                      what="swap")
        self.gain_control(card, player, cause)
        if given is not None:
            self.gain_control(given, old, cause)

    # --- equipping a whole game zone -----------------------------------------------------------

    def equip_zone(self, card: CardInstance, player: str, zone: str,
                   ctx: EffectContext) -> None:
        """"Equip the Graveyard": the card stays in its zone, equipping that zone entirely."""
        if self.misreads("kd-equip-non-monsters", "monsters-only"):
            self.emit("equip", f"{card.id} can equip only a monster, not {player}'s {zone}",
                      card=card.id, player=player, zone=zone, why="not_a_monster",
                      what="cannot")
            if card.on_field:
                self.duel.move(card, "graveyard", reason="it has nothing to equip")
            return
        self.note_rule("kd-equip-non-monsters")
        cards = self.zone_of(player, zone)
        if self.misreads("kd-equip-whole-zone", "top-card-only"):
            self.zone_equips[card.id] = (player, zone, cards[-1] if cards else None)
            return
        self.zone_equips[card.id] = (player, zone, None)
        self.emit("equip", f"{card.id} stays in its zone and equips {player}'s {zone} in its "
                  "entirety", ["kd-equip-whole-zone", "kd-equip-non-monsters"], card=card.id,
                  player=player, zone=zone, what="zone")

    def sealed_by(self, card: CardInstance) -> CardInstance | None:
        """The face-up card equipping the zone `card` lies in that keeps it from being Special
        Summoned (`continuous: {zone_sealed: true}`), or None."""
        holder = self.side_holding(card)
        for equip_id, (player, zone, only) in self.zone_equips.items():
            equip = self.card(equip_id)
            sealing = any(e["continuous"].get("zone_sealed")
                          for e in equip.card.effects_of("continuous"))
            if equip.on_field and equip.face_up and sealing and (player, zone) == \
                    (holder, card.zone) and only in (None, card.id):
                return equip
        return None

    def seals(self, card: CardInstance) -> bool:
        """Is `card` kept from being Special Summoned by a card equipping its whole zone?"""
        sealer = self.sealed_by(card)
        if sealer is not None:
            self.emit("summon", f"{card.id} cannot be Special Summoned: {sealer.id} equips "
                      f"the whole {card.zone} it lies in", ["kd-equip-whole-zone"],
                      card=card.id, by=sealer.id, what="sealed")
            return True
        return False

    # --- equipping and attaching by an effect --------------------------------------------------

    def note_own_right(self, card: CardInstance, cause: str) -> None:
        if cause == card.id and card.card.subtype == "equip":
            self.note_rule("kd-equip-requirement")  # an Equip card equips by its own right

    def equip_by_effect(self, card: CardInstance, host: CardInstance, ctx: EffectContext) -> None:
        """An effect that allows equipping places the card in its controller's Backrow."""
        if self.misreads("kd-equip-attach-placement", "equip-beneath"):
            self.attach_beneath(card, host, f"placed beneath {host.id} by {ctx.card_id}")
            return
        if self.duel.spell_trap_full(ctx.controller):
            self.emit("equip", f"{card.id} cannot be equipped to {host.id}: an equipped card goes "
                      f"to the Backrow, and {ctx.controller}'s is full",
                      ["kd-equip-attach-placement"], card=card.id, host=host.id,
                      why="backrow_full", what="cannot")
            return
        self.note_rule("kd-equip-attach-placement")
        self.note_rule("kd-equip-requirement")  # the effect allows it
        self.duel.equip(card, host, ctx.card_id, controller=ctx.controller)

    def attach_by_effect(self, card: CardInstance, host: CardInstance,
                         ctx: EffectContext) -> None:
        """An effect that allows attaching places the card beneath its host."""
        if card.card.subtype == "token" and \
                not self.misreads("kd-token-not-attached", "token-attachable"):
            self.emit("attach", f"{card.id} is a Token: it cannot be attached",
                      ["kd-token-not-attached"], card=card.id, why="token", what="cannot")
            return
        if host.zone == "monsters" and not host.face_up and \
                not self.misreads("kd-no-equip-hidden", "hidden-equippable"):
            self.emit("attach", f"{card.id} cannot be attached to the Hidden {host.id}",
                      ["kd-no-equip-hidden"], card=card.id, host=host.id, why="hidden",
                      what="cannot")
            return
        if self.misreads("kd-equip-attach-placement", "attach-in-backrow") and \
                self.duel.spell_trap_full(ctx.controller):
            self.emit("attach", f"{card.id} cannot be attached: {ctx.controller}'s Backrow is "
                      "full", card=card.id, host=host.id, why="backrow_full", what="cannot")
            return
        self.note_rule("kd-attach-requirement")  # the effect allows it
        self.attach_beneath(card, host, f"attached to {host.id} by {ctx.card_id}")

    def attach_beneath(self, card: CardInstance, host: CardInstance, reason: str) -> None:
        """The card goes beneath `host`, and what lay beneath it goes along."""
        if card.id == host.id:
            self.illegal(None, "invalid_target", f"{card.id} cannot be attached beneath itself")
        self.carry_attachments(card, host)
        self.duel.move(card, "attached", reason=reason)
        card.host = host.id
        self.emit("attach", f"{card.id} is placed beneath {host.id}",
                  ["kd-equip-attach-placement"], card=card.id, host=host.id, what="attached")

    def carry_attachments(self, card: CardInstance, host: CardInstance) -> None:
        """Attaching `card` to `host` attaches the cards beneath `card` to `host` too (an Alter
        Material's included); misread, they stay with `card` and so go to the Graveyard as it
        leaves the field."""
        carried = self.cards_on_cards.attachments_of(card)
        if not carried or self.misreads("kd-attach-carries", "attachments-left-behind"):
            return
        for attached in carried:
            attached.host = host.id
        self.emit("attach", f"{', '.join(c.id for c in carried)}, beneath {card.id}, "
                  f"are attached to {host.id} with it", ["kd-attach-carries"], card=card.id,
                  cards=[c.id for c in carried], host=host.id, what="carried")

    # --- a card that would put itself on a monster ---------------------------------------------

    def puts_itself_on(self, action: Action) -> bool:
        """An `activate` of a card in the hand with no activation but an EQUIP or ATTACH effect:
        it would put itself on a monster, which needs an effect allowing it. True when the step
        was such a card's (and done)."""
        card = self.duel.cards.get(action.card) if action.card is not None else None
        if card is not None and card.zone == "hand" and card.controller == action.player and \
                card.card.activation is None:
            if any("equip" in e for e in card.card.effects) and card.card.subtype != "equip":
                self.equip_itself(card, action)
                return True
            if any("attach" in e for e in card.card.effects):
                self.attach_itself(card, action)
                return True
        return False

    def own_host(self, card: CardInstance, action: Action) -> CardInstance:
        if len(action.targets) != 1:
            raise ScriptError(f"say which monster {card.id} would go on (target: <id>)",
                              field="target")
        host = self.card(action.targets[0])
        if host.zone != "monsters":
            self.illegal(None, "invalid_target", f"{host.id} is not a monster on the field")
        return host

    def equip_itself(self, card: CardInstance, action: Action) -> None:
        """A card with an EQUIP effect, not an Equip Spell or Trap, needs an effect to equip."""
        host = self.own_host(card, action)
        if not self.misreads("kd-equip-requirement", "equip-effect-suffices"):
            self.illegal("kd-equip-requirement", "cannot_equip",
                         f"{card.id} is not an Equip Spell or Equip Trap, and no effect allows "
                         "equipping it")
        self.duel.equip(card, host, f"{card.id}'s own EQUIP effect", controller=action.player)

    def attach_itself(self, card: CardInstance, action: Action) -> None:
        """A card with an ATTACH effect needs an effect that allows attaching it."""
        host = self.own_host(card, action)
        if not self.misreads("kd-attach-requirement", "attach-effect-suffices"):
            self.illegal("kd-attach-requirement", "cannot_attach",
                         f"no effect allows attaching {card.id}")
        self.attach_beneath(card, host, f"attached by {action.player}")

    # --- EQUIP and ATTACH effects --------------------------------------------------------------

    @staticmethod
    def equip_effect_atk(equip: CardInstance) -> int:
        """The ATK an equipping card's EQUIP effect gives (an Equip card's `equip_atk`)."""
        return sum(e["continuous"].get("equip_atk", 0) for e in equip.card.effects_of("continuous")) \
            + sum((e["equip"] or {}).get("atk", 0) for e in equip.card.effects_of("equip"))

    def register_modifiers(self, modifiers: ModifierRegistry) -> None:
        """What equipped and attached cards give a monster in the Frontrow."""
        modifiers.register("equips", "atk", self.atk_bonus, applies=self.in_frontrow)

    @staticmethod
    def in_frontrow(card: CardInstance) -> bool:
        return card.zone == "monsters"

    def atk_bonus(self, card: CardInstance) -> int:
        """ATK the EQUIP effects of the cards equipped to `card`, and the ATTACH effects of
        those beneath it, give it."""
        bonus = 0
        for equip in self.cards_on_cards.equips_of(card):
            value = self.equip_effect_atk(equip) if equip.face_up else 0
            if value:
                self.note_rule("kd-equip-active")
                bonus += value
        for equip in self.equips_on_the_way(card):
            if self.misreads("kd-equip-active", "active-on-activation"):
                bonus += self.equip_effect_atk(equip)
            else:
                self.note_rule("kd-equip-active")  # not equipping yet: no effect
        return bonus + self.attach_atk_bonus(card)

    def equips_on_the_way(self, card: CardInstance) -> list[CardInstance]:
        """Equip cards activated on `card` whose chain link has not resolved yet."""
        return [self.card(link.card_id) for link in self.duel.chain
                if link.is_card_activation and not link.resolved and card.id in link.targets
                and self.card(link.card_id).on_field and self.card(link.card_id).face_up
                and self.card(link.card_id).card.subtype == "equip"
                and self.equip_effect_atk(self.card(link.card_id))]

    def attach_atk_bonus(self, card: CardInstance) -> int:
        """ATK the ATTACH effects of the cards beneath `card` give it."""
        bonus = 0
        for attached in self.cards_on_cards.attachments_of(card):
            value = sum((e["attach"] or {}).get("atk", 0)
                        for e in attached.card.effects_of("attach"))
            if not value or self.misreads("kd-attach-active", "inactive-beneath"):
                continue
            self.note_rule("kd-attach-active")
            bonus += value
        return bonus

    # --- Hiding a monster that wears cards -----------------------------------------------------

    def cards_on_hidden_monster(self, card: CardInstance) -> None:
        """Cards equipped or attached to a monster before it was Hidden stay face-up."""
        held = self.cards_on_cards.equips_of(card) + self.cards_on_cards.attachments_of(card)
        if not held:
            return
        if self.misreads("kd-hidden-equips-face-up", "flipped-down"):
            for other in held:
                other.face_up = False
            return
        self.emit("equip", f"{card.id} is Hidden; {', '.join(c.id for c in held)} stay "
                  "face-up", ["kd-hidden-equips-face-up"], card=card.id,
                  cards=[c.id for c in held], what="stay_face_up")

    # --- DETACH ---------------------------------------------------------------------------------

    @staticmethod
    def detach_effect(card: CardInstance) -> YamlMapping | None:
        return next(((e["detach"] or {}) for e in card.card.effects if "detach" in e), None)

    def detach(self, player: str, card: CardInstance) -> None:
        """Detaching a card by hand sends it to the Graveyard and activates its DETACH effect."""
        duel = self.duel
        host = duel.cards.get(card.host) \
            if card.zone == "attached" and card.host is not None else None
        effect = self.detach_effect(card)
        if host is None or host.controller != player or effect is None:
            self.illegal(None, "cannot_detach", f"{card.id} is not a card with a DETACH effect "
                         f"attached beneath a card {player} controls")
        if duel.priority != player:
            self.illegal(None, "no_priority", f"{player} does not hold priority")
        speed = self.detach_speed(effect)
        program = {"resolve": list(effect.get("resolve", []))}
        duel.check_timing(card, player, speed, False, program)
        duel.move(card, "graveyard", reason=f"detached from {host.id} by {player}")
        link = ChainLink(number=len(duel.chain) + 1, card_id=card.id, player=player,
                         speed=speed, program=program, is_card_activation=False)
        duel.chain.append(link)
        self.emit("activate", f"{player} detaches {card.id} from {host.id}: its DETACH effect "
                  f"is Chain Link {link.number} (Spell Speed {speed})", ["kd-detach-activation"],
                  card=card.id, link=link.number, player=player, speed=speed,
                  card_activation=False)
        duel.priority, duel.passes = duel.next_player(player), 0

    def detach_speed(self, effect: YamlMapping) -> int:
        """Quick (Spell Speed 2) unless the card states its speed."""
        if "speed" in effect:
            return effect["speed"]
        if self.misreads("kd-detach-quick", "slow"):
            return 1
        self.note_rule("kd-detach-quick")
        return 2

    def leaving_field(self, card: CardInstance) -> list[CardInstance]:
        """A card is leaving the field: it equips no zone any more. Returns the cards with a
        DETACH effect attached to it (`left_field` follows them)."""
        self.zone_equips.pop(card.id, None)
        return [a for a in self.cards_on_cards.attachments_of(card)
                if self.detach_effect(a) is not None]

    def left_field(self, card: CardInstance, old_controller: str,
                   detachable: list[CardInstance]) -> None:
        """A card with a DETACH effect that goes to the Graveyard with its host is not
        detached."""
        for attached in detachable:
            if attached.zone != "graveyard":
                continue
            if self.misreads("kd-detach-activation", "any-leaving"):
                self.emit("effect", f"{attached.id}'s DETACH effect applies as it leaves with "
                          f"{card.id}", card=attached.id, what="detach")
                effect = self.detach_effect(attached)
                assert effect is not None  # leaving_field kept only cards with one
                run(self.duel, list(effect.get("resolve", [])),
                    EffectContext(attached.id, old_controller))
                continue
            self.emit("attach", f"{attached.id} went to the Graveyard with {card.id}, not "
                      "detached by hand: its DETACH effect does not activate",
                      ["kd-detach-activation"], card=attached.id, host=card.id,
                      what="not_detached")

    # --- what the scenario sees ----------------------------------------------------------------

    def host_fact(self, card: CardInstance, facts: YamlMapping) -> None:
        """A card equipping a whole zone names it as its host (`A.graveyard`)."""
        if card.id in self.zone_equips and card.on_field:
            player, zone, only = self.zone_equips[card.id]
            facts["host"] = only or f"{player}.{zone}"
