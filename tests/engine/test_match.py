"""The Match around a Duel (scenarios/engine/match.py): earlier Duels in the setup, the score
and the Match's winner as an outcome, and a clear error for an earlier Duel the file gets wrong."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.match import match_decided
from scenarios.engine.rulesets import RULESETS, ruleset_for

from .conftest import ROOT, parameters

SOURCE = textwrap.dedent("""\
    slug: match-probe
    format: core
    rule: core/ending-the-game#match-of-three-duels
    title: Victory Dragon attacks directly
    narrative: Player B is at 2000 LP and Victory Dragon attacks directly.
    setup:
    {match}
      turn: {{number: 7, player: A, phase: battle}}
      players:
        A:
          lp: 8000
          monsters: [{{id: victory, card: Victory Dragon, position: attack}}]
          deck: 5
        B:
          lp: {lp}
          deck: 5
    steps:
      - {{player: A, attack: victory, target: direct}}
      - {{player: A, pass: true}}
      - {{player: B, {last}}}
    expect:
      lp: {{A: 8000}}
    """)


def source(match="", lp=2000, last="pass: true"):
    return SOURCE.format(match=textwrap.indent(match, "  "), lp=lp, last=last)


def parsed(text):
    return parse_scenario(text, "match.yaml", RULESETS)


def replayed(text, mutation=None):
    scenario = parsed(text)
    return replay(scenario, ruleset_for(scenario.format), default_catalog(),
                  params=parameters(scenario.format), mutation=mutation)


def match_of(text, mutation=None):
    return replayed(text, mutation).outcome["match"]


def error_of(text):
    with pytest.raises(ScenarioError) as raised:
        replayed(text)
    return raised.value


# --- the score and the winner ----------------------------------------------------------------

def test_a_duel_without_a_match_is_the_first_duel_and_decides_nothing_on_the_score():
    # A Duel lost to a normal monster: B at 8000 LP is not brought to 0, so no one wins yet.
    assert match_of(source(lp=8000)) == {"score": {"A": 0, "B": 0}, "winner": "none"}


def test_victory_dragon_wins_the_match_whatever_the_score():
    got = match_of(source("match:\n  duels: [{winner: B}]"))
    assert got == {"score": {"A": 1, "B": 1}, "winner": "A"}


def test_a_second_duel_win_wins_the_match():
    result = replayed(source("match:\n  duels: [{winner: A}]", last="concede: true"))
    assert result.outcome["result"] == {"winner": "A", "reason": "concession", "match": True}
    assert result.outcome["match"] == {"score": {"A": 2, "B": 0}, "winner": "A"}


def test_a_first_duel_win_does_not_win_the_match():
    result = replayed(source(last="concede: true"))
    assert result.outcome["match"] == {"score": {"A": 1, "B": 0}, "winner": "none"}


def test_conceding_the_match_ends_it_whatever_the_score():
    got = match_of(source("match:\n  duels: [{winner: B}]", last="concede: true, choose: match"))
    assert got == {"score": {"A": 1, "B": 1}, "winner": "A"}


def test_conceding_the_duel_by_name_is_conceding_the_duel():
    got = match_of(source("match:\n  duels: [{winner: B}]", last="concede: true, choose: duel"))
    assert got == {"score": {"A": 1, "B": 1}, "winner": "none"}


def test_a_draw_scores_for_nobody():
    assert match_decided(["A", None, None], ("A", "B"), draws_score=False,
                         run_to_three=False) is None
    assert match_decided(["A", None], ("A", "B"), draws_score=True, run_to_three=False) == "A"


def test_two_wins_decide_the_match_unless_it_must_run_to_three_duels():
    assert match_decided(["B", "B"], ("A", "B"), draws_score=False, run_to_three=False) == "B"
    assert match_decided(["B", "B"], ("A", "B"), draws_score=False, run_to_three=True) is None
    assert match_decided(["B", "B", "A"], ("A", "B"), draws_score=False, run_to_three=True) == "B"


def test_the_wrong_reading_of_the_score_keeps_the_match_open():
    text = source("match:\n  duels: [{winner: A}]", last="concede: true")
    assert match_of(text, "match-score:three-duels-always")["winner"] == "none"


def test_the_match_is_compared_side_by_side():
    text = source("match:\n  duels: [{winner: A}]", last="concede: true").replace(
        "lp: {A: 8000}", "match: {score: {A: 2}, winner: B}")
    differences = [str(d) for d in replayed(text).differences]
    assert differences == ["match.winner: expected 'B', got 'A'"]


# --- bad input ---------------------------------------------------------------------------------

def test_an_earlier_duel_won_by_no_player_is_refused_at_its_field():
    error = error_of(source("match:\n  duels: [{winner: C}]"))
    assert error.field == "setup.match.duels[0].winner"
    assert "'C' cannot win a Duel here" in error.message and error.line == 8  # the line of duels:


def test_earlier_duels_that_already_decided_the_match_are_refused():
    error = error_of(source("match:\n  duels: [{winner: A}, {winner: A}]"))
    assert error.field == "setup.match.duels[1]"
    assert "A had already won the Match after Duel 2" in error.message


def test_a_duel_with_a_winner_and_a_draw_is_refused():
    error = error_of(source("match:\n  duels: [{winner: A, draw: true}]"))
    assert error.field == "setup.match.duels[0]" and "not both" in error.message


@pytest.mark.parametrize("match, field, words", [
    ("match:\n  duels: [{winer: A}]", "setup.match.duels[0]", "unknown field 'winer'"),
    ("match:\n  duels: [{}]", "setup.match.duels[0]", ""),
    ("match:\n  duels: [{winner: A}, {winner: B}, {draw: true}]", "setup.match.duels",
     "at most two are played"),
    ("match:\n  played: []", "setup.match", "unknown match field 'played'"),
    ("match: [A]", "setup.match", ""),
])
def test_a_match_of_the_wrong_shape_is_refused_naming_the_field(match, field, words):
    with pytest.raises(ScenarioError) as raised:
        parsed(source(match))
    assert raised.value.field.startswith(field), raised.value.field
    assert words in raised.value.message


def test_conceding_something_else_than_the_duel_or_the_match_is_a_script_error():
    error = error_of(source(last="concede: true, choose: game"))
    assert error.field == "steps[2].choose"
    assert "concedes the duel or the match, not 'game'" in error.message


def test_an_unknown_match_expectation_is_refused():
    with pytest.raises(ScenarioError) as raised:
        parsed(source().replace("lp: {A: 8000}", "match: {score: {A: 1}, champion: A}"))
    assert "unknown match expectation 'champion'" in raised.value.message


def test_a_phalanx_player_concedes_the_match_for_the_team():
    text = (ROOT / "scenarios/data/tag-team-phalanx/team-wins-the-match-with-its-second-duel.yaml"
            ).read_text(encoding="utf-8")
    text = text.replace("duels: [{winner: Y}]", "duels: [{winner: X}]").replace(
        "  - {player: D, attack: cyber, target: direct}\n", "").replace(
        "  - {player: D, pass: true}\n  - {player: A, pass: true}\n  - {player: C, pass: true}\n"
        "  - {player: B, pass: true}\n", "  - {player: D, concede: true, choose: match}\n")
    result = replayed(text)
    assert result.outcome["result"] == {"winner": "X", "reason": "concession", "match": True,
                                        "players": ["A", "B"]}
    assert result.outcome["match"] == {"score": {"X": 2, "Y": 0}, "winner": "X"}


def test_an_earlier_phalanx_duel_is_won_by_a_team_not_a_player():
    text = (ROOT / "scenarios/data/tag-team-phalanx/team-wins-the-match-with-its-second-duel.yaml"
            ).read_text(encoding="utf-8").replace("duels: [{winner: Y}]", "duels: [{winner: C}]")
    error = error_of(text)
    assert error.field == "setup.match.duels[0].winner" and "the sides: X, Y" in error.message
