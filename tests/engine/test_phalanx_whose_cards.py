"""Whose cards a card text counts in Tag Team Phalanx: "you control" is the player's own cards,
"your opponent controls" every opposing player's, and a teammate's cards are neither (Rule 14,
the site's reading); an amount counted for "each player" counts a team's players together
(Rule 1); a teammate's Graveyard pays no cost (Rule 12). Also: the `unaffected:spell` flag
applies in every format, not only in Deck Masters."""
import textwrap

from scenarios.engine import parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS

from .conftest import parameters

HEADER = ("rule: tag-team-phalanx/players-and-their-cards#rule-14-whose-cards-in-card-text\n"
          "title: A probe\nnarrative: A card reads whose cards it counts.\n")
CARDS = textwrap.dedent("""\
    cards:
      - {name: Probe Wolf, kind: monster, subtype: normal, attribute: EARTH, race: Beast,
         level: 4, atk: 1600, def: 1000}
      - name: Probe Howl
        kind: spell
        subtype: continuous
        effects:
          - continuous: {stats: {atk: 500}, to: {side: own, race: Beast}}
      - name: Probe Curse
        kind: spell
        subtype: continuous
        effects:
          - continuous: {stats: {atk: -500}, to: {side: opponent, race: Beast}}
      - name: Probe Levy
        kind: spell
        subtype: normal
        activation:
          resolve:
            - destroy_all: monsters
            - damage: {to: both, amount: {per: destroyed, side: their, each: 100}}
      - name: Probe Rite
        kind: spell
        subtype: normal
        activation:
          cost: [{banish: {from: graveyard}}]
          resolve: [{draw: 1}]
    """)


def phalanx(players, steps=("{player: A, phase: main2}",), mutation=None):
    """Replay a Phalanx duel in A's Main Phase 1 of turn 5 (players: name -> YAML fields)."""
    teams = {"A": "X", "B": "X", "C": "Y", "D": "Y"}
    lines = [f"    {p}: {{team: {teams[p]}, deck: 5{', ' + players[p] if p in players else ''}}}"
             for p in "ACBD"]
    text = ("slug: probe\nformat: tag-team-phalanx\n" + HEADER + CARDS +
            "setup:\n  turn: {number: 5, player: A, phase: main1}\n  players:\n" +
            "\n".join(lines) + "\nsteps:\n" + "".join(f"  - {s}\n" for s in steps) +
            "expect: {turn: 5}\n")
    scenario = parse_scenario(text, "probe.yaml", formats={"tag-team-phalanx"})
    return replay(scenario, RULESETS["tag-team-phalanx"], default_catalog(),
                  params=parameters("tag-team-phalanx"), mutation=mutation, keep_going=True)


WOLVES = {"A": "monsters: [{id: mine, card: Probe Wolf, position: attack}]",
          "B": "monsters: [{id: mate, card: Probe Wolf, position: attack}]",
          "C": "monsters: [{id: rival, card: Probe Wolf, position: attack}]",
          "D": "monsters: [{id: other, card: Probe Wolf, position: attack}]"}


def atk(result, card_id):
    return result.duel.effective_atk(result.duel.card(card_id))


def test_your_monsters_leave_out_a_teammates_monster():
    result = phalanx({**WOLVES, "A": WOLVES["A"] + ", spell_trap: [{id: howl, card: Probe Howl}]"})
    assert [atk(result, c) for c in ("mine", "mate", "rival")] == [2100, 1600, 1600]


def test_your_monsters_take_in_the_teammate_under_shared_control():
    result = phalanx({**WOLVES, "A": WOLVES["A"] + ", spell_trap: [{id: howl, card: Probe Howl}]"},
                     mutation="teammate-control:shared-control")
    assert atk(result, "mate") == 2100


def test_your_opponents_monsters_are_both_opponents_and_never_the_teammate():
    result = phalanx({**WOLVES, "A": WOLVES["A"] + ", spell_trap: [{id: curse, card: Probe Curse}]"})
    assert [atk(result, c) for c in ("mine", "mate", "rival", "other")] == [1600, 1600, 1100, 1100]


def test_wrong_readings_of_the_opposing_team():
    board = {**WOLVES, "A": WOLVES["A"] + ", spell_trap: [{id: curse, card: Probe Curse}]"}
    as_opponent = phalanx(board, mutation="opposing-team:teammate-as-opponent")
    one = phalanx(board, mutation="opposing-team:one-opponent")
    assert atk(as_opponent, "mate") == 1100
    assert (atk(one, "rival"), atk(one, "other")) == (1100, 1600)


def test_damage_for_each_players_destroyed_monsters_counts_the_whole_team():
    result = phalanx({**WOLVES, "A": "hand: [{id: levy, card: Probe Levy}], " + WOLVES["A"],
                      "D": "monsters: [{id: o1, card: Probe Wolf, position: attack},"
                           " {id: o2, card: Probe Wolf, position: attack}]"},
                     ["{player: A, activate: levy}", "{player: C, pass: true}",
                      "{player: B, pass: true}", "{player: D, pass: true}",
                      "{player: A, pass: true}"])
    lp = result.outcome["team_lp"]
    assert (lp["X"], lp["Y"]) == (15000 - 200, 15000 - 300)


def test_a_teammates_graveyard_cannot_pay_a_banish_cost():
    result = phalanx({"A": "hand: [{id: rite, card: Probe Rite}], graveyard: [{id: own, card: Probe Wolf}]",
                      "B": "graveyard: [{id: theirs, card: Probe Wolf}]"},
                     ["{player: A, activate: rite, select: {banish: theirs}}",
                      "{player: A, activate: rite, select: {banish: own}}"])
    assert [step.reason for step in result.steps] == ["cannot_pay_cost", None]


def test_a_teammates_graveyard_pays_under_the_wrong_reading():
    result = phalanx({"A": "hand: [{id: rite, card: Probe Rite}]",
                      "B": "graveyard: [{id: theirs, card: Probe Wolf}]"},
                     ["{player: A, activate: rite, select: {banish: theirs}}"],
                     mutation="teammate-areas:teammate-graveyard-usable")
    assert [step.reason for step in result.steps] == [None]


def test_unaffected_by_spells_holds_in_the_core_game():
    text = textwrap.dedent("""\
        slug: probe
        format: core
        rule: core/chains#costs-at-activation
        title: A probe
        narrative: A Spell destroys every monster.
        cards:
          - name: Probe Storm
            kind: spell
            subtype: normal
            activation:
              resolve: [{destroy_all: monsters}]
          - {name: Probe Sphinx, kind: monster, subtype: normal, attribute: EARTH, race: Rock,
             level: 4, atk: 1000, def: 1000, flags: ["unaffected:spell"]}
        setup:
          turn: {number: 3, player: A, phase: main1}
          players:
            A: {lp: 8000, deck: 5, hand: [{id: storm, card: Probe Storm}]}
            B: {lp: 8000, deck: 5, monsters: [{id: sphinx, card: Probe Sphinx, position: attack},
                                              {id: snake, card: Venom Snake, position: attack}]}
        steps:
          - {player: A, activate: storm}
          - {player: B, pass: true}
          - {player: A, pass: true}
        expect: {turn: 3}
        """)
    scenario = parse_scenario(text, "probe.yaml", formats={"core"})
    result = replay(scenario, RULESETS["core"], default_catalog(), params=parameters("core"))
    assert result.duel.card("sphinx").zone == "monsters"
    assert result.duel.card("snake").zone == "graveyard"
