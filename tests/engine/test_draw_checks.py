"""Effects that keep checking the cards drawn for some turns (`check_draws`, Deck Devastation
Virus): what an opponent draws is destroyed while the check lasts, the turn it began in does not
count, the controller's own draws are never checked, and a malformed check is refused when the
card loads."""
import textwrap

import pytest

from scenarios.engine import parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.primitives import check_card_spec
from scenarios.engine.rulesets import RULESETS

from .conftest import parameters

SOURCE = textwrap.dedent("""\
    slug: draw-check-probe
    format: core
    rule: core/chains#resolving-backwards
    title: A probe of a lasting check of drawn cards
    narrative: Player A activates a Virus; the turns go by.
    setup:
      turn: {{number: {turn}, player: {turn_player}, phase: main1}}
      players:
        A:
          lp: 8000
          monsters: [{{id: jinzo, card: Jinzo, position: attack}}]
          spell_trap: [{{id: virus, card: Deck Devastation Virus, face: down, set_turn: 1}}]
          deck: [{{id: a1, card: Sangan}}, {{id: a2, card: Sangan}}, {{id: a3, card: Sangan}},
                 {{id: a4, card: Sangan}}, {{id: a5, card: Sangan}}]
        B:
          lp: 8000
          deck: [{{id: b1, card: Sangan}}, {{id: b2, card: Blue-Eyes White Dragon}},
                 {{id: b3, card: Sangan}}, {{id: b4, card: Sangan}}, {{id: b5, card: Sangan}}]
    steps:
    {before}
      - {{player: A, activate: virus, select: {{tribute: jinzo}}}}
      - {{player: B, pass: true}}
      - {{player: A, pass: true}}
    {more}
    expect:
      turn: 1
    """)


def turns(count, first):
    """`count` end_turn steps from `first`'s turn, the players alternating."""
    order = [first, "B" if first == "A" else "A"]
    return "".join(f"  - {{player: {order[n % 2]}, end_turn: true}}\n" for n in range(count))


def probe(turn=3, turn_player="A", more=""):
    before = "  - {player: B, pass: true}  # B gives A priority" if turn_player == "B" else ""
    text = SOURCE.format(turn=turn, turn_player=turn_player, more=more.rstrip(), before=before)
    scenario = parse_scenario(text, "probe.yaml", RULESETS)
    return replay(scenario, ruleset_for("core"), default_catalog(), params=parameters("core"),
                  record_states=False, keep_going=True).duel


def zone(duel, card_id):
    return duel.card(card_id).zone


def test_the_opponents_low_atk_draws_are_destroyed_for_three_of_their_turns():
    # A's turn 3: activated. B draws b1 (turn 4), b2 (turn 6), b3 (turn 8), b4 (turn 10).
    duel = probe(more=turns(7, "A"))
    assert duel.turn == 10
    assert [zone(duel, c) for c in ("b1", "b2", "b3", "b4")] == \
        ["graveyard", "hand", "graveyard", "hand"]


def test_the_controllers_own_draws_are_never_checked():
    duel = probe(more=turns(6, "A"))
    assert zone(duel, "a1") == "hand" and zone(duel, "a2") == "hand"


def test_the_turn_it_is_activated_in_does_not_count():
    # A activates it in B's turn 4: B's turns 6, 8 and 10 are its three (counting turn 4, it
    # would be over before b3 is drawn in turn 10); b4, drawn in turn 12, stays.
    duel = probe(turn=4, turn_player="B", more=turns(8, "B"))
    assert duel.turn == 12
    assert [zone(duel, c) for c in ("b1", "b2", "b3", "b4")] == \
        ["graveyard", "hand", "graveyard", "hand"]
    assert duel.draw_checks == []


def test_without_a_check_nothing_watches_the_draws():
    duel = probe(more="")
    assert len(duel.draw_checks) == 1
    assert probe(turn=3, more=turns(8, "A")).draw_checks == []


@pytest.mark.parametrize("step, words", [
    ({"check_draws": {"filter": {"kind": "monster"}}}, "turns is a number of turns"),
    ({"check_draws": {"turns": 0}}, "turns is a number of turns"),
    ({"check_draws": {"turns": 3, "filter": "monsters"}}, "filter is a card filter"),
    ({"check_draws": {"turns": 3, "until": "forever"}}, "is {turns: N, filter: {...}}"),
    ({"check_draws": 3}, "is {turns: N, filter: {...}}"),
])
def test_a_malformed_draw_check_is_reported_when_the_card_loads(step, words):
    problem = check_card_spec({"resolve": [step]}) or ""
    assert "check_draws" in problem and words in problem
