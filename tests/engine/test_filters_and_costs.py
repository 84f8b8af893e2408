"""Filters on targets, materials and costs (scenarios/engine/card_filters.py): one reading of a
filter wherever a card writes it (Level exactly, at most or at least; who controls and who owns
a card), Fusion Materials by Type or Attribute, every kind of cost (LP, discard, Tribute,
banish, send to the Graveyard), a summon procedure that Tributes the opponent's monsters, and
a clear refusal of each badly written one at its card."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.card_filters import filter_problem
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel
from scenarios.engine.rulesets.deck_masters import DeckMastersDuel

from .conftest import parameters

CARDS = textwrap.dedent("""\
    - {name: Probe Wolf, kind: monster, subtype: normal, attribute: EARTH, race: Beast, level: 4,
       atk: 1600, def: 1000}
    - {name: Probe Hawk, kind: monster, subtype: normal, attribute: WIND, race: Winged Beast,
       level: 3, atk: 1200, def: 800}
    - {name: Probe Titan, kind: monster, subtype: normal, attribute: EARTH, race: Rock, level: 7,
       atk: 2600, def: 2000}
    - name: Probe Chimera
      kind: monster
      subtype: fusion
      attribute: EARTH
      race: Beast
      level: 6
      atk: 2400
      def: 2000
      materials: [{race: Beast, count: 1}, {attribute: WIND}]
    - name: Probe Fusion
      kind: spell
      subtype: normal
      activation:
        resolve: [{fusion_summon: {}}]
    - name: Probe Hunt
      kind: spell
      subtype: normal
      activation:
        target: {card: monster, level_min: 4, level_max: 6, owner: own, side: opponent}
        resolve: [{destroy: target}]
    - name: Probe Level Four
      kind: spell
      subtype: normal
      activation:
        target: {card: monster, level: 4}
        resolve: [{destroy: target}]
    - name: Probe Exile Rite
      kind: spell
      subtype: normal
      activation:
        cost: [{banish: {from: graveyard, count: 2, filter: {race: Beast}}}]
        resolve: [{draw: 1}]
    - name: Probe Pyre
      kind: spell
      subtype: normal
      activation:
        cost: [{send_to_graveyard: {filter: {kind: monster, level_max: 4}}}]
        resolve: [{draw: 1}]
    - name: Probe Toll
      kind: spell
      subtype: normal
      activation:
        cost: [{discard: {count: 1, filter: {kind: monster}}}, {pay_lp: 500}]
        resolve: [{draw: 2}]
    - name: Probe Offering
      kind: spell
      subtype: normal
      activation:
        cost: [{tribute: {count: 2}}]
        resolve: [{draw: 2}]
    - name: Probe Purge
      kind: spell
      subtype: normal
      activation:
        resolve: [{destroy_all: {card: monster, owner: own}}]
    - name: Probe Grave Ward
      kind: monster
      subtype: effect
      attribute: DARK
      race: Zombie
      level: 3
      atk: 800
      def: 1200
      effects:
        - ignition:
            cost: [{banish: self}]
            resolve: [{gain_lp: 500}]
          from: graveyard
    - name: Probe Golem
      kind: monster
      subtype: effect
      attribute: FIRE
      race: Fiend
      level: 8
      atk: 3000
      def: 2500
      summon_condition: {cannot_normal_summon: true}
      procedure: {tribute: {count: 2, side: opponent}}
    """)


def scenario_text(a_zones, b_zones, steps, fmt="core", cards=CARDS):
    """A probe scenario: the cards above (or `cards`), each player's zones, the steps."""
    return textwrap.dedent("""\
        slug: filter-probe
        format: {fmt}
        rule: core/chains#costs-at-activation
        title: A filter probe
        narrative: A card reads a filter.
        cards:
        {cards}setup:
          turn: {{number: 3, player: A, phase: main1}}
          players:
            A: {{lp: 8000, deck: 5, {a}}}
            B: {{lp: 8000, deck: 5, {b}}}
        steps:
        {steps}
        expect: {{turn: 3}}
        """).format(fmt=fmt, cards="@CARDS@", a=a_zones, b=b_zones,
                    steps="\n".join(f"  - {step}" for step in steps)) \
        .replace("@CARDS@", "\n" + textwrap.indent(cards, "  "))


