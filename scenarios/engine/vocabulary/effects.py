"""The words a card's behaviour is written in, each with what it means to the engine.

A card (in the catalog or in a scenario's own `cards:`) says what it does in a few kinds of
word: the kinds of effect it has, the events its triggers wait for, the conditions of its
activation, its continuous effects, its costs, the filters of its targets and its flags. The
engine reads each word in its own code; this table says in one sentence what each one means
there, so the scenario reference can list them (with an example taken from the catalog, or,
for a word no catalog card uses yet, the example written here).

Tests hold the table to the engine (tests/scenarios/test_effect_vocabulary.py): every word the
catalog writes is listed, every condition and filter the engine's code compares is listed, and
every listed word is one the engine's code reads. A word with a value after a colon
(`persist:2`) is listed by its prefix (`persist:`).

Pure Python, like the rest of the engine.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Word:
    """One word of the card language: how it is written, and what the engine does with it."""

    word: str
    means: str
    # Written only for a word no catalog card uses yet; the reference takes a real card's.
    example: str = ""


@dataclass(frozen=True)
class WordKind:
    """One kind of word (trigger events, conditions...), where a card writes it, its words."""

    key: str
    title: str
    where: str
    words: tuple[Word, ...]


EFFECT_KINDS = WordKind("effect-kinds", "Kinds of effect", "an entry of a card's `effects:`", (
    Word("trigger", "A trigger effect: it waits for the event named (see trigger events) and "
         "starts a chain when it happens."),
    Word("mandatory", "Beside `trigger`: the effect must be activated when its event happens; "
         "without it, the player may decline."),
    Word("optional", "Beside `trigger`: the player may activate the effect or decline it."),
    Word("watch", "Beside `trigger: destroyed` or `trigger: summoned`: the cards it watches, "
         "`self` (the default) or a filter with `side: own | opponent | any` counted from its "
         "controller; a card watching others must be face-up on the field (a Deck Master "
         "Ability watches from wherever its Deck Master is).",
         example="watch: {kind: spell, subtype: field}"),
    Word("by", "Beside `trigger: destroyed`: what must have destroyed the card, `battle`, "
         "`effect` or `rule` (a game rule, such as a replaced Field Spell), or a list of them.",
         example="by: battle"),
    Word("how", "Beside `trigger: summoned`: how the monster must have been summoned, "
         "`normal`, `tribute`, `flip`, `special` or `token`, or a list of them (left out: any).",
         example="how: special"),
    Word("continuous", "A continuous effect: it applies while the card is face-up on the "
         "field, without being activated (see continuous effects)."),
    Word("ignition", "An Ignition effect: its controller activates it in their Main Phase, "
         "with an `activate` step naming the card."),
    Word("quick", "A Quick Effect: it is Spell Speed 2, so it can answer a chain link and be "
         "activated on the opponent's turn."),
    Word("from", "Beside `quick` or `ignition`: where the effect is activated from, `hand`, "
         "`graveyard` or `field` (the default: face-up on the field), or a list of them; the "
         "card stays there unless a cost (`discard: self`) or the effect moves it.",
         example="- ignition: {resolve: [{special_summon: {card: self}}]}\n  from: graveyard"),
    Word("standby", "An effect that applies in its controller's Standby Phase."),
    Word("maintenance", "A cost its controller pays each turn to keep the card on the field."),
    Word("hand_win", "A card in the hand that wins the duel when its condition is met "
         "(Exodia)."),
    Word("strike", "Kingdom Duels: what the monster's STRIKE does."),
    Word("equip", "Kingdom Duels: what the card gives the monster it is equipped to."),
    Word("attach", "Kingdom Duels: what the card gives the monster it lies attached beneath."),
    Word("detach", "Kingdom Duels: the DETACH effect of an attached card, used with a "
         "`detach` step."),
    Word("resolve", "The steps of the effect (effect primitives), done in order when it "
         "resolves."),
    Word("target", "What the effect targets (see filters); the step names it with `target:`."),
))

ACTIVATION = WordKind("activation", "Activating a card", "a card's `activation:`", (
    Word("speed", "The Spell Speed of the activation, when the card's kind does not decide "
         "it."),
    Word("when", "Conditions that must hold to activate the card (see conditions)."),
    Word("cost", "What is paid to activate it (see costs), before anyone may respond."),
    Word("target", "What it targets (see filters); the step names it with `target:`."),
    Word("resolve", "The steps it does when it resolves (effect primitives)."),
    Word("trigger", "Kingdom Duels: the event that springs a Set Trap by itself (see trigger "
         "events)."),
))

TRIGGERS = WordKind("triggers", "Trigger events", "`trigger:` in an effect (or an activation)", (
    Word("flipped", "This card is flipped face-up (a FLIP effect)."),
    Word("tribute_summoned", "This card is Tribute Summoned."),
    Word("inflicts_battle_damage", "This card inflicts battle damage to the opponent."),
    Word("attacked_after_damage", "This card was attacked, once damage has been calculated."),
    Word("sent_to_graveyard_from_field", "This card is sent from the field to the Graveyard."),
    Word("sent_from_deck_to_graveyard", "This card is sent from the Deck to the Graveyard."),
    Word("standby_in_graveyard", "The Standby Phase begins while this card is in the "
         "Graveyard."),
    Word("end_phase", "The End Phase of the turn begins."),
    Word("destroyed", "A card is destroyed: this card itself, or those `watch:` names, "
         "destroyed the way `by:` names.",
         example="trigger: destroyed\nwatch: {kind: monster, side: opponent}\nby: battle"),
    Word("summoned", "A summon has succeeded (or a monster was Special Summoned by an effect): "
         "this card's own, or the monsters `watch:` names, summoned the way `how:` names; "
         "monsters summoned together are one event.",
         example="trigger: summoned\nwatch: {kind: monster, side: opponent}\nhow: special"),
    Word("own_monster_flipped_face_down", "A monster its controller controls is turned "
         "face-down."),
    Word("opponent_summons", "Kingdom Duels Traps: an opponent summons a monster, by any "
         "summon (Normal, Special by an effect, Fusion, Ritual, Tokens...); one made while a "
         "chain resolves springs the Trap once that chain has resolved."),
    Word("opponent_attacks", "Kingdom Duels Traps: an opponent declares an attack."),
    Word("tribute_summon", "Deck Master Abilities only: its player Tribute Summons a monster "
         "(heard as the summon is made, before a new Deck Master it makes could hear it)."),
))

CONDITIONS = WordKind("conditions", "Conditions", "`when:` in an activation (a list; all must "
                      "hold), and `while:` of a continuous `stats:` change (it applies only "
                      "while they hold)", (
    Word("summon_attempt", "An opponent is summoning a monster and the summon has not "
         "succeeded yet (the window to negate a summon).", example="when: [summon_attempt]"),
    Word("normal_summon_attempt", "As `summon_attempt`, for a Normal or Tribute Summon only."),
    Word("responds_to_ability", "An opponent's Deck Master Ability is the last link of the "
         "current Chain (an Ability that negates another Ability)."),
    Word("summon_attempt_or_summoning_card", "A summon attempt, or an opponent's effect that "
         "would Special Summon or Fusion Summon on top of the chain."),
    Word("monster_summoned", "A monster has just been summoned, before a chain starts."),
    Word("opponent_attack", "An opponent's monster is attacking (the attack is not negated)."),
    Word("responds_to_spell", "The card answers an opponent's Spell Card activation in the "
         "chain."),
    Word("responds_to_spell_trap", "The card answers a Spell or Trap Card activation (or a "
         "Spell or Trap Ability) in the chain."),
    Word("responds_to_special_summon", "The chain link it answers would Special Summon."),
    Word("lp_behind_by", "`{lp_behind_by: N}`: an opponent has at least N more LP than the "
         "player."),
    Word("all_of", "Every condition of the list holds (conditions joined by \"and\").",
         example="when: [{all_of: [{turn: own}, {lp_at_most: 3000}]}]"),
    Word("any_of", "At least one condition of the list holds (joined by \"or\").",
         example="when: [{any_of: [{control: {atk_at_least: 2000}}, {lp_at_most: 2000}]}]"),
    Word("lp_at_most", "The controller has at most N LP.", example="when: [{lp_at_most: 3000}]"),
    Word("lp_at_least", "The controller has at least N LP.",
         example="when: [{lp_at_least: 4000}]"),
    Word("turn", "`own` or `opponent`: whose turn it is.", example="when: [{turn: opponent}]"),
    Word("control", "The controller has a face-up monster that fits the filter.",
         example="when: [{control: {race: Beast}}]"),
    Word("summoned", "How this card was summoned: `how` (normal, tribute, flip, special) and "
         "`by` (effect or procedure).", example="when: [{summoned: {how: special, by: effect}}]"),
    Word("hand_size", "`{who: self, max: N}` (or `min`): the cards in that hand, not counting "
         "the card being activated; for `opponent`, any opposing hand may meet it.",
         example="when: [{hand_size: {who: self, max: 0}}]"),
))

CONTINUOUS = WordKind("continuous", "Continuous effects", "`continuous:` in an effect", (
    Word("atk_per", "`{count: ..., each: N}`: the monster gains N ATK for each card counted."),
    Word("stats", "`{atk: N, def: N}`: an ATK/DEF change (negative lowers it) for the monsters "
         "`to:` names (`self`, `equipped`, or a filter with `side: own/opponent/any`), while "
         "`while:` (a condition) holds and the card is face-up on the field.",
         example="continuous: {stats: {atk: 500}, to: {side: own, race: Beast}}"),
    Word("cannot_be_reduced", "`[atk, def]`: the card's listed stats ignore every change that "
         "would lower them.", example="continuous: {cannot_be_reduced: [atk]}"),
    Word("win_on_counters", "`{counter: name, count: N}`: its controller wins when that many "
         "counters of the kind are on the field."),
    Word("wins_match_on_direct_attack", "A direct attack by this monster that ends the duel "
         "wins the whole match."),
    Word("no_set", "No monster can be Set while the card is face-up."),
    Word("cannot_attack", "`{cards: ...}`: the monsters it reaches (`self`, or a filter with "
         "`side:` counted from its controller) cannot declare an attack while it is face-up."),
    Word("cannot_be_destroyed", "`{by: battle}`: the cards it reaches (`cards:`, default "
         "`self`) are not destroyed that way (`battle`, `effect`, `rule`; left out: any).",
         example="continuous: {cannot_be_destroyed: {by: battle}}"),
    Word("cannot_be_tributed", "The cards it reaches (`cards:`, default `self`) cannot be "
         "Tributed, for a summon or for a cost.",
         example="continuous: {cannot_be_tributed: {}}"),
    Word("cannot_be_targeted", "`{by: opponent}`: the cards it reaches (`cards:`, default "
         "`self`) cannot be targeted by the card effects of its controller's opponents (`by: "
         "any`: of anyone).",
         example="continuous: {cannot_be_targeted: {by: opponent}}"),
    Word("set_race_all", "Deck Masters: every monster on the field has the Type named (or "
         "`declared`, the Type its controller declared)."),
    Word("set_race_own", "Deck Masters: every monster the Deck Master's player controls has "
         "the Type named."),
    Word("while", "Beside `stats`: the conditions (see conditions) that must hold for the "
         "change to apply; it applies only while they do (`while: [{lp_at_most: 3000}]`). In a "
         "Deck Master's Continuous Ability, beside another continuous word: where the Deck "
         "Master must be for it to apply (`on_field`: face-up in a Monster Zone; "
         "`in_position`: in its Deck Master Position)."),
    Word("equip_atk", "Kingdom Duels: the ATK the equipped monster gains."),
    Word("zone_sealed", "Kingdom Duels: an equip on a zone: no monster lying in that zone can "
         "be Special Summoned while the equip is face-up."),
))

COSTS = WordKind("costs", "Costs", "`cost:` in an activation (a list of costs)", (
    Word("pay_lp", "Pay that many LP (`half`: half of them, rounded down)."),
    Word("tribute", "Tribute monsters its player may use on the field, chosen with `select: "
         "{tribute: <id>}` (a list for `count: N`); `filter:` says which may be Tributed, and "
         "a format's limits on Tributes apply as they do to summons."),
    Word("discard", "Discard cards from the hand, chosen with `select: {discard: <id>}`: a "
         "count, or `{count: N, filter: ...}`."),
    Word("banish", "Banish cards chosen with `select: {banish: <id>}` (a list for `count: N`) "
         "from where `from:` says: the Graveyard (the default), the hand, the field, or a list "
         "of places; each must fit `filter:`. `banish: self` banishes the card whose effect is "
         "activated, from where it is (\"banish this card from your Graveyard\").",
         example="cost: [{banish: {from: graveyard, filter: {race: Dragon}}}]"),
    Word("send_to_graveyard", "Send cards the player may use on the field (or from `from:`) to "
         "the Graveyard, chosen with `select: {send_to_graveyard: <id>}`, fitting `filter:`.",
         example="cost: [{send_to_graveyard: {filter: {kind: spell}}}]"),
))

FILTERS = WordKind("filters", "Filters", "`target:` of an activation or effect, and `filter:` "
                   "of a step such as `destroy_all` or a count", (
    Word("card", "What the card must be: `monster`, `spell`, `trap`, `spell_trap` or `card` "
         "(any)."),
    Word("side", "Who controls the card, counted from the player whose card writes the "
         "filter: own, opponent or any (the default)."),
    Word("owner", "Who owns the card, counted the same way: own, opponent or any (a monster "
         "you own that your opponent controls: `{owner: own, side: opponent}`).",
         example="target: {card: monster, owner: own, side: opponent}"),
    Word("zone", "Where it must be (the field unless it says another zone, such as "
         "graveyard)."),
    Word("for", "What the targeting is for, when a format's rules protect a card from some "
         "effects only."),
    Word("kind", "The printed card kind: monster, spell or trap."),
    Word("subtype", "The printed subtype (normal, effect, fusion, quick-play...).",
         example="filter: {kind: monster, subtype: normal}"),
    Word("attribute", "The monster's Attribute (DARK, LIGHT...)."),
    Word("race", "The monster's Type (Beast, Dragon...), as the rules count it now."),
    Word("level", "A printed Level of exactly N.", example="target: {card: monster, level: 4}"),
    Word("level_max", "A printed Level of at most N (\"Level 4 or lower\")."),
    Word("level_min", "A printed Level of at least N (\"Level 5 or higher\").",
         example="filter: {level_min: 5}"),
    Word("atk_max", "A printed (original) ATK of at most N, whatever changes apply now; "
         "`atk_at_most` reads the current ATK."),
    Word("atk_min", "A printed (original) ATK of at least N, whatever changes apply now; "
         "`atk_at_least` reads the current ATK."),
    Word("atk_at_least", "A current ATK (after every change) of at least N.",
         example="target: {atk_at_least: 2000}"),
    Word("atk_at_most", "A current ATK (after every change) of at most N.",
         example="target: {atk_at_most: 1500}"),
    Word("name", "Exactly this card name."),
    Word("name_contains", "A name that contains these words (a \"Shaddoll\" monster)."),
    Word("face", "Face-up (`up`) or face-down (`down`)."),
    Word("position", "Attack or defense position.",
         example="target: {card: monster, side: opponent, position: defense}"),
    Word("only_on", "Kingdom Duels: a restriction in curly brackets, as the card prints it "
         "(a \"Name\" monster, \"Name\", a Type monster)."),
))

FLAGS = WordKind("flags", "Flags", "`flags:` of a card (a list of words)", (
    Word("piercing", "Kingdom Duels: the monster inflicts piercing battle damage."),
    Word("cannot_be_targeted", "The card cannot be targeted by card effects."),
    Word("damage_step", "The card can be activated in the Damage Step, although it changes no "
         "ATK or DEF as it resolves (a card that does, and a Counter Trap, needs no flag)."),
    Word("stays_on_field", "A Spell that stays on the field once it has resolved."),
    Word("once_per_turn", "Kingdom Duels: the card's effect can be used once per turn."),
    Word("once_per_duel", "Kingdom Duels: the card's effect can be used once per duel."),
    Word("unstoppable", "Kingdom Duels: an Unstoppable card: no card can be chained to it, "
         "and it cannot be negated."),
    Word("negates_opponent_spells", "Kingdom Duels: the card negates its opponents' Spell "
         "Cards.", example="flags: [negates_opponent_spells]"),
    Word("no_effect_damage", "Kingdom Duels: while it is face-up, its controller is shielded "
         "from effect damage.",
         example="flags: [no_effect_damage]"),
    Word("not_normal", "Kingdom Duels: a Token that does not count as a Normal Monster.",
         example="flags: [not_normal]"),
    Word("persist:", "`persist:N`, Kingdom Duels: the card lasts N turns (Persist)."),
    Word("mentions:", "`mentions:Type`, Kingdom Duels: the card's text names monsters of that "
         "Type."),
    Word("strike_on:", "`strike_on:Terrain`, Kingdom Duels: the Terrains the monster's STRIKE "
         "may hit.", example="flags: [\"strike_on:Forest\"]"),
    Word("unaffected:", "`unaffected:spell` or `unaffected:trap`: the monster is unaffected by "
         "Spell (or Trap) effects (in Deck Masters, Abilities of that kind included).",
         example="flags: [\"unaffected:spell\"]"),
))

ABILITIES = WordKind("abilities", "Deck Master Abilities", "an entry of the Deck Masters "
                     "Abilities file (catalog/abilities/deck-masters.yaml), or of `abilities:` "
                     "on a scenario's own card (a list: a Deck Master may have several)", (
    Word("deck_master", "In the Abilities file: the Deck Master whose Ability it is, by name "
         "(a scenario's own card writes its Abilities itself, without it)."),
    Word("name", "The Ability's name, printed in green: it changes nothing in the Duel, and a "
         "`use_ability` or `decline` step names it (`ability: <name>`) when its Deck Master "
         "has several Abilities.",
         example="abilities: [{name: Storm Call, type: Trigger, trigger: tribute_summon, "
                 "resolve: [{gain_lp: 500}]}, {name: Ember, type: Ignition, "
                 "resolve: [{damage: {to: opponent, amount: 300}}]}]"),
    Word("type", "The Ability's type: Ignition, Trigger, Compulsory Trigger, Continuous, Spell "
         "or Trap."),
    Word("text", "The Ability in words, as the site shows it."),
    Word("cost", "What using the Ability costs (see costs)."),
    Word("target", "What it targets (see filters)."),
    Word("when", "Conditions that must hold to use it (see conditions)."),
    Word("trigger", "For a Trigger or Compulsory Trigger Ability: the event it waits for, any "
         "trigger event a card's effect can wait for (with `watch`, `by`, `how`), read with its "
         "Deck Master as the card, but those that never happen to a Deck Master (`flipped`, "
         "`tribute_summoned`, the Graveyard and Deck ones, the Kingdom Duels Traps' ones). "
         "Its type decides the rest: a Compulsory one goes on the Chain by itself, a Trigger "
         "one waits for a `use_ability` or `decline` step."),
    Word("watch", "Beside `trigger: destroyed` or `summoned`: the cards the Ability watches, as "
         "a card's `watch` (`self` is its Deck Master).",
         example="abilities: [{type: Compulsory Trigger, trigger: destroyed, "
                 "watch: {kind: monster, side: own}, by: battle, resolve: [{gain_lp: 500}]}]"),
    Word("by", "Beside `trigger: destroyed`: what must have destroyed the card, as a card's.",
         example="abilities: [{type: Trigger, trigger: destroyed, "
                 "watch: {kind: spell, subtype: field}, by: effect, resolve: [{draw: 1}]}]"),
    Word("how", "Beside `trigger: summoned`: how the monster must have been summoned, as a "
         "card's.",
         example="abilities: [{type: Trigger, trigger: summoned, "
                 "watch: {kind: monster, side: opponent}, how: special, "
                 "resolve: [{damage: {to: opponent, amount: 600}}]}]"),
    Word("continuous", "For a Continuous Ability: what applies (see continuous effects)."),
    Word("resolve", "What it does (effect primitives)."),
    Word("once_per_turn", "`true`: the Ability can be used once per turn."),
    Word("self_negation", "`{cost: [...]}`: the opponent may pay that cost to negate the "
         "Ability (a `pay_to_negate` step)."),
    Word("reaches_position", "`true`: the Ability reaches a Deck Master in its Deck Master "
         "Position."),
    Word("overrides", "`true`: the Ability says it overrides; when it contradicts another "
         "Ability that does not say so, it applies alone."),
    Word("type_reading", "Why the site reads the Ability as its `type` where the rules do not "
         "give one; the board shows the type as the site's reading."),
))

PRIMITIVES = WordKind("primitives", "Effect primitives", "the steps of `resolve:` (one "
                      "`primitive: argument` each)", (
    Word("gain_lp", "The controller gains LP (`{to: opponent, amount: N}` gives them to "
         "another player)."),
    Word("damage", "`{to: opponent, amount: N}`: effect damage to the players named."),
    Word("set_lp", "`{who: both, value: N}`: the players' LP become N."),
    Word("draw", "The controller draws N cards (`{who: ..., count: N}` for other players)."),
    Word("destroy", "Destroy the card named (`target`, `self`...) if it is on the field."),
    Word("destroy_all", "Destroy every monster on the field, or every card a filter describes; "
         "counts how many were destroyed, for `amount: {per: destroyed, each: N}`."),
    Word("destroy_in_hand", "Destroy the cards in the opponent's hand that fit a filter."),
    Word("check_draws", "`{turns: N, filter: {...}}`: until the end of the opponent's Nth turn "
         "after the activation, each card an opponent draws that fits the filter is destroyed "
         "as it is drawn (every opposing player's draws in a team format; their turns are "
         "counted as the format counts turns)."),
    Word("discard_hand", "The players named discard their whole hand."),
    Word("discard_and_redraw", "Each player discards their hand and draws as many cards."),
    Word("banish", "Banish the card named from the field."),
    Word("banish_from_hand", "Banish a card of the controller's hand that fits a filter, chosen "
         "with `select: {banish: <id>}`; with none, do what `otherwise` says."),
    Word("banish_graveyard", "Banish every card in the Graveyard of the player named.",
         example="- {banish_graveyard: opponent}"),
    Word("mill_for_graveyard", "Send the top cards of the controller's Deck to the Graveyard, "
         "as many as the named player's Graveyard holds.",
         example="- {mill_for_graveyard: opponent}"),
    Word("add_to_hand", "Add the card named from the Graveyard, Deck or banishment to the hand."),
    Word("search_deck", "Add a card of the controller's Deck that fits a filter, chosen with "
         "`select: {search: <id>}`, to the hand."),
    Word("send_from_deck", "Send a card of the controller's Deck that fits a filter, chosen "
         "with `select: {send: <id>}`, to the Graveyard; with `count: N`, N different cards "
         "chosen with `select: {send: [<id>, <id>]}`."),
    Word("mill", "`{who: opponent, count: N}`: the top N cards of that Deck go to the "
         "Graveyard (a short Deck sends what it has; no one loses by it).",
         example="resolve: [{mill: {who: opponent, count: 2}}]"),
    Word("shuffle_into_deck", "`{from: hand, who: opponent}`: the card chosen with "
         "`select: {shuffle: <id>}` goes into its owner's Deck, which is then shuffled.",
         example="resolve: [{shuffle_into_deck: {from: hand, who: opponent}}]"),
    Word("return_to_hand", "Return the card named (or `attacker`) from the field to the hand."),
    Word("exchange_cards", "Each player gives the other one card of their hand, chosen with "
         "`select: {take: <id>, give: <id>}`."),
    Word("flip_face_up", "Flip every face-down monster face-up (`no_flip_effects: true`: "
         "without their FLIP effects)."),
    Word("flip_face_down", "Change the monster named to face-down Defense Position; `all` (or "
         "`{side: ...}`) changes every face-up monster there, each judged on its own."),
    Word("special_summon", "Special Summon a card: `self`, the `target`, or one chosen with "
         "`select: {summon: <id>}` from the zones `from` names; with `count: N`, N different "
         "monsters chosen with `select: {summon: [<id>, <id>]}`, summoned together as one "
         "event that a format counting summons counts once per monster."),
    Word("special_summon_tokens", "`{token: name, count: N}`: Special Summon that many Tokens."),
    Word("fusion_summon", "Fusion Summon the monster chosen with `select: {fusion: <id>}` "
         "with the step's `materials`."),
    Word("ritual_summon", "Ritual Summon the Ritual Monster in the hand chosen with "
         "`select: {ritual: <id>}`, Tributing the step's `materials` (from the hand or the "
         "field) whose Levels total at least its Level.",
         example="resolve: [{ritual_summon: {position: attack}}]"),
    Word("alter_summon", "`{type: Toon}`: Alter Summon the Alter Monster chosen with "
         "`select: {alter: <id>}` (Kingdom Duels)."),
    Word("take_control", "The controller takes control of the monster named."),
    Word("swap_control", "`{card: target, to: self}`: the player named takes control of the "
         "card."),
    Word("equip", "Equip this card to the monster named (or to a game zone, where a format "
         "knows how)."),
    Word("equip_card", "Equip a card chosen with `select: {equip: <id>}` to the monster `to` "
         "names."),
    Word("equip_monster", "Equip the monster named to this card, as an Equip Card."),
    Word("attach_card", "Attach a card chosen with `select: {attach: <id>}` beneath the card "
         "`to` names (Kingdom Duels)."),
    Word("change_atk", "`{amount: N, card: target}`: the monster's ATK changes by N until the "
         "change ends."),
    Word("permanently", "Run the steps given so that what they change lasts for the rest of "
         "the duel, even once this card has left the field."),
    Word("add_counter", "Put counters of a kind on this card."),
    Word("place_counter", "Put counters of a kind on the effect's targets."),
    Word("turn_flag", "A rule for the rest of the turn, such as `no_battle_damage`."),
    Word("declare_race", "The controller declares a Type, chosen with `select: {race: "
         "<Type>}`."),
    Word("coin_call", "The controller calls a coin toss (`select: {call: heads}`); the "
         "`right` or `wrong` steps follow."),
    Word("dice", "Roll the format's die; the steps listed for the result follow."),
    Word("lasts_opponent_turns", "The card lasts that many of the opponent's turns."),
    Word("negate_previous", "Negate the chain link below this one (`destroy: true`: and "
         "destroy that card)."),
    Word("negate_summon", "Negate the summon being attempted (`then:` what becomes of the "
         "monster)."),
    Word("negate_summon_or_activation", "Negate the chain link below, or, with none, the "
         "summon being attempted."),
    Word("negate_attack", "Negate the attack (`end_battle_phase: true`: and end the Battle "
         "Phase)."),
    Word("redirect_attack", "The attack now aims at the monster named."),
    Word("win_after_turns", "`{turns: N}`: the controller wins when that many turns have "
         "passed."),
    Word("destruction_damage", "Kingdom Duels: Destruction Damage for the monster named, from "
         "its ATK."),
    Word("battle_swap", "Kingdom Duels: the Battle Swap of the monster named."),
    Word("battle_lock", "Kingdom Duels: lock the target's battle position."),
    Word("erode", "Kingdom Duels: erode the card named."),
    Word("replace_terrain", "Kingdom Duels: the Terrain a STRIKE hit becomes the one named."),
    Word("move_to_terrain", "Kingdom Duels: the card named moves to another Terrain."),
    Word("activate_rule_card", "Kingdom Duels: activate the named Rule Card from the "
         "controller's Extra Deck."),
    Word("create_tilemap", "Kingdom Duels: lay out the Tilemap the card draws."),
    Word("remove_obstructions", "Kingdom Duels: the Tilemap's obstructions are removed."),
    Word("subduel", "Kingdom Duels: declare a Subduel, a separate game played before the duel "
         "goes on."),
    Word("return_to_position", "Deck Masters: the controller's Deck Master returns to its Deck "
         "Master Position."),
    Word("place_in_position", "Deck Masters: the card named goes to its owner's Deck Master "
         "Position."),
))

CARD_FIELDS = WordKind("card-fields", "A card entry's own fields", "an entry of the catalog, "
                       "or of a scenario's own `cards:`", (
    Word("name", "The card's name; a scenario's own card with a catalog card's name replaces "
         "that card in the scenario, and the board marks it as the scenario's version."),
    Word("kind", "The card kind: `monster`, `spell`, `trap`, or `rule` (a Kingdom Duels Rule "
         "Card)."),
    Word("subtype", "The printed subtype within its kind (normal, effect, fusion, ritual, "
         "quick-play, counter...)."),
    Word("attribute", "A monster's printed Attribute (DARK, LIGHT...)."),
    Word("race", "A monster's printed Type (Beast, Dragon...)."),
    Word("level", "A monster's printed Level."),
    Word("atk", "A monster's printed ATK."),
    Word("def", "A monster's printed DEF."),
    Word("text", "The card's text as the site shows it; the engine reads only the other "
         "fields."),
    Word("note", "What the engine leaves out of the card's text, for editors (not card text)."),
    Word("activation", "How a Spell or Trap is activated and what it does (see activating a "
         "card)."),
    Word("effects", "The card's effects, a list (see kinds of effect)."),
    Word("flags", "A list of flags (see flags)."),
    Word("materials", "A Fusion Monster's Fusion Materials: a list of names and filters "
         "(`{race: Beast, count: 2}`: two Beast-Type monsters), chosen by the step's "
         "`materials:`."),
    Word("scale", "A Pendulum Monster's Pendulum Scale."),
    Word("summon_condition", "What its Normal Summon or Set needs: `cannot_normal_summon: "
         "true` (never: refused `cannot_normal_summon`), `control: <filter>` (only while its "
         "player controls a face-up monster that fits: refused `summon_condition`), or "
         "`not_while_you_control: <filter>` (not while they control a monster that fits: "
         "refused `cannot_normal_summon`)."),
    Word("procedure", "How it Special Summons itself with a `special_summon` step: "
         "`banish_from_graveyard: [filters]` (the step's `materials:`) and/or `tribute: "
         "{count: N, side: own | opponent | any, ...filter}` (the step's `tributes:`; "
         "`side: opponent` when its text Tributes the opponent's monsters)."),
    Word("hierarchy", "Kingdom Duels: a Divine card's Hierarchy (every other card counts as "
         "0); a card of higher Hierarchy is unaffected by the effects of a lower one."),
    Word("rule", "Kingdom Duels: a Rule Card's terms, by its subtype (see Kingdom Duels card "
         "terms below)."),
    Word("summon_with", "Kingdom Duels: what an Extra Deck monster (or a Ritual Spell) needs "
         "to be summoned (see Kingdom Duels card terms below)."),
    Word("also", "Kingdom Duels: the other card kinds a dual-type card also is, a list "
         "(`spell`, or `trap:continuous` with its subtype)."),
    Word("abilities", "A scenario's own Deck Master writes its Deck Master Abilities itself, "
         "a list (see Deck Master Abilities).",
         example="abilities: [{type: Ignition, once_per_turn: true, resolve: [{draw: 1}]}]"),
))

REFERENCES = WordKind("references", "Cards named by their role", "the card a primitive acts "
                      "on (`destroy: that_monster`, `{card: attacker}`) or a continuous "
                      "change's `to:`", (
    Word("self", "The card whose effect this is."),
    Word("target", "The card (or cards) the effect targeted when it was activated."),
    Word("attacker", "\"The attacking monster\": the one the effect's event names, else the "
         "monster attacking now."),
    Word("that_monster", "\"That monster\": the monster the trigger's event is about (the one "
         "destroyed, summoned, flipped or attacking).",
         example="trigger: destroyed\nwatch: {kind: monster, side: opponent}\n"
                 "resolve: [{banish: that_monster}]"),
    Word("equipped", "\"The equipped monster\": the monster this Equip Card is equipped to.",
         example="continuous: {stats: {atk: 700}, to: equipped}"),
))

AMOUNTS = WordKind("amounts", "Amounts", "`amount:` of `damage`, `gain_lp` or `change_atk`, "
                   "and a counted `count:` (a number, or one of these)", (
    Word("target.atk", "The ATK of the effect's target, read as the effect resolves."),
    Word("half_lp", "Half the controller's LP, rounded down.",
         example="- {damage: {to: opponent, amount: half_lp}}"),
    Word("doubling", "300 the first time, then twice the card's last amount each time.",
         example="- {damage: {to: both, amount: doubling}}"),
    Word("per", "`{per: <what>, each: N}`: N for each card counted: `destroyed`, `milled` or "
         "`flipped` (what an earlier step of the same effect destroyed, sent from the top "
         "of a Deck, or changed to face-down), `effect_monsters_on_field`, or a count "
         "`{zone: monsters, side: own | opponent | any | their, filter: {...}}`."),
    Word("each", "Beside `per`: how much each counted card is worth."),
    Word("side", "`their` (beside `per: destroyed`, or in a `per:` count): counted for each "
         "player the step reaches, from that player's own cards (\"each player takes 500 for "
         "each monster they controlled\").",
         example="damage: {to: both, amount: {per: destroyed, side: their, each: 500}}"),
    Word("destroyed", "Beside `per`: the cards an earlier `destroy_all` of the effect "
         "destroyed."),
    Word("milled", "Beside `per`: the cards an earlier `mill` of the effect sent to the "
         "Graveyard.", example="- {damage: {to: opponent, amount: {per: milled, each: 300}}}"),
    Word("flipped", "Beside `per`: the monsters an earlier `flip_face_down: all` of the effect "
         "changed to face-down.",
         example="amount: {per: flipped, each: 300}"),
    Word("effect_monsters_on_field", "Beside `per`: the face-up Effect Monsters on the "
         "field."),
    Word("zone", "In a `per:` count: the zone counted (`monsters`, `graveyard`, `hand`...), "
         "with `side` and `filter`.",
         example="amount: {per: {zone: monsters, side: their}, each: 300}"),
))

WORD_KINDS = (CARD_FIELDS, EFFECT_KINDS, ACTIVATION, TRIGGERS, CONDITIONS, CONTINUOUS, COSTS,
              FILTERS, FLAGS, ABILITIES, PRIMITIVES, REFERENCES, AMOUNTS)


def word_for(kind: WordKind, written: str) -> Word | None:
    """The listed word a card's text `written` is (a valued flag by its prefix), or None."""
    for word in kind.words:
        if written == word.word or word.word.endswith(":") and written.startswith(word.word):
            return word
    return None
