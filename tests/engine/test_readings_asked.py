"""A replay records the wrong readings it asked about, and only those can change it.

Coverage replays each scenario under the readings it asked about alone (verification/deciding.py);
that is honest only if a reading never asked about leaves the replay exactly as it was.
"""
from scenarios.engine.rulesets import RULESETS

from .conftest import SCENARIO_FILES, run, scenario_at


def scenario(slug):
    return scenario_at(next(p for p in SCENARIO_FILES if p.stem == slug))


def test_a_replay_lists_the_readings_it_asked_about_from_its_rule_book():
    replay = run(scenario("royal-oppression-flipped-in-chain"), record_states=False)
    book = RULESETS["core"].RULES
    assert "continuous-trap-once:reactivation-allowed" in replay.readings_asked
    for reading in replay.readings_asked:
        rule, _, name = reading.partition(":")
        assert name in book[rule].mutations


def test_a_reading_never_asked_about_leaves_the_replay_as_it_was():
    for slug in ("royal-oppression-flipped-in-chain", "battle-royale-any-other-player-is-an-opponent",
                 "hidden-integration-proves-its-proper-material"):
        story = scenario(slug)
        plain = run(story, record_states=False)
        book = RULESETS[story.format].RULES
        unasked = [f"{rule}:{name}" for rule, entry in sorted(book.items())
                   for name in entry.mutations
                   if f"{rule}:{name}" not in plain.readings_asked][:40]
        assert unasked
        for reading in unasked:
            mutated = run(story, mutation=reading, record_states=False)
            assert (mutated.differences, mutated.rules) == (plain.differences, plain.rules), \
                f"{slug} under {reading}"


def test_a_reading_asked_in_a_refused_step_stays_asked():
    """A step refused while a summon is open is rolled back (Checkpoint), but what it asked
    about is kept: under that reading the step might not have been refused. In rule-9-rampart
    the refused move of a rampart is the only step that asks whether a rampart may move."""
    story = scenario("rule-9-rampart")
    assert "rampart-front-line:rampart-moves" in run(story, record_states=False).readings_asked
    assert run(story, mutation="rampart-front-line:rampart-moves",
               record_states=False).differences
