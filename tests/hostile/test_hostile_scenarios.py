"""Hostile scenario files: 10,000 generated in-process fail only in the engine's own words, and
quickly; `verify` turns any problem in one file into an `invalid` verdict and goes on."""
import json
import os
import time

import pytest
from django.core.management import call_command

from scenarios.engine import ScenarioError, parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.scenario import MAX_CARDS, MAX_DECK, MAX_LP, MAX_STEPS
from scenarios.engine.yamlsource import Limits
from tests.engine.conftest import SCENARIO_FILES, parameters
from tests.engine.hostile import ALIAS_BOMB, hostile_files
from tests.engine.test_bad_input import GOOD

FUZZ_FILES = int(os.environ.get("HOSTILE_FILES", 10_000))
CATALOG = default_catalog()


def replay_text(text):
    scenario = parse_scenario(text, "hostile.yaml", RULESETS)
    return replay(scenario, ruleset_for(scenario.format), CATALOG,
                  params=parameters(scenario.format), record_states=False)


def error_of(text):
    with pytest.raises(ScenarioError) as raised:
        replay_text(text)
    return raised.value


CHUNKS = 5
HANG_SECONDS = 10.0


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_ten_thousand_hostile_files_raise_only_scenario_errors_and_none_hangs(chunk):
    """FUZZ_FILES files in all (HOSTILE_FILES=... to change), in CHUNKS seeded parts."""
    sources = [p.read_text(encoding="utf-8") for p in SCENARIO_FILES]
    slowest, count, invalid = (0.0, None), 0, 0
    size = FUZZ_FILES // CHUNKS
    for text in hostile_files(sources, size, seed=20240611 + chunk):
        started = time.process_time()  # CPU time: other processes on the machine do not count
        try:
            replay_text(text)
        except ScenarioError:
            invalid += 1
        except Exception as error:  # noqa: BLE001 - the point is that nothing else escapes
            pytest.fail(f"{type(error).__name__}: {error}\n--- file ---\n{text!r}"[:4000])
        took = time.process_time() - started
        slowest = max(slowest, (took, text), key=lambda pair: pair[0])
        count += 1
    assert count == size and invalid > size // 2
    # A guard against a hang, not a speed target (the usual file takes milliseconds): CPU time
    # still grows when other processes share the cores, so the bound leaves room for that.
    assert slowest[0] < HANG_SECONDS, f"{slowest[0]:.2f} s for:\n{slowest[1]!r}"[:4000]


# --- each defect the attacker found, one by one ------------------------------------------

def test_a_yaml_alias_bomb_is_refused_at_once():
    started = time.process_time()
    error = error_of(ALIAS_BOMB + GOOD)
    assert "aliases" in error.message and error.line == 2 and error.field == "yaml"
    assert time.process_time() - started < 0.5


