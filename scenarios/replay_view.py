"""A replay as a judge reads it: sentences, boards, events in words, the deciding rules.

Built from the engine's Replay for the scenario page; the page shows it as a
plain list, and a small script turns the list into a step-through viewer.
"""
from dataclasses import dataclass, field

from .engine.rulesets import ruleset_for
from .outcome_words import describe
from .readable.board import board_svg
from .readable.sentences import card_names, event_sentences, step_sentences


@dataclass
class ShownStep:
    number: int
    sentence: str
    status: str
    events: list = field(default_factory=list)
    rules: list = field(default_factory=list)  # [(anchor, summary)]
    board: str = ""

    @property
    def refused(self):
        return self.status.startswith("illegal") or self.status.startswith("legal (")


def rule_summaries(format_slug, params):
    """{anchor: the rule in one sentence}, from the format's rule hooks."""
    duel_class = ruleset_for(format_slug)
    found = {}
    for rule in (duel_class.RULES.values() if duel_class else ()):
        found.setdefault(rule.anchor, rule.describe(params))
    return found


def shown_replay(replay, format_slug, catalog, params):
    """The steps of a replay in words and pictures, with the table before the first one."""
    names = card_names(replay)
    sentences = step_sentences(replay)
    # The replay's own catalog also knows the cards the scenario defines (`cards:`).
    catalog = getattr(getattr(replay, "duel", None), "catalog", None) or catalog
    summaries = rule_summaries(format_slug, params)
    steps = []
    for record, sentence in zip(replay.steps, sentences):
        steps.append(ShownStep(
            number=record.number, sentence=sentence, status=record.status,
            events=event_sentences(record, names),
            rules=[(a, summaries.get(a) or _anchor_words(a)) for a in record.rules],
            board=board_svg(record.state, format_slug, catalog) if record.state else ""))
    start = board_svg(replay.initial_state, format_slug, catalog) if replay.initial_state else ""
    return start, steps


def expected_and_computed(scenario, replay):
    """The scenario's expectation in words beside the engine's outcome in words."""
    cards = replay.outcome.get("cards") if replay.outcome else {}
    expected = describe(scenario.expect, scenario.expect, cards)
    computed = describe(scenario.expect, replay.outcome.facts) if replay.outcome else []
    return list(zip(expected, computed))


def _anchor_words(anchor):
    return anchor.partition("#")[2].replace("-", " ").capitalize()
