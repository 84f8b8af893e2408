"""A deck given as a count is filled with cards the scenario does not name; they are known by a
flag set where they are made, never by their card's name, so a real, scripted copy of the same
card is an ordinary card of the outcome."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel
from scenarios.engine.scenario import FILLER_CARD

SOURCE = textwrap.dedent(f"""\
    slug: a-real-giant-soldier
    format: core
    rule: core/chains#resolving-backwards
    title: A scripted Giant Soldier of Stone waits in the Deck
    narrative: Player A's Deck holds a named Giant Soldier of Stone; B's Deck is a count.
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A:
          lp: 8000
          deck: [{{id: soldier, card: {FILLER_CARD}}}, {{id: sangan, card: Sangan}}]
        B:
          lp: 8000
          deck: 3
    steps:
      - {{player: A, phase: battle}}
    expect:
      cards:
        soldier: {{zone: deck, controller: A}}
    """)


def played():
    scenario = parse_scenario(SOURCE, "soldier.yaml", formats={"core"})
    return replay(scenario, Duel, default_catalog())


def test_a_scripted_card_named_like_the_filler_is_in_the_outcome():
    result = played()
    assert result.matches, result.message
    cards = result.outcome.facts["cards"]
    assert cards["soldier"]["name"] == FILLER_CARD and cards["soldier"]["zone"] == "deck"


def test_the_filler_cards_of_a_deck_count_are_flagged_and_left_out():
    result = played()
    fillers = [c for c in result.duel.cards.values() if c.filler]
    assert sorted(c.id for c in fillers) == ["B-deck-1", "B-deck-2", "B-deck-3"]
    assert not set(result.outcome.facts["cards"]) & {c.id for c in fillers}
    assert not result.duel.cards["soldier"].filler
    # the deck itself still counts them
    assert len(result.outcome.facts["zones"]["B"]["deck"]) == 3


def test_a_filler_flag_is_not_a_card_field_a_file_may_write():
    text = SOURCE.replace("{id: sangan, card: Sangan}", "{id: sangan, card: Sangan, filler: true}")
    with pytest.raises(ScenarioError) as caught:
        replay(parse_scenario(text, "soldier.yaml", formats={"core"}), Duel, default_catalog())
    assert "filler" in str(caught.value)
