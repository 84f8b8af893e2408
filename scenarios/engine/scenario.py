"""Scenario files: one worked example as setup, scripted steps and the expected outcome.

The file only states what a judge expects; the engine computes. Every field is
checked here, and a mistake is reported with the file, line and field.
"""
import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from .cards import scenario_cards, with_scenario_cards
from .errors import ScenarioError
from .outcome import expectation_problems
from .state import PHASES, ZONES, CardInstance
from .vocabulary import check_vocabulary
from .yamlsource import Limits, UnsafeYAML, decode, load_lazily

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ANCHOR_RE = re.compile(r"^[a-z0-9-]+/[a-z0-9-]+#[a-z0-9-]+$")
TOP_KEYS = {"slug", "format", "rule", "example", "title", "narrative", "seed", "xfail",
            "cards", "setup", "steps", "expect"}
REQUIRED = ("slug", "format", "rule", "title", "narrative", "setup", "steps", "expect")
VERBS = {"activate", "pass", "attack", "summon", "set", "flip_summon", "phase", "end_turn",
         "pass_turns", "concede", "special_summon", "nightfall", "move", "hide", "reveal",
         "use_ability", "pay_to_negate", "pendulum_summon", "strike", "change_position",
         "activate_rule", "use_symbol", "send", "ritual_summon",
         "integration_summon", "redirect", "join", "end_duel", "decline", "swap", "detach"}
STEP_OPTIONS = {"player", "target", "targets", "choose", "select", "tributes", "position",
                "stop_at", "illegal", "materials", "to"}
EXPECT_KEYS = {"result", "lp", "zones", "cards", "resolved", "negated", "chain", "phase", "turn",
               "counters", "team_lp", "formation_points", "warnings", "summons", "turn_player",
               "defeated", "terrains", "charges", "tiles"}
PLAYER_KEYS = set(ZONES) | {"lp", "deck_master", "team", "terrains", "summons_this_turn",
                            "idle_warnings", "joining", "colour"}
CARD_KEYS = {"id", "card", "face", "position", "set_turn", "counters", "owner", "line", "column",
             "equipped_to", "attached_to"}
FILLER_CARD = "Giant Soldier of Stone"
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


@dataclass
class Action:
    verb: str
    player: str | None
    line_ref: object  # (lines, path): its line is looked up only when a report needs it
    card: str | None = None
    target: str | None = None
    targets: list = field(default_factory=list)
    choose: str | None = None
    select: dict = field(default_factory=dict)
    tributes: list = field(default_factory=list)
    materials: list = field(default_factory=list)
    position: str | None = None
    phase: str | None = None
    stop_at: str | None = None
    count: int = 1
    to: str | None = None
    expect_illegal: str | None = None
    raw: dict = field(default_factory=dict)

    @property
    def line(self):
        if not self.line_ref:
            return None
        lines, path = self.line_ref
        return lines.get(path)


@dataclass
class Scenario:
    slug: str
    format: str
    rule: str
    title: str
    narrative: str
    setup: dict
    steps: list
    expect: dict
    example: str | None = None
    seed: int = 0
    xfail: str | None = None
    file: str | None = None
    lines: dict = field(default_factory=dict)
    source: str = ""
    cards: tuple = ()  # the CardDefs of its own `cards:`, found by name before the catalog

    def line_of(self, path):
        return self.lines.get(path)

    def error(self, message, path):
        return ScenarioError(message, self.file, self.line_of(path), path)


def load_scenario(path, formats=None):
    path = Path(path)
    try:
        if path.stat().st_size > Limits.max_chars * 4:
            raise UnsafeYAML(f"the file is larger than {Limits.max_chars} characters", 1)
        text = decode(path.read_bytes())
    except UnsafeYAML as error:
        raise ScenarioError(error.message, str(path), error.line, "yaml") from None
    except OSError as error:
        raise ScenarioError(f"cannot read the file: {error.strerror or error}", str(path)) from None
    return parse_scenario(text, str(path), formats)


