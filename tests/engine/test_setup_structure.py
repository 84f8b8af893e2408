"""The scenario setup's structure: more players where a format allows them (Tag Team Phalanx
teams of three), equips and counters on the table at the start in every format, cards held in a
Deck Master Position, and a Deck Master that starts on the field; and the errors, naming the
field, for a setup that cannot be."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS

from .conftest import parameters

HARNESS = textwrap.dedent("""\
    cards:
      - name: Iron Harness
        kind: spell
        subtype: equip
        activation:
          target: {card: monster, side: any, face: up}
          resolve: [{equip: target}]
        effects:
          - continuous: {stats: {atk: 700}, to: equipped}
    """)


def scenario_text(format_slug, players, steps="  - {player: A, phase: main2}\n", extra="",
                  turn="{number: 5, player: A, phase: main1}"):
    return (f"slug: setup-probe\nformat: {format_slug}\nrule: core/chains#resolving-backwards\n"
            f"title: A probe of the setup\nnarrative: The table as the setup lays it.\n{extra}"
            f"setup:\n  turn: {turn}\n  players:\n{textwrap.indent(players, '    ')}"
            f"steps:\n{steps}expect:\n  turn: 5\n")


def play(format_slug, players, **kwargs):
    scenario = parse_scenario(scenario_text(format_slug, players, **kwargs), "probe.yaml",
                              RULESETS)
    return replay(scenario, ruleset_for(format_slug), default_catalog(),
                  params=parameters(format_slug), record_states=False)


def refusal(format_slug, players, **kwargs):
    with pytest.raises(ScenarioError) as refused:
        play(format_slug, players, **kwargs)
    assert refused.value.file == "probe.yaml"
    return refused.value


# --- more players ---------------------------------------------------------------------------

SIX = "".join(f"{p}: {{team: {'X' if p in 'ABC' else 'Y'}, deck: 5}}\n" for p in "ABCDEF")


def test_tag_team_phalanx_takes_two_teams_of_three_in_rotation():
    steps = "".join(f"  - {{player: {p}, end_turn: true}}\n" for p in "ADBECF")
    duel = play("tag-team-phalanx", SIX, steps=steps).duel
    assert list(duel.players) == ["A", "D", "B", "E", "C", "F"]
    assert (duel.turn, duel.turn_player) == (11, "A")
    assert duel.players["A"].lp == duel.players["C"].lp == 15000


def test_a_duel_of_two_refuses_a_fifth_player_at_the_setup():
    players = "A: {lp: 8000, deck: 5}\nB: {lp: 8000, deck: 5}\nE: {lp: 8000, deck: 5}\n"
    assert refusal("core", players).field == "setup.players"


def test_a_seventh_player_is_no_player_name():
    players = SIX + "G: {team: Y, deck: 5}\n"
    error = refusal("tag-team-phalanx", players)
    assert error.field == "setup.players.G" and "C to F" in error.message


# --- equips and counters --------------------------------------------------------------------

EQUIPPED = ("A:\n  lp: 8000\n  deck: 5\n  monsters: [{id: sangan, card: Sangan, position: attack}]\n"
            "  spell_trap: [{id: harness, card: Iron Harness, equipped_to: sangan}]\n"
            "B: {lp: 8000, deck: 5}\n")


@pytest.mark.parametrize("format_slug, players", [
    ("core", EQUIPPED),
    ("deck-masters", EQUIPPED.replace("  deck: 5\n", "  deck: 5\n  deck_master: {card: Kuriboh}\n")
     .replace("B: {lp: 8000, deck: 5}", "B: {lp: 8000, deck: 5, deck_master: {card: Kuriboh}}")),
    ("thought-ruler-highlander", EQUIPPED),
    ("tag-team-phalanx", EQUIPPED.replace("lp: 8000", "team: X").replace("B: {team: X",
                                                                          "B: {team: X") +
     "C: {team: Y, deck: 5}\nD: {team: Y, deck: 5}\n"),
])
def test_a_card_equipped_at_the_start_gives_its_monster_its_gain_in_every_format(format_slug,
                                                                                 players):
    duel = play(format_slug, players, extra=HARNESS).duel
    assert duel.card("harness").host == "sangan"
    assert duel.effective_atk(duel.card("sangan")) == 1700
    assert duel.card_facts(duel.card("harness"))["host"] == "sangan"


@pytest.mark.parametrize("old, new, words", [
    ("equipped_to: sangan", "equipped_to: nobody", "no card of this scenario"),
    ("{id: sangan, card: Sangan, position: attack}", "{id: sangan, card: Sangan, face: down, "
     "position: defense}", "not a face-up monster"),
    ("monsters: [{id: sangan, card: Sangan, position: attack}]", "graveyard: [{id: sangan, "
     "card: Sangan}]", "not a face-up monster"),
    ("spell_trap: [{id: harness, card: Iron Harness, equipped_to: sangan}]",
     "hand: [{id: harness, card: Iron Harness, equipped_to: sangan}]", "Spell & Trap Zone"),
])
def test_an_equip_that_cannot_be_is_refused_at_its_equipped_to(old, new, words):
    players = EQUIPPED.replace(old, new)
    error = refusal("core", players, extra=HARNESS)
    assert error.field.endswith(".equipped_to") and words in error.message


def test_no_card_starts_equipped_to_a_deck_master_waiting_in_the_extra_monster_zone():
    players = EQUIPPED.replace("  deck: 5\n", "  deck: 5\n  deck_master: {id: garnet, card: "
                               "Gem-Knight Garnet}\n", 1).replace("equipped_to: sangan",
                                                                  "equipped_to: garnet")
    error = refusal("thought-ruler-highlander", players, extra=HARNESS)
    assert error.field == "setup.players.A.spell_trap[0].equipped_to"


def test_a_deck_master_may_start_with_counters():
    players = ("A: {lp: 8000, deck: 5, deck_master: {id: venom, card: Vennominaga the Deity of "
               "Poisonous Snakes, position: attack, counters: {hyper_venom: 2}}}\n"
               "B: {lp: 8000, deck: 5, deck_master: {card: Kuriboh}}\n")
    assert play("deck-masters", players).duel.card("venom").counters == {"hyper_venom": 2}


# --- Deck Master positions ------------------------------------------------------------------

def test_a_card_held_in_the_deck_master_position_starts_there_and_is_no_deck_master():
    players = ("A: {lp: 8000, deck: 5, deck_master: {id: gamma, card: Gamma the Magnet Warrior},"
               " held_in_position: [{id: held, card: Sangan}]}\n"
               "B: {lp: 8000, deck: 5, deck_master: {card: Kuriboh}}\n")
    duel = play("deck-masters", players).duel
    assert duel.zone_of("A", "deck_master") == ["gamma", "held"]
    assert not duel.is_deck_master(duel.card("held"))


@pytest.mark.parametrize("held, field", [
    ("[{id: held, card: Sangan, position: attack}]", "setup.players.A.held_in_position[0]"),
    ("[{id: held, card: Sangan, owner: B}]", "setup.players.A.held_in_position[0].owner"),
    ("[{id: held, card: Sangn}]", "setup.players.A.held_in_position[0].card"),
    ("[{id: gamma, card: Sangan}]", "setup.players.A.held_in_position[0].id"),
])
def test_a_held_card_that_cannot_be_is_refused_naming_its_field(held, field):
    players = ("A: {lp: 8000, deck: 5, deck_master: {id: gamma, card: Gamma the Magnet Warrior},"
               f" held_in_position: {held}}}\n"
               "B: {lp: 8000, deck: 5, deck_master: {card: Kuriboh}}\n")
    assert refusal("deck-masters", players).field == field


def test_only_deck_masters_has_a_position_to_hold_cards():
    players = ("A: {lp: 8000, deck: 5, held_in_position: [Sangan]}\n"
               "B: {lp: 8000, deck: 5}\n")
    error = refusal("thought-ruler-highlander", players)
    assert error.field == "setup.players.A.held_in_position" and "deck-masters" in error.message


def test_a_highlander_deck_master_may_start_on_the_field_leaving_the_zone_free():
    players = ("A: {lp: 8000, deck: 5, deck_master: {id: garnet, card: Gem-Knight Garnet, "
               "position: defense}}\nB: {lp: 8000, deck: 5}\n")
    duel = play("thought-ruler-highlander", players).duel
    garnet = duel.card("garnet")
    assert (garnet.zone, garnet.position) == ("monsters", "defense")
    assert duel.zone_of("A", "extra_monster_zone") == [] and duel.is_deck_master(garnet)


def test_a_deck_masters_position_is_attack_or_defense():
    players = ("A: {lp: 8000, deck: 5, deck_master: {card: Gem-Knight Garnet, position: up}}\n"
               "B: {lp: 8000, deck: 5}\n")
    error = refusal("thought-ruler-highlander", players)
    assert error.field == "setup.players.A.deck_master.position"
