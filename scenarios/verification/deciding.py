"""Which wrong readings of the rules decide a scenario: replayed under each, it comes out otherwise.

A scenario tests a rule only if a judge who misread that rule would get its outcome wrong:
citing a rule on the way is not testing it. So for each passing scenario the wrong readings
(`Rule.mutations`) its replay asked about are replayed one by one, and those whose replay
differs from the file's expectation decide it. Only the readings the plain replay asked about
(`Replay.readings_asked`) are tried: the engine is deterministic and a mutated replay goes
exactly as the plain one until the first time it asks about its reading, so a reading never
asked about cannot change anything. That brings the whole corpus down from some 67,000 mutated
replays to some 4,400 (about 10 seconds).

Where it is computed: when verdicts are recorded (`sync.record`: the verify and load commands,
the verification jobs, a scenario saved on the site), and stored on the scenario row
(`Scenario.decided_by`), so the coverage pages only read it. The result is kept per process,
keyed by the scenario's text, its format's parameters and the engine's version (everything a
replay depends on), so the test suite and repeated loads replay each scenario's readings once.
"""
import hashlib
import json

from scenarios.engine.cards import default_catalog
from scenarios.engine.replay import replay
from scenarios.engine.version import engine_version

# {key of (source, parameters, engine): [readings]}; emptied when it grows past CACHE_SIZE.
_CACHE = {}
CACHE_SIZE = 4096


def decided_by(verdict):
    """The wrong readings ("rule:reading") under which the scenario of a passing verdict comes
    out otherwise than its file expects, sorted; [] for a verdict that does not pass (a failing,
    invalid or expected-to-fail scenario tests no rule)."""
    result = verdict.replay
    if verdict.status != "passed" or result is None or verdict.scenario is None:
        return []
    duel = result.duel
    params = dict(duel.params)
    key = _key(verdict.scenario, params)
    if key not in _CACHE:
        if len(_CACHE) >= CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = [reading for reading in result.readings_asked
                       if replay(verdict.scenario, type(duel), default_catalog(), params=params,
                                 mutation=reading, record_states=False).differences]
    return list(_CACHE[key])


def _key(scenario, params):
    digest = hashlib.sha256()
    digest.update((scenario.source or "").encode("utf-8"))
    digest.update(json.dumps(params, sort_keys=True, default=str).encode("utf-8"))
    digest.update(engine_version().encode())
    return digest.hexdigest()


def deciding_anchors(readings, rule_book):
    """The rule anchors the readings belong to, in order, once each."""
    anchors = []
    for reading in readings:
        rule = rule_book.get(reading.partition(":")[0])
        if rule is not None and rule.anchor not in anchors:
            anchors.append(rule.anchor)
    return anchors