@pytest.mark.parametrize("depth", [40, 5000, 1_000_000 // 2 - 10])
def test_deep_nesting_is_refused_without_recursion(depth):
    error = error_of(GOOD + "x: " + "[" * depth + "]" * depth + "\n")
    assert ("nested" in error.message or "longer" in error.message) and error.field == "yaml"


def test_a_file_that_is_not_utf8_is_a_clear_error(tmp_path):
    error = error_of(GOOD.encode() + b"narrative2: \xff\xfe\n")
    assert "not UTF-8" in error.message and error.line == 23


def test_a_huge_file_is_refused():
    error = error_of(GOOD + "#" * (Limits.max_chars + 1) + "\n")
    assert "longer than" in error.message


@pytest.mark.parametrize("old, new, field, words", [
    ("deck: 5\n    B:", "deck: 100000000\n    B:", "setup.players.A.deck", f"0 to {MAX_DECK}"),
    ("lp: 8000\n      hand", "lp: [500]\n      hand", "setup.players.A.lp", "whole number"),
    ("lp: 8000\n      hand", f"lp: {MAX_LP + 1}\n      hand", "setup.players.A.lp", "0 to"),
    ("lp: 8000\n      hand", "lp: .inf\n      hand", "yaml", "finite"),
    ("lp: 8000\n      hand", "lp: 100000000000000000000000\n      hand", "yaml", "out of range"),
    ("card: Pot of Greed", "card: [Summoned Skull]", "setup.players.A.hand[0].card",
     "card cannot be a list: it is a card name"),
    ("{player: A, activate: pot}", "{player: A, activate: pot, to: [E]}", "steps[0].to", "to"),
    ("{player: A, activate: pot}", "{player: A, activate: pot, choose: [x]}", "steps[0].choose",
     "choose"),
    ("{player: A, activate: pot}", "{player: A, activate: pot, targets: [[x]]}",
     "steps[0].targets[0]", "targets[0] cannot be a list: it is a card id"),
    ("number: 3,", "number: 99999999999,", "yaml", "out of range"),
    ("number: 3,", "number: 100000,", "setup.turn.number", "it is a turn number from 0 to"),
])
def test_setup_and_step_fields_are_type_checked_and_bounded(old, new, field, words):
    assert old in GOOD
    error = error_of(GOOD.replace(old, new, 1))
    assert error.field == field and words in error.message, str(error)


def test_too_many_steps_and_cards_are_refused():
    steps = "".join("  - {player: A, pass: true}\n" for _ in range(MAX_STEPS + 1))
    error = error_of(GOOD.replace("expect:", "x-expect:").split("steps:")[0] + "steps:\n" + steps
                     + "expect: {}\n")
    assert error.field == "steps" and str(MAX_STEPS) in error.message
    hand = ", ".join(["Sangan"] * (MAX_CARDS + 1))
    error = error_of(GOOD.replace("deck: 5\n    B:", f"deck: 5\n      graveyard: [{hand}]\n    B:"))
    assert str(MAX_CARDS) in error.message


def test_a_wrong_phalanx_line_is_a_scenario_error_not_a_key_error():
    path = next(p for p in SCENARIO_FILES if p.name == "rule-5-shared-front-line.yaml")
    text = path.read_text().replace("to: back", "to: E")
    assert "to: E" in text
    error = error_of(text)
    assert error.field.endswith(".to") and "front or back" in error.message


def test_a_kingdom_team_that_is_a_list_is_a_scenario_error():
    path = next(p for p in SCENARIO_FILES if "kingdom" in str(p) and "team: X" in p.read_text())
    error = error_of(path.read_text().replace("team: X", "team: [X]", 1))
    assert error.field.endswith(".team")


# --- verify: one bad file is one invalid verdict, the run goes on ------------------------

@pytest.fixture
def scenario_dir(tmp_path):
    """A writable copy of the core scenarios."""
    import shutil

    from django.conf import settings
    shutil.copytree(settings.SCENARIOS_DIR / "core", tmp_path / "data" / "core")
    return tmp_path / "data"


def verify(*args):
    with pytest.raises(SystemExit) as exit_:
        call_command("verify", "--no-record", "--json", *args)
    return exit_.value.code


def test_verify_reports_hostile_files_as_invalid_and_keeps_the_rest(db, scenario_dir, capsys):
    core = scenario_dir / "core"
    good = len(list(core.glob("*.yaml")))
    (core / "bomb.yaml").write_text(ALIAS_BOMB + GOOD)
    (core / "deep.yaml").write_text(GOOD + "x: " + "[" * 100_000 + "]" * 100_000 + "\n")
    (core / "latin1.yaml").write_bytes(GOOD.encode() + b"title2: caf\xe9\n")
    (core / "huge-deck.yaml").write_text(GOOD.replace("deck: 5", "deck: 100000000"))
    (core / "dir.yaml").mkdir()
    assert verify(str(scenario_dir)) == 2
    report = json.loads(capsys.readouterr().out)
    statuses = {s["slug"]: s["status"] for s in report["scenarios"]}
    assert report["invalid"] == 5 and report["passed"] == good, statuses
    assert all(statuses[name] == "invalid" for name in ("bomb", "deep", "latin1", "dir"))


def test_an_exception_inside_a_replay_is_an_invalid_verdict_with_its_type(
        db, scenario_dir, capsys, monkeypatch):
    from scenarios.engine.duel import Duel

    def broken(self, action):
        raise StopIteration("the engine tripped")

    monkeypatch.setattr(Duel, "perform", broken)
    assert verify(str(scenario_dir)) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["invalid"] == report["total"] > 20
    assert "StopIteration: the engine tripped" in report["scenarios"][0]["message"]
