"""`destroy_all` takes `monsters` or the filter itself (`{card: monster, level: 4}`); a filter
written wrong, or wrapped in `filter:`, is refused when the card loads, naming the key, not
with a KeyError once the effect resolves."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, parse_scenario
from scenarios.engine.rulesets import RULESETS

SOURCE = textwrap.dedent("""\
    slug: destroy-all-probe
    format: core
    rule: core/chains#resolving-backwards
    title: A sweep
    narrative: A Spell destroys the cards it describes.
    cards:
      - name: Probe Sweep
        kind: spell
        subtype: normal
        text: Destroy them all.
        activation:
          resolve: [{{destroy_all: {arg}}}]
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A: {{lp: 8000, deck: 5, hand: [{{id: sweep, card: Probe Sweep}}]}}
        B: {{lp: 8000, deck: 5}}
    steps:
      - {{player: A, activate: sweep}}
    expect: {{turn: 3}}
    """)


def loaded(arg):
    return parse_scenario(SOURCE.format(arg=arg), "probe.yaml", RULESETS)


@pytest.mark.parametrize("arg", ["monsters", "{card: monster, level: 4, position: defense}",
                                 "{card: spell, side: opponent, face: up}"])
def test_destroy_all_takes_monsters_or_a_filter(arg):
    assert loaded(arg).slug == "destroy-all-probe"


@pytest.mark.parametrize("arg, words", [
    ("{filter: {level: 4}}", "unknown filter 'filter'"),
    ("{card: monster, levle: 4}", "unknown filter 'levle'"),
    ("{card: monster, side: theirs}", "side is one of own, opponent, any"),
    ("everything", "takes monsters or a filter"),
])
def test_a_destroy_all_written_wrong_is_refused_when_the_card_loads(arg, words):
    with pytest.raises(ScenarioError) as raised:
        loaded(arg)
    assert words in raised.value.message
    assert raised.value.field.startswith("cards[0]")
