"""Scenario files: one worked example as setup, scripted steps and the expected outcome.

The file only states what a judge expects; the engine computes. Its shape is checked against
the scenario schema (schema.py, worded by shape.py); what a schema cannot state (an unknown
format, the format's own vocabulary, the cards on the table, the card ids) is checked here.
Every mistake is reported with the file, line and field.
"""
from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeAlias

from . import shape
from .cards import scenario_cards, with_scenario_cards
from .errors import ScenarioError, ScriptError
from .outcome import expectation_problems
from .schema import (CARD_KEYS, EXPECT_KEYS, FORMAT_ZONES, MAX_CARD_ID, MAX_CARDS,  # noqa: F401
                     MAX_DECK, MAX_LP, MAX_SMALL, MAX_STEPS, MAX_TEXT, MAX_TURN, OPTIONS,
                     PLAYER_KEYS, PLAYER_NAMES, REQUIRED, TOP_KEYS, VERBS)
from .state import ZONES, CardInstance
from .vocabulary import check_vocabulary
from .yamlsource import Limits, UnsafeYAML, decode, load_lazily
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .cards import CardDef, Catalog, ScenarioCatalog
    from .duel import Duel
    from .shape import Problem
    from .yamlsource import LineMap

STEP_OPTIONS = OPTIONS
FILLER_CARD = "Giant Soldier of Stone"
# The formats a scenario may name: their slugs, or each slug's ruleset (then its vocabulary,
# setup and expectations are checked too).
Formats: TypeAlias = "Collection[str] | Mapping[str, type[Duel]]"


@dataclass
class Action:
    verb: str
    player: str | None  # every step names its player, but pass_turns (see `actor`)
    # (lines, path): its line is looked up only when a report needs it
    line_ref: tuple[LineMap, str] | None
    card: str | None = None
    target: str | None = None
    targets: list[str] = field(default_factory=list)
    choose: str | None = None
    select: dict[str, str] = field(default_factory=dict)
    tributes: list[str] = field(default_factory=list)
    materials: list[str] = field(default_factory=list)
    position: str | None = None
    # A phase's name (the schema also lets a mapping through, which no format knows).
    phase: str | YamlMapping | None = None
    stop_at: str | None = None
    count: int = 1
    to: str | None = None
    ability: str | None = None  # Deck Masters: which of the Deck Master's Abilities, by name
    # The reason code the file expects the step to be refused with; True: refused for any reason.
    expect_illegal: str | bool | None = None
    raw: YamlMapping = field(default_factory=dict)

    @property
    def line(self) -> int | None:
        if not self.line_ref:
            return None
        lines, path = self.line_ref
        return lines.get(path)

    @property
    def actor(self) -> str:
        """The player who takes the step. The schema requires one of every step but pass_turns,
        so a step without one reaching a rule that needs it is the script's fault."""
        if self.player is None:
            raise ScriptError(f"a {self.verb} step needs the player who takes it", "player")
        return self.player

    @property
    def card_id(self) -> str:
        """The id of the card the step names: every card verb names one (the schema requires
        it), so a step without one reaching a rule that needs it is the script's fault."""
        if self.card is None:
            raise ScriptError(f"a {self.verb} step needs the id of a card", self.verb)
        return self.card


