"""The wrong readings that decide a scenario: those under which its outcome changes."""
from django.conf import settings

from scenarios.verification import deciding
from scenarios.verification.article_parameters import bundled_parameters
from scenarios.verification.deciding import decided_by
from scenarios.verification.verifier import Verifier

KD = "kingdom-duels"
STRIKE = settings.SCENARIOS_DIR / KD / "strike-once-per-turn.yaml"


def verifier():
    return Verifier(parameters={KD: bundled_parameters(KD)})


def test_the_readings_that_change_a_scenario_decide_it_and_no_others():
    verdict = verifier().verify_file(STRIKE, record_states=False)
    found = decided_by(verdict)
    assert "kd-strike-timing:per-monster" in found  # the rule it names
    assert "kd-strike-timing:any-main-phase" not in found  # asked about, changes nothing
    for reading in verdict.replay.readings_asked:
        changed = bool(verifier().replay(verdict.scenario, reading, record_states=False)
                       .differences)
        assert changed == (reading in found), reading


def test_a_scenario_that_does_not_pass_is_decided_by_nothing():
    text = STRIKE.read_text().replace("terrains: {B: [Land, Forest,", "terrains: {B: [Land, Land,")
    verdict = verifier().verify_source(text, str(STRIKE), record_states=False)
    assert verdict.status == "failed"
    assert decided_by(verdict) == []


def test_a_scenario_is_replayed_under_its_readings_once_per_process(monkeypatch):
    verdict = verifier().verify_file(STRIKE, record_states=False)
    first = decided_by(verdict)

    def no_replay(*args, **kwargs):
        raise AssertionError("replayed again")

    monkeypatch.setattr(deciding, "replay", no_replay)
    assert decided_by(verifier().verify_file(STRIKE, record_states=False)) == first
