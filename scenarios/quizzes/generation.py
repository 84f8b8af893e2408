"""Building quiz questions from one verified scenario, every option computed by the engine.

A question asks for one value of the replay at one moment (a player's LP after a
step, where a card ends up, who wins, whether a step is allowed). The right option
is the value the true replay computes. Each wrong option is the value the engine
computes when the scenario is replayed under a wrong reading of a rule in its trace
(a misread rule gives a plausible wrong answer, explained by that rule); a reading
that refuses an earlier step gives "that step is not allowed" as its answer. Only
when fewer than three wrong readings give distinct answers are options filled with
other values the same scenario computes (another step's LP, another card's zone).
Nothing is invented and no option repeats.
"""
import hashlib
import logging
from dataclasses import dataclass, field
from typing import Callable

from ..engine import ScenarioError, replay
from ..engine.outcome import FILLER_CARD
from ..outcome_words import ZONE_NAMES, ZONES, result_words
from ..readable.board import board_svg
from ..readable.sentences import card_names, intent_sentences, meaning, step_sentences

logger = logging.getLogger(__name__)
WANTED_WRONG = 3
MAX_OPTIONS = 5
MAX_MOMENTS = 50  # tables of one replay read for filler values (see Context.moments)
OUTCOME, NUMERIC, LEGALITY, STATE = "outcome", "numeric", "legality", "state"
CARD_FACTS = ("zone", "atk", "def", "position", "face", "controller", "races", "level",
              "column", "line")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")


@dataclass
class Option:
    value: object  # what it says, comparable (options with equal values are one option)
    text: str
    correct: bool = False
    source: str = "engine"  # engine (the right one), wrong_reading, computed
    rule: str = ""  # the anchor of the misread rule
    explanation: str = ""
    key: str = ""


@dataclass
class Draft:
    key: str
    kind: str
    prompt: str
    cut: int
    options: list
    anchors: list = field(default_factory=list)
    explanation: str = ""
    probe: object = None  # the Probe it came from (not stored; lets tests recompute it)

    @property
    def wrong(self):
        return sum(1 for o in self.options if not o.correct)


@dataclass
class Probe:
    """One thing to ask: `read(replay)` is that replay's answer at the moment asked about
    ((value, text), or None when it has none); `pool()` lists other values the scenario
    computes, as (value, text, where) triples, for filling."""

    key: str
    kind: str
    prompt: str
    cut: int
    read: Callable
    pool: Callable = lambda: []


@dataclass
class Reading:
    """The scenario replayed under one wrong reading of one rule."""

    rule: object  # the engine's Rule
    name: str
    text: str
    replay: object


class Context:
    """What the probes need about one scenario: its true replay and its wrong readings."""

    def __init__(self, scenario, duel_class, catalog, params, truth):
        self.scenario, self.duel_class, self.catalog, self.params = (
            scenario, duel_class, catalog, params)
        self.truth = truth
        self.end = len(truth.steps)
        self.names = card_names(truth)
        self.sentences = step_sentences(truth)
        self.intents = intent_sentences(truth)
        self.readings = list(self._wrong_readings())

    def _wrong_readings(self):
        cited = set(self.truth.rules)
        for rule in self.duel_class.RULES.values():
            if rule.anchor not in cited:
                continue
            for name, text in rule.mutations.items():
                try:
                    result = replay(self.scenario, self.duel_class, self.catalog,
                                    params=self.params, mutation=f"{rule.name}:{name}")
                except ScenarioError:
                    continue  # the script cannot be played this way: it gives no answer
                except Exception:  # noqa: BLE001 - an engine fault under one reading
                    logger.exception("replaying %s under %s:%s failed", self.scenario.slug,
                                     rule.name, name)
                    continue
                yield Reading(rule, name, text, result)

    def name(self, card_id):
        return self.names.get(card_id, str(card_id))

    def states(self, result):
        """The table before the first step and after each step of a replay."""
        return [result.initial_state] + [s.state for s in result.steps]

    def moments(self, result):
        """(step number, table) pairs to draw filler values from: every table of a short
        replay, an evenly spread MAX_MOMENTS of a long one, so that building a scenario's
        questions costs a bounded amount whatever its length (a 500-step scenario of 600
        cards took 80 s when every table was read)."""
        states = self.states(result)
        if len(states) <= MAX_MOMENTS:
            return list(enumerate(states))
        last = len(states) - 1
        picked = sorted({round(i * last / (MAX_MOMENTS - 1)) for i in range(MAX_MOMENTS)})
        return [(n, states[n]) for n in picked]

    def refusal_before(self, result, cut):
        """The first step up to `cut` that `result` refused and the true replay did not."""
        for record in result.steps[:cut]:
            truth = self.truth.steps[record.number - 1]
            if record.status.startswith("illegal") and not truth.status.startswith("illegal"):
                return record
        return None

    def refusal_option(self, record):
        return Option(("refused", record.number, record.reason),
                      f"Step {record.number} is not allowed ({meaning(record.reason)}), so "
                      f"it never happens")


