"""Kingdom Duels Integration Monsters: summoned with a Duelist Setup and eroded Materials.

An `integration_summon` step needs the Duelist Setup the monster names in its player's Rule Zone
and erodes the listed Materials from hand or field. Summoned Hidden, the Materials are eroded
face-down and set apart, and shown only when the monster is revealed (flipped, attacked, by an
effect, or gone from the field) or when the duel ends: a player whose Material was not the proper
one loses the duel.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypedDict

from ..errors import ScriptError
from ..rules import Rule
from ..wording import counted
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..duel import Duel
    from ..scenario import Action
    from ..state import CardInstance
    from ..yamltypes import YamlMapping
    from .kingdom_duels import KingdomDuel

INTEGRATION_RULES = (
    Rule("kd-integration-summon",
         "kingdom-duels/integration-monsters#integration-summon-requirements",
         "An Integration Summon needs the named Duelist Setup in its player's Rule Zone, and "
         "erodes its Materials from hand or field.",
         {"no-setup-needed": "any player may Integration Summon, Duelist Setup or not",
          "materials-to-graveyard": "the Integration Materials go to the Graveyard"}),
    Rule("kd-integration-hidden", "kingdom-duels/integration-monsters#hidden-no-immediate-reveal",
         "Summoned Hidden, an Integration Monster's eroded Material stays unrevealed for now.",
         {"revealed-at-once": "the eroded Material is shown (and checked) at once"}),
    Rule("kd-integration-improper", "kingdom-duels/integration-monsters#improper-material-loses",
         "A player whose eroded Material proves not to be the proper one loses the duel.",
         {"no-penalty": "an improper Material has no consequence"}),
    Rule("kd-integration-proof-at-end", "kingdom-duels/integration-monsters#reveal-later",
         "The eroded Material is shown when the monster is revealed, or when the duel ends.",
         {"only-on-reveal": "a monster still Hidden when the duel ends never shows its Material",
          "only-at-end": "the eroded Material is shown only when the duel ends, not when the "
                         "monster is revealed"}),
)

POSITIONS = {None: ("attack", True), "attack": ("attack", True), "defense": ("defense", True),
             "hidden": ("defense", False), "hidden_defense": ("defense", False),
             "hidden_attack": ("attack", False)}


class HiddenMaterials(TypedDict):
    """The eroded Materials of a Hidden Integration Monster, not shown yet, and their player."""

    player: str
    materials: list[str]


def extra_deck_monster(duel: Duel, card: CardInstance, player: str, subtype: str,
                       what: str) -> YamlMapping:
    """The Extra Deck monster a summoning step names (Integration, or Ritual), checked to be one
    of `player`'s; returns its `summon_with` terms."""
    if card.zone != "extra_deck" or card.owner != player or not card.card.is_monster or \
            card.card.subtype != subtype:
        duel.illegal(None, "not_in_extra_deck", f"{card.id} is not {what} in {player}'s "
                     "Extra Deck")
    if not card.card.summon_with:
        duel.illegal(None, "no_summon_conditions", f"{card.name} states no summoning "
                     "conditions (summon_with) to meet")
    return card.card.summon_with