def parse_scenario(text, file=None, formats=None):
    if isinstance(text, bytes):
        try:
            text = decode(text)
        except UnsafeYAML as error:
            raise ScenarioError(error.message, file, error.line, "yaml") from None
    data, lines = load_lazily(text, file)

    def fail(message, path):
        raise ScenarioError(message, file, lines.get(path, 1), path)

    if not isinstance(data, dict):
        fail("a scenario is a mapping of fields", "")
    for key in data:
        if key not in TOP_KEYS:
            fail(f"unknown field (allowed: {', '.join(sorted(TOP_KEYS))})", str(key))
    for key in REQUIRED:
        if key not in data:
            fail(f"missing field '{key}'", "")
    if not isinstance(data["slug"], str) or not SLUG_RE.match(data["slug"]):
        fail("slug must be lowercase words joined by hyphens", "slug")
    for key, most in MAX_TEXT.items():
        if isinstance(data.get(key), str) and len(data[key]) > most:
            fail(f"{key} is {len(data[key])} characters long; at most {most}", key)
    if not isinstance(data["format"], str):
        fail("format must be a format slug", "format")
    if formats is not None and data["format"] not in formats:
        fail(f"unknown format '{data['format']}' (known: {', '.join(sorted(formats))})", "format")
    for key in ("rule", "example"):
        if key in data and (not isinstance(data[key], str) or not ANCHOR_RE.match(data[key])):
            fail("must be an anchor like 'format/article#anchor'", key)
    for key in ("title", "narrative"):
        if not isinstance(data[key], str) or not data[key].strip():
            fail("must be non-empty text", key)
    if not isinstance(data["steps"], list):
        fail("steps must be a list", "steps")
    if len(data["steps"]) > MAX_STEPS:
        fail(f"a scenario has at most {MAX_STEPS} steps", "steps")
    if not isinstance(data["expect"], dict):
        fail("expect must be a mapping", "expect")
    for key in data["expect"]:
        if key not in EXPECT_KEYS:
            fail(f"unknown expectation (allowed: {', '.join(sorted(EXPECT_KEYS))})", f"expect.{key}")
    own_cards = scenario_cards(data["cards"], file, lines) if "cards" in data else ()
    scenario = Scenario(
        slug=data["slug"], format=data["format"], rule=data["rule"], title=data["title"].strip(),
        narrative=" ".join(data["narrative"].split()), setup=data["setup"],
        steps=[parse_step(step, f"steps[{i}]", lines, file) for i, step in enumerate(data["steps"])],
        expect=data["expect"], example=data.get("example"), seed=data.get("seed", 0),
        xfail=data.get("xfail"), file=file, lines=lines, source=text, cards=own_cards)
    ruleset = formats.get(scenario.format) if isinstance(formats, dict) else None
    if ruleset is not None:  # what this format declares it knows (vocabulary.py)
        check_vocabulary(scenario, ruleset, formats, set(ZONES) - set(FORMAT_ZONES))
    check_setup_shape(scenario)
    check_expect_shape(scenario)
    if isinstance(formats, dict):
        for where, message in expectation_problems(scenario.expect, formats[scenario.format]):
            raise ScenarioError(message, file, lines.get(where) or lines.get("expect"), where)
    if not isinstance(scenario.seed, int) or isinstance(scenario.seed, bool):
        raise scenario.error("seed must be a whole number", "seed")
    if scenario.xfail is not None and not isinstance(scenario.xfail, str):
        raise scenario.error("xfail takes the reason the scenario is expected to fail", "xfail")
    return scenario


