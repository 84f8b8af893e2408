"""A quiz question can ask about a real, scripted Giant Soldier of Stone in a Deck: it is a
card of the outcome like any other (filler deck cards are known by a flag, not by that name)."""
from scenarios.engine import parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel
from scenarios.quizzes.generation import Context, asks_of
from tests.engine.test_filler_cards import SOURCE


def test_a_question_can_ask_where_a_scripted_giant_soldier_is():
    scenario = parse_scenario(SOURCE, "soldier.yaml", formats={"core"})
    truth = replay(scenario, Duel, default_catalog())
    context = Context(scenario, Duel, default_catalog(), {}, truth)
    asks = {ask.name: ask for ask in asks_of(context)}
    answer = asks["card:soldier:zone"].read(truth)
    assert answer is not None and answer.value[:2] == ("deck", "A")
    assert "Giant Soldier of Stone" in asks["card:soldier:zone"].prompt