# --- reading values --------------------------------------------------------------------------

def at_cut(context, cut, read_state):
    """A reader of the table after `cut` steps."""
    def read(result):
        states = context.states(result)
        if len(states) <= cut:
            return None
        return read_state(states[cut])
    return read


def at_end(read_facts):
    """A reader of the outcome the engine observed at the end of the replay."""
    def read(result):
        return read_facts(result.outcome.facts) if result.outcome else None
    return read


def _where(context, zone, player, face=None):
    where = ZONES.get(zone, zone).format(p=player or "its owner")
    return _upper_first(where + (" face-down" if face == "down" else ""))


def _upper_first(text):
    return text[:1].upper() + text[1:] if text else text


def _names(context, ids):
    names = [context.name(i) for i in ids]
    if not names:
        return "None"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _state_card(state, card_id):
    for player, side in (state or {}).get("players", {}).items():
        for zone, cards in side.items():
            if isinstance(cards, list):
                for card in cards:
                    if isinstance(card, dict) and card.get("id") == card_id:
                        return player, zone, card
    return None, None, None


# --- turning readings into options -----------------------------------------------------------

def _explain_reading(reading, params):
    return (f"What you would conclude by reading the rule “{reading.rule.describe(params)}” "
            f"this way: {reading.text}.")


def ask(context, probe):
    """The options for one probe: the right value, then wrong readings, then computed fills."""
    right = probe.read(context.truth)
    if right is None or right[0] is None:
        return None
    options = [Option(right[0], right[1], correct=True)]
    seen = {right[1]}  # options are told apart by what they say
    for reading in context.readings:
        refused = context.refusal_before(reading.replay, probe.cut)
        option = context.refusal_option(refused) if refused else None
        if option is None:
            found = probe.read(reading.replay)
            if found is None or found[0] is None:
                continue
            option = Option(found[0], found[1])
        if option.text in seen:
            continue
        seen.add(option.text)
        option.source, option.rule = "wrong_reading", reading.rule.anchor
        option.explanation = _explain_reading(reading, context.params)
        options.append(option)
    for value, text, where in probe.pool():
        if len(options) - 1 >= WANTED_WRONG:
            break
        if value is None or text in seen:
            continue
        seen.add(text)
        options.append(Option(value, text, source="computed",
                              explanation=f"This value occurs in this scenario too ({where}), "
                                          f"not at the moment asked about."))
    return Draft(probe.key, probe.kind, probe.prompt, probe.cut, options[:MAX_OPTIONS],
                 probe=probe)


def _moment(context, cut):
    return "these steps" if cut == context.end else f"step {cut}" if cut else "the start"


# --- the probes: what can be asked of a scenario ---------------------------------------------