def replayed(a_zones, b_zones, steps, fmt="core", duel=Duel, cards=CARDS):
    scenario = parse_scenario(scenario_text(a_zones, b_zones, steps, fmt, cards), "probe.yaml",
                              formats={fmt})
    return replay(scenario, duel, default_catalog(), params=parameters(fmt), keep_going=True)


def refusals(result):
    return [step.reason for step in result.steps]


def zone(result, card_id):
    return result.duel.card(card_id).zone


RESOLVE = ["{player: B, pass: true}", "{player: A, pass: true}"]


# --- filters on targets -----------------------------------------------------------------------

def test_a_target_by_level_range_and_owner_takes_the_monster_the_opponent_took():
    result = replayed(
        "hand: [{id: hunt, card: Probe Hunt}]",
        "monsters: [{id: lent, card: Probe Wolf, position: attack, owner: A},"
        " {id: theirs, card: Probe Wolf, position: attack}]",
        ["{player: A, activate: hunt, target: theirs}",
         "{player: A, activate: hunt, target: lent}", *RESOLVE])
    assert refusals(result) == ["invalid_target", None, None, None]
    assert zone(result, "lent") == "graveyard"


def test_a_target_by_level_refuses_a_monster_outside_the_range():
    result = replayed(
        "hand: [{id: hunt, card: Probe Hunt}]",
        "monsters: [{id: titan, card: Probe Titan, position: attack, owner: A},"
        " {id: hawk, card: Probe Hawk, position: attack, owner: A}]",
        ["{player: A, activate: hunt, target: titan}", "{player: A, activate: hunt, target: hawk}"])
    assert refusals(result) == ["invalid_target", "invalid_target"]


def test_an_exact_level_takes_only_that_level():
    result = replayed(
        "hand: [{id: four, card: Probe Level Four}]",
        "monsters: [{id: hawk, card: Probe Hawk, position: attack},"
        " {id: wolf, card: Probe Wolf, position: attack}]",
        ["{player: A, activate: four, target: hawk}", "{player: A, activate: four, target: wolf}",
         *RESOLVE])
    assert refusals(result)[:2] == ["invalid_target", None]
    assert zone(result, "wolf") == "graveyard"


def test_an_owner_filter_reaches_the_cards_a_player_owns_whoever_controls_them():
    result = replayed(
        "hand: [{id: purge, card: Probe Purge}],"
        " monsters: [{id: mine, card: Probe Wolf, position: attack}]",
        "monsters: [{id: lent, card: Probe Wolf, position: attack, owner: A},"
        " {id: theirs, card: Probe Wolf, position: attack}]",
        ["{player: A, activate: purge}", *RESOLVE])
    assert (zone(result, "mine"), zone(result, "lent"), zone(result, "theirs")) == \
        ("graveyard", "graveyard", "monsters")


# --- Fusion Materials by Type and Attribute ---------------------------------------------------

def test_fusion_materials_by_type_and_attribute():
    result = replayed(
        "hand: [{id: fuse, card: Probe Fusion}, {id: wolf, card: Probe Wolf},"
        " {id: hawk, card: Probe Hawk}, {id: titan, card: Probe Titan}],"
        " extra_deck: [{id: chimera, card: Probe Chimera}]",
        "monsters: []",
        ["{player: A, activate: fuse, select: {fusion: chimera}, materials: [wolf, titan]}",
         "{player: A, activate: fuse, select: {fusion: chimera}, materials: [hawk, wolf]}",
         *RESOLVE])
    assert refusals(result)[:2] == ["invalid_fusion", None]
    assert zone(result, "chimera") == "monsters"
    assert {zone(result, "wolf"), zone(result, "hawk")} == {"graveyard"}


