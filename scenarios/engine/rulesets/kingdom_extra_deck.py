"""Kingdom Duels Extra Deck monsters: Ritual, Alter and Integration Summons.

- Ritual: the Ritual Spell a Ritual Monster names (`summon_with: {ritual_spell}`) is activated
  and stays face-up until a `ritual_summon` step fulfils it: the Materials (hand or field,
  monsters equipped to other monsters included, attached ones not), whose Levels must total the
  Spell's `material_levels`, go to the Graveyard, the monster is summoned, then the Spell goes.
  Its controller may also `send` it to the Graveyard in their Main Phase.
- Alter: a card whose effect has `alter_summon: {type: <Alter Type>}` is activated with
  `select: {alter: <Alter Monster>}` and `materials: [<the monster it transforms>]`; the
  material is checked when the card is activated and again when it resolves. The Alter Monster
  takes the material's zone, the material is attached beneath it, valid equips move over to it,
  and attacks and effects aimed at the material now aim at it.

Integration Summons are in `kingdom_integration`; equips, attachments, dual-type cards and
Permanently in `kingdom_card_kinds`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ScriptError
from ..rules import Rule
from ..wording import counted
from .kingdom_card_kinds import CARD_KIND_RULES
from .kingdom_component import Component
from .kingdom_integration import INTEGRATION_RULES, extra_deck_monster

if TYPE_CHECKING:
    from ..primitives import EffectContext
    from ..scenario import Action
    from ..state import CardInstance, ChainLink
    from .kingdom_card_kinds import CardsOnCards
    from .kingdom_duels import KingdomDuel
    from .kingdom_equips import EquipsAndControl
    from .kingdom_terrain import Terrains

# Why an Alter Summon cannot be made: (the rule, or None, the reason code, the message).
Problem = tuple[str | None, str, str]

# Article parameters this part of the ruleset reads (added to KingdomDuel.PARAMETERS).
EXTRA_DECK_PARAMETERS = ()

EXTRA_DECK_RULES = (
    Rule("kd-ritual-spell-stays", "kingdom-duels/ritual-monsters#ritual-spell-stays",
         "The Ritual Spell stays face-up on the field until its Ritual Summon is fulfilled, then "
         "goes to the Graveyard.",
         {"leaves-after-chain": "the Ritual Spell goes to the Graveyard once its chain resolves",
          "stays-after-summon": "the Ritual Spell stays on the field after the Ritual Summon"}),
    Rule("kd-ritual-send", "kingdom-duels/ritual-monsters#ritual-spell-send-at-will",
         "The controller of a waiting Ritual Spell may send it to the Graveyard in their Main "
         "Phase.",
         {"any-phase": "it may be sent to the Graveyard at any time"}),
    Rule("kd-ritual-equipped-material", "kingdom-duels/ritual-monsters#equipped-monster-counts",
         "A monster equipped to another monster is still a monster on the field: it can be a "
         "Ritual Material.",
         {"equipped-excluded": "an equipped monster is a Backrow card, not a Ritual Material"}),
    Rule("kd-ritual-materials", "kingdom-duels/monster-cards#ritual-materials-to-graveyard",
         "Ritual Materials are sent to the Graveyard.",
         {"materials-attached": "Ritual Materials are attached beneath the Ritual Monster, as "
                                "Fusion and Alter Materials are"}),
    Rule("kd-ritual-attached-material",
         "kingdom-duels/ritual-monsters#attached-monster-does-not-count",
         "An attached monster is not a monster on the field: it cannot be a Ritual Material.",
         {"attached-counts": "an attached monster can be a Ritual Material too"}),
    Rule("kd-alter-summon", "kingdom-duels/alter-monsters#alter-summon-requirements",
         "An Alter Summon needs its player to control the monster the Alter Monster names; that "
         "material is attached to the Alter Monster.",
         {"material-in-hand": "the named monster may be in the hand instead of on the field",
          "material-to-graveyard": "the Alter Material goes to the Graveyard"}),
    Rule("kd-token-not-attached", "kingdom-duels/other-cards#tokens-cannot-be-attached",
         "A Token cannot be attached to a card, so no summon that attaches its Materials can use "
         "one.",
         {"token-attachable": "a Token can be attached like a card, and so be an Alter or "
                              "a Fusion Material"}),
    Rule("kd-alter-same-zone", "kingdom-duels/alter-monsters#same-zone",
         "The Alter Monster is summoned in the zone its material was in.",
         {"first-free-zone": "the Alter Monster takes the first free Monster Zone"}),
    Rule("kd-alter-equips", "kingdom-duels/alter-monsters#equips-transfer",
         "Cards equipped to the material are equipped to the Alter Monster, if it is a valid "
         "target for them.",
         {"equips-destroyed": "the material's equips are destroyed as it leaves the field",
          "validity-ignored": "every equip moves over, valid for the Alter Monster or not"}),
    Rule("kd-alter-targets", "kingdom-duels/alter-monsters#targets-transfer",
         "An attack or effect aimed at the material now aims at the Alter Monster.",
         {"targets-lost": "an attack or effect aimed at the material has lost its target"}),
    Rule("kd-alter-counters", "kingdom-duels/alter-monsters#summoning-counters-required",
         "An Alter Summon that requires Summoning Counters on its material needs them all.",
         {"counters-ignored": "the Summoning Counters are not needed to Alter Summon"}),
    Rule("kd-alter-counters-removed", "kingdom-duels/alter-monsters#summoning-counters-removed",
         "The Summoning Counters come off once the Alter Summon is completed.",
         {"counters-kept": "the material keeps its Summoning Counters beneath the Alter Monster"}),
    *INTEGRATION_RULES,
    *CARD_KIND_RULES,
)


class ExtraDeckMonsters(Component):
    """Ritual and Alter Summons (Integration Summons are `kingdom_integration`'s)."""

    def __init__(self, duel: KingdomDuel, cards_on_cards: CardsOnCards,
                 equips: EquipsAndControl, terrain: Terrains) -> None:
        super().__init__(duel)
        self.cards_on_cards = cards_on_cards
        self.equips = equips
        self.terrain = terrain

    # --- Ritual Summons ------------------------------------------------------------------------

    def is_ritual_spell(self, card: CardInstance) -> bool:
        return card.card.kind == "spell" and card.card.subtype == "ritual"

    def links_that_leave(self, order: list[ChainLink]) -> list[ChainLink]:
        """The resolved links whose cards leave the field as usual: not a Ritual Spell waiting
        for its Ritual Summon."""
        waiting = [link for link in order if self.ritual_spell_waits(link)]
        return [link for link in order if link not in waiting]

    def ritual_spell_waits(self, link: ChainLink) -> bool:
        """A resolved Ritual Spell stays face-up until its Ritual Summon is fulfilled."""
        card = self.card(link.card_id)
        if not (link.is_card_activation and link.resolved and self.is_ritual_spell(card) and
                card.on_field and card.face_up):
            return False
        if self.misreads("kd-ritual-spell-stays", "leaves-after-chain"):
            return False
        self.emit("ritual", f"{card.id} stays face-up on the field until its Ritual Summon",
                  ["kd-ritual-spell-stays"], card=card.id, what="stays")
        return True

    def send(self, player: str, card: CardInstance) -> None:
        """`send`: a waiting Ritual Spell's controller sends it to the Graveyard."""
        duel = self.duel
        if not (self.is_ritual_spell(card) and card.on_field and card.face_up):
            self.illegal(None, "cannot_send", f"{card.id} is not a face-up Ritual Spell on the "
                         "field")
        if card.controller != player:
            self.illegal(None, "not_your_card", f"{player} does not control {card.id}")
        in_main_phase = player == duel.turn_player and duel.phase in ("main1", "main2")
        if not in_main_phase and not self.misreads("kd-ritual-send", "any-phase"):
            self.illegal("kd-ritual-send", "wrong_phase", f"{player} may send {card.id} to the "
                         "Graveyard only in their own Main Phase")
        self.emit("ritual", f"{player} sends {card.id} to the Graveyard at will",
                  ["kd-ritual-send"], card=card.id, player=player, what="sent")
        duel.move(card, "graveyard", reason="sent at will by its controller")

    def ritual_summon(self, action: Action) -> None:
        """`ritual_summon`: the Ritual Monster, over Materials the waiting Ritual Spell needs."""
        duel = self.duel
        player, monster = action.actor, self.card(action.card)
        duel.require_open_main_phase(player, "a Ritual Summon")
        terms = extra_deck_monster(duel, monster, player, "ritual", "a Ritual Monster")
        spell = next((c for c in duel.cards_on_field("spell", controller=player)
                      if c.face_up and self.is_ritual_spell(c) and
                      c.name == terms.get("ritual_spell")), None)
        if spell is None:
            self.illegal("kd-ritual-spell-stays", "no_ritual_spell",
                         f"{player} has no face-up {terms.get('ritual_spell')} on the field")
        materials = [self.card(i) for i in action.materials]
        self.check_ritual_materials(materials, spell, player)
        if duel.monster_zone_full(player) and not any(m.zone == "monsters" for m in materials):
            self.illegal(None, "no_free_zone", "no free Monster Zone")
        attach = self.misreads("kd-ritual-materials", "materials-attached")
        for material in materials:
            if material.zone == "graveyard":  # an equipped material may have gone with its host
                continue
            if attach:
                duel.move(material, "attached", reason=f"attached to {monster.id}")
                material.host = monster.id
                continue
            duel.move(material, "graveyard", reason=f"Ritual Material for {monster.id}")
        if not attach:
            self.note_rule("kd-ritual-materials")
        duel.summon_to_field(monster, player, action.position or "attack", how="ritual")
        if self.misreads("kd-ritual-spell-stays", "stays-after-summon"):
            return
        self.emit("ritual", f"the Ritual requirements of {spell.id} are fulfilled: it goes to "
                  "the Graveyard", ["kd-ritual-spell-stays"], card=spell.id, what="fulfilled")
        duel.move(spell, "graveyard", reason="its Ritual Summon is fulfilled")

    def check_ritual_materials(self, materials: list[CardInstance], spell: CardInstance,
                               player: str) -> None:
        """The Materials must be distinct monsters whose Levels total what the Spell requires."""
        if not materials or len({m.id for m in materials}) != len(materials):
            self.illegal(None, "wrong_materials", "a Ritual Summon names its distinct Materials")
        for material in materials:
            self.check_ritual_material(material, player)
        needed = (spell.card.summon_with or {}).get("material_levels", 0)
        total = sum(m.card.level or 0 for m in materials)
        if total < needed and not self.misreads("kd-ritual-requirements", "levels-ignored"):
            self.illegal("kd-ritual-requirements", "wrong_materials",
                         f"the Materials' Levels total {total}; {spell.name} requires {needed}")
        if needed and total >= needed:
            self.note_rule("kd-ritual-requirements")

    def check_ritual_material(self, material: CardInstance, player: str) -> None:
        """A Ritual Material is a monster from the hand or on the field."""
        kinds_of = self.cards_on_cards.kinds_of
        from_hand = material.zone == "hand" and material.owner == player and \
            "monster" in kinds_of(material)
        if from_hand or material.zone == "monsters" and material.controller == player:
            return
        if material.zone == "spell_trap" and material.controller == player and material.host \
                and "monster" in kinds_of(material):
            if self.misreads("kd-ritual-equipped-material", "equipped-excluded"):
                self.illegal("kd-ritual-equipped-material", "wrong_materials",
                             f"{material.id} is equipped to {material.host}, not a monster")
            self.note_rule("kd-ritual-equipped-material")
            return
        if material.zone == "attached" and material.owner == player:
            if self.misreads("kd-ritual-attached-material", "attached-counts"):
                return
            self.illegal("kd-ritual-attached-material", "wrong_materials",
                         f"{material.id} is attached to {material.host}: an attached monster "
                         "is not a monster on the field")
        self.illegal(None, "wrong_materials", f"{material.id} cannot be a Ritual Material")

    # --- Alter Summons -------------------------------------------------------------------------

    def check_alter_activation(self, action: Action) -> None:
        """A card that allows an Alter Summon is activated only if the summon can be made."""
        card = self.duel.cards.get(action.card) if action.card is not None else None
        alter_type = self.alter_type_allowed_by(card) if card else None
        if alter_type is not None:
            problem = self.alter_summon_problem(action.actor, action.select.get("alter"),
                                                action.materials, alter_type)
            if problem:
                self.illegal(*problem)

    @staticmethod
    def alter_type_allowed_by(card: CardInstance) -> str | None:
        """The Alter Type a card lets its player Alter Summon, if its programs hold one."""
        programs = [(card.card.activation or {}).get("resolve", [])] + [
            effect[key].get("resolve", []) for effect in card.card.effects
            for key in ("quick", "ignition") if key in effect]
        for program in programs:
            for step in program if isinstance(program, list) else []:
                if "alter_summon" in step:
                    return step["alter_summon"]["type"]
        return None

    def alter_summon_problem(self, player: str, alter_id: str | None, material_ids: list[str],
                             alter_type: str) -> Problem | None:
        """(rule, reason, message) when this Alter Summon cannot be made now, or None."""
        if alter_id is None:
            raise ScriptError("an Alter Summon chooses its Alter Monster (select: {alter: <id>})",
                              field="select")
        if len(material_ids) != 1:
            raise ScriptError("an Alter Summon names its material (materials: [<id>])",
                              field="materials")
        alter, material = self.card(alter_id), self.card(material_ids[0])
        terms = alter.card.summon_with
        if alter.zone != "extra_deck" or alter.owner != player or alter.card.subtype != "alter" \
                or not terms:
            return (None, "not_in_extra_deck",
                    f"{alter.id} is not an Alter Monster in {player}'s Extra Deck")
        if terms["alter_type"] != alter_type:
            return (None, "wrong_alter_type",
                    f"this card allows {alter_type} Alter Summons, not {terms['alter_type']}")
        if material.card.subtype == "token" and \
                not self.misreads("kd-token-not-attached", "token-attachable"):
            return ("kd-token-not-attached", "token_cannot_be_attached",
                    f"{material.id} is a Token: never attached")
        if not self.duel.matches(material, {"name": terms["material"]}):
            return (None, "wrong_materials",
                    f"{alter.name} transforms {terms['material']}, not {material.id}")
        on_field = material.zone == "monsters" and material.controller == player
        in_hand = material.zone == "hand" and material.owner == player and \
            self.misreads("kd-alter-summon", "material-in-hand")
        if not (on_field or in_hand):
            return ("kd-alter-summon", "no_alter_material",
                    f"{player} does not control {material.id} on the field")
        needed, held = terms.get("counters", 0), material.counters.get("summoning", 0)
        if held < needed and not self.misreads("kd-alter-counters", "counters-ignored"):
            return ("kd-alter-counters", "summoning_counters",
                    f"{material.id} has {held} of the {needed} Summoning Counters needed")
        return None

    def alter_summon(self, ctx: EffectContext, alter_type: str) -> None:
        """The card resolves: the Alter Monster takes its material's place (primitive hook)."""
        alter_id = ctx.select("alter")
        material_ids = ctx.remembered.get("materials", [])
        problem = self.alter_summon_problem(ctx.controller, alter_id, material_ids, alter_type)
        if problem:
            self.emit("summon", f"the Alter Summon of {alter_id} fails: {problem[2]}",
                      card=alter_id, reason=problem[1], what="alter_failed")
            return
        alter, material = self.card(alter_id), self.card(material_ids[0])
        if (alter.card.summon_with or {}).get("counters"):
            self.note_rule("kd-alter-counters")
        column, position = material.column, material.position or "attack"
        moving_equips = [] if self.misreads("kd-alter-equips", "equips-destroyed") \
            else self.cards_on_cards.equips_of(material)
        for equip in moving_equips:
            equip.host = None  # held while the material leaves, so they are not destroyed
        self.equips.carry_attachments(material, alter)  # what lies beneath goes too
        self.attach_material(material, alter)
        if self.misreads("kd-alter-same-zone", "first-free-zone"):
            column = None
        with self.terrain.placing_in(column):
            self.duel.special_summon(alter, ctx.controller, position, cause=ctx.card_id)
        if column is not None:
            self.emit("summon", f"{alter.id} is summoned in {material.id}'s zone ({column})",
                      ["kd-alter-same-zone"], card=alter.id, material=material.id, column=column,
                      player=ctx.controller, what="same_zone")
        for equip in moving_equips:
            self.move_equip_over(equip, material, alter)
        self.retarget(material, alter)

    def attach_material(self, material: CardInstance, alter: CardInstance) -> None:
        """The Alter Material goes beneath the Alter Monster; its Summoning Counters come off."""
        counters = material.counters.get("summoning")
        if self.misreads("kd-alter-summon", "material-to-graveyard"):
            self.duel.move(material, "graveyard", reason=f"Alter Material for {alter.id}")
            return
        self.duel.move(material, "attached", reason=f"attached to {alter.id} as its Alter Material")
        material.host = alter.id
        self.note_rule("kd-alter-summon")
        if not counters:
            return
        if self.misreads("kd-alter-counters-removed", "counters-kept"):
            material.counters["summoning"] = counters
            return
        self.emit("counter", f"the Alter Summon is completed: {material.id}'s "
                  f"{counted(counters, 'Summoning Counter')} "
                  f"{'is' if counters == 1 else 'are'} removed", ["kd-alter-counters-removed"],
                  card=material.id, count=counters, what="removed")

    def move_equip_over(self, equip: CardInstance, material: CardInstance,
                        alter: CardInstance) -> None:
        """An equip of the material goes over to the Alter Monster if it may equip it."""
        if equip.zone != "spell_trap":
            return
        spec = (equip.card.activation or {}).get("target") or {"zone": "monsters"}
        if self.duel.valid_target(alter, spec, equip.controller, equip) or \
                self.misreads("kd-alter-equips", "validity-ignored"):
            equip.host = alter.id
            self.emit("equip", f"{equip.id} is re-equipped from {material.id} to {alter.id}",
                      ["kd-alter-equips"], card=equip.id,
                      old=material.id, host=alter.id, what="re_equipped")
            return
        self.emit("equip", f"{equip.id} cannot equip {alter.id}", ["kd-alter-equips"],
                  card=equip.id, host=alter.id, what="cannot")
        self.cards_on_cards.equip_lost_its_host(equip, material)

    def retarget(self, material: CardInstance, alter: CardInstance) -> None:
        """Chain links and an attack aimed at the material now aim at the Alter Monster."""
        if self.misreads("kd-alter-targets", "targets-lost"):
            return
        duel = self.duel
        for link in duel.chain:
            spec = link.program.get("target") or {}
            if link.resolved or material.id not in link.targets or \
                    not duel.valid_target(alter, spec, link.player, self.card(link.card_id)):
                continue
            link.targets = [alter.id if t == material.id else t for t in link.targets]
            self.emit("target", f"Chain Link {link.number} ({link.card_id}) aimed at "
                      f"{material.id} now targets {alter.id}", ["kd-alter-targets"],
                      link=link.number,
                      card=link.card_id, old=material.id, new=alter.id, what="retargeted")
        if duel.attack is not None and duel.attack.target == material.id:
            duel.attack.target = alter.id
            self.emit("attack", f"the attack on {material.id} now targets {alter.id}",
                      ["kd-alter-targets"], old=material.id, target=alter.id, what="retargeted")