def outcome_probes(context):
    expect = context.scenario.expect
    if "result" not in expect and context.truth.outcome.get("result") == "none":
        return []

    def read(facts):
        return facts.get("result"), result_words(facts.get("result"))

    def pool():
        for label, result in [("the true replay", context.truth)] + [
                ("a wrong reading", r.replay) for r in context.readings]:
            for n, state in context.moments(result):
                got = (state or {}).get("result") or "none"
                yield (got, result_words(got), f"in {label}, at {_moment(context, n)}")

    return [Probe("outcome", OUTCOME, "After these steps, is the duel over? If it is, who won, "
                  "and why?", context.end, at_end(read), pool)]


def _every_lp(context):
    for label, result in [("the true replay", context.truth)] + [
            ("a wrong reading", r.replay) for r in context.readings]:
        for n, state in context.moments(result):
            for player, side in (state or {}).get("players", {}).items():
                if side.get("lp") is not None:
                    yield (side["lp"], f"{side['lp']} LP",
                           f"{player}'s LP in {label} at {_moment(context, n)}")


def lp_probes(context):
    truth = context.truth
    series = {p: [(s or {}).get("players", {}).get(p, {}).get("lp") for s in context.states(truth)]
              for p in truth.initial_state["players"]}
    expected = context.scenario.expect.get("lp") or {}
    players = [p for p in expected if p in series] or \
        [p for p, lps in series.items() if len(set(lps)) > 1]
    probes = []
    for player in players:
        lps = series[player]
        cut = max((n for n in range(1, len(lps)) if lps[n] != lps[n - 1]), default=context.end)
        if player in expected:
            cut = context.end

        def read_state(state, player=player):
            lp = state["players"].get(player, {}).get("lp") if state else None
            return (lp, f"{lp} LP") if lp is not None else None

        probes.append(Probe(f"lp:{player}", NUMERIC,
                            f"How many Life Points does {player} have after "
                            f"{_moment(context, cut)}?", cut, at_cut(context, cut, read_state),
                            lambda: _every_lp(context)))
    return probes


def team_probes(context):
    """Tag Team Phalanx: a team's shared LP or Formation Points at the end."""
    probes = []
    for key, unit, label in (("team_lp", "lp", "Life Points"),
                             ("formation_points", "formation_points", "Formation Points")):
        for team in context.scenario.expect.get(key) or {}:
            def read_state(state, team=team, unit=unit, label=label):
                got = ((state or {}).get("teams") or {}).get(team, {}).get(unit)
                return (got, f"{got} {label}") if got is not None else None

            def pool(unit=unit, label=label):
                for label_of, result in [("the true replay", context.truth)] + [
                        ("a wrong reading", r.replay) for r in context.readings]:
                    for n, state in context.moments(result):
                        for name, team_state in ((state or {}).get("teams") or {}).items():
                            got = team_state.get(unit)
                            if got is not None:
                                yield (got, f"{got} {label}", f"team {name} in "
                                       f"{label_of} at {_moment(context, n)}")

            probes.append(Probe(f"{key}:{team}", NUMERIC,
                                f"How many {label} does team {team} have after these steps?",
                                context.end, at_cut(context, context.end, read_state), pool))
    return probes


def count_probes(context):
    """Highlander summons counted this turn; Kingdom Duels Idle Warnings."""
    probes = []
    for key, snapshot_key, phrase in (
            ("summons", "summons", "summons count toward {p}'s Summon Limit this turn"),
            ("warnings", "idle_warnings", "Idle Warnings does {p} have")):
        for player in context.scenario.expect.get(key) or {}:
            def read(facts, key=key, player=player):
                got = (facts.get(key) or {}).get(player, 0)
                return got, str(got)

            def pool(snapshot_key=snapshot_key, player=player):
                for n, state in context.moments(context.truth):
                    for name, got in ((state or {}).get(snapshot_key) or {}).items():
                        yield (got, str(got), f"{name} at {_moment(context, n)}")

            probes.append(Probe(f"{key}:{player}", NUMERIC,
                                f"After these steps, how many {phrase.format(p=player)}?",
                                context.end, at_end(read), pool))
    return probes