def parse_step(step, path, lines, file):
    def fail(message, key=None):
        where = f"{path}.{key}" if key else path
        raise ScenarioError(message, file, lines.get(where, lines.get(path)), where)

    if not isinstance(step, dict):
        fail("a step is a mapping such as {player: A, activate: card-id}")
    verbs = [k for k in step if k in VERBS]
    unknown = [k for k in step if k not in VERBS and k not in STEP_OPTIONS]
    if unknown:
        fail(f"unknown step field '{unknown[0]}'", unknown[0])
    if len(verbs) != 1:
        fail(f"a step needs exactly one action among {', '.join(sorted(VERBS))}")
    verb = verbs[0]
    value = step[verb]
    if "illegal" in step and not isinstance(step["illegal"], str):
        fail("illegal takes the reason code the rules refuse the step with", "illegal")
    for key in ("choose", "position", "stop_at"):
        if key in step and not isinstance(step[key], str):
            fail(f"{key} takes a name", key)
    if "to" in step:
        if not isinstance(step["to"], (str, int)) or isinstance(step["to"], bool):
            fail("to takes a line, a column number or a card id", "to")
        step = dict(step, to=str(step["to"]))
    player = step.get("player")
    if verb != "pass_turns" and player not in ("A", "B", "C", "D"):
        fail("player must be A or B (or C, D in team formats)", "player")
    action = Action(verb=verb, player=player, line_ref=(lines, path), raw=dict(step),
                    expect_illegal=step.get("illegal"), choose=step.get("choose"),
                    position=step.get("position"), stop_at=step.get("stop_at"),
                    to=step.get("to"))
    if verb in ("activate", "attack", "summon", "set", "flip_summon", "special_summon", "move",
                "hide", "reveal", "use_ability", "nightfall", "strike", "change_position",
                "activate_rule", "use_symbol", "send", "ritual_summon",
                "integration_summon", "redirect", "decline", "swap", "detach"):
        if not isinstance(value, str):
            fail(f"{verb} takes a card id", verb)
        action.card = value
    elif verb == "phase":
        if not isinstance(value, (str, dict)):
            fail("phase takes a phase name", verb)
        action.phase = value
    elif verb == "pass_turns":
        if not _is_int(value) or not 1 <= value <= MAX_TURN:
            fail(f"pass_turns takes a number of turns (1 to {MAX_TURN})", verb)
        action.count = value
    elif value is not True:
        fail(f"write '{verb}: true'", verb)
    target = step.get("target")
    if target is not None:
        if not isinstance(target, (str, int)) or isinstance(target, bool):
            fail("target takes a card id", "target")
        action.target = str(target)
        action.targets = [] if target == "direct" else [str(target)]
    if "targets" in step:
        if not isinstance(step["targets"], list):
            fail("targets must be a list of card ids", "targets")
        if not all(_is_card_id(t) for t in step["targets"]):
            fail("targets must be a list of card ids", "targets")
        action.targets = [str(t) for t in step["targets"]]
    for key in ("tributes", "materials"):
        if key in step:
            if not isinstance(step[key], list) or not all(_is_card_id(t) for t in step[key]):
                fail(f"{key} must be a list of card ids", key)
            setattr(action, key, [str(t) for t in step[key]])
    if "select" in step:
        if not isinstance(step["select"], dict) or \
                not all(_is_card_id(v) for v in step["select"].values()):
            fail("select must map choice names to card ids", "select")
        action.select = {str(k): str(v) for k, v in step["select"].items()}
    return action


PLAYER_NAMES = ("A", "B", "C", "D")


def _is_int(value, low=None, high=None):
    return isinstance(value, int) and not isinstance(value, bool) and \
        (low is None or value >= low) and (high is None or value <= high)


def _is_name(value):
    return isinstance(value, str) and value != ""


