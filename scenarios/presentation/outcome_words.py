"""Outcomes in plain words: what the engine computed (or a scenario expects), as a judge says it.

`describe(expect, values)` writes one sentence per expectation key, using the
same value shapes as the engine's Outcome (scenarios/engine/outcome.py), so the
expected and the computed side of a verdict read alike.
"""
import re

from scenarios.engine.vocabulary import MEANINGS
from scenarios.engine.wording import counted, counter_name
from .readable.sentences import ENDINGS
from .readable.sentences import PHASE_WORDS as PHASES

ZONES = {
    "hand": "in {p}'s hand", "deck": "in {p}'s Deck", "extra_deck": "in {p}'s Extra Deck",
    "graveyard": "in {p}'s Graveyard", "banished": "banished", "monsters": "on {p}'s field",
    "spell_trap": "in {p}'s Spell & Trap Zone", "field_zone": "in {p}'s Field Zone",
    "deck_master": "in {p}'s Deck Master Position",
    "extra_monster_zone": "in {p}'s Extra Monster Zone", "eroded": "Eroded",
    "rule_zone": "in {p}'s Rule Zone", "attached": "attached to a card", "gone": "out of the game",
}
ZONE_NAMES = {"hand": "hand", "deck": "Deck", "extra_deck": "Extra Deck",
              "graveyard": "Graveyard", "banished": "banished cards", "monsters": "Monster Zones",
              "spell_trap": "Spell & Trap Zones", "field_zone": "Field Zone",
              "deck_master": "Deck Master Position", "extra_monster_zone": "Extra Monster Zone",
              "eroded": "Eroded cards", "rule_zone": "Rule Zone", "attached": "attached cards"}


def ending(reason):
    return ENDINGS.get(reason, str(reason).replace("_", " "))


def result_words(result):
    if result in (None, "none"):
        return "The duel is not over."
    if not isinstance(result, dict):
        return f"The result is {result}."
    if result.get("draw"):
        return f"The duel is a draw ({ending(result.get('reason'))})."
    winner, players = str(result.get("winner", "?")), result.get("players") or []
    match = " the Match" if result.get("match") else ""
    if "+" in winner:  # several players who won together
        return f"{winner.replace('+', ' and ')} win{match} ({ending(result.get('reason'))})."
    if players:  # a team: its name and its players
        return (f"Team {winner} ({' and '.join(map(str, players))}) wins{match} "
                f"({ending(result.get('reason'))}).")
    return f"{winner} wins{match} ({ending(result.get('reason'))})."


def _name(card_id, cards):
    card = (cards or {}).get(str(card_id)) or {}
    return card.get("name") or str(card_id)


def _names(ids, cards):
    return ", ".join(_name(i, cards) for i in ids) if ids else "nothing"


def card_words(card_id, facts, cards):
    """`Chaos Sorcerer is in B's Graveyard, face-up.` from the stated facts of one card."""
    name = _name(card_id, cards)
    if not isinstance(facts, dict):
        return f"{name}: {facts}."
    player = facts.get("controller") or ((cards or {}).get(str(card_id)) or {}).get("controller")
    parts = []
    if "zone" in facts:
        where = ZONES.get(facts["zone"], f"in {facts['zone']}")
        parts.append(where.format(p=player or "its controller"))
    if "face" in facts:
        parts.append("face-down" if facts["face"] == "down" else "face-up")
    if facts.get("position"):
        parts.append(f"in {facts['position'].capitalize()} Position")
    if "controller" in facts and "zone" not in facts:
        parts.append(f"controlled by {facts['controller']}")
    stats = [f"{facts[key]} {label}" for key, label in (("atk", "ATK"), ("def", "DEF"))
             if key in facts]
    if "level" in facts:
        stats.append(f"Level {facts['level']}")
    said = []
    if parts:
        said.append(f"is {', '.join(parts)}")
    if stats:
        said.append(f"has {_and(stats)}")
    for key, value in facts.items():
        if key not in ("zone", "face", "position", "controller", "atk", "def", "level", "name"):
            said.append(_fact_words(key, value, cards))
    return f"{name} {_and(said)}." if said else f"{name}."


