"""Each format declares what it knows; a scenario using anything else is invalid.

A ruleset declares STEP_VERBS, CARD_FIELDS, PLAYER_FIELDS, SETUP_FIELDS and REASON_CODES
(scenarios/engine/vocabulary/). These tests hold the declarations to the engine's code: every
reason code the engine raises is declared by each ruleset that runs that code, nothing is
declared that its ruleset cannot raise, and every declared step has its handler.
"""
import ast
import inspect
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scenarios.engine import ScenarioError, load_scenario, parse_scenario
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.scenario import CARD_KEYS, PLAYER_KEYS, VERBS
from scenarios.engine.vocabulary import Reason

from .conftest import ROOT, SCENARIO_FILES
from .reason_sites import codes_raised_in, files_run_by

ENGINE = ROOT / "scenarios" / "engine"
FORMATS = sorted(RULESETS)
# Steps written `<verb>: true` (the others name a card).
FLAG_VERBS = {"pass", "end_turn", "concede", "pay_to_negate", "pendulum_summon", "join",
              "end_duel"}

PROBE = textwrap.dedent("""\
    slug: vocabulary-probe
    format: {format}
    rule: core/chains#resolving-backwards
    title: A probe of the format's vocabulary
    narrative: Player A passes.
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A:
          deck: 5
          hand: [{{id: c1, card: Sangan}}]
        B:
          deck: 5
    steps:
      - {{player: A, pass: true}}
    expect: {{}}
    """)


def probe(format_slug, old=None, new=None):
    text = PROBE.format(format=format_slug)
    if old is not None:
        assert text.count(old) == 1
        text = text.replace(old, new)
    return text


def error_of(text):
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(text, "probe.yaml", RULESETS)
    return raised.value


def line_of(text, needle):
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


# --- (a) the bundled scenarios -----------------------------------------------------------------

@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_scenario_uses_only_what_its_format_declares(path):
    load_scenario(path, formats=RULESETS)