def card_probes(context):
    """Where a card ends up, and its ATK, DEF, position, face or controller there."""
    probes = []
    for card_id, facts in (context.scenario.expect.get("cards") or {}).items():
        card_id = str(card_id)
        asked = [f for f in CARD_FACTS if isinstance(facts, dict) and f in facts][:2]
        for fact in asked:
            probes.append(_card_probe(context, card_id, fact))
    return probes


def _card_facts_in(state):
    """(facts, card id) for every card on the table of a state, as card_probe reads them."""
    for player, side in (state or {}).get("players", {}).items():
        for zone, cards in side.items():
            for entry in cards if isinstance(cards, list) else ():
                if isinstance(entry, dict) and "id" in entry:
                    yield ({"zone": zone, "controller": player, "face": entry.get("face", "up"),
                            "position": entry.get("position"), "atk": entry.get("atk"),
                            "def": entry.get("def")}, entry["id"])


def _fact_text(context, fact, value, facts):
    if fact == "zone":
        return _where(context, value, facts.get("controller"), facts.get("face"))
    if fact in ("atk", "def"):
        return f"{value} {fact.upper()}"
    if fact == "position":
        return f"{str(value).capitalize()} Position" if value else "No position (off the field)"
    if fact == "face":
        return "Face-down" if value == "down" else "Face-up"
    if fact == "races":
        return " and ".join(value) if value else "No Type"
    if fact == "level":
        return f"Level {value}"
    if fact == "column":
        return f"The {ORDINALS[value]} Monster Zone" if isinstance(value, int) and \
            0 <= value < len(ORDINALS) else "No Monster Zone"
    if fact == "line":
        return f"The {str(value).capitalize()} Line" if value else "No line"
    return f"{value}'s"


def _card_probe(context, card_id, fact):
    def value_of(facts):
        if not facts:
            return None
        value = facts.get(fact)
        if isinstance(value, list):
            value = tuple(value)
        key = (value, facts.get("controller"), facts.get("face")) if fact == "zone" else value
        return key, _fact_text(context, fact, value, facts)

    def read(outcome):
        return value_of((outcome.get("cards") or {}).get(card_id))

    def pool():
        for n, state in context.moments(context.truth):
            for facts, other in _card_facts_in(state):
                if other == card_id and facts.get(fact) is not None:
                    yield (*value_of(facts), f"{context.name(card_id)} at "
                           f"{_moment(context, n)}")
        for other, facts in (context.truth.outcome.get("cards") or {}).items():
            if other != card_id and facts.get(fact) is not None and \
                    context.name(other) != FILLER_CARD:
                yield (*value_of(facts), f"{context.name(other)} at the end")
        for n, state in context.moments(context.truth):
            for facts, other in _card_facts_in(state):
                if other != card_id and facts.get(fact) is not None and \
                        context.name(other) != FILLER_CARD:
                    yield (*value_of(facts), f"{context.name(other)} at "
                           f"{_moment(context, n)}")

    name = context.name(card_id)
    prompts = {"zone": f"Where is {name} after these steps?",
               "atk": f"What is {name}'s ATK after these steps?",
               "def": f"What is {name}'s DEF after these steps?",
               "position": f"In which position is {name} after these steps?",
               "face": f"Is {name} face-up or face-down after these steps?",
               "controller": f"Who controls {name} after these steps?",
               "races": f"What Type is {name} after these steps?",
               "level": f"What Level is {name} after these steps?",
               "column": f"In which Monster Zone is {name} after these steps?",
               "line": f"In which line is {name} after these steps?"}
    return Probe(f"card:{card_id}:{fact}", STATE, prompts[fact], context.end, at_end(read), pool)


