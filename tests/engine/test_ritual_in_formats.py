"""Ritual Summons in the formats: a Ritual Monster as a Deck Master where the rules allow it
(Deck Masters) and refused where they do not (Thought Ruler Highlander), and a Ritual Summon
counted toward the Highlander Summon Limit."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.rulesets import RULESETS

from .conftest import run

CARDS = textwrap.dedent("""\
    cards:
      - {name: Probe Knight, kind: monster, subtype: ritual, attribute: LIGHT, race: Warrior,
         level: 3, atk: 2300, def: 2000}
      - name: Probe Rite
        kind: spell
        subtype: ritual
        activation:
          resolve: [{ritual_summon: {}}]
    """)
HIGHLANDER = textwrap.dedent("""\
    slug: ritual-probe
    format: thought-ruler-highlander
    rule: thought-ruler-highlander/summon-limit#extra-summon-types-count
    title: A Ritual Summon in Highlander
    narrative: A probe.
    """) + CARDS + textwrap.dedent("""\
    setup:
      turn: {number: 5, player: A, phase: main1}
      players:
        A:
          lp: 8000
          deck: 5
          DECK_MASTER
          summons_this_turn: SUMMONED
          hand: [{id: rite, card: Probe Rite}, {id: knight, card: Probe Knight},
                 {id: sangan, card: Sangan}]
        B: {lp: 8000, deck: 5}
    steps:
      - {player: A, activate: rite, select: {ritual: knight}, materials: [sangan]ILLEGAL}
    PASSES
    expect:
      summons: {A: COUNT}
    """)
PASSES = "  - {player: B, pass: true}\n  - {player: A, pass: true}"


def highlander(summoned, count, illegal="", passes=PASSES, deck_master=""):
    text = HIGHLANDER.replace("SUMMONED", str(summoned)).replace("COUNT", str(count)) \
        .replace("ILLEGAL", illegal).replace("PASSES", passes) \
        .replace("DECK_MASTER", deck_master)
    return parse_scenario(text, "ritual-probe.yaml", RULESETS)


def test_a_ritual_summon_counts_one_toward_the_highlander_limit():
    assert run(highlander(summoned=1, count=2)).differences == []


def test_at_the_highlander_limit_a_ritual_spell_cannot_be_activated():
    refused = highlander(summoned=2, count=2, illegal=", illegal: summon_limit_reached",
                         passes="")
    assert run(refused).differences == []
    assert run(refused, mutation="no-attempt:attempt-allowed").differences != []


def test_a_ritual_monster_cannot_be_a_highlander_deck_master():
    scenario = highlander(summoned=0, count=1,
                          deck_master="deck_master: {id: dm, card: Probe Knight}")
    with pytest.raises(ScenarioError) as raised:
        run(scenario)
    assert raised.value.field == "setup.players.A.deck_master.card"
    assert "Ritual Monster" in raised.value.message


def test_a_ritual_monster_can_be_a_deck_masters_deck_master_and_is_normal_there():
    text = textwrap.dedent("""\
        slug: ritual-dm-probe
        format: deck-masters
        rule: deck-masters/on-the-field#designations-erased
        title: A Ritual Monster Deck Master
        narrative: A probe.
        """) + CARDS + textwrap.dedent("""\
        setup:
          turn: {number: 3, player: A, phase: main1}
          players:
            A: {lp: 8000, deck: 5, deck_master: {id: knight, card: Probe Knight}}
            B: {lp: 8000, deck: 5, deck_master: {id: gamma, card: Gamma the Magnet Warrior}}
        steps:
          - {player: A, special_summon: knight, position: attack}
        expect:
          cards: {knight: {zone: monsters, deck_master: true, monster_type: normal}}
        """)
    assert run(parse_scenario(text, "ritual-dm-probe.yaml", RULESETS)).differences == []