def test_a_material_that_could_fill_either_requirement_is_matched_to_the_free_one():
    # a WIND Beast: it is the WIND material when the other is a Beast without WIND
    cards = CARDS.replace("attribute: WIND, race: Winged Beast,", "attribute: WIND, race: Beast,")
    result = replayed(
        "hand: [{id: fuse, card: Probe Fusion}, {id: wolf, card: Probe Wolf},"
        " {id: hawk, card: Probe Hawk}], extra_deck: [{id: chimera, card: Probe Chimera}]",
        "monsters: []",
        ["{player: A, activate: fuse, select: {fusion: chimera}, materials: [hawk, wolf]}",
         *RESOLVE], cards=cards)
    assert refusals(result) == [None, None, None]
    assert zone(result, "chimera") == "monsters"


# --- every kind of cost -----------------------------------------------------------------------

def test_a_banish_cost_takes_matching_cards_from_the_graveyard():
    result = replayed(
        "hand: [{id: rite, card: Probe Exile Rite}],"
        " graveyard: [{id: w1, card: Probe Wolf}, {id: w2, card: Probe Wolf},"
        " {id: hawk, card: Probe Hawk}]",
        "monsters: []",
        ["{player: A, activate: rite, select: {banish: [w1, hawk]}}",
         "{player: A, activate: rite, select: {banish: [w1, w2]}}", *RESOLVE])
    assert refusals(result) == ["cannot_pay_cost", None, None, None]
    assert (zone(result, "w1"), zone(result, "w2"), zone(result, "hawk")) == \
        ("banished", "banished", "graveyard")


def test_a_banish_cost_never_takes_the_opponents_graveyard():
    result = replayed(
        "hand: [{id: rite, card: Probe Exile Rite}], graveyard: [{id: w1, card: Probe Wolf}]",
        "graveyard: [{id: w2, card: Probe Wolf}]",
        ["{player: A, activate: rite, select: {banish: [w1, w2]}}"])
    assert refusals(result) == ["cannot_pay_cost"]
    assert zone(result, "w1") == "graveyard"  # a refused step changes nothing


def test_a_send_cost_takes_a_monster_from_the_field():
    result = replayed(
        "hand: [{id: pyre, card: Probe Pyre}],"
        " monsters: [{id: titan, card: Probe Titan, position: attack},"
        " {id: wolf, card: Probe Wolf, position: attack}]",
        "monsters: [{id: rival, card: Probe Wolf, position: attack}]",
        ["{player: A, activate: pyre, select: {send_to_graveyard: titan}}",
         "{player: A, activate: pyre, select: {send_to_graveyard: rival}}",
         "{player: A, activate: pyre, select: {send_to_graveyard: wolf}}", *RESOLVE])
    assert refusals(result)[:3] == ["cannot_pay_cost", "cannot_pay_cost", None]
    assert zone(result, "wolf") == "graveyard" and zone(result, "rival") == "monsters"


def test_a_discard_cost_with_a_filter_and_an_lp_cost_are_paid_together():
    result = replayed(
        "hand: [{id: toll, card: Probe Toll}, {id: hunt, card: Probe Hunt},"
        " {id: wolf, card: Probe Wolf}]",
        "monsters: []",
        ["{player: A, activate: toll, select: {discard: hunt}}",
         "{player: A, activate: toll, select: {discard: wolf}}", *RESOLVE])
    assert refusals(result) == ["cannot_pay_cost", None, None, None]
    assert zone(result, "wolf") == "graveyard" and result.duel.players["A"].lp == 7500


def test_a_tribute_cost_of_two_needs_two_different_monsters():
    steps = ["{player: A, activate: offer, select: {tribute: [wolf, titan]}}", *RESOLVE]
    result = replayed(
        "hand: [{id: offer, card: Probe Offering}],"
        " monsters: [{id: wolf, card: Probe Wolf, position: attack},"
        " {id: titan, card: Probe Titan, position: attack}]",
        "monsters: []", steps)
    assert refusals(result) == [None, None, None]
    assert zone(result, "wolf") == zone(result, "titan") == "graveyard"