@dataclass
class Scenario:
    slug: str
    format: str
    rule: str
    title: str
    narrative: str
    setup: YamlMapping
    steps: list[Action]
    expect: YamlMapping
    example: str | None = None
    # Expectations after some steps, by step number (1-based, as the replay numbers them).
    expect_after: dict[int, YamlMapping] = field(default_factory=dict)
    seed: int = 0
    xfail: str | None = None
    file: str | None = None
    lines: LineMap = field(default_factory=dict)
    source: str = ""
    # The CardDefs of its own `cards:`, found by name before the catalog.
    cards: tuple[CardDef, ...] = ()
    checked: bool = False  # its setup was checked against the schema (parse_scenario does)
    # Each zone's cards read out of `setup` once, by (player, zone), for every replay to place
    # (`prepared_cards`): a verifier, the quiz bank and the benchmark replay one Scenario many
    # times.
    _prepared: dict[tuple[str, str], list[PreparedCard]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def line_of(self, path: str) -> int | None:
        return self.lines.get(path)

    def error(self, message: str, path: str) -> ScenarioError:
        return ScenarioError(message, self.file, self.line_of(path), path)


@dataclass(frozen=True, slots=True)
class PreparedCard:
    """One set-up card as `build_duel` places it: everything but its CardDef, which is looked up
    in each duel's catalog."""

    path: str  # where the setup names it (setup.players.A.hand[0])
    name: YamlValue  # the card's name as written (reported when the catalog has no such card)
    id: str
    owner: str
    face_up: bool
    position: str | None
    set_turn: int | None
    counters: dict[str, YamlValue]
    line: str | None
    column: int | None
    host: str | None
    filler: bool


def prepared_cards(scenario: Scenario, player: str, zone: str,
                   value: YamlValue) -> list[PreparedCard]:
    """A zone's cards (`card_entries`) read once per Scenario and kept: `setup` is not changed
    once parsed, so every replay places the same cards. A zone whose entries are wrong raises
    every time (nothing is kept), where and when `build_duel` reaches it."""
    key = (player, zone)
    known = scenario._prepared.get(key)
    if known is None:
        entries, paths = card_entries(scenario, player, zone, value)
        known = scenario._prepared[key] = [
            PreparedCard(path=path, name=entry["card"], id=str(entry["id"]),
                         owner=entry.get("owner", player),
                         face_up=entry.get("face", "up") == "up",
                         position=entry.get("position"), set_turn=entry.get("set_turn"),
                         counters=dict(entry.get("counters", {})), line=entry.get("line"),
                         column=entry.get("column"), host=_host_of(entry),
                         filler=entry.get("filler", False))
            for entry, path in zip(entries, paths)]
    return known


def load_scenario(path: str | Path, formats: Formats | None = None) -> Scenario:
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


def parse_scenario(text: str | bytes, file: str | None = None,
                   formats: Formats | None = None) -> Scenario:
    """A Scenario from YAML text, or a ScenarioError naming the file, line and field.

    The order of the checks decides which mistake is reported first: the file's fields and
    steps, then the format's vocabulary, then the setup and expectations, then the outcome
    keys the format compares."""
    if isinstance(text, bytes):
        try:
            text = decode(text)
        except UnsafeYAML as error:
            raise ScenarioError(error.message, file, error.line, "yaml") from None
    data, lines = load_lazily(text, file)

    def fail(problem: Problem) -> NoReturn:
        raise ScenarioError(problem.message, file, shape.line_near(lines, problem.path) or 1,
                            problem.path)

    found = shape.problems(data)
    early = [p for p in found if not _checked_late(p)]
    if early:
        fail(early[0])
    if formats is not None and data["format"] not in formats:
        raise ScenarioError(f"unknown format '{data['format']}' (known: "
                            f"{', '.join(sorted(formats))})", file, lines.get("format"), "format")
    own_cards = scenario_cards(data["cards"], file, lines) if "cards" in data else ()
    scenario = Scenario(
        slug=data["slug"], format=data["format"], rule=data["rule"], title=data["title"].strip(),
        narrative=" ".join(data["narrative"].split()), setup=data["setup"],
        steps=[parse_step(step, f"steps[{i}]", lines) for i, step in enumerate(data["steps"])],
        expect=data["expect"], example=data.get("example"), seed=data.get("seed", 0),
        xfail=data.get("xfail"), file=file, lines=lines, source=text, cards=own_cards,
        checked=True)
    rulesets = formats if isinstance(formats, dict) else None  # else only the formats' names
    ruleset = rulesets.get(scenario.format) if rulesets is not None else None
    if ruleset is not None:  # what this format declares it knows (vocabulary.py)
        check_vocabulary(scenario, ruleset, rulesets, set(ZONES) - set(FORMAT_ZONES))
    if found:
        fail(found[0])
    check_card_count(scenario)
    scenario.expect_after = steps_expected(data.get("expect_after", {}), len(scenario.steps),
                                           file, lines)
    if rulesets is not None:
        for after, expect in [(None, scenario.expect), *scenario.expect_after.items()]:
            prefix = "expect" if after is None else f"expect_after.{after}"
            for where, message in expectation_problems(expect, rulesets[scenario.format],
                                                       prefix):
                raise ScenarioError(message, file, lines.get(where) or lines.get(prefix), where)
    return scenario


def steps_expected(given: YamlMapping, steps: int, file: str | None,
                   lines: LineMap) -> dict[int, YamlMapping]:
    """`expect_after:` by step number. The schema has checked each expectation's shape and that
    a key written as text is a number; here a key must name a step the file has."""
    chosen: dict[int, YamlMapping] = {}
    for key, expect in given.items():
        where = f"expect_after.{key}"
        written: object = key  # YAML gives `3:` as a number, `'3':` as text
        number = written if type(written) is int else \
            int(str(written)) if str(written).isdigit() else None
        if number is None or not 1 <= number <= steps:
            raise ScenarioError(f"expect_after names a step by its number, 1 to {steps} here, "
                                f"not {key!r}", file, lines.get(where) or
                                lines.get("expect_after"), where)
        if number in chosen:
            raise ScenarioError(f"step {number} is named twice in expect_after", file,
                                lines.get(where), where)
        chosen[number] = expect
    return dict(sorted(chosen.items()))


def _checked_late(problem: Problem) -> bool:
    """Whether a shape problem waits until the format's vocabulary is checked: those in the
    setup, in an expectation's value, and in seed and xfail."""
    top = problem.top
    return top in ("setup", "seed", "xfail") or (top == "expect" and len(problem.where) > 1) \
        or (top == "expect_after" and len(problem.where) > 2)


def parse_step(step: YamlMapping, path: str, lines: LineMap) -> Action:
    """An Action from one step the schema has accepted."""
    verb = next(key for key in step if key in VERBS)
    value = step[verb]
    to = step.get("to")
    action = Action(verb=verb, player=step.get("player"), line_ref=(lines, path), raw=dict(step),
                    expect_illegal=step.get("illegal"), choose=step.get("choose"),
                    position=step.get("position"), stop_at=step.get("stop_at"),
                    to=None if to is None else str(to), ability=step.get("ability"))
    if verb == "phase":
        action.phase = value
    elif verb == "pass_turns":
        action.count = value
    elif value is not True:
        action.card = value
    target = step.get("target")
    if target is not None:
        action.target = str(target)
        action.targets = [] if target == "direct" else [str(target)]
    if "targets" in step:
        action.targets = [str(t) for t in step["targets"]]
    for key in ("tributes", "materials"):
        if key in step:
            setattr(action, key, [str(t) for t in step[key]])
    if "select" in step:
        action.select = scripted_selections(step["select"])
    if "to" in step:
        action.raw["to"] = action.to
    return action


def scripted_selections(select: YamlMapping) -> dict[str, str]:
    """A step's `select:` as one card id per choice. A list, for an effect that chooses several
    cards (`send: [a, b]`), becomes numbered choices (`send`, `send 2`) that the effect takes in
    order (`EffectContext.select_cards`)."""
    chosen: dict[str, str] = {}
    for key, value in select.items():
        for number, card_id in enumerate(value if isinstance(value, list) else [value], 1):
            chosen[str(key) if number == 1 else f"{key} {number}"] = str(card_id)
    return chosen


def check_card_count(scenario: Scenario) -> None:
    """At most MAX_CARDS cards on the table at the start, all players together (a schema
    bounds each zone, not their sum)."""
    total = 0
    for name, player in scenario.setup["players"].items():
        for key, value in player.items():
            if key in ZONES and key not in FORMAT_ZONES:
                total += value if isinstance(value, int) else \
                    len(value) if isinstance(value, list) else 1
        if total > MAX_CARDS:
            raise scenario.error(f"a scenario starts with at most {MAX_CARDS} cards",
                                 f"setup.players.{name}")


def card_entries(scenario: Scenario, player: str, zone: str,
                 value: YamlValue) -> tuple[list[YamlMapping], list[str]]:
    """Normalise a zone's cards (the schema has checked their shape): names, mappings, or a
    count of filler cards for a deck."""
    where = f"setup.players.{player}.{zone}"
    if zone == "deck" and isinstance(value, int):
        return [{"id": f"{player}-deck-{n + 1}", "card": FILLER_CARD, "filler": True}
                for n in range(value)], \
            [where] * value
    if isinstance(value, (str, dict)):
        value = [value]
    if not isinstance(value, list):
        raise scenario.error("a zone holds a list of cards", where)
    entries: list[YamlMapping] = []
    paths: list[str] = []
    for n, entry in enumerate(value):
        if isinstance(entry, str):
            entry = {"id": f"{player}-{zone}-{n + 1}", "card": entry}
        if not isinstance(entry, dict) or "card" not in entry:
            raise scenario.error("a card is a name or {id: ..., card: ...}", f"{where}[{n}]")
        entries.append({"id": f"{player}-{zone}-{n + 1}", **entry})
        paths.append(f"{where}[{n}]")
    return entries, paths


def _host_of(entry: YamlMapping) -> str | None:
    """The card a set-up card is equipped to or attached beneath, by id, if any."""
    host = entry.get("equipped_to", entry.get("attached_to"))
    return None if host is None else str(host)


def _unknown_card(name: YamlValue, catalog: Catalog | ScenarioCatalog) -> str:
    """`unknown card 'Sangn' — did you mean Sangan?`: the closest name the catalog (and the
    scenario's own `cards:`) has."""
    close = difflib.get_close_matches(str(name), list(catalog.cards), n=1, cutoff=0.75)
    return f"unknown card '{name}'" + (f" — did you mean {close[0]}?" if close else
                                        " (neither in the catalog nor in this scenario's cards)")


def build_duel(scenario: Scenario, duel: Duel) -> Duel:
    """Put the scenario's setup on the table; impossible setups are ScenarioErrors."""
    duel.catalog = with_scenario_cards(duel.catalog, scenario)  # its own `cards:` first, by name
    setup = scenario.setup
    if not scenario.checked:  # a setup made elsewhere (a card's Subduel): check it here
        for problem in shape.problems(setup, shape.SETUP_CHECK)[:1]:
            raise scenario.error(problem.message, "setup" + ("." if problem.where and not
                                                             problem.path.startswith("[")
                                                             else "") + problem.path)
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
            for prepared in prepared_cards(scenario, name, zone, player[zone]):
                path = prepared.path
                definition = duel.catalog.get(prepared.name)
                if definition is None:
                    raise scenario.error(_unknown_card(prepared.name, duel.catalog),
                                         f"{path}.card" if isinstance(player[zone], list)
                                         else path)
                instance = CardInstance(
                    id=prepared.id, card=definition, owner=prepared.owner, controller=name,
                    zone=zone, face_up=prepared.face_up, position=prepared.position,
                    set_turn=prepared.set_turn, counters=dict(prepared.counters),
                    line=prepared.line, column=prepared.column, host=prepared.host,
                    filler=prepared.filler)
                misplaced = duel.placement_problem(instance)
                if misplaced:
                    raise scenario.error(misplaced, path)
                if instance.id in duel.cards:
                    raise scenario.error(f"card id '{instance.id}' is in two places", f"{path}.id")
                duel.place(instance)
        duel.setup_player_extras(scenario, name, player)
    duel.setup_match(scenario, setup.get("match"))
    for name in players:
        overfull = duel.zone_count_problem(name)
        if overfull:
            raise scenario.error(overfull, f"setup.players.{name}")
    check_equips(scenario, duel)
    return duel


def check_equips(scenario: Scenario, duel: Duel) -> None:
    """Every set-up card that says `equipped_to` must be able to equip its host (checked once
    all the cards are placed, as the host may be named after it)."""
    for (player, zone), prepared in scenario._prepared.items():
        for entry in prepared:
            card = duel.cards.get(entry.id)
            if entry.host is None or card is None or card.zone == "attached":
                continue
            problem = duel.equip_problem(card)
            if problem:
                raise scenario.error(problem, f"{entry.path}.equipped_to")
