"""The scenario file format as one declarative JSON Schema (draft 2020-12).

`SCHEMA` is plain data: the engine checks scenario files against it (scenario.py, through
schema_errors.py), the site serves it to editors, and the scenario reference reads its field
list from it (each field's `description` is written for the judges who write scenarios).

Two keywords of our own sit beside the standard ones; validators and editors ignore them:
- `x-is`: what a field's value is, in words ("attack or defense"), for error messages;
- `x-messages`: a message for one failing keyword of that node (`{"oneOf": "..."}`), where the
  generic wording would not help.

Every limit that is a shape limit (longest text, most steps, largest number) is stated here as
maxLength, maxItems, minimum or maximum. What a schema cannot state (a card id used twice, an
unknown card, the vocabulary a format declares, the total of cards on the table) stays in code.
Pure Python, like the rest of the engine.
"""
from __future__ import annotations

from collections.abc import Sequence

from .cards import MAX_SCENARIO_CARDS
from .state import PHASES, ZONES
from .yamlsource import Limits
from .yamltypes import YamlMapping

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
ANCHOR_PATTERN = r"^[a-z0-9-]+/[a-z0-9-]+#[a-z0-9-]+$"

# Bounds on what one scenario may hold: every number and count the engine loops over.
MAX_STEPS = 500
MAX_CARDS = 600           # cards on the table at the start, filler deck cards included
MAX_DECK = 200            # `deck: N` filler cards for one player
MAX_LP = 1_000_000        # LP and team totals
MAX_TURN = 10_000         # turn numbers, set_turn, pass_turns
MAX_SMALL = 1_000         # counters, warnings, summons this turn
# The longest texts the site keeps for a scenario and the questions built from it.
MAX_TEXT = {"slug": 120, "title": 300, "rule": 300, "example": 300}
MAX_CARD_ID = 80          # a card's id in the scenario (questions are keyed on it)
# Zones a format fills from its own setup keys (the Deck Master's place).
FORMAT_ZONES = ("deck_master", "extra_monster_zone")
# A and B; team formats name more (Tag Team Phalanx teams of three: A to F).
PLAYER_NAMES = ("A", "B", "C", "D", "E", "F")


# --- building blocks ---------------------------------------------------------------------------

def whole(low: int, high: int, description: str, words: str | None = None) -> YamlMapping:
    """A whole number from `low` to `high`."""
    return {"type": "integer", "minimum": low, "maximum": high, "description": description,
            "x-is": words or f"a whole number from {low} to {high}"}


def text(description: str, words: str = "a name", longest: int = Limits.max_str) -> YamlMapping:
    return {"type": "string", "minLength": 1, "maxLength": longest, "description": description,
            "x-is": words}


def one_of(values: Sequence[str], description: str, words: str | None = None) -> YamlMapping:
    return {"enum": list(values), "description": description,
            "x-is": words or " or ".join([", ".join(values[:-1]), values[-1]] if len(values) > 1
                                         else values)}


CARD_ID: YamlMapping = {"type": ["string", "integer"], "minLength": 1, "maxLength": MAX_CARD_ID,
           "description": "A card's id in this scenario: a short name or number.",
           "x-is": "a card id (a short name or number)"}


def card_ids(description: str) -> YamlMapping:
    return {"type": "array", "items": CARD_ID, "maxItems": MAX_CARDS, "description": description,
            "x-is": "a list of card ids"}


def mapping_of(values: YamlMapping, description: str, words: str) -> YamlMapping:
    """A mapping of names (players, teams, cards) to values of one shape."""
    return {"type": "object", "additionalProperties": values, "description": description,
            "x-is": words}


def fields(properties: dict[str, YamlMapping], description: str, words: str,
           required: Sequence[str] = (), unknown: str | None = None) -> YamlMapping:
    """A mapping with exactly these fields."""
    node = {"type": "object", "properties": properties, "additionalProperties": False,
            "description": description, "x-is": words}
    if required:
        node["required"] = list(required)
    if unknown:
        node["x-messages"] = {"additionalProperties": unknown}
    return node


# --- a card in the setup --------------------------------------------------------------------

