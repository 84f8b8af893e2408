"""Replays in plain words: every step and every event as an English sentence a judge reads.

A judge never sees a card id, a zone key or YAML. `step_sentences(replay)` writes one sentence
per step from the step, the table before it, the events it caused and the card catalog;
`event_sentence(event, names)` writes one event from its kind and data (the engine's event
texts carry ids, and are only used as they are when they name no card). `card_names(replay)`
maps the ids of a replay to card names, for both.

Pure Python, like the engine: nothing here imports Django.
"""
import re

from scenarios.engine.scenario import VERBS as VERB_KEYS
from scenarios.engine.vocabulary import MEANINGS, is_refused
from scenarios.engine.wording import counted
from scenarios.formats import format_or_core

# --- words -----------------------------------------------------------------------------------

ZONE_WORDS = {
    "hand": "hand", "deck": "Deck", "extra_deck": "Extra Deck", "graveyard": "Graveyard",
    "banished": "banished cards", "monsters": "field", "spell_trap": "Spell & Trap Zone",
    "field_zone": "Field Zone", "deck_master": "Deck Master Position",
    "extra_monster_zone": "Extra Monster Zone", "eroded": "Eroded cards",
    "rule_zone": "Rule Zone", "attached": "attached cards", "gone": "game",
}
PHASE_WORDS = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1",
               "battle": "Battle Phase", "main2": "Main Phase 2", "end": "End Phase"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
LINES = {"front": "Front Line", "back": "Back Line"}
SUMMON_WORDS = {"normal": "Normal", "tribute": "Tribute", "special": "Special", "flip": "Flip",
                "pendulum": "Pendulum", "ritual": "Ritual", "fusion": "Fusion",
                "integration": "Integration", "alter": "Alter", "token": "Special"}
# Summons the Kingdom Duels rules name only as nouns: a player "performs an Integration Summon
# of" a monster; no judge writes "A Integration Summons it".
NOUN_ONLY_SUMMONS = {"integration", "alter"}
ENDINGS = {
    "lp_zero": "Life Points reached 0",
    "deck_out": "a player could not draw",
    "concession": "a player conceded",
    "card_effect": "a card's effect won the duel",
    "deck_master_lost": "a Deck Master left the field",
    "idleness": "too many Idle Warnings",
    "improper_material": "an improper Integration Material was revealed",
    "unanimous_end": "the remaining players agreed to end the duel",
    "subduel_lost": "a player lost a Subduel",
}
RULE_CARD_KINDS = {"normal": "the Rule Card", "game-setup": "the Game Setup",
                   "field-setup": "the Field Setup", "duelist-setup": "the Duelist Setup",
                   "challenge-setup": "the Challenge Setup", "symbol": "the Symbol"}
# Activation conditions of cards that answer a summon while it is being attempted (as the
# engine's duel.SUMMON_ANSWERS); other conditions naming a summon come after it.
SUMMON_ANSWERS = ("summon_attempt", "normal_summon_attempt", "summon_attempt_or_summoning_card")
SUMMON_VERBS = ("summon", "special_summon", "pendulum_summon", "ritual_summon",
                "integration_summon", "flip_summon")
PLAYER_NAMES = ("A", "B", "C", "D", "E", "F")


def words(key):
    """A data key or value as words: `no_battle_damage` -> `no battle damage`."""
    return str(key).replace("_", " ")