def test_verify_passes_every_bundled_scenario():
    done = subprocess.run([sys.executable, "manage.py", "verify", "--no-record"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert f"{len(SCENARIO_FILES)} scenarios: {len(SCENARIO_FILES)} passed" in done.stdout


# --- (b) a scenario using what its format does not declare ----------------------------------

@pytest.mark.parametrize("format_slug", FORMATS)
def test_the_probe_is_valid_in_every_format(format_slug):
    parse_scenario(probe(format_slug), "probe.yaml", RULESETS)


@pytest.mark.parametrize("format_slug", FORMATS)
def test_an_undeclared_step_is_invalid(format_slug):
    verb = sorted(VERBS - RULESETS[format_slug].STEP_VERBS)[0]
    value = "true" if verb in FLAG_VERBS else "c1"
    text = probe(format_slug, "  - {player: A, pass: true}",
                 f"  - {{player: A, pass: true}}\n  - {{player: A, {verb}: {value}}}")
    error = error_of(text)
    assert (error.field, error.line) == (f"steps[1].{verb}", line_of(text, f"{verb}:"))
    assert f"'{verb}' is not a step of {format_slug}" in error.message


@pytest.mark.parametrize("format_slug", FORMATS)
def test_an_undeclared_card_field_is_invalid(format_slug):
    field = sorted(CARD_KEYS - RULESETS[format_slug].CARD_FIELDS)[0]
    text = probe(format_slug, "card: Sangan}", f"card: Sangan,\n             {field}: 1}}")
    error = error_of(text)
    assert (error.field, error.line) == (f"setup.players.A.hand[0].{field}",
                                         line_of(text, f"{field}: 1"))
    assert f"'{field}' is not a card field of {format_slug}" in error.message


@pytest.mark.parametrize("format_slug", FORMATS)
def test_an_undeclared_card_field_of_a_single_card_zone_is_invalid(format_slug):
    field = sorted(CARD_KEYS - RULESETS[format_slug].CARD_FIELDS)[0]
    text = probe(format_slug, "    B:\n",
                 f"    B:\n      monsters: {{id: m, card: Sangan, {field}: 1}}\n")
    error = error_of(text)
    assert (error.field, error.line) == (f"setup.players.B.monsters.{field}",
                                         line_of(text, "monsters:"))


@pytest.mark.parametrize("format_slug", FORMATS)
def test_an_undeclared_player_field_is_invalid(format_slug):
    key = sorted(PLAYER_KEYS - RULESETS[format_slug].PLAYER_FIELDS)[0]
    text = probe(format_slug, "    B:\n", f"    B:\n      {key}: 1\n")
    error = error_of(text)
    assert (error.field, error.line) == (f"setup.players.B.{key}", line_of(text, f"{key}: 1"))
    assert f"'{key}' is not a player field of {format_slug}" in error.message


@pytest.mark.parametrize("format_slug", FORMATS)
def test_an_undeclared_setup_field_is_invalid(format_slug):
    key = sorted({"teams", "mode", "setup_phase"} - RULESETS[format_slug].SETUP_FIELDS)[0]
    text = probe(format_slug, "  players:\n", f"  {key}: {{}}\n  players:\n")
    error = error_of(text)
    assert (error.field, error.line) == (f"setup.{key}", line_of(text, f"{key}:"))


@pytest.mark.parametrize("format_slug", FORMATS)
def test_a_reason_code_of_another_format_is_invalid(format_slug):
    others = set().union(*(r.REASON_CODES for r in RULESETS.values()))
    code = sorted(others - set(RULESETS[format_slug].REASON_CODES))[0]
    text = probe(format_slug, "pass: true}", f"pass: true, illegal: {code}}}")
    error = error_of(text)
    assert (error.field, error.line) == ("steps[0].illegal", line_of(text, "illegal:"))
    assert f"'{code}' is not a reason code of {format_slug} (it belongs to " in error.message


@pytest.mark.parametrize("format_slug", FORMATS)
def test_a_misspelt_reason_code_names_the_closest(format_slug):
    code = max(RULESETS[format_slug].REASON_CODES, key=len)
    text = probe(format_slug, "pass: true}", f"pass: true, illegal: {code[:-1]}}}")
    error = error_of(text)
    assert (error.field, error.line) == ("steps[0].illegal", line_of(text, "illegal:"))
    assert f"did you mean '{code}'?" in error.message


def test_a_reason_code_that_is_not_a_word_is_invalid():
    text = probe("core", "pass: true}", "pass: true, illegal: [a]}")
    error = error_of(text)
    assert (error.field, error.line) == ("steps[0].illegal", line_of(text, "illegal:"))


def test_without_formats_only_the_generic_checks_apply():
    text = probe("core", "  - {player: A, pass: true}", "  - {player: A, strike: c1}")
    assert parse_scenario(text, "probe.yaml").steps[0].verb == "strike"
    assert parse_scenario(text, "probe.yaml", formats={"core"}).steps[0].verb == "strike"


# --- (c) reason codes: declared where raised, raised where declared ----------------------------

def test_every_code_raised_anywhere_is_declared_by_a_ruleset_that_runs_it():
    declared = set().union(*(r.REASON_CODES for r in RULESETS.values()))
    run = set().union(*(files_run_by(r) for r in RULESETS.values()))
    for path in sorted(ENGINE.rglob("*.py")):
        codes = codes_raised_in(path)
        assert not codes or path in run, f"{path.name} raises codes but no ruleset runs it"
        assert codes <= declared, f"{path.name} raises undeclared {sorted(codes - declared)}"


@pytest.mark.parametrize("format_slug", FORMATS)
def test_a_ruleset_declares_exactly_the_codes_its_code_raises(format_slug):
    ruleset = RULESETS[format_slug]
    raised = set().union(*(codes_raised_in(p) for p in files_run_by(ruleset)))
    declared = set(ruleset.REASON_CODES)
    assert not raised - declared, f"raised but not declared: {sorted(raised - declared)}"
    assert not declared - raised, f"declared but never raised: {sorted(declared - raised)}"
    for code, meaning in ruleset.REASON_CODES.items():
        assert isinstance(meaning, str) and meaning.strip() and "\n" not in meaning, code


def test_every_reason_is_declared_by_some_format():
    declared = set().union(*(r.REASON_CODES for r in RULESETS.values()))
    assert set(Reason) == declared


# --- (d) steps and fields ---------------------------------------------------------------------

@pytest.mark.parametrize("format_slug", FORMATS)
def test_every_declared_step_has_its_handler(format_slug):
    ruleset = RULESETS[format_slug]
    for verb in ruleset.STEP_VERBS:
        assert callable(getattr(ruleset, f"do_{verb}", None)), f"{format_slug} has no do_{verb}"


def test_the_formats_together_know_every_step_and_card_field_a_file_may_name():
    steps = set().union(*(r.STEP_VERBS for r in RULESETS.values()))
    handled = {verb for verb in VERBS for r in RULESETS.values() if hasattr(r, f"do_{verb}")}
    assert handled <= steps <= VERBS  # a generic verb no ruleset handles ('reveal') stays out
    assert set().union(*(r.CARD_FIELDS for r in RULESETS.values())) == CARD_KEYS
    assert set().union(*(r.PLAYER_FIELDS for r in RULESETS.values())) <= PLAYER_KEYS


def test_format_fields_are_declared_only_where_a_format_reads_them():
    by_field = {field: sorted(slug for slug, r in RULESETS.items()
                              if field in r.CARD_FIELDS | r.PLAYER_FIELDS | r.SETUP_FIELDS)
                for field in ("line", "column", "deck_master", "terrains", "idle_warnings",
                              "joining", "team", "teams", "mode", "setup_phase",
                              "summons_this_turn")}
    assert by_field == {
        "line": ["tag-team-phalanx"], "column": ["kingdom-duels"],
        "deck_master": ["deck-masters", "thought-ruler-highlander"],
        "terrains": ["kingdom-duels"], "idle_warnings": ["kingdom-duels"],
        "joining": ["kingdom-duels"], "team": ["kingdom-duels", "tag-team-phalanx"],
        "teams": ["tag-team-phalanx"], "mode": ["kingdom-duels"],
        "setup_phase": ["kingdom-duels"], "summons_this_turn": ["thought-ruler-highlander"]}
