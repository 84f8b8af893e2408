"""Kingdom Duels rounds: one turn of each player still in the duel, opened by the first player."""
import textwrap

from scenarios.engine import parse_scenario, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.scenario import Action, build_duel

from .conftest import parameters


def duel_at(setup):
    text = textwrap.dedent("""\
        slug: rounds
        format: kingdom-duels
        rule: kingdom-duels/turn-structure#round-definition
        title: Rounds
        narrative: Turns pass.
        steps: []
        expect: {}
        """) + "setup:\n" + textwrap.indent(textwrap.dedent(setup), "  ")
    scenario = parse_scenario(text, "rounds.yaml")
    duel = ruleset_for("kingdom-duels")(default_catalog(), params=parameters("kingdom-duels"))
    return build_duel(scenario, duel)


def end_turn(duel):
    duel.perform(Action(verb="end_turn", player=duel.turn_player, line_ref=None))


def test_in_a_duel_of_two_the_round_opens_with_the_player_of_the_odd_turns():
    duel = duel_at("""\
        turn: {number: 4, player: A, phase: main1}
        players: {A: {deck: 5}, B: {deck: 5}}
        """)
    assert duel.teams.round_number() == 2 and duel.teams.round_opener == "B"
    end_turn(duel)
    assert (duel.turn, duel.turn_player, duel.teams.round_number()) == (5, "B", 3)
    end_turn(duel)
    assert (duel.turn, duel.teams.round_number()) == (6, 3)


def test_a_defeated_opener_hands_the_opening_to_the_next_player():
    duel = duel_at("""\
        mode: battle_royale
        turn: {number: 5, player: B, phase: main1}
        players: {A: {deck: 5}, B: {deck: 5}, C: {deck: 5}}
        """)
    assert duel.teams.round_number() == 2 and duel.teams.round_opener == "A"
    duel.change_lp({"A": -2000}, "test")
    assert duel.teams.out == ["A"] and duel.teams.round_opener == "B"
    end_turn(duel)
    assert (duel.turn_player, duel.teams.round_number()) == ("C", 2)
    end_turn(duel)
    assert (duel.turn_player, duel.teams.round_number()) == ("B", 3)