def listing(items):
    """`X`, `X and Y`, `X, Y and Z`."""
    items = [str(i) for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def ordinal(number):
    try:
        return ORDINALS[int(number)]
    except (TypeError, ValueError, IndexError):
        return f"number {number}"


def sentence(text):
    """Capitalized, with one full stop at the end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def phase_words(phase):
    return PHASE_WORDS.get(phase, words(phase).title() + " Phase" if phase else "next phase")


def the_phase(phase):
    """`the Battle Phase`, but `Main Phase 1`."""
    named = phase_words(phase)
    return named if named.startswith("Main Phase") else f"the {named}"


def position_words(position, face_up=True, hidden_word=None):
    """`in Attack Position`, `in face-down Defense Position`, or `Hidden in DEF Position`."""
    if position not in ("attack", "defense"):
        return ""
    if hidden_word:  # Kingdom Duels: ATK and DEF Position; a face-down monster is Hidden
        shown = f"in {'ATK' if position == 'attack' else 'DEF'} Position"
        return shown if face_up else f"{hidden_word} {shown}"
    shown = f"{position.capitalize()} Position"
    return f"in {shown}" if face_up else f"in face-down {shown}"


def meaning(reason, codes=None):
    if not reason:
        return "the rules forbid it"
    return (codes or {}).get(reason) or MEANINGS.get(reason) or words(reason)


# --- card names --------------------------------------------------------------------------------

def _state_cards(state):
    """(player, zone, entry) for every card a snapshot shows."""
    for player, data in ((state or {}).get("players") or {}).items():
        for zone, entries in (data or {}).items():
            if isinstance(entries, dict):
                entries = [entries]
            if not isinstance(entries, list):
                continue
            for entry in entries:
                if isinstance(entry, dict) and "id" in entry:
                    yield player, zone, entry


def card_names(replay):
    """Every card id of the replay with its card name: from the table before the first step,
    the state after each step, and the duel's own cards (those that never left the Deck)."""
    names = {}
    states = [getattr(replay, "initial_state", None)] + \
        [getattr(step, "state", None) for step in getattr(replay, "steps", [])]
    for state in states:
        for _, _, entry in _state_cards(state):
            names.setdefault(str(entry["id"]), entry.get("card") or "a card")
    duel = getattr(replay, "duel", None)
    for card_id, card in {**(getattr(duel, "subduel_cards", None) or {}),
                          **(getattr(duel, "cards", None) or {})}.items():
        names.setdefault(str(card_id), getattr(card, "name", None) or "a card")
    setup = getattr(getattr(replay, "scenario", None), "setup", None)
    for _, _, entry in _state_cards(setup if isinstance(setup, dict) else None):
        if isinstance(entry.get("card"), str):
            names.setdefault(str(entry["id"]), entry["card"])
    return names


class Names:
    """Card names for sentences: a known id gives its name; anything else is not a card."""

    def __init__(self, names):
        self.names = names or {}
        self._ids_pattern = None

    def ids_pattern(self):
        """One pattern finding any of these cards' ids written as a word (longest first), or
        None: a replay of 600 cards writes its events with one pass each, not 600."""
        if self._ids_pattern is None:
            ids = sorted(self.names, key=len, reverse=True)
            self._ids_pattern = re.compile(
                r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else False
        return self._ids_pattern or None

    def known(self, card_id):
        return card_id is not None and str(card_id) in self.names

    def __call__(self, card_id, default="a card"):
        return self.names.get(str(card_id), default) if card_id is not None else default

    def many(self, ids):
        return listing(self(i) for i in ids or ())


def _names(names):
    return names if isinstance(names, Names) else Names(names)


# --- events --------------------------------------------------------------------------------------

def event_sentences(step, names):
    """Every event of one step (a StepRecord or its dict) as a sentence."""
    events = step.get("events", []) if isinstance(step, dict) else getattr(step, "events", [])
    return [event_sentence(event, names) for event in events or ()]


def event_sentence(event, names):
    """One engine event (`{kind, text, rules, ...data}`) in plain words, with card names."""
    names = _names(names)
    kind = str(event.get("kind", ""))
    writer = EVENT_WRITERS.get(kind)
    text = writer(event, names) if writer else None
    text = text if text else _as_written(event, names)
    if event.get("subduel") and kind != "subduel":  # played in a Subduel, not the main duel
        text = f"in the Subduel, {text}"
    return sentence(text)


def _as_written(event, names):
    """The engine's own text, for an event no writer knows: ids become names, zone keys words.
    Every event the engine emits today has a writer or a text that names no card."""
    text = str(event.get("text", "")).replace("->", "→")
    pattern = names.ids_pattern()
    if pattern is not None:
        text = pattern.sub(lambda found: names(found.group(1)), text)
    for key, word in ZONE_WORDS.items():
        if "_" in key:
            text = text.replace(key, word)
    return text.replace("_", " ")


def _by(event, names, key="by"):
    """The card an event names as its cause, or None when the cause is not a card."""
    value = event.get(key)
    return names(value) if names.known(value) else None


def _link(event, names):
    return f"Chain Link {event.get('link')} ({names(event.get('card'))})"


def _lp_change(event):
    before, after = event.get("before"), event.get("after")
    return f" ({before} → {after})" if before is not None and after is not None else ""


def _activate(event, names):
    player, card = event.get("player"), names(event.get("card"))
    where = f" as Chain Link {event.get('link')}" + (
        f" (Spell Speed {event['speed']})" if event.get("speed") is not None else "")
    if event.get("effect"):
        what = f"the {event['effect']} effect of {card}"
    elif event.get("card_activation") is False:
        what = f"the effect of {card}"
    else:
        what = card
    return f"{player} activates {what}{where}" if player else f"{what} is activated{where}"


def _ability(event, names):
    if event.get("what") == "triggered":
        return (f"The Ability of {names(event.get('card'))} triggers: its player may "
                "activate it")
    if event.get("what") == "declined":
        kind = f"{event['ability']} " if event.get("ability") else ""
        return (f"{event.get('player', 'its player')} declines the {kind}Ability of "
                f"{names(event.get('card'))}: it is not activated")
    if event.get("what") == "made_active":
        return (f"{event.get('player', 'its controller')} pays to make the Continuous Ability "
                f"of {names(event.get('card'))} active for this turn; no Chain is formed, so "
                "nothing can answer it")
    kind = f"{event['ability']} " if event.get("ability") else ""
    speed = f" (Spell Speed {event['speed']})" if event.get("speed") is not None else ""
    return (f"{event.get('player', 'its controller')} activates the {kind}Ability of "
            f"{names(event.get('card'))} as Chain Link {event.get('link')}{speed}")


def _trigger(event, names):
    what, card = event.get("what"), names(event.get("card"))
    if what == "declined":
        return f"{event.get('player')} does not activate {card}; it stays Set"
    if what == "effect_declined":
        return f"{event.get('player')} declines the optional effect of {card}: it is not activated"
    if what == "sprung":
        return f"{card} activates by itself as Chain Link {event.get('link')}: its Trigger is met"
    if what == "end_phase":
        return f"{card} applies its End Phase effect"
    if what == "continuous_effect":
        return (f"{card} is face-up and its Trigger is met: its effect activates as Chain Link "
                f"{event.get('link')}")
    if event.get("link") is not None:
        return f"{card} activates its mandatory effect as Chain Link {event.get('link')}"
    return None


def _resolve(event, names):
    if event.get("what") == "no_effect":
        return f"{_link(event, names)} has no effect: the card left the field before it resolved"
    return f"{_link(event, names)} resolves"


def _negate(event, names):
    what, by = event.get("what"), _by(event, names)
    if what == "summon":
        card = names(event.get("card"))
        return f"{by} negates the summon of {card}" if by else f"the summon of {card} is negated"
    if what == "pay_to_negate":
        return (f"{event.get('player')} pays to negate the Ability of {names(event.get('card'))}; "
                "it still counts as used this turn")
    if what == "cannot":
        return (f"{by or 'the effect'} cannot negate {_link(event, names)}: Rule Cards cannot be "
                "negated")
    if what == "link":
        return f"{by} negates {_link(event, names)}" if by else f"{_link(event, names)} is negated"
    card = names(event.get("card"))
    if what == "unstoppable":
        return (f"{by or 'the effect'} cannot negate {card}: an Unstoppable effect cannot be "
                "negated")
    if what == "not_negated":
        ability = f"{event['ability']} " if event.get("ability") else ""
        return (f"{by or 'the effect'} cannot negate the {ability}Ability of {card}: only an "
                "Ability negates an Ability")
    if what == "ability_immune":
        return f"{by or 'the effect'} cannot negate the Ability of {card}"
    return None


def _chain(event, names):
    what = event.get("what")
    if what == "resolves":
        who = "both players have passed" if event.get("players", 2) == 2 else \
            "all players have passed"
        order = "from Chain Link 1 up" if event.get("from_first") else "last link first"
        return f"{who}: the chain resolves, {order}"
    if what == "never":
        return f"{_link(event, names)} never resolves: the duel is over"
    if what == "leaves":
        return f"{names(event.get('card'))} goes to the Graveyard after the chain"
    return None


def _cost(event, names):
    what, card = event.get("what"), names(event.get("card"))
    if what == "charges":
        return (f"{card} spends {counted(event.get('charges'), 'charge')} on its "
                f"{event.get('effect')} effect: {event.get('left')} left")
    amount = event.get("amount")
    if amount is None:
        return None
    if what == "maintenance":
        return f"{event.get('player')} pays {amount} LP to keep {card}{_lp_change(event)}"
    if event.get("purpose") == "nightfall":
        return f"{event.get('player')} pays {amount} LP for Nightfall{_lp_change(event)}"
    if event.get("purpose") == "negation":
        return (f"{event.get('player')} pays {amount} LP to negate the Ability of {card}"
                f"{_lp_change(event)}")
    paid_for = f" for {card}" if names.known(event.get("card")) else ""
    return f"{event.get('player')} pays {amount} LP{paid_for}{_lp_change(event)}"


def _lp(event, names):
    player, before, after = event.get("player"), event.get("before"), event.get("after")
    if before is None or after is None:
        return None
    change = after - before
    how, by = event.get("how") or "", _by(event, names)
    if change >= 0:
        text = f"{player} gains {change} LP" + (f" from {by}" if by else "")
    else:
        text = f"{player} loses {-change} LP"
        if how:
            text += f" to {how}" + (f" from {by}" if by else "")
        elif by:
            text += f" to {by}"
        if not by and isinstance(event.get("by"), str) and " " in event["by"]:
            text += f" for {event['by']}"  # a cause in words ("joining the Battle Royale")
    return f"{text} ({before} → {after})"


def _zone_from(zone, player):
    if zone == "banished":
        return "banishment"
    return f"{player}'s {ZONE_WORDS.get(zone, words(zone))}" if player else \
        f"the {ZONE_WORDS.get(zone, words(zone))}"


def _zone_to(zone, player, from_player):
    word = ZONE_WORDS.get(zone, words(zone))
    if zone == "monsters" and player != from_player and player:
        return f"{player}'s side of the field"
    if player == from_player or not player:
        return f"the {word}"
    return f"{player}'s {word}"


def _move(event, names):
    what, card = event.get("what"), names(event.get("card"))
    if what == "token_gone":
        return f"{card} is a Token: it leaves the game"
    if what == "terrain":
        terrain = f" ({event['terrain']})" if event.get("terrain") else ""
        by = _by(event, names)
        return (f"{card} moves to {event.get('player')}'s {ordinal(event.get('column'))} "
                f"Terrain{terrain}" + (f" by the effect of {by}" if by else ""))
    if what == "hand_to_hand":
        return f"{card} goes from {event.get('from_player')}'s hand to {event.get('player')}'s hand"
    if what == "attached_left":
        return (f"{card} was attached to {names(event.get('host'))}, which left the field: it "
                "goes to the Graveyard")
    source, to = event.get("from"), event.get("to")
    if to is None:
        return None
    player, from_player = event.get("player"), event.get("from_player", event.get("player"))
    if source is None:
        return f"{card} moves to {_zone_to(to, player, None)}"
    if to == "banished":
        return f"{card} is banished from {_zone_from(source, from_player)}"
    if to == "eroded":
        return f"{card} is Eroded from {_zone_from(source, from_player)}"
    if to == "attached":
        return f"{card} leaves {_zone_from(source, from_player)} to be attached beneath a card"
    if to == "gone":
        return f"{card} leaves the game"
    return f"{card} moves from {_zone_from(source, from_player)} to " \
           f"{_zone_to(to, player, from_player)}"


def _flip(event, names):
    what, card, by = event.get("what"), names(event.get("card")), _by(event, names)
    if what == "activated":
        return f"{card} is flipped face-up to be activated"
    if what == "attack":
        return f"{card} is flipped face-up by the attack"
    if what == "combat":
        return f"{card}, Hidden in ATK Position, is revealed by the combat"
    if what == "face_down":
        return f"{card} is changed to face-down Defense Position" + (f" by {by}" if by else "")
    if event.get("card") is None:
        return None
    return f"{card} is flipped face-up" + (f" by {by}" if by else "")


def _summon(event, names):
    what, card, player = event.get("what"), names(event.get("card")), event.get("player")
    if what == "alter_failed":
        return (f"the Alter Summon of {card} fails: "
                f"{meaning(event.get('reason'))}")
    if what == "same_zone":
        return (f"{card} takes the place of {names(event.get('material'))}, in the "
                f"{ordinal(event.get('column'))} Monster Zone")
    if what == "materials_apart":
        return f"{player} sets the Eroded Materials of {card} apart, unrevealed"
    if what == "sealed":
        return (f"{card} cannot be Special Summoned: {_by(event, names)} equips the whole zone "
                "it lies in")
    if what == "refused" and event.get("card") is not None:
        return (f"{card} has left the zone its effect was activated in, so it is not Special "
                "Summoned")
    how = event.get("how")
    if how == "special" and event.get("cards"):
        where = position_words(event.get("position"), event.get("face_up", True))
        return (f"{player} Special Summons {names.many(event.get('cards'))} at the same time"
                + (f" {where}" if where else ""))
    if how == "token":
        cards = event.get("cards") or []
        token = event.get("token") or "Token"
        by = _by(event, names)
        made = f"{len(cards)} {token}" + ("s" if len(cards) != 1 else "")
        return f"{by} Special Summons {made} for {player}" if by else \
            f"{player} Special Summons {made}"
    if how == "pendulum":
        return f"{player} Pendulum Summons {names.many(event.get('cards'))} at once"
    if event.get("card") is None:
        return None
    kind = SUMMON_WORDS.get(how, words(how or 'special').title())
    where = position_words(event.get("position"), event.get("face_up", True))
    if how in NOUN_ONLY_SUMMONS:
        text = f"{player} performs an {kind} Summon of {card}" if player else \
            f"{card} is summoned"
    else:
        text = f"{player} {kind} Summons {card}" if player else f"{card} is summoned"
    return text + (f" {where}" if where else "")


def _position(event, names):
    what, card = event.get("what"), names(event.get("card"))
    if what == "battle_lock":
        return f"Battle Lock: the battle position of {card} is locked"
    if what == "battle_lock_ends":
        return f"The Battle Lock on {card} has lasted its turns and ends"
    if what == "battle_swap_kept":
        return f"Battle Swap: {card} is not {event.get('player')}'s monster and keeps its position"
    where = position_words(event.get("position"))
    if not where or event.get("card") is None:
        return None
    change = f"{card} changes to {where[3:]}"
    return f"Battle Swap: {change}" if what == "battle_swap" else change


def _attack(event, names):
    what, by = event.get("what"), _by(event, names)
    attacker = names(event.get("attacker"))
    if what == "negated":
        return f"{by} negates the attack of {attacker}" if by else \
            f"the attack of {attacker} is negated"
    if what == "redirected":
        return f"the attack of {attacker} is redirected to {names(event.get('target'))}"
    if what == "counts_as":
        return (f"the redirected attack now counts as {event.get('player')}'s attack; its source "
                f"is still {attacker}")
    if what == "replay":
        return (f"{event.get('player')} now controls other cards: a replay occurs, and {attacker} "
                "may attack again")
    if what == "protected":
        return (f"{attacker} cannot be destroyed by this battle, and its controller takes no "
                "damage from it")
    if what == "retargeted":
        return f"the attack on {names(event.get('old'))} now targets {names(event.get('target'))}"
    if "attacker" not in event:
        return None
    if event.get("target") is None:
        return f"{attacker} attacks directly"
    return f"{attacker} attacks {names(event.get('target'))}"


def _battle(event, names):
    what, card, player = event.get("what"), names(event.get("card")), event.get("player")
    return {
        "not_destroyed": f"{card} is not destroyed by this battle",
        "no_damage": f"{player} takes no battle damage this turn",
        "pierce": f"{card} pierces: {player} takes the difference",
        "def_protects": f"{card} was in DEF Position: {player} takes no damage",
        "redirect_protects": f"{card} is not destroyed: the attack was redirected",
        "damage_step": f"the attack of {names(event.get('attacker'))} stands: the Damage Step "
                       "begins",
        "damage_pass": f"{player} passes in the Damage Step",
    }.get(what)


def _counter(event, names):
    card = names(event.get("card"))
    if event.get("what") == "removed":
        return (f"the Alter Summon is completed: {counted(event.get('count'), 'Summoning Counter')}"
                f" of {card} are removed")
    if event.get("counter") is None:
        return None
    counter = words(event["counter"]).title() + " Counter"
    return f"{card} now has {counted(event.get('count'), counter)}"


def _deck_master(event, names):
    what, card = event.get("what"), names(event.get("card"))
    if what == "replaced":
        return (f"{card} becomes {event.get('player')}'s Deck Master; {names(event.get('old'))} "
                "is a regular card again")
    if what == "summoned":
        return (f"{event.get('player')} Special Summons the Deck Master: it is {card}, with its "
                "name and printed stats")
    if what == "held":
        return (f"{card} is held in {event.get('player')}'s Deck Master Position; it is not a "
                "Deck Master")
    return None


def _effect(event, names):
    what, card, by = event.get("what"), names(event.get("card")), _by(event, names)
    source = by or "an effect"
    if what == "rest_of_turn":
        return f"{source}: {words(event.get('effect'))} for the rest of this turn"
    if what == "declare_race":
        return f"{source} declares the Type {event.get('race')}"
    if what == "atk":
        amount = event.get("amount")
        change = f"+{amount}" if isinstance(amount, int) and amount > 0 else str(amount)
        return (f"the ATK of {card} changes by {change} (from {source})"
                + (", permanently" if event.get("permanent") else ""))
    if what == "ends":
        return f"{source} left the field: its {event.get('effect')} on {card} ends"
    if what == "permanent":
        return f"{source} left the field, but its change to {card} was made permanently: it stays"
    if what == "unaffected" and event.get("effect_kind"):
        return (f"{card} is unaffected by {event['effect_kind'].capitalize()} effects, such as "
                f"that of {source}")
    if what == "unaffected":
        return f"{card} is unaffected by {source}, a Divine card of lower Hierarchy"
    if what == "already_destroyed":
        return f"{card} already counts as destroyed: {source} does not destroy it again"
    if what == "not_destroyed":
        how = {"battle": "by battle", "effect": "by card effects",
               "rule": "by the rules"}.get(event.get("how"), "by card effects")
        shield = event.get("shield")
        because = "" if shield in (None, event.get("card")) else f", because of {names(shield)}"
        return f"{card} cannot be destroyed {how}{because}, so it stays on the field"
    if what == "shuffle":
        return f"{source} shuffles {event.get('player')}'s Deck"
    if what == "detach":
        return f"the DETACH effect of {card} applies as it leaves the field"
    if what == "draw_check":
        players = event.get("players") or []
        who = " and ".join(players) if len(players) < 3 else ", ".join(players)
        return f"{card} will check the cards {who} draw, for a number of their turns"
    if what == "draw_check_over":
        return f"{card} no longer checks the cards drawn"
    return None


def _equip(event, names):
    what, card, host = event.get("what"), names(event.get("card")), names(event.get("host"))
    why, player = event.get("why"), event.get("player")
    if what == "cannot" and why == "not_a_monster":
        return (f"{card} can equip only a monster, not {player}'s "
                f"{ZONE_WORDS.get(event.get('zone'), words(event.get('zone')))}")
    if what == "cannot" and why == "backrow_full":
        return f"{card} cannot be equipped to {host}: an equipped card needs a free Backrow zone"
    if what == "cannot":
        return f"{card} cannot equip {host}"
    if what == "zone":
        return (f"{card} stays in its zone and equips {player}'s "
                f"{ZONE_WORDS.get(event.get('zone'), words(event.get('zone')))} as a whole")
    if what == "stay_face_up":
        held = event.get("cards") or []
        return (f"{card} is Hidden; {names.many(held)} "
                f"{'stays' if len(held) == 1 else 'stay'} face-up")
    if what == "host_left":
        return f"{card} was equipped to {host}, which left the field: it is destroyed"
    if what == "re_equipped":
        return f"{card} is re-equipped from {names(event.get('old'))} to {host}"
    if event.get("card") is None or event.get("host") is None:
        return None
    return f"{card} is equipped to {host}"


def _field(event, names):
    what, card, new = event.get("what"), names(event.get("card")), names(event.get("new"))
    if what == "own_replaced":
        return f"{card} is destroyed at once: {event.get('player')} activated a new Field Spell"
    if what == "stays":
        return f"{card} stays until the new Field Spell {new} resolves"
    if what == "replaced":
        return f"{card} leaves the field: the new Field Spell {new} has resolved"
    if what == "kept":
        return f"{card} stays: the new Field Spell {new} never resolved"
    if what == "set_stays":
        return f"{card} stays: a Set Field Spell is not active"
    return None


def _defeat(event, names):
    if event.get("what") == "stays":
        return (f"{names(event.get('card'))}, owned by the defeated {event.get('owner')}, stays "
                f"on {event.get('player')}'s field")
    return None


def _formation(event, names):
    team = event.get("team")
    if event.get("what") == "front_line_falls":
        return f"team {team}'s Formation Points are gone: its Front Line is destroyed and closed"
    if event.get("before") is None:
        return None
    return f"team {team}'s Formation Points go from {event['before']} to {event.get('after')}"


def _hide(event, names):
    card, player = names(event.get("card")), event.get("player")
    if event.get("summon"):
        return f"{player} Hides {card} again, as a summon"
    return f"{player} Hides {card} again in ATK Position (not a summon)"


def _idle(event, names):
    if event.get("what") == "spared":
        return (f"{event.get('player')} activated {names.many(event.get('cards'))} from the Traps "
                "met together: no Idle Warning")
    if event.get("what") == "loses_instead":
        return (f"{event.get('player')} already has {event.get('warnings')} Idle Warning"
                f"{'' if event.get('warnings') == 1 else 's'} and is idle again: instead of "
                "another warning, they lose the duel")
    if event.get("count") is not None:
        return f"{event.get('player')} gets an Idle Warning (number {event['count']})"
    return None


def _limit(event, names):
    what, player = event.get("what"), event.get("player")
    if what == "count":
        return (f"{player}'s Summon Limit count rises by {event.get('added')}: "
                f"{event.get('count')} of {event.get('limit')} summons this turn")
    if what == "at_limit":
        return (f"{_by(event, names) or 'the effect'} resolves without effect: {player} has "
                "reached the Summon Limit")
    if what == "not_resolved":
        return (f"{names(event.get('card'))} did not resolve: it adds nothing to {player}'s "
                "Summon Limit count")
    return None


def _nightfall(event, names):
    return (f"{event.get('player')} uses Nightfall: {names(event.get('card'))} is flipped "
            "face-down" + (" in Defense Position" if event.get("defense") else "")
            + " (a game rule action: no chain, no target)")


def _phase(event, names):
    if event.get("what") == "battle_ends":
        return "the Battle Phase ends; Main Phase 2 begins"
    if event.get("phase") is None:
        return None
    return f"{event.get('player')} enters {the_phase(event['phase'])}"


def _result(event, names):
    if "reason" not in event:
        return None
    why = ENDINGS.get(event["reason"], words(event["reason"]))
    winner = event.get("winner")
    if winner is None:
        return f"the duel is a draw: {why}"
    winners = str(winner).split("+")
    named = listing(w if w in PLAYER_NAMES else f"team {w}" for w in winners)
    if len(winners) == 1 and event.get("players"):  # a team wins: name its players too
        named += f" ({listing(event['players'])})"
    match = "the Match" if event.get("match") else "the duel"
    return f"{named} {'win' if len(winners) > 1 else 'wins'} {match}: {why}"


def _reveal(event, names):
    card = names(event.get("card"))
    if event.get("what") == "cardlist":
        return f"{event.get('player')} reveals {card} from the Cardlist of " \
               f"{names(event.get('setup'))}"
    if "proper" not in event:
        return None
    when = "the duel ends" if event.get("at_end") else f"{card} is revealed"
    materials = names.many(event.get("materials"))
    verb = "were" if len(event.get("materials") or ()) > 1 else "was"
    if event["proper"]:
        return (f"{when}: {event.get('player')} shows that {materials} {verb} the proper Material "
                f"of {card}")
    return f"{when}: {materials} {verb} not the proper Material of {card}"


def _ritual(event, names):
    what, card = event.get("what"), names(event.get("card"))
    return {
        "stays": f"{card} stays face-up on the field until its Ritual Summon",
        "sent": f"{event.get('player')} sends {card} to the Graveyard at will",
        "fulfilled": f"the Ritual requirements of {card} are fulfilled: it goes to the Graveyard",
    }.get(what)


def _rule(event, names):
    what, card, by = event.get("what"), names(event.get("card")), _by(event, names)
    if what == "keyword":
        return f"the KEYWORD of {card} ({listing(event.get('keywords') or [])}) is met"
    if what == "none_in_extra_deck":
        return f"{event.get('player')} has no {event.get('name')} in the Extra Deck to activate"
    if what == "reliance_refused":
        return (f"the effect of {by} cannot activate {card}: only the effect of "
                f"{event.get('relies_on') or 'no card'} activates it")
    if what == "reliance_activated":
        return f"the effect of {by} activates {card}, which relies on {by}"
    if what == "reliance_stays":
        return f"{card} stays: its Reliance on {by} is on activation only"
    if what == "reliance_leaves":
        return f"{by} left the field, so {card}, which relies on it, leaves the Rule Zone"
    if what == "symbol_enters":
        return (f"{card} enters {event.get('player')}'s Rule Zone with "
                f"{counted(event.get('charges'), 'charge')}")
    return None


def _setup(event, names):
    what = event.get("what")
    if what == "rule_card":
        return f"Setup Phase (2): {event.get('player')} activates {names(event.get('card'))}"
    if what == "field_setup":
        return (f"Setup Phase (3): {event.get('player')} lays the Terrains of "
                f"{_by(event, names) or 'its Field Setup'}, left to right: "
                f"{', '.join(event.get('terrains') or [])}")
    return None


def _strike(event, names):
    card, player = names(event.get("card")), event.get("player")
    terrain = f"{player}'s {ordinal(event.get('column'))} Terrain"
    if event.get("what") == "past":
        return f"{card} STRIKEs past {terrain} at the Life Points"
    if event.get("what") == "terrain":
        return (f"{card} STRIKEs {terrain} ({event.get('terrain')}), not a monster or Life "
                "Points; it counts as an attack")
    return None


def _target(event, names):
    if event.get("what") != "retargeted":
        return None
    return (f"{_link(event, names)}, aimed at {names(event.get('old'))}, now targets "
            f"{names(event.get('new'))}")


def _terrain(event, names):
    what, player = event.get("what"), event.get("player")
    terrain = f"{player}'s {ordinal(event.get('column'))} Terrain"
    if what == "default":
        return (f"{names(event.get('card'))} stands on {terrain}, {event.get('terrain')}: the "
                "default, with no Field Setup played")
    if what == "replaced":
        return f"{terrain} ({event.get('old')}) is set aside and replaced by {event.get('terrain')}"
    return None


def _tilemap(event, names):
    """A Tilemap laid out, replaced, or a monster placed or moved on its Tiles."""
    what, card, by = event.get("what"), names(event.get("card")), _by(event, names)
    if what == "created":
        return (f"{card} creates a Tilemap of {event.get('count')} Tiles over the "
                f"{event.get('terrain')} Terrain")
    if what == "replaced":
        return f"the Tilemap of {card} gives way to that of {by}: only one Tilemap at a time"
    if what == "placed":
        return f"{card} stands on Tile {event.get('tile')} of the Tilemap"
    if what == "moved":
        return f"{card} moves from Tile {event.get('old')} to Tile {event.get('tile')}"
    if what == "off":
        return f"{card} steps off the Tilemap past Tile {event.get('tile')}"
    if what == "artwork":
        return f"the artwork of {card} draws a grid, but no Tilemap is laid out"
    if what == "ended":
        return f"{card} left the field: its Tilemap ends"
    if what == "lines_removed":
        return f"{card} removes the Obstructions of the Tilemap; its edge stays"
    return None


def _subduel(event, names):
    """A Subduel declared, won, or over; and what its card gives the winner."""
    what, card, player = event.get("what"), names(event.get("card")), event.get("player")
    if what == "declared":
        lp = event.get("lp") or {}
        return (f"{card} declares a Subduel, a separate game: "
                + listing(f"{p} at {n} LP" for p, n in lp.items()))
    if what == "result":
        return "in the Subduel, " + (_result(event, names) or "the game ends").replace(
            "the duel", "the Subduel")
    if what == "over":
        return ("the Subduel is over" + (f": {player} wins it" if player else ": a draw")
                + "; the main duel goes on")
    if what == "winner_effect":
        return f"{card} says what the winner of the Subduel gets: it applies to {player}"
    return None


def _attach(event, names):
    """A card placed beneath another, what goes along with it, and what it cannot do."""
    what, card, host = event.get("what"), names(event.get("card")), names(event.get("host"))
    if what == "attached":
        return f"{card} is placed beneath {host}"
    if what == "carried":
        return (f"{names.many(event.get('cards'))}, beneath {card}, go along: they are attached "
                f"to {host} with it")
    if what == "not_detached":
        return (f"{card} goes to the Graveyard with {host} without being detached, so its "
                "DETACH effect does not activate")
    if what == "cannot":
        return {"token": f"{card} is a Token: it cannot be attached",
                "hidden": f"{card} cannot be attached to the Hidden {host}",
                "backrow_full": f"{card} cannot be attached: the Backrow is full"}.get(
                    event.get("why"), f"{card} cannot be attached")
    return None


def _control(event, names):
    """Control of a monster taken or swapped, and what comes with it."""
    what, card, player = event.get("what"), names(event.get("card")), event.get("player")
    if what == "placed":
        return (f"{player} takes control of {card}: it goes to the {ordinal(event.get('column'))} "
                f"Monster Zone of {player}'s side")
    if what == "stays":
        return f"{player} takes control of {card}, which stays in its zone on the other side"
    if what == "no_zone":
        return f"{player} has no free Monster Zone, so cannot take control of {card}"
    if what == "equips":
        held = event.get("cards") or []
        return (f"{player} also takes control of {names.many(held)}, equipped to {card}; "
                f"{'it stays' if len(held) == 1 else 'they stay'} in "
                f"{event.get('old') or 'the other player'}'s Backrow")
    if what == "swap":
        by = _by(event, names)
        return f"{by or 'an effect'} swaps control of {card}: {player} takes control of it"
    return None


def _damage(event, names):
    if event.get("what") == "prevented":
        return (f"{names(event.get('card'))} spares {event.get('player')} the "
                f"{event.get('how') or 'damage'}")
    if "player" not in event or event.get("amount") is None:
        return None
    return f"{event['player']} takes {event['amount']} Destruction Damage"


def _shuffle(event, names):
    player, by = event.get("player"), _by(event, names)
    if player is None:
        return None
    if event.get("what") == "swap":
        return f"{player} shuffles the Deck after the Duelist Setup swap"
    return f"{player} shuffles the Deck" + (f" after {by} took a card from it" if by else "")


def _trap(event, names):
    if event.get("what") == "flipped_only":
        return f"{names(event.get('card'))} is turned face-up: its effect waits for its Trigger"
    return None


def _win(event, names):
    if "turns" not in event:
        return None
    return (f"{_by(event, names) or 'an effect'}: {event.get('player')} wins once "
            f"{event['turns']} turns have passed")


EVENT_WRITERS = {
    "activate": _activate, "ability": _ability, "trigger": _trigger, "resolve": _resolve,
    "negated": lambda e, n: f"{_link(e, n)} is negated: it does not resolve",
    "negate": _negate, "chain": _chain, "cost": _cost, "lp": _lp, "move": _move, "flip": _flip,
    "summon": _summon, "position": _position, "attack": _attack, "battle": _battle,
    "counter": _counter, "deck-master": _deck_master, "effect": _effect, "equip": _equip,
    "defeat": _defeat, "field": _field, "formation": _formation, "hide": _hide, "idle": _idle,
    "limit": _limit,
    "nightfall": _nightfall, "phase": _phase, "result": _result, "reveal": _reveal,
    "ritual": _ritual, "rule": _rule, "setup": _setup, "strike": _strike, "target": _target,
    "terrain": _terrain, "win": _win, "tilemap": _tilemap, "subduel": _subduel,
    "attach": _attach, "control": _control, "damage": _damage, "shuffle": _shuffle,
    "trap": _trap,
    "coin": lambda e, n: (f"{e['player']} calls {e.get('call')}; the coin shows "
                          f"{e.get('result')}") if "player" in e else None,
    "dice": lambda e, n: f"{e['player']} rolls a {e.get('roll')}" if "player" in e else None,
    "line": lambda e, n: (f"{n(e.get('card'))} moves to the {LINES.get(e.get('line'), 'other')}"
                          if "card" in e else None),
    "replay": lambda e, n: (f"{n(e.get('card'))} changed after the attack was declared: a "
                            f"replay, and {e.get('player')} chooses the attack target again"
                            if "card" in e else None),
    "persist": lambda e, n: f"the Persist time of {n(e.get('card'))} is over",
    "play": lambda e, n: f"{n(e.get('card'))} is played as a {str(e.get('as_kind')).title()}",
    "rampart": lambda e, n: (f"{n(e.get('card'))} stands on the Front Line as a "
                             f"{e.get('atk')}/{e.get('defense')} rampart; its effect is negated"
                             if "card" in e else None),
    "standby": lambda e, n: (f"{n(e.get('card'))} applies its Standby Phase effect"
                             if "card" in e else None),
}


# --- steps ---------------------------------------------------------------------------------------

# What the duel does by itself between scripted steps or when the script ends (the engine's
# `Interlude.what`), as a judge says it.
INTERLUDES = {
    "damage_calculation": "No one activates a card in the Damage Step, so damage is "
                          "calculated.",
    "summon_succeeds": "No one responds to the summon, so it succeeds.",
    "setup_finished": "The Setup Phase runs on to its end.",
}


def interlude_sentence(what):
    """What the duel did by itself (a list of the engine's names for it), in one sentence."""
    said = []
    for name in what or ():
        inner = name.removeprefix("subduel_")
        if inner in INTERLUDES:
            text = INTERLUDES[inner]
            said.append(f"In the Subduel: {text[0].lower()}{text[1:]}" if inner != name else text)
    return " ".join(said) or "With no further step, the duel carries on as the rules say."


def step_sentences(replay, catalog=None, names=None):
    """One sentence per step of `replay`, in order (`names`: card labels to use instead of
    the cards' names, such as "A's second Sangan" where copies must be told apart)."""
    return Narrator(replay, catalog, names=names).sentences()


def intent_sentences(replay, catalog=None, names=None):
    """One sentence per step as it is attempted, without saying whether it worked or what it
    cost: `B activates the face-down Solemn Warning in response to ...` (for a question that
    asks whether the step is allowed)."""
    return Narrator(replay, catalog, intent=True, names=names).sentences()


def attempt_sentences(replay, catalog=None, names=None):
    """One sentence per step as an attempt whose fate is left open: `A tries to Normal Summon
    Gem-Knight Garnet.` (for a question whose answer is whether it worked)."""
    return Narrator(replay, catalog, intent="attempt", names=names).sentences()


class Phrase:
    """What a player does in one step: `activates X` / `activate X`, then its details."""

    def __init__(self, does, do=None, details=(), outcome=""):
        self.does, self.do = does, do or does
        self.details = [d for d in details if d]
        self.outcome = outcome


class Table:
    """One snapshot, looked up by card id."""

    def __init__(self, state):
        self.state = state or {}
        self.where = {str(entry["id"]): (player, zone, entry)
                      for player, zone, entry in _state_cards(self.state)}

    def zone(self, card_id):
        return self.where.get(str(card_id), (None, None, {}))[1]

    def player(self, card_id):
        return self.where.get(str(card_id), (None, None, {}))[0]

    def entry(self, card_id):
        return self.where.get(str(card_id), (None, None, {}))[2]

    def face_down(self, card_id):
        return self.entry(card_id).get("face") == "down"

    @property
    def chain(self):
        return self.state.get("chain") or []

    @property
    def attack(self):
        return self.state.get("attack")

    @property
    def players(self):
        return list((self.state.get("players") or {}).keys())


class Narrator:
    """Walks a replay's steps with the table before each, the chain links opened so far and the
    passes in a row, and writes each step with its `say_<verb>` method."""

    def __init__(self, replay, catalog=None, intent=False, names=None):
        self.replay = replay
        self.intent = intent
        self.real = Names(card_names(replay))  # the cards' own names, to look them up
        self.names = Names(names) if names is not None else self.real
        duel = getattr(replay, "duel", None)
        if catalog is None:
            catalog = getattr(duel, "catalog", None)
        if catalog is None:
            from scenarios.engine.cards import default_catalog
            catalog = default_catalog()
        self.catalog = catalog
        self.codes = dict(getattr(duel, "REASON_CODES", None) or {})
        scenario = getattr(replay, "scenario", None)
        self.format = getattr(scenario, "format", "") or ""
        self.words = format_or_core(self.format).words  # the format's own words
        self.links = {}  # (link number, card id) -> "activation", "effect", "ability", ...
        self.passes = 0  # passes in a row since the last action or the last round of passes

    # --- helpers -------------------------------------------------------------------------

    def card(self, card_id):
        """The catalog card of an id, or None."""
        name = self.real(card_id, None)
        return self.catalog.get(name) if name else None

    def name(self, card_id):
        return self.names(card_id)

    def whose(self, table, card_id, player):
        """`C's ` before a card another player controls, in a duel of more than two players."""
        owner = table.player(card_id)
        if owner and owner != player and len(table.players) > 2:
            return f"{owner}'s "
        return ""

    def hidden(self):
        return self.words.hidden

    def position(self, entry, fallback=None):
        if entry.get("position"):
            return position_words(entry["position"], entry.get("face") != "down", self.hidden())
        return position_words(fallback, True, self.hidden()) if fallback else ""

    def place(self, to):
        """A summon's `to`: a Phalanx line or a Kingdom Duels column."""
        if to is None:
            return ""
        if str(to) in LINES:
            return f"to the {LINES[str(to)]}"
        if str(to).isdigit():
            return f"to the {ordinal(to)} Monster Zone"
        return f"to {words(to)}"

    def sentences(self):
        found = []
        before = getattr(self.replay, "initial_state", None)
        previous = None
        for step in getattr(self.replay, "steps", []):
            found.append(self.step(step, Table(before), previous))
            self.count_passes(step, Table(before), Table(getattr(step, "state", None)))
            if getattr(step, "state", None) is not None:
                before = step.state
            self.learn_links(step)
            # The turn player's pass in a summon's negation window leaves the summon open: the
            # next step answers the summon, not the pass.
            window_pass = "pass" in (step.action or {}) and previous is not None and \
                self.open_summon(previous) is not None
            previous = previous if window_pass else step
        return found

    def learn_links(self, step):
        for event in step.events or ():
            if event.get("link") is None or event.get("card") is None:
                continue
            key = (event["link"], str(event["card"]))
            kind = event.get("kind")
            if kind == "ability":
                self.links[key] = "ability"
            elif kind == "activate" and event.get("effect"):
                self.links[key] = f"the {event['effect']} effect of"
            elif kind == "activate" and event.get("card_activation") is not False:
                self.links[key] = "activation"
            elif kind in ("activate", "trigger"):
                self.links[key] = "effect"

    # --- one step --------------------------------------------------------------------------

    def step(self, step, before, previous):
        action = dict(step.action or {})
        verb = next((k for k in action if k in VERB_KEYS), None)
        after = Table(step.state)
        player = action.get("player")
        refused = is_refused(step.status) or self.intent
        if verb == "pass_turns":
            count = action.get("pass_turns")
            text = f"{counted(count, 'turn')} {'passes' if count == 1 else 'pass'}"
            if refused and not self.intent:
                text += f", but cannot: {meaning(step.reason, self.codes)}"
            return sentence(text)
        writer = getattr(self, f"say_{verb}", None) if verb else None
        phrase = writer(action, before, after, step, previous, refused) if writer else \
            self.say_other(action, verb, refused)
        details = "".join(
            (" " if n == 0 and d.startswith(("in response to ", "after ")) else ", ") + d
            for n, d in enumerate(phrase.details))
        if self.intent == "attempt":
            return sentence(f"{player} tries to {phrase.do}{details}")
        if self.intent:
            return sentence(f"{player} {phrase.does}{details}")
        if refused:
            return sentence(f"{player} tries to {phrase.do}{details}, but cannot: "
                            f"{meaning(step.reason, self.codes)}")
        return sentence(f"{player} {phrase.does}{details}{phrase.outcome}")

    def say_other(self, action, verb, refused):
        card = next((v for k, v in action.items() if self.names.known(v)), None)
        what = words(verb or "act")
        return Phrase(f"takes the step {what}" + (f" with {self.name(card)}" if card else ""),
                      f"take the step {what}" + (f" with {self.name(card)}" if card else ""))

    # costs, choices and answers shared by activations -----------------------------------------

    def costs(self, step, player):
        found = []
        for event in step.events or ():
            if event.get("kind") == "cost" and event.get("player") == player and \
                    event.get("amount") is not None and event.get("what") != "maintenance":
                found.append(f"paying {event['amount']} LP")
            elif event.get("kind") == "cost" and event.get("what") == "charges":
                found.append(f"spending {counted(event.get('charges'), 'charge')}")
        return found

    def selections(self, action):
        select = action.get("select") or {}
        materials = action.get("materials") or []
        found = []
        for key, value in select.items():
            # choices that are not cards: a coin call, a Type, a player
            named = words(value) if key in ("call", "race", "player", "tile") else \
                self.names.many(value) if isinstance(value, list) else self.name(value)
            if key == "discard":
                found.append(f"discarding {named}")
            elif key == "tribute":
                found.append(f"Tributing {named}")
            elif key == "banish":
                found.append(f"banishing {named}")
            elif key in ("send", "send_to_graveyard"):
                found.append(f"sending {named} to the Graveyard")
            elif key == "search":
                found.append(f"choosing {named} to add to the hand")
            elif key == "summon":
                found.append(f"choosing {named} to Special Summon")
            elif key == "shuffle":
                shuffled = value if isinstance(value, list) else [value]
                found.append(f"shuffling {self.names.many(shuffled)} into the Deck")
            elif key == "fusion":
                found.append(f"to Fusion Summon {named}"
                             + (f" with {self.names.many(materials)}" if materials else ""))
            elif key == "alter":
                found.append(f"to Alter Summon {named}"
                             + (f" from {self.names.many(materials)}" if materials else ""))
            elif key == "call":
                found.append(f"calling {named}")
            elif key == "race":
                found.append(f"declaring the Type {named}")
            elif key == "player":
                found.append(f"choosing player {value}")
            elif key == "tile":
                found.append(f"choosing Tile {value} of the Tilemap")
            elif key[:1].isalpha() and key[1:].isdigit():  # a Tile of a Tilemap
                found.append(f"placing {named} on Tile {key}")
            elif key == "take":
                found.append(f"taking {named}")
            elif key == "give":
                found.append(f"giving {named}")
            else:
                found.append(f"choosing {named} ({words(key)})")
        if materials and not {"fusion", "alter"} & set(select):
            found.append(f"using {self.names.many(materials)} as "
                         + ("material" if len(materials) == 1 else "materials"))
        return found

    def as_materials(self, materials):
        if not materials:
            return ""
        return f"using {self.names.many(materials)} as " + \
            ("its Material" if len(materials) == 1 else "its Materials")

    def targeting(self, action, before, player):
        targets = action.get("targets") or ([action["target"]] if action.get("target") not in
                                            (None, "direct") else [])
        if not targets:
            return ""
        shown = [self.whose(before, t, player) + self.name(t) for t in targets]
        return f"targeting {listing(shown)}"

    def answering(self, before, previous, card_def):
        """`in response to …`: the chain link below, a summon being attempted, or an attack."""
        if before.chain:
            top = before.chain[-1]
            card_id = str(top.get("card"))
            kind = self.links.get((top.get("link"), card_id))
            if kind is None:
                definition = self.card(card_id)
                kind = "activation" if definition is not None and \
                    definition.kind in ("spell", "trap") else "effect"
            name = self.name(card_id)
            what = {"activation": name, "effect": f"the effect of {name}",
                    "ability": f"the Ability of {name}"}.get(kind, f"{kind} {name}")
            return f"in response to {what} (Chain Link {top.get('link')})"
        summon = self.open_summon(previous)
        conditions = [c for c in ((card_def.activation or {}).get("when") or [])
                      if isinstance(c, str)] if card_def is not None else []
        if summon and any("summon" in c for c in conditions):
            how, cards = summon
            word = "in response to" if any(c in SUMMON_ANSWERS for c in conditions) else "after"
            return f"{word} the {how} Summon of {self.names.many(cards)}"
        if before.attack and before.attack.get("attacker"):
            return f"in response to the attack of {self.name(before.attack['attacker'])}"
        return ""

    def open_summon(self, previous):
        """(how, card ids) of a summon the previous step attempted, if it did."""
        if previous is None or is_refused(previous.status):
            return None
        if not any(k in SUMMON_VERBS for k in previous.action or {}):
            return None
        for event in previous.events or ():
            if event.get("kind") == "summon" and event.get("how") and not event.get("what"):
                cards = event.get("cards") or [event.get("card")]
                return SUMMON_WORDS.get(event["how"], words(event["how"]).title()), cards
        return None

    # activations -------------------------------------------------------------------------

    def say_activate(self, action, before, after, step, previous, refused):
        card_id, player = action["activate"], action.get("player")
        definition, zone = self.card(card_id), before.zone(card_id)
        name = self.name(card_id)
        kind = definition.kind if definition is not None else None
        also_spell = definition is not None and any(str(a).startswith("spell")
                                                    for a in definition.also)
        if kind in ("spell", "trap") and zone in ("spell_trap", "field_zone") and \
                before.face_down(card_id):
            what = f"the face-down {name}"
        elif kind in ("spell", "trap") and zone == "hand":
            quick = kind == "trap" or definition.subtype == "quick-play"
            what = name + (" from the hand" if quick else "")
        elif kind == "monster" and zone == "hand" and also_spell:
            what = f"{name} from the hand as a Spell"
        elif kind in ("spell", "trap") and zone not in ("spell_trap", "field_zone", "monsters"):
            what = name
        else:
            what = f"the effect of {name}"
        details = [self.targeting(action, before, player)]
        if action.get("choose") is not None:
            details.append(f"choosing the option \"{action['choose']}\"")
        chosen = self.selections(action)
        what += "".join(f" {c}" for c in chosen if c.startswith("to "))
        details += [c for c in chosen if not c.startswith("to ")]
        if not refused:
            details += self.costs(step, player)
        details.append(self.answering(before, previous, definition))
        return Phrase(f"activates {what}", f"activate {what}", details)

    def say_activate_rule(self, action, before, after, step, previous, refused):
        card_id = action["activate_rule"]
        definition = self.card(card_id)
        subtype = definition.subtype if definition is not None else None
        kind = RULE_CARD_KINDS.get(subtype, "the card") if definition is not None and \
            definition.kind == "rule" else "the card"
        name = self.name(card_id)
        if kind != "the card" and not name.endswith(kind[len("the "):]):
            name = f"{kind} {name}"
        details = [] if refused else self.costs(step, action.get("player"))
        details.append(self.answering(before, previous, None))
        if subtype == "symbol":
            return Phrase(f"plays {name}", f"play {name}", details)
        return Phrase(f"activates {name}", f"activate {name}", details)

    def say_use_symbol(self, action, before, after, step, previous, refused):
        card_id, effect = action["use_symbol"], action.get("choose")
        name = self.name(card_id)
        what = (f"the {effect} effect of " if effect else "an effect of ") + \
            (name if name.endswith("Symbol") else f"the Symbol {name}")
        details = [] if refused else self.costs(step, action.get("player"))
        details.append(self.answering(before, previous, None))
        return Phrase(f"uses {what}", f"use {what}", details)

    def say_use_ability(self, action, before, after, step, previous, refused):
        card_id, player = action["use_ability"], action.get("player")
        kind = next((f"{e['ability']} " for e in step.events or ()
                     if e.get("kind") == "ability" and e.get("ability")), "")
        if action.get("ability"):  # one of the Deck Master's several Abilities, by its name
            kind += f"\"{action['ability']}\" "
        own = ((before.state.get("deck_masters") or {}).get(player) == str(card_id))
        holder = f"its Deck Master, {self.name(card_id)}" if own else \
            f"the Deck Master {self.name(card_id)}"
        details = [self.targeting(action, before, player)] + self.selections(action)
        if not refused:
            details += self.costs(step, player)
        details.append(self.answering(before, previous, None))
        return Phrase(f"uses the {kind}Ability of {holder}", f"use the {kind}Ability of {holder}",
                      details)

    def say_return_to_position(self, action, before, after, step, previous, refused):
        name = self.name(action["return_to_position"])
        return Phrase(f"takes its Deck Master, {name}, back to its Deck Master Position",
                      f"take the Deck Master, {name}, back to its Deck Master Position", [])

    def say_pay_to_negate(self, action, before, after, step, previous, refused):
        top = before.chain[-1] if before.chain else None
        target = f"the Ability of {self.name(top.get('card'))}" if top else \
            "a Deck Master's Ability"
        paid = self.costs(step, action.get("player")) if not refused else []
        amount = paid[0].replace("paying ", "") if paid else None
        if amount:
            return Phrase(f"pays {amount} to negate {target}", f"pay to negate {target}")
        return Phrase(f"pays to negate {target}", f"pay to negate {target}")

    # passing, phases and turns -----------------------------------------------------------

    def say_pass(self, action, before, after, step, previous, refused):
        does = "passes too" if self.passes and not refused else "passes priority"
        outcome = ""
        if any(e.get("kind") == "chain" and e.get("what") == "resolves"
               for e in step.events or ()):
            outcome = ": the chain resolves"
        elif before.attack and not after.attack and not before.chain:
            outcome = ": the attack goes on to damage calculation"
        return Phrase(does, "pass priority", outcome=outcome)

    def count_passes(self, step, before, after):
        """Passes in a row: a round ends when every player has passed, or the pass resolved."""
        action = step.action or {}
        if "pass" not in action or is_refused(step.status):
            if not is_refused(step.status):
                self.passes = 0
            return
        self.passes += 1
        resolved = any(e.get("kind") == "chain" and e.get("what") == "resolves"
                       for e in step.events or ())
        fought = before.attack and not after.attack and not before.chain
        in_duel = (after.state.get("players") or {}).keys()
        if resolved or fought or self.passes >= max(2, len(in_duel)) or after.chain and \
                not before.chain:
            self.passes = 0

    def say_phase(self, action, before, after, step, previous, refused):
        phase = the_phase(action.get("phase"))
        return Phrase(f"moves to {phase}", f"move to {phase}")

    def say_end_turn(self, action, before, after, step, previous, refused):
        stop = action.get("stop_at")
        outcome = ""
        if stop and not refused:
            whose = after.state.get("turn_player")
            outcome = (f", and {whose}'s turn" if whose else ", and the next turn") + \
                f" stops in {the_phase(stop)}"
        return Phrase("ends the turn", "end the turn", outcome=outcome)

    def say_concede(self, action, before, after, step, previous, refused):
        game = "Subduel" if any(e.get("subduel") for e in step.events or ()) else "duel"
        return Phrase(f"concedes the {game}", f"concede the {game}")

    # summoning ---------------------------------------------------------------------------

    def summoned_position(self, card_id, action, after, refused):
        if not refused and after.zone(card_id) == "monsters":
            return self.position(after.entry(card_id))
        position = action.get("position")
        if position in ("hidden", "hidden_defense"):
            return position_words("defense", False, self.words.hidden)
        if position == "hidden_attack":
            return position_words("attack", False, self.words.hidden)
        return position_words(position, True, self.hidden()) if position else ""

    def say_summon(self, action, before, after, step, previous, refused):
        card_id = action["summon"]
        definition = self.card(card_id)
        tributes = action.get("tributes") or []
        how = "Tribute Summon" if tributes else "Normal Summon"
        what = self.name(card_id)
        if before.zone(card_id) == "extra_monster_zone":
            what = f"its Deck Master, {what}, from the Extra Monster Zone"
        if definition is not None and definition.kind in ("spell", "trap"):
            what += " as a rampart"
        where = [self.summoned_position(card_id, action, after, refused),
                 self.place(action.get("to"))]
        text = " ".join(w for w in [what] + where if w)
        details = [f"Tributing {self.names.many(tributes)}" if tributes else ""]
        details += self.selections(action)
        return Phrase(f"{how}s {text}", f"{how} {text}", details)

    def say_set(self, action, before, after, step, previous, refused):
        card_id = action["set"]
        definition = self.card(card_id)
        tributes = action.get("tributes") or []
        name = self.name(card_id)
        details = [f"Tributing {self.names.many(tributes)}" if tributes else ""]
        details += self.selections(action)
        if definition is not None and definition.kind == "monster" and \
                not any(str(a).startswith(("spell", "trap")) for a in definition.also):
            source = " from the Extra Monster Zone" \
                if before.zone(card_id) == "extra_monster_zone" else ""
            text = f"{name}{source} {self.words.set_monster}"
        elif definition is not None and definition.kind == "monster":
            side = next(str(a).split(":")[0] for a in definition.also
                        if str(a).startswith(("spell", "trap")))
            text = f"{name} face-down as a {side.title()}"
        elif definition is not None and definition.subtype == "field":
            text = f"{name} face-down in the Field Zone"
        else:
            text = f"{name} face-down in the Spell & Trap Zone"
        how = "Tribute Set" if tributes else "Set"
        return Phrase(f"{how}s {text}", f"{how} {text}", details)

    def say_flip_summon(self, action, before, after, step, previous, refused):
        name = self.name(action["flip_summon"])
        return Phrase(f"Flip Summons {name}", f"Flip Summon {name}")

    def say_special_summon(self, action, before, after, step, previous, refused):
        card_id = action["special_summon"]
        definition = self.card(card_id)
        materials = action.get("materials") or []
        where = " ".join(w for w in (self.summoned_position(card_id, action, after, refused),
                                     self.place(action.get("to"))) if w)
        if before.zone(card_id) == "deck_master":
            what = f"its Deck Master, {self.name(card_id)}, from the Deck Master Position"
            return Phrase(f"Special Summons {what}" + (f" {where}" if where else ""),
                          f"Special Summon {what}" + (f" {where}" if where else ""))
        what = self.name(card_id) + (f" {where}" if where else "") + " by its own procedure"
        details = []
        if materials:
            banishing = definition is not None and \
                "banish_from_graveyard" in (definition.procedure or {})
            details.append(f"banishing {self.names.many(materials)} from the Graveyard"
                           if banishing else f"using {self.names.many(materials)} as materials")
        return Phrase(f"Special Summons {what}", f"Special Summon {what}", details)

    def say_pendulum_summon(self, action, before, after, step, previous, refused):
        cards = self.names.many(action.get("targets") or [])
        return Phrase(f"Pendulum Summons {cards}", f"Pendulum Summon {cards}")

    def say_ritual_summon(self, action, before, after, step, previous, refused):
        card_id = action["ritual_summon"]
        where = self.summoned_position(card_id, action, after, refused)
        what = self.name(card_id) + (f" {where}" if where else "")
        materials = action.get("materials") or []
        details = [self.as_materials(materials)]
        return Phrase(f"Ritual Summons {what}", f"Ritual Summon {what}", details)

    def say_integration_summon(self, action, before, after, step, previous, refused):
        card_id = action["integration_summon"]
        where = self.summoned_position(card_id, action, after, refused)
        what = self.name(card_id) + (f" {where}" if where else "")
        materials = action.get("materials") or []
        details = [self.as_materials(materials)]
        return Phrase(f"performs an Integration Summon of {what}",
                      f"perform an Integration Summon of {what}", details)

    def say_change_position(self, action, before, after, step, previous, refused):
        card_id = action["change_position"]
        name = self.name(card_id)
        if not refused and after.entry(card_id).get("position"):
            where = self.position(after.entry(card_id))
            return Phrase(f"changes {name} to {where[3:] if where.startswith('in ') else where}",
                          f"change the battle position of {name}")
        return Phrase(f"changes the battle position of {name}",
                      f"change the battle position of {name}")

    # battle ------------------------------------------------------------------------------

    def say_attack(self, action, before, after, step, previous, refused):
        card_id, player, target = action["attack"], action.get("player"), action.get("target")
        attacker = self.name(card_id)
        if target in (None, "direct"):
            return Phrase(f"attacks directly with {attacker}", f"attack directly with {attacker}")
        hidden = before.face_down(target) and before.zone(target) == "monsters"
        shown = self.whose(before, target, player) + \
            (self.words.face_down_target if hidden else "") + \
            self.name(target)
        return Phrase(f"attacks {shown} with {attacker}", f"attack {shown} with {attacker}")

    def say_redirect(self, action, before, after, step, previous, refused):
        card_id, player = action["redirect"], action.get("player")
        onto = self.whose(before, card_id, player) + self.name(card_id)
        attack = before.attack or {}
        what = f"the attack of {self.name(attack['attacker'])}" if attack.get("attacker") else \
            "the attack"
        return Phrase(f"redirects {what} to {onto}", f"redirect {what} to {onto}")

    def say_strike(self, action, before, after, step, previous, refused):
        card_id = action["strike"]
        name = self.name(card_id)
        event = next((e for e in step.events or () if e.get("kind") == "strike"), None)
        column = action.get("to")
        if event is not None and event.get("player"):
            rival = event["player"]
            terrain = f" ({event['terrain']})" if event.get("terrain") else ""
            where = f"{rival}'s {ordinal(column)} Terrain{terrain}"
        else:
            where = f"the {ordinal(column)} Terrain of the opponent"
        return Phrase(f"uses STRIKE with {name} on {where}",
                      f"use STRIKE with {name} on {where}")

    def say_nightfall(self, action, before, after, step, previous, refused):
        card_id, player = action["nightfall"], action.get("player")
        owner = before.player(card_id)
        shown = (f"{owner}'s " if owner and owner != player else "") + self.name(card_id)
        details = [] if refused else self.costs(step, player)
        return Phrase(f"uses Nightfall on {shown}", f"use Nightfall on {shown}", details)

    def say_move(self, action, before, after, step, previous, refused):
        name, to = self.name(action["move"]), action.get("to")
        if str(to) not in LINES and str(to)[:1].isalpha() and str(to)[1:].isdigit():
            return Phrase(f"moves {name} to Tile {to}", f"move {name} to Tile {to}")  # Tilemap
        line = LINES.get(str(to), f"{words(to)} line")
        return Phrase(f"moves {name} to the {line}", f"move {name} to the {line}")

    def say_hide(self, action, before, after, step, previous, refused):
        name = self.name(action["hide"])
        return Phrase(f"Hides {name} again", f"Hide {name} again")

    def say_reveal(self, action, before, after, step, previous, refused):
        name = self.name(action["reveal"])
        return Phrase(f"reveals {name}", f"reveal {name}")

    def say_decline(self, action, before, after, step, previous, refused):
        name = self.name(action["decline"])
        if action.get("ability"):
            name = f"the Ability \"{action['ability']}\" of {name}"
        return Phrase(f"declines to activate {name}", f"decline to activate {name}")

    def say_join(self, action, before, after, step, previous, refused):
        return Phrase("joins the Battle Royale", "join the Battle Royale")

    def say_end_duel(self, action, before, after, step, previous, refused):
        return Phrase("agrees to end the duel", "agree to end the duel")

    def say_send(self, action, before, after, step, previous, refused):
        card_id = action["send"]
        definition = self.card(card_id)
        ritual = "the Ritual Spell " if definition is not None and \
            definition.subtype == "ritual" else ""
        what = f"{ritual}{self.name(card_id)} to the Graveyard"
        return Phrase(f"sends {what}", f"send {what}")

    def say_detach(self, action, before, after, step, previous, refused):
        name = self.name(action["detach"])
        return Phrase(f"detaches {name} to activate its DETACH effect",
                      f"detach {name} to activate its DETACH effect")

    def say_swap(self, action, before, after, step, previous, refused):
        given, taken = action["swap"], action.get("target")
        what = f"the starting card {self.name(given)}" + \
            (f" for {self.name(taken)} from the Deck" if taken is not None else "")
        return Phrase(f"swaps {what}", f"swap {what}")