CARD_FIELDS: dict[str, YamlMapping] = {
    "id": {**CARD_ID, "description": "The id the steps and expectations use for this card "
                                     "(default: player, zone and place, like A-hand-1)."},
    "card": text("The card's name, from the catalog or from this scenario's own cards.",
                 "a card name"),
    "face": one_of(("up", "down"), "Whether the card is face-up (default) or face-down."),
    "position": one_of(("attack", "defense"), "A monster's battle position."),
    "set_turn": whole(0, MAX_TURN, "The turn the card was Set (a card Set this turn cannot be "
                                   "activated yet).", f"a turn number from 0 to {MAX_TURN}"),
    "counters": mapping_of(whole(0, MAX_SMALL, "How many counters of that kind."),
                           "Counters on the card, by kind.",
                           f"a mapping of counter names to numbers from 0 to {MAX_SMALL}"),
    "owner": one_of(PLAYER_NAMES, "The card's owner, when another player controls it."),
    "line": one_of(("front", "back"), "Tag Team Phalanx: the line the monster stands in."),
    "column": whole(0, 9, "Kingdom Duels: the column (Terrain) the card stands in.",
                    "a column number from 0 to 9"),
    "equipped_to": {**CARD_ID, "description": "The id of the card it is equipped to.",
                    "x-is": "the id of a card"},
    "attached_to": {**CARD_ID, "description": "The id of the card it lies attached beneath.",
                    "x-is": "the id of a card"},
}
CARD_WORDS = "a card name or {id: ..., card: ...}"
# Type-specific keywords apply only to values of their type, so one node takes a name (string
# keywords), a card (object keywords) or, for a zone, a list of them (array keywords).
CARD_ENTRY: YamlMapping = {
    "type": ["string", "object"], "minLength": 1, "maxLength": Limits.max_str,
    "properties": CARD_FIELDS, "required": ["card"], "additionalProperties": False,
    "description": "A card: its name, or {id: ..., card: <name>, ...}.",
    "x-is": CARD_WORDS,
    "x-messages": {"additionalProperties": "unknown card field '{key}' (allowed: {allowed})"}}


def zone(description: str, counted: bool = False) -> YamlMapping:
    """A zone's cards: a list of cards, one card, or (for a Deck) a number of filler cards."""
    node = {**CARD_ENTRY, "type": ["array", "string", "object"], "items": CARD_ENTRY,
            "maxItems": MAX_CARDS, "description": description,
            "x-is": "a list of cards (names or {id: ..., card: ...})"}
    if counted:
        node.update(type=["integer", *node["type"]], minimum=0, maximum=MAX_DECK,
                    **{"x-is": f"a list of cards, or a number of cards from 0 to {MAX_DECK}"})
    return node


ZONE_WORDS = {
    "hand": "The cards in the player's hand.",
    "deck": f"The player's Deck, top card first; or a number (0 to {MAX_DECK}) of filler cards "
            "that only make the Deck that size.",
    "extra_deck": "The player's Extra Deck.",
    "graveyard": "The player's Graveyard.",
    "banished": "The player's banished cards.",
    "monsters": "The monsters the player controls, in the Main Monster Zones.",
    "spell_trap": "The player's Spell & Trap Zones.",
    "field_zone": "The player's Field Zone.",
    "extra_monster_zone": "The Extra Monster Zone (a format fills it from its own setup).",
    "eroded": "Kingdom Duels: the player's eroded cards.",
    "rule_zone": "Kingdom Duels: the Rule Cards in the player's Rule Zone.",
    "attached": "Kingdom Duels: cards attached beneath others (each says attached_to).",
}
assert set(ZONE_WORDS) == set(ZONES) - {"deck_master"}, "describe every zone"

# --- the setup ------------------------------------------------------------------------------

