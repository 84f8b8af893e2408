"""Building quiz questions from one verified scenario: questions about the ruling it teaches.

Each question asks what the true replay answers at one moment: the ruling at the pivotal step
(is the step allowed, or what happens), the outcome, or a number or state the ruling changes.
Its wrong options are what replays under wrong readings of the teaching rule, and of the rules
the answer depends on, answer to the same question, so every wrong option is an answer of the
question's own type that a judge who misreads a rule would give. A question is asked only if
a misreading of the teaching rule changes its answer; it is published only with at least two
wrong options from misreadings (else it stays a draft for editors, with the reason), and a
scenario publishes at most three. Nothing is filled in from elsewhere.
"""
import hashlib
import re
from dataclasses import dataclass, field
from typing import Callable

from scenarios.engine.vocabulary import StepStatus, is_refused

from scenarios.presentation.outcome_words import ZONES, result_words
from scenarios.presentation.readable.sentences import (Names, attempt_sentences, event_sentence, intent_sentences,
                                  listing, meaning, sentence, step_sentences)
from .stems import Stem, copy_labels, state_at
from .teaching import Teaching, differs

RULING, LEGALITY, OUTCOME, NUMERIC, STATE = "ruling", "legality", "outcome", "numeric", "state"
DRAFT, PUBLISHED = "draft", "published"
MIN_WRONG = 2  # wrong options from misreadings a published question needs
MAX_WRONG = 3
MAX_PUBLISHED = 3  # published questions per scenario
# What each kind asks of a scenario, best first: the ruling itself, then its outcome, then a
# value it changes.
PREFERENCE = (RULING, LEGALITY, OUTCOME, NUMERIC, STATE)
# Kinds of events that say what a step did (for "what happens?"); the rest is bookkeeping.
CONSEQUENCES = {"negate", "negated", "lp", "damage", "move", "summon", "control", "result",
                "win", "defeat", "position", "equip", "attach", "counter", "battle", "phase",
                "terrain", "strike", "formation", "idle", "effect", "reveal", "trigger",
                "ability"}
MAX_CONSEQUENCES = 4
CARD_FACTS = ("zone", "controller", "atk", "def", "position", "face", "races", "level", "column",
              "line")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")
# Words no taker should read: code, data keys, the engine's own terms.
INTERNAL_WORDS = re.compile(r"`|\b[a-z]+_[a-z_]+\b|\bcatalog\b|\bflag\b|true replay|"
                            r"wrong reading|\(s\)|\bmutation\b")


@dataclass
class Answer:
    value: object  # comparable: two replays with equal values give the same answer
    text: str
    parts: tuple = ()  # for "what happens": (what it is about, sentence) pairs
    said: list = field(default_factory=list)  # its text, sentence by sentence


@dataclass
class Option:
    value: object
    text: str
    correct: bool = False
    said: list = field(default_factory=list)  # the text sentence by sentence, when several
    source: str = "engine"  # engine (the right one), wrong_reading, rule (the plain "Yes")
    rule: str = ""  # the anchor of the misread rule
    explanation: str = ""
    key: str = ""


@dataclass
class Ask:
    """One thing a question can ask: `read(replay)` is that replay's answer (or None)."""

    name: str  # what is asked, within the scenario: "ruling", "lp:A", "card:x:zone"
    kind: str
    prompt: str
    cut: int  # the stem shows the first `cut` steps
    read: Callable
    last_step: int  # the answer depends on the rules cited up to this step
    legality_step: int | None = None  # the step a legality question asks about
    moment: int | None = None  # the table and facts shown are after this step (default: cut)
    arithmetic: Callable = None  # the true replay's working, for a number


@dataclass
class Draft:
    key: str
    kind: str
    prompt: str
    cut: int
    options: list
    explanation: str = ""
    anchors: list = field(default_factory=list)
    status: str = DRAFT
    reason: str = ""
    facts: list = field(default_factory=list)
    steps: list = field(default_factory=list)
    board: str = ""
    teaching_rule: str = ""
    depth: int = 1
    moment: int = 0  # the table and facts shown are after this many steps
    variants: list = field(default_factory=list)  # exam variants (variants.py), as payloads
    ask: object = None  # the Ask it came from (not stored; lets tests recompute it)

    @property
    def wrong_from_readings(self):
        return sum(1 for o in self.options if o.source == "wrong_reading")