# The type of every player field that is not a zone; a format checks its meaning.
PLAYER_FIELDS = {
    "lp": (lambda v: _is_int(v, 0, MAX_LP), f"lp is a whole number from 0 to {MAX_LP}"),
    "team": (_is_name, "team is a team name"),
    "terrains": (lambda v: isinstance(v, list) and all(_is_name(t) for t in v),
                 "terrains is a list of Terrain names"),
    "summons_this_turn": (lambda v: _is_int(v, 0, MAX_SMALL),
                          f"summons_this_turn is a whole number from 0 to {MAX_SMALL}"),
    "idle_warnings": (lambda v: _is_int(v, 0, MAX_SMALL),
                      f"idle_warnings is a whole number from 0 to {MAX_SMALL}"),
    "joining": (lambda v: isinstance(v, bool), "joining is true or false"),
    "colour": (lambda v: v in ("blue", "red"), "colour is blue or red"),
    "deck_master": (lambda v: isinstance(v, dict) and _is_name(v.get("card")) and
                    all(_is_card_id(v[k]) for k in ("id",) if k in v) and
                    _is_int(v.get("ability_negated_until", 0), 0, MAX_TURN),
                    "deck_master is {id: ..., card: <monster name>}"),
}
SETUP_FIELDS = {
    "first": (_is_name, "first names a player"),
    "mode": (_is_name, "mode is a Kingdom Duels mode name"),
    "setup_phase": (lambda v: isinstance(v, dict) and all(_is_name(x) for x in v.values()),
                    "setup_phase is {first: <the player who goes first>}"),
    "teams": (lambda v: isinstance(v, dict) and all(
        _is_name(k) and isinstance(t, dict) and
        all(_is_int(n, 0, MAX_LP) for n in t.values()) for k, t in v.items()),
        f"teams maps team names to {{lp: N, formation_points: N}} (0 to {MAX_LP})"),
}


def _ids(value):
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def check_expect_shape(scenario):
    """Each expectation must have the shape the comparison reads."""
    expect = scenario.expect

    def bad(key, message):
        raise scenario.error(message, f"expect.{key}")

    result = expect.get("result")
    if "result" in expect and result != "none":
        if not isinstance(result, dict) or not (
                (isinstance(result.get("winner"), str) or result.get("draw") is True)
                and isinstance(result.get("reason"), str)):
            bad("result", "result is 'none', {winner: A, reason: ...} or {draw: true, reason: ...}")
    for key in ("lp", "team_lp", "formation_points", "warnings", "summons", "charges"):
        if key in expect and not (isinstance(expect[key], dict) and
                                  all(_is_int(v) for v in expect[key].values())):
            bad(key, f"{key} maps names to whole numbers")
    terrains = expect.get("terrains", {})
    if not isinstance(terrains, dict) or not all(_ids(v) for v in terrains.values()):
        bad("terrains", "terrains maps players to their Terrains, left to right")
    zones = expect.get("zones", {})
    if not isinstance(zones, dict) or not all(
            isinstance(z, dict) and all(_ids(v) or _is_int(v) for v in z.values())
            for z in zones.values()):
        bad("zones", "zones maps players to {zone: [card ids] or a count}")
    cards = expect.get("cards", {})
    if not isinstance(cards, dict) or not all(isinstance(f, dict) for f in cards.values()):
        bad("cards", "cards maps card ids to {zone: ..., face: ..., ...}")
    for key in ("resolved", "negated", "chain", "defeated"):
        if key in expect and not _ids(expect[key]):
            bad(key, f"{key} is a list of card ids")
    if "phase" in expect and not isinstance(expect["phase"], str):
        bad("phase", "phase is a phase name")
    if "turn" in expect and not _is_int(expect["turn"]):
        bad("turn", "turn is a whole number")