NAME = text("A name.")
PLAYER = fields(
    {**{name: zone(words, counted=name == "deck") for name, words in ZONE_WORDS.items()},
     "lp": whole(0, MAX_LP, "The player's Life Points at the start."),
     "deck_master": {
         "type": "object", "required": ["card"],
         "properties": {"id": CARD_ID, "card": text("The Deck Master's name.", "a card name"),
                        "position": one_of(("attack", "defense"),
                                           "The Deck Master starts on the field, summoned "
                                           "earlier, in this battle position (without it, it "
                                           "starts in its Deck Master Position or, in Thought "
                                           "Ruler Highlander, the Extra Monster Zone)."),
                        "ability_negated_until": whole(0, MAX_TURN, "The turn until which its "
                                                       "Ability is negated."),
                        "counters": CARD_FIELDS["counters"]},
         # Other keys (position, races, monster_type) are the format's to read.
         "description": "Deck Masters and Thought Ruler Highlander: the player's Deck Master.",
         "x-is": "{id: ..., card: <monster name>}"},
     "held_in_position": zone("Deck Masters: cards held in the player's Deck Master Position "
                              "at the start (put there earlier by an Ability); they are not "
                              "Deck Masters."),
     "team": text("Team formats: the name of the player's team.", "a team name"),
     "terrains": {"type": "array", "items": text("A Terrain.", "a Terrain name"),
                  "maxItems": MAX_CARDS, "x-is": "a list of Terrain names",
                  "description": "Kingdom Duels: the player's Terrains, left to right."},
     "summons_this_turn": whole(0, MAX_SMALL, "Thought Ruler Highlander: the monsters the "
                                "player has already summoned this turn."),
     "idle_warnings": whole(0, MAX_SMALL, "Kingdom Duels: the warnings the player already has "
                            "for an idle turn."),
     "joining": {"type": "boolean", "x-is": "true or false",
                 "description": "Kingdom Duels: the player joins the duel later."},
     "colour": one_of(("blue", "red"), "Kingdom Duels Tilemaps: the player's colour.")},
    "One player: Life Points, zones and the format's own fields.",
    "a mapping of LP and zones")
PLAYERS: YamlMapping = {"type": "object", "properties": {name: PLAYER for name in PLAYER_NAMES},
           "additionalProperties": False,
           "description": "The players by name: A and B (C to F in team formats).",
           "x-is": "{A: ..., B: ...}",
           "x-messages": {"additionalProperties": "players are named A and B (C to F in team "
                                                  "formats), not {key}"}}
TURN = fields(
    {"number": whole(0, MAX_TURN, "The turn number (default 1).",
                     f"a turn number from 0 to {MAX_TURN}"),
     "player": one_of(PLAYER_NAMES, "The turn player (default A)."),
     "phase": one_of(PHASES, "The phase the scenario starts in (default main1).")},
    "Where the duel stands when the scenario starts.",
    f"{{number: N, player: A or B, phase: one of {', '.join(PHASES)}}}")
EARLIER_DUEL: YamlMapping = {
    "type": "object",
    "properties": {"winner": text("The player (a team format: the team) who won that Duel.",
                                  "a name"),
                   "draw": {"const": True, "x-is": "true",
                            "description": "That Duel ended in a Draw."},
                   "reason": text("How it ended (lp_zero, concession...): for the reader.",
                                  "a reason")},
    "additionalProperties": False, "anyOf": [{"required": ["winner"]}, {"required": ["draw"]}],
    "description": "One Duel played before this one: {winner: A} or {draw: true}.",
    "x-is": "{winner: A} or {draw: true}",
    "x-messages": {"additionalProperties": "unknown field '{key}' of an earlier Duel (allowed: "
                                           "winner, draw, reason)"}}
MATCH = fields(
    {"duels": {"type": "array", "items": EARLIER_DUEL, "maxItems": 2,
               "description": "The Duels of the Match played before this one, in order.",
               "x-is": "a list of earlier Duels",
               "x-messages": {"maxItems": "a Match has three Duels: at most two are played "
                                          "before this one, not {count}"}}},
    "The Match this Duel belongs to: the Duels already played (without it, this is the "
    "Match's first Duel).", "{duels: [{winner: A}, {draw: true}]}", required=("duels",),
    unknown="unknown match field '{key}' (allowed: duels)")