def turn_probes(context):
    """Whose turn it is, or which turn, after the steps (rotation rules)."""
    probes = []
    expect = context.scenario.expect
    players = list(context.truth.initial_state["players"])
    if "turn_player" in expect:
        probes.append(Probe(
            "turn_player", STATE, "Whose turn is it after these steps?", context.end,
            at_end(lambda facts: (facts.get("turn_player"), f"{facts.get('turn_player')}'s turn")),
            lambda: [(p, f"{p}'s turn", f"player {p} is in the duel") for p in players]))
    if "turn" in expect:
        probes.append(Probe(
            "turn", STATE, "Which turn of the duel is it after these steps?", context.end,
            at_end(lambda facts: (facts.get("turn"), f"Turn {facts.get('turn')}")),
            lambda: [(s["turn"], f"Turn {s['turn']}", f"after step {n}")
                     for n, s in context.moments(context.truth) if s]))
    for player in (expect.get("terrains") or {}):
        def read(facts, player=player):
            got = tuple((facts.get("terrains") or {}).get(player) or ())
            return got, ", ".join(got) or "No Terrains"

        def pool():
            for result in [context.truth] + [r.replay for r in context.readings]:
                for name, got in ((result.outcome.get("terrains") or {}) if result.outcome
                                  else {}).items():
                    yield (tuple(got), ", ".join(got), f"{name}'s Terrains")

        probes.append(Probe(f"terrains:{player}", STATE,
                            f"Which Terrains lie on {player}'s Monster Zones, left to right?",
                            context.end, at_end(read), pool))
    return probes


def moved_card_probes(context):
    """Where a card that moved during the replay ends up (when the scenario states nothing
    about it): the table changed, so the question is about what happened."""
    stated = {str(c) for c in (context.scenario.expect.get("cards") or {})}
    start = {card_id: (facts["zone"], facts["controller"])
             for facts, card_id in _card_facts_in(context.truth.initial_state)}
    end = context.truth.outcome.get("cards") or {}
    probes = []
    for card_id, (zone, controller) in start.items():
        facts = end.get(card_id)
        if card_id in stated or not facts or context.name(card_id) == FILLER_CARD:
            continue
        if (facts.get("zone"), facts.get("controller")) != (zone, controller):
            probes.append(_card_probe(context, card_id, "zone"))
    return probes


def zone_probes(context):
    """Which cards (or how many) a player's zone holds at the end."""
    probes = []
    for player, zones in (context.scenario.expect.get("zones") or {}).items():
        for zone, wanted in (zones or {}).items():
            counting = isinstance(wanted, int)

            def value_of(ids, counting=counting):
                if counting:
                    return len(ids), f"{len(ids)} card{'s' if len(ids) != 1 else ''}"
                names = tuple(sorted(context.name(i) for i in ids))
                return names, _names(context, sorted(ids, key=context.name))

            def read(outcome, player=player, zone=zone, value_of=value_of):
                return value_of(((outcome.get("zones") or {}).get(player) or {}).get(zone, []))

            def pool(player=player, zone=zone, value_of=value_of):
                for n, state in context.moments(context.truth):
                    for name, side in (state or {}).get("players", {}).items():
                        ids = [c["id"] for c in side.get(zone, []) if isinstance(c, dict)]
                        yield (*value_of(ids), f"{name}'s {ZONE_NAMES.get(zone, zone)} "
                               f"at {_moment(context, n)}")

            label = ZONES.get(zone, zone).format(p=player)
            prompt = (f"How many cards are {label} after these steps?" if counting else
                      f"Which cards are {label} after these steps?")
            probes.append(Probe(f"zone:{player}:{zone}", STATE, prompt, context.end, at_end(read),
                                pool))
    return probes


def chain_probes(context):
    """The order chain links resolve in, and which are negated."""
    probes = []
    expect = context.scenario.expect
    if len(expect.get("resolved") or []) >= 2:
        def read(outcome):
            order = tuple(outcome.get("resolved") or [])
            return order, " then ".join(context.name(i) for i in order) or "Nothing resolves"

        def pool():
            order = tuple(context.truth.outcome.get("resolved") or [])
            backwards = tuple(reversed(order))
            return [(backwards, " then ".join(context.name(i) for i in backwards),
                     "the order the links were activated in")]

        probes.append(Probe("resolved", STATE, "In what order do the chain links resolve?",
                            context.end, at_end(read), pool))
    if "negated" in expect:
        def read_negated(outcome):
            ids = sorted(outcome.get("negated") or [])
            return tuple(ids), _names(context, ids) if ids else "Nothing is negated"

        def pool_negated():
            resolved = context.truth.outcome.get("resolved") or []
            return [((i,), context.name(i), "a link that resolved") for i in resolved]

        probes.append(Probe("negated", STATE, "Which activations are negated?", context.end,
                            at_end(read_negated), pool_negated))
    return probes