def _and(items):
    """`a`, `a and b`, `a, b and c`."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _fact_words(key, value, cards):
    """One stated fact about a card as a predicate a judge would write."""
    if key == "races":
        types = list(value) if isinstance(value, (list, tuple)) else [value]
        return f"has the Type{'s' if len(types) > 1 else ''} {_and(types)}" if types \
            else "has no Type"
    if key == "monster_type":
        kind = str(value).capitalize()
        return f"is {'an' if kind[:1] in 'AEIOU' else 'a'} {kind} Monster"
    if key in ("deck_master", "rampart"):
        what = "a Deck Master" if key == "deck_master" else "a Rampart"
        return f"is {what}" if value else f"is not {what}"
    if key == "line":
        return f"is in the {str(value).capitalize()} Line" if value else "is in no Line"
    if key == "column":
        return f"stands in Monster Zone {value + 1}" if isinstance(value, int) \
            else "stands in no Monster Zone"
    if key == "host":
        if not value:
            return "has no host"
        player, dot, zone = str(value).partition(".")
        if dot:
            return f"is equipped to {player}'s {ZONE_NAMES.get(zone, zone)}"
        return f"is attached to {_name(value, cards)}"
    if key == "counters":
        held = value if isinstance(value, dict) else {}
        return "has " + _and([counted(n, counter_name(c)) for c, n in held.items()]) if held \
            else "has no counters"
    return f"has {key.replace('_', ' ')} {_value(value)}"


def _value(value):
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "none"
    return "none" if value is None else str(value)


def describe(expect, values, cards=None):
    """One sentence per key of `expect`, read from `values` (an expectation or an Outcome's facts).

    `cards` gives card names (the Outcome's cards); without it, ids are shown.
    """
    cards = cards if cards is not None else (values.get("cards") if isinstance(values, dict) else {})
    sentences = []
    for key in expect:
        value = values.get(key) if isinstance(values, dict) else None
        sentences += _sentences(key, value, expect[key], cards)
    return sentences


def _per_player(value, wanted, unit):
    names = wanted if isinstance(wanted, dict) else (value or {})
    return [f"{name} has {(value or {}).get(str(name), 'no')} {unit}." for name in names]


def _sentences(key, value, wanted, cards):
    if key == "result":
        return [result_words(value)]
    if key == "lp":
        return _per_player(value, wanted, "LP")
    if key == "team_lp":
        return [f"Team {t} has {(value or {}).get(str(t))} LP." for t in _keys(wanted, value)]
    if key == "formation_points":
        return [f"Team {t} has {(value or {}).get(str(t))} FP." for t in _keys(wanted, value)]
    if key == "summons":
        return [f"{p} has {counted((value or {}).get(str(p), 0), 'summon')} counted this turn."
                for p in _keys(wanted, value)]
    if key == "warnings":
        return [f"{p} has {counted((value or {}).get(str(p), 0), 'Idle Warning')}."
                for p in _keys(wanted, value)]
    if key == "cards":
        found = []
        for card_id, facts in (wanted or {}).items() if isinstance(wanted, dict) else ():
            actual = (value or {}).get(str(card_id))
            if not isinstance(actual, dict):
                found.append(f"{_name(card_id, cards)} is not in the duel.")
                continue
            stated = facts if isinstance(facts, dict) else {}
            found.append(card_words(card_id, {k: actual.get(k) for k in stated}, cards))
        return found
    if key == "zones":
        found = []
        for player, zones in (wanted or {}).items() if isinstance(wanted, dict) else ():
            held = (value or {}).get(str(player), {}) or {}
            for zone in zones if isinstance(zones, dict) else ():
                ids = held.get(zone, [])
                label = ZONE_NAMES.get(zone, zone)
                count = ids if isinstance(ids, int) else len(ids)  # an expectation may be a count
                found.append(f"{player}'s {label}: {counted(count, 'card')}"
                             + (f" ({_names(ids, cards)})." if ids and isinstance(
                                 zones[zone], list) and isinstance(ids, list) else "."))
        return found
    if key == "counters":
        return [f"{_name(c, cards)} {_fact_words('counters', (value or {}).get(str(c)), cards)}."
                for c in _keys(wanted, value)]
    if key == "resolved":
        return [f"Chain links resolve in this order: {_names(value, cards)}."]
    if key == "negated":
        return [f"Negated: {_names(value, cards)}."]
    if key == "chain":
        return [f"The chain still holds: {_names(value, cards)}."]
    if key == "defeated":
        return [f"Defeated: {', '.join(value) if value else 'no one'}."]
    if key == "terrains":
        return [f"{p}'s Terrains: {_value((value or {}).get(str(p)))}." for p in _keys(wanted, value)]
    if key == "tiles":
        return [f"{_name(c, cards)} stands on Tile {(value or {}).get(str(c))} of the Tilemap."
                if (value or {}).get(str(c)) else f"{_name(c, cards)} stands on no Tile."
                for c in _keys(wanted, value)]
    if key == "charges":
        return [f"{_name(c, cards)} has {counted((value or {}).get(str(c), 0), 'charge')}."
                for c in _keys(wanted, value)]
    if key == "phase":
        return [f"It is the {PHASES.get(value, value)}."]
    if key == "turn":
        return [f"It is turn {value}."]
    if key == "turn_player":
        return [f"It is {value}'s turn."]
    if key == "match":
        return match_words(value, wanted)
    return [f"{key.replace('_', ' ')}: {_value(value)}."]


def match_words(value, wanted):
    """The Match in words: the Duels each stated side has won, then who has won the Match."""
    value = value if isinstance(value, dict) else {}
    wanted = wanted if isinstance(wanted, dict) else value
    score = value.get("score") if isinstance(value.get("score"), dict) else {}
    sides = wanted.get("score") if isinstance(wanted.get("score"), dict) else score
    found = [f"{side} has won {counted(score.get(str(side), 0) or 0, 'Duel')} of the Match."
             for side in sides]
    if "winner" in wanted:
        winner = value.get("winner")
        found.append("Nobody has won the Match yet." if winner in (None, "none")
                     else f"{winner} has won the Match.")
    return found


def _keys(wanted, value):
    return list(wanted) if isinstance(wanted, dict) else list(value or {})


# --- differences ---------------------------------------------------------------------------
# A verdict's Difference (key, expected, got) in words: the same sentences as above, written
# for the expected and the computed value, so a failure reads like the outcomes it compares.

SUBJECTS = {
    "result": "Who wins", "resolved": "The chain links that resolve", "negated": "What is negated",
    "chain": "The chain left open", "defeated": "Who is defeated", "phase": "The phase",
    "turn": "The turn", "turn_player": "Whose turn it is", "match": "The Match",
    "rule": "The rule the scenario illustrates",
    "example": "The example the scenario encodes",
}
PER_PLAYER = {"lp": "{p}'s LP", "team_lp": "Team {p}'s LP", "formation_points": "Team {p}'s FP",
              "summons": "{p}'s summons this turn", "warnings": "{p}'s Idle Warnings",
              "terrains": "{p}'s Terrains"}
STEP_KEY = re.compile(r"^steps\[(\d+)\]\.illegal$")
AFTER_KEY = re.compile(r"^expect_after\.(\d+)\.(.+)$")  # an expectation after a step


def _nested(parts, value):
    """`["A", "graveyard"]`, v -> {"A": {"graveyard": v}}: a difference's key as an expectation."""
    for part in reversed(parts):
        value = {part: value}
    return value


def _subject(top, parts, cards):
    if top in PER_PLAYER and parts:
        return PER_PLAYER[top].format(p=parts[0])
    if top == "zones" and parts:
        zone = ZONE_NAMES.get(parts[1], parts[1]) if len(parts) > 1 else "cards"
        return f"{parts[0]}'s {zone}"
    if top in ("cards", "tiles", "charges") and parts:
        return _name(parts[0], cards)
    if top == "counters" and parts:
        return f"The counters on {_name(parts[0], cards)}"
    return SUBJECTS.get(top, top.replace("_", " ").capitalize())


def _step_words(reason):
    if reason is None:
        return "The step is allowed."
    if reason is True:  # `illegal: true`: refused, whichever rule refuses it
        return "The step is refused."
    return f"The step is refused: {MEANINGS.get(reason, str(reason).replace('_', ' '))}."


def difference_words(difference, cards=None):
    """One difference as {subject, expected, got, path}: what it is about, in words, the two
    sides as sentences, and the path of the scenario's field that states it (for its line).

    `difference` is a Difference's dict; `cards` the outcome's cards, for names."""
    key, expected, got = difference["key"], difference.get("expected"), difference.get("got")
    after = AFTER_KEY.match(key)
    if after:  # the same words as at the end, said of the table after that step
        inner = difference_words({**difference, "key": after.group(2)}, cards)
        return {**inner, "subject": f"After step {after.group(1)}: {inner['subject']}",
                "path": f"expect_after.{after.group(1)}.{after.group(2)}"}
    step = STEP_KEY.match(key)
    if step:
        number = int(step.group(1))
        return {"subject": f"Step {number + 1}", "expected": _step_words(expected),
                "got": _step_words(got), "path": f"steps[{number}]"}
    if key in ("rule", "example"):
        return {"subject": SUBJECTS[key], "expected": f"It cites {expected}.",
                "got": difference.get("detail", "It is gone.").capitalize() + ".",
                "path": key}
    top, *parts = key.split(".")
    wanted = {top: _nested(parts, expected)}
    computed = {top: _nested(parts, got)}
    if top == "cards" and len(parts) == 1 and got is None:
        said_got = f"{_name(parts[0], cards)} is not in the duel."
    else:
        said_got = " ".join(describe(wanted, computed, cards or {}))
    return {"subject": _subject(top, parts, cards or {}),
            "expected": " ".join(describe(wanted, wanted, cards or {})), "got": said_got,
            "path": "expect." + key}


def difference_sentence(difference, cards=None, engine="the engine says"):
    """`A's LP: the scenario expects “A has 6500 LP.”; with this edit the engine computes
    “A has 7500 LP.”` — one difference as one sentence."""
    said = difference_words(difference, cards)
    return (f"{said['subject']}: the scenario expects “{said['expected']}”; "
            f"{engine} “{said['got']}”")