SETUP = fields(
    {"turn": TURN, "players": PLAYERS, "match": MATCH,
     "first": text("The player who went first.", "a player name"),
     "mode": text("Kingdom Duels: the mode of a team duel (tag, boss, battle_royale).",
                  "a Kingdom Duels mode name"),
     "setup_phase": mapping_of(text("A player.", "a player name"), "Kingdom Duels: the duel "
                               "starts in the Setup Phase; {first: <the player who goes first>}.",
                               "{first: <the player who goes first>}"),
     "teams": mapping_of(mapping_of(whole(0, MAX_LP, "A team total."), "A team's totals.",
                                    f"{{lp: N, formation_points: N}} (0 to {MAX_LP})"),
                         "Tag Team Phalanx: each team's shared LP and Formation Points.",
                         f"a mapping of team names to {{lp: N, formation_points: N}} "
                         f"(0 to {MAX_LP})")},
    "The table when the scenario starts: the turn, and each player's LP and cards.",
    "{turn: ..., players: {A: ..., B: ...}}", required=("players",),
    unknown="unknown setup field '{key}' (allowed: {allowed})")

# --- steps ----------------------------------------------------------------------------------

CARD_VERBS = {
    "activate": "Activate a card or effect.",
    "attack": "Declare an attack with a monster (target: the monster attacked, or direct).",
    "summon": "Normal Summon (or Tribute Summon) a monster.",
    "set": "Set a card.",
    "flip_summon": "Flip Summon a face-down monster.",
    "special_summon": "Special Summon a monster by its own procedure (with the step's "
                      "materials or tributes, as the procedure asks).",
    "change_position": "Change a monster's battle position.",
    "move": "Tag Team Phalanx: move a monster between the lines.",
    "hide": "Kingdom Duels: Hide a monster.",
    "reveal": "Reveal a card.",
    "use_ability": "Deck Masters: use the Deck Master's Ability.",
    "return_to_position": "Deck Masters: try to take the Deck Master from the field back to its "
                          "Deck Master Position (the rules refuse it; only an Ability can).",
    "nightfall": "Thought Ruler Highlander: Nightfall a face-up card of the opponent.",
    "strike": "Kingdom Duels: STRIKE with a monster.",
    "activate_rule": "Kingdom Duels: activate a Rule Card.",
    "use_symbol": "Kingdom Duels: use a Symbol's effect.",
    "send": "Kingdom Duels: send a face-up Ritual Spell to the Graveyard.",
    "ritual_summon": "Kingdom Duels: Ritual Summon a monster.",
    "integration_summon": "Kingdom Duels: Integration Summon a monster.",
    "redirect": "Kingdom Duels Battle Royale: redirect an attack to oneself.",
    "decline": "Decline an optional effect (or Deck Master Ability) that waits for its player "
               "to activate it; a mandatory one is refused (mandatory_effect). Kingdom Duels: "
               "also let a Set Trap whose Trigger is met go unactivated.",
    "swap": "Kingdom Duels: swap a starting card in the Setup Phase.",
    "detach": "Kingdom Duels: use the DETACH effect of an attached card.",
}
FLAG_VERBS = {
    "pass": "Pass priority.",
    "end_turn": "End the turn.",
    "concede": "Concede the duel (with choose: match, the whole Match).",
    "pay_to_negate": "Deck Masters: pay to negate the opponent's Ability.",
    "pendulum_summon": "Thought Ruler Highlander: Pendulum Summon.",
    "join": "Kingdom Duels: join the duel.",
    "end_duel": "Kingdom Duels Battle Royale: end the duel by agreement.",
}
STEP_VERBS: dict[str, YamlMapping] = {
    **{verb: {"type": "string", "minLength": 1, "maxLength": MAX_CARD_ID, "description": words,
              "x-is": "a card id"} for verb, words in CARD_VERBS.items()},
    **{verb: {"const": True, "description": words, "x-is": "true",
              "x-messages": {"const": f"write '{verb}: true'"}}
       for verb, words in FLAG_VERBS.items()},
    "phase": {"type": ["string", "object"], "description": "Move to a phase (the turn player).",
              "x-is": "a phase name"},
    "pass_turns": {"type": "integer", "minimum": 1, "maximum": MAX_TURN,
                   "description": "Let that many turns go by with nothing done in them (no "
                                  "player).", "x-is": f"a number of turns (1 to {MAX_TURN})"},
}
STEP_OPTIONS: dict[str, YamlMapping] = {
    "player": one_of(PLAYER_NAMES, "The player who takes the step: A or B (C to F in "
                                   "team formats). Every step but pass_turns names one.",
                     "A or B (or C to F in team formats)"),
    "illegal": {"type": ["string", "boolean"], "minLength": 1, "maxLength": Limits.max_str,
                "not": {"const": False},
                "description": "The reason code the judge expects the rules to refuse the step "
                               "with; or true, when any refusal will do (the reference lists "
                               "which codes can refuse a step, and which one the engine names "
                               "when several apply).",
                "x-is": "a reason code, or true for any refusal",
                "x-messages": {"not": "write 'illegal: true' or a reason code; a step that is "
                                      "allowed says nothing"}},
    "target": {"type": ["string", "integer"], "minLength": 1, "maxLength": MAX_CARD_ID,
               "description": "The card the step aims at (for an attack: a monster, or direct).",
               "x-is": "a card id"},
    "targets": card_ids("The cards the step aims at."),
    "choose": text("Which option of the card's effect (for concede: duel or match).", "a name"),
    "select": mapping_of({**CARD_ID, "type": ["string", "integer", "array"], "items": CARD_ID,
                          "maxItems": MAX_CARDS,
                          "x-is": "a card id, or a list of card ids"},
                         "Cards picked while the effect resolves or its cost is paid, by the "
                         "name of the choice: one card id, or a list for an effect that "
                         "chooses several (send: [a, b]).",
                         "a mapping of choice names to card ids or lists of card ids"),
    "tributes": card_ids("The monsters Tributed for the summon (a Tribute Summon, or a "
                         "procedure that Tributes)."),
    "materials": card_ids("The materials of the summon."),
    "position": text("The position the card takes (attack or defense; face-down for a Set).",
                     "a position name"),
    "stop_at": text("Move on only as far as this phase.", "a phase name"),
    "ability": text("Deck Masters: which of the Deck Master's Abilities the step means, by "
                    "its name (needed when it has several).", "an Ability's name"),
    "to": {"type": ["string", "integer"], "minLength": 1, "maxLength": MAX_CARD_ID,
           "description": "Where to: a line, a column number, a zone or a card id.",
           "x-is": "a line, a column number or a card id"},
}
ONE_ACTION = f"a step needs exactly one action among {', '.join(sorted(STEP_VERBS))}"
STEP: YamlMapping = {
    "type": "object", "properties": {**STEP_VERBS, **STEP_OPTIONS},
    "additionalProperties": False,
    # Exactly one action, said in the terms that cost least to check: a step that has no
    # action fails `not`, and each action rules out every other one (and, except pass_turns,
    # needs its player).
    "not": {"properties": {verb: False for verb in STEP_VERBS}},
    "dependentSchemas": {
        verb: {"properties": {other: False for other in STEP_VERBS if other != verb},
               **({} if verb == "pass_turns" else {"required": ["player"]}),
               "x-messages": {"false": ONE_ACTION}} for verb in STEP_VERBS},
    "description": "One step: exactly one action, the player who takes it, and its options.",
    "x-is": "a mapping such as {player: A, activate: card-id}",
    "x-messages": {"additionalProperties": "unknown step field '{key}'", "not": ONE_ACTION},
}

