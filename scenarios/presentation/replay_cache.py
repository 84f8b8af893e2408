"""A scenario page's replay, computed once per scenario text and site state and cached: the
steps in words whole, the tables after each step compressed in chunks, so the page, a page
for another step and a single board never replay the scenario again."""
import pickle
import zlib
from dataclasses import dataclass, field

from django.core.cache import cache

from rulings.knowledge.page_cache import PAGE_SECONDS, stamp_for, text_digest

from .expectations import expectation_groups
from .replay_view import filler_ids, replay_states, rule_summaries, shown_steps
from scenarios.verification.verifier import Verifier

# The states of one replay are cached in chunks of this many, so a board needs only its own.
STATES_CHUNK = 25
# The shape of what is cached (PageReplay and the page drawn from it): a new shape takes new
# keys, so a cache that outlives a deployment never hands the page a record of the old one.
RECORD_SHAPE = 2


@dataclass
class PageReplay:
    """What a scenario page shows of its replay, apart from the boards: small enough to cache
    whole (every step in words), beside the states the boards are drawn from."""
    status: str
    message: str
    rule_title: str
    own_cards: list = field(default_factory=list)  # the cards the scenario defines
    xfail: str = ""
    comparison: list = field(default_factory=list)  # CheckGroup: expected beside computed
    steps: list | None = None  # ShownStep, without boards; None when it cannot be replayed
    card_notes: list = field(default_factory=list)  # (card name, what the engine leaves out)
    filler: list = field(default_factory=list)  # the ids of a deck's filler cards (filler_ids)

    def catalog(self):
        """The catalog the replay used: the bundled cards and the scenario's own."""
        from scenarios.engine.cards import ScenarioCatalog, default_catalog

        return ScenarioCatalog(default_catalog(), self.own_cards) if self.own_cards \
            else default_catalog()


def replay_key(scenario, request):
    """What a scenario's replay depends on: its row, its source and the site's state."""
    return ":".join(str(part) for part in (RECORD_SHAPE, scenario.pk,
                                            text_digest(scenario.source), stamp_for(request)))


def replayed(scenario, key):
    """(PageReplay, states) of the scenario: from the cache, or replayed once and cached.
    `states[N]` is the table after step N; cached states are fetched a chunk at a time."""
    record = cache.get(f"scenario-replay:{key}")
    if record is not None:
        return record, CachedStates(key, len(record.steps or ()), scenario)
    verifier = Verifier()
    verdict = verifier.verify_source(scenario.source, scenario.path)
    params = verifier.params(scenario.format_slug)
    record = PageReplay(status=verdict.status, message=verdict.message,
                        rule_title=rule_summaries(scenario.format_slug, params).get(scenario.rule)
                        or scenario.rule,
                        own_cards=list(getattr(verdict.scenario, "cards", None) or ()))
    states = []
    if verdict.replay is not None:
        record.steps = shown_steps(verdict.replay, scenario.format_slug, params)
        record.comparison = expectation_groups(verdict.scenario, verdict.replay)
        record.xfail = verdict.scenario.xfail or ""
        states = replay_states(verdict.replay)
        record.card_notes = card_notes(verdict.replay)
        record.filler = filler_ids(verdict.replay)
        cache.set_many({f"scenario-states:{key}:{start // STATES_CHUNK}":
                        zlib.compress(pickle.dumps(states[start:start + STATES_CHUNK]), 1)
                        for start in range(0, len(states), STATES_CHUNK)}, PAGE_SECONDS)
    cache.set(f"scenario-replay:{key}", record, PAGE_SECONDS)
    return record, states


class CachedStates:
    """A cached replay's states by step number, each chunk fetched once when first needed; a
    chunk the cache has dropped is recovered by replaying once more."""

    def __init__(self, key, steps, scenario):
        self.key, self.steps, self.scenario = key, steps, scenario
        self.chunks = {}

    def __len__(self):
        return self.steps + 1

    def __getitem__(self, number):
        chunk = number // STATES_CHUNK
        if chunk not in self.chunks:
            kept = cache.get(f"scenario-states:{self.key}:{chunk}")
            if kept is None:
                cache.delete(f"scenario-replay:{self.key}")
                _, states = replayed(self.scenario, self.key)
                kept = states[chunk * STATES_CHUNK:(chunk + 1) * STATES_CHUNK]
            else:
                kept = pickle.loads(zlib.decompress(kept))
            self.chunks[chunk] = kept
        return self.chunks[chunk][number % STATES_CHUNK]


def card_notes(replay):
    """What the engine leaves out of the text of the cards a replay uses, for the editors who
    read its page (card text itself stays the card's own words)."""
    duel = replay.duel
    names = sorted({card.name for card in getattr(duel, "cards", {}).values()})
    found = [(name, duel.catalog.get(name)) for name in names]
    return [(name, card.note) for name, card in found if card is not None and card.note]