class Context:
    """One scenario's true replay, its teaching rule and readings, and its card labels."""

    def __init__(self, scenario, duel_class, catalog, params, truth, format_name=""):
        self.scenario, self.duel_class, self.catalog, self.params = (
            scenario, duel_class, catalog, params)
        self.truth = truth
        self.end = len(truth.steps)
        self.teaching = Teaching(scenario, duel_class, catalog, params, truth)
        self.labels = copy_labels(truth)
        self.names = Names(self.labels)
        self.sentences = step_sentences(truth, names=self.labels)
        self.intents = intent_sentences(truth, names=self.labels)
        self.attempts = attempt_sentences(truth, names=self.labels)
        self.format_name = format_name or scenario.format
        by_anchor = {}
        for rule in duel_class.RULES.values():
            by_anchor.setdefault(rule.anchor, rule)
        self.rule_at = by_anchor

    @property
    def readings(self):
        return self.teaching.readings

    def name(self, card_id):
        return self.names(card_id)

    def summary(self, anchor):
        rule = self.rule_at.get(anchor)
        return rule.describe(self.params) if rule else ""


# --- what a replay answers -------------------------------------------------------------------

def legality_at(number):
    def read(result):
        if len(result.steps) < number:
            return None
        step = result.steps[number - 1]
        if is_refused(step.status):
            return Answer(("refused", step.reason), f"No: {meaning(step.reason)}.")
        if step.status == StepStatus.SKIPPED:
            return None
        return Answer(("allowed",), "Yes.")
    return read


def consequences_at(context, number):
    """What step `number` did: the negations, moves, summons, Life Point changes and results
    it caused, each with what it is about (a card, a player's Life Points, the duel). The
    question later keeps only what the answers disagree about (`focused`)."""
    def read(result):
        if len(result.steps) < number:
            return None
        step = result.steps[number - 1]
        if is_refused(step.status):
            return Answer(("refused", step.reason),
                          f"The rules refuse it: {meaning(step.reason)}.")
        parts = []
        for event in step.events:
            if event.get("kind") in CONSEQUENCES:
                text = event_sentence(event, context.names)
                part = (_subject(event), text)
                if text and part not in parts:
                    parts.append(part)
        return Answer(frozenset(parts), "", tuple(parts))
    return read


def _subject(event):
    """What a consequence is about: its card, else a player's Life Points, else the duel."""
    if event.get("card") is not None and event.get("kind") not in ("lp", "damage"):
        return ("card", str(event["card"]))
    if event.get("player") is not None and event.get("kind") in ("lp", "damage"):
        return ("lp", str(event["player"]))
    return ("duel", event.get("kind"))


def focused(context, answers):
    """The texts of "what happens" answers told by what they disagree about only: what
    happens to the same cards or Life Points in every answer is left out, and each answer
    tells its cards in one order, so options differ in what matters, not in the order events
    are told or in what every answer says. A refused step keeps its own words."""
    told = [a for a in answers if isinstance(a.value, frozenset)]
    shared = None
    for answer in told:
        sentences = {text for _, text in answer.parts}
        shared = sentences if shared is None else shared & sentences
    order = []
    for answer in told:
        for subject, _ in answer.parts:
            if subject not in order:
                order.append(subject)
    disputed = {subject for answer in told for subject, text in answer.parts
                if text not in (shared or set())}
    for answer in told:
        said = sorted(((order.index(subject), n, text)
                       for n, (subject, text) in enumerate(answer.parts) if subject in disputed))
        answer.said = [sentence(text) for _, _, text in said] or \
            [_nothing_to(context, [s for s in order if s in disputed])]
        answer.text = " ".join(answer.said)
    return [answer.text for answer in answers]


def _nothing_to(context, subjects):
    about = []
    for kind, what in subjects:
        if kind == "card":
            about.append(context.name(what))
        elif kind == "lp":
            about.append(f"{what}'s Life Points")
    return sentence(f"Nothing happens to {listing(about)}") if about else \
        "Nothing happens yet."


def at_end(read_facts):
    def read(result):
        return read_facts(result.outcome.facts) if result.outcome else None
    return read


# --- what can be asked -----------------------------------------------------------------------