# --- expectations ---------------------------------------------------------------------------

NAMES: YamlMapping = {"type": "array", "items": {"type": "string", "x-is": "a card id"},
         "maxItems": MAX_CARDS, "x-is": "a list of card ids"}
NUMBERS: YamlMapping = {"type": "integer", "x-is": "a whole number"}
RESULT_WORDS = "'none', {winner: A, reason: ...} or {draw: true, reason: ...}"
EXPECT = fields(
    {"result": {
        "type": ["string", "object"],
        "if": {"type": "string"}, "then": {"const": "none"},
        "else": {"properties": {"winner": text("The player (or team) who wins.", "a name"),
                                "draw": {"const": True, "x-is": "true",
                                         "description": "The duel ends in a draw."},
                                "reason": text("Why the duel ended (lp_zero, deck_out...).",
                                               "a reason"),
                                "players": {"type": "array", "items": NAME,
                                            "description": "The winning team's players."},
                                "match": {"type": "boolean", "x-is": "true or false",
                                          "description": "The win also wins the match."}},
                 "required": ["reason"], "additionalProperties": False,
                 "anyOf": [{"required": ["winner"]}, {"required": ["draw"]}]},
        "description": "How the duel ends: none (it goes on), {winner: A, reason: ...} or "
                       "{draw: true, reason: ...}.", "x-is": RESULT_WORDS},
     "lp": mapping_of(NUMBERS, "Each player's LP at the end.", "a mapping of names to whole "
                      "numbers"),
     "zones": mapping_of(
         {"type": "object", "additionalProperties": {
             "type": ["array", "integer"], "items": {"type": "string", "x-is": "a card id"},
             "x-is": "a list of card ids or a count"},
          "x-is": "{zone: [card ids] or a count}"},
         "Each player's zones at the end: the card ids in each, or how many.",
         "a mapping of players to {zone: [card ids] or a count}"),
     "cards": mapping_of({"type": "object", "x-is": "{zone: ..., face: ..., ...}"},
                         "Facts about single cards at the end (zone, face, position, ATK...).",
                         "a mapping of card ids to {zone: ..., face: ..., ...}"),
     "counters": {"description": "Counters on cards at the end."},
     "resolved": {**NAMES, "description": "The chain links that resolved, in order."},
     "negated": {**NAMES, "description": "The cards whose activation or effect was negated."},
     "chain": {**NAMES, "description": "The chain links still open at the end."},
     "phase": {"type": "string", "description": "The phase at the end.", "x-is": "a phase name"},
     "turn": {**NUMBERS, "description": "The turn number at the end."},
     "turn_player": {"description": "The turn player at the end."},
     "match": fields({"score": mapping_of(NUMBERS, "The Duels each player (or team) has won "
                                           "in the Match, this one included.",
                                           "a mapping of names to whole numbers"),
                      "winner": text("Who has won the Match, or none while it is undecided.",
                                     "a name or none")},
                     "The Match at the end: the score in Duels and its winner.",
                     "{score: {A: 1, B: 1}, winner: A or none}",
                     unknown="unknown match expectation '{key}' (allowed: score, winner)"),
     "summons": mapping_of(NUMBERS, "Thought Ruler Highlander: the summons each player made this "
                           "turn.", "a mapping of names to whole numbers"),
     "team_lp": mapping_of(NUMBERS, "Tag Team Phalanx: each team's LP at the end.",
                           "a mapping of names to whole numbers"),
     "formation_points": mapping_of(NUMBERS, "Tag Team Phalanx: each team's Formation Points.",
                                    "a mapping of names to whole numbers"),
     "warnings": mapping_of(NUMBERS, "Kingdom Duels: each player's warnings.",
                            "a mapping of names to whole numbers"),
     "charges": mapping_of(NUMBERS, "Kingdom Duels: the charges on each Symbol.",
                           "a mapping of names to whole numbers"),
     "defeated": {**NAMES, "description": "Kingdom Duels: the players defeated.",
                  "x-is": "a list of player names"},
     "terrains": mapping_of({"type": "array", "items": {"type": "string", "x-is": "a Terrain"},
                             "x-is": "a list of Terrains"},
                            "Kingdom Duels: each player's Terrains at the end, left to right.",
                            "a mapping of players to their Terrains, left to right"),
     "tiles": {"description": "Kingdom Duels Tilemaps: the Tile each monster stands on (null: "
                              "off the Tilemap)."}},
    "What the judge expects at the end; the engine computes it and compares.",
    "a mapping of expectations", unknown="unknown expectation '{key}' (allowed: {allowed})")

