"""Thought Ruler Highlander: a Deck Master in the Extra Monster Zone, a Summon Limit that
follows the opponent's Life Points, and Nightfall.

Every number comes from the format's article parameters: the summon-limit
table, the Deck Master's weight toward it, and Nightfall's cost and uses.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..duel import Duel
from ..errors import ScriptError
from ..parameters import Param, Row, Table, Whole
from ..restrictions import restricting
from ..rules import Rule, rulebook
from ..vocabulary import reasons, step_options
from ..wording import counted

if TYPE_CHECKING:
    from ..cards import Catalog, ScenarioCatalog
    from ..rules import Mutation
    from ..scenario import Action, Scenario
    from ..state import CardInstance, ChainLink, SummonAttempt
    from ..yamltypes import YamlMapping, YamlValue

SUMMONING_STEPS = ("special_summon", "fusion_summon", "ritual_summon")
# The monsters that can never be a Deck Master in this format (deck-master-legality).
NOT_DECK_MASTERS = ("ritual", "fusion", "synchro", "xyz", "link")
# The rules of the rows of the summon-limit table, from the top (the highest LP threshold).
LIMIT_ROW_RULES = ("limit-row-high", "limit-row-middle", "limit-row-low")


class HighlanderDuel(Duel):
    slug = "thought-ruler-highlander"
    EXPECT_KEYS = Duel.EXPECT_KEYS + ("summons",)
    CARD_FACTS = Duel.CARD_FACTS + ("deck_master",)
    PARAMETERS = (
        Param("summon_limit_table", Table(
            {"opponent_lp_at_least": Whole(0), "limit": Whole(0, 100)},
            required=(Row({"opponent_lp_at_least": 0},
                          "the limit must be known down to 0 LP"),),
            unique="opponent_lp_at_least"),
            ("thought-ruler-highlander/summon-limit#limit-high-lp",
             "thought-ruler-highlander/summon-limit#limit-middle-lp",
             "thought-ruler-highlander/summon-limit#limit-low-lp",
             "thought-ruler-highlander/summon-limit#limit-changes-during-turn")),
        Param("deck_master_summon_weight", Whole(0, 100),
              ("thought-ruler-highlander/summon-limit#deck-master-normal-summon-weight",
               "thought-ruler-highlander/summon-limit#deck-master-set-weight")),
        Param("deck_master_summon_cost_cards", Whole(0, 100),
              "thought-ruler-highlander/summoning-the-deck-master#shuffle-card-from-hand"),
        Param("nightfall_cost", Whole(0), "thought-ruler-highlander/nightfall#nightfall-cost"),
        Param("nightfall_uses_per_turn", Whole(0, 100),
              "thought-ruler-highlander/nightfall#once-per-turn"),
    )
    STEP_VERBS = Duel.STEP_VERBS | {"nightfall", "pendulum_summon"}
    STEP_OPTIONS = step_options(
        Duel.STEP_OPTIONS, nightfall=(), pendulum_summon=("target", "targets", "to"),
        activate=("choose", "materials", "select", "target", "targets", "to"),
        set=("position", "select", "tributes"),
        special_summon=("materials", "position", "to", "tributes"),
        summon=("position", "select", "to", "tributes"))
    PLAYER_FIELDS = Duel.PLAYER_FIELDS | {"deck_master", "summons_this_turn"}
    REASON_CODES = reasons(Duel.REASON_CODES, "deck_master_in_emz", "emz_occupied",
                           "invalid_nightfall_card",
                           "invalid_pendulum",
                           "link_monster", "no_pendulum_scales", "once_per_turn",
                           "summon_limit_reached")
    RULES = rulebook(
        Rule("limit-rule", "thought-ruler-highlander/summon-limit#summon-limit-rule",
             "No player summons more than X monsters in a turn: the X-th summon is still allowed.",
             {"fewer-than-x": "a player must stay below X: reaching X summons is not allowed"}),
        Rule("limit-opponent-lp", "thought-ruler-highlander/summon-limit#limit-from-opponent-lp",
             "Each player's limit comes from their opponent's Life Points.",
             {"own-lp": "a player's limit comes from their own Life Points"}),
        Rule("limit-table", "thought-ruler-highlander/summon-limit#reading-the-table",
             "The limit is that of the first row, read from the top, whose threshold the "
             "opponent's LP reach.",
             {"from-the-bottom": "the table is read from the bottom, so the 0 LP row always "
                                 "applies"}),
        Rule("limit-row-high", "thought-ruler-highlander/summon-limit#limit-high-lp",
             "While the opponent's LP reach the top row's threshold, the limit is that row's.",
             {"exclusive-threshold": "the opponent must have more than the threshold, not "
                                     "exactly it"}),
        Rule("limit-row-middle", "thought-ruler-highlander/summon-limit#limit-middle-lp",
             "Below the top threshold but at the middle row's threshold or more, the limit is "
             "the middle row's.",
             {"exclusive-threshold": "the opponent must have more than the threshold, not "
                                     "exactly it"}),
        Rule("limit-row-low", "thought-ruler-highlander/summon-limit#limit-low-lp",
             "Below the middle row's threshold, the limit is the bottom row's.",
             {"stays-middle": "the limit stops growing at the middle row"}),
        Rule("tribute-counts", "thought-ruler-highlander/summon-limit#tribute-summon-counts",
             "A Tribute Summon is a Normal Summon and counts toward the limit.",
             {"tribute-free": "a Tribute Summon does not count, its Tributes having paid for it"}),
        Rule("extra-summons-count", "thought-ruler-highlander/summon-limit#extra-summon-types-count",
             "A Pendulum Summon (like a Ritual, Fusion, Synchro, Xyz or Link Summon) is a Special "
             "Summon and counts.",
             {"not-counted": "a Pendulum Summon is a summoning mechanic of its own and does not "
                             "count"}),
        Rule("flips", "thought-ruler-highlander/summon-limit#flip-summon-does-not-count",
             "A Flip Summon does not count toward the limit.",
             {"flip-counts": "a Flip Summon counts like any summon"}),
        Rule("dm-shuffle", "thought-ruler-highlander/summoning-the-deck-master#shuffle-card-from-hand",
             "Summoning the Deck Master out of the Extra Monster Zone shuffles "
             "{{ deck_master_summon_cost_cards }} card from the hand into the Deck.",
             {"card-to-graveyard": "the card is discarded to the Graveyard instead"}),
        Rule("nightfall-cost", "thought-ruler-highlander/nightfall#nightfall-cost",
             "Nightfall costs {{ nightfall_cost }} LP.",
             {"free": "Nightfall costs nothing; the LP are only a limit on who may use it",
              "paid-on-declaration": "the LP are paid as soon as Nightfall is declared, and are "
                                     "lost even when the card named cannot be flipped"}),
        Rule("nightfall-opponents-card", "thought-ruler-highlander/nightfall#declare-and-flip",
             "Nightfall turns face-down a card the opponent controls, never one's own.",
             {"any-card": "Nightfall may turn any face-up card face-down, one's own included"}),
        Rule("nightfall-spell-trap", "thought-ruler-highlander/nightfall#monsters-spells-traps",
             "Nightfall may turn a face-up Spell or Trap face-down, not only a monster.",
             {"monsters-only": "Nightfall works only on monsters"}),
        Rule("nightfall-no-chain", "thought-ruler-highlander/nightfall#nightfall-no-chain",
             "Nightfall starts no chain: the turn player keeps priority and nobody responds to it.",
             {"starts-chain": "Nightfall is a chain link the opponent may respond to"}),
        Rule("summon-limit", "thought-ruler-highlander/summon-limit#limit-changes-during-turn",
             "The limit follows the opponent's current LP, whenever they change.",
             {"fixed-at-turn-start": "the limit is set by the opponent's LP as the turn began",
              "negated-at-limit": "a summoning card on the chain that the limit no longer allows "
                                  "when it resolves is negated: it does not resolve at all"}),
        Rule("deck-master-weight", "thought-ruler-highlander/summon-limit#deck-master-normal-summon-weight",
             "Normal Summoning or Setting the Deck Master counts {{ deck_master_summon_weight }} toward "
             "the limit.",
             {"counts-one": "the Deck Master counts like any other monster"}),
        Rule("deck-master-set-weight", "thought-ruler-highlander/summon-limit#deck-master-set-weight",
             "Setting the Deck Master out of the Extra Monster Zone counts "
             "{{ deck_master_summon_weight }} toward the limit, though a Normal Set does not count.",
             {"set-not-counted": "a Set of the Deck Master does not count, like any Normal Set",
              "set-counts-once": "only the Normal Summon of the Deck Master counts double: Setting "
                                 "it counts once, like a summon of any other monster",
              "no-set-from-emz": "only a Normal Summon takes the Deck Master out of the Extra "
                                 "Monster Zone: it cannot be Set from there"}),
        Rule("sets-and-flips", "thought-ruler-highlander/summon-limit#normal-set-does-not-count",
             "Normal Sets and Flip Summons do not count toward the limit.",
             {"they-count": "Sets and Flip Summons count like summons"}),
        Rule("tokens", "thought-ruler-highlander/summon-limit#tokens-do-not-count",
             "Tokens never count toward the limit.",
             {"tokens-count": "each Token counts as a summon",
              "effect-counts-once": "the Tokens themselves do not count, but the effect that "
                                    "summons them counts as one summon"}),
        Rule("simultaneous", "thought-ruler-highlander/summon-limit#each-simultaneous-monster-counts",
             "Monsters summoned at the same time each count.",
             {"counts-once": "a simultaneous summon counts once"}),
        Rule("no-attempt", "thought-ruler-highlander/summon-limit#no-attempt-at-limit",
             "At the limit a player cannot even attempt to summon.",
             {"attempt-allowed": "the card may be activated and simply fails to summon"}),
        Rule("mandatory-at-limit", "thought-ruler-highlander/summon-limit#mandatory-summon-effect-at-limit",
             "A mandatory summoning effect at the limit activates and resolves without effect.",
             {"does-not-activate": "the mandatory effect does not activate at all",
              "summons-anyway": "a mandatory effect must be carried out in full, so it summons "
                                "even past the limit"}),
        Rule("negated-summons", "thought-ruler-highlander/summon-limit#negated-summon-does-not-count",
             "Negated summons, and negated cards that would summon, do not count.",
             {"negated-counts": "a negated summon still counts toward the limit"}),
        Rule("negated-summoning-card",
             "thought-ruler-highlander/summon-limit#negated-card-or-effect-does-not-count",
             "A card or effect that would have summoned adds nothing to the count when it is "
             "negated or otherwise does not resolve.",
             {"counts-when-activated": "a card that would summon counts once activated, even "
                                       "if it is negated"}),
        Rule("emz-protected", "thought-ruler-highlander/extra-monster-zone#cannot-be-targeted-or-affected",
             "The Deck Master in the Extra Monster Zone cannot be targeted or affected.",
             {"targetable": "cards can target the Deck Master in the Extra Monster Zone"}),
        Rule("dm-conditions", "thought-ruler-highlander/summoning-the-deck-master#deck-master-conditions-apply",
             "The Deck Master's own summoning conditions still apply.",
             {"conditions-waived": "summoning from the Extra Monster Zone waives its conditions"}),
        Rule("dm-tributes", "thought-ruler-highlander/summoning-the-deck-master#tributes-still-needed",
             "A Deck Master of Level 5 or higher still needs its Tributes out of the Extra "
             "Monster Zone.",
             {"shuffle-replaces-tributes": "the shuffled card takes the place of the Tributes"}),
        Rule("dm-summon-condition",
             "thought-ruler-highlander/summoning-the-deck-master#normal-summon-condition-applies",
             "A Deck Master with a Normal Summon condition leaves the Extra Monster Zone only "
             "while that condition is met.",
             {"condition-ignored": "the shuffle is the only condition out of the Extra Monster "
                                   "Zone; the card's own Normal Summon condition is ignored",
              "never-leaves": "a monster whose text says it cannot be Normal Summoned unless "
                              "something is true is treated like one that can never be Normal "
                              "Summoned, so it never leaves the Extra Monster Zone"}),
        Rule("shuffle-kept", "thought-ruler-highlander/summoning-the-deck-master#shuffle-not-undone",
             "The card shuffled to summon the Deck Master stays in the Deck even if the summon is "
             "negated.",
             {"shuffle-returned": "a negated summon gives the shuffled card back",
              "summon-undone": "a negated summon of the Deck Master is undone entirely: the "
                               "shuffled card goes back to the hand and the Deck Master back to "
                               "the Extra Monster Zone"}),
        Rule("nightfall-once", "thought-ruler-highlander/nightfall#once-per-turn",
             "Nightfall is used at most {{ nightfall_uses_per_turn }} time(s) per turn.",
             {"twice": "Nightfall may be used twice per turn",
              "declaring-uses-it": "declaring Nightfall uses up the turn's Nightfall, even when "
                                   "the card named turns out not to be one it can flip"}),
        Rule("nightfall-turn-player", "thought-ruler-highlander/nightfall#turn-player-only",
             "Only the turn player may use Nightfall.",
             {"either-player": "either player may use Nightfall"}),
        Rule("nightfall-no-link", "thought-ruler-highlander/nightfall#not-link-monsters",
             "Nightfall cannot be used on a Link Monster.",
             {"links-allowed": "Nightfall can flip a Link Monster face-down"}),
        Rule("nightfall-defense", "thought-ruler-highlander/nightfall#monster-to-face-down-defense",
             "A monster flipped by Nightfall is changed to face-down Defense Position.",
             {"keeps-position": "the monster is turned face-down in the battle position it had"}),
        Rule("nightfall-ignores-text", "thought-ruler-highlander/nightfall#ignores-continuous-restrictions",
             "Nightfall ignores card text, restrictions included.",
             {"respects-restrictions": "a card forbidding Sets stops Nightfall"}),
        Rule("nightfall-triggers", "thought-ruler-highlander/nightfall#triggers-may-still-happen",
             "Effects that trigger on a card flipped face-down may follow Nightfall.",
             {"no-triggers": "nothing can trigger from Nightfall, as it is not an effect"}),
        Rule("emz-not-on-field", "thought-ruler-highlander/extra-monster-zone#not-on-the-field",
             "A Deck Master in the Extra Monster Zone is not on the field: an effect on the "
             "monsters on the field does not see it.",
             {"on-the-field": "the Extra Monster Zone is part of the field, so its Deck Master "
                              "is one of the monsters on the field"}),
        Rule("dm-ordinary-after-summon",
             "thought-ruler-highlander/summoning-the-deck-master#normal-monster-after-summon",
             "A summoned Deck Master is an ordinary monster, affected by card effects like any "
             "other.",
             {"still-protected": "the Deck Master keeps the protection of the Extra Monster Zone "
                                 "after it is summoned"}),
        Rule("dm-no-return-to-emz", "thought-ruler-highlander/summoning-the-deck-master#no-return-to-emz",
             "A summoned Deck Master that leaves the field goes where any monster would, never "
             "back to the Extra Monster Zone.",
             {"back-to-emz": "a summoned Deck Master leaving the field goes back to the Extra "
                             "Monster Zone"}),
        Rule("face-down-special-counts",
             "thought-ruler-highlander/summon-limit#face-down-special-summon-counts",
             "A monster an effect Special Summons in face-down position counts toward the limit "
             "like any Special Summon.",
             {"face-down-free": "a face-down Special Summon is like a Set and does not count"}),
        Rule("nightfall-no-target", "thought-ruler-highlander/nightfall#nightfall-no-target",
             "Nightfall does not target: a card that cannot be targeted can still be turned "
             "face-down by it.",
             {"targets": "Nightfall targets the card it turns face-down, so a card that cannot be "
                         "targeted is out of its reach"}),
        Rule("emz-leaves-only-by-normal-summon",
             "thought-ruler-highlander/extra-monster-zone#leaves-only-by-normal-summon-or-set",
             "A Deck Master leaves the Extra Monster Zone only by a Normal Summon or Set, never "
             "by a Special Summon, its own summoning procedure included.",
             {"special-summon-too": "the Deck Master may also be Special Summoned out of the "
                                    "Extra Monster Zone by its own summoning procedure",
              "costs-too": "only summons are held back: a cost may Tribute, send or banish the "
                           "Deck Master out of the Extra Monster Zone, as a monster its player "
                           "controls"}),
        Rule("emz-no-effects", "thought-ruler-highlander/extra-monster-zone#no-effects-in-emz",
             "None of the effects of a Deck Master waiting in the Extra Monster Zone can be "
             "activated.",
             {"effects-usable": "the Deck Master's own effects can be activated from the Extra "
                                "Monster Zone, like those of a monster on the field",
              "cannot-reach-out": "the Extra Monster Zone seals the Deck Master off both ways: "
                                  "its effects may be activated, but they cannot target or "
                                  "affect a card outside that zone",
              "effects-apply": "the continuous effects of a Deck Master in the Extra Monster Zone "
                               "apply as if it were on the field, though none can be activated"}),
        Rule("emz-occupied", "thought-ruler-highlander/extra-monster-zone#no-summons-to-occupied-emz",
             "No player can summon a monster to an Extra Monster Zone a Deck Master occupies.",
             {"free-zone": "a Deck Master in the Extra Monster Zone is not on the field, so its "
                           "zone counts as empty and a monster can be summoned there",
              "own-zone-only": "a player can never summon to the opponent's Extra Monster Zone, "
                               "whether or not a Deck Master occupies it",
              "reserved-for-deck-master": "the Extra Monster Zone is the Deck Master's for the "
                                          "whole duel: no other monster is ever summoned there, "
                                          "even after the Deck Master has left it"}),
        base=Duel.RULES,
    )

    def __init__(self, catalog: Catalog | ScenarioCatalog,
                 params: Mapping[str, YamlValue] | None = None,
                 mutation: Mutation | str | None = None, seed: int = 0) -> None:
        super().__init__(catalog, params, mutation, seed)
        self.deck_masters: dict[str, str] = {}
        # The Deck Master whose Normal Summon or Set out of the Extra Monster Zone is under
        # way: only that summon counts double; once summoned it is an ordinary monster.
        self.leaving_emz: str | None = None
        self.summon_counts: dict[str, int] = {}
        self.nightfalls = 0
        self.lp_at_turn_start: dict[str, int] = {}
        self.resolving_link: ChainLink | None = None  # the chain link now resolving, if any
        # the ids of the chain links a misreading negates at the limit
        self.negated_by_limit: set[int] = set()

    # --- setup -----------------------------------------------------------------------------

    def setup_player_extras(self, scenario: Scenario, name: str, player: YamlMapping) -> None:
        entry = player.get("deck_master")
        if entry is not None:
            # With a position it was summoned in an earlier turn: an ordinary monster on the
            # field now, which never goes back to the Extra Monster Zone.
            position = entry.get("position") if isinstance(entry, dict) else None
            if position not in (None, "attack", "defense"):
                raise scenario.error("position is attack or defense",
                                     f"setup.players.{name}.deck_master.position")
            card = self.place_deck_master(scenario, name, entry,
                                          ("id", "card", "position", "counters"),
                                          zone="monsters" if position else "extra_monster_zone",
                                          position=position)
            if card.card.subtype in NOT_DECK_MASTERS:
                # thought-ruler-highlander/deck-master-legality#no-ritual-or-extra-deck-monsters
                raise scenario.error(f"{card.card.name} is a {card.card.subtype.title()} "
                                     "Monster: no Ritual, Fusion, Synchro, Xyz or Link Monster "
                                     "can be a Deck Master here",
                                     f"setup.players.{name}.deck_master.card")
            self.deck_masters[name] = card.id
        count = player.get("summons_this_turn", 0)
        if not isinstance(count, int) or count < 0:
            raise scenario.error("summons_this_turn is a whole number",
                                 f"setup.players.{name}.summons_this_turn")
        self.summon_counts[name] = count
        self.lp_at_turn_start[name] = self.players[name].lp

    # --- the limit ------------------------------------------------------------------------

    def limit(self, player: str) -> int:
        watched = player if self.misreads("limit-opponent-lp", "own-lp") else \
            self.opponent(player)
        lp = self.lp_at_turn_start[watched] if self.misreads("summon-limit", "fixed-at-turn-start") \
            else self.players[watched].lp
        rows = sorted(self.params["summon_limit_table"], key=lambda r: -r["opponent_lp_at_least"])
        self.note_rule("limit-opponent-lp")
        self.note_rule("limit-table")
        if self.misreads("limit-table", "from-the-bottom"):
            return next(r["limit"] for r in reversed(rows) if lp >= r["opponent_lp_at_least"])
        for index, row in enumerate(rows):
            rule = LIMIT_ROW_RULES[index] if index < len(LIMIT_ROW_RULES) else None
            threshold = row["opponent_lp_at_least"]
            exclusive = rule is not None and self.misreads(rule, "exclusive-threshold")
            if lp > threshold or (lp == threshold and not exclusive):
                if rule is not None:
                    self.note_rule(rule)
                if index >= 2 and self.misreads("limit-row-low", "stays-middle"):
                    return rows[1]["limit"]
                return row["limit"]
        return rows[-1]["limit"]

    def summons_allowed(self, player: str) -> int:
        """How many summons in all the limit allows `player` this turn, as things stand."""
        if self.misreads("limit-rule", "fewer-than-x"):
            return max(0, self.limit(player) - 1)
        return self.limit(player)

    def can_summon(self, player: str, count: int) -> bool:
        self.note_rule("limit-rule")
        if self.misreads("limit-rule", "fewer-than-x"):
            return self.summon_counts[player] + count < self.limit(player)
        return self.summon_counts[player] + count <= self.limit(player)

    def refuse_at_limit(self, player: str, count: int, rule: str = "no-attempt") -> None:
        if not self.can_summon(player, count):
            self.illegal(rule, "summon_limit_reached",
                         f"{player} has summoned {self.summon_counts[player]} of "
                         f"{self.limit(player)} monsters this turn")

    def add_summons(self, player: str, count: int, text: str) -> None:
        self.summon_counts[player] += count
        self.emit("limit", f"{player} {text}: {self.summon_counts[player]} of "
                  f"{self.limit(player)} summons this turn", ["summon-limit"], player=player,
                  added=count, count=self.summon_counts[player], limit=self.limit(player),
                  what="count")

    def weight(self) -> int:
        return 1 if self.misreads("deck-master-weight", "counts-one") else \
            self.params["deck_master_summon_weight"]

    def set_weight(self) -> int:
        """What a Set of the Deck Master out of the Extra Monster Zone counts."""
        return 1 if self.misreads("deck-master-set-weight", "set-counts-once") else self.weight()

    def summoned(self, cards: list[CardInstance], player: str, how: str) -> None:
        if how == "token":
            if self.misreads("tokens", "tokens-count"):
                self.add_summons(player, len(cards), "counts Tokens")
            elif self.misreads("tokens", "effect-counts-once"):
                self.add_summons(player, 1, "counts the effect that summoned Tokens")
            else:
                self.emit("limit", "Tokens do not count toward the Summon Limit", ["tokens"],
                          what="tokens")
            return
        if how == "flip":
            if self.misreads("flips", "flip-counts") or \
                    self.misreads("sets-and-flips", "they-count"):
                self.add_summons(player, 1, "counts a Flip Summon")
            else:
                self.emit("limit", "a Flip Summon does not count toward the Summon Limit",
                          ["flips"], what="flip")
            return
        if how in ("normal", "tribute") and any(c.id == self.leaving_emz for c in cards):
            self.leaving_emz = None
            self.add_summons(player, self.weight(), "summoned the Deck Master")
            self.note_rule("deck-master-weight")
            return
        if how == "tribute":
            if self.misreads("tribute-counts", "tribute-free"):
                return
            self.note_rule("tribute-counts")
        if how == "pendulum":
            if self.misreads("extra-summons-count", "not-counted"):
                return
            self.note_rule("extra-summons-count")
        if how == "special" and any(not c.face_up for c in cards):
            if self.misreads("face-down-special-counts", "face-down-free"):
                return
            self.note_rule("face-down-special-counts")
        counted = 1 if self.misreads("simultaneous", "counts-once") else len(cards)
        if len(cards) > 1:
            self.note_rule("simultaneous")
        self.add_summons(player, counted, f"summoned {len(cards)} monster{'s' if len(cards) != 1 else ''}")

    def monster_set(self, card: CardInstance, player: str) -> None:
        if card.id == self.leaving_emz:
            self.leaving_emz = None
            if self.misreads("deck-master-set-weight", "set-not-counted"):
                return
            self.add_summons(player, self.set_weight(), "Set the Deck Master")
            self.note_rule("deck-master-set-weight")
        elif self.misreads("sets-and-flips", "they-count"):
            self.add_summons(player, 1, "counts a Set")
        else:
            self.emit("limit", "a Normal Set does not count toward the Summon Limit",
                      ["sets-and-flips"], what="set")

    def summon_negated(self, attempt: SummonAttempt) -> None:
        self.note_rule("negated-summons")
        if self.misreads("negated-summons", "negated-counts"):
            self.summoned([self.card(i) for i in attempt["cards"]], attempt["player"],
                          attempt["how"])
        undone = "shuffled" in attempt and self.misreads("shuffle-kept", "summon-undone")
        if attempt.get("shuffled") and (undone or self.misreads("shuffle-kept",
                                                                 "shuffle-returned")):
            for shuffled_id in attempt["shuffled"]:
                self.move(self.card(shuffled_id), "hand", reason="given back")
        if undone:  # the misreading rewinds the whole summon, the Deck Master's place included
            for card_id in attempt["cards"]:
                card = self.card(card_id)
                if self.is_deck_master(card) and card.zone != "extra_monster_zone":
                    self.move(card, "extra_monster_zone", reason="its summon is undone")


    # --- summoning, with the limit -----------------------------------------------------------

    def do_summon(self, action: Action) -> None:
        player = action.actor
        self.check_summon_zone(action)
        card = self.card(action.card)
        if self.deck_masters.get(player) == card.id and card.zone == "extra_monster_zone":
            return self.summon_deck_master(action, setting=False)
        self.refuse_at_limit(player, 1)
        super().do_summon(action)

    def do_set(self, action: Action) -> None:
        player = action.actor
        card = self.card(action.card)
        if self.deck_masters.get(player) == card.id and card.zone == "extra_monster_zone":
            if self.misreads("deck-master-set-weight", "no-set-from-emz"):
                self.illegal("deck-master-set-weight", "cannot_normal_summon",
                             f"{card.id} may only be Normal Summoned out of the Extra Monster Zone")
            return self.summon_deck_master(action, setting=True)
        super().do_set(action)

    def do_special_summon(self, action: Action) -> None:
        player = action.actor
        self.check_summon_zone(action)
        card = self.card(action.card)
        if self.deck_masters.get(player) == card.id and card.zone == "extra_monster_zone" \
                and not self.misreads("emz-leaves-only-by-normal-summon", "special-summon-too"):
            self.illegal("emz-leaves-only-by-normal-summon", "deck_master_in_emz",
                         f"{card.id} waits in the Extra Monster Zone: only a Normal Summon or Set "
                         "takes it out")
        super().do_special_summon(action)

    def summon_deck_master(self, action: Action, setting: bool) -> None:
        player, card = action.actor, self.card(action.card)
        self.require_open_main_phase(player, "summoning the Deck Master")
        if self.normal_summon_used:
            self.illegal(None, "normal_summon_used", "the Normal Summon or Set of this turn is used")
        if not self.misreads("dm-conditions", "conditions-waived"):
            self.check_deck_master_condition(card, player)
        if setting and self.setting_forbidden():
            self.illegal(None, "setting_forbidden", "a face-up card forbids Setting monsters")
        self.refuse_at_limit(player, self.set_weight() if setting else self.weight())
        needed = self.params["deck_master_summon_cost_cards"]
        chosen = action.select.get("shuffle")
        shuffled_ids = [] if chosen is None else list(chosen) if isinstance(chosen, list) \
            else [chosen]
        if needed and not shuffled_ids:
            raise ScriptError("summoning the Deck Master needs select: {shuffle: <hand card>}"
                              + (f" ({needed} cards: a list)" if needed > 1 else ""),
                              field="select")
        if len(set(shuffled_ids)) != needed:
            self.illegal(None, "invalid_selection", "summoning the Deck Master shuffles "
                         f"{counted(needed, 'card')} from the hand into the Deck, "
                         f"not {len(set(shuffled_ids))}")
        for shuffled_id in shuffled_ids:
            shuffled = self.card(shuffled_id)
            if shuffled.zone != "hand" or shuffled.controller != player:
                self.illegal(None, "invalid_selection", f"{shuffled_id} is not in {player}'s hand")
        if not self.misreads("dm-conditions", "conditions-waived"):
            self.take_deck_master_tributes(card, player, action, setting)
        for shuffled_id in shuffled_ids:
            if self.misreads("dm-shuffle", "card-to-graveyard"):
                self.move(self.card(shuffled_id), "graveyard", reason="discarded")
                continue
            self.move(self.card(shuffled_id), "deck",
                      reason="shuffled into the Deck to summon the Deck Master")
            self.note_rule("dm-shuffle")
        if shuffled_ids:
            self.rng.shuffle(self.zone_of(player, "deck"))
        self.normal_summon_used = True
        self.leaving_emz = card.id
        if setting:
            self.move(card, "monsters", controller=player, face_up=False, position="defense",
                      reason="Set from the Extra Monster Zone")
            card.set_turn = self.turn
            self.monster_set(card, player)
            return
        attempt = self.summon_to_field(card, player, action.position or "attack",
                                       how="tribute" if action.tributes else "normal",
                                       tributes=action.tributes)
        attempt["shuffled"] = shuffled_ids
        self.note_rule("shuffle-kept")

    def check_deck_master_condition(self, card: CardInstance, player: str) -> None:
        """A Normal Summon condition printed on the Deck Master still has to be met."""
        if card.card.summon_condition:
            self.note_rule("dm-conditions")
        if "control" in (card.card.summon_condition or {}):
            if self.misreads("dm-summon-condition", "condition-ignored"):
                return
            if self.misreads("dm-summon-condition", "never-leaves"):
                self.illegal("dm-summon-condition", "cannot_normal_summon",
                             f"{card.id}'s text forbids its Normal Summon")
            self.note_rule("dm-summon-condition")
        self.check_summon_condition(card, player)

    def take_deck_master_tributes(self, card: CardInstance, player: str, action: Action,
                                  setting: bool) -> None:
        """A Level 5 or higher Deck Master needs its Tributes besides the shuffle."""
        if self.tributes_needed(card):
            if self.misreads("dm-tributes", "shuffle-replaces-tributes"):
                return
            self.note_rule("dm-tributes")
        self.take_tributes(card, player, action, "tribute_set" if setting else "tribute_summon")

    def check_special_summon(self, player: str, count: int) -> None:
        self.refuse_at_limit(player, count)

    def special_summon(self, card: CardInstance, player: str, position: str, cause: str = "",
                       face_up: bool = True) -> bool:
        if not self.room_to_summon(player, 1, cause):
            return False
        return super().special_summon(card, player, position, cause, face_up)

    def special_summon_together(self, cards: list[CardInstance], player: str, position: str,
                                cause: str, face_up: bool = True) -> bool:
        """Monsters summoned together each count, so the limit must leave room for all of
        them (thought-ruler-highlander/summon-limit#each-simultaneous-monster-counts)."""
        count = 1 if self.misreads("simultaneous", "counts-once") else len(cards)
        if not self.room_to_summon(player, count, cause):
            return False
        return super().special_summon_together(cards, player, position, cause, face_up)

    def room_to_summon(self, player: str, count: int, cause: str) -> bool:
        """May a resolving effect summon `count` monsters now? At the limit it resolves without
        effect (or, under wrong readings, summons anyway or is negated)."""
        if self.can_summon(player, count):
            return True
        link = self.resolving_link
        if link is not None and not link.is_card_activation and \
                (link.program or {}).get("mandatory") and \
                self.misreads("mandatory-at-limit", "summons-anyway"):
            return True
        if link is not None and link.is_card_activation and \
                self.misreads("summon-limit", "negated-at-limit"):
            self.negated_by_limit.add(id(link))
            self.emit("negate", f"the Summon Limit negates Chain Link {link.number} "
                      f"({link.card_id})", link=link.number, card=link.card_id,
                      what="link")
            return False
        self.emit("limit", f"{cause} resolves without effect: {player} has no room left under "
                  "the Summon Limit", ["mandatory-at-limit", "summon-limit"],
                  by=cause, player=player, what="at_limit")
        return False

    def setting_forbidden(self) -> bool:
        """A Deck Master waiting in the Extra Monster Zone applies none of its effects: one that
        forbids Setting does not forbid it from there."""
        for player in sorted(self.deck_masters):
            card = self.card(self.deck_masters[player])
            if card.zone != "extra_monster_zone" or not any(
                    e.get("continuous", {}).get("no_set") for e in card.card.effects):
                continue
            if self.misreads("emz-no-effects", "effects-apply"):
                return True
            self.note_rule("emz-no-effects")
        return super().setting_forbidden()

    def restricts_off_the_field(self, card: CardInstance) -> bool:
        """A Deck Master waiting in the Extra Monster Zone applies none of its effects: one
        that keeps monsters from being destroyed by battle protects nothing from there."""
        if self.is_deck_master(card) and card.zone == "extra_monster_zone":
            if self.misreads("emz-no-effects", "effects-apply"):
                return True
            self.note_rule("emz-no-effects")
        return super().restricts_off_the_field(card)

    def activation_for(self, card: CardInstance, player: str) -> tuple[YamlMapping, bool]:
        if self.is_deck_master(card) and card.zone == "extra_monster_zone":
            effects = [effect[key] for effect in card.card.effects
                       for key in ("quick", "ignition") if key in effect]
            if effects:
                if self.misreads("emz-no-effects", "effects-usable") or \
                        self.misreads("emz-no-effects", "cannot-reach-out"):
                    return effects[0], False
                self.illegal("emz-no-effects", "deck_master_in_emz",
                             f"{card.id} waits in the Extra Monster Zone: none of its effects "
                             "can be activated")
        program, is_card = super().activation_for(card, player)
        if not is_card and "trigger" not in program and self.would_summon(program) and \
                not self.misreads("no-attempt", "attempt-allowed"):
            # a monster's own Quick or Ignition effect that would summon is an attempt too
            self.refuse_at_limit(player, self.summons_planned(program))
        return program, is_card

    def do_activate(self, action: Action) -> None:
        player = action.actor
        self.check_summon_zone(action)
        card = self.card(action.card)
        program = card.card.activation if card.card.kind in ("spell", "trap") and (
            card.zone == "hand" or not card.face_up) else None
        if self.would_summon(program) and not self.misreads("no-attempt", "attempt-allowed"):
            self.refuse_at_limit(player, self.summons_planned(program))
        super().do_activate(action)

    @staticmethod
    def would_summon(program: YamlMapping | None) -> bool:
        """Does this card or effect summon a monster when it resolves?"""
        steps = program.get("resolve", []) if program else []
        return any(key in step for step in (steps if isinstance(steps, list) else [])
                   for key in SUMMONING_STEPS)

    def summons_planned(self, program: YamlMapping | None) -> int:
        """How many monsters this card or effect summons when it resolves: a `count` of
        monsters summoned together counts each (unless that rule is misread)."""
        steps = program.get("resolve", []) if program else []
        planned = 0
        for step in steps if isinstance(steps, list) else []:
            for key in SUMMONING_STEPS:
                if key in step:
                    count = (step[key] or {}).get("count", 1)
                    if count > 1 and self.misreads("simultaneous", "counts-once"):
                        count = 1
                    planned += count
        return planned

    def resolve_link(self, link: ChainLink) -> None:
        self.resolving_link = link
        try:
            super().resolve_link(link)
        finally:
            self.resolving_link = None
        if id(link) in self.negated_by_limit and link.resolved:
            # The misreading's negation: the link counts as negated, not as resolved.
            link.resolved, link.negated = False, True
            self.resolved.reverse()
            self.resolved.remove(link.card_id)
            self.resolved.reverse()
            self.negated.append(link.card_id)
        if link.resolved or not self.would_summon(link.program):
            return
        # Negated, or gone before it could resolve: the summon it would have made never counts.
        if self.misreads("negated-summoning-card", "counts-when-activated"):
            self.add_summons(link.player, 1, f"counts {link.card_id}, though it did not resolve")
        else:
            self.emit("limit", f"{link.card_id} did not resolve: it adds nothing to "
                      f"{link.player}'s Summon Limit count", ["negated-summoning-card"],
                      card=link.card_id, player=link.player, what="not_resolved")

    def start_trigger_chain(self) -> None:
        if self.misreads("mandatory-at-limit", "does-not-activate"):
            self.pending_triggers = [
                t for t in self.pending_triggers
                if not (any("special_summon" in s for s in t["effect"].get("resolve", []))
                        and not self.can_summon(self.card(t["card"]).controller, 1))]
        super().start_trigger_chain()

    def do_pendulum_summon(self, action: Action) -> None:
        self.check_summon_zone(action)
        player = action.actor
        self.require_open_main_phase(player, "a Pendulum Summon")
        scales = [self.card(i) for i in self.zone_of(player, "spell_trap")
                  if self.card(i).card.scale is not None and self.card(i).face_up]
        if len(scales) != 2:
            self.illegal(None, "no_pendulum_scales", "a Pendulum Summon needs two Pendulum Scales")
        if "pendulum" in self.turn_flags:
            self.illegal(None, "once_per_turn", "one Pendulum Summon per turn")
        # Every card in `scales` has a scale: the filter repeats it for the type checker.
        low, high = sorted(s.card.scale for s in scales if s.card.scale is not None)
        cards = [self.card(i) for i in action.targets]
        for card in cards:
            if card.zone != "hand" or card.controller != player or not card.card.is_monster or \
                    not low < (card.card.level or 0) < high:
                self.illegal(None, "invalid_pendulum", f"{card.id} cannot be Pendulum Summoned")
        self.refuse_at_limit(player, len(cards))
        self.turn_flags.add("pendulum")
        for card in cards:
            self.move(card, "monsters", controller=player, position="attack",
                      reason="Pendulum Summoned")
        self.emit("summon", f"{player} Pendulum Summons {', '.join(c.id for c in cards)} at once",
                  how="pendulum", player=player, cards=[c.id for c in cards])
        self.summon_attempt = {"cards": [c.id for c in cards], "player": player,
                               "how": "pendulum", "tributes": [], "negated": False}
        self.priority, self.passes = self.turn_player, 0

    # --- the Extra Monster Zone --------------------------------------------------------------

    def cost_zone(self, card: CardInstance, player: str) -> str:
        """No cost takes the Deck Master out of the Extra Monster Zone: only its Normal Summon or
        Set does."""
        if card.zone == "extra_monster_zone" and self.is_deck_master(card):
            if self.misreads("emz-leaves-only-by-normal-summon", "costs-too"):
                return "monsters"
            self.illegal("emz-leaves-only-by-normal-summon", "deck_master_in_emz",
                         f"{card.id} waits in the Extra Monster Zone: only a Normal Summon or Set "
                         "takes it out, never a cost")
        return super().cost_zone(card, player)

    def is_deck_master(self, card: CardInstance) -> bool:
        return self.deck_masters.get(card.owner) == card.id

    def check_summon_zone(self, action: Action) -> None:
        """A step that summons `to: extra_monster_zone` (the player's own) or
        `to: extra_monster_zone:<player>` is refused while a Deck Master occupies that zone. For a
        card that summons when it resolves (Shaddoll Fusion) the zone is checked when it is
        activated: a Deck Master leaves the zone only by a Normal Summon or Set, never inside a
        Chain. Once the zone is free the summon goes ahead like any other; the engine keeps no
        separate place for a monster in a free Extra Monster Zone."""
        if action.to is None:
            return
        zone, _, named = action.to.partition(":")
        owner = named or action.player
        if zone != "extra_monster_zone" or owner not in self.players:
            raise ScriptError("to is extra_monster_zone (the player's own) or "
                              "extra_monster_zone:<player>", field="to")
        if owner != action.player and self.misreads("emz-occupied", "own-zone-only"):
            self.illegal("emz-occupied", "no_free_zone",
                         f"{owner}'s Extra Monster Zone is not {action.player}'s to summon to")
        if owner in self.deck_masters and self.misreads("emz-occupied",
                                                        "reserved-for-deck-master"):
            self.illegal("emz-occupied", "no_free_zone",
                         f"{owner}'s Extra Monster Zone is kept for the Deck Master")
        occupant = next((i for i in self.zone_of(owner, "extra_monster_zone")
                         if self.is_deck_master(self.card(i))), None)
        if occupant is None or self.misreads("emz-occupied", "free-zone"):
            return
        self.illegal("emz-occupied", "emz_occupied",
                     f"{owner}'s Extra Monster Zone is occupied by the Deck Master {occupant}")

    def check_attack_target(self, attacker: CardInstance, target: CardInstance | None,
                            player: str) -> None:
        """A Deck Master waiting in the opponent's Extra Monster Zone is not on the field, so it
        does not stop a direct attack."""
        if target is None:
            waiting = [i for p in sorted(self.deck_masters) if p != player
                       for i in self.zone_of(p, "extra_monster_zone")]
            if waiting:
                if self.misreads("emz-not-on-field", "on-the-field"):
                    self.illegal("emz-not-on-field", "direct_attack_blocked",
                                 f"the Deck Master {waiting[0]} is a monster on the field")
                self.note_rule("emz-not-on-field")
        super().check_attack_target(attacker, target, player)

    def cards_on_field(self, kind: str | None = None,
                       controller: str | None = None) -> list[CardInstance]:
        found = super().cards_on_field(kind, controller)
        if kind not in (None, "monster"):
            return found
        waiting = [self.card(i) for p in sorted(self.deck_masters)
                   for i in self.zone_of(p, "extra_monster_zone")
                   if not controller or p == controller]
        if waiting:
            if self.misreads("emz-not-on-field", "on-the-field"):
                return found + waiting
            self.note_rule("emz-not-on-field")
        return found

    def unaffected_by(self, card: CardInstance, source_id: str) -> bool:
        if self.is_deck_master(card) and card.zone == "monsters":
            if self.misreads("dm-ordinary-after-summon", "still-protected"):
                return True
            self.note_rule("dm-ordinary-after-summon")
        return super().unaffected_by(card, source_id)

    def move(self, card: CardInstance, zone: str, *args: Any, **kwargs: Any) -> None:
        if self.is_deck_master(card) and card.zone == "monsters" and zone not in (
                "monsters", "extra_monster_zone"):
            if self.misreads("dm-no-return-to-emz", "back-to-emz"):
                zone = "extra_monster_zone"
            else:
                self.note_rule("dm-no-return-to-emz")
        super().move(card, zone, *args, **kwargs)

    def valid_target(self, target: CardInstance, spec: YamlMapping, player: str,
                     source: CardInstance) -> bool:
        if self.is_deck_master(source) and source.zone == "extra_monster_zone" and \
                self.misreads("emz-no-effects", "cannot-reach-out"):
            return False  # the misreading's sealed zone: nothing outside it can be reached
        if target.zone == "extra_monster_zone":
            if not self.misreads("emz-protected", "targetable"):
                self.note_rule("emz-protected")
                return False
            spec = {**spec, "zone": "extra_monster_zone"}
        return super().valid_target(target, spec, player, source)

    # --- Nightfall ---------------------------------------------------------------------------

    def do_nightfall(self, action: Action) -> None:
        player, card = action.actor, self.card(action.card)
        if player != self.turn_player and not self.misreads("nightfall-turn-player",
                                                            "either-player"):
            self.illegal("nightfall-turn-player", "not_your_turn",
                         "only the turn player may use Nightfall")
        if self.chain or self.attack is not None:
            self.illegal(None, "not_open_game_state", "Nightfall is used in an open game state")
        uses = self.params["nightfall_uses_per_turn"] + (
            1 if self.misreads("nightfall-once", "twice") else 0)
        if self.nightfalls >= uses:
            self.illegal("nightfall-once", "once_per_turn", "Nightfall was already used this turn")
        # The use is counted once the flip is made; this misreading counts the declaration.
        counted_at_declaration = self.misreads("nightfall-once", "declaring-uses-it")
        if counted_at_declaration:
            self.nightfalls += 1
        # The LP are paid once the card is known to be one Nightfall can flip; this misreading
        # pays them on declaring, before the card named is looked at.
        paid_at_declaration = self.misreads("nightfall-cost", "paid-on-declaration")
        if paid_at_declaration:
            self.pay_nightfall_cost(card, player)
        if card.controller == player and card.on_field and card.face_up and \
                not self.misreads("nightfall-opponents-card", "any-card"):
            self.illegal("nightfall-opponents-card", "invalid_nightfall_card",
                         f"{card.id} is {player}'s own card: Nightfall turns an opponent's card "
                         "face-down")
        if not card.on_field or not card.face_up:
            self.illegal(None, "invalid_nightfall_card",
                         f"{card.id} is not a face-up card {self.opponent(player)} controls")
        if card.zone != "monsters":
            if self.misreads("nightfall-spell-trap", "monsters-only"):
                self.illegal("nightfall-spell-trap", "invalid_nightfall_card",
                             f"{card.id} is not a monster")
            self.note_rule("nightfall-spell-trap")
        if "cannot_be_targeted" in card.card.flags or \
                restricting(self, "cannot_be_targeted", card) is not None:
            # printed ("cannot be targeted") or given by a face-up card's continuous effect
            if self.misreads("nightfall-no-target", "targets"):
                self.illegal("nightfall-no-target", "invalid_nightfall_card",
                             f"{card.id} cannot be targeted")
            self.note_rule("nightfall-no-target")
        if card.card.subtype == "link" and not self.misreads("nightfall-no-link", "links-allowed"):
            self.illegal("nightfall-no-link", "link_monster", "Nightfall cannot flip a Link Monster")
        if self.setting_forbidden() and self.misreads("nightfall-ignores-text",
                                                      "respects-restrictions"):
            self.illegal("nightfall-ignores-text", "setting_forbidden",
                         "a face-up card forbids Setting")
        if not self.misreads("nightfall-cost", "free") and not paid_at_declaration:
            self.pay_nightfall_cost(card, player)
        if not counted_at_declaration:
            self.nightfalls += 1
        self.note_rule("nightfall-once")
        card.face_up = False
        to_defense = card.zone == "monsters" and \
            not self.misreads("nightfall-defense", "keeps-position")
        if to_defense:
            card.position = "defense"
        self.emit("nightfall", f"{player} uses Nightfall: {card.id} is flipped face-down"
                  + (" in Defense Position" if to_defense else "")
                  + " (a game rule action: no chain, no target)",
                  (["nightfall-ignores-text"] if self.setting_forbidden() else [])
                  + (["nightfall-defense"] if to_defense else []), card=card.id,
                  player=player, defense=to_defense)
        if card.zone == "monsters" and not self.misreads("nightfall-triggers", "no-triggers"):
            self.queue_triggers_for_face_down(card)
            if self.optional_triggers:
                self.note_rule("nightfall-triggers")
        if self.misreads("nightfall-no-chain", "starts-chain"):
            self.priority, self.passes = self.opponent(player), 0
            return
        self.note_rule("nightfall-no-chain")
        self.priority, self.passes = self.turn_player, 0

    def pay_nightfall_cost(self, card: CardInstance, player: str) -> None:
        self.pay_costs(card, player, {"cost": [{"pay_lp": self.params["nightfall_cost"]}],
                                      "purpose": "nightfall"}, {})
        self.note_rule("nightfall-cost")

    # --- turns and expectations --------------------------------------------------------------

    def next_turn(self, stop_at: str) -> None:
        self.leaving_emz = None
        self.summon_counts = {p: 0 for p in self.players}
        self.nightfalls = 0
        self.lp_at_turn_start = {p: s.lp for p, s in self.players.items()}
        super().next_turn(stop_at)

    def observe_format(self) -> YamlMapping:
        return {**super().observe_format(),
                "summons": {p: self.summon_counts.get(p, 0) for p in self.players}}

    def card_facts(self, card: CardInstance) -> YamlMapping:
        facts = super().card_facts(card)
        facts["deck_master"] = self.deck_masters.get(card.owner) == card.id
        return facts

    def snapshot(self) -> YamlMapping:
        data = super().snapshot()
        data["deck_masters"] = dict(self.deck_masters)
        data["summons"] = {p: self.summon_counts.get(p, 0) for p in self.players}
        data["summon_limit"] = self.quietly(lambda: {p: self.summons_allowed(p)
                                                     for p in self.players})
        return data
