"""The card language's effects on Decks, hands and many cards or players at once: milling,
sending several chosen cards from the Deck, shuffling a hand card into the Deck, the hand-size
condition, turning every monster face-down, damage counted for each player, and what a
"destroy all" remembers of each card it destroyed."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.primitives import check_card_spec
from scenarios.engine.scenario import scripted_selections

from .conftest import parameters

SOURCE = textwrap.dedent("""\
    slug: deck-effect-probe
    format: {format}
    rule: core/chains#resolving-backwards
    title: A probe of one effect
    narrative: Player A plays a card defined for this probe.
    cards:
      - name: Probe Card
        kind: spell
        subtype: normal
        activation:
    {activation}
      - {{name: Sturdy Probe, kind: monster, subtype: effect, attribute: EARTH, race: Rock,
         level: 4, atk: 1200, def: 2000,
         effects: [{{continuous: {{cannot_be_destroyed: {{by: effect}}}}}}]}}
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A:
          lp: {lp_a}
          deck: [{{id: a1, card: Sangan}}, {{id: a2, card: Venom Snake}}, {{id: a3, card: Sangan}}]
          hand: [{{id: probe, card: Probe Card}}{hand_a}]
          monsters: {monsters_a}
        B:
          lp: {lp_b}
          deck: [{{id: b1, card: Venom Snake}}, {{id: b2, card: Sangan}}, {{id: b3, card: Venom Snake}}]
          hand: [{{id: bh1, card: Sangan}}, {{id: bh2, card: Venom Snake}}]
          monsters: {monsters_b}
    steps:
      - {{player: A, activate: probe{select}}}
      - {{player: B, pass: true}}
      - {{player: A, pass: true}}
    expect:
      turn: 3
    """)


def probe(resolve, *, when="", select="", hand_a="", lp_a=8000, lp_b=8000,
          monsters_a="[]", monsters_b="[]", format="core"):
    """Replay the probe card whose activation resolves `resolve` (YAML steps)."""
    activation = ("      when: " + when + "\n" if when else "") + "      resolve:\n" + \
        "".join(f"      - {step}\n" for step in resolve)
    text = SOURCE.format(format=format, activation=activation.rstrip(),
                         select=select, hand_a=hand_a, lp_a=lp_a, lp_b=lp_b,
                         monsters_a=monsters_a, monsters_b=monsters_b)
    scenario = parse_scenario(text, "probe.yaml", {format})
    return replay(scenario, ruleset_for(format), default_catalog(), params=parameters(format),
                  keep_going=True)


def zone(result, player, name):
    return list(result.duel.zone_of(player, name))


# --- mill ---------------------------------------------------------------------------------

def test_mill_sends_the_top_cards_of_the_named_players_deck_in_order():
    result = probe(["{mill: {who: opponent, count: 2}}"])
    assert zone(result, "B", "graveyard") == ["b1", "b2"]
    assert zone(result, "B", "deck") == ["b3"] and zone(result, "A", "deck") == ["a1", "a2", "a3"]


def test_mill_of_more_cards_than_the_deck_holds_sends_them_all_and_nobody_loses():
    result = probe(["{mill: {who: both, count: 5}}"])
    assert zone(result, "A", "deck") == [] and zone(result, "B", "deck") == []
    assert len(zone(result, "B", "graveyard")) == 3 and result.duel.result is None


def test_an_amount_per_milled_card_counts_the_cards_sent():
    result = probe(["{mill: {who: opponent, count: 2}}",
                    "{damage: {to: opponent, amount: {per: milled, each: 300}}}"])
    assert result.duel.players["B"].lp == 8000 - 600


# --- several chosen cards from the Deck ---------------------------------------------------

def test_send_from_deck_with_a_count_sends_each_chosen_card():
    result = probe(["{send_from_deck: {count: 2, filter: {kind: monster}}}"],
                   select=", select: {send: [a3, a1]}")
    assert zone(result, "A", "graveyard")[:2] == ["a3", "a1"]
    assert zone(result, "A", "deck") == ["a2"]


def test_send_from_deck_refuses_fewer_cards_than_its_count():
    result = probe(["{send_from_deck: {count: 2}}"], select=", select: {send: a1}")
    refused = [step for step in result.steps if step.reason]
    assert [step.reason for step in refused] == ["invalid_selection"]
    assert zone(result, "A", "deck") == ["a1", "a2", "a3"]


def test_send_from_deck_refuses_a_card_of_another_players_deck():
    result = probe(["{send_from_deck: {count: 2}}"], select=", select: {send: [a1, b1]}")
    assert [step.reason for step in result.steps if step.reason] == ["invalid_selection"]


def test_a_list_in_select_becomes_numbered_choices_in_its_order():
    assert scripted_selections({"send": ["x", "y"], "summon": 7}) == \
        {"send": "x", "send 2": "y", "summon": "7"}


# --- shuffling a hand card into the Deck -------------------------------------------------

def test_shuffle_into_deck_puts_the_chosen_hand_card_into_its_owners_deck():
    result = probe(["{shuffle_into_deck: {who: opponent}}"], select=", select: {shuffle: bh2}")
    assert zone(result, "B", "hand") == ["bh1"]
    assert sorted(zone(result, "B", "deck")) == ["b1", "b2", "b3", "bh2"]


def test_shuffle_into_deck_refuses_a_card_from_another_hand():
    result = probe(["{shuffle_into_deck: {who: opponent}}"], select=", select: {shuffle: a1}")
    assert [step.reason for step in result.steps if step.reason] == ["invalid_selection"]
    assert zone(result, "B", "hand") == ["bh1", "bh2"]


# --- the hand-size condition ------------------------------------------------------------

def test_hand_size_does_not_count_the_card_being_activated():
    result = probe(["{draw: 1}"], when="[{hand_size: {who: self, max: 0}}]")
    assert not [step for step in result.steps if step.reason]
    assert zone(result, "A", "hand") == ["a1"]


def test_hand_size_refuses_the_activation_when_the_hand_is_too_big():
    result = probe(["{draw: 1}"], when="[{hand_size: {who: self, max: 0}}]",
                   hand_a=", {id: extra, card: Sangan}")
    assert result.steps[0].reason == "condition_not_met"


def test_hand_size_of_the_opponent_reads_the_opponents_hand():
    low = probe(["{draw: 1}"], when="[{hand_size: {who: opponent, min: 2}}]")
    high = probe(["{draw: 1}"], when="[{hand_size: {who: opponent, min: 3}}]")
    assert low.steps[0].reason is None and high.steps[0].reason == "condition_not_met"


@pytest.mark.parametrize("condition, words", [
    ({"hand_size": {"who": "everyone", "max": 1}}, "who is self or opponent"),
    ({"hand_size": {"who": "self"}}, "hand_size takes"),
    ({"hand_size": {"max": -1}}, "whole numbers"),
])
def test_a_malformed_hand_size_condition_is_reported_when_the_card_loads(condition, words):
    assert words in check_card_spec({"when": [condition], "resolve": []})


# --- every monster face-down --------------------------------------------------------------

MONSTERS_A = "[{id: ma, card: Sangan, position: attack}]"
MONSTERS_B = "[{id: mb, card: Venom Snake, position: attack}, " \
             "{id: mb2, card: Giant Soldier of Stone, position: defense, face: down}]"


def test_flip_face_down_all_turns_every_face_up_monster_face_down_and_counts_them():
    result = probe(["{flip_face_down: all}", "{gain_lp: {per: flipped, each: 100}}"],
                   monsters_a=MONSTERS_A, monsters_b=MONSTERS_B)
    cards = result.duel.cards
    assert all(not cards[i].face_up and cards[i].position == "defense"
               for i in ("ma", "mb", "mb2"))
    assert result.duel.players["A"].lp == 8200  # 2 were face-up; the face-down one is no change


def test_flip_face_down_with_a_side_reaches_only_that_sides_monsters():
    result = probe(["{flip_face_down: {side: opponent}}"],
                   monsters_a=MONSTERS_A, monsters_b=MONSTERS_B)
    assert result.duel.cards["ma"].face_up and not result.duel.cards["mb"].face_up


# --- damage counted for each player ---------------------------------------------------------

def test_damage_per_their_monsters_is_counted_for_each_player_and_dealt_at_once():
    result = probe(["{damage: {to: both, amount: {per: {zone: monsters, side: their}, "
                    "each: 500}}}"], monsters_a=MONSTERS_A, monsters_b=MONSTERS_B)
    assert (result.duel.players["A"].lp, result.duel.players["B"].lp) == (7500, 7000)


def test_an_amount_that_changes_as_it_is_read_is_read_once_for_all_players():
    result = probe(["{damage: {to: both, amount: doubling}}"])
    assert (result.duel.players["A"].lp, result.duel.players["B"].lp) == (7700, 7700)


def test_a_per_player_amount_where_no_player_is_reached_is_a_script_error():
    with pytest.raises(ScenarioError, match="counts for each player"):
        probe(["{gain_lp: {per: {zone: monsters, side: their}, each: 500}}"])


# --- destroying many cards ------------------------------------------------------------------

def test_destroy_all_remembers_whose_each_destroyed_card_was():
    result = probe(["{destroy_all: monsters}",
                    "{damage: {to: both, amount: {per: destroyed, side: their, each: 300}}}"],
                   monsters_a=MONSTERS_A, monsters_b=MONSTERS_B)
    assert (result.duel.players["A"].lp, result.duel.players["B"].lp) == (7700, 7400)


def test_a_face_up_card_that_cannot_be_destroyed_by_effects_stays_and_is_not_counted():
    sturdy = "[{id: sturdy, card: Sturdy Probe, position: attack}, " \
             "{id: snake, card: Venom Snake, position: attack}]"
    result = probe(["{destroy_all: monsters}", "{draw: {count: {per: destroyed, each: 1}}}"],
                   monsters_b=sturdy)
    assert result.duel.cards["sturdy"].zone == "monsters"
    assert result.duel.cards["snake"].zone == "graveyard"
    assert zone(result, "A", "hand") == ["a1"]  # 1 card destroyed: 1 card drawn


def test_a_face_down_card_printed_indestructible_is_destroyed():
    hidden = "[{id: sturdy, card: Sturdy Probe, position: defense, face: down}]"
    result = probe(["{destroy_all: monsters}"], monsters_b=hidden)
    assert result.duel.cards["sturdy"].zone == "graveyard"


def test_destruction_damage_for_each_destroyed_card_goes_to_its_controller():
    monsters_b = "[{id: soldier, card: Kingdom Soldier, position: attack, column: 0}]"
    monsters_a = "[{id: wolf, card: Kingdom Wolf, position: attack, column: 1}]"
    result = probe(["{destroy_all: monsters}", "{destruction_damage: destroyed}"],
                   monsters_a=monsters_a, monsters_b=monsters_b, lp_a=2000, lp_b=2000,
                   format="kingdom-duels")
    # Kingdom Duels: half of each monster's ATK (Wolf 1500, Soldier 1400)
    assert (result.duel.players["A"].lp, result.duel.players["B"].lp) == (1250, 1300)


@pytest.mark.parametrize("step, words", [
    ({"mill": {"who": "opponent"}}, "mill needs count"),
    ({"mill": {"who": "everyone", "count": 1}}, "who is self, opponent or both"),
    ({"send_from_deck": {"count": 0}}, "count is a whole number"),
    ({"flip_face_down": "everything"}, "takes target, all"),
    ({"destruction_damage": "all"}, "takes target, self, that_monster, attacker or destroyed"),
])
def test_a_malformed_deck_or_mass_effect_is_reported_when_the_card_loads(step, words):
    assert words in (check_card_spec({"resolve": [step]}) or "")
