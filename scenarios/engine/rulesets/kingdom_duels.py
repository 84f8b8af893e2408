"""Kingdom Duels: a Duelist Kingdom style game built on the core Duel.

Numbers come from the format's articles (starting LP, attacks per Battle Phase,
the Destruction Damage fraction and cap). This ruleset covers summoning without
Tributes, Hiding instead of Setting, battle without direct attacks, Quick
Normal Spells and Destruction Damage; terrains, idleness and the card kinds of
the format follow.
"""
from ..duel import Duel
from ..rules import Rule, rulebook


class KingdomDuel(Duel):
    slug = "kingdom-duels"
    PARAMETERS = ("starting_lp", "attacks_per_battle_phase", "destruction_damage_fraction",
                  "destruction_damage_cap_per_turn")
    RULES = rulebook(
        Rule("kd-no-tributes", "kingdom-duels/summoning#no-tribute-any-level",
             "A Normal Summon of any Level needs no Tribute.",
             {"tributes-needed": "high-Level monsters need Tributes as in the official game"}),
        Rule("kd-no-set", "kingdom-duels/summoning#no-set-only-hide",
             "Monsters cannot be Set; they are Hidden only when an effect allows it.",
             {"set-allowed": "monsters may be Set face-down as in the official game"}),
        Rule("kd-flip-hidden", "kingdom-duels/summoning#flip-hidden-def",
             "A FLIP monster may be summoned Hidden in Defense Position.",
             {"no-hidden-summon": "no monster may be summoned Hidden without an effect"}),
        Rule("kd-no-direct", "kingdom-duels/battle#no-direct-attack",
             "A monster never attacks the opponent's Life Points directly.",
             {"direct-allowed": "with no monsters in the way, a direct attack is allowed"}),
        Rule("kd-one-attack", "kingdom-duels/battle#one-attack-per-battle-phase",
             "Only one monster may attack in each Battle Phase.",
             {"one-per-monster": "each monster may attack once, as in the official game"}),
        Rule("kd-quick-spells", "kingdom-duels/spells-and-traps#all-quick",
             "Spells and Traps are Quick, except Equip and Continuous Spells, which are Slow.",
             {"normal-spells-slow": "Normal Spells are Slow, as Spell Speed 1 in the official game"}),
        Rule("kd-destruction-damage", "kingdom-duels/terminology#destruction-damage-cap",
             "Destruction Damage is half the destroyed monster's ATK, at most a set amount a turn.",
             {"no-cap": "Destruction Damage has no limit per turn"}),
        base=Duel.RULES,
    )

    def __init__(self, catalog, params=None, mutation=None, seed=0):
        super().__init__(catalog, params, mutation, seed)
        self.attacks_this_phase = 0
        self.destruction_damage_taken = {}

    # --- summoning ---------------------------------------------------------------------------

    def tributes_needed(self, card):
        if self.misreads("kd-no-tributes", "tributes-needed"):
            return super().tributes_needed(card)
        self.note_rule("kd-no-tributes")
        return 0

    def do_set(self, action):
        card = self.card(action.card)
        if card.card.is_monster and not self.misreads("kd-no-set", "set-allowed"):
            self.illegal("kd-no-set", "no_set", "monsters are never Set in Kingdom Duels")
        super().do_set(action)

    def do_summon(self, action):
        if action.position != "hidden":
            return super().do_summon(action)
        card = self.card(action.card)
        is_flip = any(e.get("trigger") == "flipped" for e in card.card.effects)
        if not is_flip or self.misreads("kd-flip-hidden", "no-hidden-summon"):
            self.illegal("kd-flip-hidden", "cannot_hide",
                         f"{card.name} may not be summoned Hidden without an effect")
        player = action.player
        self.require_open_main_phase(player, "a Normal Summon")
        self.normal_summon_check(card, player)
        self.normal_summon_used = True
        self.summon_to_field(card, player, "defense", face_up=False, how="normal")
        self.note_rule("kd-flip-hidden")

    # --- battle ------------------------------------------------------------------------------

    def check_attack_target(self, attacker, target, player):
        if target is None and not self.misreads("kd-no-direct", "direct-allowed"):
            self.illegal("kd-no-direct", "no_direct_attacks",
                         "monsters never attack Life Points directly")
        super().check_attack_target(attacker, target, player)

    def do_attack(self, action):
        if not self.misreads("kd-one-attack", "one-per-monster") and \
                self.attacks_this_phase >= self.params["attacks_per_battle_phase"]:
            self.illegal("kd-one-attack", "one_attack_per_battle_phase",
                         "this Battle Phase already had its attack")
        super().do_attack(action)
        self.attacks_this_phase += 1

    def do_phase(self, action):
        super().do_phase(action)
        if action.phase == "battle":
            self.attacks_this_phase = 0

    # --- speeds ------------------------------------------------------------------------------

    def speed_of(self, card, program, is_card_activation):
        if is_card_activation and card.card.kind == "spell" and card.card.subtype == "normal":
            if self.misreads("kd-quick-spells", "normal-spells-slow"):
                return 1
            self.note_rule("kd-quick-spells")
            return 2
        return super().speed_of(card, program, is_card_activation)

    # --- Destruction Damage ------------------------------------------------------------------

    def apply_destruction_damage(self, player, atk, cause):
        value = int(atk * self.params["destruction_damage_fraction"])
        if not self.misreads("kd-destruction-damage", "no-cap"):
            room = self.params["destruction_damage_cap_per_turn"] - \
                self.destruction_damage_taken.get(player, 0)
            value = max(0, min(value, room))
        self.destruction_damage_taken[player] = self.destruction_damage_taken.get(player, 0) + value
        self.emit("damage", f"{player} takes {value} Destruction Damage", ["kd-destruction-damage"])
        self.change_lp({player: -value}, cause, kind="Destruction Damage")

    def next_turn(self, stop_at):
        self.destruction_damage_taken = {}
        self.attacks_this_phase = 0
        super().next_turn(stop_at)