class IntegrationSummons(Component):
    """Integration Summons and the proof of their Hidden Materials."""

    def __init__(self, duel: KingdomDuel) -> None:
        super().__init__(duel)
        # Hidden Integration Monster id -> its player and eroded Materials
        self.unproven: dict[str, HiddenMaterials] = {}

    # --- Integration Summons -------------------------------------------------------------------

    def summon(self, action: Action) -> None:
        """`integration_summon`: the monster, its Materials eroded from hand or field."""
        duel = self.duel
        player, monster = action.actor, self.card(action.card)
        duel.require_open_main_phase(player, "an Integration Summon")
        terms = extra_deck_monster(duel, monster, player, "integration", "an Integration Monster")
        if action.position not in POSITIONS:
            raise ScriptError("an Integration Summon's position is attack, defense, hidden "
                              "(Hidden DEF) or hidden_attack", field="position")
        position, face_up = POSITIONS[action.position]
        self.check_duelist_setup(player, terms["duelist_setup"])
        materials = [self.card(i) for i in action.materials]
        self.check_integration_materials(materials, player, len(terms["materials"]))
        shown = face_up or self.misreads("kd-integration-hidden", "revealed-at-once")
        if shown and not self.proper_materials(materials, terms):
            self.illegal("kd-integration-summon", "wrong_materials",
                         f"{monster.name} needs {', '.join(terms['materials'])}")
        if duel.monster_zone_full(player) and not any(m.zone == "monsters" for m in materials):
            self.illegal(None, "no_free_zone", "no free Monster Zone")
        for material in materials:
            self.erode_material(material, monster, shown)
        if not shown:
            self.unproven[monster.id] = {"player": player, "materials": [m.id for m in materials]}
            self.emit("summon", f"{player} sets the eroded "
                      f"{'Material' if len(materials) == 1 else 'Materials'} apart, unrevealed",
                      ["kd-integration-hidden"], player=player, card=monster.id,
                      what="materials_apart")
        duel.summon_to_field(monster, player, position, face_up=face_up, how="integration")

    def check_duelist_setup(self, player: str, name: str) -> None:
        """The Duelist Setup played at the start of the duel is still in the Rule Zone."""
        if any(self.card(i).name == name for i in self.zone_of(player, "rule_zone")):
            self.note_rule("kd-integration-summon")
            return
        if not self.misreads("kd-integration-summon", "no-setup-needed"):
            self.illegal("kd-integration-summon", "no_duelist_setup",
                         f"{player} did not play {name} at the start of the duel")

    def check_integration_materials(self, materials: list[CardInstance], player: str,
                                    count: int) -> None:
        """The Materials come from the hand or the field of the summoning player."""
        if len(materials) != count or len({m.id for m in materials}) != count:
            self.illegal(None, "wrong_materials", "this Integration Summon erodes "
                         f"{counted(count, 'Material')}")
        for material in materials:
            in_hand = material.zone == "hand" and material.owner == player
            on_field = material.on_field and material.controller == player
            if not (in_hand or on_field):
                self.illegal("kd-integration-summon", "wrong_materials",
                             f"{material.id} is neither in {player}'s hand nor on their field")

    def proper_materials(self, materials: list[CardInstance], terms: YamlMapping) -> bool:
        """Do these cards answer the Materials the Integration Monster lists, name for name?"""
        wanted = list(terms["materials"])
        for material in materials:
            name = next((n for n in wanted if self.duel.matches(material, {"name": n})), None)
            if name is None:
                return False
            wanted.remove(name)
        return not wanted

    def erode_material(self, material: CardInstance, monster: CardInstance, shown: bool) -> None:
        if self.misreads("kd-integration-summon", "materials-to-graveyard"):
            self.duel.move(material, "graveyard",
                           reason=f"Integration Material for {monster.id}")
            return
        self.duel.erode(material, f"the Integration Summon of {monster.id}")
        if not shown and material.zone == "eroded":
            material.face_up = False

    def check_revealed(self) -> None:
        """A Hidden Integration Monster revealed (or gone) shows its eroded Materials."""
        duel = self.duel
        for monster_id in list(self.unproven):
            monster = self.card(monster_id)
            if duel.result is None and (monster.face_up or not monster.on_field) and \
                    not self.misreads("kd-integration-proof-at-end", "only-at-end"):
                cheat = self.prove_materials(monster_id, f"{monster_id} is revealed")
                if cheat:
                    duel.lose(cheat, "improper_material", ["kd-integration-improper"])

    def prove_materials(self, monster_id: str, when: str) -> str | None:
        """Show a Hidden Integration Monster's eroded Materials. Returns the player who must
        lose for an improper one, or None."""
        entry = self.unproven.pop(monster_id)
        materials = [self.card(i) for i in entry["materials"]]
        for material in materials:
            material.face_up = True
        terms = self.card(monster_id).card.summon_with
        assert terms is not None  # it was summoned by them (extra_deck_monster)
        if self.proper_materials(materials, terms):
            self.emit("reveal", f"{when}: {entry['player']} shows that "
                      f"{', '.join(m.id for m in materials)} was the proper Material of "
                      f"{monster_id}", ["kd-integration-proof-at-end"], card=monster_id,
                      materials=[m.id for m in materials], player=entry["player"], proper=True,
                      at_end=when == "the duel ends")
            return None
        self.emit("reveal", f"{when}: {', '.join(m.id for m in materials)} was not the proper "
                  f"Material of {monster_id}", ["kd-integration-proof-at-end"], card=monster_id,
                  materials=[m.id for m in materials], player=entry["player"], proper=False,
                  at_end=when == "the duel ends")
        if self.misreads("kd-integration-improper", "no-penalty"):
            return None
        return entry["player"]

    def final_result(self, winner: str | None, reason: str, rules: Iterable[str],
                     match: bool) -> tuple[str | None, str, Iterable[str], bool]:
        """The duel ends: Materials still unrevealed are shown, and a player whose Material was
        improper loses. Returns the (winner, reason, rules, match) the duel ends with."""
        if self.duel.result is None and self.unproven and \
                not self.misreads("kd-integration-proof-at-end", "only-on-reveal"):
            cheats = {self.prove_materials(m, "the duel ends") for m in list(self.unproven)}
            cheats.discard(None)
            if cheats and (winner in cheats or winner is None):
                honest = [p for p in self.duel.players if p not in cheats]
                winner = honest[0] if len(honest) == 1 else None
                reason, rules, match = "improper_material", ["kd-integration-improper"], False
        return winner, reason, rules, match