def ruling_asks(context):
    """The ruling at the pivotal step: whether the step is allowed, or what it does."""
    pivot = context.teaching.pivot
    if pivot is None:
        return []
    step = context.truth.steps[pivot - 1]
    intent = _next(context.intents[pivot - 1])
    passing = "pass" in step.action
    legality = legality_at(pivot)
    refusals = {legality(r.replay).value[0] if legality(r.replay) else None
                for r in context.teaching.teaching_readings()} | {legality(context.truth).value[0]}
    if not passing and "refused" in refusals:
        return [Ask("legal", LEGALITY, f"{intent} Is that allowed?", pivot - 1, legality,
                    pivot, legality_step=pivot)]
    return [Ask("ruling", RULING, f"{intent} What happens?", pivot - 1,
                consequences_at(context, pivot), pivot)]


def _next(intent):
    """`Next, B activates ...` from `B activates ...` (a player's letter keeps its case)."""
    first, _, rest = intent.partition(" ")
    start = first if len(first) == 1 and first.isupper() else first[:1].lower() + first[1:]
    return sentence(f"Next, {start} {rest}".strip())


def limit_asks(context):
    """In a format with a Summon Limit, how many summons the limit allows, asked just before
    the pivotal step: the number the ruling decides. Asked of the turn player and of the
    player of that step (the stem shows Life Points and the summons counted so far, never the
    limit itself)."""
    pivot = context.teaching.pivot
    if pivot is None:
        return []
    before = state_at(context.truth, pivot - 1) or {}
    limits = before.get("summon_limit") or {}
    players = dict.fromkeys(str(p) for p in (before.get("turn_player"),
                                             context.truth.steps[pivot - 1].action.get("player"))
                            if p is not None and str(p) in limits)
    return [_limit_ask(context, before, pivot, player) for player in players]


def _limit_ask(context, before, pivot, player):
    def read(result):
        state = state_at(result, pivot - 1) if len(result.steps) >= pivot - 1 else None
        allowed = ((state or {}).get("summon_limit") or {}).get(player)
        return None if allowed is None else Answer(
            allowed, f"{allowed} monster{'s' if allowed != 1 else ''}")

    return Ask(f"limit:{player}", NUMERIC, f"At this moment, how many monsters in all may "
               f"{player} summon this turn?", pivot - 1, read, pivot,
               arithmetic=lambda: limit_working(context, before, player))


def limit_working(context, state, player):
    """Why the limit is what it is: "B has 4,000 LP, 4,000 or more: the limit is 2"."""
    players = state.get("players") or {}
    opponent = next((p for p in players if p != player), None)
    lp = (players.get(opponent) or {}).get("lp")
    table = sorted(context.params.get("summon_limit_table") or (),
                   key=lambda row: -row["opponent_lp_at_least"])
    row = next((r for r in table if lp is not None and lp >= r["opponent_lp_at_least"]), None)
    if row is None:
        return ""
    return (f"{opponent} has {lp:,} LP, {row['opponent_lp_at_least']:,} or more: "
            f"the limit is {row['limit']}")


def outcome_asks(context):
    def read(facts):
        result = facts.get("result")
        return Answer(_frozen(result), result_words(result))
    return [Ask("outcome", OUTCOME, "After these steps, is the duel over? If it is, who won, "
                "and why?", context.end, at_end(read), context.end)]


def value_asks(context):
    """A number or state the scenario states an expectation about, at the end."""
    asks = []
    expect = context.scenario.expect
    for player in expect.get("lp") or {}:
        asks.append(_lp_ask(context, str(player)))
    for key, unit, label in (("team_lp", "lp", "Life Points"),
                             ("formation_points", "formation_points", "Formation Points")):
        for team in expect.get(key) or {}:
            asks.append(_team_ask(context, key, str(team), unit, label))
    for key, snapshot, phrase in (
            ("summons", "summons", "summons count toward {p}'s Summon Limit this turn"),
            ("warnings", "idle_warnings", "Idle Warnings does {p} have")):
        for player in expect.get(key) or {}:
            asks.append(_count_ask(context, key, str(player), phrase))
    for card_id, facts in (expect.get("cards") or {}).items():
        for fact in [f for f in CARD_FACTS if isinstance(facts, dict) and f in facts][:2]:
            asks.append(_card_ask(context, str(card_id), fact))
    for player, zones in (expect.get("zones") or {}).items():
        for zone, wanted in (zones or {}).items():
            asks.append(_zone_ask(context, str(player), zone, isinstance(wanted, int)))
    if len(expect.get("resolved") or []) >= 2:
        asks.append(_resolved_ask(context))
    if "negated" in expect:
        asks.append(_negated_ask(context))
    if isinstance(expect.get("match"), dict) and "winner" in expect["match"]:
        asks.append(_match_ask(context))
    return asks