def check_setup_shape(scenario):
    setup = scenario.setup
    if not isinstance(setup, dict) or not isinstance(setup.get("players"), dict):
        raise scenario.error("setup needs players: {A: ..., B: ...}", "setup")
    for key in setup:
        if key not in ("turn", "players", "first", "teams", "mode", "setup_phase"):
            raise scenario.error("unknown setup field", f"setup.{key}")
    turn = setup.get("turn", {})
    if not isinstance(turn, dict) or set(turn) - {"number", "player", "phase"} or \
            not _is_int(turn.get("number", 1)) or turn.get("player", "A") not in PLAYER_NAMES \
            or turn.get("phase", "main1") not in PHASES or \
            not _is_int(turn.get("number", 1), 0, MAX_TURN):
        raise scenario.error(f"turn is {{number: N, player: A or B, phase: one of "
                             f"{', '.join(PHASES)}}}", "setup.turn")
    for key, (ok, message) in SETUP_FIELDS.items():
        if key in setup and not ok(setup[key]):
            raise scenario.error(message, f"setup.{key}")
    total = 0
    for name, player in setup["players"].items():
        where = f"setup.players.{name}"
        if name not in ("A", "B", "C", "D"):
            raise scenario.error("players are named A and B (C and D in team formats)", where)
        if not isinstance(player, dict):
            raise scenario.error("a player is a mapping of LP and zones", where)
        for key in player:
            if key not in PLAYER_KEYS:
                raise scenario.error(f"unknown field (allowed: {', '.join(sorted(PLAYER_KEYS))})",
                                     f"{where}.{key}")
            if key in PLAYER_FIELDS and not PLAYER_FIELDS[key][0](player[key]):
                raise scenario.error(PLAYER_FIELDS[key][1], f"{where}.{key}")
            value = player[key]
            if key == "deck" and _is_int(value) and not 0 <= value <= MAX_DECK:
                raise scenario.error(f"deck: N takes 0 to {MAX_DECK} cards", f"{where}.{key}")
            if key in ZONES and key not in FORMAT_ZONES:
                if isinstance(value, bool) or not isinstance(value, (list, str, dict, int)):
                    raise scenario.error("a zone holds a list of cards", f"{where}.{key}")
                total += value if isinstance(value, int) else \
                    len(value) if isinstance(value, list) else 1
        if total > MAX_CARDS:
            raise scenario.error(f"a scenario starts with at most {MAX_CARDS} cards", where)


def card_entries(scenario, player, zone, value):
    """Normalise a zone's cards: names, mappings, or a count of filler cards for a deck."""
    where = f"setup.players.{player}.{zone}"
    if zone == "deck" and isinstance(value, int):
        return [{"id": f"{player}-deck-{n + 1}", "card": FILLER_CARD, "filler": True}
                for n in range(value)], \
            [where] * value
    if isinstance(value, (str, dict)):
        value = [value]
    if not isinstance(value, list):
        raise scenario.error("a zone holds a list of cards", where)
    entries, paths = [], []
    for n, entry in enumerate(value):
        path = f"{where}[{n}]"
        if isinstance(entry, str):
            entry = {"id": f"{player}-{zone}-{n + 1}", "card": entry}
        if not isinstance(entry, dict) or "card" not in entry:
            raise scenario.error("a card is a name or {id: ..., card: ...}", path)
        for key in entry:
            if key not in CARD_KEYS:
                raise scenario.error(f"unknown card field (allowed: {', '.join(sorted(CARD_KEYS))})",
                                     f"{path}.{key}")
        entry = dict(entry)
        entry.setdefault("id", f"{player}-{zone}-{n + 1}")
        problem = _card_entry_problem(entry)
        if problem:
            raise scenario.error(problem[1], f"{path}.{problem[0]}")
        entries.append(entry)
        paths.append(path)
    return entries, paths


def _is_card_id(value):
    return isinstance(value, (str, int)) and not isinstance(value, bool) and \
        0 < len(str(value)) <= MAX_CARD_ID


# What each set-up card field takes, said after a value it cannot take.
CARD_FIELD_WORDS = {
    "id": ": an id is a short name or number", "card": ": it is a card name",
    "face": ": it is up or down", "position": ": it is attack or defense",
    "set_turn": f": it is a turn number from 0 to {MAX_TURN}",
    "counters": f": it maps counter names to numbers from 0 to {MAX_SMALL}",
    "owner": ": it is A, B, C or D", "line": ": it is front or back",
    "column": ": it is a column number from 0 to 9",
    "equipped_to": ": it is the id of a card", "attached_to": ": it is the id of a card",
}


