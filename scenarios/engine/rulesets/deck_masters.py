"""Deck Masters: a monster chosen from the Deck leads each player's side, with its Abilities.

Built on the core Duel. The Deck Master waits in its Deck Master Position,
outside the game, until its player Special Summons it; on the field it is a
Normal Monster with its effect erased. Abilities are their own catalog entries,
typed by the `ability_types` table of the abilities article. A player whose
Deck Master is neither in its Position nor face-up on their field loses.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cards import CATALOG_DIR
from ..duel import Duel
from ..effect_zones import activation_zones
from ..errors import IllegalAction, ScenarioError, ScriptError
from ..parameters import Choice, Maybe, Param, Row, Table, Text, Whole
from ..primitives import EffectContext, format_duel, primitive
from ..rules import Rule, rulebook
from ..state import ChainLink
from ..vocabulary import reasons, step_options
from ..yamlsource import load_lazily
from . import deck_master_abilities as more
from .ability_triggers import AbilityTriggerRules
from .ability_entries import (ABILITY_KEYS, ABILITY_TYPES, ability_key, ability_named,
                              ability_problem)

if TYPE_CHECKING:
    from ..cards import Catalog, ScenarioCatalog
    from ..rules import Mutation
    from ..scenario import Action, Scenario
    from ..state import CardInstance, PendingTrigger
    from ..yamltypes import YamlMapping, YamlValue

ABILITIES_FILE = CATALOG_DIR / "abilities" / "deck-masters.yaml"


@lru_cache(maxsize=None)
def abilities(path: str | Path = ABILITIES_FILE) -> dict[str, YamlMapping]:
    """Deck Master Abilities by the name of their Deck Master, checked when first read (by the
    same checks as the Abilities a scenario's own card writes)."""
    data, lines = load_lazily(Path(path).read_text(encoding="utf-8"), Path(path).name)
    found: dict[str, YamlMapping] = {}
    for index, entry in enumerate(data or []):
        where = f"[{index}]"
        problem = ability_problem(entry, inline=False)
        if problem:
            field, message = problem
            raise ScenarioError(message, Path(path).name,
                                lines.get(f"{where}.{field}", lines.get(where)),
                                f"ability.{field}" if field else "ability")
        found[entry["deck_master"]] = entry
    return found


@primitive("return_to_position")
def return_to_position(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    format_duel(duel, DeckMastersDuel, "Deck Masters").return_deck_master_to_position(
        ctx.controller, ctx.card_id)


class DeckMastersDuel(more.DeckMasterAbilityRules, AbilityTriggerRules, Duel):
    slug = "deck-masters"
    HAS_ABILITIES = True  # its Deck Masters have Abilities (a scenario's card may write its own)
    CARD_FACTS = Duel.CARD_FACTS + ("deck_master", "monster_type")
    PARAMETERS = (
        Param("ability_types", Table(
            {"type": Text(), "spell_speed": Maybe(Whole(1, 3)),
             "chain_link": Choice(("1 only", "any", "none")),
             "activation": Choice(("optional", "mandatory", "never"))},
            required=tuple(Row({"type": kind}, "a Deck Master Ability may be of this type")
                           for kind in ABILITY_TYPES),
            unique="type"),
            ("deck-masters/abilities#ignition-spell-speed",
             "deck-masters/abilities#ignition-chain-link",
             "deck-masters/abilities#trigger-spell-speed",
             "deck-masters/abilities#compulsory-trigger-spell-speed",
             "deck-masters/abilities#spell-ability-spell-speed",
             "deck-masters/abilities#spell-ability-chain-link",
             "deck-masters/abilities#trap-ability-spell-speed")),
    )
    STEP_VERBS = Duel.STEP_VERBS | {"use_ability", "pay_to_negate", "return_to_position"}
    STEP_OPTIONS = step_options(Duel.STEP_OPTIONS, pay_to_negate=(),
                                special_summon=("materials", "position", "tributes"),
                                use_ability=("ability", "select", "target", "targets"),
                                decline=("ability",),
                                return_to_position=())
    PLAYER_FIELDS = Duel.PLAYER_FIELDS | {"deck_master", "held_in_position"}
    REASON_CODES = reasons(
        Duel.REASON_CODES, "ability_from_field", "ability_negated", "chain_link_1_only",
        "continuous_ability", "deck_master_gone", "deck_master_tribute", "must_stay_on_field",
        "no_ability",
        "not_in_position", "not_triggered", "not_your_deck_master", "nothing_to_negate",
        "once_per_turn", "opponents_deck_master")
    RULES = rulebook(
        Rule("dm-position", "deck-masters/deck-master-position#no-card-effects",
             "A card in a Deck Master Position cannot be affected or targeted by card effects; "
             "only Abilities that say so reach it.",
             {"position-reachable": "effects that reach the field also reach the Position"}),
        Rule("dm-outside-the-game", "deck-masters/deck-master-position#outside-the-game",
             "A Deck Master waiting in its Position stands outside the game: it is not a monster "
             "its player controls, so a summoning condition that asks about their monsters does "
             "not count it.",
             {"controlled-monster": "the Deck Master Position is part of its player's field, so "
                                    "the Deck Master waiting there is a monster they control"}),
        Rule("ability-chain-link", "deck-masters/abilities#ignition-chain-link",
             "An Ignition Ability must always be Chain Link 1.",
             {"any-link": "an Ignition Ability may be chained like a Quick Effect"}),
        Rule("continuous-ability", "deck-masters/abilities#continuous-no-spell-speed",
             "A Continuous Ability never activates; it simply applies.",
             {"activatable": "a Continuous Ability can be activated like an Ignition one"}),
        Rule("self-negation", "deck-masters/abilities#self-negation-cost",
             "An Ability negated by the opponent's payment still counts as used.",
             {"use-refunded": "a self-negated Ability may be used again this turn",
              "negated-for-turn": "paying to negate an Ability negates the Deck Master's "
                                  "Ability for the rest of the turn, which is why it cannot be "
                                  "used again"}),
        Rule("ability-overrides", "deck-masters/abilities#ability-overrides-card-effect",
             "An Ability overrides a card effect it contradicts.",
             {"card-effect-wins": "the card effect overrides the Ability",
              "negates-the-card": "an Ability that overrides a card effect negates that card "
                                  "and destroys it, as a negating card would"}),
        Rule("abilities-together", "deck-masters/abilities#abilities-apply-together",
             "Two contradicting Abilities both apply at the same time.",
             {"one-ability-wins": "only one of two contradicting Abilities applies"}),
        Rule("stated-override", "deck-masters/abilities#abilities-can-override",
             "When only one of two contradicting Abilities states that it overrides other "
             "Abilities, only that one applies.",
             {"applied-together": "contradicting Abilities always apply together, even when "
                                  "one of them says it overrides the others"}),
        Rule("abilities-anywhere", "deck-masters/abilities#abilities-from-position-or-field",
             "Abilities can be used from the Position or from the field.",
             {"position-only": "Abilities work only while the Deck Master is in its Position",
              "field-only": "a Deck Master's Abilities can be used only once it has been "
                            "summoned to the field, like a monster's effects",
              "erased-on-field": "on the field the Deck Master is a Normal Monster with its "
                                 "effect erased, and its Abilities are erased with it"}),
        Rule("dm-summon", "deck-masters/summoning#treated-as-special-summon",
             "Summoning the Deck Master is an ordinary Special Summon that can be responded to.",
             {"not-a-summon": "bringing out the Deck Master is not a summon",
              "unnegatable": "the Deck Master comes from outside the game, so its summon can "
                             "be answered but never negated"}),
        Rule("dm-normal-monster", "deck-masters/on-the-field#effect-erased-while-deck-master",
             "On the field a Deck Master is a Normal Monster; its effect is erased.",
             {"keeps-effects": "the Deck Master keeps its printed effect"}),
        Rule("dm-protected", "deck-masters/on-the-field#invalid-target",
             "A Deck Master cannot be flipped face-down, equipped, or have its control changed.",
             {"ordinary-target": "a Deck Master can be flipped, equipped or taken like any monster"}),
        Rule("dm-tribute", "deck-masters/on-the-field#no-tribute-set",
             "A Deck Master is Tributed only for a Tribute Summon, Fusion or Ritual Summon, "
             "and never by the opponent.",
             {"tribute-set-allowed": "a Deck Master may also be Tributed for a Tribute Set",
              "never-tributed": "a Deck Master can never be Tributed, not even for a Tribute "
                                "Summon"}),
        Rule("dm-tribute-only-for-summons", "deck-masters/on-the-field#tribute-only-for-summons",
             "A player Tributes their own Deck Master only for a Tribute, Fusion or Ritual "
             "Summon: never to pay the cost of a card or effect.",
             {"cost-allowed": "a Deck Master may be Tributed to pay a cost, like any monster its "
                              "player controls"}),
        Rule("dm-replacement", "deck-masters/changing-your-deck-master#summoned-monster-becomes-deck-master",
             "The monster summoned with the Deck Master becomes the new Deck Master.",
             {"old-stays": "the Tributed monster stays the Deck Master",
              "old-returns": "the old Deck Master returns to its Deck Master Position as a "
                             "regular card once the new monster takes over"}),
        Rule("dm-loss", "deck-masters/winning#lose-immediately",
             "A player whose Deck Master is neither in its Position nor face-up on their field loses.",
             {"only-destruction": "only a destroyed Deck Master loses the Duel"}),
        Rule("ability-whole-cost", "deck-masters/abilities#must-pay-whole-cost",
             "An Ability whose whole cost cannot be paid cannot be activated.",
             {"partial-payment": "the player may pay as much of the Ability's cost as they can"}),
        Rule("ability-reach", "deck-masters/abilities#position-needs-explicit-text",
             "An Ability reaches a Deck Master Position only if its text says so.",
             {"abilities-reach-position": "any Ability may affect a card in a Deck Master "
                                          "Position",
              "never-reaches": "nothing can affect a card in a Deck Master Position, Abilities "
                               "included, whatever they say"}),
        Rule("dm-not-attackable", "deck-masters/deck-master-position#cannot-be-attacked",
             "No attack can be declared against a card in a Deck Master Position.",
             {"attackable": "a Deck Master waiting in its Position can be attacked"}),
        Rule("dm-never-equipped", "deck-masters/on-the-field#never-equipped",
             "A Deck Master cannot be equipped to another monster.",
             {"ordinary-target": "a Deck Master can be equipped like any monster"}),
        Rule("dm-control-fixed", "deck-masters/on-the-field#control-never-changes",
             "Control of a Deck Master never changes.",
             {"ordinary-target": "control of a Deck Master can be taken like any monster's"}),
        Rule("dm-is-the-monster", "deck-masters/summoning#is-that-monster",
             "A summoned Deck Master is simply that monster, with its name and printed stats.",
             {"no-stats": "a Deck Master on the field has no ATK, DEF or Level of its own"}),
        Rule("dm-replaced-by-summon", "deck-masters/changing-your-deck-master#only-by-these-summons",
             "Tributing the Deck Master for a Tribute, Fusion or Ritual Summon replaces it.",
             {"tribute-summon-only": "only a Tribute Summon replaces the Deck Master"}),
        Rule("dm-without-abilities", "deck-masters/changing-your-deck-master#deck-master-without-abilities",
             "A monster with no Ability can still become the Deck Master; it gives no Abilities.",
             {"needs-an-ability": "a monster without an Ability cannot become the Deck Master"}),
        Rule("new-dm-erased", "deck-masters/changing-your-deck-master#new-deck-master-on-field",
             "The new Deck Master's effect is erased at once, before its summon effect can start.",
             {"summon-effect-starts": "the summon effect of the new Deck Master still starts"}),
        Rule("old-dm-regular", "deck-masters/changing-your-deck-master#old-becomes-regular",
             "The old, Tributed Deck Master is a regular monster again, effect included.",
             {"stays-erased": "the old Deck Master's effect stays erased once it has left"}),
        Rule("continuous-applies", "deck-masters/abilities#continuous-always-applies",
             "A Continuous Ability applies all the time, with nothing to activate or pay.",
             {"needs-using": "a Continuous Ability applies only in a turn its player uses it"}),
        Rule("dm-summon-any-time", "deck-masters/summoning#any-time-except-damage-step",
             "The Deck Master may be summoned at any time except the Damage Step, in either "
             "player's turn.",
             {"own-main-phase": "the Deck Master is summoned only in its player's Main Phase, "
                                "like a Normal Summon",
              "damage-step-too": "the Deck Master may be summoned in the Damage Step too, as at "
                                 "any other moment of the turn"}),
        Rule("dm-both-lost", "deck-masters/winning#simultaneous-loss-is-draw",
             "Both Deck Masters lost at the same time is a draw.",
             {"turn-player-loses": "when both are lost together, the turn player loses"}),
        # The rows of the ability_types table, applied to the Ability being used.
        Rule("ignition-spell-speed", "deck-masters/abilities#ignition-spell-speed",
             "An Ignition Ability has the Spell Speed of its row of the Ability types table, which "
             "keeps it, outside a Chain, to its player's open Main Phase.",
             {"quick": "an Ignition Ability is Spell Speed 2, usable in any phase like a Quick "
                       "Effect"}),
        Rule("trigger-optional", "deck-masters/abilities#trigger-optional",
             "A Trigger Ability whose trigger is met waits for its player, who decides whether "
             "and when to activate it.",
             {"automatic": "a Trigger Ability goes on the Chain by itself once it triggers"}),
        Rule("trigger-spell-speed", "deck-masters/abilities#trigger-spell-speed",
             "A Trigger Ability has the Spell Speed of its row of the Ability types table.",
             {"speed-2": "a Trigger Ability is Spell Speed 2, like a Quick Effect, so a Trap can "
                         "answer it"}),
        Rule("trigger-chain-link", "deck-masters/abilities#trigger-chain-link",
             "A Trigger Ability may be added to a Chain at any Chain Link.",
             {"link-1-only": "a Trigger Ability must start its own Chain, like an Ignition "
                             "Ability"}),
        Rule("trigger-before-deck-master", "deck-masters/faq#raiza-ability-does-not-trigger",
             "An Ability triggers only on what happens while its monster is the Deck Master: "
             "the Tribute Summon that made it the Deck Master came before.",
             {"sees-own-summon": "the new Deck Master's Ability triggers on the summon that made "
                                 "it the Deck Master"}),
        Rule("ability-cost-at-activation", "deck-masters/abilities#cost-paid-on-activation",
             "An Ability's cost is paid when it is activated, so it stays paid if the Ability is "
             "negated.",
             {"paid-on-resolution": "the cost is paid when the Ability resolves, so a negated "
                                    "Ability costs nothing"}),
        Rule("self-negated-chainable", "deck-masters/abilities#self-negated-still-chainable",
             "An Ability negated by its own self-negation is still a chain link that any "
             "suitable card effect or Ability can be chained to.",
             {"closed": "once its Ability is negated, nothing more can be chained to it",
              "payer-only": "once the opponent has paid to negate the Ability, only that "
                            "opponent may still chain to it"}),
        Rule("dm-never-opponents", "deck-masters/on-the-field#never-opponents-deck-master",
             "A player can never Tribute the opponent's Deck Master.",
             {"tributable": "the opponent's Deck Master is a monster like any other: a player "
                            "allowed to Tribute the opponent's monsters may Tribute it"}),
        Rule("abilities-chainable", "deck-masters/abilities#activated-abilities-can-be-chained",
             "An activated Ability can be chained to by a suitable card effect.",
             {"unanswerable": "cards cannot respond to an Ability, which is not a card effect"}),
        Rule("ability-returns-deck-master", "deck-masters/summoning#ability-can-return",
             "An Ability such as Kuriboh's can return the Deck Master from the field to its "
             "Deck Master Position.",
             {"never-returns": "once summoned, the Deck Master can never go back to its "
                               "Position, Abilities included",
              "return-loses": "a Deck Master an Ability sends back to its Position has still "
                              "left the field, so its player loses"}),
        Rule("dm-stays-on-field", "deck-masters/summoning#must-stay-on-field",
             "A player cannot move their Deck Master from the field back to its Deck Master "
             "Position; only an Ability can.",
             {"player-may-return": "a player may take their Deck Master back from the field to "
                                   "its Position, as they may bring it out"}),
        Rule("dm-face-up", "deck-masters/summoning#face-up-attack-or-defense",
             "The Deck Master is summoned face-up, in Attack or Defense Position.",
             {"defense-face-down": "a Deck Master summoned in Defense Position is placed "
                                   "face-down, like a Set monster"}),
        Rule("dm-never-face-down", "deck-masters/on-the-field#never-face-down",
             "A Deck Master on the field can never be turned face-down.",
             {"flippable": "a card effect can turn a Deck Master face-down like any monster"}),
        Rule("dm-affected", "deck-masters/on-the-field#affected-like-other-monsters",
             "Card effects target and affect a Deck Master on the field like any other monster.",
             {"untouchable": "a Deck Master stays out of reach of card effects on the field, as "
                             "in its Position"}),
        Rule("lost-by-effect", "deck-masters/winning#destroyed-by-effect",
             "A Deck Master destroyed on the field by a card effect or Ability is lost.",
             {"effect-spared": "only a Deck Master destroyed by battle is lost; one destroyed "
                               "by a card effect is just a monster in the Graveyard",
              "back-to-position": "a Deck Master destroyed by a card effect goes back to its "
                                  "Deck Master Position instead of the Graveyard, so its player "
                                  "keeps it"}),
        Rule("lost-by-battle", "deck-masters/winning#destroyed-by-battle",
             "A Deck Master destroyed by battle is lost.",
             {"battle-spared": "losing the Deck Master in battle costs LP, not the Duel",
              "back-to-position": "a Deck Master destroyed by battle goes back to its Deck "
                                  "Master Position instead of the Graveyard, so its player "
                                  "keeps it",
              "survives-battle": "battle cannot destroy a Deck Master: its player only takes "
                                 "the battle damage"}),
        Rule("lost-by-return", "deck-masters/winning#returned-to-hand-or-deck",
             "A Deck Master returned from the field to the hand or Deck is lost.",
             {"return-spared": "a Deck Master returned to the hand was not destroyed, so its "
                               "player does not lose",
              "back-to-position": "a Deck Master returned to the hand goes back to its Deck "
                                  "Master Position instead, as a Fusion Monster goes back to the "
                                  "Extra Deck, so its player keeps it"}),
        Rule("lost-by-banish", "deck-masters/winning#removed-from-play",
             "A Deck Master banished from the field is lost, though it was not destroyed.",
             {"banish-spared": "a banished Deck Master was not destroyed, so its player does "
                               "not lose",
              "back-to-position": "a Deck Master removed from play goes back to its Deck Master "
                                  "Position, the place outside the game, so its player keeps "
                                  "it"}),
        *more.ABILITY_RULES,
        base=Duel.RULES,
    )
    # The rules of the ability_types rows this engine applies, by Ability type, and their
    # wrong readings: (mutation, the Spell Speed it gives).
    SPEED_RULES: dict[str, str] = {
        "ignition": "ignition-spell-speed", "trigger": "trigger-spell-speed", **more.SPEED_RULES}
    SPEED_MISREADINGS: dict[str, tuple[tuple[str, int], ...]] = {
        "ignition-spell-speed": (("quick", 2),), "trigger-spell-speed": (("speed-2", 2),),
        **more.SPEED_MISREADINGS}
    # Where a lost Deck Master went, and the rule of the winning article that says it is lost.
    LOSS_RULES: dict[str, str] = {"battle": "lost-by-battle", "effect": "lost-by-effect",
                                  "hand": "lost-by-return", "deck": "lost-by-return",
                                  "banished": "lost-by-banish"}
    LOSS_MISREADINGS: dict[str, str] = {
        "lost-by-battle": "battle-spared", "lost-by-effect": "effect-spared",
        "lost-by-return": "return-spared", "lost-by-banish": "banish-spared"}

    def __init__(self, catalog: Catalog | ScenarioCatalog,
                 params: Mapping[str, YamlValue] | None = None,
                 mutation: Mutation | str | None = None, seed: int = 0) -> None:
        super().__init__(catalog, params, mutation, seed)
        self.deck_masters: dict[str, str] = {}
        self.former_deck_masters: set[str] = set()
        self.ability_negated_until: dict[str, int | None] = {}
        self.abilities_used: set[tuple[str, str]] = set()
        # triggered optional Abilities their player may activate
        self.waiting_abilities: list[PendingTrigger] = []
        # Abilities a Tribute Summon being made triggers, reported once it is made
        self._tribute_triggers: list[PendingTrigger] = []
        # (player, Deck Master, turn) of Abilities negated by payment
        self.paid_to_negate: set[tuple[str, str, int]] = set()
        # Deck Master id -> how it left the field (battle, effect, zone)
        self.dm_departures: dict[str, str] = {}
        self.ability_catalog = abilities()
        self.types = {row["type"].lower(): row for row in self.params["ability_types"]}

    # --- setup -----------------------------------------------------------------------------

    def setup_player_extras(self, scenario: Scenario, name: str, player: YamlMapping) -> None:
        entry: YamlValue = player.get("deck_master")  # checked by place_deck_master
        position = entry.get("position") if isinstance(entry, dict) else None
        if position not in (None, "attack", "defense"):
            raise scenario.error("position is attack or defense",
                                 f"setup.players.{name}.deck_master.position")
        card = self.place_deck_master(
            scenario, name, entry, ("id", "card", "position", "ability_negated_until",
                                    "counters"),
            zone="monsters" if position else "deck_master", position=position)
        self.deck_masters[name] = card.id
        if "ability_negated_until" in entry:
            self.ability_negated_until[name] = entry["ability_negated_until"]
        if "held_in_position" in player:
            self.place_held_cards(scenario, name, player["held_in_position"])

    def place_held_cards(self, scenario: Scenario, name: str, value: YamlValue) -> None:
        """Cards that start held in the player's Deck Master Position (an Ability put them
        there earlier): face-up, with no battle position, and not Deck Masters."""
        from ..scenario import prepared_cards
        from ..state import CardInstance
        for prepared in prepared_cards(scenario, name, "held_in_position", value):
            definition = self.catalog.get(str(prepared.name))
            if definition is None:
                raise scenario.error(f"unknown card '{prepared.name}'", f"{prepared.path}.card")
            if prepared.position is not None or not prepared.face_up or prepared.host or \
                    prepared.line or prepared.column is not None:
                raise scenario.error("a card held in a Deck Master Position is only held: it "
                                     "takes no position, face, host, line or column",
                                     prepared.path)
            if prepared.owner != name:
                raise scenario.error("a Deck Master Position holds only its own player's cards",
                                     f"{prepared.path}.owner")
            if prepared.id in self.cards:
                raise scenario.error(f"card id '{prepared.id}' is in two places",
                                     f"{prepared.path}.id")
            self.place(CardInstance(id=prepared.id, card=definition, owner=name,
                                    controller=name, zone="deck_master",
                                    counters=dict(prepared.counters)))

    # --- what a Deck Master is -------------------------------------------------------------

    def is_deck_master(self, card: CardInstance) -> bool:
        return self.deck_masters.get(card.owner) == card.id

    def monsters_a_condition_counts(self, player: str) -> list[CardInstance]:
        """A Deck Master waiting in its Position is outside the game: a summoning condition
        such as "cannot be Normal Summoned while you control a monster" does not see it."""
        found = super().monsters_a_condition_counts(player)
        waiting = [self.card(i) for i in self.zone_of(player, "deck_master")
                   if self.card(i).card.is_monster]
        if waiting:
            if self.misreads("dm-outside-the-game", "controlled-monster"):
                return found + waiting
            self.note_rule("dm-outside-the-game")
        return found

    def has_effects(self, card: CardInstance) -> bool:
        if self.is_deck_master(card) and card.zone == "monsters" and \
                not self.misreads("dm-normal-monster", "keeps-effects"):
            return False
        return True

    def is_effect_monster(self, card: CardInstance) -> bool:
        return super().is_effect_monster(card) and self.has_effects(card)

    def continuous_effect_applies(self, card: CardInstance) -> bool:
        if self.has_effects(card):
            return True
        self.note_rule("dm-normal-monster")  # a Deck Master's continuous effect is erased too
        return False

    def erased_effect(self, card: CardInstance, trigger: str) -> bool:
        """Does a Deck Master's erased effect keep its `trigger` from starting? (notes the rule)"""
        if self.has_effects(card) or not any(e["trigger"] == trigger
                                             for e in card.card.effects_of("trigger")):
            return False
        self.note_rule("dm-normal-monster")
        return True

    def queue_triggers(self, card: CardInstance, event: str, **data: object) -> None:
        self.erased_effect(card, event)
        super().queue_triggers(card, event, **data)

    def end_phase(self) -> None:
        for card in self.cards_on_field("monster", controller=self.turn_player):
            if card.face_up:
                self.erased_effect(card, "end_phase")
        super().end_phase()

    def activation_for(self, card: CardInstance, player: str) -> tuple[YamlMapping, bool]:
        if self.misreads("new-dm-erased", "summon-effect-starts") or \
                self.misreads("dm-normal-monster", "keeps-effects"):
            # The new Deck Master's summon effect started: a mandatory one goes first, as any
            # mandatory trigger does (it started while this action settled the summon).
            started = [t for t in self.optional_triggers if t["effect"].get("mandatory") and
                       t["card"] != card.id and self.is_deck_master(self.card(t["card"]))]
            if started:
                self.illegal(None, "mandatory_trigger_pending",
                             f"{started[0]['card']} must first activate its mandatory effect")
        if card.id in self.former_deck_masters and (
                any(card.zone in activation_zones(e) for e in card.card.effects
                    if "quick" in e or "ignition" in e) or
                any(t["card"] == card.id for t in self.optional_triggers)):
            # its optional trigger, or an effect it has in the hand or the Graveyard
            if self.misreads("old-dm-regular", "stays-erased"):
                self.illegal("old-dm-regular", "not_activatable",
                             f"{card.id} left the field as a Deck Master")
            self.note_rule("old-dm-regular")
        return super().activation_for(card, player)

    def effective_atk(self, card: CardInstance) -> int:
        if self.is_deck_master(card) and card.zone == "monsters" and \
                self.misreads("dm-is-the-monster", "no-stats"):
            return 0
        return super().effective_atk(card)

    def effective_def(self, card: CardInstance) -> int:
        if self.is_deck_master(card) and card.zone == "monsters" and \
                self.misreads("dm-is-the-monster", "no-stats"):
            return 0
        return super().effective_def(card)

    def card_facts(self, card: CardInstance) -> YamlMapping:
        facts = super().card_facts(card)
        facts["deck_master"] = self.is_deck_master(card)
        if self.is_deck_master(card) and card.zone == "monsters":
            facts["monster_type"] = "normal" if not self.has_effects(card) else card.card.subtype
        return facts

    def cost_rule(self, card: CardInstance, program: YamlMapping) -> str:
        """An Ability's own cost falls under the Abilities article; card costs under the core."""
        return "ability-whole-cost" if self.is_ability_of(card, program) else "costs"

    def can_pay_lp(self, rule: str, lp: int, cost: int) -> bool:
        """An Ability's LP cost needs more LP than it costs: with exactly that many, it cannot be
        paid (the Blast Juggler example of the Abilities article)."""
        if rule == "ability-whole-cost":
            return lp > cost
        return super().can_pay_lp(rule, lp, cost)

    def abilities_of(self, card: CardInstance) -> tuple[YamlMapping, ...]:
        """The card's Deck Master Abilities: those its own definition writes (a scenario's
        card), else the Abilities catalog's entry for its name; () for none."""
        if card.card.abilities:
            return card.card.abilities
        found = self.ability_catalog.get(card.card.name)
        return () if found is None else (found,)

    def is_ability_of(self, card: CardInstance, program: YamlMapping) -> bool:
        """Is this program one of the card's Abilities (not a card effect)?"""
        return any(program is ability for ability in self.abilities_of(card))

    def ability_active(self, player: str) -> bool:
        card = self.card(self.deck_masters[player])
        negated = self.ability_negated_until.get(player)
        return bool(self.abilities_of(card)) and (negated is None or negated < self.turn)

    # --- Types: Abilities over card effects --------------------------------------------------

    def races(self, card: CardInstance) -> set[str]:
        races = super().races(card)
        if card.zone != "monsters" or not card.face_up:
            return races
        from_abilities: list[str] = []
        overriding: list[bool] = []  # does the Ability behind each of them say it overrides?
        for player, holder, active, ability in self.held_abilities():
            spec = ability.get("continuous", {})
            changes_races = bool({"set_race_all", "set_race_own"} & set(spec))
            if not active:
                if changes_races and list(self.declared_races()):
                    self.note_rule("ability-overrides")  # negated: nothing overrides the card
                continue
            if not changes_races or not self.continuous_in_force(holder, ability):
                continue
            if self.misreads("continuous-applies", "needs-using") and \
                    (player, ability_key(holder.id, ability)) not in self.abilities_used:
                continue
            self.note_rule("continuous-applies")
            says_overrides = bool(ability.get("overrides"))
            if "set_race_all" in spec:
                from_abilities.append(spec["set_race_all"])
                overriding.append(says_overrides)
            if "set_race_own" in spec and card.controller == player:
                from_abilities.append(spec["set_race_own"])
                overriding.append(says_overrides)
        if not from_abilities:
            return races
        if self.misreads("ability-overrides", "card-effect-wins") and list(self.declared_races()):
            return races
        self.note_rule("ability-overrides")
        if len(from_abilities) > 1 and any(overriding) and not all(overriding):
            # only some of the contradicting Abilities say they override: those apply alone
            if not self.misreads("stated-override", "applied-together"):
                self.note_rule("stated-override")
                return {race for race, says in zip(from_abilities, overriding) if says}
        if len(from_abilities) > 1:
            self.note_rule("abilities-together")
            if self.misreads("abilities-together", "one-ability-wins"):
                return {from_abilities[-1]}
        return set(from_abilities)

    def overriding_ability(self, link: ChainLink) -> str | None:
        """The Deck Master whose active Ability changes the monsters' Types when this card's
        effect would change them too (the Ability overrides it), else None."""
        card = self.card(link.card_id)
        if not any(e.get("continuous", {}).get("set_race_all") for e in card.card.effects):
            return None
        for _, holder, active, ability in self.held_abilities():
            spec = ability.get("continuous", {})
            if active and {"set_race_all", "set_race_own"} & set(spec) and \
                    self.continuous_in_force(holder, ability):
                return holder.id
        return None

    # --- targets and protection ------------------------------------------------------------

    def valid_target(self, target: CardInstance, spec: YamlMapping, player: str,
                     source: CardInstance) -> bool:
        if target.zone == "deck_master":
            reaches = getattr(self, "_ability_reaches", False)
            if getattr(self, "_ability_targeting", False):
                # An Ability, not a card effect: it reaches the Position only if it says so.
                reaches = reaches or self.misreads("ability-reach", "abilities-reach-position") \
                    or self.misreads("dm-position", "position-reachable")
                if self.misreads("ability-reach", "never-reaches"):
                    reaches = False
                self.note_rule("ability-reach")
                if not reaches:
                    return False
            elif not reaches and not self.misreads("dm-position", "position-reachable"):
                self.note_rule("dm-position")
                return False
            if spec.get("zone", "field") in ("field", "monsters") or reaches:
                spec = {**spec, "zone": "deck_master"}
        return super().valid_target(target, spec, player, source)

    def stays_face_up(self, card: CardInstance) -> bool:
        """A Deck Master on the field is never turned face-down, even by an effect that changes
        every monster without targeting (dm-never-face-down)."""
        if not (self.is_deck_master(card) and card.zone == "monsters"):
            return super().stays_face_up(card)
        if self.misreads("dm-never-face-down", "flippable"):
            return False
        self.note_rule("dm-never-face-down")
        return True

    def can_be_targeted(self, target: CardInstance, source: CardInstance,
                        purpose: str | None = None) -> bool:
        by_purpose: dict[str | None, tuple[str, ...]] = {
            "equip": ("dm-never-equipped",), "take_control": ("dm-control-fixed",)}
        rules = by_purpose.get(purpose, ("dm-protected", "dm-never-face-down"))
        wrong = {"dm-never-face-down": "flippable"}
        if not (self.is_deck_master(target) and target.zone == "monsters"):
            return True
        if purpose in ("flip_face_down", "equip", "take_control"):
            if any(self.misreads(rule, wrong.get(rule, "ordinary-target")) for rule in rules):
                return True
            for rule in rules:
                self.note_rule(rule)
            return False
        # Any other effect reaches a Deck Master on the field as it reaches any monster.
        if self.misreads("dm-affected", "untouchable"):
            return False
        self.note_rule("dm-affected")
        return True

    def condition_holds(self, name: str, arg: YamlValue, card: CardInstance,
                        player: str) -> bool:
        attempt = self.summon_attempt
        if name in ("summon_attempt", "summon_attempt_or_summoning_card") and not self.chain \
                and attempt is not None and attempt["how"] == "special" and \
                any(self.is_deck_master(self.card(i)) for i in attempt["cards"]) and \
                self.misreads("dm-summon", "unnegatable"):
            return False  # the wrong reading: nothing may negate the Deck Master's summon
        return super().condition_holds(name, arg, card, player)

    def check_attack_target(self, attacker: CardInstance, target: CardInstance | None,
                            player: str) -> None:
        if target is not None and target.zone == "deck_master":
            if self.misreads("dm-not-attackable", "attackable"):
                return
            self.illegal("dm-not-attackable", "invalid_attack_target",
                         f"{target.id} is in its Deck Master Position and cannot be attacked")
        super().check_attack_target(attacker, target, player)

    # --- Tributes and replacing the Deck Master ----------------------------------------------

    def take_tributes(self, card: CardInstance, player: str, action: Action,
                      purpose: str) -> None:
        # The opponent's Deck Master is refused before anything else is asked of the Tribute.
        for tribute_id in action.tributes:
            tribute = self.card(tribute_id)
            if self.is_deck_master(tribute) and tribute.owner != player:
                self.check_tribute(tribute, player, purpose)
        super().take_tributes(card, player, action, purpose)

    def check_tribute(self, tribute: CardInstance, player: str, purpose: str) -> None:
        if not self.is_deck_master(tribute):
            return
        if tribute.owner != player and not self.misreads("dm-never-opponents", "tributable"):
            self.illegal("dm-never-opponents", "opponents_deck_master",
                         "a player can never Tribute the opponent's Deck Master")
        if purpose in ("tribute_summon", "tribute_set") and \
                self.misreads("dm-tribute", "never-tributed"):
            self.illegal("dm-tribute", "wrong_tributes", "a Deck Master is never Tributed")
        if purpose in ("cost", "procedure"):  # neither is a Tribute, Fusion or Ritual Summon
            if self.misreads("dm-tribute-only-for-summons", "cost-allowed"):
                return
            self.illegal("dm-tribute-only-for-summons", "deck_master_tribute",
                         "a Deck Master is Tributed only for a Tribute, Fusion or Ritual Summon, "
                         f"never {'to pay a cost' if purpose == 'cost' else 'for a procedure'}")
        if purpose == "tribute_set" and not self.misreads("dm-tribute", "tribute-set-allowed"):
            self.illegal("dm-tribute", "deck_master_tribute",
                         "a Deck Master is not Tributed for a Tribute Set")
        self.note_rule("dm-tribute")  # a Tribute Summon (or a Fusion) may take it

    def do_summon(self, action: Action) -> None:
        player = action.actor
        old = self.deck_masters.get(player)
        self._tribute_triggers = self.ability_triggers(player, "tribute_summon") \
            if action.tributes else []
        super().do_summon(action)
        if old in action.tributes:
            # The new monster is the Deck Master before its own effect could start.
            self.note_rule("dm-replaced-by-summon")
            self.replace_deck_master(player, self.card(action.card))
            # Its Ability watched nothing while the summon happened: it does not trigger on it.
            late = self.ability_triggers(player, "tribute_summon") \
                if not self._tribute_triggers else []
            if late:
                if self.misreads("trigger-before-deck-master", "sees-own-summon"):
                    self._tribute_triggers = late
                else:
                    self.note_rule("trigger-before-deck-master")

    def tribute_summoned(self, card: CardInstance, player: str, tributes: list[str]) -> None:
        if self.is_deck_master(card):
            for effect in card.card.effects_of("trigger"):
                if effect["trigger"] != "tribute_summoned":
                    continue
                if self.misreads("new-dm-erased", "summon-effect-starts"):
                    self.optional_triggers.append({"card": card.id, "effect": effect, "data": {}})
                else:
                    self.note_rule("new-dm-erased")
        super().tribute_summoned(card, player, tributes)
        for waiting in self._tribute_triggers:
            self.ability_triggered(waiting)
        self._tribute_triggers = []

    def ability_triggered(self, waiting: PendingTrigger) -> None:
        """A triggered Ability: its row of the ability_types table says whether it goes on the
        Chain by itself (mandatory) or waits for its player to activate it (optional)."""
        card = self.card(waiting["card"])
        ability = waiting["effect"]["ability"]
        kind = ability["type"].lower()
        if self.goes_on_chain_itself(kind) or (self.types[kind]["activation"] != "mandatory" and
                                              self.misreads("trigger-optional", "automatic")):
            waiting["effect"] = {**waiting["effect"], "speed": self.triggered_ability_speed(kind)}
            self.pending_triggers.append(waiting)
            return
        self.waiting_abilities.append(waiting)
        self.emit("ability", f"the {ability['type']} Ability of {card.id} triggers: its player "
                  "may activate it", ["trigger-optional"], card=card.id, what="triggered")

    def perform(self, action: Action) -> None:
        # A triggered optional Ability not used before the next action misses its timing.
        if action.verb not in ("activate", "pass", "use_ability", "pay_to_negate", "decline"):
            self.waiting_abilities = []
        super().perform(action)

    def fusion_summoned(self, fusion: CardInstance, materials: list[CardInstance]) -> None:
        self.summoned_from_materials(fusion, materials)

    def ritual_summoned(self, monster: CardInstance, materials: list[CardInstance]) -> None:
        self.summoned_from_materials(monster, materials)

    def summoned_from_materials(self, monster: CardInstance,
                                materials: list[CardInstance]) -> None:
        """A Fusion or Ritual Summon that used the Deck Master makes the monster the new one."""
        player = monster.controller
        if self.deck_masters.get(player) in {m.id for m in materials}:
            if self.misreads("dm-replaced-by-summon", "tribute-summon-only"):
                return
            self.note_rule("dm-replaced-by-summon")
            self.replace_deck_master(player, monster)

    def replace_deck_master(self, player: str, new: CardInstance) -> None:
        if self.misreads("dm-replacement", "old-stays") or not self.replacement_allowed(player):
            return
        if not self.abilities_of(new):
            if self.misreads("dm-without-abilities", "needs-an-ability"):
                return
            self.note_rule("dm-without-abilities")
        old = self.card(self.deck_masters[player])
        self.former_deck_masters.add(old.id)
        self.former_deck_masters.discard(new.id)
        self.deck_masters[player] = new.id
        self.ability_negated_until.pop(player, None)
        self.emit("deck-master", f"{new.id} ({new.name}) becomes {player}'s Deck Master; {old.id} "
                  "is a regular card again", ["dm-replacement"],
                  card=new.id, old=old.id, player=player, what="replaced")
        if self.misreads("dm-replacement", "old-returns"):
            self.move(old, "deck_master", reason="back in its Deck Master Position")

    def return_deck_master_to_position(self, player: str, cause: str) -> None:
        card = self.card(self.deck_masters[player])
        if card.zone == "monsters":
            if self.misreads("ability-returns-deck-master", "never-returns"):
                return
            self.move(card, "deck_master", reason=f"returned by the Ability of {cause}")
            self.note_rule("ability-returns-deck-master")
            if self.misreads("ability-returns-deck-master", "return-loses"):
                self.lose(player, "deck_master_lost", ["ability-returns-deck-master"])

    # --- summoning the Deck Master -----------------------------------------------------------

    def do_special_summon(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card)
        if card.card.procedure is not None and card.zone == "hand" and \
                self.deck_masters.get(player) != card.id:
            return super().do_special_summon(action)  # a monster's own summon procedure
        if self.deck_masters.get(player) != card.id or card.zone != "deck_master":
            self.illegal(None, "not_in_position", f"{card.id} is not {player}'s Deck Master in "
                         "its Deck Master Position")
        if self.priority != player:
            self.illegal(None, "no_priority", f"{player} does not hold priority")
        if self.chain:
            self.illegal(None, "not_open_game_state", "a summon cannot happen inside a chain")
        if action.position not in ("attack", "defense"):
            raise ScriptError("the summon needs position: attack or defense", field="position")
        if self.attack is not None and self.attack.step == "damage" and \
                not self.misreads("dm-summon-any-time", "damage-step-too"):
            self.illegal("dm-summon-any-time", "not_in_damage_step",
                         "the Deck Master cannot be Special Summoned during the Damage Step")
        if self.misreads("dm-summon-any-time", "own-main-phase") and (
                player != self.turn_player or self.phase not in ("main1", "main2")):
            self.illegal("dm-summon-any-time", "wrong_phase",
                         "the Deck Master is summoned only in its player's Main Phase")
        self.note_rule("dm-summon-any-time")
        if self.misreads("dm-summon", "not-a-summon"):
            # brought out at once: no summon to answer, nothing that watches summons sees it
            self.move(card, "monsters", controller=player, position=action.position,
                      reason="brought out of its Deck Master Position")
            card.summoned_turn = self.turn
        else:
            # an ordinary Special Summon: attempted first, with the same windows as any other
            face_up = not (action.position == "defense" and
                           self.misreads("dm-face-up", "defense-face-down"))
            self.summon_to_field(card, player, action.position, how="special", face_up=face_up)
        self.emit("deck-master", f"{player} Special Summons the Deck Master {card.id}: it is "
                  f"{card.name}, with its name and printed stats",
                  ["dm-summon", "dm-is-the-monster", "dm-face-up"],
                  card=card.id, player=player, what="summoned")
        if self.misreads("dm-is-the-monster", "no-stats"):  # say what the wrong reading changes
            self.emit("effect", f"{card.id} is a Deck Master with no stats of its own: 0 ATK and "
                      "0 DEF", card=card.id, what="no_stats")
        if self.attack is not None and self.attack.player != player:
            attacker = self.card(self.attack.attacker)
            attacker.attacked_this_turn = False
            self.attack = None
            self.emit("attack", f"the monsters {player} controls changed: a replay occurs, and "
                      f"{attacker.id} may attack again",
                      attacker=attacker.id, player=player, what="replay")
        self.priority, self.passes = self.turn_player, 0

    def do_return_to_position(self, action: Action) -> None:
        """A player's own attempt to take their Deck Master back to its Position: refused, for
        only an Ability can return it (the step exists so a scenario can show the refusal)."""
        player, card = action.actor, self.card(action.card)
        if self.deck_masters.get(player) != card.id or card.zone != "monsters":
            self.illegal(None, "not_your_deck_master",
                         f"{card.id} is not {player}'s Deck Master on the field")
        if self.priority != player:
            self.illegal(None, "no_priority", f"{player} does not hold priority")
        if not self.misreads("dm-stays-on-field", "player-may-return"):
            self.illegal("dm-stays-on-field", "must_stay_on_field",
                         f"{player} cannot move the Deck Master {card.id} back to its Deck Master "
                         "Position; only an Ability can")
        self.move(card, "deck_master", reason=f"taken back to its Deck Master Position by {player}")

    # --- Abilities -------------------------------------------------------------------------

    def ability_triggers(self, player: str, event: str) -> list[PendingTrigger]:
        """The player's Deck Master Abilities that this event triggers, each waiting on its own
        (the Ability itself rides along, as `ability`, for the step that uses or declines it)."""
        card = self.card(self.deck_masters[player])
        if not self.ability_active(player):
            return []
        return [self.ability_waiting(card, ability, event, {})
                for ability in self.abilities_of(card) if ability.get("trigger") == event]

    def do_use_ability(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card)
        if self.deck_masters.get(player) != card.id:
            self.illegal(None, "not_your_deck_master", f"{card.id} is not {player}'s Deck Master")
        ability = ability_named(self.abilities_of(card), action.ability,
                                f"{card.id} ({card.name})")
        if ability is None:
            self.illegal("dm-without-abilities", "no_ability",
                         f"{card.name} has no Deck Master Ability")
        if card.zone == "monsters" and self.misreads("abilities-anywhere", "position-only"):
            self.illegal("abilities-anywhere", "ability_from_field",
                         "Abilities work only from the Position")
        if card.zone == "deck_master" and self.misreads("abilities-anywhere", "field-only"):
            self.illegal("abilities-anywhere", "not_your_monster",
                         "Abilities work only once the Deck Master is on the field")
        if card.zone == "monsters" and self.misreads("abilities-anywhere", "erased-on-field"):
            self.illegal("abilities-anywhere", "no_ability",
                         "on the field the Deck Master's Abilities are erased with its effect")
        if card.zone not in ("deck_master", "monsters"):
            self.illegal("abilities-anywhere", "deck_master_gone", f"{card.id} has left play")
        self.note_rule("abilities-anywhere")
        if not self.ability_active(player):
            self.illegal(None, "ability_negated", f"the Ability of {card.id} is negated")
        if (player, card.id, self.turn) in self.paid_to_negate and \
                self.misreads("self-negation", "negated-for-turn"):
            self.illegal("self-negation", "ability_negated",
                         f"the Ability of {card.id} was negated for the rest of the turn")
        kind = self.ability_kind(ability)
        info = self.types[kind]
        if info["spell_speed"] is None and ability.get("cost"):
            return self.make_continuous_active(player, card, ability, action)
        if info["spell_speed"] is None and not self.misreads("continuous-ability", "activatable"):
            self.illegal("continuous-ability", "continuous_ability",
                         "a Continuous Ability never activates")
        waiting = next((t for t in self.waiting_abilities
                        if t["card"] == card.id and t["effect"]["ability"] is ability), None)
        used = (player, ability_key(card.id, ability))
        if self.priority != player and not (waiting is not None and not self.chain):
            self.illegal(None, "no_priority", f"{player} does not hold priority")
        if ability.get("once_per_turn") and used in self.abilities_used:
            self.illegal(None, "once_per_turn", f"the Ability of {card.id} was used this turn")
        if ability.get("trigger") and waiting is None:
            self.illegal(None, "not_triggered", f"the Ability of {card.id} waits for its trigger")
        speed = info["spell_speed"] or 1
        speed_rule = self.SPEED_RULES.get(kind)
        misreadings = self.SPEED_MISREADINGS.get(speed_rule, ()) if speed_rule else ()
        for wrong, wrong_speed in misreadings:
            if self.misreads(speed_rule, wrong):
                speed = wrong_speed
        any_link = False
        if self.chain and info["chain_link"] == "1 only":
            if kind == "spell":
                any_link = self.misreads("spell-ability-chain-link", "any-link")
                if not any_link:
                    self.illegal("spell-ability-chain-link", "chain_link_1_only",
                                 "a Spell Ability must be Chain Link 1")
            else:
                any_link = self.misreads("ability-chain-link", "any-link")
                if not any_link:
                    self.illegal("ability-chain-link", "chain_link_1_only",
                                 f"a {ability['type']} Ability must be Chain Link 1")
        if self.chain and kind == "trigger":
            if info["chain_link"] == "1 only" or self.misreads("trigger-chain-link", "link-1-only"):
                self.illegal("trigger-chain-link", "chain_link_1_only",
                             f"a {ability['type']} Ability must be Chain Link 1")
            self.note_rule("trigger-chain-link")
        if self.chain and kind == "trap":
            if info["chain_link"] == "1 only" or \
                    self.misreads("trap-ability-chain-link", "link-1-only"):
                self.illegal("trap-ability-chain-link", "chain_link_1_only",
                             "a Trap Ability must be Chain Link 1")
            self.note_rule("trap-ability-chain-link")
        if speed_rule:
            if speed == 1 and not self.chain and waiting is None and (
                    player != self.turn_player or self.phase not in ("main1", "main2")
                    or self.attack is not None):
                self.illegal(speed_rule, "spell_speed_1_timing",
                             f"a {ability['type']} Ability at Spell Speed 1 needs its player's "
                             "open Main Phase")
            self.note_rule(speed_rule)
        self.check_ability_use(player, card, ability, kind)
        try:
            self.check_timing(card, player, 2 if any_link else speed, False, ability)
        finally:
            self.ability_used()
        self.check_conditions(card, player, ability)
        self._ability_reaches = bool(ability.get("reaches_position"))
        self._ability_targeting = True
        try:
            targets = self.choose_targets(card, player, ability, action)
        finally:
            self._ability_reaches = self._ability_targeting = False
        selections = dict(action.select)
        deferred = bool(ability.get("cost")) and \
            self.misreads("ability-cost-at-activation", "paid-on-resolution")
        if not deferred:
            self.pay_costs(card, player, ability, selections)
            if ability.get("cost"):
                self.note_rule("ability-cost-at-activation")
        if waiting is not None:
            self.waiting_abilities.remove(waiting)
        self.abilities_used.add(used)
        link = ChainLink(number=len(self.chain) + 1, card_id=card.id, player=player, speed=speed,
                         program=ability, is_card_activation=False, ability_type=kind,
                         targets=targets, selections=selections,
                         data={**(waiting["data"] if waiting is not None else {}),
                               **({"deferred_cost": True} if deferred else {})})
        self.chain.append(link)
        self.emit("ability", f"{player} activates the {ability['type']} Ability of {card.id} as "
                  f"Chain Link {link.number} (Spell Speed {speed})",
                  card=card.id, link=link.number,
                  player=player, ability=ability['type'], speed=speed)
        self.priority, self.passes = self.opponent(player), 0

    def do_decline(self, action: Action) -> None:
        """Declining a triggered Ability of the player's Deck Master: a Trigger Ability waiting
        for its player stops waiting; one that went on the Chain by itself (a Compulsory
        Trigger Ability) is mandatory and cannot be declined. Other cards: as in the core."""
        player, card = action.actor, self.card(action.card_id)
        triggered = [a for a in self.abilities_of(card) if a.get("trigger")] \
            if self.deck_masters.get(player) == card.id else []
        if not triggered:
            return super().do_decline(action)
        ability = ability_named(self.abilities_of(card) if action.ability else triggered,
                                action.ability, f"{card.id} ({card.name})")
        assert ability is not None  # the card has Abilities
        kind = ability["type"].lower()
        started = [t["effect"] for t in self.pending_triggers if t["card"] == card.id] + \
            [link.program for link in self.chain if link.card_id == card.id and not link.resolved]
        if any(program.get("ability") is ability for program in started):
            rule = "compulsory-mandatory" if kind == "compulsory trigger" else "trigger-optional"
            self.illegal(rule, "mandatory_effect", f"the {ability['type']} Ability of {card.id} "
                         "went on the Chain by itself: it cannot be declined")
        waiting = next((t for t in self.waiting_abilities
                        if t["card"] == card.id and t["effect"]["ability"] is ability), None)
        if waiting is None:
            self.illegal(None, "nothing_to_decline", f"no {ability['type']} Ability of {card.id} "
                         f"waits for {player} to activate it")
        self.waiting_abilities.remove(waiting)
        rules = ["trigger-optional"] if kind == "trigger" else []
        self.emit("ability", f"{player} declines the {ability['type']} Ability of {card.id}: it "
                  "is not activated", rules, card=card.id, player=player,
                  ability=ability["type"], what="declined")

    def do_pay_to_negate(self, action: Action) -> None:
        player = action.actor
        top = self.chain[-1] if self.chain else None
        if top is None or top.ability_type is None or "self_negation" not in top.program or \
                top.player == player or top.negated:
            self.illegal(None, "nothing_to_negate", "no Ability the opponent may negate by paying")
        selections: dict[str, YamlValue] = {}
        self.pay_costs(self.card(top.card_id), player,
                       {**top.program["self_negation"], "purpose": "negation"}, selections)
        top.negated = True
        self.negated.append(top.card_id)
        self.emit("negate", f"{player} pays to negate the Ability of {top.card_id}; it still "
                  "counts as used this turn", ["self-negation"],
                  card=top.card_id, player=player, what="pay_to_negate")
        if self.misreads("self-negation", "use-refunded"):
            ability = top.program.get("ability", top.program)
            self.abilities_used.discard((top.player, ability_key(top.card_id, ability)))
        self.paid_to_negate.add((top.player, top.card_id, self.turn))
        self.priority, self.passes = self.opponent(player), 0

    def check_timing(self, card: CardInstance, player: str, speed: int, is_card: bool,
                     program: YamlMapping) -> None:
        answers_ability = bool(self.chain) and self.chain[-1].ability_type is not None and \
            not self.is_ability_of(card, program)
        if answers_ability and self.chain[-1].negated:
            if self.misreads("self-negated-chainable", "closed"):
                self.illegal("self-negated-chainable", "spell_speed_too_low",
                             "a negated Ability cannot be chained to")
            if player == self.chain[-1].player and \
                    self.misreads("self-negated-chainable", "payer-only"):
                self.illegal("self-negated-chainable", "no_priority",
                             "only the player who paid to negate the Ability may answer it")
            self.note_rule("self-negated-chainable")
        if answers_ability and self.misreads("abilities-chainable", "unanswerable"):
            self.illegal("abilities-chainable", "spell_speed_too_low",
                         "a card effect cannot answer an Ability")
        super().check_timing(card, player, speed, is_card, program)
        if answers_ability:
            self.note_rule("abilities-chainable")

    # --- losing the Deck Master --------------------------------------------------------------

    def move(self, card: CardInstance, zone: str, *args: Any, **kwargs: Any) -> None:
        if card.zone == "monsters" and zone != "monsters" and self.is_deck_master(card):
            reason = kwargs.get("reason", "")
            how = "battle" if reason == "destroyed by battle" else \
                "effect" if reason.startswith("destroyed by") else zone
            rule = self.LOSS_RULES.get(how)
            if rule and self.misreads(rule, "back-to-position"):
                super().move(card, "deck_master", reason=f"{reason or zone}: back in its Deck "
                             "Master Position")
                return
            self.dm_departures[card.id] = how
        super().move(card, zone, *args, **kwargs)

    def battle_destroys(self, card: CardInstance) -> bool:
        if self.is_deck_master(card) and card.zone == "monsters" and \
                self.misreads("lost-by-battle", "survives-battle"):
            self.emit("battle", f"{card.id} is a Deck Master: the battle does not destroy it",
                      card=card.id, what="not_destroyed")
            return False
        return super().battle_destroys(card)

    def loss_rule(self, player: str) -> str | None:
        """The rule of the winning article for how this player's Deck Master left the field."""
        how = self.dm_departures.get(self.deck_masters[player])
        return self.LOSS_RULES.get(how) if how is not None else None

    def deck_master_lost(self, player: str) -> bool:
        card = self.card(self.deck_masters[player])
        if card.zone == "deck_master":
            return False
        if card.zone == "monsters" and card.face_up and card.controller == player:
            return False
        if self.misreads("dm-loss", "only-destruction") and card.zone != "graveyard":
            return False
        if self.held_card_stands_in(player):
            return False
        rule = self.loss_rule(player)
        if rule and self.misreads(rule, self.LOSS_MISREADINGS[rule]):
            return False
        return True

    def check_deck_masters(self) -> None:
        if self.result is not None or not self.deck_masters:
            return
        lost = [p for p in sorted(self.deck_masters) if self.deck_master_lost(p)]
        how = [r for r in dict.fromkeys(self.loss_rule(p) for p in lost) if r]
        if len(lost) == 2:
            if self.misreads("dm-both-lost", "turn-player-loses"):
                self.lose(self.turn_player, "deck_master_lost", ["dm-both-lost"] + how)
            else:
                self.finish(None, "deck_master_lost", ["dm-both-lost"] + how)
        elif lost:
            self.lose(lost[0], "deck_master_lost", ["dm-loss"] + how)

    def check_state(self, after_chain: bool = False) -> None:
        super().check_state(after_chain)
        self.check_deck_masters()

    def after_primitive(self, ctx: EffectContext) -> None:
        super().after_primitive(ctx)
        self.check_deck_masters()

    def resolve_link(self, link: ChainLink) -> None:
        overriding = link.is_card_activation and not link.negated and \
            self.misreads("ability-overrides", "negates-the-card") and \
            self.overriding_ability(link)
        if overriding:  # the wrong reading: overriding the card is negating it
            link.negated = True
            self.negated.append(link.card_id)
            self.emit("negate", f"the Ability of {overriding} negates {link.card_id}",
                      card=link.card_id, by=overriding, what="overridden")
        if link.data.get("deferred_cost") and not link.negated:
            try:  # the wrong reading: the cost is paid only now
                self.pay_costs(self.card(link.card_id), link.player, link.program,
                               dict(link.selections))
            # A script made for the right reading may lack the choice this late payment asks
            # for: under the wrong reading that is a cost that cannot be paid, like a refusal.
            except (IllegalAction, ScriptError):
                pass
        if link.ability_type is not None and not link.negated:
            self._ability_reaches = bool(link.program.get("reaches_position"))
        try:
            super().resolve_link(link)
        finally:
            self._ability_reaches = False
        if overriding:
            self.destroy(self.card(link.card_id), overriding)

    def snapshot(self) -> YamlMapping:
        data = super().snapshot()
        data["deck_masters"] = dict(self.deck_masters)
        return data

    def turn_facts(self) -> YamlMapping:
        """A Deck Master Ability negated until the end of a turn lasts beyond its step."""
        facts = super().turn_facts()
        negated = {player: turn for player, turn in self.ability_negated_until.items()
                   if turn is not None and turn >= self.turn}
        if negated:
            facts["ability_negated_until"] = negated
        return facts

    def to_setup(self) -> YamlMapping:
        setup = super().to_setup()
        for player, card_id in self.deck_masters.items():
            card = self.card(card_id)
            entries = setup["players"][player]
            for zone in ("deck_master", "monsters"):
                entries[zone] = [e for e in entries.get(zone, []) if e["id"] != card_id]
                if not entries[zone]:
                    entries.pop(zone)
            entry: YamlMapping = {"id": card_id, "card": card.name}
            if card.zone == "monsters":
                entry["position"] = card.position
            entries["deck_master"] = entry
        return setup


__all__ = ["DeckMastersDuel", "abilities", "EffectContext"]