def _lp_ask(context, player):
    def read(facts):
        lp = (facts.get("lp") or {}).get(player)
        return None if lp is None else Answer(lp, f"{lp:,} LP")
    return Ask(f"lp:{player}", NUMERIC, f"How many Life Points does {player} have after these "
               "steps?", context.end, at_end(read), context.end,
               arithmetic=lambda: lp_working(context.truth, player))


def _team_ask(context, key, team, unit, label):
    def read(facts):
        got = (facts.get(key) or {}).get(team)
        return None if got is None else Answer(got, f"{got:,} {label}")
    return Ask(f"{key}:{team}", NUMERIC, f"How many {label} does team {team} have after these "
               "steps?", context.end, at_end(read), context.end)


def _count_ask(context, key, player, phrase):
    def read(facts):
        got = (facts.get(key) or {}).get(player)
        return None if got is None else Answer(got, str(got))
    return Ask(f"{key}:{player}", NUMERIC, f"After these steps, how many {phrase.format(p=player)}?",
               context.end, at_end(read), context.end)


def _card_ask(context, card_id, fact):
    name = context.name(card_id)

    def read(facts):
        card = (facts.get("cards") or {}).get(card_id)
        if not card or card.get(fact) is None and fact not in ("position", "races", "line"):
            return None
        value = card.get(fact)
        if fact == "zone":
            where = ZONES.get(value, value).format(p=card.get("controller") or "its owner")
            if card.get("face") == "down":
                where += " face-down"
            return Answer((value, card.get("controller"), card.get("face")), sentence(where))
        if fact in ("atk", "def"):
            return Answer(value, f"{value:,} {fact.upper()}")
        if fact == "position":
            return Answer(value, f"{str(value).capitalize()} Position" if value else
                          "In no position: it is not on the field")
        if fact == "face":
            return Answer(value, "Face-down" if value == "down" else "Face-up")
        if fact == "races":
            races = tuple(value or ())
            return Answer(races, sentence(" and ".join(races)) if races else "No Type.")
        if fact == "level":
            return Answer(value, f"Level {value}")
        if fact == "column":
            return Answer(value, f"The {ORDINALS[value]} Monster Zone" if isinstance(value, int)
                          and 0 <= value < len(ORDINALS) else "No Monster Zone")
        if fact == "line":
            return Answer(value, f"The {str(value).capitalize()} Line" if value else "No line")
        return Answer(value, f"{value} controls it")

    prompts = {"zone": f"Where is {name} after these steps?",
               "controller": f"Who controls {name} after these steps?",
               "atk": f"What is {name}'s ATK after these steps?",
               "def": f"What is {name}'s DEF after these steps?",
               "position": f"In which position is {name} after these steps?",
               "face": f"Is {name} face-up or face-down after these steps?",
               "races": f"What Type is {name} after these steps?",
               "level": f"What Level is {name} after these steps?",
               "column": f"In which Monster Zone is {name} after these steps?",
               "line": f"On which line is {name} after these steps?"}
    kind = NUMERIC if fact in ("atk", "def", "level") else STATE
    return Ask(f"card:{card_id}:{fact}", kind, prompts[fact], context.end, at_end(read),
               context.end)


def _zone_ask(context, player, zone, counting):
    label = ZONES.get(zone, zone).format(p=player)

    def read(facts):
        ids = ((facts.get("zones") or {}).get(player) or {}).get(zone)
        if ids is None:
            return None
        if counting:
            return Answer(len(ids), f"{len(ids)} card{'s' if len(ids) != 1 else ''}")
        names = sorted(context.name(i) for i in ids)
        return Answer(tuple(names), sentence(listing(names)) if names else "None.")

    prompt = (f"How many cards are {label} after these steps?" if counting else
              f"Which cards are {label} after these steps?")
    return Ask(f"zone:{player}:{zone}", NUMERIC if counting else STATE, prompt, context.end,
               at_end(read), context.end)


def _resolved_ask(context):
    def read(facts):
        order = tuple(facts.get("resolved") or ())
        return Answer(order, " then ".join(context.name(i) for i in order) + "."
                      if order else "Nothing resolves.")
    return Ask("resolved", STATE, "In what order do the chain links resolve?", context.end,
               at_end(read), context.end)