def _shown(value):
    """A value as the author wrote it, not as Python prints it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"“{value}”"
    if isinstance(value, (dict, list)):
        return "a list" if isinstance(value, list) else "a mapping"
    return "empty" if value is None else str(value)


def _card_entry_problem(entry):
    checks = {
        "id": _is_card_id,
        "card": lambda v: isinstance(v, str),
        "face": lambda v: v in ("up", "down"),
        "position": lambda v: v in ("attack", "defense"),
        "set_turn": lambda v: _is_int(v, 0, MAX_TURN),
        "counters": lambda v: isinstance(v, dict) and all(_is_int(n, 0, MAX_SMALL)
                                                          for n in v.values()),
        "owner": lambda v: v in PLAYER_NAMES,
        "line": lambda v: v in ("front", "back"),
        "column": lambda v: _is_int(v) and 0 <= v < 10,
        "equipped_to": _is_card_id,
        "attached_to": _is_card_id,
    }
    for key, ok in checks.items():
        if key in entry and not ok(entry[key]):
            if checks[key] is _is_card_id and len(str(entry[key])) > MAX_CARD_ID:
                return key, f"{key} is {len(str(entry[key]))} characters long; at most " \
                            f"{MAX_CARD_ID}"
            return key, f"{key} cannot be {_shown(entry[key])}" + CARD_FIELD_WORDS.get(key, "")
    return None


def _host_of(entry):
    """The card a set-up card is equipped to or attached beneath, by id, if any."""
    host = entry.get("equipped_to", entry.get("attached_to"))
    return None if host is None else str(host)


def _unknown_card(name, catalog):
    """`unknown card 'Sangn' — did you mean Sangan?`: the closest name the catalog (and the
    scenario's own `cards:`) has."""
    close = difflib.get_close_matches(str(name), list(catalog.cards), n=1, cutoff=0.75)
    return f"unknown card '{name}'" + (f" — did you mean {close[0]}?" if close else
                                        " (neither in the catalog nor in this scenario's cards)")


def build_duel(scenario, duel):
    """Put the scenario's setup on the table; impossible setups are ScenarioErrors."""
    duel.catalog = with_scenario_cards(duel.catalog, scenario)  # its own `cards:` first, by name
    setup = scenario.setup
    turn = setup.get("turn", {})
    duel.turn = turn.get("number", 1)
    duel.turn_player = duel.priority = turn.get("player", "A")
    duel.phase = turn.get("phase", "main1")
    players = setup["players"]
    duel.setup_players(scenario, players)
    for name, player in players.items():
        for zone in ZONES:
            if zone not in player or zone in FORMAT_ZONES:
                continue
            entries, paths = card_entries(scenario, name, zone, player[zone])
            for entry, path in zip(entries, paths):
                definition = duel.catalog.get(entry["card"])
                if definition is None:
                    raise scenario.error(_unknown_card(entry["card"], duel.catalog),
                                         f"{path}.card" if isinstance(player[zone], list)
                                         else path)
                instance = CardInstance(
                    id=str(entry["id"]), card=definition, owner=entry.get("owner", name),
                    controller=name, zone=zone, face_up=entry.get("face", "up") == "up",
                    position=entry.get("position"), set_turn=entry.get("set_turn"),
                    counters=dict(entry.get("counters", {})), line=entry.get("line"),
                    column=entry.get("column"), host=_host_of(entry),
                    filler=entry.get("filler", False))
                problem = duel.placement_problem(instance)
                if problem:
                    raise scenario.error(problem, path)
                if instance.id in duel.cards:
                    raise scenario.error(f"card id '{instance.id}' is in two places", f"{path}.id")
                duel.place(instance)
        duel.setup_player_extras(scenario, name, player)
    for name in players:
        problem = duel.zone_count_problem(name)
        if problem:
            raise scenario.error(problem, f"setup.players.{name}")
    return duel
