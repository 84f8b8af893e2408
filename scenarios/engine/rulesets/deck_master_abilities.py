"""Deck Masters: the Ability types beyond Ignition and Trigger, and what a replacement or a
held card changes. A mixin composed into `DeckMastersDuel` (deck_masters.py).

The rules it applies (each a named hook with its article anchor and a wrong reading):

- Trigger and Trap Abilities without a timing limit: any time but the Damage Step
  (`trigger-timing`, `trap-ability-timing`).
- A Compulsory Trigger Ability goes on the Chain by itself, at the Spell Speed of its row of
  the ability_types table (`compulsory-mandatory`, `compulsory-spell-speed`). Its Chain Link is
  the site's own reading (`chain_link: any` in the table), so it may join a Chain like a Trigger
  Ability: nothing here refuses it a link above 1.
- A Continuous Ability with a condition applies only while the condition holds
  (`continuous-conditional`).
- Spell and Trap Abilities: activated and resolved like Normal Spell / Normal Trap Cards (cards
  that answer Spell or Trap Card activations answer them, and cards that negate them negate
  them), with no free Spell & Trap Zone needed, at Spell Speed 1 / 2 (`spell-ability-*`,
  `trap-ability-*`, `spell-trap-abilities-like-cards`); their effects are Spell / Trap effects
  (`ability-effects-spell-trap`), yet the Deck Master is never a Spell or Trap Card
  (`dm-not-spell-trap`).
- No card negates an Ignition, Trigger, Compulsory Trigger or Continuous Ability
  (`only-abilities-negate`).
- Where the rules name an Ability without its type, the type is the site's reading
  (`type-reading`).
- Replacing the Deck Master: no limit (`dm-no-limit`); the new one's Abilities replace the old
  one's (`new-abilities-replace-old`); the Deck Master's designations are erased
  (`dm-designations-erased`).
- A Deck Master is still its card: a filter by name finds it (`dm-same-card`).
- Other cards in a Deck Master Position: it is only a holding area (`position-holding-area`),
  and they are not Deck Masters (`held-not-deck-master`).

Card terms read here: a Spell or Trap Ability's effect counts as a Spell or Trap effect, so a
monster flagged `unaffected:spell` (or `unaffected:trap`, read by the core for every format) is
unaffected by it; a Continuous Ability's `while: on_field` (or `in_position`) is its
condition (`while: paid`: for the turn its cost was paid in, by a `use_ability` step that
starts no Chain); the primitive `place_in_position: target` puts a card in a Deck Master
Position.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..primitives import cards_in, format_duel, primitive
from ..rules import Rule
from .ability_entries import ability_key

if TYPE_CHECKING:
    # For the type checker this mixin is a Duel, since it is only ever composed in front of
    # one; at run time it stays a plain mixin, so DeckMastersDuel's method order is unchanged.
    from ..duel import Duel
    from ..duel import Duel as DuelBase
    from ..primitives import EffectContext
    from ..scenario import Action
    from ..state import CardInstance, ChainLink
    from ..yamltypes import YamlMapping, YamlValue
else:
    DuelBase = object

# The Ability types whose activation is treated as a card's, and which card kind.
CARD_LIKE = {"spell": "spell", "trap": "trap"}
# The Ability types no card can negate.
NOT_CARD_EFFECTS = ("ignition", "trigger", "compulsory trigger", "continuous")
# A Continuous Ability's conditions (`while:`), by where its Deck Master must be.
CONDITIONS = {"on_field": "monsters", "in_position": "deck_master"}

ABILITY_RULES = (
    Rule("trigger-timing", "deck-masters/abilities#trigger-timing",
         "A Trigger Ability without a timing limit can be activated at any time except during "
         "the Damage Step.",
         {"damage-step-too": "a Trigger Ability without a timing limit can be activated in the "
                             "Damage Step as well"}),
    Rule("compulsory-mandatory", "deck-masters/abilities#compulsory-trigger-mandatory",
         "A Compulsory Trigger Ability goes on the Chain by itself as soon as its conditions are "
         "met.",
         {"optional": "a Compulsory Trigger Ability waits for its player to activate it, like a "
                      "Trigger Ability"}),
    Rule("compulsory-spell-speed", "deck-masters/abilities#compulsory-trigger-spell-speed",
         "A Compulsory Trigger Ability has the Spell Speed of its row of the Ability types "
         "table, so only an activation as fast as it can answer it.",
         {"speed-2": "a Compulsory Trigger Ability is as fast as a Quick Effect, so a Normal Trap "
                     "can answer it"}),
    Rule("continuous-conditional", "deck-masters/abilities#continuous-conditional",
         "A Continuous Ability with a condition applies only while that condition is met.",
         {"always-on": "a Continuous Ability always applies, whatever condition it states"}),
    Rule("continuous-becoming-active", "deck-masters/abilities#continuous-becoming-active",
         "Paying the cost that makes a Continuous Ability active is no activation: it starts no "
         "Chain, and nothing can be chained to it; the Ability applies at once.",
         {"chainable": "making a Continuous Ability active is answered like an activation: the "
                       "opponent receives priority and may respond"}),
    Rule("spell-ability-normal-spell", "deck-masters/abilities#spell-ability-normal-spell",
         "Activating a Spell Ability is activating a Normal Spell Card: cards that answer a "
         "Spell Card's activation can answer it.",
         {"not-a-card": "a Spell Ability is an Ability, not a Spell Card, so a card that answers "
                        "Spell Cards cannot answer it"}),
    Rule("spell-ability-no-zone", "deck-masters/abilities#spell-ability-no-zone",
         "A Spell Ability can be activated with every Spell & Trap Zone full.",
         {"needs-zone": "like a Spell Card, a Spell Ability needs a free Spell & Trap Zone"}),
    Rule("spell-ability-spell-speed", "deck-masters/abilities#spell-ability-spell-speed",
         "A Spell Ability has the Spell Speed of its row of the Ability types table, which "
         "keeps it to its player's open Main Phase.",
         {"quick": "a Spell Ability is as fast as a Quick-Play Spell, usable in any phase"}),
    Rule("trap-ability-timing", "deck-masters/abilities#trap-ability-timing",
         "A Trap Ability without a timing limit can be activated at any time except during the "
         "Damage Step.",
         {"damage-step-too": "a Trap Ability without a timing limit can be activated in the "
                             "Damage Step as well"}),
    Rule("trap-ability-normal-trap", "deck-masters/abilities#trap-ability-normal-trap",
         "Activating a Trap Ability is activating a Normal Trap Card: cards that answer a Trap "
         "Card's activation can answer it.",
         {"not-a-card": "a Trap Ability is an Ability, not a Trap Card, so a card that answers "
                        "Trap Cards cannot answer it"}),
    Rule("spell-ability-chain-link", "deck-masters/abilities#spell-ability-chain-link",
         "A Spell Ability must always be Chain Link 1: it can never join a Chain already "
         "building.",
         {"any-link": "a Spell Ability may be added to a Chain like a Quick-Play Spell"}),
    Rule("trap-ability-chain-link", "deck-masters/abilities#trap-ability-chain-link",
         "A Trap Ability may occupy any Chain Link, so it can answer a Chain already building.",
         {"link-1-only": "a Trap Ability must start its own Chain, like a Spell Ability"}),
    Rule("trap-ability-no-zone", "deck-masters/abilities#trap-ability-no-zone",
         "A Trap Ability can be activated with every Spell & Trap Zone full.",
         {"needs-zone": "like a Trap Card, a Trap Ability needs a free Spell & Trap Zone"}),
    Rule("trap-ability-spell-speed", "deck-masters/abilities#trap-ability-spell-speed",
         "A Trap Ability has the Spell Speed of its row of the Ability types table: like a "
         "Normal Trap it answers a Quick-Play Spell, never a Counter Trap.",
         {"speed-1": "a Trap Ability is as slow as a Normal Spell and cannot answer anything",
          "speed-3": "a Trap Ability is as fast as a Trigger Ability, so it can answer a "
                     "Counter Trap"}),
    Rule("only-abilities-negate", "deck-masters/abilities#only-abilities-negate-abilities",
         "No card can negate an Ignition, Trigger, Compulsory Trigger or Continuous Ability; "
         "a card that would negate one leaves it standing, while another Ability may negate it.",
         {"cards-negate": "a card that negates effects negates an Ignition Ability like any "
                          "effect",
          "nothing-negates": "an Ignition, Trigger or Compulsory Trigger Ability cannot be "
                             "negated at all, not even by another Ability"}),
    Rule("spell-trap-abilities-like-cards", "deck-masters/abilities#spell-trap-abilities-like-cards",
         "A Spell or Trap Ability behaves like a Normal Spell or Trap Card, so a card that "
         "negates its activation negates it.",
         {"abilities-immune": "a Spell or Trap Ability is an Ability, and no card negates "
                              "Abilities"}),
    Rule("ability-effects-spell-trap", "deck-masters/abilities#treated-as-spell-trap-effects",
         "The effect of a Spell or Trap Ability is a Spell or Trap effect: a monster unaffected "
         "by those is unaffected by it.",
         {"ability-not-a-card": "an Ability's effect is not a Spell or Trap effect, so a monster "
                                "unaffected by Spell effects is still affected",
          "leaves-like-a-card": "a Spell or Trap Ability is a Normal Spell or Trap Card in every "
                                "way, so once it resolves its Deck Master goes to the Graveyard "
                                "as the card would"}),
    Rule("dm-not-spell-trap", "deck-masters/abilities#deck-master-not-spell-trap",
         "A Deck Master with a Spell or Trap Ability is not a Spell or Trap Card: what destroys "
         "Spell or Trap Cards cannot destroy it.",
         {"counts-as-spell-trap": "a Deck Master with a Spell or Trap Ability counts as a Spell "
                                  "or Trap Card, so Mystical Space Typhoon or the 'destroy it' "
                                  "of a negation destroys it"}),
    Rule("type-reading", "deck-masters/abilities#types-the-rules-leave-open",
         "Where the rules name an Ability without giving its type, the site reads it as the type "
         "its description fits: Ignition for one used at will, Trigger for one that waits for "
         "an event without having to be activated.",
         {"read-as-trigger": "an Ability whose type the rules leave open is a Trigger Ability "
                             "without a timing limit, usable in any phase and at any Chain "
                             "Link"}),
    Rule("dm-same-card", "deck-masters/faq#deck-master-same-card",
         "A Deck Master is still the card it is: an effect that names that card finds it.",
         {"another-card": "being a Deck Master makes a monster a different card, so an effect "
                          "that names its card does not find it"}),
    Rule("dm-no-limit", "deck-masters/changing-your-deck-master#no-limit",
         "A player may replace their Deck Master any number of times.",
         {"once-per-duel": "a Deck Master can be replaced only once per Duel: a later Tribute "
                           "of the new one does not make another Deck Master"}),
    Rule("new-abilities-replace-old", "deck-masters/changing-your-deck-master#new-abilities-replace-old",
         "After a replacement only the new Deck Master's Abilities apply; the old one's stop.",
         {"old-abilities-stay": "the old Deck Master's Abilities keep applying beside the new "
                                "one's"}),
    Rule("dm-designations-erased", "deck-masters/on-the-field#designations-erased",
         "A Deck Master loses its Effect, Fusion, Ritual and other designations: it is a "
         "Normal Monster, so what looks for Fusion (or Effect...) Monsters does not see it.",
         {"keeps-designations": "only the effect is erased: a Fusion Monster Deck Master is "
                                "still a Fusion Monster"}),
    Rule("position-holding-area", "deck-masters/deck-master-position#holding-area",
         "A card other than the Deck Master may be put in a Deck Master Position, which then "
         "just holds it.",
         {"deck-master-only": "only a Deck Master can be in a Deck Master Position: another "
                              "card sent there goes to the Graveyard",
          "no-room": "a Deck Master Position holds its Deck Master alone, so another card has no "
                     "room there and stays where it is"}),
    Rule("held-not-deck-master", "deck-masters/deck-master-position#held-cards-not-deck-masters",
         "A card held in a Deck Master Position is not a Deck Master: it does not stand in for "
         "a Deck Master that has gone.",
         {"held-card-is-deck-master": "any card in the Deck Master Position counts as a Deck "
                                      "Master, so its player keeps one there"}),
)
# Spell Speed rules of the Ability types table this module adds, with their wrong readings.
SPEED_RULES: dict[str, str] = {"spell": "spell-ability-spell-speed",
                               "trap": "trap-ability-spell-speed"}
SPEED_MISREADINGS: dict[str, tuple[tuple[str, int], ...]] = {
    "spell-ability-spell-speed": (("quick", 2),),
    "trap-ability-spell-speed": (("speed-1", 1), ("speed-3", 3))}
TIMING_RULES = {"trigger": "trigger-timing", "trap": "trap-ability-timing"}
NO_ZONE_RULES = {"spell": "spell-ability-no-zone", "trap": "trap-ability-no-zone"}
CARD_LIKE_RULES = {"spell": "spell-ability-normal-spell", "trap": "trap-ability-normal-trap"}


@primitive("place_in_position")
def place_in_position(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`place_in_position: target`: the card goes to its owner's Deck Master Position."""
    for card in cards_in(duel, ctx, arg):
        format_duel(duel, DeckMasterAbilityRules, "Deck Master Positions").hold_in_position(
            card, ctx.card_id)