# --- the file -------------------------------------------------------------------------------

ANCHOR: YamlMapping = {"type": "string", "pattern": ANCHOR_PATTERN, "maxLength": 300,
          "x-is": "an anchor like 'format/article#anchor'"}
SCENARIO_PROPERTIES: dict[str, YamlMapping] = {
    "slug": {"type": "string", "pattern": SLUG_PATTERN, "maxLength": MAX_TEXT["slug"],
             "description": "The scenario's name in addresses: lowercase words joined by "
                            "hyphens.", "x-is": "lowercase words joined by hyphens"},
    "format": {"type": "string", "maxLength": MAX_TEXT["slug"], "x-is": "a format slug",
               "description": "The format whose rules replay it (core, deck-masters...)."},
    "rule": {**ANCHOR, "maxLength": MAX_TEXT["rule"],
             "description": "The article section the scenario illustrates."},
    "example": {**ANCHOR, "maxLength": MAX_TEXT["example"],
                "description": "The article example it encodes, if any."},
    "title": {"type": "string", "pattern": r"\S", "maxLength": MAX_TEXT["title"],
              "description": "A title in a few words.", "x-is": "non-empty text"},
    "narrative": {"type": "string", "pattern": r"\S", "maxLength": Limits.max_str,
                  "description": "What happens, in a sentence or two.",
                  "x-is": "non-empty text"},
    "seed": {"type": "integer", "minimum": -Limits.max_int, "maximum": Limits.max_int,
             "description": "The seed of the coins and dice (default 0).",
             "x-is": "a whole number"},
    "xfail": {"type": ["string", "null"], "x-is": "the reason the scenario is expected to fail",
              "description": "A known disagreement: the reason the scenario is expected to "
                             "fail."},
    "cards": {"type": "array", "items": {"type": "object"}, "maxItems": MAX_SCENARIO_CARDS,
              "description": "Cards this scenario defines for itself, each written like a "
                             "catalog entry.",
              "x-is": "a list of cards, each like a catalog entry",
              "x-messages": {"maxItems": f"a scenario defines at most {MAX_SCENARIO_CARDS} cards "
                                         "of its own, not {count}"}},
    "setup": SETUP,
    "steps": {"type": "array", "items": STEP, "maxItems": MAX_STEPS,
              "description": "The steps, in order: every action and every priority pass.",
              "x-is": "a list of steps",
              "x-messages": {"maxItems": f"a scenario has at most {MAX_STEPS} steps, "
                                         "not {count}"}},
    "expect": EXPECT,
    "expect_after": {
        "type": "object", "additionalProperties": EXPECT,
        "propertyNames": {"pattern": r"^[1-9][0-9]{0,3}$",
                          "x-messages": {"pattern": "expect_after names each step by its "
                                                    "number (1 is the first step), not a word"}},
        "description": "What the judge expects right after some steps, keyed by the step's "
                       "number (1 is the first step, as the replay numbers them): the same "
                       "fields as expect, compared with the table as it stands once that step "
                       "is done (before anything the duel does by itself ahead of the next "
                       "step).",
        "x-is": "a mapping of step numbers to expectations, such as {3: {lp: {B: 7000}}}"},
}
REQUIRED = ("slug", "format", "rule", "title", "narrative", "setup", "steps", "expect")

SCHEMA: YamlMapping = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Scenario file",
    "description": "One worked example: the setup, the scripted steps and the outcome a judge "
                   "expects. The rules engine replays it and checks the outcome.",
    "type": "object", "properties": SCENARIO_PROPERTIES, "required": list(REQUIRED),
    "additionalProperties": False, "x-is": "a mapping of fields",
    "x-messages": {"additionalProperties": "unknown field '{key}' (allowed: {allowed})",
                   "type": "a scenario is a mapping of fields"},
}

# The names other modules check against.
TOP_KEYS = frozenset(SCENARIO_PROPERTIES)
VERBS = frozenset(STEP_VERBS)
OPTIONS = frozenset(STEP_OPTIONS)
EXPECT_KEYS = frozenset(EXPECT["properties"])
PLAYER_KEYS = frozenset(PLAYER["properties"])
CARD_KEYS = frozenset(CARD_FIELDS)
SETUP_KEYS = frozenset(SETUP["properties"])