def test_a_tribute_cost_scripted_with_one_monster_for_two_is_a_script_error():
    with pytest.raises(ScenarioError) as raised:
        replayed("hand: [{id: offer, card: Probe Offering}],"
                 " monsters: [{id: wolf, card: Probe Wolf, position: attack}]",
                 "monsters: []", ["{player: A, activate: offer, select: {tribute: wolf}}"])
    assert "2 different cards for 'tribute'" in raised.value.message
    assert raised.value.field == "steps[0].select"


# --- a summon procedure that Tributes the opponent's monsters ---------------------------------

GOLEM_A = "hand: [{id: golem, card: Probe Golem}], monsters: [{id: mine, card: Probe Wolf, " \
          "position: attack}]"
GOLEM_B = "monsters: [{id: b1, card: Probe Wolf, position: attack}, {id: b2, card: Probe Hawk, " \
          "position: attack}]"


def test_a_procedure_tributes_two_of_the_opponents_monsters():
    result = replayed(GOLEM_A, GOLEM_B,
                      ["{player: A, special_summon: golem, tributes: [mine, b1]}",
                       "{player: A, special_summon: golem, tributes: [b1, b2]}"])
    assert refusals(result) == ["wrong_tributes", None]
    assert zone(result, "golem") == "monsters" and result.duel.card("golem").controller == "A"
    assert zone(result, "b1") == zone(result, "b2") == "graveyard"
    assert zone(result, "mine") == "monsters"


def test_a_procedure_never_tributes_the_opponents_deck_master():
    result = replayed(GOLEM_A + ", deck_master: {id: dm-a, card: Summoned Skull}",
                      "deck_master: {id: dm-b, card: Sangan, position: attack},"
                      " monsters: [{id: b1, card: Probe Wolf, position: attack}]",
                      ["{player: A, special_summon: golem, tributes: [b1, dm-b]}"],
                      fmt="deck-masters", duel=DeckMastersDuel)
    assert refusals(result) == ["opponents_deck_master"]


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, words", [
    ({"levle": 4}, "unknown filter 'levle'"),
    ({"level": "four"}, "filter level takes a number"),
    ({"owner": "mine"}, "filter owner is one of own, opponent, any"),
])
def test_a_badly_written_filter_is_named(spec, words):
    assert words in filter_problem(spec, ("side", "owner"))


@pytest.mark.parametrize("old, new, field, words", [
    ("materials: [{race: Beast, count: 1}, {attribute: WIND}]",
     "materials: [{race: Beast, count: 0}]", "materials", "count is a number of materials"),
    ("materials: [{race: Beast, count: 1}, {attribute: WIND}]",
     "materials: [{colour: red}]", "materials", "unknown filter 'colour'"),
    ("cost: [{banish: {from: graveyard, count: 2, filter: {race: Beast}}}]",
     "cost: [{banish: {from: pocket}}]", "activation", "from is one of"),
    ("cost: [{tribute: {count: 2}}]", "cost: [{tribute: {filter: {side: opponent}}}]",
     "activation", "unknown filter 'side'"),
    ("cost: [{tribute: {count: 2}}]", "cost: [{pay_lp: lots}]", "activation",
     "takes a number of LP or half"),
    ("cost: [{tribute: {count: 2}}]", "cost: true", "activation", "cost is a list of costs"),
    ("procedure: {tribute: {count: 2, side: opponent}}",
     "procedure: {tribute: {count: 2, side: theirs}}", "procedure",
     "filter side is one of own, opponent, any"),
    ("target: {card: monster, level: 4}", "target: {card: monster, levle: 4}", "activation",
     "unknown filter 'levle'"),
])
def test_a_badly_written_card_is_refused_at_its_field(old, new, field, words):
    assert old in CARDS
    text = scenario_text("hand: []", "hand: []", ["{player: A, pass: true}"],
                         cards=CARDS.replace(old, new))
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(text, "probe.yaml", formats={"core"})
    assert words in raised.value.message
    assert raised.value.field.endswith(f"].{field}") and raised.value.line is not None


