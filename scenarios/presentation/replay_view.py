"""A replay as a judge reads it: sentences, boards, events in words, the deciding rules.

Built from the engine's Replay for the scenario page; the page shows it as a
plain list, and a small script turns the list into a step-through viewer.

Every step's words are small and always shown. Boards are not: a scenario within the limits
(600 cards, 500 steps) would draw hundreds of boards of tens of kilobytes each, so a page draws
the boards of a window of steps (`board_window`) within a byte budget (`draw_boards`), and the
others are drawn when asked for, one at a time, from the states of the same replay.
"""
from dataclasses import dataclass, field, replace

from scenarios.engine.rulesets import ruleset_for
from scenarios.engine.vocabulary import StepStatus, is_refused
from .expectations import checks_after_steps
from .readable.board import board_html
from .readable.sentences import (Names, card_names, event_sentences, interlude_sentence,
                                 step_sentences)

BOARD_BYTES = 900_000  # the boards one page embeds, at most (the page stays under 2 MB)
FIRST_BOARDS = 60  # boards from the start of the replay, at most (more than any bundled one)
BLOCK = 10  # a page asked for step N also draws the boards of N's block of ten steps


@dataclass
class ShownStep:
    """One entry of a replay as a page lists it: a scripted step, or what the duel did by
    itself after step `number` (an interlude: damage calculated, a summon succeeding)."""
    number: int
    sentence: str
    status: str
    events: list = field(default_factory=list)
    rules: list = field(default_factory=list)  # [(anchor, summary)]
    board: str = ""
    position: int = 0  # its place in the list; 0 is the table before the first step
    interlude: bool = False
    expected: list = field(default_factory=list)  # [Check]: its `expect_after`, in words

    @property
    def refused(self):
        """Refused, or allowed though the file expected a refusal: the page marks it."""
        return is_refused(self.status) or self.status == StepStatus.ALLOWED_UNEXPECTEDLY

    @property
    def heading(self):
        return f"After step {self.number}" if self.interlude else f"Step {self.number}"

    @property
    def caption(self):
        return "The table then" if self.interlude else f"The table after step {self.number}"

    @property
    def anchor(self):
        return f"after-step-{self.number}" if self.interlude else f"step-{self.number}"


def rule_summaries(format_slug, params):
    """{anchor: the rule in one sentence}, from the format's rule hooks."""
    duel_class = ruleset_for(format_slug)
    found = {}
    for rule in (duel_class.RULES.values() if duel_class else ()):
        found.setdefault(rule.anchor, rule.describe(params))
    return found


def shown_steps(replay, format_slug, params):
    """Every step of a replay in words (its sentence, events, deciding rules and what the
    scenario expects right after it), no boards, with what the duel did by itself between
    steps and after the last one as entries of their own, so each event sits under the entry
    whose table first shows it."""
    sentences = step_sentences(replay)
    names = Names(card_names(replay))
    summaries = rule_summaries(format_slug, params)
    expected = checks_after_steps(replay.scenario, replay)

    def rules(anchors):
        return [(a, summaries.get(a) or _anchor_words(a)) for a in anchors]

    def interlude_entry(after, interlude):
        return ShownStep(number=after, sentence=interlude_sentence(interlude.what),
                         status="done", events=event_sentences(interlude, names),
                         rules=rules(interlude.rules), interlude=True)

    shown = []
    for record, sentence in zip(replay.steps, sentences):
        events, anchors = record.events, record.rules
        if record.prelude is not None:
            shown.append(interlude_entry(record.number - 1, record.prelude))
            events = events[len(record.prelude.events):]
            anchors = [a for a in anchors if a not in record.prelude.rules]
        shown.append(ShownStep(number=record.number, sentence=sentence, status=record.status,
                               events=event_sentences({"events": events}, names),
                               rules=rules(anchors), expected=expected.get(record.number, [])))
    if getattr(replay, "closing", None) is not None:
        shown.append(interlude_entry(len(replay.steps), replay.closing))
    for position, step in enumerate(shown, start=1):
        step.position = position
    return shown


def replay_states(replay):
    """The table before the first step, then after each entry `shown_steps` lists: the board
    at position N shows `states[N]`."""
    states = [replay.initial_state]
    for record in replay.steps:
        if record.prelude is not None:
            states.append(record.prelude.state)
        states.append(record.state)
    if getattr(replay, "closing", None) is not None:
        states.append(replay.closing.state)
    return states


def position_of(steps, number):
    """The position of scripted step `number` among shown steps (interludes move it on)."""
    return next((step.position for step in steps
                 if step.number == number and not step.interlude), number)


def replay_catalog(replay, catalog):
    """The replay's own catalog, which also knows the cards the scenario defines (`cards:`)."""
    return getattr(getattr(replay, "duel", None), "catalog", None) or catalog


def board_window(last, focus=None):
    """The positions (0 to `last`) whose boards a page draws, the most wanted first: the table
    before the first step, `focus` and the entry after it, the first step, the rest of the
    block of steps around `focus`, then from the start on."""
    wanted = [0]
    if focus is not None and 0 <= focus <= last:
        # The step asked for, and what the duel did by itself after it, before the rest of its
        # block: the byte budget may not reach the end of the block.
        wanted += [focus] + ([focus + 1] if focus < last else []) + ([1] if last else [])
        start = focus // BLOCK * BLOCK
        wanted += range(start, min(start + BLOCK, last + 1))
    wanted += range(1, min(FIRST_BOARDS, last) + 1)
    return list(dict.fromkeys(wanted))


def filler_ids(replay):
    """The ids of the filler cards of a deck given as a count, as the engine flags them: a hand
    that draws one counts it as an unnamed card. Kept beside the states, not in them, so the
    stored states stay as they were."""
    cards = getattr(getattr(replay, "duel", None), "cards", None) or {}
    return sorted(str(card_id) for card_id, card in cards.items()
                  if getattr(card, "filler", False))


def draw_boards(states, wanted, format_slug, catalog, budget=BOARD_BYTES, filler=(),
                card_pages=False):
    """{step number: board} for the steps in `wanted`, in that order, while their size stays
    within `budget` (the first one always). `states` is indexed by step number; `filler`:
    `filler_ids` of the replay."""
    boards, used = {}, 0
    for number in wanted:
        state = states[number]
        if state is None:
            continue
        board = board_html(state, format_slug, catalog, filler=filler, card_pages=card_pages)
        if boards and used + len(board) > budget:
            break
        boards[number] = board
        used += len(board)
    return boards


def shown_replay(replay, format_slug, catalog, params, focus=None):
    """The steps of a replay in words, each with its board when it is in the page's window,
    and the table before the first one (empty when not drawn)."""
    steps = shown_steps(replay, format_slug, params)
    states = replay_states(replay)
    focus = None if focus is None else position_of(steps, focus)
    boards = draw_boards(states, board_window(len(steps), focus), format_slug,
                         replay_catalog(replay, catalog), filler=filler_ids(replay))
    return boards.get(0, ""), with_boards(steps, boards)


def step_ranges(numbers):
    """Step numbers as a judge would list them: `1–14, 20 and 490–496`."""
    runs = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    parts = [str(a) if a == b else f"{a}–{b}" for a, b in runs]
    return " and ".join(filter(None, [", ".join(parts[:-1]), parts[-1]])) if parts else ""


def with_boards(steps, boards):
    """The steps, each with its board from `boards` (by step number) when it has one."""
    return [replace(step, board=boards.get(step.position, "")) for step in steps]


def _anchor_words(anchor):
    return anchor.partition("#")[2].replace("-", " ").capitalize()