def _negated_ask(context):
    def read(facts):
        ids = tuple(sorted(facts.get("negated") or ()))
        return Answer(ids, sentence(listing(context.name(i) for i in ids)) if ids
                      else "Nothing is negated.")
    return Ask("negated", STATE, "Which activations are negated?", context.end, at_end(read),
               context.end)


def _match_ask(context):
    def read(facts):
        match = facts.get("match") if isinstance(facts.get("match"), dict) else {}
        winner = match.get("winner", "none")
        return Answer(str(winner), "Nobody has won the Match yet." if winner == "none"
                      else f"{winner} has won the Match.")
    return Ask("match", STATE, "After these steps, has anyone won the Match? If so, who?",
               context.end, at_end(read), context.end)


def _frozen(value):
    """A result (a dict) as a comparable value."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def lp_working(truth, player):
    """The true replay's Life Point changes for `player`, as sums: "8,000 − 4,000 = 4,000"."""
    lines = []
    for step in truth.steps:
        for event in step.events:
            if event.get("kind") == "lp" and event.get("player") == player and \
                    event.get("before") is not None and event.get("after") is not None:
                before, after = event["before"], event["after"]
                sign = "−" if after < before else "+"
                lines.append(f"{before:,} {sign} {abs(after - before):,} = {after:,}")
    return "; ".join(lines)


# --- options, explanations and the decision to publish --------------------------------------

def asks_of(context):
    return ruling_asks(context) + limit_asks(context) + outcome_asks(context) + \
        value_asks(context)


def draft_of(context, ask):
    """The question an ask makes, or None when no misreading of the teaching rule changes its
    answer (then it does not test the ruling)."""
    right = ask.read(context.truth)
    if right is None:
        return None
    answers = []
    for reading in context.teaching.readings_for(ask.last_step):
        if ask.cut < context.end and _diverges_before(context.truth, reading.replay, ask.cut):
            continue  # the stem shows steps this reading would play otherwise
        found = ask.read(reading.replay)
        if found is not None:
            answers.append((reading, found))
    if not any(reading.teaching and found.value != right.value for reading, found in answers):
        return None
    chosen = _chosen(context, ask, right, answers)  # may retell `right` by what is disputed
    options = [Option(right.value, right.text, correct=True, said=right.said)]
    for reading, found in chosen:
        options.append(Option(found.value, found.text, source="wrong_reading",
                              rule=reading.anchor,
                              explanation=_misreading(context, reading, ask)))
    seen = {option.text for option in options}
    if ask.kind == LEGALITY and "Yes." not in seen:
        options.append(Option(("allowed",), "Yes.", source="rule", rule=context.teaching.anchor,
                              explanation=f"The rules refuse it here: "
                                          f"{context.summary(context.teaching.anchor)}"))
    draft = Draft(_key(context, ask), ask.kind, ask.prompt, ask.cut, options, ask=ask,
                  teaching_rule=context.teaching.anchor, depth=context.teaching.depth(),
                  moment=_moment_of(context, ask))
    wrong = draft.wrong_from_readings
    if wrong >= MIN_WRONG:
        draft.status = PUBLISHED
    else:
        draft.reason = ("Only one misreading gives another answer; a published question needs "
                        "two wrong answers that come from misreadings." if wrong == 1 else
                        "No misreading gives another answer of this kind.")
    return draft


def _chosen(context, ask, right, answers):
    """Up to three wrong answers, the teaching rule's misreadings first, each saying something
    no other option says. "What happens" answers are told by what they disagree about
    (`focused`), which depends on the options chosen together."""
    chosen = []
    for reading, found in answers:
        if found.value == right.value or any(found.value == f.value for _, f in chosen):
            continue
        trial = chosen + [(reading, found)]
        if ask.kind == RULING:
            texts = focused(context, [right] + [f for _, f in trial])
        else:
            texts = [right.text] + [f.text for _, f in trial]
        if len(set(texts)) < len(texts):
            continue
        chosen = trial
        if len(chosen) == MAX_WRONG:
            break
    if ask.kind == RULING and chosen:
        focused(context, [right] + [f for _, f in chosen])  # retells them by what they dispute
    return chosen


