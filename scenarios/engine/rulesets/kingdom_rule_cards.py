"""Kingdom Duels Rule Cards once the duel is under way: the Rule Zone, KEYWORD and RELIANCE
Normal Rule Cards, and Symbol Rule Cards with their charges.

A Rule Card waits in its owner's Extra Deck and is played only into the Rule Zone, which is not
part of the field. What a card may do is read from its `rule:` terms in the catalog (`keyword`,
`reliance`, `on_activation_only`, `atk_bonus`, `charges`, `effects`), never from its name.
Activating a Normal Rule Card or playing a Symbol opens a chain link like any other effect, so
speeds and responses work as they do for Spells; nothing can negate those links.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..errors import ScriptError
from ..parameters import Param, Whole
from ..rules import Rule
from ..state import ChainLink
from ..wording import counted
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..modifiers import ModifierRegistry
    from ..primitives import EffectContext
    from ..scenario import Action
    from ..state import CardInstance
    from ..yamltypes import YamlMapping
    from .kingdom_duels import KingdomDuel
    from .kingdom_teams import Teams

# Article parameters this part of the ruleset reads. `backrow_zones` only serves the wrong
# reading that gives the Rule Zone as many places as the Backrow.
RULE_CARD_PARAMETERS = (
    Param("symbol_cards_per_duel", Whole(0, 100), "kingdom-duels/rule-cards#symbol-card-limit"),
    Param("symbol_effects_per_round", Whole(0, 100),
          "kingdom-duels/rule-cards#symbol-effects-per-round"),
    Param("backrow_zones", Whole(1, 20), ("kingdom-duels/board#backrow-spell-trap-zones",
                                          "kingdom-duels/rule-cards#no-rule-zone-limit")),
)

RULE_CARD_RULES = (
    Rule("kd-rule-return", "kingdom-duels/rule-cards#return-to-extra-deck",
         "A Rule Card that leaves the Rule Zone goes back to its owner's Extra Deck.",
         {"to-graveyard": "a Rule Card that leaves the Rule Zone goes to the Graveyard"}),
    Rule("kd-rule-unnegatable", "kingdom-duels/rule-cards#cannot-be-negated",
         "Nothing negates the activation or the effects of a Rule Card.",
         {"negatable": "a Rule Card's activation can be negated like a Spell's"}),
    Rule("kd-rule-zone-unlimited", "kingdom-duels/rule-cards#no-rule-zone-limit",
         "A player may have any number of cards in the Rule Zone.",
         {"backrow-size": "the Rule Zone holds only as many cards as the Backrow has zones"}),
    Rule("kd-keyword", "kingdom-duels/rule-cards#keyword-activation",
         "A KEYWORD Rule Card needs a face-up card of your own whose Keyword matches.",
         {"opponent-cards-count": "a matching face-up card of the opponent is enough",
          "hidden-counts": "a matching face-down (Hidden or Set) card of your own is enough"}),
    Rule("kd-keyword-mentions", "kingdom-duels/rule-cards#keyword-definition",
         "A Keyword named in a card's effect counts as much as a printed Type or Attribute.",
         {"printed-only": "only the Type and Attribute printed on the card count"}),
    Rule("kd-keyword-quick", "kingdom-duels/rule-cards#keyword-quick-effect",
         "Activating a KEYWORD Rule Card is a Quick Effect: in either turn, even in response.",
         {"slow": "it is activated like a Slow effect, only in its player's open Main Phase"}),
    Rule("kd-reliance-only", "kingdom-duels/rule-cards#reliance-only-named-card",
         "A RELIANCE Rule Card is activated only by the effect of the card it names.",
         {"activated-directly": "its player may activate it while controlling the named card"}),
    Rule("kd-reliance-leaves", "kingdom-duels/rule-cards#reliance-leaves-with-source",
         "A RELIANCE Rule Card leaves when the card whose effect activated it leaves the field.",
         {"stays": "the Rule Card stays once activated, whatever happens to that card"}),
    Rule("kd-reliance-activation-only", "kingdom-duels/rule-cards#reliance-on-activation-only",
         "A Reliance on activation only keeps the Rule Card after the named card leaves.",
         {"leaves-anyway": "the Rule Card leaves with the named card all the same"}),
    Rule("kd-symbol-limit", "kingdom-duels/rule-cards#symbol-card-limit",
         "A player plays at most a set number of Symbol Rule Cards per duel.",
         {"no-limit": "a player may play any number of Symbol Rule Cards"}),
    Rule("kd-symbol-slow", "kingdom-duels/rule-cards#symbol-play-slow",
         "A Symbol Rule Card is played in its player's Main Phase as a Slow effect.",
         {"quick": "a Symbol Rule Card may be played at Quick speed, even in response"}),
    Rule("kd-symbol-charges", "kingdom-duels/rule-cards#charges-required",
         "A Symbol effect needs the charges it consumes; without them it cannot be activated.",
         {"no-check": "the effect may be activated with too few charges, spending what is left"}),
    Rule("kd-symbol-consume", "kingdom-duels/rule-cards#charges-consumed",
         "Activating a Symbol effect consumes the charges it states from the card.",
         {"charges-kept": "the charges only have to be there: activating the effect spends none"}),
    Rule("kd-symbol-quick", "kingdom-duels/rule-cards#symbol-effects-quick",
         "Symbol effects are Quick Effects unless the card says otherwise.",
         {"slow": "Symbol effects are Slow, like playing the Symbol itself"}),
    Rule("kd-symbol-in-zone", "kingdom-duels/rule-cards#symbol-play-first",
         "A Symbol's effects can be activated only once the card has been played into the Rule "
         "Zone.",
         {"from-extra-deck": "a Symbol's effect may be activated straight from the Extra Deck"}),
    Rule("kd-symbol-round", "kingdom-duels/rule-cards#symbol-effects-per-round",
         "A player activates at most a set number of Symbol effects per round.",
         {"per-turn": "the limit counts per turn, so each turn of a round allows another"}),
)

# How a Rule Card's chain link came about (kept in the link's data).
KEYWORD_LINK, SYMBOL_LINK, SYMBOL_EFFECT_LINK = "keyword", "symbol", "symbol-effect"


class RuleCards(Component):
    """The Rule Zone and the Rule Cards played during the duel."""

    def __init__(self, duel: KingdomDuel, teams: Teams) -> None:
        super().__init__(duel)
        self.teams = teams
        # Rule Card id -> id of the card whose effect activated it
        self.reliant_on: dict[str, str] = {}
        # player -> ids of the Symbol Rule Cards played this duel
        self.symbols_played: dict[str, list[str]] = {}
        # player -> the round (or turn) of each Symbol effect activated
        self.symbol_uses: dict[str, list[int]] = {}

    # --- the Rule Zone -------------------------------------------------------------------------

    def rule_zone_cards(self, player: str, subtype: str | None = None) -> list[CardInstance]:
        """The cards in a player's Rule Zone, of one Rule Card kind if given."""
        cards = [self.card(i) for i in self.zone_of(player, "rule_zone")]
        return [c for c in cards if subtype is None or c.card.subtype == subtype]

    def check_rule_zone_room(self, player: str) -> None:
        """The Rule Zone has no limit; the wrong reading caps it at the Backrow's size."""
        held, backrow = len(self.zone_of(player, "rule_zone")), self.params["backrow_zones"]
        if held < backrow:
            return
        if self.misreads("kd-rule-zone-unlimited", "backrow-size"):
            self.illegal("kd-rule-zone-unlimited", "rule_zone_full",
                         f"{player}'s Rule Zone already holds {held} cards")
        self.note_rule("kd-rule-zone-unlimited")

    def place_in_rule_zone(self, card: CardInstance, player: str, how: str) -> None:
        """Move a Rule Card from the Extra Deck to the Rule Zone, and only there
        (kd-rule-zone-only); a Symbol gets its charges."""
        self.duel.move(card, "rule_zone", controller=player, reason=how)
        if card.card.subtype == "symbol":
            card.counters["charges"] = (card.card.rule or {})["charges"]
            self.symbols_played.setdefault(player, []).append(card.id)
        if self.misreads("kd-rule-zone-only", "backrow"):
            self.duel.move(card, "spell_trap", controller=player, reason=how)
            return
        self.note_rule("kd-rule-zone-only")

    def leave_rule_zone(self, card: CardInstance, why: str) -> None:
        """A Rule Card leaving the Rule Zone goes back to the Extra Deck, not the Graveyard."""
        self.reliant_on.pop(card.id, None)
        if self.misreads("kd-rule-return", "to-graveyard"):
            self.duel.move(card, "graveyard", reason=why)
            return
        self.duel.move(card, "extra_deck", reason=f"{why}; it goes back to the Extra Deck")
        self.note_rule("kd-rule-return")

    @staticmethod
    def placement_problem(card: CardInstance) -> str | None:
        """Why a set-up card cannot start where it is for being (or not being) a Rule Card."""
        is_rule_card = card.card.kind == "rule"
        if card.zone == "rule_zone" and not is_rule_card:
            return f"{card.name} is not a Rule Card; only Rule Cards go to the Rule Zone"
        if is_rule_card and card.zone not in ("extra_deck", "rule_zone"):
            return f"{card.name} is a Rule Card: it waits in the Extra Deck and is played only " \
                   "to the Rule Zone"
        return None

    def set_up(self, name: str) -> None:
        """Rule Cards a scenario starts with in the Rule Zone were played earlier this duel."""
        for card in self.rule_zone_cards(name, "symbol"):
            card.counters.setdefault("charges", (card.card.rule or {})["charges"])
            self.symbols_played.setdefault(name, []).append(card.id)

    # --- activating a Rule Card during the duel ------------------------------------------------

    def activate(self, player: str, card: CardInstance) -> None:
        """`activate_rule` during the duel: a Symbol is played, a KEYWORD card activated."""
        if card.card.kind != "rule":
            self.illegal(None, "not_a_rule_card", f"{card.id} ({card.name}) is not a Rule Card")
        if card.zone != "extra_deck" or card.owner != player:
            self.illegal(None, "not_in_extra_deck",
                         f"{card.id} is not a Rule Card in {player}'s Extra Deck")
        terms = card.card.rule or {}
        if card.card.subtype == "symbol":
            self.play_symbol(card, player)
        elif "reliance" in terms:
            self.activate_reliance_rule_directly(card, player, terms)
        else:
            self.activate_keyword_rule(card, player, terms)

    def require_priority(self, player: str) -> None:
        if self.duel.priority != player:
            self.illegal(None, "no_priority", f"{player} does not hold priority")

    def open_rule_link(self, card: CardInstance, player: str, speed: int, kind: str,
                       resolve: Iterable[YamlMapping] = (), targets: Iterable[str] = (),
                       effect_name: str | None = None) -> None:
        """Put a Rule Card's activation or effect on the chain."""
        duel = self.duel
        what = f"{card.id}'s {effect_name}" if effect_name else f"{card.id} ({card.name})"
        link = ChainLink(number=len(duel.chain) + 1, card_id=card.id, player=player, speed=speed,
                         program={"resolve": list(resolve)}, is_card_activation=False,
                         targets=list(targets), data={"rule_link": kind})
        duel.chain.append(link)
        self.emit("activate", f"{player} activates {what} as Chain Link {link.number} "
                  f"(Spell Speed {speed})", card=card.id, link=link.number,
                  player=player, speed=speed, effect=effect_name)
        duel.priority, duel.passes = duel.next_player(player), 0

    # --- KEYWORD -------------------------------------------------------------------------------

    def activate_keyword_rule(self, card: CardInstance, player: str, terms: YamlMapping) -> None:
        self.require_priority(player)
        speed = 1 if self.misreads("kd-keyword-quick", "slow") else 2
        self.note_rule("kd-keyword-quick")
        self.duel.check_timing(card, player, speed, False, {})
        wanted = set(terms["keyword"])
        if not any(self.has_keyword(other, player, wanted) for other in self.duel.cards_on_field()):
            self.illegal("kd-keyword", "keyword_not_met",
                         f"{player} controls no face-up card with the Keyword "
                         f"{' or '.join(sorted(wanted))} that {card.name} needs")
        self.check_rule_zone_room(player)
        self.place_in_rule_zone(card, player, "activated through its KEYWORD")
        self.emit("rule", f"{card.id}'s KEYWORD ({', '.join(sorted(wanted))}) is met",
                  ["kd-keyword"], card=card.id, keywords=sorted(wanted), what="keyword")
        self.open_rule_link(card, player, speed, KEYWORD_LINK)

    def has_keyword(self, card: CardInstance, player: str, wanted: set[str]) -> bool:
        """Does this card on the field satisfy a KEYWORD condition of `player`'s Rule Card?"""
        if card.controller != player and not self.misreads("kd-keyword", "opponent-cards-count"):
            return False
        if not card.face_up and not self.misreads("kd-keyword", "hidden-counts"):
            return False
        printed = set(self.duel.races(card)) | {card.card.attribute}
        if printed & wanted:
            return True
        mentioned = {flag.split(":", 1)[1] for flag in card.card.flags
                     if flag.startswith("mentions:")}
        if mentioned & wanted and not self.misreads("kd-keyword-mentions", "printed-only"):
            self.note_rule("kd-keyword-mentions")
            return True
        return False

    # --- RELIANCE ------------------------------------------------------------------------------

    def activate_reliance_rule_directly(self, card: CardInstance, player: str,
                                        terms: YamlMapping) -> None:
        """Only the named card's effect activates a RELIANCE Rule Card; a step of its own cannot."""
        if not self.misreads("kd-reliance-only", "activated-directly"):
            self.illegal("kd-reliance-only", "reliance_only",
                         f"{card.id} ({card.name}) is activated only by the effect of "
                         f"{terms['reliance']}")
        self.require_priority(player)
        named = next((c for c in self.duel.cards_on_field(controller=player)
                      if c.face_up and self.duel.matches(c, {"name": terms["reliance"]})), None)
        if named is None:
            self.illegal(None, "reliance_only", f"{player} controls no {terms['reliance']}")
        self.check_rule_zone_room(player)
        self.place_in_rule_zone(card, player, f"activated while {named.id} is on the field")
        self.reliant_on[card.id] = named.id

    def activate_rule_by_effect(self, ctx: EffectContext, name: str) -> None:
        """A card's effect activates the RELIANCE Rule Card it names from the Extra Deck."""
        source = self.card(ctx.card_id)
        card = next((self.card(i) for i in self.zone_of(ctx.controller, "extra_deck")
                     if self.card(i).name == name), None)
        if card is None:
            self.emit("rule", f"{ctx.controller} has no {name} in the Extra Deck to activate",
                      player=ctx.controller, name=name, what="none_in_extra_deck")
            return
        reliance = (card.card.rule or {}).get("reliance")
        if reliance is None or not self.duel.matches(source, {"name": reliance}):
            self.emit("rule", f"{source.id}'s effect cannot activate {card.id}: only the effect "
                      f"of {reliance or 'no card'} activates it", ["kd-reliance-only"],
                      by=source.id, card=card.id, relies_on=reliance, what="reliance_refused")
            return
        self.check_rule_zone_room(ctx.controller)
        self.place_in_rule_zone(card, ctx.controller, f"activated by the effect of {source.id}")
        self.reliant_on[card.id] = source.id
        self.emit("rule", f"{source.id}'s effect activates {card.id} ({card.name}), which relies "
                  f"on {source.id}", ["kd-reliance-only"], card=card.id,
                  by=source.id, player=ctx.controller, what="reliance_activated")

    def source_left_field(self, card: CardInstance) -> None:
        """A card left the field: the Rule Cards that rely on it follow it."""
        for rule_id, source_id in list(self.reliant_on.items()):
            if source_id == card.id and self.card(rule_id).zone == "rule_zone":
                self.follow_reliance(self.card(rule_id), card)

    def follow_reliance(self, rule_card: CardInstance, source: CardInstance) -> None:
        """The card a Rule Card relies on has left the field: the Rule Card leaves too, unless
        its Reliance is on activation only."""
        if (rule_card.card.rule or {}).get("on_activation_only") and \
                not self.misreads("kd-reliance-activation-only", "leaves-anyway"):
            self.reliant_on.pop(rule_card.id)
            self.emit("rule", f"{rule_card.id} stays: its Reliance on {source.id} is on "
                      "activation only", ["kd-reliance-activation-only"],
                      card=rule_card.id, by=source.id, what="reliance_stays")
            return
        if self.misreads("kd-reliance-leaves", "stays"):
            self.reliant_on.pop(rule_card.id)
            return
        self.emit("rule", f"{source.id} left the field, so {rule_card.id}, which relies on it, "
                  "leaves the Rule Zone", ["kd-reliance-leaves"], card=rule_card.id, by=source.id,
                  what="reliance_leaves")
        self.leave_rule_zone(rule_card, f"{source.id} left the field")

    # --- nothing negates a Rule Card -----------------------------------------------------------

    def rule_link_below(self, link: ChainLink) -> ChainLink | None:
        """The Rule Card's chain link that `link` would negate, or None."""
        chain = self.duel.chain
        below = chain[link.number - 2] if link.number >= 2 else None
        return below if below is not None and below.data.get("rule_link") else None

    def cannot_be_negated(self, below: ChainLink, cause: str) -> bool:
        """Nothing negates a Rule Card's link (True); under the wrong reading it can be."""
        if not self.misreads("kd-rule-unnegatable", "negatable"):
            self.emit("negate", f"{cause} cannot negate Chain Link {below.number} "
                      f"({below.card_id}): Rule Cards cannot be negated", ["kd-rule-unnegatable"],
                      link=below.number, card=below.card_id, by=cause, what="cannot")
            return True
        return False

    def negated(self, below: ChainLink, cause: str) -> None:
        """A Rule Card's activation negated (the wrong reading): it leaves the Rule Zone."""
        card = self.card(below.card_id)
        if below.data["rule_link"] in (KEYWORD_LINK, SYMBOL_LINK) and card.zone == "rule_zone":
            self.leave_rule_zone(card, f"its activation was negated by {cause}")

    # --- what a Rule Card adds while it is in the Rule Zone -------------------------------------

    def register_modifiers(self, modifiers: ModifierRegistry) -> None:
        modifiers.register("rule zone", "atk", self.atk_bonus)

    def atk_bonus(self, card: CardInstance) -> int:
        """ATK that `atk_bonus` terms of Rule Cards in any Rule Zone give a face-up monster, for
        as long as they are there (kd-rule-adds)."""
        if card.zone != "monsters" or not card.face_up:
            return 0
        bonus = 0
        for player in self.duel.players:
            for rule_card in self.rule_zone_cards(player):
                terms = (rule_card.card.rule or {}).get("atk_bonus")
                if terms and self.duel.matches(card, terms.get("filter", {})):
                    bonus += terms["amount"]
        if not bonus:
            return 0
        if self.misreads("kd-rule-adds", "once-only"):
            return 0
        self.note_rule("kd-rule-adds")
        return bonus

    # --- Symbol Rule Cards ---------------------------------------------------------------------

    def play_symbol(self, card: CardInstance, player: str) -> None:
        """A Symbol goes to the Rule Zone in its player's Main Phase, as a Slow effect."""
        self.require_priority(player)
        speed = 2 if self.misreads("kd-symbol-slow", "quick") else 1
        self.note_rule("kd-symbol-slow")
        self.duel.check_timing(card, player, speed, False, {})
        played = self.symbols_played.get(player, [])
        if len(played) >= self.params["symbol_cards_per_duel"] and \
                not self.misreads("kd-symbol-limit", "no-limit"):
            self.illegal("kd-symbol-limit", "symbol_limit",
                         f"{player} has already played a Symbol Rule Card ({', '.join(played)}) "
                         "this duel")
        self.check_rule_zone_room(player)
        self.place_in_rule_zone(card, player, "played as a Symbol")
        self.emit("rule", f"{card.id} enters {player}'s Rule Zone with "
                  f"{counted(card.counters['charges'], 'charge')}", ["kd-symbol-limit"], card=card.id,
                  player=player, charges=card.counters['charges'], what="symbol_enters")
        self.open_rule_link(card, player, speed, SYMBOL_LINK)

    def use_symbol(self, action: Action) -> None:
        """`use_symbol`: a Symbol in the Rule Zone activates one of its effects."""
        player, card = action.actor, self.card(action.card)
        symbol = card.card.subtype == "symbol" and card.owner == player
        waiting = symbol and card.zone == "extra_deck"  # not yet played into the Rule Zone
        if waiting and self.misreads("kd-symbol-in-zone", "from-extra-deck"):
            card.counters.setdefault("charges", (card.card.rule or {})["charges"])
        elif card.zone != "rule_zone" or card.controller != player or not symbol:
            self.illegal("kd-symbol-in-zone" if waiting else None, "not_in_rule_zone",
                         f"{card.id} is not a Symbol Rule Card in {player}'s Rule Zone")
        effects = (card.card.rule or {})["effects"]
        if action.choose is None or action.choose not in effects:
            raise ScriptError(f"choose one of the effects of {card.name}: {', '.join(effects)}",
                              field="choose")
        effect = effects[action.choose]
        self.require_priority(player)
        speed = 1 if self.misreads("kd-symbol-quick", "slow") else 2
        self.duel.check_timing(card, player, speed, False, effect)
        self.note_rule("kd-symbol-quick")
        when = self.check_symbol_round(player)
        targets = self.duel.choose_targets(card, player, effect, action)
        self.spend_charges(card, effect["charges"], action.choose)
        self.symbol_uses.setdefault(player, []).append(when)
        self.open_rule_link(card, player, speed, SYMBOL_EFFECT_LINK, effect["resolve"], targets,
                            effect_name=action.choose)

    def check_symbol_round(self, player: str) -> int:
        """Refuse a Symbol effect beyond the round's allowance; returns the round (or turn)
        this use counts for."""
        per_turn = self.misreads("kd-symbol-round", "per-turn")
        when = self.duel.turn if per_turn else self.teams.round_number()
        used = self.symbol_uses.get(player, []).count(when)
        if used >= self.params["symbol_effects_per_round"]:
            self.illegal("kd-symbol-round", "symbol_once_per_round",
                         f"{player} has already activated a Symbol effect this "
                         + ("turn" if per_turn else f"round (round {when})"))
        self.note_rule("kd-symbol-round")
        return when

    def spend_charges(self, card: CardInstance, cost: int, effect_name: str) -> None:
        held = card.counters.get("charges", 0)
        if held < cost and not self.misreads("kd-symbol-charges", "no-check"):
            self.illegal("kd-symbol-charges", "not_enough_charges",
                         f"{card.id}'s {effect_name} needs {counted(cost, 'charge')}; it has {held}")
        if not self.misreads("kd-symbol-consume", "charges-kept"):
            card.counters["charges"] = max(0, held - cost)
        self.emit("cost", f"{card.id} spends {counted(cost, 'charge')} on {effect_name}: "
                  f"{card.counters['charges']} left", ["kd-symbol-charges", "kd-symbol-consume"],
                  card=card.id,
                  charges=cost, left=card.counters['charges'], effect=effect_name, what="charges")

    # --- expectations ----------------------------------------------------------------------

    def charges(self) -> dict[str, int]:
        """Each card's charges, for the outcome."""
        return {card.id: card.counters["charges"] for card in self.duel.cards.values()
                if "charges" in card.counters}