def test_a_procedure_that_tributes_the_opponents_monsters_cannot_take_its_own_deck_master():
    result = replayed("hand: [{id: golem, card: Probe Golem}],"
                      " deck_master: {id: dm-a, card: Summoned Skull, position: attack},"
                      " monsters: [{id: mine, card: Probe Wolf, position: attack}]",
                      "deck_master: {id: dm-b, card: Sangan},"
                      " monsters: [{id: b1, card: Probe Wolf, position: attack}]",
                      ["{player: A, special_summon: golem, tributes: [b1, dm-a]}"],
                      fmt="deck-masters", duel=DeckMastersDuel)
    assert refusals(result) == ["wrong_tributes"]  # side: opponent, and dm-a is A's own


def test_a_procedure_tributing_its_players_own_monsters_may_take_a_phalanx_teammates():
    from scenarios.engine.rulesets import RULESETS
    cards = CARDS.replace("procedure: {tribute: {count: 2, side: opponent}}",
                          "procedure: {tribute: {count: 2, side: own}}")
    text = scenario_text(
        "team: X, hand: [{id: golem, card: Probe Golem}],"
        " monsters: [{id: mine, card: Probe Wolf, position: attack}]",
        "team: X, monsters: [{id: mate, card: Probe Hawk, position: attack}]",
        ["{player: A, special_summon: golem, tributes: [mine, rival]}",
         "{player: A, special_summon: golem, tributes: [mine, mate]}"],
        fmt="tag-team-phalanx", cards=cards).replace(
        "    B: {lp: 8000, deck: 5, team: X", "    B: {deck: 5, team: X").replace(
        "    A: {lp: 8000, deck: 5, team: X", "    A: {deck: 5, team: X").replace(
        "steps:", "    C: {team: Y, deck: 5, monsters: [{id: rival, card: Probe Wolf, "
                  "position: attack}]}\n    D: {team: Y, deck: 5}\nsteps:")
    scenario = parse_scenario(text, "probe.yaml", formats={"tag-team-phalanx"})
    result = replay(scenario, RULESETS["tag-team-phalanx"], default_catalog(),
                    params=parameters("tag-team-phalanx"), keep_going=True)
    assert refusals(result) == ["wrong_tributes", None]
    assert zone(result, "mate") == "graveyard" and zone(result, "golem") == "monsters"


def test_a_graveyard_effect_can_banish_its_own_card_as_its_cost():
    """"Banish this card from your Graveyard; gain 500 LP": the card pays its own cost from
    where it is, and once banished it has nothing left to activate."""
    result = replayed("graveyard: [{id: ward, card: Probe Grave Ward}]", "monsters: []",
                      ["{player: A, activate: ward}", *RESOLVE, "{player: A, activate: ward}"])
    assert refusals(result)[:3] == [None, None, None]
    assert refusals(result)[3] is not None  # banished: no effect to activate there
    assert zone(result, "ward") == "banished"
    assert result.duel.players["A"].lp == 8500


def test_banish_self_is_the_only_word_a_banish_cost_takes():
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(scenario_text("monsters: []", "monsters: []", ["{player: A, pass: true}"],
                                     cards=CARDS.replace("[{banish: self}]",
                                                         "[{banish: itself}]")),
                       "probe.yaml", formats={"core"})
    assert "is `self` (this card) or a count, not 'itself'" in caught.value.message


@pytest.mark.parametrize("place", ["{turn: 3}", "[graveyard, {zone: hand}]", "library"])
def test_a_cost_from_a_place_that_is_not_a_zone_name_is_refused_naming_it(place):
    """`from:` takes zone names; a mapping there was a TypeError (found by the hostile-file
    fuzzing), now a clear error on the card."""
    cards = CARDS.replace("[{banish: {from: graveyard, count: 2, filter: {race: Beast}}}]",
                          f"[{{banish: {{from: {place}, count: 2}}}}]")
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(scenario_text("monsters: []", "monsters: []", ["{player: A, pass: true}"],
                                     cards=cards), "probe.yaml", formats={"core"})
    assert "from is one of" in caught.value.message