def _moment_of(context, ask):
    """A question about what a step does shows the table just before it; a question about
    the end shows the table before the step the ruling decides (the end table would give
    the answer away)."""
    if ask.moment is not None:
        return ask.moment
    if ask.cut < context.end:
        return ask.cut
    pivot = context.teaching.pivot
    return pivot - 1 if pivot else 0


def _diverges_before(truth, result, cut):
    return any(differs(a, b) for a, b in zip(truth.steps[:cut], result.steps[:cut]))


def _misreading(context, reading, ask):
    refused = next((s for s in reading.replay.steps[:ask.last_step]
                    if is_refused(s.status) and
                    not is_refused(context.truth.steps[s.number - 1].status)), None)
    because = (f" (step {refused.number} would then be refused: {meaning(refused.reason)})"
               if refused is not None and ask.kind not in (LEGALITY, RULING) else "")
    return (f"This is the answer if {reading.belief}{because}. The rule says otherwise: "
            f"{context.summary(reading.anchor)}")


def _key(context, ask):
    key = f"{ask.name}@{ask.cut}"
    if len(key) > 120:
        key = key[:100] + hashlib.sha256(key.encode()).hexdigest()[:16]
    return key


def finish(context, draft):
    """The stem (facts, history, board), the explanation and the rules it names; options in
    a stable order (not always the right one first), keyed a, b, c..."""
    pivot = context.teaching.pivot
    refused_pivot = pivot is not None and pivot <= draft.cut and \
        is_refused(context.truth.steps[pivot - 1].status)
    stem = Stem(context.truth, draft.cut, context.format_name, context.labels, context.catalog,
                moment=draft.moment, intents=context.intents, attempts=context.attempts,
                needed={pivot} if refused_pivot else ())
    draft.facts = stem.facts()
    draft.steps = stem.history(context.sentences)
    draft.board = stem.board(context.scenario.format)
    seed = f"{context.scenario.slug}:{draft.key}"
    draft.options.sort(key=lambda o: hashlib.sha256(f"{seed}:{o.text}".encode()).hexdigest())
    for key, option in zip("abcde", draft.options):
        option.key = key
    anchors = [context.teaching.anchor] + [o.rule for o in draft.options
                                           if o.source == "wrong_reading" and o.rule]
    draft.anchors = [{"anchor": a, "summary": context.summary(a)}
                     for a in dict.fromkeys(anchors) if context.summary(a)]
    draft.explanation = explanation(context, draft)
    return draft


def explanation(context, draft):
    """Two to four sentences: the deciding rule, why it applies here (the card and the moment),
    and the answer it gives, with the working for a number."""
    right = next(o for o in draft.options if o.correct)
    said = [sentence(context.summary(context.teaching.anchor))]
    pivot = context.teaching.pivot
    if pivot is not None:
        said.append(sentence(f"It applies when "
                             f"{_lower_first(context.sentences[pivot - 1])}".rstrip(".")))
    working = draft.ask.arithmetic() if draft.ask and draft.ask.arithmetic else ""
    answer = "; ".join(s.rstrip(".") for s in right.said) if right.said else \
        right.text.rstrip(".")
    said.append(sentence(f"So: {answer}" + (f" ({working})" if working else "")))
    return " ".join(s for s in said if s)


def _lower_first(text):
    first, _, rest = text.partition(" ")
    if len(first) == 1 and first.isupper():
        return text
    return text[:1].lower() + text[1:]


def build(scenario, duel_class, catalog, params, truth, format_name=""):
    """The scenario's questions: published ones first (at most three), then drafts."""
    context = Context(scenario, duel_class, catalog, params, truth, format_name)
    drafts, asked = [], set()
    for ask in asks_of(context):
        draft = draft_of(context, ask)
        if draft is None or draft.key in asked:
            continue
        asked.add(draft.key)
        drafts.append(draft)
    drafts.sort(key=lambda d: (d.status != PUBLISHED, PREFERENCE.index(d.kind),
                               -d.wrong_from_readings, d.key))
    published = 0
    for draft in drafts:
        if draft.status == PUBLISHED:
            published += 1
            if published > MAX_PUBLISHED:
                draft.status = DRAFT
                draft.reason = (f"The scenario already has {MAX_PUBLISHED} published questions; "
                                "an editor may publish this one instead of another.")
    return context, [finish(context, d) for d in drafts]


def internal_words(text):
    """The internal words in a text a taker sees (none may be there)."""
    return INTERNAL_WORDS.findall(text or "")