def legality_probes(context):
    """Steps the rules refuse (as the scenario expects), and allowed steps a misreading refuses."""
    probes = []
    for record in context.truth.steps:
        if record.status != "illegal (expected)" and not (
                record.status == "done" and _acts(record.action)):
            continue

        def read(result, number=record.number):
            if len(result.steps) < number:
                return None
            step = result.steps[number - 1]
            if step.status.startswith("illegal"):
                return ("refused", step.reason), f"No: {meaning(step.reason)}"
            return ("allowed",), "Yes, it is allowed"

        probe = Probe(f"legal:{record.number}", LEGALITY,
                      f"Next: {context.intents[record.number - 1]} Is that allowed?",
                      record.number - 1, read)
        probes.append(probe)
    return probes


def _acts(action):
    return not any(verb in action for verb in ("pass", "end_turn", "pass_turns", "phase"))


PROBES = (outcome_probes, lp_probes, team_probes, count_probes, card_probes, moved_card_probes,
          zone_probes, chain_probes, turn_probes, legality_probes)


def build(scenario, duel_class, catalog, params, truth):
    """The scenario's questions: every probe that has at least one wrong option, keeping the
    ones with three or more; a scenario with none that rich keeps its best one."""
    context = Context(scenario, duel_class, catalog, params, truth)
    drafts = []
    for make in PROBES:
        for probe in make(context):
            draft = ask(context, probe)
            if draft is not None and draft.wrong >= 1:
                drafts.append(draft)
    rich = [d for d in drafts if d.wrong >= WANTED_WRONG]
    chosen = rich or sorted(drafts, key=lambda d: -d.wrong)[:1]
    return context, [finish(context, d) for d in chosen]


def finish(context, draft):
    """Order the options (stably, not always the right one first), key them, explain them."""
    seed = f"{context.scenario.slug}:{draft.key}"
    draft.options.sort(key=lambda o: hashlib.sha256(f"{seed}:{o.text}".encode()).hexdigest())
    for key, option in zip("abcde", draft.options):
        option.key = key
    rules = deciding_rules(context, draft.cut)
    draft.anchors = [{"anchor": r.anchor, "summary": r.describe(context.params)} for r in rules]
    right = next(o for o in draft.options if o.correct)
    draft.explanation = (f"Replaying these steps under the rules gives “{right.text}”. "
                         + ("The rules that decide it: "
                            + "; ".join(a["summary"].rstrip(".") for a in draft.anchors) + "."
                            if draft.anchors else ""))
    return draft


def deciding_rules(context, cut):
    """The rules the true replay cited up to the moment asked about, in the order cited."""
    cited = []
    steps = context.truth.steps[:cut + 1] if cut < context.end else context.truth.steps
    for record in steps:
        cited += [a for a in record.rules if a not in cited]
    if cut >= context.end:
        cited += [a for a in context.truth.rules if a not in cited]
    by_anchor = {}
    for rule in context.duel_class.RULES.values():
        by_anchor.setdefault(rule.anchor, rule)
    return [by_anchor[a] for a in cited if a in by_anchor]


def difficulty(truth):
    """1 (easy) to 3 (hard): from the number of steps and of distinct rules the replay cites."""
    score = len(truth.steps) + 2 * len(set(truth.rules))
    return 1 if score <= 8 else 2 if score <= 16 else 3


def stem_board(context):
    catalog = getattr(context.truth.duel, "catalog", None) or context.catalog  # with `cards:`
    return board_svg(context.truth.initial_state, context.scenario.format, catalog)