class DeckMasterAbilityRules(DuelBase):
    """The hooks `DeckMastersDuel` calls for Ability types, replacements and held cards."""

    if TYPE_CHECKING:  # what DeckMastersDuel provides
        deck_masters: dict[str, str]  # player -> the id of their Deck Master
        former_deck_masters: set[str]
        types: dict[str, YamlMapping]  # Ability type -> its row of the ability_types table
        abilities_used: set[tuple[str, str]]  # (player, ability_key) used this turn

        def is_deck_master(self, card: CardInstance) -> bool: ...
        def abilities_of(self, card: CardInstance) -> tuple[YamlMapping, ...]: ...
        def ability_active(self, player: str) -> bool: ...

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # player -> how many times their Deck Master was replaced
        self.replacements: dict[str, int] = {}
        # (type, Ability) while an Ability's use is being checked
        self._ability_in_use: tuple[str, YamlMapping] | None = None
        self._resolving_link: ChainLink | None = None
        # (player, ability_key) -> the turn a Continuous Ability's cost was paid in
        self.paid_active: dict[tuple[str, str], int] = {}

    # --- using an Ability --------------------------------------------------------------------

    def ability_kind(self, ability: YamlMapping) -> str:
        """The Ability's type, lower-case. Where the rules leave it open (the Ability has a
        `type_reading`), the type is the site's reading, and using the Ability applies it."""
        kind = str(ability["type"]).lower()
        if ability.get("type_reading") and self.types[kind]["spell_speed"] is not None:
            if self.misreads("type-reading", "read-as-trigger"):
                return "trigger"
            self.note_rule("type-reading")
        return kind

    def check_ability_use(self, player: str, card: CardInstance, ability: YamlMapping,
                          kind: str) -> None:
        """Before an Ability is put on the Chain: its zone and Damage Step rules."""
        rule = NO_ZONE_RULES.get(kind)
        if rule and self.spell_trap_full(player):
            if self.misreads(rule, "needs-zone"):
                self.illegal(rule, "no_free_zone", "no free Spell & Trap Zone")
            self.note_rule(rule)
        self._ability_in_use = (kind, ability)

    def check_damage_step(self, card: CardInstance, is_card: bool,
                          program: YamlMapping | None = None) -> None:
        """An Ability without a timing limit of its own is refused in the Damage Step by its
        type's rule (Trigger, Trap); card effects keep the core rule."""
        using = self._ability_in_use
        if using is None or self.attack is None or self.attack.step != "damage":
            return super().check_damage_step(card, is_card, program)
        kind, ability = using
        rule = TIMING_RULES.get(kind)
        if rule is None:
            return super().check_damage_step(card, is_card, program)
        if self.misreads(rule, "damage-step-too"):
            return None
        self.illegal(rule, "not_in_damage_step",
                     f"a {ability['type']} Ability without a timing limit cannot be activated "
                     "in the Damage Step")

    def make_continuous_active(self, player: str, card: CardInstance, ability: YamlMapping,
                               action: Action) -> None:
        """Pay the cost of a Continuous Ability that applies once paid (`while: paid`): it is
        active for the rest of the turn, with no Chain Link and nothing to answer."""
        if self.priority != player:
            self.illegal(None, "no_priority", f"{player} does not hold priority")
        used = (player, ability_key(card.id, ability))
        if ability.get("once_per_turn") and used in self.abilities_used:
            self.illegal(None, "once_per_turn", f"the Ability of {card.id} was used this turn")
        self.pay_costs(card, player, ability, dict(action.select))
        self.abilities_used.add(used)
        self.paid_active[used] = self.turn
        self.emit("ability", f"{player} pays to make the Continuous Ability of {card.id} active "
                  "for this turn: no Chain Link, nothing to answer",
                  ["continuous-becoming-active", "continuous-conditional"], card=card.id,
                  player=player, ability=ability["type"], what="made_active")
        if self.misreads("continuous-becoming-active", "chainable"):
            self.priority, self.passes = self.opponent(player), 0

    def ability_used(self) -> None:
        """The Ability has been checked (or refused): card checks work as usual again."""
        self._ability_in_use = None

    def triggered_ability_speed(self, kind: str) -> int:
        """The Spell Speed a triggered Ability's Chain Link gets from its table row."""
        speed = self.types[kind]["spell_speed"] or 1
        if kind == "compulsory trigger":
            if self.misreads("compulsory-spell-speed", "speed-2"):
                return 2
            self.note_rule("compulsory-spell-speed")
        return speed

    def goes_on_chain_itself(self, kind: str) -> bool:
        """Does this triggered Ability go on the Chain without its player's choice?"""
        if self.types[kind]["activation"] != "mandatory":
            return False
        if self.misreads("compulsory-mandatory", "optional"):
            return False
        self.note_rule("compulsory-mandatory")
        return True

    def start_trigger_chain(self) -> None:
        """Triggered Abilities put on the Chain by themselves are Ability links."""
        before = len(self.chain)
        super().start_trigger_chain()
        for link in self.chain[before:]:
            if link.program.get("ability_type"):
                link.ability_type = link.program["ability_type"]

    # --- answering and negating Abilities -------------------------------------------------------

    def condition_holds(self, name: str, arg: YamlValue, card: CardInstance,
                        player: str) -> bool:
        """A Spell or Trap Ability's activation is a Spell or Trap Card's for what answers one;
        `responds_to_ability` holds while an opponent's Ability is the last Chain Link."""
        top = self.chain[-1] if self.chain else None
        if name == "responds_to_ability":
            return top is not None and top.ability_type is not None and top.player != player
        if name in ("responds_to_spell_trap", "responds_to_spell") and top is not None and \
                top.ability_type in CARD_LIKE:
            kinds = ("spell", "trap") if name == "responds_to_spell_trap" else ("spell",)
            rule = CARD_LIKE_RULES[top.ability_type]
            if top.ability_type not in kinds:
                return False
            if self.misreads(rule, "not-a-card"):
                return False
            self.note_rule(rule)
            return True
        return super().condition_holds(name, arg, card, player)

    def negate_link_below(self, link: ChainLink, destroy: bool = True, cause: str = "") -> None:
        """A card negating an Ability: Spell and Trap Abilities are negated like the cards
        (their Deck Master is no Spell or Trap Card to destroy); the others cannot be."""
        if link.number < 2:
            return None
        below = self.chain[link.number - 2]
        if below.ability_type is not None and link.ability_type is not None and \
                below.ability_type in NOT_CARD_EFFECTS:
            # an Ability negating an Ignition, Trigger or Compulsory Trigger Ability: allowed
            if self.misreads("only-abilities-negate", "nothing-negates"):
                self.emit("negate", f"{cause} cannot negate the Ability of {below.card_id}",
                          card=below.card_id, by=cause, what="ability_immune")
                return None
            self.note_rule("only-abilities-negate")
        if below.ability_type is None or link.ability_type is not None:
            return super().negate_link_below(link, destroy, cause)
        if below.ability_type in NOT_CARD_EFFECTS:
            if not self.misreads("only-abilities-negate", "cards-negate"):
                kind = below.program.get("type", below.ability_type)
                self.emit("negate", f"{cause} cannot negate the {kind} Ability of "
                          f"{below.card_id}: only an Ability can", ["only-abilities-negate"],
                          card=below.card_id, by=cause, ability=kind, what="not_negated")
                return None
            return super().negate_link_below(link, destroy, cause)
        if self.misreads("spell-trap-abilities-like-cards", "abilities-immune"):
            self.emit("negate", f"{cause} cannot negate the Ability of {below.card_id}",
                      card=below.card_id, by=cause, what="ability_immune")
            return None
        self.note_rule("spell-trap-abilities-like-cards")
        deck_master = self.card(below.card_id)
        counts_as_card = self.misreads("dm-not-spell-trap", "counts-as-spell-trap")
        if destroy and deck_master.on_field and not counts_as_card:
            self.note_rule("dm-not-spell-trap")  # "destroy it" finds no Spell or Trap Card
        return super().negate_link_below(link, destroy and counts_as_card, cause)

    def is_card_of_kind(self, card: CardInstance, kind: str) -> bool:
        """A Deck Master with a Spell or Trap Ability is still only a monster."""
        if kind in ("spell", "trap", "spell_trap") and card.zone == "monsters" and \
                self.is_deck_master(card):
            ability_kind = next((CARD_LIKE[a["type"].lower()] for a in self.abilities_of(card)
                                 if a["type"].lower() in CARD_LIKE), None)
            if ability_kind and self.ability_active(card.owner):
                if self.misreads("dm-not-spell-trap", "counts-as-spell-trap"):
                    return kind in (ability_kind, "spell_trap")
                self.note_rule("dm-not-spell-trap")
        return super().is_card_of_kind(card, kind)

    # --- Spell and Trap effects -----------------------------------------------------------------

    def resolve_link(self, link: ChainLink) -> None:
        previous, self._resolving_link = self._resolving_link, link
        try:
            super().resolve_link(link)
        finally:
            self._resolving_link = previous
        kind = CARD_LIKE.get(link.ability_type or "")  # "": a card's own link
        if kind and link.resolved and self.misreads("ability-effects-spell-trap",
                                                    "leaves-like-a-card"):
            deck_master = self.card(link.card_id)  # the wrong reading: it leaves like the card
            if deck_master.zone in ("deck_master", "monsters"):
                self.move(deck_master, "graveyard", reason=f"a resolved Normal {kind.capitalize()}")

    def effect_kind(self, source_id: str) -> str | None:
        """A Spell or Trap Ability's effect counts as a Spell or Trap effect (noting the rule),
        so a monster flagged `unaffected:spell` / `unaffected:trap` ignores it too."""
        link = self._resolving_link
        if link is not None and link.card_id == source_id and link.ability_type is not None:
            kind = CARD_LIKE.get(link.ability_type)
            if kind is None or self.misreads("ability-effects-spell-trap", "ability-not-a-card"):
                return None
            self.note_rule("ability-effects-spell-trap")
            return kind
        return super().effect_kind(source_id)

    # --- Continuous Abilities and replacements ----------------------------------------------------

    def continuous_in_force(self, card: CardInstance, ability: YamlMapping) -> bool:
        """Does a Continuous Ability with a `while:` condition apply now?"""
        condition = ability.get("continuous", {}).get("while")
        if condition is None:
            return True
        if condition == "paid":  # active for the turn its cost was paid in
            holds = self.paid_active.get((card.owner, ability_key(card.id, ability))) == self.turn
        else:
            holds = card.zone == CONDITIONS[condition] and \
                (condition != "on_field" or card.face_up)
        if not holds and self.misreads("continuous-conditional", "always-on"):
            return True
        self.note_rule("continuous-conditional")
        return holds

    def ability_holders(self) -> list[tuple[str, CardInstance, bool]]:
        """(player, Deck Master card, active?) for every Deck Master whose Abilities apply: each
        player's current one; under the wrong reading, former ones too."""
        holders = []
        for player in sorted(self.deck_masters):
            holders.append((player, self.card(self.deck_masters[player]),
                            self.ability_active(player)))
            for old_id in sorted(self.former_deck_masters):
                old = self.card(old_id)
                if old.owner != player or not self.abilities_of(old):
                    continue
                if self.misreads("new-abilities-replace-old", "old-abilities-stay"):
                    holders.append((player, old, True))
                else:
                    self.note_rule("new-abilities-replace-old")
        return holders

    def held_abilities(self) -> list[tuple[str, CardInstance, bool, YamlMapping]]:
        """(player, Deck Master, active?, Ability) for each Ability of `ability_holders`."""
        return [(player, holder, active, ability)
                for player, holder, active in self.ability_holders()
                for ability in self.abilities_of(holder)]

    def replacement_allowed(self, player: str) -> bool:
        """May this player's Deck Master be replaced again? Always: there is no limit."""
        done = self.replacements.get(player, 0)
        if done:
            if self.misreads("dm-no-limit", "once-per-duel"):
                return False
            self.note_rule("dm-no-limit")
        self.replacements[player] = done + 1
        return True

    def matches(self, card: CardInstance, spec: YamlMapping) -> bool:
        """A Deck Master on the field has no designation but Normal, and keeps its name."""
        if "name" in spec and card.zone == "monsters" and self.is_deck_master(card) and \
                card.card.name == spec["name"]:
            if self.misreads("dm-same-card", "another-card"):
                return False
            self.note_rule("dm-same-card")
        if "subtype" in spec and card.card.is_monster and card.zone == "monsters" and \
                self.is_deck_master(card) and card.card.subtype != "normal":
            if not self.misreads("dm-designations-erased", "keeps-designations"):
                self.note_rule("dm-designations-erased")
                spec = dict(spec)
                if spec.pop("subtype") != "normal":
                    return False
        return super().matches(card, spec)

    # --- cards held in a Deck Master Position -----------------------------------------------------

    def hold_in_position(self, card: CardInstance, cause: str) -> None:
        """Put a card other than the Deck Master in its owner's Deck Master Position."""
        if not self.is_deck_master(card) and \
                self.misreads("position-holding-area", "deck-master-only"):
            self.move(card, "graveyard", reason=f"sent by {cause}: only a Deck Master fits there")
            return
        if not self.is_deck_master(card) and self.misreads("position-holding-area", "no-room"):
            return  # the wrong reading: the Position is full with its Deck Master
        self.move(card, "deck_master", reason=f"held in the Deck Master Position by {cause}")
        if not self.is_deck_master(card):
            self.note_rule("position-holding-area")
            self.emit("deck-master", f"{card.id} is held in {card.owner}'s Deck Master Position; "
                      "it is not a Deck Master", ["held-not-deck-master"], card=card.id,
                      player=card.owner, what="held")

    def held_card_stands_in(self, player: str) -> bool:
        """Does a card held in the player's Deck Master Position keep them from losing their
        Deck Master? No: it is not a Deck Master."""
        held = [i for i in self.zone_of(player, "deck_master") if i != self.deck_masters[player]]
        if not held:
            return False
        if self.misreads("held-not-deck-master", "held-card-is-deck-master"):
            return True
        self.note_rule("held-not-deck-master")
        return False
